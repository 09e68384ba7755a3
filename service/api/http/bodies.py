"""Reading a request body: its media type and charset, its size limit (announced or
streamed), its chunked encoding, its JSON and how deep it nests.

What the body must contain is the contract's (:mod:`..contract`); this module only hands over
the parsed JSON, or refuses it with the status a client can act on (415, 413, 400).
"""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import Callable, Iterator
from typing import Any

import orjson
from flask import Request, current_app, request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType
from werkzeug.exceptions import NotImplemented as Unimplemented

from ..contract import BODY_LIMITS, DEFAULT_LIMIT, SPEC, ContractViolation
from ..wire.contract_texts import said
from .numbers import integral

log = logging.getLogger("service.spec")  # the logger name operators filter on, kept

MAX_DEPTH = 32  # arrays and objects nested deeper than this are refused; the contract needs at most 5
READ_STEP = 64 * 1024  # a streamed (chunked) body is read in pieces this size, up to the limit
# What the express lane's run of this request's view raised (http/express.py): Flask answers it
# by raising it again instead of reading the body and running the view a second time.
REFUSED = "cribbage.express.refused"


class BodyTooLarge(RequestEntityTooLarge):
    """A body past its operation's limit: the 413 names the operation, the limit and the
    setting that sets it (``api/problems.py`` turns it into a ``body-too-large`` problem)."""

    def __init__(self, operation: str, limit: int, setting: str) -> None:
        super().__init__(f"the body of {operation} is larger than {limit} bytes ({setting})")
        self.operation, self.limit, self.setting = operation, limit, setting


class UnreadableBody(BadRequest):
    """The server could not hand over the body: a malformed chunked encoding (gunicorn's
    de-chunker raises its own exception types mid-read) or an upload cut short."""

    description = "The request body could not be read: its chunked encoding is malformed or it was cut short."


class NotJsonBody(UnsupportedMediaType):
    """A body whose ``Content-Type`` is not JSON (werkzeug's own sentence named only application/json)."""

    description = "A body must be JSON, sent with a Content-Type of application/json (or application/*+json)."


class NotUtf8Bytes(UnsupportedMediaType):
    """A body whose bytes are not UTF-8, whatever its ``Content-Type`` says (RFC 8259 8.1)."""

    description = "The body's bytes are not UTF-8, and a JSON body is UTF-8 (RFC 8259)."


class NotUtf8(UnsupportedMediaType):
    """A body whose ``Content-Type`` names a charset other than UTF-8 (JSON is UTF-8: RFC 8259 8.1)."""

    description = "A JSON body is UTF-8 (RFC 8259): its Content-Type may name charset=utf-8, or no charset."


class EncodedBody(UnsupportedMediaType):
    """A body sent with a content coding (``Content-Encoding: gzip``...): bodies are read as sent
    (RFC 9110 15.5.16: a 415, with the codings accepted in ``Accept-Encoding``)."""

    description = "The body must be sent as it is: no Content-Encoding (only identity) is accepted."

    def get_headers(self, *args: Any, **kwargs: Any) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), ("Accept-Encoding", "identity")]


class TransferCoded(Unimplemented):
    """A body sent with a transfer coding besides chunked (``Transfer-Encoding: gzip, chunked``):
    gunicorn takes the chunks off but nothing here undoes the gzip, so the JSON parser would read
    the compressed bytes. RFC 9112 6.1: a coding the server does not understand is a 501, as the
    proxy answers it (gunicorn alone answers ``Transfer-Encoding: gzip``, with no chunked last, a
    400: its length cannot be known, RFC 9112 6.3)."""

    description = "The body must be sent chunked or with a Content-Length: no other transfer coding is read."


_UTF8 = (None, "utf-8", "utf8", "us-ascii", "ascii")  # ASCII is UTF-8's first 128 characters


def _only(codings: str, accepted: str) -> bool:
    """Whether a header's list of codings names none but ``accepted`` (or none at all): a
    ``Content-Encoding`` that leaves the body as sent (``identity``), a ``Transfer-Encoding``
    gunicorn undoes (``chunked``).

    >>> [_only(c, "identity") for c in ("", "Identity", "identity, identity", "gzip", "identity, br")]
    [True, True, True, False, False]
    >>> [_only(c, "chunked") for c in ("", "chunked", "Chunked ", "gzip, chunked")]
    [True, True, True, False]
    """
    return all(part.strip().lower() in ("", accepted) for part in codings.split(","))


def _charset(parameters: str) -> str | None:
    """The ``charset`` parameter of a media type's parameters (after the first ``;``), lower case.

    >>> _charset(" charset=UTF-8"), _charset(' foo=1; Charset="latin-1"'), _charset("")
    ('utf-8', 'latin-1', None)
    """
    for parameter in parameters.split(";"):
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip('"').lower()
    return None


_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")


def _nested_deeper_than(raw: bytes, limit: int) -> bool:
    """Whether arrays and objects in the JSON text ``raw`` (already parsed: it is valid) nest
    more than ``limit`` deep, the outermost value being level 1. Read from the text, not the
    parsed value, at the speed of bytes methods: escaped backslashes and quotes go, then every
    string (between the quotes left), then everything but brackets; each round of removing the
    innermost pairs ``[]`` takes one level off. A walk over the parsed value cost 65 ms of a
    30,000-game request (``benchmarks/tournament_scale.py``); this, 20 ms. A test holds the two
    equal on generated values.

    >>> _nested_deeper_than(b'{"a": [[1]]}', 3), _nested_deeper_than(b'{"a": [[1]]}', 2)
    (False, True)
    >>> _nested_deeper_than(b'["[[[\\"]]]", {"x\\\\": [2]}]', 2)
    True
    """
    text = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(text.split(b'"')[::2]).translate(_SQUARE, _NOT_BRACKETS)
    for _ in range(limit):
        if not brackets:
            return False
        brackets = brackets.replace(b"[]", b"")
    return bool(brackets)


