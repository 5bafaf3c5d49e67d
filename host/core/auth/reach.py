"""Network reach of the console and API (`origin_web_ui_allowed`).

pc: loopback only. lan: loopback, RFC 1918, link-local, CGNAT 100.64/10,
IPv6 ULA fc00::/7 and link-local fe80::/10. wan: anyone.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

__all__ = ["is_loopback", "peer_address", "reach_allows"]

_LAN_NETWORKS = tuple(
    ipaddress.ip_network(net)
    for net in (
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "169.254.0.0/16",
        "100.64.0.0/10",
        "fc00::/7",
        "fe80::/10",
    )
)


def _parse(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # drop an IPv6 zone id
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def peer_address(scope: Mapping[str, Any]) -> str:
    """The TCP peer of an ASGI request ("" when the server knows none).

    Never a forwarded header: X-Forwarded-For must not move anyone into `pc` reach.
    """
    client = scope.get("client")
    return str(client[0]) if client else ""


def is_loopback(address: str) -> bool:
    ip = _parse(address)
    return ip is not None and ip.is_loopback


def reach_allows(level: str, address: str) -> bool:
    """Whether a peer at `address` may use the console under reach `level`."""
    if level == "wan":
        return True
    ip = _parse(address)
    if ip is None:
        return False  # an unknown peer (no address) is never trusted as local
    if ip.is_loopback:
        return True
    return level == "lan" and any(ip in net for net in _LAN_NETWORKS)
