"""Benchmarks: `python -m bench [NAME ...]` (see bench/__main__.py for the list)."""
