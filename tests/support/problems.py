"""The one assertion every API test makes of an error answer: RFC 9457 problem+json."""

from __future__ import annotations

from typing import Any

PROBLEM = "application/problem+json"
RELAY_PROBLEM_TYPE = "urn:cribbage-relay:problem:"


def expect_problem(response: Any, status: int, slug: str | None = None) -> dict[str, Any]:
    """Assert ``response`` is a problem document with ``status`` (and type ``slug``); return it."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body: dict[str, Any] = response.json
    assert body["status"] == status and body["title"] and body["type"]
    if slug:
        assert body["type"].endswith(slug), body
    check_registered(response)
    return body


def check_registered(response: Any) -> None:
    """Assert a problem answer's type is one of the registry's, with the registry's status
    (``tests/conftest.py`` runs this on every answer of the test client)."""
    from service.api.wire.problem_types import PROBLEM_TYPE, PROBLEM_TYPES

    if response.mimetype != PROBLEM:
        return
    body = response.get_json(silent=True)
    if body is None:  # a HEAD request's answer: the headers only
        return
    if body["type"].startswith(RELAY_PROBLEM_TYPE):  # the relay of examples/relay: its own registry
        from examples.relay.app import TITLES

        status, _ = TITLES[body["type"].removeprefix(RELAY_PROBLEM_TYPE)]
        assert status == body["status"] == response.status_code, body
        return
    slug = body["type"].removeprefix(PROBLEM_TYPE)
    assert body["type"].startswith(PROBLEM_TYPE) and slug in PROBLEM_TYPES, f"unregistered problem type: {body}"
    assert PROBLEM_TYPES[slug].status == body["status"] == response.status_code, body
    assert response.headers.get("Content-Language"), "a problem says its language"
