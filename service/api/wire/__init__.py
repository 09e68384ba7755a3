"""The wire format: every conversion between JSON and the core's domain values, in one place.

The core returns domain values (frozen dataclasses, cards as :class:`~service.core.cards.Card`)
and knows no JSON; this package is the only code that does. One module per resource, each in
the same two-part style:

* **In: loaders.** A request body reaches a loader only after ``openapi.yaml`` has accepted it
  and its defaults have been written in from the contract (:mod:`service.api.loading`); a plain
  function per request component then turns the dict into domain values. It reads every member
  the contract gives a default as present, and writes no default of its own (a test holds the
  wire code to that); what it computes from other members (a board's rules, the seat of the
  player to act) is the core's. A loader holds no rules logic: that is the core's too.
* **Out: encoder functions.** A plain function per response component turns a domain value
  into the dict the contract describes. Not marshmallow: its ``dump`` measured 6-9 times the
  cost of a plain function on the score and game answers (docs/worst-cases.md), and the
  answers need no validation on the way out (schemathesis holds them to the contract).

Why plain functions both ways and not marshmallow: the contract already validates every
request, so a marshmallow schema would only convert, and its ``load`` measured 14 to 20 times
a plain loader's cost, its ``dump`` 6 to 9 times an encoder's (the figures:
``docs/worst-cases.md``; the choice: ``docs/architecture.md``).

Both sides register the component they stand for (:func:`loader`, :func:`encoder`), and
``tests/contract/test_wire_contract.py`` checks every registration against ``openapi.yaml``: every
request body has a loader, an encoder's answers are valid and use every property, so drift
fails a test instead of a request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

LOADERS: dict[str, Callable[[Any], Any]] = {}
ENCODERS: dict[str, Callable[..., Any]] = {}


def loader(component: str) -> Callable[[F], F]:
    """Register a function as the loader of ``components.schemas[component]``: a body the
    contract accepted, its defaults filled, in; core values out."""

    def register(function: F) -> F:
        LOADERS[component] = function
        return function

    return register


def encoder(component: str) -> Callable[[F], F]:
    """Register a function as the encoder of ``components.schemas[component]``."""

    def register(function: F) -> F:
        ENCODERS[component] = function
        return function

    return register
