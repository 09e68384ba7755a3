"""Pegging: ``/v1/pegging/score`` (one card as it is played) and ``/v1/pegging/sequence``
(a whole play, checked and scored after the fact).

Thin, like every view: the contract has already accepted the body, the wire schemas turn it
into cards and rules, and one core function (``service.core.scoring.sequence``) does the rest.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.scoring.sequence import score_card, score_sequence
from .language import speaks
from .spec import body
from .wire.pegging import CardScoreRequestSchema, SequenceRequestSchema, card_score
from .wire.pegging import sequence as encode_sequence

bp = Blueprint("pegging", __name__, url_prefix="/v1/pegging")
card_request = CardScoreRequestSchema()
sequence_request = SequenceRequestSchema()


@bp.post("/score")
@speaks
@body("scorePeggingCard")
def score(data: dict[str, Any]) -> dict[str, Any]:
    request = card_request.load(data)
    return card_score(score_card(request["pile"], request["card"]))


@bp.post("/sequence")
@speaks
@body("scorePeggingSequence")
def sequence(data: dict[str, Any]) -> dict[str, Any]:
    request = sequence_request.load(data)
    return encode_sequence(score_sequence(request.rules, request.leader, request.plays, request.hands))
