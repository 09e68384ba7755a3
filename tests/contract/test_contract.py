"""``openapi.yaml`` as client generators and ``/docs`` read it.

* The document is valid OpenAPI 3.1 (openapi-spec-validator).
* Every key of every schema object is an OpenAPI 3.1 / JSON Schema 2020-12 keyword or an ``x-``
  extension: a description written inside a YAML flow mapping and cut at its first comma makes
  a junk key (``{description: a, b}`` is the keys ``description`` and ``b``), which generators
  turn into fields.
* Every object a response can contain is a named component (no inline object under a
  component's properties, items or branches), so generators name its class after it instead of
  inventing ``GameViewClaimType0``; and every property of a response object has a description.
* Every operation has examples of its request (where it takes a body) and of its success
  answer, and every example is valid against its schema (the answers are real ones, written by
  ``benchmarks/openapi_examples.py`` from the service itself; see its test below).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from openapi_spec_validator import validate

from tests.support.contract import example_value, openapi_document

ROOT = Path(__file__).resolve().parents[2]
SPEC: dict[str, Any] = openapi_document()
COMPONENTS: dict[str, Any] = SPEC["components"]["schemas"]

KEYWORDS = {
    # JSON Schema 2020-12 (core, applicator, validation, meta-data, format, content, unevaluated)
    "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items",
    "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
    "unevaluatedItems", "unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum",
    "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
    "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
    "dependentRequired", "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
    "format", "contentEncoding", "contentMediaType", "contentSchema",
    # OpenAPI 3.1 additions to the schema object
    "discriminator", "xml", "externalDocs", "example",
}  # fmt: skip
SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
SUBSCHEMAS = (
    "not",
    "if",
    "then",
    "else",
    "items",
    "contains",
    "additionalProperties",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
)
SUBSCHEMA_MAPS = ("properties", "patternProperties", "dependentSchemas", "$defs")


def walk(schema: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object inside ``schema`` (itself included), with a path to it."""
    if not isinstance(schema, dict):
        return
    yield where, schema
    for key in SUBSCHEMA_LISTS:
        for index, part in enumerate(schema.get(key, ())):
            yield from walk(part, f"{where}/{key}/{index}")
    for key in SUBSCHEMAS:
        yield from walk(schema.get(key), f"{where}/{key}")
    for key in SUBSCHEMA_MAPS:
        for name, part in (schema.get(key) or {}).items():
            yield from walk(part, f"{where}/{key}/{name}")


def all_schemas() -> Iterator[tuple[str, dict[str, Any]]]:
    for name, schema in COMPONENTS.items():
        yield from walk(schema, f"#/components/schemas/{name}")
    for name, parameter in SPEC["components"].get("parameters", {}).items():
        yield from walk(parameter.get("schema"), f"#/components/parameters/{name}/schema")
    for path, operations in SPEC["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                yield from walk(parameter.get("schema"), f"{method} {path} parameter")
            bodies = [("request", operation.get("requestBody", {}))]
            bodies += [(status, answer) for status, answer in operation.get("responses", {}).items()]
            for label, holder in bodies:
                for media, content in holder.get("content", {}).items():
                    yield from walk(content.get("schema"), f"{method} {path} {label} {media}")


def test_the_document_is_valid_openapi_3_1() -> None:
    assert SPEC["openapi"].startswith("3.1")
    validate(SPEC)


def test_every_schema_key_is_a_keyword() -> None:
    junk = [
        (where, key)
        for where, schema in all_schemas()
        for key in schema
        if key not in KEYWORDS and not key.startswith("x-")
    ]
    assert not junk, junk


@cache
def response_components() -> set[str]:
    """Every component an answer (2xx, or a problem) can contain, through every reference."""
    found: set[str] = set()
    stack: list[Any] = []
    for operations in SPEC["paths"].values():
        for operation in operations.values():
            for answer in operation.get("responses", {}).values():
                stack += [content.get("schema") for content in answer.get("content", {}).values()]
    for answer in SPEC["components"].get("responses", {}).values():
        stack += [content.get("schema") for content in answer.get("content", {}).values()]
    while stack:
        for _, schema in walk(stack.pop(), ""):
            if "$ref" in schema:
                name = schema["$ref"].rsplit("/", 1)[1]
                if name not in found:
                    found.add(name)
                    stack.append(COMPONENTS[name])
    return found


def test_no_object_in_an_answer_is_inline() -> None:
    inline = [
        where
        for name in sorted(response_components())
        for where, schema in walk(COMPONENTS[name], name)
        if where != name
        and ("properties" in schema or schema.get("type") == "object")
        and not ("properties" not in schema and isinstance(schema.get("additionalProperties"), dict))
    ]
    assert not inline, inline


def test_every_property_of_an_answer_has_a_description() -> None:
    missing = [
        f"{name}.{prop}"
        for name in sorted(response_components())
        for branch in [COMPONENTS[name], *COMPONENTS[name].get("allOf", [])]
        for prop, schema in branch.get("properties", {}).items()
        if "description" not in schema
    ]
    assert not missing, missing


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, methods in SPEC["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


@cache
def validator(schema_json: str) -> Any:
    return jsonschema_rs.Draft202012Validator({**json.loads(schema_json), "components": SPEC["components"]})


def example_checks() -> Iterator[tuple[str, dict[str, Any], Any]]:
    for path, method, operation in operations():
        holders = [("request", operation.get("requestBody", {}))]
        holders += [(status, answer) for status, answer in operation["responses"].items() if "$ref" not in answer]
        for label, holder in holders:
            for media, content in holder.get("content", {}).items():
                if not media.endswith("json"):
                    continue
                for name, example in content.get("examples", {}).items():
                    value = example_value(SPEC, example)
                    yield f"{method} {path} {label} {name}", content["schema"], value


@pytest.mark.parametrize(("where", "schema", "value"), list(example_checks()), ids=[w for w, _, _ in example_checks()])
def test_every_example_is_valid_against_its_schema(where: str, schema: dict[str, Any], value: Any) -> None:
    errors = [error.message for error in validator(json.dumps(schema, sort_keys=True)).iter_errors(value)]
    assert not errors, errors[:3]


def test_every_operation_has_request_and_answer_examples() -> None:
    lacking = []
    for path, method, operation in operations():
        if "requestBody" in operation and not operation["requestBody"]["content"]["application/json"].get("examples"):
            lacking.append(f"{method} {path} request")
        for status, answer in operation["responses"].items():
            json_content = answer.get("content", {}).get("application/json")
            if status.startswith("2") and json_content is not None and not json_content.get("examples"):
                lacking.append(f"{method} {path} {status}")
    assert not lacking, lacking


def test_the_answer_examples_are_what_the_service_answers_now() -> None:
    from tests.support.openapi_examples import SPEC_FILE, block, current_block

    assert current_block(SPEC_FILE.read_text()) == block(), (
        "the answers changed: run `python -m tests.support.openapi_examples --write`"
    )
