"""The event tools a director publishes from: crosstables and game logs, round-robin schedules
and Swiss pairings, matches and match standings, and elimination brackets that advance.

Each view is the usual few lines (contract, loader, one core function, encoder); those whose
answer is a table are :func:`~.formats.negotiated` and answer JSON, CSV or a printable page
(:func:`~.formats.formatted`, the tables of :mod:`.wire.tables`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from flask import Blueprint

from ..core.scoring.match import match_state
from ..core.scoring.results import GameResult
from ..core.tournaments.crosstable import crosstable, game_logs
from ..core.tournaments.elimination import elimination
from ..core.tournaments.match_standings import match_standings
from ..core.tournaments.schedules import round_robin, swiss_pairings, swiss_ranking
from .formats import JSON, formatted, negotiated
from .loading import body
from .printouts.bracket import bracket_page
from .problems import ApiError
from .wire import director as wire
from .wire.problem_texts import said
from .wire.tables import (
    crosstable_table,
    elimination_table,
    game_log_table,
    match_standings_table,
    schedule_table,
)
from .wire.tournaments import StandingsRequest

bp = Blueprint("events", __name__, url_prefix="/v1/tournaments")

MAX_TABLE_COLUMNS = 512  # a crosstable sheet or page has a column per player: 512 make 262,144 cells
# Cells of a crosstable's JSON (one per player and opponent met): every pair of 362 players, or any
# 50,000 two-player games; 50,000 four-player games among 4,096 players would make 589,000 (52 MB
# of JSON after 4.4 s of CPU).
MAX_CROSS_CELLS = 131_072
# Lines of game logs in one answer: every player's of a 250-player, 30,000-game event are 60,000
# (10.7 MB of JSON); 50,000 four-player games would be 200,000 (47 MB, 6.6 s of CPU).
MAX_LOG_ENTRIES = 100_000


@bp.post("/crosstable")
@negotiated()
@body("tournamentCrosstable")
def event_crosstable(request: StandingsRequest, media_type: str) -> Any:
    cells = _cells(request.games)
    if cells > MAX_CROSS_CELLS:
        raise ApiError(
            "answer-too-large",
            said("crosstable_cells", cells=cells, most=MAX_CROSS_CELLS),
            errors=[{"pointer": "/games", "detail": said("e_too_many_games")}],
        )
    table = crosstable(request.games, request.rules, request.byes)
    if media_type != JSON and len(table.players) > MAX_TABLE_COLUMNS:
        raise ApiError(
            "table-too-wide",
            said("table_columns", media_type=media_type, most=MAX_TABLE_COLUMNS, count=len(table.players)),
        )
    return formatted(media_type, table, wire.crosstable, crosstable_table, heading=request.heading)


def _cells(games: Sequence[GameResult]) -> int:
    """How many cells the crosstable of ``games`` has: every ordered pair of players who met
    (counted exactly only when the quick bound, each game's pairs, is past the limit)."""
    bound = sum(len(game.players) * (len(game.players) - 1) for game in games)
    if bound <= MAX_CROSS_CELLS:
        return bound
    return 2 * len({frozenset(pair) for game in games for pair in combinations(game.players, 2)})


@bp.post("/game-logs")
@negotiated()
@body("tournamentGameLogs")
def event_game_logs(request: wire.GameLogsRequest, media_type: str) -> Any:
    wanted = None if request.players is None else frozenset(request.players)
    entries = sum(
        len(game.players) if wanted is None else len(wanted.intersection(game.players)) for game in request.games
    )
    if entries > MAX_LOG_ENTRIES:
        raise ApiError(
            "answer-too-large",
            said("log_lines", entries=entries, most=MAX_LOG_ENTRIES),
            errors=[{"pointer": "/players", "detail": said("e_fewer_players")}],
        )
    return formatted(
        media_type,
        game_logs(request.games, request.rules, request.players, request.byes),
        wire.game_logs,
        game_log_table,
        heading=request.heading,
    )


@bp.post("/round-robin")
@negotiated()
@body("tournamentRoundRobin")
def event_round_robin(request: wire.RoundRobinRequest, media_type: str) -> Any:
    return formatted(
        media_type,
        round_robin(request.players),
        wire.schedule,
        lambda value: schedule_table(value.rounds, "Round robin"),
        heading=request.heading,
    )


@bp.post("/swiss-pairings")
@negotiated()
@body("tournamentSwissPairings")
def event_swiss_pairings(request: wire.SwissRequest, media_type: str) -> Any:
    args = (request.players, request.games, request.rules)
    byes, withdrawn = request.byes, request.withdrawn
    pairing = (
        swiss_pairings(*args, byes=byes, withdrawn=withdrawn, fixed=request.fixed, avoid=request.avoid),
        swiss_ranking(*args, byes=byes, withdrawn=withdrawn),
    )
    return formatted(
        media_type,
        pairing,
        wire.swiss_pairings,
        lambda value: schedule_table((value[0],), f"Swiss pairings, round {value[0].number}"),
        heading=request.heading,
    )


@bp.post("/match")
@body("tournamentMatch")
def event_match(request: wire.MatchStateRequest) -> dict[str, Any]:
    state = match_state(
        request.games, request.rules, request.match, first_dealer=request.first_dealer, conceded=request.conceded
    )
    return wire.match_state(state, request.match)


@bp.post("/match-standings")
@negotiated()
@body("tournamentMatchStandings")
def event_match_standings(request: wire.MatchStandingsRequest, media_type: str) -> Any:
    return formatted(
        media_type,
        match_standings(request.matches, request.rules, request.match),
        wire.match_standings,
        match_standings_table,
        heading=request.heading,
    )


@bp.post("/elimination")
@negotiated()
@body("tournamentElimination")
def event_elimination(request: wire.EliminationRequest, media_type: str) -> Any:
    state = elimination(
        request.entrants,
        players=request.players,
        double=request.double,
        bracket_reset=request.bracket_reset,
        results=request.results,
        rules=request.rules,
        match_rules=request.match,
    )
    return formatted(
        media_type,
        state,
        wire.elimination,
        lambda value: elimination_table(value, results=request.results),
        heading=request.heading,
        page=lambda value: bracket_page(value, "Bracket", request.heading, request.results),
    )
