"""Tournament tools: ``/v1/games/outcome``, ``/v1/tournaments/standings``, ``/v1/tournaments/bracket``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.scoring.outcome import outcome
from ..core.tournaments.brackets import bracket
from ..core.tournaments.standings import standings
from .formats import formatted, negotiated
from .loading import body
from .wire.common import outcome as encode_outcome
from .wire.tables import standings_table
from .wire.tournaments import BracketRequest, OutcomeRequest, StandingsRequest
from .wire.tournaments import bracket as encode_bracket
from .wire.tournaments import standings as encode_standings

bp = Blueprint("tournaments", __name__, url_prefix="/v1")


@bp.post("/games/outcome")
@body("gameOutcome")
def game_outcome(request: OutcomeRequest) -> dict[str, Any]:
    return encode_outcome(outcome(request.scores, request.rules))


@bp.post("/tournaments/standings")
@negotiated()
@body("tournamentStandings")
def tournament_standings(request: StandingsRequest, media_type: str) -> Any:
    return formatted(
        media_type, standings(request.games, request.rules, request.byes), encode_standings, standings_table
    )


@bp.post("/tournaments/bracket")
@body("tournamentBracket")
def tournament_bracket(request: BracketRequest) -> dict[str, Any]:
    return encode_bracket(bracket(request.entrants, request.qualifiers, one_in=request.one_in, players=request.players))
