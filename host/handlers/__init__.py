"""Request handlers, one module per resource group; wired by `host.routes`."""
