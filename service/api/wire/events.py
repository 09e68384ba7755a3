"""Wire shapes of an event file (``/v1/tournaments/event/...``): the roster, the rounds with
their tables, byes and scorecards, and the answers built on them (standings after a round, the
crosstable by rounds, the cross-check of the scorecards). The next round's pairings answer in
the ``SwissPairings`` shape of :mod:`.director`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.rules import Rules
from ...core.tournaments.cut import Cut, Playoff
from ...core.tournaments.event import Bye, Card, Entry, Event, Seat, TableResult
from ...core.tournaments.event_views import CrossCheck, EventStandings, RoundCell, RoundRow
from ...core.tournaments.movements import FixedGames
from ...core.vocabulary import SeedBy
from ..printouts.heading import Heading
from . import encoder, loader
from .tournaments import bracket, load_heading, request_rules
from .tournaments import standing as standing_row

# --- requests --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventRequest:
    event: Event
    rules: Rules
    after_round: int | None
    sitting_out: tuple[str, ...]
    heading: Heading | None = None
    sheet: str = "pairings"
    qualifiers: int | None = None
    tie_break: tuple[str, ...] = ()
    seed_by: SeedBy = "standings"


def _entry(value: str | dict[str, Any]) -> Entry:
    if isinstance(value, str):
        return Entry(value)
    return Entry(value["name"], value["joined"], value["points"], value["spread"], value.get("withdrawn"))


@loader("EventRequest")
def load_event(data: dict[str, Any]) -> EventRequest:
    """The roster (a name, or a line with ``joined``, ``points``, ``spread``, ``withdrawn``),
    the tables, byes and cards of every round, and what the operation asks of them."""
    event = Event(
        tuple([_entry(p) for p in data["players"]]),
        tuple([Seat(t["round"], t["table"], tuple(t["players"])) for t in data["tables"]]),
        tuple([Bye(b["round"], b["player"], b["kind"]) for b in data["byes"]]),
        tuple([_card(c) for c in data["cards"]]),
    )
    return EventRequest(
        event,
        request_rules(data, 2),
        data.get("after_round"),
        tuple(data["sitting_out"]),
        load_heading(data.get("heading")),
        data["sheet"],
        data.get("qualifiers"),
        tuple(data["tie_break"]),
        data["seed_by"],
    )


def _card(value: dict[str, Any]) -> Card:
    scores = value.get("scores")
    return Card(
        value["round"],
        value["table"],
        value.get("by"),
        None if scores is None else tuple(scores),
        value.get("forfeit"),
        value.get("conceded_by"),
    )


@dataclass(frozen=True, slots=True)
class FixedGamesRequest:
    players: tuple[str, ...]
    games: int
    heading: Heading | None = None


@loader("FixedGamesRequest")
def load_fixed_games(data: dict[str, Any]) -> FixedGamesRequest:
    return FixedGamesRequest(tuple(data["players"]), data["games"], load_heading(data.get("heading")))


# --- answers ---------------------------------------------------------------------------------------


def _card_answer(card: Card) -> dict[str, Any]:
    scores = None if card.scores is None else list(card.scores)
    return {"by": card.by, "scores": scores, "forfeit": card.forfeit, "conceded_by": card.conceded_by}


@encoder("EventTable")
def table_check(value: TableResult) -> dict[str, Any]:
    return {
        "round": value.round,
        "table": value.table,
        "players": list(value.players),
        "status": value.status,
        "cards": [_card_answer(card) for card in value.cards],
    }


@encoder("EventCut")
def event_cut(value: Cut) -> dict[str, Any]:
    return {
        "qualifiers": value.qualifiers,
        "entrants": value.entrants,
        "tied": list(value.tied),
        "places": value.places,
    }


@encoder("EventStandingsResult")
def event_standings(value: EventStandings) -> dict[str, Any]:
    marks = {} if value.cut is None else value.cut.marks
    return {
        "after_round": value.after,
        "standings": [
            {
                **standing_row(row),
                "joined": value.joined[row.player],
                "withdrawn": value.withdrawn[row.player],
                "cut": marks.get(row.player),
            }
            for row in value.table.rows
        ],
        "ranking": list(value.table.ranking),
        "scheme": value.table.scheme,
        "unsettled": [table_check(t) for t in value.unsettled],
        "cut": None if value.cut is None else event_cut(value.cut),
    }


@encoder("EventPlayoff")
def event_playoff(value: Playoff) -> dict[str, Any]:
    return {"cut": event_cut(value.line), "seed_by": value.seed_by, "bracket": bracket(value.bracket)}


def _cell(value: RoundCell) -> dict[str, Any]:
    return {
        "round": value.round,
        "result": value.result,
        "table": value.table,
        "opponent": value.opponent,
        "score": value.score,
        "opponent_score": value.opponent_score,
        "game_points": value.game_points,
        "spread": value.spread,
        "total_game_points": value.total_game_points,
        "total_spread": value.total_spread,
        "conceded_by": value.conceded_by,
    }


@encoder("EventCrosstable")
def event_crosstable(value: tuple[EventStandings, tuple[RoundRow, ...]]) -> dict[str, Any]:
    standing, rows = value
    return {
        "after_round": standing.after,
        "rows": [{"rank": row.rank, "player": row.player, "rounds": [_cell(c) for c in row.cells]} for row in rows],
        "unsettled": [table_check(t) for t in standing.unsettled],
    }


@encoder("EventCrossCheck")
def cross_check(value: CrossCheck) -> dict[str, Any]:
    return {
        "counts": value.counts,
        "tables": [table_check(t) for t in value.tables if t.status != "agreed"],
        "unplaced": [{"round": number, "player": name} for number, name in value.unplaced],
        "unplaced_count": value.unplaced_count,
    }


@encoder("FixedGames")
def fixed_games(value: FixedGames) -> dict[str, Any]:
    return {
        "movement": value.movement,
        "games": value.games,
        "tables_per_round": value.tables,
        "tables": [
            {"round": r.number, "table": p.board, "players": list(p.players)} for r in value.rounds for p in r.pairings
        ],
        "byes": [{"round": r.number, "player": r.bye, "kind": "full"} for r in value.rounds if r.bye is not None],
        "players": [
            {
                "player": name,
                "rounds": [{"round": s.round, "table": s.table, "opponent": s.opponent} for s in stops],
            }
            for name, stops in value.itineraries()
        ],
    }
