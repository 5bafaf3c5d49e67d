"""Native build steps of the demo kit: service preparation, the address table, bundling, the site."""
