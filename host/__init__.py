"""Helio host: the control plane of a Moonlight-compatible game-streaming host.

Layout
- `host.core`: pure domain (settings, credentials, tokens, sessions, rate limit,
  network reach, origin rules, state database). Imports only the standard
  library, so it also runs inside Pyodide.
- `host.routes`: the one route table; `host.app` wires it into Starlette.
- `host.middleware`: one concern per module (errors, reach, auth).
- `host.handlers`: the request handlers, grouped by resource.
- `host.native`: uvicorn + TLS, logging, the CLI's native pieces.
"""

__version__ = "0.1.0"
