"""Pegging: ``/v1/pegging/score`` (one card as it is played) and ``/v1/pegging/sequence``
(a whole play, checked and scored after the fact).

Thin, like every view: the contract has already accepted the body, its wire loader turns it
into cards and rules, and one core function (``service.core.scoring.sequence``) does the rest.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.scoring.sequence import score_card, score_sequence
from .language import speaks
from .loading import body
from .wire.pegging import CardRequest, SequenceRequest, card_score
from .wire.pegging import sequence as encode_sequence

bp = Blueprint("pegging", __name__, url_prefix="/v1/pegging")


@bp.post("/score")
@speaks
@body("scorePeggingCard")
def score(request: CardRequest) -> dict[str, Any]:
    return card_score(score_card(request.pile, request.card))


@bp.post("/sequence")
@speaks
@body("scorePeggingSequence")
def sequence(request: SequenceRequest) -> dict[str, Any]:
    return encode_sequence(score_sequence(request.rules, request.leader, request.plays, request.hands))
