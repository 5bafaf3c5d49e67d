"""Pure domain code of the host: standard library only (see tests/host/test_purity.py)."""
