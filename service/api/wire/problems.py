"""Wire shapes of problem documents: the registered type, the title and detail in the answer's language.

Every document is built by :func:`problem_body` from a slug of the registry
(:mod:`.problem_types`: the type, the status and the title in each language), so no answer can
carry a type that is not registered. A core error may carry domain values for the client (the
legal actions of a refused move, the cards a seat could have played); they are encoded here, by
type, like every other answer. A rules error's detail is said in the answer's language from its
refusal (``service.core.texts.refusals``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.cards import Card
from ...core.errors import CribbageError
from ...core.game.actions import Action
from ...core.scoring.sequence import PlayEntry
from ...core.texts.phrases import DEFAULT_LANGUAGE
from ...core.texts.refusals import detail as said_in
from ...core.texts.refusals import said_as
from ..contract import ContractViolation, short
from . import encoder
from .contract_texts import in_language as contract_said
from .games import action
from .pegging import play_entry
from .problem_types import PROBLEM_TYPE, PROBLEM_TYPES

__all__ = ["PROBLEM_TYPE", "contract_problem", "errors_said", "member", "problem_body", "rules_problem"]

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
def problem_body(slug: str, detail: str | None = None, *, lang: str = DEFAULT_LANGUAGE, **extra: Any) -> dict[str, Any]:
    """The problem document of the registered type ``slug``, its title in ``lang``."""
    kind = PROBLEM_TYPES[slug]
    body: dict[str, Any] = {"type": PROBLEM_TYPE + slug, "title": kind.titles[lang], "status": kind.status}
    if detail:
        body["detail"] = detail
    for name, value in extra.items():
        body[name] = member(value)
    return body


def errors_said(errors: Sequence[Mapping[str, Any]], say: Callable[[Any], str]) -> list[dict[str, Any]]:
    """``errors`` (``{pointer, detail}``, the detail as data or as text) with each detail said by
    ``say`` (in the answer's language)."""
    return [{**e, "detail": say(e["detail"])} for e in errors]


def rules_problem(error: CribbageError, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The problem of a rules error (a 422), for a response or a batch entry, in ``lang``:
    its detail and each of its ``errors``."""
    extra = dict(error.extra)
    detail = said_in(error, lang)
    if "errors" in extra:
        extra["errors"] = errors_said(extra["errors"], lambda words: said_as(words, lang))
    if error.pointer is not None:
        extra = {"errors": [{"pointer": error.pointer, "detail": detail}], **extra}
    return problem_body(error.slug, detail, lang=lang, **extra)


def _placed(error: Mapping[str, Any]) -> str:
    """A contract error as the problem's detail says it: after where it is (its pointer,
    ``?lang`` for a query parameter), or alone for the whole body (pointer ``""``: ``/``
    would be another pointer, a member named by the empty string)."""
    where = "?" + error["parameter"] if "parameter" in error else error["pointer"]
    return f"{where}: {error['detail']}" if where else error["detail"]


def contract_problem(error: ContractViolation, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The problem of a body that breaks the contract (a 400), for a response or a batch entry,
    in ``lang``: the title, each error's detail (:mod:`.contract_texts`) and the problem's (the
    first five of them), the pointers and the contract's own names and limits as they are."""
    errors = errors_said(error.errors, lambda words: short(contract_said(words, lang)))
    detail = "; ".join(_placed(e) for e in errors[:5])
    extra: dict[str, Any] = {"errors": errors}
    if error.truncated:
        extra["truncated"] = True
    return problem_body("contract-violation", detail, lang=lang, **extra)
