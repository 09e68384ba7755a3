"""The edge of the service: what reaches it over HTTP before any view runs.

Every POST operation of ``openapi.yaml`` is held to the same answers:

- JSON nested 256-1000 levels deep (the validator's own limit is 255) is a 400 problem naming
  the depth, not a 500;
- a chunked body is read as a Content-Length one is: over the limit it is a 413 (never cut at
  the limit and answered 200), and one whose chunked encoding is broken is a 400;
- no error detail quotes a state token, wherever in the body the token is put;
- ``X-Content-Type-Options: nosniff`` on every answer, ``Cache-Control: no-store`` on the game
  answers, and a Content-Security-Policy for ``/docs`` whose script hash is the page's own.

Both layers are tested: the app in-process (raw WSGI environs, as a server that de-chunks
hands them over) and the real server, gunicorn on loopback, over raw sockets.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import math
import re
from collections.abc import Callable, Iterator
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient
from gunicorn.http.errors import ChunkMissingTerminator, InvalidChunkSize  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.test import EnvironBuilder

from service.api.http.bodies import MAX_DEPTH, _nested_deeper_than
from tests.support.edge_requests import (
    ALL_OPERATIONS,
    BAD_BODIES,
    COMPONENTS,
    DOCUMENT,
    EVENT_LIMIT,
    EVENT_PATHS,
    LIMIT,
    OPERATION_IDS,
    POST_OPERATIONS,
    SETTINGS,
    chunked_request,
    expect_refused,
    length_request,
    limit_of,
    nested,
    one_chunk,
    padded,
    raw,
)
from tests.support.problems import PROBLEM, expect_problem
from tests.support.servers import LOOPBACK, Gunicorn


def test_the_operations_under_test_are_all_of_them() -> None:
    # The contract's POST operations, each with an example body to send (chunked parity uses it).
    assert len(POST_OPERATIONS) == 33
    assert all(example is not None for _, _, example in POST_OPERATIONS), POST_OPERATIONS


# --- deep JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [256, 300, 1000, 5000])  # 5,000: past the JSON parser's own limit
@pytest.mark.parametrize("kind", ["array", "object"])
@pytest.mark.parametrize("path", [path for path, _, _ in POST_OPERATIONS], ids=OPERATION_IDS)
def test_deep_json_is_a_400_naming_the_depth(client: FlaskClient, path: str, kind: str, depth: int) -> None:
    response = client.post(path, data=nested(depth, kind), content_type="application/json")
    problem = expect_problem(response, 400, "contract-violation")
    assert problem["errors"] == [
        {"pointer": "", "detail": f"the body nests arrays and objects more than {MAX_DEPTH} levels deep"}
    ]


@pytest.mark.parametrize("body", [b'{"hand": 1e400}', b'{"hand": ' + b"9" * 400 + b"}"])
def test_a_number_past_what_a_double_holds_is_a_400_that_says_so(client: FlaskClient, body: bytes) -> None:
    # Valid JSON the parser cannot read: not "not valid JSON", and in the asked language like the rest.
    problem = expect_problem(client.post("/v1/hands/score?lang=nl", data=body, content_type="application/json"), 400)
    assert problem["errors"] == [
        {"pointer": "", "detail": "de inhoud bevat een getal dat te groot is om te lezen (regel 1, kolom 10)"}
    ]


@pytest.mark.parametrize("path", [path for path, _, _ in POST_OPERATIONS], ids=OPERATION_IDS)
def test_the_depth_limit_is_exact(client: FlaskClient, path: str) -> None:
    # At the limit the body reaches the validator (and gets its ordinary answer); one more level does not.
    at_limit = expect_problem(client.post(path, data=nested(MAX_DEPTH, "array"), content_type="application/json"), 400)
    assert "levels deep" not in at_limit["detail"]
    past = expect_problem(client.post(path, data=nested(MAX_DEPTH + 1, "array"), content_type="application/json"), 400)
    assert "levels deep" in past["detail"]


def walked_deeper_than(value: Any, limit: int) -> bool:
    """The plain reference: walk the parsed value (the service reads the text instead)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        for child in node.values() if isinstance(node, dict) else node if isinstance(node, list) else ():
            if isinstance(child, (dict, list)):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


