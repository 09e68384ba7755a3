"""The headers the contract declares are the headers the service sends, and the reverse.

Live answers of every operation (its first request example, or a GET), of the refusals the
contract declares (a contract violation, a rules violation, a missing credential, a body too
large, not JSON, nothing acceptable, not ready) and of the cacheable reads' ``304``: every header
the contract declares ``required`` for that status is sent, with a value its schema takes; and
each of the headers a client reads (the request id, the language, the validator, the wait) that
is sent is declared. Schemathesis checks declared headers on what it generates as well; this
test also holds the contract to the headers it leaves out.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.support.contract import example_value, openapi_document

ROOT = Path(__file__).resolve().parents[2]
SPEC: dict[str, Any] = openapi_document()
# The headers a client reads: sent only where the contract says so.
WATCHED = ("X-Request-ID", "Content-Language", "ETag", "Retry-After")


def _named(kind: str, node: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = SPEC["components"][kind][node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else node
    return found


def declared(path: str, method: str, status: int) -> dict[str, dict[str, Any]]:
    operation = SPEC["paths"][path][method]
    assert str(status) in operation["responses"], f"{method.upper()} {path} does not declare {status}"
    response = _named("responses", operation["responses"][str(status)])
    return {name: _named("headers", header) for name, header in response.get("headers", {}).items()}


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict):
                yield path, method, operation


def exchanges(client: FlaskClient, app: Flask) -> Iterator[tuple[str, str, TestResponse]]:
    """(path, method, live answer) for every operation's success and the declared refusals."""
    for path, method, operation in operations():
        if method == "get":
            yield path, method, client.get(path)
            continue
        examples = operation["requestBody"]["content"]["application/json"]["examples"]
        body = example_value(SPEC, next(iter(examples.values())))
        yield path, method, client.post(path, json=body)
        yield path, method, client.post(path, json={"unexpected": 1})  # 400
    yield "/v1/hands/score", "post", client.post("/v1/hands/score", data=b"5S", content_type="text/plain")  # 415
    too_large = b"[" + b" " * 70_000 + b"]"  # past the 64 KiB limit: 413
    yield "/v1/hands/score", "post", client.post("/v1/hands/score", data=too_large, content_type="application/json")
    hand = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
    yield "/v1/hands/score", "post", client.post("/v1/hands/score", json=hand, headers={"Accept": "image/png"})
    yield "/v1/pegging/score", "post", client.post("/v1/pegging/score", json={"pile": ["KS", "KH", "KD"], "card": "2C"})
    started = client.post("/v1/games", json={"seat": 0, "computer": [{"seat": 1}]}).get_json()
    spectator = {"state": started["state"], "action": started["legal_actions"][0] if started["legal_actions"] else {}}
    yield "/v1/games/act", "post", client.post("/v1/games/act", json={**spectator, "seat": 0})  # 403: no credential
    for path in ("/v1/variants", "/openapi.yaml"):
        tag = client.get(path).headers["ETag"]
        for matching in (tag, f'W/{tag}, "other"', "*"):
            yield path, "get", client.get(path, headers={"If-None-Match": matching})  # 304
    checks = app.extensions.setdefault("cribbage.ready", {})

    def broken() -> str:
        raise RuntimeError("planted")

    checks["planted"] = broken
    try:
        yield "/readyz", "get", client.get("/readyz")  # 503
    finally:
        del checks["planted"]


def fits(header: dict[str, Any], value: str) -> bool:
    schema = {**header["schema"], "components": SPEC["components"]}
    typed: Any = int(value) if header["schema"].get("type") == "integer" and value.isdigit() else value
    return bool(jsonschema_rs.Draft202012Validator(schema).is_valid(typed))


@pytest.fixture(scope="module")
def answers(app: Flask) -> list[tuple[str, str, TestResponse]]:
    with app.test_client() as client:
        return list(exchanges(client, app))


def test_every_answer_sends_the_headers_the_contract_declares(answers: list[tuple[str, str, TestResponse]]) -> None:
    statuses = {(path, answer.status_code) for path, _, answer in answers}
    assert {status for _, status in statuses} >= {200, 201, 304, 400, 403, 406, 413, 415, 422, 503}
    for path, method, answer in answers:
        for name, header in declared(path, method, answer.status_code).items():
            value = answer.headers.get(name)
            if header.get("required"):
                assert value is not None, f"{method.upper()} {path} {answer.status_code}: no {name}"
            if value is not None:
                assert fits(header, value), f"{method.upper()} {path} {answer.status_code}: {name}: {value!r}"


def test_the_headers_a_client_reads_are_declared_where_they_are_sent(
    answers: list[tuple[str, str, TestResponse]],
) -> None:
    for path, method, answer in answers:
        names = set(declared(path, method, answer.status_code))
        sent = {name for name in WATCHED if name in answer.headers}
        assert sent <= names, f"{method.upper()} {path} {answer.status_code} sends {sent - names} undeclared"
