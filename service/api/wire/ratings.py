"""Wire shapes of the rating list (``service/ratings.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.rules import Rules
from ...core.scoring.results import GameResult
from ...core.tournaments.roster import Spellings
from ...ratings import MODEL, Prior, Rating
from . import encoder, loader
from .tournaments import load_games, request_rules


@dataclass(frozen=True, slots=True)
class RatingsRequest:
    games: tuple[GameResult, ...]
    rules: Rules | None  # the rules the games name (None when there are none to judge)
    players: tuple[str, ...]
    initial: tuple[Prior, ...]


@loader("RatingsRequest")
def load_ratings(data: dict[str, Any]) -> RatingsRequest:
    spelled = Spellings()
    games = load_games(data["games"], spelled)
    return RatingsRequest(
        games,
        request_rules(data, len(games[0].players)) if games else None,
        spelled.all(data["players"]),
        tuple(Prior(spelled(p["player"]), p["mu"], p["sigma"]) for p in data["initial"]),
    )


@encoder("Rating")
def rating(rank: int, value: Rating) -> dict[str, Any]:
    return {
        "rank": rank,
        "player": value.player,
        "rating": round(value.ordinal, 3),
        "mu": round(value.mu, 3),
        "sigma": round(value.sigma, 3),
        "games": value.games,
    }


@encoder("RatingList")
def ratings(value: tuple[Rating, ...]) -> dict[str, Any]:
    return {
        "ratings": [rating(rank, r) for rank, r in enumerate(value, start=1)],
        "seeding": [r.player for r in value],
        "model": MODEL,
    }