TRICKY = st.sampled_from(["", "[", "]", "{", "}", '"', "\\", '\\"', '"[{', '\\\\"]}', "é[", "\u005b"])
VALUES = st.recursive(
    st.none() | st.integers(-(2**63), 2**63 - 1) | TRICKY | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TRICKY | st.text(max_size=3), inner, max_size=3),
    max_leaves=40,
)


@given(VALUES, st.integers(1, 6), st.booleans())
def test_the_depth_read_from_the_text_is_the_depth_of_the_value(value: Any, limit: int, ascii_only: bool) -> None:
    raw = json.dumps(value, ensure_ascii=ascii_only).encode()
    assert _nested_deeper_than(raw, limit) == walked_deeper_than(value, limit)
    assert _nested_deeper_than(orjson.dumps(value), limit) == walked_deeper_than(value, limit)


STRUCTURAL = ("$ref", "type", "properties", "items", "anyOf", "oneOf", "allOf", "const", "enum")


def schema_depth(schema: Any, seen: tuple[str, ...] = ()) -> float:
    """How deep a value the schema accepts can nest arrays and objects (inf when unbounded).
    A schema with no structural keyword (``{}``) accepts anything, except as a combinator
    branch (``anyOf: [{required: [a]}, ...]``), where it only constrains its parent."""
    if not any(key in schema for key in STRUCTURAL):
        return math.inf
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return math.inf if name in seen else schema_depth(COMPONENTS[name], (*seen, name))
    depth = 0.0
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(key, []):
            if any(word in branch for word in STRUCTURAL):
                depth = max(depth, schema_depth(branch, seen))
    types = schema.get("type", [])
    types = [types] if isinstance(types, str) else types
    if "object" in types or "properties" in schema:
        inner = [schema_depth(s, seen) for s in schema.get("properties", {}).values()]
        extra = schema.get("additionalProperties", True)
        inner.append(schema_depth(extra, seen) if isinstance(extra, dict) else math.inf if extra else 0)
        depth = max(depth, 1 + max(inner))
    if "array" in types or "items" in schema:
        depth = max(depth, 1 + schema_depth(schema.get("items", {}), seen))
    return depth


def test_no_body_the_contract_accepts_comes_near_the_depth_limit() -> None:
    depths = {}
    for _, operation_id, _ in POST_OPERATIONS:
        schema = next(
            item["post"]
            for item in DOCUMENT["paths"].values()
            if item.get("post", {}).get("operationId") == operation_id
        )
        schema = schema["requestBody"]["content"]["application/json"]["schema"]
        if operation_id == "scoreHandBatch":
            # Its items are `{}` in the contract and checked one by one against HandRequest (its description).
            schema = {
                "type": "object",
                "properties": {"hands": {"type": "array", "items": {"$ref": "#/components/schemas/HandRequest"}}},
                "additionalProperties": False,
            }
        depths[operation_id] = schema_depth(schema)
    assert max(depths.values()) <= 5, depths
    assert max(depths.values()) < MAX_DEPTH


# --- chunked bodies, in-process ---------------------------------------------------------------


class Reader(io.RawIOBase):
    """A server's de-chunking body reader: gives ``data``, then raises ``error`` (if any)."""

    def __init__(self, data: bytes, error: Exception | None = None) -> None:
        self.data, self.error = io.BytesIO(data), error

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = self.data.readinto(buffer)
        if not size and self.error is not None:
            raise self.error
        return size


def call_chunked(
    app: Flask, path: str, stream: io.RawIOBase, terminated: bool = True
) -> tuple[int, dict[str, str], Any]:
    """POST with ``Transfer-Encoding: chunked`` and no length, as gunicorn hands it to the app:
    the body already de-chunked in ``wsgi.input`` and ``wsgi.input_terminated`` set."""
    environ = EnvironBuilder(
        path=path, method="POST", headers=[("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")]
    ).get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ["wsgi.input"] = stream
    if terminated:
        environ["wsgi.input_terminated"] = True
    else:
        environ.pop("wsgi.input_terminated", None)
    answer: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], object]:
        answer["status"], answer["headers"] = int(status.split()[0]), dict(headers)
        return lambda data: None

    body = b"".join(app(environ, start_response))
    return answer["status"], answer["headers"], json.loads(body)


