"""Tournament tools: ``/v1/games/outcome``, ``/v1/tournaments/standings``, ``/v1/tournaments/bracket``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.outcome import outcome
from ..core.tournament import bracket, standings
from .board_schemas import bracket_schema, outcome_schema, standings_schema
from .spec import body

bp = Blueprint("tournaments", __name__, url_prefix="/v1")


@bp.post("/games/outcome")
@body("gameOutcome")
def game_outcome(data: dict[str, Any]) -> dict[str, Any]:
    request = outcome_schema.load(data)
    return outcome(request["scores"], request["rules"]).to_dict()


@bp.post("/tournaments/standings")
@body("tournamentStandings")
def tournament_standings(data: dict[str, Any]) -> dict[str, Any]:
    request = standings_schema.load(data)
    return standings(request["games"], request["rules"]).to_dict()


@bp.post("/tournaments/bracket")
@body("tournamentBracket")
def tournament_bracket(data: dict[str, Any]) -> dict[str, Any]:
    request = bracket_schema.load(data)
    return bracket(request["entrants"], request["qualifiers"], one_in=request["one_in"],
                   players=request["players"]).to_dict()
