"""Native-only pieces of the host: the native profile's adapters, TLS, logging, the uvicorn server."""