@pytest.mark.parametrize(("path", "example"), [(p, e) for p, _, e in POST_OPERATIONS], ids=OPERATION_IDS)
def test_a_chunked_body_gets_the_same_answer_as_with_a_length(
    app: Flask, client: FlaskClient, path: str, example: Any
) -> None:
    data = json.dumps(example).encode()
    expected = client.post(path, data=data, content_type="application/json")
    status, _, body = call_chunked(app, path, Reader(data))
    assert status == expected.status_code
    expected_body: Any = expected.json
    if status < 300 and path == "/v1/games":  # each new game has its own id, credentials and token
        for answer in (body, expected_body):
            answer.pop("state"), answer.pop("credentials"), answer["view"].pop("game_id")
    elif status < 300 and isinstance(body, dict) and "state" in body:  # a fresh token: a fresh nonce
        for answer in (body, expected_body):
            answer.pop("state"), answer.pop("credentials", None)
    assert body == expected_body


@pytest.mark.parametrize(("path", "example"), [(p, e) for p, _, e in POST_OPERATIONS], ids=OPERATION_IDS)
def test_a_chunked_body_over_the_limit_is_a_413_as_with_a_length(
    app: Flask, client: FlaskClient, path: str, example: Any
) -> None:
    assert app.config["MAX_CONTENT_LENGTH"] == LIMIT and app.config["MAX_EVENT_CONTENT_LENGTH"] == EVENT_LIMIT
    limit, setting = limit_of(path), SETTINGS[path]
    status, headers, problem = call_chunked(app, path, Reader(padded(example, limit + 1)))
    assert (status, headers["Content-Type"], problem["status"]) == (413, PROBLEM, 413)
    told = expect_problem(
        client.post(path, data=padded(example, limit + 1), content_type="application/json"), 413, "body-too-large"
    )
    assert (
        problem
        == told
        == {
            "type": "urn:cribbage:problem:body-too-large",
            "title": "Request body too large",
            "status": 413,
            "detail": f"the body of POST {path} is larger than {limit} bytes ({setting})",
            "limit": limit,
            "setting": setting,
        }
    )
    # At the limit exactly, both are read whole, and answered as the example alone is.
    expected = client.post(path, data=json.dumps(example), content_type="application/json").status_code
    assert call_chunked(app, path, Reader(padded(example, limit)))[0] == expected
    assert client.post(path, data=padded(example, limit), content_type="application/json").status_code == expected


def test_the_event_operations_take_larger_bodies_and_the_others_do_not() -> None:
    # Only the operations that take a whole event's games (or bracket results, or a field of up to 4,096
    # players) have the larger limit.
    assert [
        f"/v1/tournaments/{name}"
        for name in (
            "crosstable",
            "elimination",
            "event/cross-check",
            "event/crosstable",
            "event/fixed-games",
            "event/pairings",
            "event/playoff",
            "event/standings",
            "game-logs",
            "match-standings",
            "ratings",
            "standings",
            "swiss-pairings",
        )
    ] == EVENT_PATHS


@pytest.mark.parametrize(
    "error",
    [InvalidChunkSize(b"zz"), ChunkMissingTerminator(b"xy"), ConnectionResetError()],
    ids=["bad-chunk-size", "missing-terminator", "client-gone"],
)
@pytest.mark.parametrize("path", [path for path, _, _ in POST_OPERATIONS], ids=OPERATION_IDS)
def test_a_body_the_server_cannot_read_is_a_400(app: Flask, path: str, error: Exception) -> None:
    # gunicorn's de-chunker raises these mid-read (its own exception types, not OSErrors).
    status, headers, problem = call_chunked(app, path, Reader(b'{"hand": [', error))
    assert (status, headers["Content-Type"], problem["status"]) == (400, PROBLEM, 400)
    assert "chunked encoding" in problem["detail"]
    assert "zz" not in json.dumps(problem) and "xy" not in json.dumps(problem)  # the bytes it choked on


def test_no_length_and_an_unterminated_stream_is_read_as_empty(app: Flask) -> None:
    # A server that neither gives a length nor ends the stream: reading could block forever.
    status, _, problem = call_chunked(app, "/v1/hands/score", Reader(b'{"hand": []}'), terminated=False)
    assert status == 400 and "not valid JSON" in problem["detail"]


# --- the real server --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[Gunicorn]:
    with Gunicorn(workers=1, env={"CRIBBAGE_ACCESS_LOG": "false"}) as running:
        yield running


