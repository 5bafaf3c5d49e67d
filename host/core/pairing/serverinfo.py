"""`/serverinfo` and the other XML answers Moonlight clients parse.

Moonlight reads `<root status_code="200">` and child elements by name; the
`appversion` major number (7) selects SHA-256 pairing, and `state` ending in
`_SERVER_BUSY` means a stream is running. `HardwareMetricsVersion` is the
capability discovery of spec/hardware-metrics.md.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from host.core.state import StateDB

__all__ = ["APP_VERSION", "GFE_VERSION", "ServerInfo", "host_uniqueid", "xml_answer"]

APP_VERSION = "7.1.431.-1"  # generation 7: Moonlight pairs with SHA-256
GFE_VERSION = "3.23.0.74"
# H.264 only: the streaming engine is out of scope, so nothing more is claimed.
CODEC_MODE_SUPPORT = 1
_UNIQUEID_KEY = "host_uniqueid"


def host_uniqueid(db: StateDB) -> str:
    """This host's stable identifier, made on first use and stored in the state database."""
    value = db.get_json(_UNIQUEID_KEY)
    if not isinstance(value, str):
        value = str(uuid.uuid4()).upper()
        db.set_json(_UNIQUEID_KEY, value)
    return value


def xml_answer(
    status_code: int = 200, status_message: str | None = None, **children: object
) -> str:
    """`<root status_code="…">` with one element per keyword (values escaped)."""
    attributes = f' status_code="{status_code}"'
    if status_message is not None:
        attributes += f" status_message={quoteattr(status_message)}"
    body = "".join(f"<{name}>{escape(str(value))}</{name}>" for name, value in children.items())
    return f'<?xml version="1.0" encoding="utf-8"?>\n<root{attributes}>{body}</root>'


@dataclass(frozen=True)
class ServerInfo:
    hostname: str
    uniqueid: str
    https_port: int
    http_port: int
    mac: str
    local_ip: str
    paired: bool
    busy: bool
    current_game: int
    hardware_metrics_version: int

    def to_xml(self) -> str:
        return xml_answer(
            200,
            hostname=self.hostname,
            appversion=APP_VERSION,
            GfeVersion=GFE_VERSION,
            uniqueid=self.uniqueid,
            HttpsPort=self.https_port,
            ExternalPort=self.http_port,
            MaxLumaPixelsHEVC=0,
            mac=self.mac,
            LocalIP=self.local_ip,
            ServerCodecModeSupport=CODEC_MODE_SUPPORT,
            PairStatus=1 if self.paired else 0,
            currentgame=self.current_game,
            state="SUNSHINE_SERVER_BUSY" if self.busy else "SUNSHINE_SERVER_FREE",
            HardwareMetricsVersion=self.hardware_metrics_version,
        )
