"""Wire shapes shared by every resource: cards, score items, rules and options, outcomes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...core.cards import CARD_TEXT, Card, parse_card
from ...core.errors import CribbageError, InvalidRules
from ...core.items import ScoreItem
from ...core.refusals import said
from ...core.rules import OPTION_NAMES, Rules, changes, normal_value, resolve
from ...core.scoring.outcome import Outcome
from . import encoder, texts


def cards(values: Iterable[Card]) -> list[str]:
    """Cards in their canonical spelling (``10H``, ``JD``)."""
    return list(map(CARD_TEXT.__getitem__, values))


def card_or_none(card: Card | None) -> str | None:
    return None if card is None else CARD_TEXT[card]


@encoder("ScoreItem")
def item(value: ScoreItem) -> dict[str, Any]:
    return texts.named_items((value,))[0]


def items(values: Sequence[ScoreItem]) -> list[dict[str, Any]]:
    """Score items, each with its display name in the answer's language."""
    return texts.named_items(values)


@encoder("Rules")
def rules(value: Rules) -> dict[str, Any]:
    """Every field of a rule set, tuples as lists."""
    return {
        name: list(v) if isinstance(v, tuple) else v
        for name in Rules.__dataclass_fields__
        for v in (getattr(value, name),)
    }


def options(value: Rules) -> dict[str, Any]:
    """The options that make ``value`` from its preset (:func:`~service.core.rules.changes`)."""
    return {name: list(v) if isinstance(v, tuple) else v for name, v in changes(value)}


@encoder("Outcome")
def outcome(value: Outcome) -> dict[str, Any]:
    return {
        "scores": list(value.scores),
        "winner": value.winner,
        "draw": value.draw,
        "margin": value.margin,
        "skunk": value.skunk,
        "skunk_level": value.skunk_level,
        "skunked": list(value.skunked),
        "game_points": list(value.game_points),
        "spread": list(value.spread),
        "scheme": value.scheme,
        "skunk_lines": list(value.skunk_lines),
        "fixed_deals": value.fixed_deals,
        "conceded_by": value.conceded_by,
    }


def card_list(texts: Iterable[str]) -> tuple[Card, ...]:
    """Cards from their texts, in any accepted spelling (the contract has checked each)."""
    return tuple([parse_card(text) for text in texts])


def named_rules(data: dict[str, Any]) -> Rules:
    """The rules a request names with ``variant`` (its default filled from the contract) and ``options``."""
    return resolve(data["variant"], data.get("options"))


__all__ = [
    "cards",
    "card_or_none",
    "item",
    "items",
    "rules",
    "options",
    "outcome",
    "card_list",
    "named_rules",
    "OPTION_NAMES",
    "at_shortcut",
]


# Top-level request shortcuts and the option each stands for.
SHORTCUTS = {
    "target": "target",
    "scheme": "game_point_scheme",
    "tiebreakers": "tiebreakers",
    "fixed_deals": "fixed_deals",
}


def at_shortcut(error: CribbageError, options: Mapping[str, Any] | None, shortcuts: Mapping[str, Any]) -> CribbageError:
    """``error`` pointing at the top-level shortcut (``/fixed_deals``) when the option it points at
    (``/options/fixed_deals``) came from that shortcut and not from ``options``: the place the
    request has it."""
    for shortcut, value in shortcuts.items():
        option = SHORTCUTS[shortcut]
        if value is not None and error.pointer == f"/options/{option}" and option not in (options or {}):
            error.pointer = f"/{shortcut}"
    return error


def merge_shortcuts(options: Mapping[str, Any] | None, shortcuts: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with the request's top-level shortcuts (``target``, ``scheme``,
    ``tiebreakers``, ``fixed_deals``; ``None`` means absent) folded in; a shortcut that
    contradicts its option is an :class:`InvalidRules` pointing at the shortcut.

    >>> merge_shortcuts({"muggins": True}, {"scheme": "bar_league", "target": None})
    {'muggins': True, 'game_point_scheme': 'bar_league'}
    """
    merged = dict(options or {})
    for shortcut, value in shortcuts.items():
        if value is None:
            continue
        option = SHORTCUTS[shortcut]
        if option in merged and normal_value(merged[option]) != normal_value(value):
            raise InvalidRules(said("options_disagree", shortcut=shortcut, option=option), pointer=f"/{shortcut}")
        merged[option] = value
    return merged