@pytest.mark.parametrize("case", list(BAD_BODIES))
@pytest.mark.parametrize(("path", "example"), [(p, e) for p, _, e in POST_OPERATIONS], ids=OPERATION_IDS)
def test_gunicorn_answers_bad_chunked_bodies_with_problems(
    server: Gunicorn, path: str, example: Any, case: str
) -> None:
    expect_refused(server.port, path, example, case)


@pytest.mark.parametrize("path", [path for path, _, _ in POST_OPERATIONS], ids=OPERATION_IDS)
def test_gunicorn_answers_deep_json_with_a_length_with_a_400(server: Gunicorn, path: str) -> None:
    status, headers, problem = raw(server.port, length_request(path, nested(1000, "object")))
    assert (status, headers["content-type"]) == (400, PROBLEM)
    assert "levels deep" in problem["detail"]


def test_gunicorn_reads_a_good_chunked_body_split_in_pieces(server: Gunicorn) -> None:
    body = b'{"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}'
    pieces = b"".join(
        f"{len(body[i : i + 7]):x}\r\n".encode() + body[i : i + 7] + b"\r\n" for i in range(0, len(body), 7)
    )
    status, _, score = raw(server.port, chunked_request("/v1/hands/score", pieces + b"0\r\n\r\n"))
    assert (status, score["total"]) == (200, 29)  # the 29 hand


