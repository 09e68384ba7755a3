"""Wire shapes of pegging: one card onto a count, and a whole play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, post_load

from ...core.cards import Card
from ...core.items import ScoreItem
from ...core.rules import Rules, rules_for_table
from ...core.scoring.pegging import PlayStep
from ...core.scoring.sequence import CardScore, PlayInput, SequenceScore
from . import encoder, request_schema, texts
from .common import CardField, OptionsField, cards, items


@dataclass(frozen=True, slots=True)
class SequenceRequest:
    rules: Rules
    leader: int
    plays: tuple[PlayInput, ...]
    hands: tuple[tuple[Card, ...], ...] | None


@request_schema("PeggingCardRequest")
class CardScoreRequestSchema(Schema):
    pile = fields.List(CardField(), required=True)
    card = CardField(required=True)


@request_schema("PeggingPlay")
class PlaySchema(Schema):
    """``{seat, card}`` or ``{seat, go: true}``, loaded as ``(seat, card or None)``."""

    seat = fields.Integer(required=True)
    card = CardField(load_default=None)
    go = fields.Boolean(load_default=False)

    @post_load
    def to_play(self, data: dict[str, Any], **kwargs: Any) -> PlayInput:
        return data["seat"], data["card"]


@request_schema("PeggingSequenceRequest")
class SequenceRequestSchema(Schema):
    players = fields.Integer(required=True)
    leader = fields.Integer(required=True)
    plays = fields.List(fields.Nested(PlaySchema), required=True)
    hands = fields.List(fields.List(CardField()), load_default=None)
    variant = fields.String(load_default=None)
    options = OptionsField(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> SequenceRequest:
        hands = data["hands"]
        return SequenceRequest(
            rules_for_table(data["players"], data["variant"], data["options"]),
            data["leader"],
            tuple(data["plays"]),
            None if hands is None else tuple(tuple(h) for h in hands),
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
