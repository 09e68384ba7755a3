"""The contract at run time: ``openapi.yaml`` compiled, explained and used to fill defaults.

The yaml is the source of truth. Each operation's request body schema is compiled once at
import (so ``--preload`` shares it across gunicorn workers) with jsonschema-rs, the
validator schemathesis itself uses. :meth:`Spec.check` raises :class:`ContractViolation`
with a JSON pointer and a readable detail for every offending field; :meth:`.contract_defaults.Defaults.fill` (``SPEC.defaults``) then
writes into a valid body every ``default`` the contract declares for a member left out, so
no default is written anywhere else (:mod:`.loading` puts the two before the wire loaders).
Reading the body itself (limits, charsets, chunking, nesting depth) is :mod:`.http.bodies`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import orjson
import yaml

from ..core.refusals import Choices, Said
from .contract_defaults import Defaults
from .wire.contract_texts import english, said

SPEC_PATH = Path(os.environ.get("CRIBBAGE_OPENAPI_PATH", Path(__file__).resolve().parents[2] / "openapi.yaml"))

MAX_ERRORS = 20  # a body with thousands of bad items must not get a megabyte of answer
MAX_MESSAGE = (
    400  # a detail names constraints from the contract, which may be long (an enum, the members an object takes)
)


class ContractViolation(Exception):
    """A request body that breaks ``openapi.yaml``; ``errors`` holds ``{pointer, detail}``
    (at most :data:`MAX_ERRORS` of them; ``truncated`` says whether there were more), each detail
    as data (:mod:`.wire.contract_texts`), said in the answer's language; the message is English."""

    def __init__(self, errors: list[dict[str, Any]], truncated: bool = False) -> None:
        super().__init__(english(errors[0]["detail"]) if errors else "invalid body")
        self.errors = errors
        self.truncated = truncated


# The settings a body limit can come from (an operation names one with ``x-body-limit`` in the
# contract; the rest have the first), and the app config key each is kept under (app.py).
BODY_LIMITS = {
    "CRIBBAGE_MAX_BODY_BYTES": "MAX_CONTENT_LENGTH",
    "CRIBBAGE_MAX_EVENT_BODY_BYTES": "MAX_EVENT_CONTENT_LENGTH",
}
DEFAULT_LIMIT = "CRIBBAGE_MAX_BODY_BYTES"


