"""An event file's operations (``/v1/tournaments/event/...``): the roster and the rounds
(tables, byes, two scorecards a table) checked whole, every problem in one answer, then the
standings after a round, the crosstable by rounds, the next round's pairings, the
cross-check of the scorecards, a fixed movement's games and the playoff after the cut (:mod:`..core.tournaments.event`, :mod:`..core.tournaments.event_views`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint

from ..core.tournaments.brackets import bracket
from ..core.tournaments.cut import Playoff, rated_games, seeds
from ..core.tournaments.event import settle
from ..core.tournaments.event_views import cross_check as checked_tables
from ..core.tournaments.event_views import event_crosstable, event_pairings, event_standings, playoff_cut
from ..core.tournaments.movements import fixed_games
from ..core.tournaments.roster import Roster
from ..ratings import rate
from .event_checks import rules_behind
from .formats import HTML, formatted, negotiated
from .loading import body
from .printouts.event_tables import (
    cross_check_table,
    event_crosstable_table,
    event_standings_table,
    movement_table,
    pairing_sheet,
)
from .printouts.playoff import first_round, playoff_page, playoff_table
from .printouts.sheets import scorecards_page, table_cards_page
from .problems import ApiError
from .wire import director as schedules
from .wire import events as wire
from .wire.events import EventRequest
from .wire.problem_texts import said

bp = Blueprint("event", __name__, url_prefix="/v1/tournaments/event")

# Cells of a crosstable by rounds (a player's round each): 4,096 players over 32 rounds, or
# 250 over 128 rounds many times over; a 4,096-player field of 128 rounds would be 524,288
# (about 100 MB of JSON).
MAX_ROUND_CELLS = 131_072


@bp.post("/standings")
@negotiated()
@body("eventStandings", rules_behind)
def standings(request: EventRequest, media_type: str) -> Any:
    ledger = settle(request.event, request.rules)
    value = event_standings(ledger, request.rules, request.after_round, request.qualifiers)
    return formatted(media_type, value, wire.event_standings, event_standings_table, heading=request.heading)


@bp.post("/crosstable")
@negotiated()
@body("eventCrosstable", rules_behind)
def crosstable(request: EventRequest, media_type: str) -> Any:
    ledger = settle(request.event, request.rules)
    # Past the rounds played, the answer is that refusal (event_crosstable's), not its size.
    rounds = ledger.rounds if request.after_round is None else min(request.after_round, ledger.rounds)
    cells = len(ledger.entries) * rounds
    if cells > MAX_ROUND_CELLS:
        raise ApiError(
            "answer-too-large",
            said("round_cells", cells=cells, most=MAX_ROUND_CELLS),
            errors=[{"pointer": "/after_round", "detail": said("e_fewer_rounds")}],
        )
    value = event_crosstable(ledger, request.rules, request.after_round)
    return formatted(media_type, value, wire.event_crosstable, event_crosstable_table, heading=request.heading)


# The round's sheets a page can be, besides the pairing sheet (a spreadsheet is always that).
SHEETS = {"scorecards": scorecards_page, "table_cards": table_cards_page}


@bp.post("/pairings")
@negotiated()
@body("eventPairings", rules_behind)
def pairings(request: EventRequest, media_type: str) -> Any:
    ledger = settle(request.event, request.rules)
    value = event_pairings(ledger, request.rules, request.sitting_out)
    sheet = SHEETS.get(request.sheet) if media_type == HTML else None
    return formatted(
        media_type,
        value,
        schedules.swiss_pairings,
        lambda paired: pairing_sheet(paired[0]),
        heading=request.heading,
        page=None if sheet is None else lambda paired: sheet(paired[0], request.heading),
    )


@bp.post("/cross-check")
@negotiated()
@body("eventCrossCheck", rules_behind)
def cross_check(request: EventRequest, media_type: str) -> Any:
    checked = checked_tables(settle(request.event, request.rules))
    return formatted(media_type, checked, wire.cross_check, cross_check_table, heading=request.heading)


@bp.post("/fixed-games")
@negotiated()
@body("eventFixedGames")
def fixed(request: wire.FixedGamesRequest, media_type: str) -> Any:
    value = fixed_games(request.players, request.games)
    return formatted(media_type, value, wire.fixed_games, movement_table, heading=request.heading)


@bp.post("/playoff")
@negotiated()
@body("eventPlayoff", rules_behind)
def playoff(request: EventRequest, media_type: str) -> Any:
    ledger = settle(request.event, request.rules, request.tie_break)
    standing, line = playoff_cut(ledger, request.rules, request.after_round, request.qualifiers)
    ratings = None
    if request.seed_by == "ratings":
        listed = rate(rated_games(ledger, standing.after), request.rules, players=line.order)
        ratings = {r.player: (r.ordinal, r.mu) for r in listed}
    roster = Roster.of([e.name for e in ledger.entries])
    order = seeds(line, request.tie_break, roster, ratings)
    drawn = replace(bracket(len(order), len(order), players=order), entrants=line.entrants)
    value = Playoff(line, request.seed_by, drawn)
    sheet = SHEETS.get(request.sheet) if media_type == HTML else None
    return formatted(
        media_type,
        value,
        wire.event_playoff,
        playoff_table,
        heading=request.heading,
        page=lambda v: playoff_page(v, request.heading) if sheet is None else sheet(first_round(v), request.heading),
    )
