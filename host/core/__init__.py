"""Pure domain code of the host: standard library only (checked by tests/test_purity.py)."""
