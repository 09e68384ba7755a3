"""Request and answer schemas apart, where a default would make them disagree.

A typed client generator reads ``default`` as "always present": openapi-typescript (with its
default settings) makes a member with a ``default`` of its own required, which is right for an
answer the server fills in and wrong for a request that may leave the member out. So:

* no schema reachable from a request body *and* from an answer holds a ``default`` anywhere in
  it (a request's ``ComputerSeat`` may leave ``level`` out; an answer's ``ComputerPlayer``
  always has it): the two are separate schemas;
* a request member's default is written one level down, ``allOf: [{default: ...}]`` beside its
  keywords (the same annotation to JSON Schema, read by :class:`~service.api.contract.Defaults`),
  never as the member's own ``default`` nor a component's, which openapi-typescript would turn
  into a required member (the README's ``computer: [{"seat": 1}]`` would not compile);
* ``credentials`` only in the answers that issue them (a game's start and a match's next game).

Both walks are tried on planted mistakes too, so a walk that finds nothing is not mistaken for a
contract that has nothing to find.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from tests.support.contract import openapi_document

SPEC: dict[str, Any] = openapi_document()
PREFIX = "#/components/schemas/"


def refs(node: Any) -> Iterator[str]:
    """The components ``node`` refers to, at any depth (examples are data, not schemas)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(PREFIX):
                yield value[len(PREFIX) :]
            elif key not in ("example", "examples"):
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def reachable(spec: dict[str, Any], roots: list[Any]) -> set[str]:
    schemas = spec["components"]["schemas"]
    seen: set[str] = set()
    todo = [name for root in roots for name in refs(root)]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(refs(schemas[name]))
    return seen


def operations(spec: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for item in spec["paths"].values():
        yield from (operation for operation in item.values() if isinstance(operation, dict))


def answers(spec: dict[str, Any], operation: dict[str, Any]) -> Iterator[dict[str, Any]]:
    named = spec["components"].get("responses", {})
    for response in operation.get("responses", {}).values():
        yield named[response["$ref"].rsplit("/", 1)[1]] if "$ref" in response else response


def sides(spec: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The components a request body reaches, and those an answer (body or header) reaches."""
    requests = [op["requestBody"] for op in operations(spec) if "requestBody" in op]
    responses = [answer for op in operations(spec) for answer in answers(spec, op)]
    return reachable(spec, requests), reachable(spec, responses)


def defaults_in(node: Any, path: str = "") -> Iterator[str]:
    """Where ``node`` holds a ``default``, however deep (not through a ``$ref``)."""
    if isinstance(node, dict):
        if "default" in node:
            yield path
        for key, value in node.items():
            if key not in ("default", "example", "examples"):
                yield from defaults_in(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from defaults_in(value, f"{path}/{index}")


def shared_with_defaults(spec: dict[str, Any]) -> list[str]:
    """Components reachable from both a request and an answer with a default in them."""
    requests, responses = sides(spec)
    schemas = spec["components"]["schemas"]
    return sorted(f"{name}{where}" for name in requests & responses for where in defaults_in(schemas[name], ""))


def defaults_openapi_typescript_requires(spec: dict[str, Any]) -> list[str]:
    """Defaults a request reaches that openapi-typescript would read as "always present": a
    property's own ``default`` (at any depth), or a component's own."""
    requests, _ = sides(spec)
    schemas = spec["components"]["schemas"]
    found = [name for name in requests if "default" in schemas[name]]
    for name in requests:
        found += [f"{name}{where}" for where in defaults_in(schemas[name]) if where and "/allOf/" not in where]
    return sorted(found)


def test_no_schema_serves_a_request_and_an_answer_with_a_default_in_it() -> None:
    assert shared_with_defaults(SPEC) == []


def test_request_defaults_are_written_where_typed_clients_leave_the_member_optional() -> None:
    assert defaults_openapi_typescript_requires(SPEC) == []
    requests, _ = sides(SPEC)
    written = [where for name in requests for where in defaults_in(SPEC["components"]["schemas"][name])]
    assert len(written) == 42  # every request default (test_defaults.py holds the service to each)


def test_the_walks_find_what_is_planted() -> None:
    planted = copy.deepcopy(SPEC)
    schemas = planted["components"]["schemas"]
    # An answer reusing the request's ComputerSeat, with its level's default.
    schemas["ComputerPlayer"] = {"$ref": PREFIX + "ComputerSeat"}
    # A member's own default, the form openapi-typescript makes required, in a nested request schema.
    schemas["MatchSettings"]["properties"]["length"]["default"] = 3
    # A component's own default, referred to from a request.
    schemas["CribModel"]["default"] = "uniform"
    assert shared_with_defaults(planted) == ["ComputerSeat/properties/level/allOf/0", "CribModel"]
    assert defaults_openapi_typescript_requires(planted) == ["CribModel", "MatchSettings/properties/length"]


def test_credentials_are_in_the_answers_that_issue_them_only() -> None:
    holding = {
        operation["operationId"]
        for operation in operations(SPEC)
        for answer in answers(SPEC, operation)
        for content in answer.get("content", {}).values()
        if "credentials" in reachable_properties(content["schema"])
    }
    assert holding == {"createGame", "nextGame"}
    for operation_id in holding:
        schema = answer_schema(operation_id)
        assert "credentials" in schema["required"], operation_id


def answer_schema(operation_id: str) -> dict[str, Any]:
    [operation] = [op for op in operations(SPEC) if op["operationId"] == operation_id]
    ok = next(code for code in operation["responses"] if code.startswith("2"))
    ref = operation["responses"][ok]["content"]["application/json"]["schema"]["$ref"]
    found: dict[str, Any] = SPEC["components"]["schemas"][ref[len(PREFIX) :]]
    return found


def reachable_properties(schema: dict[str, Any]) -> set[str]:
    """The top-level members an answer's schema (a component) names."""
    if "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"][len(PREFIX) :]]
    return set(schema.get("properties", {}))
