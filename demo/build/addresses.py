"""Container-style service addresses (`http://api:8080`) -> demo URLs: the rewrite table.

A service whose adapter takes an `address` key (mock-http, asgi, per the registry in
demo/runtime/adapters.py) may declare the address its frontend code was written
against, or a list of them (a Compose service is reachable at its name and each
network alias with each container port, and at localhost with each published port:
demo/compose/rules.py derives them all). The page script and the worker send requests for that origin (and base
path) to `<demo root>/<target>/<rest>`, where `target` is the service's URL prefix
(`__demo/mock/<service>`). The table is decided here, at build time, and stamped into
both scripts; serviceworker/addresses.js applies it, comparing prefixes only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict
from urllib.parse import urlsplit

from demo.runtime.adapters import ADAPTERS
from demo.runtime.routes import service_prefix

__all__ = ["Address", "AddressError", "address_table", "parse_address"]

_DEFAULT_PORTS = {"http": 80, "https": 443}


class AddressError(ValueError):
    """A service address is not an http(s) origin with an optional base path."""


class Address(TypedDict):
    """One row of the rewrite table (serviceworker/contract.js `Address`)."""

    origin: str  # as the browser's URL.origin prints it: scheme://host[:port], default port dropped
    basePath: str  # always ends with "/"
    service: str
    target: str  # where requests go, relative to the demo root, e.g. "__demo/mock/api"


def parse_address(address: str, service: str, target: str) -> Address:
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
        "target": target,
    }


def address_table(services: Iterable[Mapping[str, Any]]) -> list[Address]:
    """Every service address, longest base path first (most specific wins)."""
    table = []
    for s in services:
        adapter = ADAPTERS[s["adapter"]]
        given = s.get("config", {}).get("address") if adapter.has_address else None
        target = service_prefix(adapter.family, s["name"]).lstrip("/")
        for address in [given] if isinstance(given, str) else given or []:
            table.append(parse_address(address, s["name"], target))
    seen: dict[tuple[str, str], str] = {}
    for a in table:
        key = (a["origin"], a["basePath"])
        if key in seen:
            raise AddressError(
                f"{a['service']}: address {a['origin']}{a['basePath']} is also used by {seen[key]}"
            )
        seen[key] = a["service"]
    return sorted(table, key=lambda a: len(a["basePath"]), reverse=True)
