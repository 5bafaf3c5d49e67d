"""Does a request carry the credentials its operation asks for? (Prism's security check)

The requirements are the operation's `security`, else the document's. Any one
requirement object satisfied is enough; within it every scheme must be present.
Any value is accepted (it is a mock): an `apiKey` needs its header, query parameter
or cookie; `http` needs `Authorization: <scheme> ...` (Basic, Bearer, ...);
`oauth2` and `openIdConnect` need a bearer token; `mutualTLS` cannot be seen from
inside the page and counts as present. An empty requirement (`{}`) or an empty list
means no credentials are needed.

A missing credential is answered 401 with `WWW-Authenticate` naming the schemes
that use that header (Basic, Bearer, ...).
"""

from __future__ import annotations

from typing import Any

from .openapi import resolve
from .request_check import IncomingRequest

__all__ = ["missing_credentials"]


def _present(document: dict[str, Any], name: str, request: IncomingRequest) -> bool:
    schemes = ((document.get("components") or {}).get("securitySchemes")) or {}
    scheme = resolve(document, schemes.get(name))
    if not isinstance(scheme, dict):
        return True  # an undefined scheme cannot be asked for; the build did not refuse it
    kind = scheme.get("type")
    authorization = request.headers.get("authorization", "").strip()
    if kind == "apiKey":
        key, place = str(scheme.get("name", "")), scheme.get("in")
        if place == "header":
            return key.lower() in request.headers
        if place == "query":
            return key in request.query
        if place == "cookie":
            return key in request.cookies
        return True
    if kind == "http":
        wanted = str(scheme.get("scheme", "")).lower()
        given, _, value = authorization.partition(" ")
        return given.lower() == wanted and bool(value.strip())
    if kind in ("oauth2", "openIdConnect"):
        given, _, value = authorization.partition(" ")
        return given.lower() == "bearer" and bool(value.strip())
    return True


def _challenge(document: dict[str, Any], name: str) -> str | None:
    schemes = ((document.get("components") or {}).get("securitySchemes")) or {}
    scheme = resolve(document, schemes.get(name))
    if not isinstance(scheme, dict):
        return None
    if scheme.get("type") == "http":
        word = str(scheme.get("scheme", "")).capitalize()
        return f'{word} realm="*"' if word == "Basic" else word or None
    if scheme.get("type") in ("oauth2", "openIdConnect"):
        return "Bearer"
    return None


def missing_credentials(
    document: dict[str, Any], operation: dict[str, Any], request: IncomingRequest
) -> str | None:
    """None when the request may pass, else the `WWW-Authenticate` value ("" for none)."""
    requirements = operation.get("security", document.get("security"))
    if not isinstance(requirements, list) or not requirements:
        return None
    for requirement in requirements:
        if not isinstance(requirement, dict) or all(
            _present(document, name, request) for name in requirement
        ):
            return None
    challenges = [
        challenge
        for requirement in requirements
        for name in requirement
        if (challenge := _challenge(document, name)) is not None
    ]
    return ", ".join(dict.fromkeys(challenges))
