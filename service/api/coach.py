"""Coaching: ``/v1/games/hints`` (a seat's moves, ranked, with the reasons) and
``/v1/games/review`` (a finished game's decisions of one seat against the comparison player).

Both need the seat's credential (or the table's), as ``/v1/games/view`` with a seat does, and
neither changes the game: no new state is sealed.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.computer.coach import hints
from ..core.computer.review import review
from .games import open_seated, read_seated
from .language import speaks
from .loading import body
from .wire.coach import CoachRequest
from .wire.coach import hints as encode_hints
from .wire.coach import review as encode_review

bp = Blueprint("coach", __name__, url_prefix="/v1/games")


@bp.post("/hints")
@speaks
@body("gameHints")
def game_hints(request: CoachRequest) -> dict[str, Any]:
    return encode_hints(hints(open_seated(request.state, request.seat, request.credential)[0], request.seat))


@bp.post("/review")
@speaks  # its answer has no text, but its problems do, and ?lang is checked as on every operation that takes it
@body("gameReview")
def game_review(request: CoachRequest) -> dict[str, Any]:
    # A finished game's review, even once its token has expired: it plays nothing.
    return encode_review(review(read_seated(request.state, request.seat, request.credential)[0], request.seat))
