"""Wire shapes of the event tools: crosstables and game logs, schedules and Swiss pairings,
matches and match standings, and elimination brackets that advance.

Requests load with one plain function per component (those that carry an event's games through
:func:`~.tournaments.load_games`); answers are encoded by plain functions, one per component,
from the core's values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.rules import Rules
from ...core.scoring.match import MatchGame, MatchRules, MatchState, match_rules_from
from ...core.scoring.outcome import SKUNK_NAMES
from ...core.scoring.results import GameResult
from ...core.tournaments.crosstable import Cell, CrossRow, Crosstable, GameLog, LogEntry
from ...core.tournaments.elimination import BracketMatch, BracketRound, EliminationState, Entrant, Source
from ...core.tournaments.match_standings import MatchResult, MatchStanding, MatchStandings
from ...core.tournaments.roster import Spellings
from ...core.tournaments.schedules import Pairing, Round, Schedule, SwissStanding
from ..printouts.heading import Heading
from . import encoder, loader
from .tournaments import load_games, load_heading, load_standings, request_rules

# --- requests --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameLogsRequest:
    games: tuple[GameResult, ...]
    rules: Rules
    players: tuple[str, ...] | None
    byes: tuple[str, ...] = ()
    heading: Heading | None = None


@dataclass(frozen=True, slots=True)
class RoundRobinRequest:
    players: tuple[str, ...]
    heading: Heading | None = None


@dataclass(frozen=True, slots=True)
class SwissRequest:
    players: tuple[str, ...]
    games: tuple[GameResult, ...]
    byes: tuple[str, ...]
    rules: Rules
    fixed: tuple[tuple[str, str], ...] = ()
    avoid: tuple[tuple[str, str], ...] = ()
    heading: Heading | None = None
    withdrawn: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchStateRequest:
    games: tuple[tuple[int, ...], ...]
    match: MatchRules
    first_dealer: int | None
    rules: Rules
    conceded: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchStandingsRequest:
    matches: tuple[MatchResult, ...]
    match: MatchRules
    rules: Rules
    heading: Heading | None = None


@dataclass(frozen=True, slots=True)
class EliminationRequest:
    entrants: int
    players: tuple[str, ...] | None
    double: bool
    bracket_reset: bool
    results: dict[int, tuple[tuple[int, ...], ...]]
    match: MatchRules | None
    rules: Rules
    heading: Heading | None = None


def entrant_names(count: int) -> tuple[str, ...]:
    """Names for a field given only by its size: ``"1"`` to ``"<count>"``, in seeding order."""
    return tuple(str(number) for number in range(1, count + 1))


@loader("MatchSettings")
def load_match_settings(data: dict[str, Any]) -> MatchRules:
    return match_rules_from(
        data["format"],
        data["length"],
        scheme=data.get("scheme"),
        skunk_points=data.get("skunk_points"),
        double_skunk_points=data.get("double_skunk_points"),
        triple_skunk_wins=data["triple_skunk_wins"],
        next_first_dealer=data["next_first_dealer"],
    )


@loader("GameLogsRequest")
def load_game_logs(data: dict[str, Any]) -> GameLogsRequest:
    """The standings request (``byes`` too: the same event file serves both), and the players
    whose logs are wanted."""
    event = load_standings(data)
    players = data.get("players")
    return GameLogsRequest(
        event.games, event.rules, None if players is None else Spellings().all(players), event.byes, event.heading
    )


@loader("RoundRobinRequest")
def load_round_robin(data: dict[str, Any]) -> RoundRobinRequest:
    players = data.get("players")
    return RoundRobinRequest(
        entrant_names(data["entrants"]) if players is None else Spellings().all(players),
        load_heading(data.get("heading")),
    )


@loader("SwissRequest")
def load_swiss(data: dict[str, Any]) -> SwissRequest:
    spelled = Spellings()
    return SwissRequest(
        spelled.all(data["players"]),
        load_games(data["games"], spelled),
        spelled.all(data["byes"]),
        request_rules(data, 2),
        tuple((spelled(a), spelled(b)) for a, b in data["fixed"]),
        tuple((spelled(a), spelled(b)) for a, b in data["avoid"]),
        load_heading(data.get("heading")),
        spelled.all(data["withdrawn"]),
    )


@loader("MatchStateRequest")
def load_match_state(data: dict[str, Any]) -> MatchStateRequest:
    return MatchStateRequest(
        tuple([tuple(game) for game in data["games"]]),
        load_match_settings(data["match"]),
        data.get("first_dealer"),
        request_rules(data, 2),
        tuple(data["conceded"]),
    )


@loader("MatchResult")
def load_match_result(match: dict[str, Any]) -> MatchResult:
    first, second = Spellings().all(match["players"])
    return MatchResult((first, second), tuple([tuple(game) for game in match["games"]]))


@loader("MatchStandingsRequest")
def load_match_standings(data: dict[str, Any]) -> MatchStandingsRequest:
    """Up to 10,000 matches (``benchmarks/tournament_scale.py``), each loaded by :func:`load_match_result`."""
    return MatchStandingsRequest(
        tuple([load_match_result(match) for match in data["matches"]]),
        load_match_settings(data["match"]),
        request_rules(data, 2),
        load_heading(data.get("heading")),
    )


@loader("BracketResult")
def load_bracket_result(data: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    return tuple([tuple(game) for game in data["games"]])


@loader("EliminationRequest")
def load_elimination(data: dict[str, Any]) -> EliminationRequest:
    players = data.get("players")
    entrants = data.get("entrants")
    if entrants is None:  # the contract asks for one of the two
        entrants = len(data["players"])
    match = data.get("match")
    return EliminationRequest(
        entrants,
        None if players is None else Spellings().all(players),
        data["double"],
        data["bracket_reset"],
        {int(match_id): load_bracket_result(result) for match_id, result in data["results"].items()},
        None if match is None else load_match_settings(match),
        request_rules(data, 2),
        load_heading(data.get("heading")),
    )


# --- answers: crosstables and game logs ---------------------------------------------------------------


@encoder("CrosstableCell")
def cross_cell(value: Cell) -> dict[str, Any]:
    return {
        "opponent": value.opponent,
        "games": value.games,
        "games_won": value.games_won,
        "games_lost": value.games_lost,
        "games_drawn": value.games_drawn,
        "spread": value.spread,
        "conceded_games": value.conceded_games,
    }


@encoder("CrosstableRow")
def cross_row(value: CrossRow) -> dict[str, Any]:
    return {"rank": value.rank, "player": value.player, "cells": [cross_cell(cell) for cell in value.cells]}


@encoder("Crosstable")
def crosstable(value: Crosstable) -> dict[str, Any]:
    return {"players": list(value.players), "rows": [cross_row(row) for row in value.rows]}


@encoder("GameLogEntry")
def log_entry(value: LogEntry) -> dict[str, Any]:
    return {
        "game": value.game,
        "opponents": list(value.opponents),
        "score": value.score,
        "opponent_scores": list(value.opponent_scores),
        "result": value.result,
        "skunk": SKUNK_NAMES[value.skunk_level],
        "game_points": value.game_points,
        "spread": value.spread,
        "total_game_points": value.total_game_points,
        "total_spread": value.total_spread,
        "conceded_by": value.conceded_by,
    }


@encoder("GameLog")
def game_log(value: GameLog) -> dict[str, Any]:
    return {
        "rank": value.rank,
        "player": value.player,
        "games": [log_entry(entry) for entry in value.entries],
        "byes": value.byes,
        "total_game_points": value.total_game_points,
        "total_spread": value.total_spread,
    }


@encoder("GameLogs")
def game_logs(values: tuple[GameLog, ...]) -> dict[str, Any]:
    return {"logs": [game_log(log) for log in values]}


# --- answers: schedules ---------------------------------------------------------------------------------


@encoder("Pairing")
def pairing(value: Pairing) -> dict[str, Any]:
    return {"board": value.board, "players": list(value.players)}


@encoder("ScheduleRound")
def schedule_round(value: Round) -> dict[str, Any]:
    return {"round": value.number, "pairings": [pairing(p) for p in value.pairings], "bye": value.bye}


@encoder("Schedule")
def schedule(value: Schedule) -> dict[str, Any]:
    return {"players": list(value.players), "rounds": [schedule_round(r) for r in value.rounds]}


@encoder("SwissStanding")
def swiss_standing(position: int, value: SwissStanding) -> dict[str, Any]:
    return {
        "position": position,
        "player": value.player,
        "score": value.score,
        "games": value.games,
        "games_won": value.games_won,
        "spread": value.spread,
        "byes": value.byes,
    }


@encoder("SwissPairings")
def swiss_pairings(value: tuple[Round, tuple[SwissStanding, ...]]) -> dict[str, Any]:
    next_round, ranking = value
    return {
        "round": schedule_round(next_round),
        "ranking": [swiss_standing(position, s) for position, s in enumerate(ranking, start=1)],
        "repeats": [list(pair) for pair in next_round.repeats],
    }


# --- answers: matches -------------------------------------------------------------------------------------


@encoder("MatchRules")
def match_rules(value: MatchRules) -> dict[str, Any]:
    return {
        "format": value.format,
        "length": value.length,
        "target": value.target,
        "skunk_points": value.skunk_points,
        "double_skunk_points": value.double_skunk_points,
        "triple_skunk_wins": value.triple_skunk_wins,
        "next_first_dealer": value.next_first_dealer,
    }


@encoder("MatchGame")
def match_game(value: MatchGame) -> dict[str, Any]:
    return {
        "number": value.number,
        "first_dealer": value.first_dealer,
        "scores": list(value.scores),
        "winner": value.winner,
        "skunk": SKUNK_NAMES[value.skunk_level],
        "match_points": list(value.match_points),
        "conceded_by": value.conceded_by,
    }


@encoder("MatchState")
def match_state(value: MatchState, rules: MatchRules) -> dict[str, Any]:
    return {
        "rules": match_rules(rules),
        "games": [match_game(game) for game in value.games],
        "points": list(value.points),
        "games_won": list(value.games_won),
        "over": value.over,
        "winner": value.winner,
        "draw": value.draw,
        "decided_by": value.decided_by,
        "next_game": value.next_game,
        "next_first_dealer": value.next_first_dealer,
    }


@encoder("MatchStanding")
def match_standing(value: MatchStanding) -> dict[str, Any]:
    return {
        "rank": value.rank,
        "player": value.player,
        "matches": value.matches,
        "matches_won": value.matches_won,
        "matches_lost": value.matches_lost,
        "matches_drawn": value.matches_drawn,
        "match_points": value.match_points,
        "match_points_against": value.match_points_against,
        "games_won": value.games_won,
        "games_lost": value.games_lost,
        "spread": value.spread,
    }


@encoder("MatchStandingsResult")
def match_standings(value: MatchStandings) -> dict[str, Any]:
    return {"standings": [match_standing(row) for row in value.rows], "ranking": list(value.ranking)}


# --- answers: elimination brackets -----------------------------------------------------------------------


def _seed(state: EliminationState, seed: int | None) -> dict[str, Any] | None:
    return None if seed is None else {"seed": seed, "player": state.name(seed)}


SOURCES = {"seed": "seed", "winner": "winner", "loser": "loser", "none": "bye"}


@encoder("EliminationSlot")
def slot(state: EliminationState, seed: int | None, source: Source) -> dict[str, Any]:
    return {
        "seed": seed,
        "player": state.name(seed),
        "source": SOURCES[source.kind],
        "match": source.ref if source.kind in ("winner", "loser") else None,
    }


@encoder("EliminationMatch")
def elimination_match(state: EliminationState, m: BracketMatch) -> dict[str, Any]:
    return {
        "id": m.id,
        "bracket": m.bracket,
        "round": m.round,
        "slots": [slot(state, seed, source) for seed, source in zip(m.seeds, m.sources)],
        "status": m.status,
        "winner": _seed(state, m.winner),
        "loser": _seed(state, m.loser),
    }


@encoder("EliminationRound")
def elimination_round(value: BracketRound) -> dict[str, Any]:
    return {"bracket": value.bracket, "round": value.round, "matches": list(value.matches)}


@encoder("EliminationEntrant")
def entrant(value: Entrant) -> dict[str, Any]:
    return {
        "seed": value.seed,
        "player": value.player,
        "matches_won": value.matches_won,
        "matches_lost": value.matches_lost,
        "eliminated": value.eliminated,
    }


@encoder("EliminationState")
def elimination(state: EliminationState) -> dict[str, Any]:
    return {
        "double": state.double,
        "bracket_reset": state.bracket_reset,
        "entrants": state.entrants,
        "size": state.size,
        "matches": [elimination_match(state, m) for m in state.matches],
        "rounds": [elimination_round(r) for r in state.rounds],
        "ready": list(state.ready),
        "champion": _seed(state, state.champion),
        "over": state.over,
        "standing": [entrant(e) for e in state.standing],
    }
