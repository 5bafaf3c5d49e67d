"""Native build steps of the demo kit (site builder, service preparation, dev server)."""