def _read_body(environ: dict[str, Any], limit: int | None, too_large: Callable[[], Exception]) -> bytes:
    """The raw body: ``too_large()`` (a 413) past ``limit`` whether the length was announced or not.

    With a Content-Length it is read in one call. Without one (chunked), the body is read
    only when the server says it ends the stream itself (``wsgi.input_terminated``, set by
    gunicorn, which de-chunks), never more than ``limit + 1`` bytes: one byte past the limit
    is enough to refuse it. werkzeug's own reader stops at the limit and hands over the first
    ``limit`` bytes as if they were the whole body, so a large body padded after valid JSON
    would be cut silently and answered 200.
    """
    stream = environ["wsgi.input"]
    length_text = environ.get("CONTENT_LENGTH", "")
    try:
        if length_text.isdigit():
            length = int(length_text)
            if limit is not None and length > limit:
                raise too_large()
            body: bytes = stream.read(length)
            return body
        if not environ.get("wsgi.input_terminated"):
            return b""  # no length and a stream that may never end: werkzeug's safe fallback, an empty body
        cap = None if limit is None else limit + 1
        pieces: list[bytes] = []
        size = 0
        while cap is None or size < cap:
            piece = stream.read(READ_STEP if cap is None else min(READ_STEP, cap - size))
            if not piece:
                return b"".join(pieces)
            pieces.append(piece)
            size += len(piece)
        raise too_large()
    except RequestEntityTooLarge:
        raise
    except Exception as error:
        # Whatever the server's reader raises mid-body (gunicorn's InvalidChunkSize and
        # ChunkMissingTerminator are not OSErrors; a dropped client is) means the body is
        # unusable: the client's fault, a 400, not a server bug. The exception text is not
        # passed on: it quotes the bytes it choked on.
        log.info("unreadable request body: %s", type(error).__name__)
        raise UnreadableBody() from error


def read_json(operation_id: str | None = None) -> Any:
    """The request body, parsed as JSON: 415 unless it says it is JSON (in UTF-8, with no
    content coding), 413 past the size
    limit (announced or streamed; the limit of ``operation_id``, :data:`BODY_LIMITS`), 400 when
    it cannot be read (bad chunked encoding), and a 400 contract violation (pointer ``""``) when
    it does not parse or nests deeper than :data:`MAX_DEPTH`. A request whose view the express
    lane ran, and which raised, raises that again here (:data:`REFUSED`).

    The body is read from ``wsgi.input`` directly: werkzeug's stream wrappers, which
    ``request.get_json()`` reads through, cost more a request than scoring a typical hand
    (measured against a direct read: docs/worst-cases.md).
    """
    req: Request = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup, not five
    environ = req.environ
    refused = environ.pop(REFUSED, None)
    if refused is not None:
        raise refused
    # werkzeug's is_json, read straight from the environ (same rule).
    mimetype, _, parameters = environ.get("CONTENT_TYPE", "").partition(";")
    mimetype = mimetype.strip().lower()
    if mimetype != "application/json" and not (mimetype.startswith("application/") and mimetype.endswith("+json")):
        raise NotJsonBody()
    if parameters and _charset(parameters) not in _UTF8:
        raise NotUtf8()
    if not _only(environ.get("HTTP_CONTENT_ENCODING", ""), "identity"):
        raise EncodedBody()
    if not _only(environ.get("HTTP_TRANSFER_ENCODING", ""), "chunked"):
        raise TransferCoded()
    setting, operation = SPEC.limits.get(operation_id or "", (DEFAULT_LIMIT, f"{req.method} {req.path}"))
    limit: int | None = current_app.config.get(BODY_LIMITS[setting])
    raw = _read_body(environ, limit, lambda: BodyTooLarge(operation, limit or 0, setting))
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as error:  # the position only: the parser's own words are English
        if "UTF-8" in str(error) and "order mark" not in str(error):  # the parser reads nothing else first
            raise NotUtf8Bytes() from None
        if "depth" in str(error):  # the parser's own limit (1,024 levels), far past ours
            raise ContractViolation([{"pointer": "", "detail": said("too_deep", most=MAX_DEPTH)}]) from None
        # A number past a double (1e400, a 400-digit integer) is valid JSON the parser cannot read.
        reason = "number_too_large" if "infinity" in str(error) else "not_json"
        detail = said(reason, line=error.lineno, column=error.colno)
        raise ContractViolation([{"pointer": "", "detail": detail}]) from None
    # Fewer brackets than the limit cannot nest past it: the walk is skipped for most bodies.
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _nested_deeper_than(raw, MAX_DEPTH):
        # The validator gives up at 255 levels with a ValueError (it was a 500), and nothing
        # the contract accepts nests more than a few levels.
        raise ContractViolation([{"pointer": "", "detail": said("too_deep", most=MAX_DEPTH)}])
    return integral(raw, data)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for one request of a whole event's data (the
    operations with the larger body limit). Parsing and loading 30,000 games makes some 200,000
    objects, none of them in a cycle (reference counting frees them all), and the collections
    their allocation set off cost 40% of the request: 298 against 186 ms of CPU for 30,000 games,
    586 against 320 ms for 50,000 (``benchmarks/tournament_scale.py``). A sync worker serves one
    request at a time; anything cyclic left behind is collected once the collector runs again."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
