"""Wire shapes of the members a rules error carries into its problem document.

A core error may carry domain values for the client (the legal actions of a refused move, the
cards a seat could have played); they are encoded here, by type, like every other answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.cards import Card
from ...core.errors import CribbageError
from ...core.game.actions import Action
from ...core.scoring.sequence import PlayEntry
from ..contract import ContractViolation
from . import encoder
from .games import action
from .pegging import play_entry

PROBLEM_TYPE = "urn:cribbage:problem:"

_BY_TYPE: dict[type, Callable[[Any], Any]] = {Action: action, PlayEntry: play_entry, Card: str}


def member(value: Any) -> Any:
    """A problem member in its wire form: domain values encoded, sequences as lists."""
    encode = _BY_TYPE.get(type(value))
    if encode is not None:
        return encode(value)
    if isinstance(value, (list, tuple)):
        return [member(v) for v in value]
    return value


@encoder("Problem")
def problem_body(
    status: int, title: str, detail: str | None = None, *, slug: str | None = None, **extra: Any
) -> dict[str, Any]:
    """A problem document. ``slug`` becomes ``urn:cribbage:problem:<slug>``."""
    body: dict[str, Any] = {"type": PROBLEM_TYPE + slug if slug else "about:blank", "title": title, "status": status}
    if detail:
        body["detail"] = detail
    for name, value in extra.items():
        body[name] = member(value)
    return body


def rules_problem(error: CribbageError) -> dict[str, Any]:
    """The problem of a rules error (a 422), for a response or a batch entry."""
    extra = dict(error.extra)
    if error.pointer is not None:
        extra = {"errors": [{"pointer": error.pointer, "detail": error.message}], **extra}
    return problem_body(422, error.title, error.message, slug=error.slug, **extra)


def contract_problem(error: ContractViolation) -> dict[str, Any]:
    """The problem of a body that breaks the contract (a 400), for a response or a batch entry."""
    detail = "; ".join(f"{e['pointer'] or '/'}: {e['detail']}" for e in error.errors[:5])
    extra: dict[str, Any] = {"errors": error.errors}
    if error.truncated:
        extra["truncated"] = True
    return problem_body(400, "The request breaks the API contract", detail, slug="contract-violation", **extra)
