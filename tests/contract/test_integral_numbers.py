"""An integer written ``1.0``, ``1E0`` or ``-0.0`` is the integer it names, in every operation.

JSON Schema counts an integral number as an integer whatever its spelling, so the contract
accepts ``"seat": 0.0`` wherever it takes ``"seat": 0``. The expectation is the service's own
answer to the same body with the plain integer: each integer of each request is sent again
as a fraction and as an exponent (one at a time, then all at once), through the express lane
and through Flask, and the two answers must be the same status and the same bytes.

The integer fields come from the contract: every ``type: integer`` under every request body.
The bodies are the contract's request examples, with the defaults the contract states filled
in, plus :data:`EXTRA` for the fields that neither reaches; a test fails when an integer field
of the contract is left out, so a new one needs a body here.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Config
from service.api.contract import SPEC, ContractViolation
from tests.support.contract import example_value, openapi_document
from tests.support.keys import TEST_STATE_KEY
from tests.support.openapi_examples import deterministic_games

DOCUMENT = openapi_document()
SCHEMAS = DOCUMENT["components"]["schemas"]
MARK = "\u0000integer\u0000"  # stands for the number being respelled while the body is written


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SCHEMAS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _subschemas(schema: dict[str, Any]) -> Iterator[dict[str, Any]]:
    schema = _resolve(schema)
    yield schema
    for keyword in ("oneOf", "anyOf", "allOf"):
        for sub in schema.get(keyword, []):
            yield from _subschemas(sub)


def _types(schema: dict[str, Any]) -> set[str]:
    kind = schema.get("type", ())
    return {kind} if isinstance(kind, str) else set(kind)


def integer_paths(schema: dict[str, Any], path: str = "", seen: frozenset[str] = frozenset()) -> Iterator[str]:
    """The JSON paths under ``schema`` that take an integer (``*`` an array item, ``?`` a map value)."""
    for sub in _subschemas(schema):
        if "integer" in _types(sub):
            yield path
        for name, prop in sub.get("properties", {}).items():
            ref = prop.get("$ref", "")
            if ref not in seen:
                yield from integer_paths(prop, f"{path}/{name}", seen | {ref})
        if isinstance(sub.get("items"), dict):
            yield from integer_paths(sub["items"], f"{path}/*", seen)
        if isinstance(sub.get("additionalProperties"), dict):
            yield from integer_paths(sub["additionalProperties"], f"{path}/?", seen)


def number_paths(schema: dict[str, Any], path: str = "") -> Iterator[str]:
    for sub in _subschemas(schema):
        if "number" in _types(sub):
            yield path
        for name, prop in sub.get("properties", {}).items():
            yield from number_paths(prop, f"{path}/{name}")
        if isinstance(sub.get("items"), dict):
            yield from number_paths(sub["items"], f"{path}/*")
        if isinstance(sub.get("additionalProperties"), dict):
            yield from number_paths(sub["additionalProperties"], f"{path}/?")


def integers_in(value: Any, path: str = "", where: tuple[Any, ...] = ()) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """``(path, location)`` of every integer in a body (a location is the keys and indexes to it)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path, where
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from integers_in(item, f"{path}/{key}", (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from integers_in(item, f"{path}/*", (*where, index))


def _map_paths(value: Any, schema: dict[str, Any], path: str = "") -> Iterator[tuple[str, str]]:
    """Paths of a body whose keys are a map's (``additionalProperties``) spelled with ``?``:
    ``(path as in the body, path as in the contract)``."""
    subs = list(_subschemas(schema))
    if isinstance(value, dict):
        for key, item in value.items():
            named = [sub["properties"][key] for sub in subs if key in sub.get("properties", {})]
            mapped = [sub["additionalProperties"] for sub in subs if isinstance(sub.get("additionalProperties"), dict)]
            for sub, shown in [(s, key) for s in named] + [(s, "?") for s in mapped]:
                for body_path, contract_path in _map_paths(item, sub, f"{path}/{key}"):
                    yield body_path, contract_path.replace(f"{path}/{key}", f"{path}/{shown}", 1)
                yield f"{path}/{key}", f"{path}/{shown}"
    elif isinstance(value, list):
        for item in value:
            for sub in subs:
                if isinstance(sub.get("items"), dict):
                    yield from _map_paths(item, sub["items"], f"{path}/*")


def contract_paths(body: Any, schema: dict[str, Any]) -> set[str]:
    """The contract paths of the integers in ``body``."""
    renamed = dict(_map_paths(body, schema))
    out = set()
    for path, _ in integers_in(body):
        for body_path in sorted(renamed, key=len, reverse=True):
            if path == body_path or path.startswith(body_path + "/"):
                path = renamed[body_path] + path[len(body_path) :]
                break
        out.add(path)
    return out


def with_defaults(body: Any, schema: dict[str, Any]) -> Any:
    """``body`` with every member the contract gives a default written out (objects it leaves
    out created when nothing in them is required), where the body still fits the contract."""
    if not isinstance(body, dict):
        return body
    out = dict(body)
    resolved_schema = _resolve(schema)  # not into a oneOf: a default of one form would break the others
    for sub in [resolved_schema, *map(_resolve, resolved_schema.get("allOf", []))]:
        for name, prop in sub.get("properties", {}).items():
            resolved = _resolve(prop)
            declared = [part["default"] for part in prop.get("allOf", []) if "default" in part]
            if name not in out and declared:  # the contract writes a default one level down (contract.Defaults)
                out[name] = copy.deepcopy(declared[0])
            elif name not in out and "object" in _types(resolved) and not resolved.get("required"):
                out[name] = {}
            if name in out:
                out[name] = with_defaults(out[name], prop)
    return out


# Bodies for the integer fields that no example and no default reaches (contract-valid; the
# answer may be a refusal, and must then be the same refusal).
OPTIONS = {"options": {"target": 121, "fixed_deals": 3, "no_heels_at_or_above": 119, "skunk_lines": [91, 61, 31]}}
EXTRA: dict[str, list[dict[str, Any]]] = {
    "viewGame": [{"since_move": 0}],
    "actGame": [
        {"action": {"type": "count", "seat": 1, "claimed": 4}},
        {"action": {"type": "muggins", "seat": 1, "points": 4}},
        {"since_move": 0},
    ],
    "tournamentBracket": [{"one_in": 2}],
    "gameOutcome": [{"target": 121}],
    "tournamentStandings": [{"target": 121}],
    "tournamentCrosstable": [{"target": 121}],
    "tournamentGameLogs": [{"target": 121}],
    "tournamentSwissPairings": [{"target": 121}],
    "tournamentRatings": [{"target": 121}],
    "tournamentMatch": [{"target": 121}, {"games": [[100, 40]], "conceded": [1]}],
    "tournamentMatchStandings": [{"target": 121}],
    "tournamentElimination": [{"target": 121, "entrants": 4}],
    "eventStandings": [{"target": 121, "after_round": 1, "qualifiers": 2}],
    "eventCrosstable": [{"target": 121, "after_round": 1, "qualifiers": 2}],
    "eventPairings": [{"target": 121, "after_round": 2, "qualifiers": 2}],
    "eventCrossCheck": [{"target": 121, "after_round": 2, "qualifiers": 2}],
    "eventPlayoff": [{"target": 121, "after_round": 2}],
    "pegBoard": [{"board": {"fixed_deals": 3, "winner": 1, **OPTIONS}}],
    "scoreBoardDeal": [{"board": {"fixed_deals": 3, "winner": 1, **OPTIONS}}],
}
MATCH = {"match": {"skunk_points": 2, "double_skunk_points": 3}}
for _operation in ("createGame", "tournamentMatch", "tournamentMatchStandings", "tournamentElimination"):
    EXTRA.setdefault(_operation, []).append(MATCH)


def _merged(base: Any, extra: dict[str, Any]) -> Any:
    out = dict(base)
    for key, value in extra.items():
        # an action is one form or another: replaced whole, never mixed with the example's
        mergeable = key != "action" and isinstance(value, dict) and isinstance(out.get(key), dict)
        out[key] = _merged(out[key], value) if mergeable else value
    return out


def _operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, methods in DOCUMENT["paths"].items():
        for operation in methods.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                yield operation["operationId"], path, operation["requestBody"]["content"]["application/json"]


OPERATIONS = list(_operations())


def bodies(operation_id: str, content: dict[str, Any]) -> list[Any]:
    """The contract-valid bodies the test sends for an operation."""
    examples = [example_value(DOCUMENT, example) for example in content.get("examples", {}).values()]
    candidates = examples + [with_defaults(example, content["schema"]) for example in examples[:1]]
    takes_options = "options" in _resolve(content["schema"]).get("properties", {})
    extras = EXTRA.get(operation_id, []) + ([OPTIONS] if takes_options else [])
    candidates += [_merged(with_defaults(examples[0], content["schema"]), extra) for extra in extras]
    valid = []
    for body in candidates:
        if "seed" in _resolve(content["schema"]).get("properties", {}) and "seed" not in body:
            body = {**body, "seed": 7}  # a game dealt at random answers differently each time
        try:
            SPEC.check(operation_id, body)
        except ContractViolation:
            continue
        if body not in valid:
            valid.append(body)
    return valid


def test_no_request_takes_a_number_that_is_not_an_integer() -> None:
    # The service makes every integral float an int before the contract sees it: right only
    # while no request field takes a fraction, but for a kept rating's mu and sigma, which are
    # fractions (a `number`, where 30.0 made 30 is the same value).
    assert {op: paths for op, _, content in OPERATIONS if (paths := sorted(number_paths(content["schema"])))} == {
        "tournamentRatings": ["/initial/*/mu", "/initial/*/sigma"]
    }


@pytest.mark.parametrize(
    ("operation_id", "content"), [(o, c) for o, _, c in OPERATIONS], ids=[o for o, _, _ in OPERATIONS]
)
def test_every_integer_field_of_the_contract_is_sent(operation_id: str, content: dict[str, Any]) -> None:
    wanted = set(integer_paths(content["schema"]))
    sent = set().union(*(contract_paths(body, content["schema"]) for body in bodies(operation_id, content)))
    assert wanted <= sent, f"no body sends {sorted(wanted - sent)}: add one to EXTRA"


def respelled(body: Any, where: tuple[Any, ...] | None, spelling: str) -> bytes:
    """``body`` as JSON with the integer at ``where`` (every integer when None) spelled anew."""
    marked = copy.deepcopy(body)
    numbers: list[int] = []
    for _, location in integers_in(body):
        if where is not None and location != where:
            continue
        holder = marked
        for step in location[:-1]:
            holder = holder[step]
        numbers.append(holder[location[-1]])
        holder[location[-1]] = MARK
    text = json.dumps(marked, ensure_ascii=False)
    for number in numbers:
        text = text.replace(json.dumps(MARK), spelling.format(number), 1)
    return text.encode()


SPELLINGS = ("{}.0", "{}E0", "{}e+0", "{}.000e0")


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    with deterministic_games():
        yield create_app(Config(testing=True, state_keys=(TEST_STATE_KEY,), access_log=False, metrics=False))


@pytest.mark.parametrize("lane", ["express", "flask"])
@pytest.mark.parametrize(("operation_id", "path", "content"), OPERATIONS, ids=[o for o, _, _ in OPERATIONS])
def test_an_integral_number_gets_the_integer_s_answer(
    app: Flask, lane: str, operation_id: str, path: str, content: dict[str, Any]
) -> None:
    # The express lane takes exactly "application/json"; a charset sends the same body to Flask.
    content_type = "application/json" if lane == "express" else "application/json; charset=utf-8"
    client = app.test_client()

    def answer(raw: bytes) -> tuple[int, bytes]:
        response = client.post(path, data=raw, content_type=content_type)
        return response.status_code, response.get_data()

    checked = 0
    for body in bodies(operation_id, content):
        plain = answer(json.dumps(body, ensure_ascii=False).encode())
        assert plain[0] < 500, (operation_id, plain)
        cases = [(location, spelling) for _, location in integers_in(body) for spelling in SPELLINGS[:2]]
        cases += [(None, spelling) for spelling in SPELLINGS]
        for location, spelling in cases:
            raw = respelled(body, location, spelling)
            assert answer(raw) == plain, (operation_id, raw[:300])
            checked += 1
        for _, location in integers_in(body):  # zero has a sign when it is a float
            holder = body
            for step in location:
                holder = holder[step]
            if holder == 0:
                for spelling in ("-0.0", "0e5", "1e-400", "-0E-3"):
                    assert answer(respelled(body, location, spelling)) == plain, (operation_id, location, spelling)
    assert checked or not any(True for body in bodies(operation_id, content) for _ in integers_in(body))


def test_a_fraction_stays_a_fraction_for_the_contract_to_refuse(app: Flask) -> None:
    client = app.test_client()
    refused = client.post(
        "/v1/hands/score",
        data=b'{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": 28.5}',
        content_type="application/json",
    )
    assert refused.status_code == 400 and refused.get_json()["errors"][0]["pointer"] == "/claimed"
    batch = client.post(
        "/v1/hands/score-batch",
        content_type="application/json",
        data=b'{"hands": [{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": 28.5},'
        b' {"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": 29.0}]}',
    )
    first, second = batch.get_json()["results"]
    assert first["problem"]["errors"][0]["pointer"] == "/hands/0/claimed"
    assert second["score"]["total"] == 29


def test_a_huge_integral_number_is_refused_by_the_contract_not_a_500(app: Flask) -> None:
    client = app.test_client()
    for number in (b"1e300", b"-1e300", b"9.3e18", b"100000000000000000000000"):
        answer = client.post(
            "/v1/hands/score",
            content_type="application/json",
            data=b'{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": ' + number + b"}",
        )
        assert answer.status_code == 400 and answer.get_json()["errors"][0]["pointer"] == "/claimed", number
        batch = client.post(
            "/v1/hands/score-batch",
            content_type="application/json",
            data=b'{"hands": [{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": ' + number + b"}]}",
        )
        assert batch.status_code == 200 and batch.get_json()["results"][0]["problem"]["status"] == 400, number
