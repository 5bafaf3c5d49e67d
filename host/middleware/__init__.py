"""ASGI middleware of the host, one concern per module: reach, the auth choke point
(`auth`, composing `origin`, `authentication`, `policy`, `csrf`), device identity."""
