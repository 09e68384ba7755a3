"""The contract at run time: ``openapi.yaml`` compiled into one validator per request body.

The yaml is the source of truth. Each operation's request body schema is compiled once at
import (so ``--preload`` shares it across gunicorn workers) with jsonschema-rs, the
validator schemathesis itself uses, and a view decorated with :func:`body` receives only
bodies that the contract accepts. A body that breaks it raises :class:`ContractViolation`
with a JSON pointer for every offending field.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import logging
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import orjson
import yaml
from flask import Request, current_app, request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from .numbers import integral

log = logging.getLogger("service.spec")
SPEC_PATH = Path(os.environ.get("CRIBBAGE_OPENAPI_PATH", Path(__file__).resolve().parents[2] / "openapi.yaml"))


MAX_ERRORS = 20  # a body with thousands of bad items must not get a megabyte of answer
MAX_MESSAGE = (
    400  # a detail names constraints from the contract, which may be long (an enum, the members an object takes)
)
MAX_DEPTH = 32  # arrays and objects nested deeper than this are refused; the contract needs at most 5
READ_STEP = 64 * 1024  # a streamed (chunked) body is read in pieces this size, up to the limit


class ContractViolation(Exception):
    """A request body that breaks ``openapi.yaml``; ``errors`` holds ``{pointer, detail}``
    (at most :data:`MAX_ERRORS` of them; ``truncated`` says whether there were more)."""

    def __init__(self, errors: list[dict[str, str]], truncated: bool = False) -> None:
        super().__init__(errors[0]["detail"] if errors else "invalid body")
        self.errors = errors
        self.truncated = truncated


# The settings a body limit can come from (an operation names one with ``x-body-limit`` in the
# contract; the rest have the first), and the app config key each is kept under (app.py).
BODY_LIMITS = {
    "CRIBBAGE_MAX_BODY_BYTES": "MAX_CONTENT_LENGTH",
    "CRIBBAGE_MAX_EVENT_BODY_BYTES": "MAX_EVENT_CONTENT_LENGTH",
}
DEFAULT_LIMIT = "CRIBBAGE_MAX_BODY_BYTES"


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


class NotUtf8(UnsupportedMediaType):
    """A body whose ``Content-Type`` names a charset other than UTF-8 (JSON is UTF-8: RFC 8259 8.1)."""

    description = "A JSON body is UTF-8 (RFC 8259): its Content-Type may name charset=utf-8, or no charset."


class EncodedBody(UnsupportedMediaType):
    """A body sent with a content coding (``Content-Encoding: gzip``...): bodies are read as sent
    (RFC 9110 15.5.16: a 415, with the codings accepted in ``Accept-Encoding``)."""

    description = "The body must be sent as it is: no Content-Encoding (only identity) is accepted."

    def get_headers(self, *args: Any, **kwargs: Any) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), ("Accept-Encoding", "identity")]


_UTF8 = (None, "utf-8", "utf8", "us-ascii", "ascii")  # ASCII is UTF-8's first 128 characters


def _identity(coding: str) -> bool:
    """Whether a ``Content-Encoding`` says the body is as sent (absent, empty, or only ``identity``).

    >>> _identity(""), _identity("Identity"), _identity("identity, identity"), _identity("gzip"), _identity("identity, br")
    (True, True, True, False, False)
    """
    return all(part.strip().lower() in ("", "identity") for part in coding.split(","))


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


def _short(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


def _plural(count: int, noun: str, nouns: str = "") -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {nouns or noun + 's'}"


def describe(value: Any) -> str:
    """How a detail refers to a value from the body: numbers, booleans and null as they are,
    anything else by its kind and size. A string is never quoted: it may be a state token or
    another secret, and an error message travels further (logs, proxies, screenshots) than
    the request did; the pointer already tells the client which of its values it is.

    >>> describe("gAAAAABsecret"), describe([1, 2]), describe({"a": 1}), describe(7), describe(None)
    ('a string of 13 characters', 'an array of 2 items', 'an object with 1 member', '7', 'null')
    """
    if value is None or isinstance(value, (bool, int, float)):
        return orjson.dumps(value).decode()
    if isinstance(value, str):
        return "a string of " + _plural(len(value), "character")
    if isinstance(value, list):
        return "an array of " + _plural(len(value), "item")
    if isinstance(value, dict):
        return "an object with " + _plural(len(value), "member")
    return "a value"


def _json(value: Any) -> str:
    """A value from the contract itself (a type name, an enum option, a pattern), quoted as JSON."""
    return orjson.dumps(value).decode()


def _allowed(schema: Any) -> str:
    names = sorted(schema.get("properties", {})) if isinstance(schema, dict) else []
    return f" (this object takes: {', '.join(names)})" if names else ""


# What a mistyped member name looks like (snake_case or camelCase words, at most 20 characters):
# never a secret, all of which are longer (a credential is 24 characters, a token over 100).
_NAME_LIKE = re.compile(r"(?=.{1,20}$)[a-z]+(?:_[a-z]+)*(?:[A-Z][a-z]+)*")


def _unexpected(names: Any) -> str:
    """The members the contract does not take: named when they look like names (a typo such as
    ``credentail``, a camelCase ``sinceMove``), else only counted, as :func:`describe` would.

    >>> _unexpected(["extra"]), _unexpected(["sinceMove", "x1"]), _unexpected(["kQzRvTbWhNpLsXyMaJdGfEcU"])
    ('property "extra"', '2 properties ("sinceMove" and 1 more)', '1 property')
    """
    shown = [name for name in names if isinstance(name, str) and _NAME_LIKE.fullmatch(name)]
    if len(names) == 1:
        return f"property {_json(shown[0])}" if shown else "1 property"
    if not shown:
        return f"{len(names)} properties"
    rest = len(names) - len(shown)
    listed = ", ".join(map(_json, shown)) + (f" and {rest} more" if rest else "")
    return f"{len(names)} properties ({listed})"


# One line per JSON Schema keyword the contract uses: the detail says what the contract wants,
# and refers to the offending value only through describe(). Keyed by jsonschema-rs's error kind.
_DETAILS: dict[str, Callable[[Any, str, Any], str]] = {
    "Type": lambda kind, value, _: f"{value} is not of type {' or '.join(map(_json, kind.types))}",
    "Required": lambda kind, value, _: f"{_json(kind.property)} is a required property",
    "AdditionalProperties": lambda kind, value, parent: (
        f"{_unexpected(kind.unexpected)} not allowed here{_allowed(parent)}"
    ),
    "Enum": lambda kind, value, _: f"{value} is not one of {', '.join(map(_json, kind.options))}",
    "Constant": lambda kind, value, _: f"{_json(kind.expected_value)} was expected, not {value}",
    "Pattern": lambda kind, value, _: f"{value} does not match {_json(kind.pattern)}",
    "MinLength": lambda kind, value, _: f"{value} is shorter than {kind.limit} characters",
    "MaxLength": lambda kind, value, _: f"{value} is longer than {kind.limit} characters",
    "MinItems": lambda kind, value, _: f"{value} has fewer than {kind.limit} items",
    "MaxItems": lambda kind, value, _: f"{value} has more than {kind.limit} items",
    "Minimum": lambda kind, value, _: f"{value} is less than the minimum of {kind.limit}",
    "Maximum": lambda kind, value, _: f"{value} is greater than the maximum of {kind.limit}",
    "ExclusiveMinimum": lambda kind, value, _: f"{value} is not greater than {kind.limit}",
    "ExclusiveMaximum": lambda kind, value, _: f"{value} is not less than {kind.limit}",
    "UniqueItems": lambda kind, value, _: f"{value} has repeated items",
    "OneOfNotValid": lambda kind, value, _: f"{value} matches none of the forms the 'oneOf' keyword lists",
    "OneOfMultipleValid": lambda kind, value, _: (
        f"{value} matches more than one of the forms the 'oneOf' keyword lists"
    ),
    "AnyOf": lambda kind, value, _: f"{value} matches none of the forms the 'anyOf' keyword lists",
}


def _pointer(path: Any) -> str:
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in path) if path else ""


class Spec:
    """The loaded document and its compiled request-body validators, by operationId."""

    def __init__(self, path: Path = SPEC_PATH) -> None:
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        # libyaml's loader when PyYAML has it: the pure-Python one took 0.8 of the 1.5 s a worker
        # image needs to start (docs/image.md).
        self.document: dict[str, Any] = yaml.load(self.text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        self.validators: dict[str, Any] = {}
        self.schemas: dict[
            str, Any
        ] = {}  # the root each validator was compiled from (errors' schema paths start there)
        # operationId -> (its body limit's setting, "POST /path") for the 413 that names them
        self.limits: dict[str, tuple[str, str]] = {}
        for path, operations in self.document["paths"].items():
            for method, operation in operations.items():
                if not isinstance(operation, dict):
                    continue
                content = operation.get("requestBody", {}).get("content", {}).get("application/json")
                if content:
                    self._compile(
                        operation["operationId"], {**content["schema"], "components": self.document["components"]}
                    )
                    setting = operation.get("x-body-limit", DEFAULT_LIMIT)
                    if setting not in BODY_LIMITS:
                        raise ValueError(f"{operation['operationId']}: x-body-limit names no setting: {setting!r}")
                    self.limits[operation["operationId"]] = (setting, f"{method.upper()} {path}")

    def _compile(self, key: str, schema: dict[str, Any]) -> None:
        self.schemas[key] = schema
        self.validators[key] = jsonschema_rs.Draft202012Validator(schema)

    def component(self, name: str) -> Any:
        """A compiled validator for ``components.schemas[name]`` (for items checked one by one)."""
        key = "#/components/schemas/" + name
        if key not in self.validators:
            self._compile(key, {"$ref": key, "components": self.document["components"]})
        return self.validators[key]

    def check(self, operation_id: str, data: Any, prefix: str = "") -> None:
        """Raise :class:`ContractViolation` unless ``data`` fits the operation's body schema
        (or, for a key starting ``#/``, that component); pointers start with ``prefix``."""
        validator = self.validators[operation_id]
        if validator.is_valid(data):
            return
        errors: list[dict[str, str]] = []
        truncated = False
        for error in validator.iter_errors(data):
            for pointer, detail in self.explained(operation_id, error, prefix + _pointer(error.instance_path)):
                if len(errors) == MAX_ERRORS:
                    truncated = True
                    break
                errors.append({"pointer": pointer, "detail": detail})
            if truncated:
                break
        raise ContractViolation(sorted(errors, key=lambda e: e["pointer"]), truncated)

    def explained(self, key: str, error: Any, pointer: str) -> Iterator[tuple[str, str]]:
        """``error`` as (pointer, detail) pairs. A value that matches none of a ``oneOf`` told
        apart by a ``discriminator`` (a game action's ``type``) is explained by its tag: an
        unknown or missing tag names the tags there are; a known one, what that form's own
        schema finds wrong (``card`` missing from a ``play``), rather than that no form fits."""
        holder = self._holder(key, error.schema_path)
        instance = error.instance
        discriminator = holder.get("discriminator") if isinstance(holder, dict) else None
        if type(error.kind).__name__ != "OneOfNotValid" or not isinstance(instance, dict) or not discriminator:
            yield pointer, self.detail(key, error, holder)
            return
        tag_name, mapping = discriminator["propertyName"], discriminator["mapping"]
        tag = instance.get(tag_name)
        if isinstance(tag, str) and tag in mapping:
            form = mapping[tag]
            for sub in self.component(form.rsplit("/", 1)[1]).iter_errors(instance):
                yield pointer + _pointer(sub.instance_path), self.detail(form, sub)
            return
        tags = ", ".join(map(_json, mapping))
        if tag_name not in instance:
            yield pointer, f"{_json(tag_name)} is a required property (one of {tags})"
        else:
            yield f"{pointer}/{tag_name}", f"{_json(tag_name)} is one of {tags}, not {describe(tag)}"

    def _holder(self, key: str, schema_path: Any) -> Any:
        """The schema holding the keyword at ``schema_path`` (its last part), or ``None``."""
        holder: Any = self.schemas[key]
        for part in list(schema_path)[:-1]:
            try:
                holder = holder[part]
            except (KeyError, IndexError, TypeError):
                return None
        return holder

    def detail(self, key: str, error: Any, holder: Any = None) -> str:
        """The readable detail of one validator error, built from its kind rather than the
        validator's own message, which quotes the offending value (see :func:`describe`);
        ``holder``: the schema holding the failed keyword, when the caller has it already."""
        kind = error.kind
        build = _DETAILS.get(type(kind).__name__)
        if build is None:
            return _short(f"{describe(error.instance)} breaks the contract's {_json(kind.name)} rule")
        if holder is None:
            holder = self._holder(key, error.schema_path)
        return _short(build(kind, describe(error.instance), holder))


SPEC = Spec()
SPEC.component("HandRequest")
# Every form a discriminated oneOf tells apart (the game actions), compiled now rather than at the
# first bad request that needs one (Spec.explained): the set of validators is fixed at import.
for _form in {
    form
    for schema in SPEC.document["components"]["schemas"].values()
    for form in schema.get("discriminator", {}).get("mapping", {}).values()
}:
    SPEC.component(_form.rsplit("/", 1)[1])


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
    it does not parse or nests deeper than :data:`MAX_DEPTH`.

    The body is read from ``wsgi.input`` directly: werkzeug's stream wrappers, which
    ``request.get_json()`` reads through, cost more than scoring a typical hand under gunicorn
    (measured against a direct read; docs/worst-cases.md).
    """
    req: Request = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup, not five
    environ = req.environ
    # werkzeug's is_json, read straight from the environ (same rule).
    mimetype, _, parameters = environ.get("CONTENT_TYPE", "").partition(";")
    mimetype = mimetype.strip().lower()
    if mimetype != "application/json" and not (mimetype.startswith("application/") and mimetype.endswith("+json")):
        req.on_json_loading_failed(None)  # raises 415 Unsupported Media Type
    if parameters and _charset(parameters) not in _UTF8:
        raise NotUtf8()
    if not _identity(environ.get("HTTP_CONTENT_ENCODING", "")):
        raise EncodedBody()
    setting, operation = SPEC.limits.get(operation_id or "", (DEFAULT_LIMIT, f"{req.method} {req.path}"))
    limit: int | None = current_app.config.get(BODY_LIMITS[setting])
    raw = _read_body(environ, limit, lambda: BodyTooLarge(operation, limit or 0, setting))
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as error:  # its text gives the position, never the bytes
        raise ContractViolation(
            [{"pointer": "", "detail": f"the body is not valid JSON: {_short(str(error))}"}]
        ) from None
    # Fewer brackets than the limit cannot nest past it: the walk is skipped for most bodies.
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _nested_deeper_than(raw, MAX_DEPTH):
        # The validator gives up at 255 levels with a ValueError (it was a 500), and nothing
        # the contract accepts nests more than a few levels.
        raise ContractViolation(
            [{"pointer": "", "detail": f"the body nests arrays and objects more than {MAX_DEPTH} levels deep"}]
        )
    return integral(raw, data)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
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


def body(operation_id: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a view: parse the JSON body, check it against the contract, pass it in.

    Flask itself answers 415 for a body that is not JSON and 400 for malformed JSON.
    """
    if operation_id not in SPEC.validators:
        raise KeyError(f"openapi.yaml has no request body for {operation_id}")

    bulk = SPEC.limits[operation_id][0] != DEFAULT_LIMIT

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if bulk:
                with _collector_paused():
                    data = read_json(operation_id)
                    SPEC.check(operation_id, data)
                    return view(data, *args, **kwargs)
            data = read_json(operation_id)
            SPEC.check(operation_id, data)
            return view(data, *args, **kwargs)

        return wrapper

    return decorate
