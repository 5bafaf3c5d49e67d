"""Container-style service addresses (`http://api:8080`) -> mock URLs.

A mock-http service may declare `config.address`, the address its frontend
code was written against. The page script and the worker send requests for
that origin (and base path) to `<demo root>/__demo/mock/<service>/<rest>`.
The table is decided here, at build time, so the JavaScript only compares
prefixes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict
from urllib.parse import urlsplit

__all__ = ["Address", "AddressError", "address_table", "parse_address"]

_DEFAULT_PORTS = {"http": 80, "https": 443}


class AddressError(ValueError):
    pass


class Address(TypedDict):
    origin: str  # as the browser's URL.origin prints it: scheme://host[:port], default port dropped
    basePath: str  # always ends with "/"
    service: str


def parse_address(address: str, service: str) -> Address:
    parts = urlsplit(address.strip())
    if parts.scheme not in _DEFAULT_PORTS:
        raise AddressError(f"{service}: address {address!r} must start with http:// or https://")
    if not parts.hostname:
        raise AddressError(f"{service}: address {address!r} has no host name")
    if parts.query or parts.fragment:
        raise AddressError(f"{service}: address {address!r} must not carry a query or fragment")
    try:
        port = parts.port
    except ValueError as exc:
        raise AddressError(f"{service}: address {address!r} has a bad port") from exc
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    origin = f"{parts.scheme}://{host}"
    if port is not None and port != _DEFAULT_PORTS[parts.scheme]:
        origin += f":{port}"
    base = "/" + parts.path.strip("/")
    return {
        "origin": origin,
        "basePath": base if base.endswith("/") else base + "/",
        "service": service,
    }


def address_table(services: Iterable[Mapping[str, Any]]) -> list[Address]:
    """Every mock-http service address, longest base path first (most specific wins)."""
    table = [
        parse_address(s["config"]["address"], s["name"])
        for s in services
        if s.get("adapter") == "mock-http" and s.get("config", {}).get("address")
    ]
    seen: dict[tuple[str, str], str] = {}
    for a in table:
        key = (a["origin"], a["basePath"])
        if key in seen:
            raise AddressError(
                f"{a['service']}: address {a['origin']}{a['basePath']} is also used by {seen[key]}"
            )
        seen[key] = a["service"]
    return sorted(table, key=lambda a: len(a["basePath"]), reverse=True)