def short(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


def _counted(kind: str, count: int) -> Said:
    return said(f"value_{kind}_1") if count == 1 else said(f"value_{kind}", count=count)


def describe(value: Any) -> Said | str:
    """How a detail refers to a value from the body: numbers, booleans and null as they are,
    anything else by its kind and size (said in the answer's language). A string is never
    quoted: it may be a state token or another secret, and an error message travels further
    (logs, proxies, screenshots) than the request did; the pointer already tells the client
    which of its values it is.

    >>> [english(describe(v)) for v in ("gAAAAABsecret", [1, 2], {"a": 1}, 7, None)]
    ['a string of 13 characters', 'an array of 2 items', 'an object with 1 member', '7', 'null']
    """
    if value is None or isinstance(value, (bool, int, float)):
        return orjson.dumps(value).decode()
    if isinstance(value, str):
        return _counted("string", len(value))
    if isinstance(value, list):
        return _counted("array", len(value))
    if isinstance(value, dict):
        return _counted("object", len(value))
    return said("value_other")


def _json(value: Any) -> str:
    """A value from the contract itself (a type name, an enum option, a pattern), quoted as JSON."""
    return orjson.dumps(value).decode()


def _takes(schema: Any) -> Said | str:
    names = sorted(schema.get("properties", {})) if isinstance(schema, dict) else []
    return said("takes", names=", ".join(names)) if names else ""


# What a mistyped member name looks like (snake_case or camelCase words, at most 20 characters):
# never a secret, all of which are longer (a credential is 24 characters, a token over 100).
_NAME_LIKE = re.compile(r"(?=.{1,20}$)[a-z]+(?:_[a-z]+)*(?:[A-Z][a-z]+)*")


def _unexpected(names: Any, takes: Said | str) -> Said:
    """The members the contract does not take: named when they look like names (a typo such as
    ``credentail``, a camelCase ``sinceMove``), else only counted, as :func:`describe` would.

    >>> [english(_unexpected(n, "")) for n in (["extra"], ["sinceMove", "x1"], ["kQzRvTbWhNpLsXyMaJdGfEcU"])]
    ['property "extra" not allowed here', '2 properties ("sinceMove" and 1 more) not allowed here', \
'1 property not allowed here']
    """
    shown = [name for name in names if isinstance(name, str) and _NAME_LIKE.fullmatch(name)]
    if len(names) == 1:
        return said("extra_named", name=_json(shown[0]), takes=takes) if shown else said("extra_one", takes=takes)
    if not shown:
        return said("extra_many", count=len(names), takes=takes)
    rest = len(names) - len(shown)
    listed: Said | str = ", ".join(map(_json, shown))
    if rest:
        listed = said("and_more", names=listed, rest=rest)
    return said("extra_named_many", count=len(names), names=listed, takes=takes)


def _options(values: Any) -> str:
    return ", ".join(map(_json, values))


# One template per JSON Schema keyword the contract uses (service/api/wire/contract_texts.py):
# the detail says what the contract wants, and refers to the offending value only through
# describe(). Keyed by jsonschema-rs's error kind.
_DETAILS: dict[str, Callable[[Any, Said | str, Any], Said]] = {
    "Type": lambda kind, value, _: said("type", value=value, types=Choices(tuple(map(_json, kind.types)))),
    "Required": lambda kind, value, _: said("required", name=_json(kind.property)),
    "AdditionalProperties": lambda kind, value, parent: _unexpected(kind.unexpected, _takes(parent)),
    "Enum": lambda kind, value, _: said("enum", value=value, options=_options(kind.options)),
    "Constant": lambda kind, value, _: said("const", expected=_json(kind.expected_value), value=value),
    "Pattern": lambda kind, value, _: said("pattern", value=value, pattern=_json(kind.pattern)),
    "MinLength": lambda kind, value, _: said("min_length", value=value, limit=kind.limit),
    "MaxLength": lambda kind, value, _: said("max_length", value=value, limit=kind.limit),
    "MinItems": lambda kind, value, _: said("min_items", value=value, limit=kind.limit),
    "MaxItems": lambda kind, value, _: said("max_items", value=value, limit=kind.limit),
    "Minimum": lambda kind, value, _: said("minimum", value=value, limit=kind.limit),
    "Maximum": lambda kind, value, _: said("maximum", value=value, limit=kind.limit),
    "ExclusiveMinimum": lambda kind, value, _: said("exclusive_minimum", value=value, limit=kind.limit),
    "ExclusiveMaximum": lambda kind, value, _: said("exclusive_maximum", value=value, limit=kind.limit),
    "UniqueItems": lambda kind, value, _: said("unique_items", value=value),
    "OneOfNotValid": lambda kind, value, _: said("one_of_none", value=value),
    "OneOfMultipleValid": lambda kind, value, _: said("one_of_many", value=value),
    "AnyOf": lambda kind, value, _: said("any_of", value=value),
}


def _pointer(path: Any) -> str:
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in path) if path else ""


def _at(error: Any) -> str:
    """The pointer of what ``error`` is about, below the value it was found in: a member left out
    is pointed at where it belongs (``/state``), not at the object that lacks it."""
    path = list(error.instance_path)
    if type(error.kind).__name__ == "Required":
        path.append(error.kind.property)
    return _pointer(path)


