"""The wire format: every conversion between JSON and the core's domain values, in one place.

The core returns domain values (frozen dataclasses, cards as :class:`~service.core.cards.Card`)
and knows no JSON; this package is the only code that does. One module per resource, each in
the same two-part style:

* **In: marshmallow.** A request body reaches a view only after ``openapi.yaml`` has accepted
  it (``service/api/spec.py``); a marshmallow schema per request component then turns the
  dict into domain values (``post_load`` builds the value; it holds no rules logic: that is
  the core's). A marshmallow error after the contract passed means the two drifted, and is a
  500 that schemathesis reports.
* **Out: encoder functions.** A plain function per response component turns a domain value
  into the dict the contract describes. Not marshmallow: its ``dump`` measured 6-9 times the
  cost of a plain function on the score and game answers (docs/worst-cases.md), and the
  answers need no validation on the way out (schemathesis holds them to the contract).

Both sides register the component they stand for (:func:`request_schema`, :func:`encoder`),
and ``tests/test_wire_contract.py`` checks every registration against ``openapi.yaml``: a
schema's fields are the component's properties, an encoder's answers are valid and use every
property, so drift fails a test instead of a request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from marshmallow import Schema

F = TypeVar("F", bound=Callable[..., Any])
S = TypeVar("S", bound=type[Schema])

REQUEST_SCHEMAS: dict[str, type[Schema]] = {}
ENCODERS: dict[str, Callable[..., Any]] = {}


def request_schema(component: str) -> Callable[[S], S]:
    """Register a marshmallow schema as the loader of ``components.schemas[component]``."""

    def register(schema: S) -> S:
        REQUEST_SCHEMAS[component] = schema
        return schema

    return register


def encoder(component: str) -> Callable[[F], F]:
    """Register a function as the encoder of ``components.schemas[component]``."""

    def register(function: F) -> F:
        ENCODERS[component] = function
        return function

    return register
