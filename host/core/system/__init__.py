"""The host process itself: restart and quit, updates, and what /api/metadata reports."""
