"""Tournament tools: ``/v1/games/outcome``, ``/v1/tournaments/standings``, ``/v1/tournaments/bracket``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.scoring.outcome import conceded, outcome
from ..core.tournaments.brackets import bracket
from ..core.tournaments.elimination import elimination
from ..core.tournaments.standings import standings
from .formats import CSV, HTML, JSON, formatted, negotiated
from .loading import body
from .printouts.bracket import bracket_page
from .printouts.playoff import places_note
from .wire.common import outcome as encode_outcome
from .wire.tables import elimination_table, standings_table
from .wire.tournaments import BracketRequest, OutcomeRequest, StandingsRequest
from .wire.tournaments import bracket as encode_bracket
from .wire.tournaments import standings as encode_standings

bp = Blueprint("tournaments", __name__, url_prefix="/v1")


@bp.post("/games/outcome")
@body("gameOutcome")
def game_outcome(request: OutcomeRequest) -> dict[str, Any]:
    if request.conceded_by is not None:  # a game given up at the table: the board as it stood
        return encode_outcome(conceded(request.scores, request.rules, request.conceded_by))
    return encode_outcome(outcome(request.scores, request.rules))


@bp.post("/tournaments/standings")
@negotiated()
@body("tournamentStandings")
def tournament_standings(request: StandingsRequest, media_type: str) -> Any:
    return formatted(
        media_type,
        standings(request.games, request.rules, request.byes),
        encode_standings,
        standings_table,
        heading=request.heading,
    )


@bp.post("/tournaments/bracket")
@negotiated((JSON, CSV, HTML))
@body("tournamentBracket")
def tournament_bracket(request: BracketRequest, media_type: str) -> Any:
    value = bracket(request.entrants, request.qualifiers, one_in=request.one_in, players=request.players)
    if media_type == JSON:
        return encode_bracket(value)
    # The sheet and the picture: the qualifiers' bracket as an elimination with no result yet.
    state = elimination(value.qualifiers, players=value.players)
    notes = (places_note(value.entrants, value.qualifiers, value.byes),)
    return formatted(
        media_type,
        state,
        lambda _: encode_bracket(value),
        lambda drawn: elimination_table(drawn, "Playoff bracket")._replace(notes=notes),
        heading=request.heading,
        page=lambda drawn: bracket_page(drawn, "Playoff bracket", request.heading, notes=notes),
    )