def _refs(schema: Any) -> Iterator[str]:
    """Every ``$ref`` in ``schema``, at any depth."""
    if isinstance(schema, dict):
        if isinstance(schema.get("$ref"), str):
            yield schema["$ref"]
        for value in schema.values():
            yield from _refs(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _refs(value)


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
        # operationId -> the component its body is (``HandRequest``), whose loader turns it into core values
        self.bodies: dict[str, str] = {}
        self.defaults = Defaults(self.document["components"])
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
                    self.bodies[operation["operationId"]] = content["schema"]["$ref"].rsplit("/", 1)[1]

    def _compile(self, key: str, schema: dict[str, Any]) -> None:
        self.schemas[key] = schema
        self.validators[key] = jsonschema_rs.Draft202012Validator(schema)

    def component(self, name: str) -> Any:
        """A compiled validator for ``components.schemas[name]`` (for items checked one by one)."""
        key = "#/components/schemas/" + name
        if key not in self.validators:
            self._compile(key, {"$ref": key, "components": self._needed({"$ref": key})})
        return self.validators[key]

    def check(self, operation_id: str, data: Any, prefix: str = "") -> None:
        """Raise :class:`ContractViolation` unless ``data`` fits the operation's body schema
        (or, for a key starting ``#/``, that component); pointers start with ``prefix``."""
        validator = self.validators[operation_id]
        if validator.is_valid(data):
            return
        errors: list[dict[str, Any]] = []
        truncated = False
        for error in validator.iter_errors(data):
            for pointer, detail in self.explained(operation_id, error, prefix + _at(error)):
                if len(errors) == MAX_ERRORS:
                    truncated = True
                    break
                errors.append({"pointer": pointer, "detail": detail})
            if truncated:
                break
        raise ContractViolation(sorted(errors, key=lambda e: e["pointer"]), truncated)

    def explained(self, key: str, error: Any, pointer: str) -> Iterator[tuple[str, Said]]:
        """``error`` as (pointer, detail) pairs. A value that matches none of a ``oneOf`` told
        apart by a ``discriminator`` (a game action's ``type``) is explained by its tag: an
        unknown or missing tag names the tags there are; a known one, what that form's own
        schema finds wrong (``card`` missing from a ``play``), rather than that no form fits."""
        holder = self._holder(key, error.schema_path)
        instance = error.instance
        discriminator = holder.get("discriminator") if isinstance(holder, dict) else None
        if type(error.kind).__name__ == "OneOfNotValid" and isinstance(holder, dict) and not discriminator:
            closest = self._closest(holder.get("oneOf"), instance)
            if closest is not None:
                form, errors = closest
                for sub in errors:
                    yield pointer + _at(sub), self.detail(form, sub)
                return
        if type(error.kind).__name__ != "OneOfNotValid" or not isinstance(instance, dict) or not discriminator:
            yield pointer, self.detail(key, error, holder)
            return
        tag_name, mapping = discriminator["propertyName"], discriminator["mapping"]
        tag = instance.get(tag_name)
        if isinstance(tag, str) and tag in mapping:
            form = mapping[tag]
            for sub in self.component(form.rsplit("/", 1)[1]).iter_errors(instance):
                yield pointer + _at(sub), self.detail(form, sub)
            return
        tags = _options(mapping)
        if tag_name not in instance:
            yield f"{pointer}/{tag_name}", said("tag_missing", tag=_json(tag_name), tags=tags)
        else:
            yield f"{pointer}/{tag_name}", said("tag_unknown", tag=_json(tag_name), tags=tags, value=describe(tag))

    def _closest(self, forms: Any, instance: Any) -> tuple[str, list[Any]] | None:
        """For a value that matches none of the ``forms`` of a ``oneOf`` without a tag (a pegging
        play's ``{seat, card}`` or ``{seat, go}``): the one form it comes closest to, with what
        that form finds wrong, so the errors name the member at fault (``/plays/0/card``). The
        closest is, among the forms of the value's own JSON type, the one that names the most of
        its members, then the one with the fewest errors; ``None`` (the plain "matches none") when
        no single form is closest."""
        if not isinstance(forms, list):
            return None
        ranked = []
        for form in forms:
            name, validator = self.form(form)
            schema = self.document["components"]["schemas"].get(name.rsplit("/", 1)[1], {}) if "$ref" in form else form
            errors = list(validator.iter_errors(instance))
            if not any(not list(e.instance_path) and type(e.kind).__name__ == "Type" for e in errors):
                named = len(set(instance) & set(schema.get("properties", {}))) if isinstance(instance, dict) else 0
                ranked.append(((-named, len(errors)), name, errors))
        ranked.sort(key=lambda r: r[0])
        if not ranked or (len(ranked) > 1 and ranked[1][0] == ranked[0][0]):
            return None
        return ranked[0][1], ranked[0][2]

    def form(self, form: dict[str, Any]) -> tuple[str, Any]:
        """One form of a ``oneOf``: its key (a component's, or for a form written in place the form
        itself) and its compiled validator."""
        if set(form) == {"$ref"}:
            return form["$ref"], self.component(form["$ref"].rsplit("/", 1)[1])
        name = "#/oneOf/" + orjson.dumps(form, option=orjson.OPT_SORT_KEYS).decode()
        if name not in self.validators:
            self._compile(name, {**form, "components": self._needed(form)})
        return name, self.validators[name]

    def _needed(self, schema: Any) -> dict[str, Any]:
        """The components ``schema`` reaches through its ``$ref``s, alone: a validator compiled
        for one form carries only those (the whole set is about 2.6 MB a validator)."""
        schemas = self.document["components"]["schemas"]
        seen: set[str] = set()
        todo = [ref.rsplit("/", 1)[1] for ref in _refs(schema)]
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += [ref.rsplit("/", 1)[1] for ref in _refs(schemas[name])]
        return {"schemas": {name: schemas[name] for name in sorted(seen)}}

    def _holder(self, key: str, schema_path: Any) -> Any:
        """The schema holding the keyword at ``schema_path`` (its last part), or ``None``."""
        holder: Any = self.schemas[key]
        for part in list(schema_path)[:-1]:
            try:
                holder = holder[part]
            except (KeyError, IndexError, TypeError):
                return None
        return holder

    def detail(self, key: str, error: Any, holder: Any = None) -> Said:
        """The detail of one validator error as data (said in the answer's language, and cut
        to :data:`MAX_MESSAGE` then: :func:`short`), built from its kind rather than the
        validator's own message, which quotes the offending value (see :func:`describe`);
        ``holder``: the schema holding the failed keyword, when the caller has it already."""
        kind = error.kind
        build = _DETAILS.get(type(kind).__name__)
        if build is None:
            return said("other_rule", value=describe(error.instance), keyword=_json(kind.name))
        if holder is None:
            holder = self._holder(key, error.schema_path)
        return build(kind, describe(error.instance), holder)


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


def _untagged(schema: Any) -> Iterator[dict[str, Any]]:
    """Every form of every ``oneOf`` without a ``discriminator`` in ``schema``, at any depth."""
    if isinstance(schema, dict):
        if isinstance(schema.get("oneOf"), list) and "discriminator" not in schema:
            yield from (form for form in schema["oneOf"] if isinstance(form, dict))
        for value in schema.values():
            yield from _untagged(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _untagged(value)


def _requested(spec: Spec) -> list[Any]:
    """The component schemas a request body can reach (answers never need explaining)."""
    bodies = [{"$ref": "#/components/schemas/" + name} for name in sorted(set(spec.bodies.values()))]
    return list(spec._needed(bodies)["schemas"].values())


# And every form of a request's oneOf told apart by its closest form (Spec._closest), for the same reason.
for _form in _untagged(_requested(SPEC)):
    SPEC.form(_form)
