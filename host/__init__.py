"""Helio host: the control plane of a Moonlight-compatible game-streaming host.

Layout
- `host.core`: pure domain (settings, credentials, tokens, sessions, rate limit,
  network reach, origin rules, state database). Imports only the standard
  library, so it also runs inside Pyodide. `host.core.context.build_host`
  builds the services once from a profile whose adapters satisfy the
  Protocols of `host.core.ports`.
- `host.routing`: the route model (`Route`, `RouteTable`, `Access`);
  `host.routes`: the one table of the admin API, one module per resource;
  `host.dispatch`: the router that calls the entry the auth middleware
  matched; `host.app` wires them, the middleware and the lifespan into
  Starlette.
- `host.middleware`: one concern per module (reach, auth, device identity).
- `host.handlers`: the request handlers, grouped by resource.
- `host.native`: the native profile (`host.native.profile`), uvicorn + TLS,
  processes, OS probes, samplers, logging, the CLI's native pieces.
"""

# The one place the version is written: pyproject.toml reads it (setuptools dynamic),
# the API reports it, package.json is checked against it (tests/test_version.py).
__version__ = "0.1.0"
