"""Display outputs, their saved layouts, EDID and ICC profiles."""
