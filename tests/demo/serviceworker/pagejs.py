"""Requests made from inside a demo page (so they go through its service worker)."""

from __future__ import annotations

from typing import Any

FETCH_JS = """async ([url, init]) => {
  const response = await fetch(url, init || {});
  return {status: response.status, headers: Object.fromEntries(response.headers), text: await response.text()};
}"""

QUERY_JS = """async ([service, sql]) => {
  const response = await fetch(`__demo/db/${service}/query`, {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify({sql}),
  });
  return {status: response.status, body: await response.json()};
}"""


def fetch(page: Any, url: str, init: dict[str, Any] | None = None) -> dict[str, Any]:
    return page.evaluate(FETCH_JS, [url, init])


def query(page: Any, service: str, sql: str) -> dict[str, Any]:
    return page.evaluate(QUERY_JS, [service, sql])
