"""Wire shapes of pegging: one card onto a count, and a whole play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ...core.cards import Card, parse_card
from ...core.items import ScoreItem
from ...core.rules import Rules, rules_for_table
from ...core.scoring.pegging import PlayStep
from ...core.scoring.sequence import CardScore, PlayInput, SequenceScore
from . import encoder, loader, texts
from .common import card_list, cards, items


@dataclass(frozen=True, slots=True)
class SequenceRequest:
    rules: Rules
    leader: int
    plays: tuple[PlayInput, ...]
    hands: tuple[tuple[Card, ...], ...] | None


class CardRequest(NamedTuple):
    pile: tuple[Card, ...]
    card: Card


@loader("PeggingCardRequest")
def load_card(data: dict[str, Any]) -> CardRequest:
    return CardRequest(card_list(data["pile"]), parse_card(data["card"]))


@loader("PeggingPlay")
def load_play(data: dict[str, Any]) -> PlayInput:
    """``{seat, card}`` or ``{seat, go: true}``, loaded as ``(seat, card or None)``."""
    card = data.get("card")
    return data["seat"], None if card is None else parse_card(card)


@loader("PeggingSequenceRequest")
def load_sequence(data: dict[str, Any]) -> SequenceRequest:
    hands = data.get("hands")
    return SequenceRequest(
        rules_for_table(data["players"], data.get("variant"), data.get("options")),
        data["leader"],
        tuple([load_play(play) for play in data["plays"]]),
        None if hands is None else tuple([card_list(hand) for hand in hands]),
    )


@encoder("PeggingCardScore")
def card_score(score: CardScore) -> dict[str, Any]:
    return {
        "points": score.points,
        "items": items(score.items),
        "count": score.count,
        "pile": cards(score.pile),
        "spoken": texts.play(score.items, score.count),
    }


def play_entry(entry: PlayInput) -> dict[str, Any]:
    """A play entry in the shape a client sends: ``{seat, card}`` or ``{seat, go: true}``."""
    seat, card = entry
    return {"seat": seat, "go": True} if card is None else {"seat": seat, "card": str(card)}


@encoder("PeggingScoreItem")
def scored_item(seat: int, item: ScoreItem) -> dict[str, Any]:
    return {"seat": seat, **texts.named_items((item,))[0]}


@encoder("PeggingStep")
def step(index: int, value: PlayStep) -> dict[str, Any]:
    return {
        "index": index,
        "seat": value.seat,
        "card": None if value.card is None else str(value.card),
        "go": value.card is None,
        "count": value.count,
        "points": sum(item.points for _, item in value.scores),
        "items": [scored_item(seat, item) for seat, item in value.scores],
        "spoken": texts.play([item for _, item in value.scores], value.count, called_go=value.card is None),
        "reset": value.reset,
        "play_over": value.play_over,
    }


@encoder("PeggingSequence")
def sequence(score: SequenceScore) -> dict[str, Any]:
    final = score.final
    return {
        "variant": score.rules.name,
        "players": score.rules.players,
        "leader": score.leader,
        "plays": [step(index, value) for index, value in enumerate(score.steps)],
        "resets": list(score.resets),
        "totals": {"seats": list(score.seat_totals()), "sides": list(score.side_totals())},
        "complete": score.complete,
        "turn": final.turn,
        "count": final.count,
        "pile": cards(final.pile),
        "held": list(final.held),
        "hands": None if final.hands is None else [cards(hand) for hand in final.hands],
    }
