"""The one assertion every API test makes of an error answer: RFC 9457 problem+json."""

from __future__ import annotations

from typing import Any

PROBLEM = "application/problem+json"


def expect_problem(response: Any, status: int, slug: str | None = None) -> dict[str, Any]:
    """Assert ``response`` is a problem document with ``status`` (and type ``slug``); return it."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body: dict[str, Any] = response.json
    assert body["status"] == status and body["title"] and body["type"]
    if slug:
        assert body["type"].endswith(slug), body
    return body
