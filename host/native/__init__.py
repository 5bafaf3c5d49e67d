"""Native-only pieces of the host: TLS, logging, the uvicorn server and the CLI."""
