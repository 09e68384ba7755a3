"""Pegging: ``/v1/pegging/score`` (one card as it is played) and ``/v1/pegging/sequence``
(a whole play, checked and scored after the fact).

Thin, like every view: the contract has already accepted the body, marshmallow turns it
into cards and rules, and one core function (``service.core.sequence``) does the rest.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from marshmallow import Schema, fields, post_load

from ..core.sequence import rules_for_players, score_card, score_sequence
from .schemas import CardField
from .spec import body

bp = Blueprint("pegging", __name__, url_prefix="/v1/pegging")


class CardScoreRequestSchema(Schema):
    pile = fields.List(CardField(), required=True)
    card = CardField(required=True)


class PlaySchema(Schema):
    """``{seat, card}`` or ``{seat, go: true}``, loaded as ``(seat, card or None)``."""

    seat = fields.Integer(required=True)
    card = CardField(load_default=None)
    go = fields.Boolean(load_default=False)

    @post_load
    def to_play(self, data: dict[str, Any], **kwargs: Any) -> tuple[int, Any]:
        return data["seat"], data["card"]


class SequenceRequestSchema(Schema):
    players = fields.Integer(required=True)
    leader = fields.Integer(required=True)
    plays = fields.List(fields.Nested(PlaySchema), required=True)
    hands = fields.List(fields.List(CardField()), load_default=None)
    variant = fields.String(load_default=None)
    options = fields.Dict(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data["rules"] = rules_for_players(data["players"], data["variant"], data["options"])
        return data


card_score_request = CardScoreRequestSchema()
sequence_request = SequenceRequestSchema()


@bp.post("/score")
@body("scorePeggingCard")
def score(data: dict[str, Any]) -> dict[str, Any]:
    request = card_score_request.load(data)
    return score_card(request["pile"], request["card"]).to_dict()


@bp.post("/sequence")
@body("scorePeggingSequence")
def sequence(data: dict[str, Any]) -> dict[str, Any]:
    request = sequence_request.load(data)
    return score_sequence(request["rules"], request["leader"], request["plays"], request["hands"]).to_dict()