# Requests gunicorn refuses before the app sees them: its answers are problems too (gunicorn_conf).
GUNICORN_REFUSALS = {
    "header-too-long": (b"GET /healthz HTTP/1.1\r\nHost: x\r\nAccept: " + b"a" * 10_000 + b"\r\n\r\n", 431),
    "uri-too-long": (b"GET /healthz?lang=" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    "bad-request-line": (b"GET\r\n\r\n", 400),
    "two-lengths": (
        b"POST /v1/hands/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        400,
    ),
    "negative-length": (b"POST /v1/hands/score HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
    "length-and-chunked": (
        b"POST /v1/hands/score HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}",
        400,
    ),
    # No chunked last: the body's length cannot be known (RFC 9112 6.3), a 400 (nginx in front answers 501).
    "gzip-transfer-coding": (b"POST /v1/hands/score HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
    "unknown-transfer-coding": (
        b"POST /v1/hands/score HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: br, chunked\r\n\r\n0\r\n\r\n",
        501,
    ),
}


@pytest.mark.parametrize("case", list(GUNICORN_REFUSALS))
def test_gunicorn_refuses_a_malformed_request_with_a_problem(server: Gunicorn, case: str) -> None:
    request, expected = GUNICORN_REFUSALS[case]
    status, headers, problem = raw(server.port, request)
    assert (status, headers["content-type"], problem["status"]) == (expected, PROBLEM, expected)
    assert problem["type"].startswith("urn:cribbage:problem:") and problem["title"] and headers["connection"] == "close"
    assert headers["x-content-type-options"] == "nosniff"
    # English (the request was not read), and an id to quote like every answer of the service (the contract's header)
    assert headers["content-language"] == "en" and re.fullmatch(r"[0-9a-f]{32}", headers["x-request-id"])
    assert len(problem.get("detail", "")) <= 300  # not a copy of the 10,000 bytes refused


def test_a_gzip_under_the_chunks_is_refused_as_a_transfer_coding_not_read(server: Gunicorn, app: Flask) -> None:
    """``Transfer-Encoding: gzip, chunked``: gunicorn takes the chunks off and passes the gzip on;
    the app does not undo it, so it says so (a 501, as for any coding it does not read) instead of
    a 400 about JSON that the client did send."""
    packed = gzip.compress(b'{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C"}')
    request = (
        f"POST /v1/hands/score HTTP/1.1\r\nHost: {LOOPBACK}\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n"
    ).encode() + one_chunk(packed)
    status, headers, problem = raw(server.port, request)
    assert (status, headers["content-type"], problem["type"]) == (
        501,
        PROBLEM,
        "urn:cribbage:problem:unsupported-transfer-coding",
    )
    assert "chunked or with a Content-Length" in problem["detail"]
    environ = EnvironBuilder(path="/v1/hands/score", method="POST", data=packed, content_type="application/json",
                             headers=[("Transfer-Encoding", "gzip, chunked")]).get_environ()  # fmt: skip
    answered: list[str] = []
    body = b"".join(app(environ, lambda status, headers, exc_info=None: answered.append(status)))
    assert answered == ["501 NOT IMPLEMENTED"] and json.loads(body)["status"] == 501


def test_a_body_that_never_arrives_is_a_408_when_the_worker_times_out() -> None:
    # A chunk announced longer than what is sent: the worker waits for it until its timeout ends
    # it; the answer is the timeout's problem (every operation's worst case is far inside it).
    with Gunicorn(workers=1, env={"CRIBBAGE_ACCESS_LOG": "false", "GUNICORN_TIMEOUT": "2"}) as running:
        status, headers, problem = raw(running.port, chunked_request("/v1/hands/score", b"100\r\n" + b" " * 51))
        assert (status, headers["content-type"], problem["status"]) == (408, PROBLEM, 408)
        assert "timeout (2 s)" in problem["detail"]
        assert (
            raw(
                running.port, length_request("/v1/hands/score", b'{"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}')
            )[2]["total"]
            == 29
        )  # a fresh worker answers


def test_a_request_the_service_overruns_is_a_500_that_says_so() -> None:
    # The body came at once; the worker's own work outlasted the timeout: not the client's fault.
    with Gunicorn(workers=1, env={"GUNICORN_TIMEOUT": "2"}, app="tests.support.slow_app:app") as running:
        request = b"GET /slow HTTP/1.1\r\nHost: x\r\nX-Request-ID: overrun-42\r\nConnection: close\r\n\r\n"
        status, headers, problem = raw(running.port, request)
        assert (status, headers["content-type"], problem["status"]) == (500, PROBLEM, 500)
        assert "timeout (2 s)" in problem["detail"] and "body" not in problem["detail"]
        # "it has been logged": under the id the client sent, which the answer carries too
        assert headers["x-request-id"] == "overrun-42"
        lines = [json.loads(line) for line in running.stdout_path.read_text().splitlines() if line.startswith("{")]
        logged = [line for line in lines if line.get("request_id") == "overrun-42"]
        assert [(line["status"], line["method"], line["path"], line["route"]) for line in logged] == [
            (500, "GET", "/slow", "/slow")
        ]
        assert logged[0]["duration_ms"] >= 2000


# --- no token in any detail -------------------------------------------------------------------


@pytest.fixture(scope="module")
def token(app: Flask) -> str:
    created = app.test_client().post("/v1/games", json={"variant": "six_card", "seed": 11, "seat": 0})
    assert created.status_code == 201
    body: Any = created.json
    value: str = body["state"]
    assert len(value) > 100
    return value


def with_token(value: Any, token: str) -> Any:
    """``value`` with every string and number in it replaced by the token."""
    if isinstance(value, dict):
        return {key: with_token(item, token) for key, item in value.items()}
    if isinstance(value, list):
        return [with_token(item, token) for item in value]
    return token if isinstance(value, (str, int, float)) and not isinstance(value, bool) else value


def misplaced(example: Any, token: str) -> list[Any]:
    """The token where the contract does not want it: as every value of the example, as an
    unknown member, as a member's name, as the whole body, inside an array."""
    return [
        with_token(example, token),
        {**example, "zzz": token},
        {token: 1},
        {**example, token: token},
        token,
        [token],
        [[token, 1]],
    ]


@pytest.mark.parametrize(("path", "example"), [(p, e) for p, _, e in POST_OPERATIONS], ids=OPERATION_IDS)
def test_no_error_detail_quotes_a_token(client: FlaskClient, token: str, path: str, example: Any) -> None:
    for body in misplaced(example, token):
        response = client.post(path, json=body)
        # A 400 mostly; the batch answers 200 with a problem per hand, and a real token where a
        # token belongs may be a rules answer (a game not over has no record yet).
        assert response.status_code in (200, 400, 422)
        text = response.get_data(as_text=True)
        # Not the token, nor any 12-character piece of it (the old details cut quotes at 200 characters).
        assert not any(token[i : i + 12] in text for i in range(len(token) - 11)), text


def objects_in(value: Any, pointer: str = "") -> Iterator[str]:
    """The JSON pointer of every object in ``value``."""
    if isinstance(value, dict):
        yield pointer
        for key, item in value.items():
            yield from objects_in(item, f"{pointer}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from objects_in(item, f"{pointer}/{index}")


def with_member(value: Any, pointer: str, name: str) -> Any:
    """``value`` with one more member, ``name``, in the object at ``pointer``."""
    if not pointer:
        return {**value, name: 1}
    head, _, rest = pointer[1:].partition("/")
    if isinstance(value, list):
        return [
            with_member(item, "/" + rest if rest else "", name) if str(i) == head else item
            for i, item in enumerate(value)
        ]
    return {**value, head: with_member(value[head], "/" + rest if rest else "", name)}


@pytest.mark.parametrize(("path", "example"), [(p, e) for p, _, e in POST_OPERATIONS], ids=OPERATION_IDS)
def test_an_unknown_member_anywhere_is_a_400_that_names_its_place(client: FlaskClient, path: str, example: Any) -> None:
    # Every object of every example, with one member too many: a contract violation at that
    # object (or at the choice it is a branch of), never a 500.
    for pointer in objects_in(example):
        response = client.post(path, json=with_member(example, pointer, "unexpected_member"))
        if path == "/v1/hands/score-batch" and pointer.startswith("/hands/"):
            assert response.status_code == 200  # each hand is judged on its own
            continue
        problem = expect_problem(response, 400, "contract-violation")
        assert any(pointer.startswith(e["pointer"]) for e in problem["errors"]), (pointer, problem["errors"])


def test_details_say_what_the_contract_wants(client: FlaskClient) -> None:
    hand = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
    problem = expect_problem(client.post("/v1/hands/score", json={**hand, "stater": "5C"}), 400)
    takes = ", ".join(sorted(COMPONENTS["HandRequest"]["properties"]))
    assert problem["errors"] == [
        {"pointer": "", "detail": f'property "stater" not allowed here (this object takes: {takes})'}
    ]
    # A member name that looks like a token or a key is counted, never quoted.
    secret = "gAAAAABn" + "Q" * 90
    problem = expect_problem(client.post("/v1/hands/score", json={**hand, secret: 1, "sinceMove": 2}), 400)
    assert problem["errors"][0]["detail"].startswith('2 properties ("sinceMove" and 1 more) not allowed here')
    assert "QQQQ" not in json.dumps(problem)
    credential_like = "kQzRvTbWhNpLsXyMaJdGfEcU"  # 24 letters, as a seat credential may be
    problem = expect_problem(client.post("/v1/hands/score", json={**hand, credential_like: 1}), 400)
    assert credential_like not in json.dumps(problem)
    # A game action is told apart by its type: an unknown type names the types there are; a known
    # one, what that form lacks (not that the action matches none of the forms).
    act = {"state": "x" * 40, "seat": 0}
    problem = expect_problem(client.post("/v1/games/act", json={**act, "action": {"type": "go", "seat": 0}}), 400)
    assert problem["errors"] == [
        {
            "pointer": "/action/type",
            "detail": '"type" is one of "discard", "play", "count", '
            '"muggins", "accept", "concede", "auto", not a string of 2 characters',
        }
    ]
    problem = expect_problem(client.post("/v1/games/act", json={**act, "action": {"type": "play", "seat": 0}}), 400)
    assert problem["errors"] == [{"pointer": "/action/card", "detail": '"card" is a required property'}]
    problem = expect_problem(client.post("/v1/games/act", json={**act, "action": {"seat": 0}}), 400)
    assert problem["errors"][0]["pointer"] == "/action/type" and "required" in problem["errors"][0]["detail"]
    problem = expect_problem(client.post("/v1/hands/score", json={**hand, "hand": ["5S", "5H"]}), 400)
    assert problem["errors"] == [{"pointer": "/hand", "detail": "an array of 2 items has fewer than 3 items"}]
    problem = expect_problem(client.post("/v1/games", json={"seat": 7}), 400)
    assert problem["errors"] == [{"pointer": "/seat", "detail": "7 is greater than the maximum of 3"}]
    problem = expect_problem(client.post("/v1/games", json={"seat": "north"}), 400)
    [error] = problem["errors"]
    assert error["pointer"] == "/seat" and error["detail"].startswith("a string of 5 characters is not of type ")
    assert sorted(re.findall(r'"(\w+)"', error["detail"])) == ["integer", "null"]  # ViewerSeat's types
    problem = expect_problem(client.post("/v1/hands/score", json={"hand": hand["hand"]}), 400)
    assert problem["errors"] == [{"pointer": "/starter", "detail": '"starter" is a required property'}]
    # A member left out is pointed at where it belongs, in a game's body as in a nested one.
    problem = expect_problem(client.post("/v1/games/act", json={"action": {"type": "auto", "seat": 0}}), 400)
    assert problem["errors"] == [{"pointer": "/state", "detail": '"state" is a required property'}]
    problem = expect_problem(client.post("/v1/games", json={"computer": [{"level": "easy"}]}), 400)
    assert problem["errors"] == [{"pointer": "/computer/0/seat", "detail": '"seat" is a required property'}]


# --- headers ----------------------------------------------------------------------------------


def answer(client: FlaskClient, method: str, path: str) -> Any:
    if method == "post":
        example = next(e for p, _, e in POST_OPERATIONS if p == path)
        return client.post(path, json=example)
    return client.open(path, method=method.upper())


@pytest.mark.parametrize(
    ("method", "path"),
    [(m, p) for m, p, _ in ALL_OPERATIONS],
    ids=[operation_id for _, _, operation_id in ALL_OPERATIONS],
)
def test_every_operation_answers_nosniff(client: FlaskClient, method: str, path: str) -> None:
    response = answer(client, method, path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    for name in ("X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy", "Cache-Control"):
        assert len(response.headers.getlist(name)) <= 1, name  # the app sets none of them itself
    if not path.startswith("/docs"):
        assert response.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("get", "/no/such/page", None, 404),
        ("get", "/v1/hands/score", None, 405),
        ("post", "/v1/hands/score", "not json", 415),
        ("post", "/v1/hands/score", b"{" * 10, 400),
        ("post", "/v1/games/act", b"{}", 400),
        ("post", "/v1/hands/score", b" " * (LIMIT + 1), 413),
    ],
)
def test_error_answers_are_nosniff_too(client: FlaskClient, method: str, path: str, body: Any, status: int) -> None:
    content_type = "text/plain" if body == "not json" else "application/json"
    response = client.open(path, method=method.upper(), data=body, content_type=content_type)
    assert response.status_code == status
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    ("path", "example"),
    [(p, e) for p, _, e in POST_OPERATIONS if p.startswith("/v1/games")],
    ids=[i for p, i, _ in POST_OPERATIONS if p.startswith("/v1/games")],
)
def test_game_answers_are_never_stored(client: FlaskClient, token: str, path: str, example: Any) -> None:
    real = {**example, "state": token} if "state" in example else example
    for body in (real, {"bad": 1}):
        assert client.post(path, json=body).headers["Cache-Control"] == "no-store"


def test_other_answers_are_not_marked_no_store(client: FlaskClient) -> None:
    assert "no-store" not in client.get("/v1/variants").headers.get("Cache-Control", "")


def test_docs_policy_allows_the_page_script_and_nothing_else(client: FlaskClient) -> None:
    page = client.get("/docs")
    html = page.get_data(as_text=True)
    inline = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(inline) == 1 and "SwaggerUIBundle(config)" in inline[0]
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    policy = dict(part.split(" ", 1) for part in page.headers["Content-Security-Policy"].split("; "))
    assert policy["script-src"] == f"'self' 'sha256-{digest}'"
    assert policy["default-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert policy["connect-src"] == "'self'" and policy["base-uri"] == "'none'"
    assert not any("http" in sources or "*" in sources for sources in policy.values())
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    # The script is the same whatever host the page is asked under, so one hash fits every request.
    elsewhere = client.get("/docs/", headers={"Host": "api.example.org:8443"}).get_data(as_text=True)
    assert re.findall(r"<script>(.*?)</script>", elsewhere, re.DOTALL) == inline


@pytest.mark.parametrize(("path", "operation_id", "example"), POST_OPERATIONS, ids=OPERATION_IDS)
def test_every_operation_says_406_for_an_accept_it_cannot_answer(
    client: FlaskClient, path: str, operation_id: str, example: Any
) -> None:
    # A JSON-only operation would answer JSON; an operation with tables would answer CSV or a
    # page: neither is an image. The contract lists the 406 for every operation.
    response = client.post(path, json=example, headers={"Accept": "image/png"})
    assert response.status_code == 406, (operation_id, response.status_code)
    assert response.mimetype == "application/problem+json" and response.json["type"].endswith("not-acceptable")
    assert "406" in DOCUMENT["paths"][path]["post"]["responses"]
