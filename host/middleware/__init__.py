"""ASGI middleware of the host, one concern per module."""
