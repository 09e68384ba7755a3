"""The texts an answer carries beside its structured items: names and the count as it is said.

The language is chosen once per request (``Accept-Language``, or the ``lang`` query parameter
that overrides it; English by default) by :func:`choose` in the request path, and held in a
context variable that the encoders read (:func:`language`), so every encoder of one answer
speaks the same language without passing it through every call. The words themselves are the
core's (``service.core.texts.phrases``; their sources are in ``docs/texts.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any

from ...core.cards import CARD_TEXT
from ...core.items import ScoreItem
from ...core.texts.phrases import (
    DEFAULT_LANGUAGE,
    ShowGroup,
    choose_language,
    group_name,
    item_name,
    show_groups,
    spoken_award,
    spoken_play,
    spoken_show,
)

_LANGUAGE: ContextVar[str] = ContextVar("cribbage_language", default=DEFAULT_LANGUAGE)


def pick(accept_language: str | None, override: str | None) -> str:
    """The answer's language for these headers, held nowhere (a problem's, chosen as its answer is written)."""
    if accept_language is None and override is None:
        return DEFAULT_LANGUAGE
    return choose_language(accept_language, override)


def choose(accept_language: str | None, override: str | None) -> str:
    """Choose the answer's language and hold it for the encoders (until :func:`forget`); returns it."""
    lang = pick(accept_language, override)
    _LANGUAGE.set(lang)
    return lang


def language() -> str:
    return _LANGUAGE.get()


def forget() -> None:
    """Back to the default, once an answer is encoded: a worker serves request after request in
    one context, and an encoder called outside a speaking view must not say the last one's language."""
    _LANGUAGE.set(DEFAULT_LANGUAGE)


def named_items(values: Sequence[ScoreItem]) -> list[dict[str, Any]]:
    """Score items with their display names."""
    lang = _LANGUAGE.get()
    text = CARD_TEXT.__getitem__
    return [
        {"kind": i.kind, "name": item_name(i, lang), "cards": list(map(text, i.cards)), "points": i.points}
        for i in values
    ]


def play(values: Sequence[ScoreItem], count: int, *, called_go: bool = False) -> str:
    return spoken_play(values, count, _LANGUAGE.get(), called_go=called_go)


def award(value: ScoreItem) -> str:
    return spoken_award(value, _LANGUAGE.get())


def show_texts(values: Sequence[ScoreItem], total: int) -> tuple[str, list[dict[str, Any]]]:
    """A counted show's count as it is said and its combinations (its items as players count
    them, a double run of three being one, in counting order), from one grouping of its items."""
    groups = show_groups(values)
    return spoken_show(values, total, _LANGUAGE.get(), groups), _combinations(groups)


def _combinations(groups: Sequence[ShowGroup]) -> list[dict[str, Any]]:
    lang = _LANGUAGE.get()
    text = CARD_TEXT.__getitem__
    out: list[dict[str, Any]] = []
    for group in groups:
        cards = sorted({card for item in group.items for card in item.cards})
        out.append({"name": group_name(group, lang), "points": group.points, "cards": list(map(text, cards))})
    return out
