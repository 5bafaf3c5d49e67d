"""The host's app list and cover images."""
