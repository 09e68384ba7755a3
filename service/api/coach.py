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
from ..core.game.state import GameState
from ..core.game.views import check_seat
from . import seats
from .games import open_game
from .language import speaks
from .spec import body
from .wire.coach import CoachRequest, HintsSchema, ReviewSchema
from .wire.coach import hints as encode_hints
from .wire.coach import review as encode_review

bp = Blueprint("coach", __name__, url_prefix="/v1/games")
hints_request = HintsSchema()
review_request = ReviewSchema()


def _seated(request: CoachRequest) -> GameState:
    """The game, once the credential is good for the seat (as a view with a seat needs)."""
    state, secret = open_game(request.state)
    check_seat(state, request.seat)
    seats.authorize(state, secret, (request.seat,), request.credential)
    return state


@bp.post("/hints")
@speaks
@body("gameHints")
def game_hints(data: dict[str, Any]) -> dict[str, Any]:
    request = hints_request.load(data)
    return encode_hints(hints(_seated(request), request.seat))


@bp.post("/review")
@body("gameReview")
def game_review(data: dict[str, Any]) -> dict[str, Any]:
    request = review_request.load(data)
    return encode_review(review(_seated(request), request.seat))
