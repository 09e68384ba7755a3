"""Requests at the edge of the service, shared by the in-process, gunicorn and proxy tests:
the contract's POST operations with an example body each, deep JSON, padded bodies, chunked
requests written byte by byte, and a raw-socket client that sends them as they are."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from typing import Any

from tests.support.contract import example_value, openapi_document
from tests.support.servers import LOOPBACK

DOCUMENT = openapi_document()
COMPONENTS = DOCUMENT["components"]["schemas"]
METHODS = ("get", "post", "put", "patch", "delete")
LIMIT = 64 * 1024  # the default body limit (CRIBBAGE_MAX_BODY_BYTES), which the issue measured
EVENT_LIMIT = 4 * 1024 * 1024  # the event operations' default (CRIBBAGE_MAX_EVENT_BODY_BYTES)
LIMITS = {"CRIBBAGE_MAX_BODY_BYTES": LIMIT, "CRIBBAGE_MAX_EVENT_BODY_BYTES": EVENT_LIMIT}


def first_example(operation: Any) -> Any:
    examples = operation["requestBody"]["content"]["application/json"].get("examples", {})
    return example_value(DOCUMENT, next(iter(examples.values()))) if examples else None


# Every operation whose body is JSON, as (path, operationId, its first example body).
POST_OPERATIONS: list[tuple[str, str, Any]] = [
    (path, item["post"]["operationId"], first_example(item["post"]))
    for path, item in DOCUMENT["paths"].items()
    if "application/json" in item.get("post", {}).get("requestBody", {}).get("content", {})
]
OPERATION_IDS = [operation_id for _, operation_id, _ in POST_OPERATIONS]
# Each POST operation's body limit setting (the contract's x-body-limit, else the default one).
SETTINGS = {
    path: item["post"].get("x-body-limit", "CRIBBAGE_MAX_BODY_BYTES")
    for path, item in DOCUMENT["paths"].items()
    if "post" in item
}
EVENT_PATHS = sorted(path for path, setting in SETTINGS.items() if setting == "CRIBBAGE_MAX_EVENT_BODY_BYTES")


def limit_of(path: str) -> int:
    """The default body limit of the operation at ``path``."""
    return LIMITS[SETTINGS[path]]


ALL_OPERATIONS = [
    (method, path, item[method]["operationId"])
    for path, item in DOCUMENT["paths"].items()
    for method in METHODS
    if method in item
]


def nested(depth: int, kind: str) -> bytes:
    """A JSON value nested ``depth`` levels: ``[[[...]]]`` or ``{"a":{"a":...1}}``."""
    if kind == "array":
        return b"[" * depth + b"]" * depth
    return b'{"a":' * depth + b"1" + b"}" * depth


def padded(example: Any, size: int) -> bytes:
    """The example body followed by spaces up to ``size`` bytes: valid JSON at any size, so a
    body cut anywhere after the example would still parse (as the silent cut did)."""
    text = json.dumps(example).encode()
    return text + b" " * (size - len(text))


def raw(port: int, request: bytes) -> tuple[int, dict[str, str], Any]:
    """Send bytes as they are (the request says ``Connection: close``); read the answer to the
    end. Returns the status, the headers (lower-case names) and the JSON body."""
    with socket.create_connection((LOOPBACK, port), timeout=10) as sock:
        sock.sendall(request)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, json.loads(body)


def length_request(path: str, body: bytes) -> bytes:
    """A JSON POST with a Content-Length."""
    return (
        f"POST {path} HTTP/1.1\r\nHost: {LOOPBACK}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body


def chunked_request(path: str, chunks: bytes) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: {LOOPBACK}\r\nContent-Type: application/json\r\n"
        f"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    ).encode() + chunks


def one_chunk(data: bytes, size: str | None = None) -> bytes:
    return (size or f"{len(data):x}").encode() + b"\r\n" + data + b"\r\n0\r\n\r\n"


# Chunked bodies that must be refused: how each is built from an operation's example body, and
# the status it must get (from gunicorn and the app, and from nginx in front of them alike).
BAD_BODIES: dict[str, tuple[Callable[[str, Any], bytes], int]] = {
    "bad-chunk-size": (lambda path, example: one_chunk(json.dumps(example).encode(), size="zz"), 400),
    "missing-terminator": (lambda path, example: b"2\r\n{}xx\r\n0\r\n\r\n", 400),
    "over-the-limit": (lambda path, example: one_chunk(padded(example, limit_of(path) + 1)), 413),
    "deep": (lambda path, example: one_chunk(nested(300, "array")), 400),
}


def expect_refused(port: int, path: str, example: Any, case: str) -> None:
    """Send the :data:`BAD_BODIES` ``case`` for ``path`` to ``port``: its status, as problem+json."""
    build, expected = BAD_BODIES[case]
    status, headers, problem = raw(port, chunked_request(path, build(path, example)))
    assert (status, problem["status"]) == (expected, expected), problem
    assert headers["content-type"] == "application/problem+json"
    assert headers["x-content-type-options"] == "nosniff"
