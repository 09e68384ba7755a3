"""``/v1/tournaments/ratings``: a rating list from an event's or a season's results (``service/ratings.py``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..ratings import rate
from .loading import body
from .wire.ratings import RatingsRequest
from .wire.ratings import ratings as encode_ratings

bp = Blueprint("ratings", __name__, url_prefix="/v1/tournaments")


@bp.post("/ratings")
@body("tournamentRatings")
def event_ratings(request: RatingsRequest) -> dict[str, Any]:
    return encode_ratings(rate(request.games, request.rules, players=request.players, initial=request.initial))
