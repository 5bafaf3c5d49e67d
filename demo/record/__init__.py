"""`python -m demo record`: a running host's real answers as mock-http fixtures.

`tour.py` is the scripted tour (which requests, in which order), `scrub.py` turns
secrets and per-install values into stable placeholders, `recorder.py` drives the
host and writes the fixtures and its OpenAPI document. Native only (httpx).
"""
