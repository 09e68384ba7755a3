"""The ``default`` of every request member the contract declares one, written into a valid body
(:class:`Defaults`): the contract's validator (:mod:`.contract`) checks, this fills.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema_rs

Filler = Callable[[Any], None]


def _is_mutable(value: Any) -> bool:
    return isinstance(value, (list, dict))


def _by_tag(tag_name: str, forms: dict[str, Filler]) -> Filler:
    def fill(data: Any) -> None:
        form = forms.get(data.get(tag_name))
        if form is not None:
            form(data)

    return fill


def _first_fitting(branches: list[tuple[Callable[[Any], bool], Filler]]) -> Filler:
    def fill(data: Any) -> None:
        for fits, filler in branches:
            if fits(data):
                filler(data)
                return

    return fill


def _each(filler: Filler) -> Filler:
    def fill(data: Any) -> None:
        for item in data:
            filler(item)

    return fill


def _each_value(filler: Filler) -> Filler:
    def fill(data: Any) -> None:
        for value in data.values():
            filler(value)

    return fill


def _all(fillers: list[Filler]) -> Filler:
    def fill(data: Any) -> None:
        for filler in fillers:
            filler(data)

    return fill


class Defaults:
    """The ``default`` of every member the contract declares one for, written into a valid body
    where the member is left out, as connexion fills them: after validation, so a default never
    has to pass the schema itself, and nested (a default object gets its own members' defaults).

    One filler per component, compiled once from the schemas: an object's defaults and the
    fillers of its members; an array's filler of its items; a map's (``additionalProperties``)
    of its values; a discriminated ``oneOf``'s of the form its tag names; an ``allOf``'s of every
    part. A schema with no default anywhere below it has no filler at all, so a body without
    defaults (a game move) costs one dictionary lookup. The contract writes a request member's
    default one level down, ``allOf: [{default: ...}]`` beside the member's own keywords (the
    same annotation to JSON Schema; openapi-typescript, which makes a member with a ``default``
    of its own required, then types it optional as it is: ``tests/contract/test_split_schemas.py``);
    a member's own ``default``, or that of the component it refers to, is read too.

    >>> defaults = Defaults({"schemas": {"A": {"type": "object", "properties": {"n": {"allOf": [{"default": 3}]},
    ...     "b": {"$ref": "#/components/schemas/B", "default": {}}}}, "B": {"properties": {"k": {"default": []}}}}})
    >>> body = {}
    >>> defaults.fill("A", body)
    >>> body
    {'n': 3, 'b': {'k': []}}
    >>> sorted(defaults.declared())
    [('A', 'b', {}), ('A', 'n', 3), ('B', 'k', [])]
    """

    def __init__(self, components: dict[str, Any]) -> None:
        self.everything = components
        self.components: dict[str, Any] = components["schemas"]
        self._fillers: dict[str, Filler | None] = {}

    def declared(self) -> Iterator[tuple[str, str, Any]]:
        """Every (component, member, default) the fillers write."""
        for name, schema in self.components.items():
            for member, sub in schema.get("properties", {}).items():
                found = self._default(sub)
                if found:
                    yield name, member, found[0]

    def fill(self, component: str, data: Any) -> None:
        """Write the defaults of ``component`` into ``data`` (valid against it), in place."""
        filler = self.filler(component)
        if filler is not None:
            filler(data)

    def filler(self, component: str) -> Filler | None:
        if component not in self._fillers:
            self._fillers[component] = None  # a component that refers to itself fills once per level
            self._fillers[component] = self._compile(self.components[component])
        return self._fillers[component]

    def _validator(self, schema: dict[str, Any]) -> Any:
        return jsonschema_rs.Draft202012Validator({**schema, "components": self.everything})

    def _default(self, schema: dict[str, Any]) -> tuple[Any, ...]:
        """``(default,)`` of a member, or ``()``: its own, one in its ``allOf``, or its component's."""
        for part in (schema, *schema.get("allOf", ())):
            if isinstance(part, dict) and "default" in part:
                return (part["default"],)
        if "$ref" in schema:
            return self._default(self.components[schema["$ref"].rsplit("/", 1)[1]])
        return ()

    def _compile(self, schema: Any) -> Filler | None:
        if not isinstance(schema, dict):
            return None
        if "$ref" in schema:
            return self.filler(schema["$ref"].rsplit("/", 1)[1])
        parts = [filler for part in schema.get("allOf", ()) if (filler := self._compile(part)) is not None]
        discriminator = schema.get("discriminator")
        if discriminator is not None:
            forms = {
                tag: filler
                for tag, ref in discriminator["mapping"].items()
                if (filler := self.filler(ref.rsplit("/", 1)[1])) is not None
            }
            if forms:
                parts.append(_by_tag(discriminator["propertyName"], forms))
        else:
            for keyword in ("oneOf", "anyOf"):
                branches = [
                    (self._validator(branch).is_valid, filler)
                    for branch in schema.get(keyword, ())
                    if (filler := self._compile(branch)) is not None
                ]
                if branches:  # the form the body is (it is valid: one fits), found as the contract finds it
                    parts.append(_first_fitting(branches))
        own = self._object(schema)
        if own is not None:
            parts.append(own)
        items = self._compile(schema.get("items"))
        if items is not None:
            parts.append(_each(items))
        values = self._compile(schema.get("additionalProperties"))
        if values is not None:
            parts.append(_each_value(values))
        if len(parts) <= 1:
            return parts[0] if parts else None
        return _all(parts)

    def _object(self, schema: dict[str, Any]) -> Filler | None:
        """The filler of an object's own members: their defaults, then what fills each of them."""
        written: list[tuple[str, Any, bool]] = []
        members: list[tuple[str, Filler]] = []
        for name, sub in schema.get("properties", {}).items():
            found = self._default(sub)
            if found:
                written.append((name, found[0], _is_mutable(found[0])))
            filler = self._compile(sub)
            if filler is not None:
                members.append((name, filler))
        if not written and not members:
            return None

        def fill(data: Any) -> None:
            for name, default, mutable in written:
                if name not in data:
                    data[name] = copy.deepcopy(default) if mutable else default
            for name, filler in members:
                value = data.get(name)
                if value is not None:
                    filler(value)

        return fill


__all__ = ["Defaults", "Filler"]
