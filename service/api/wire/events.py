"""Wire shapes of the event tools: crosstables and game logs, schedules and Swiss pairings,
matches and match standings, and elimination brackets that advance.

Requests that carry an event's games use the hand loader of :mod:`.tournaments`
(:func:`~.tournaments.load_games`), and match standings one of their own
(:func:`load_match_standings`); the others are small, and load with their marshmallow schema. Answers are encoded by plain functions, one per component, from the core's values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, post_load

from ...core.rules import Rules
from ...core.scoring.match import MatchGame, MatchRules, MatchState, match_rules_from
from ...core.scoring.outcome import SKUNK_NAMES
from ...core.scoring.results import GameResult
from ...core.tournaments.crosstable import Cell, CrossRow, Crosstable, GameLog, LogEntry
from ...core.tournaments.elimination import BracketMatch, BracketRound, EliminationState, Entrant, Source
from ...core.tournaments.match_standings import MatchResult, MatchStanding, MatchStandings
from ...core.tournaments.schedules import Pairing, Round, Schedule, SwissStanding
from . import encoder, request_schema
from .common import OptionsField
from .tournaments import GameSchema, StandingsSchema, load_games, load_standings, request_rules

# --- requests --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameLogsRequest:
    games: tuple[GameResult, ...]
    rules: Rules
    players: tuple[str, ...] | None
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundRobinRequest:
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SwissRequest:
    players: tuple[str, ...]
    games: tuple[GameResult, ...]
    byes: tuple[str, ...]
    rules: Rules


@dataclass(frozen=True, slots=True)
class MatchStateRequest:
    games: tuple[tuple[int, ...], ...]
    match: MatchRules
    first_dealer: int | None
    rules: Rules


@dataclass(frozen=True, slots=True)
class MatchStandingsRequest:
    matches: tuple[MatchResult, ...]
    match: MatchRules
    rules: Rules


@dataclass(frozen=True, slots=True)
class EliminationRequest:
    entrants: int
    players: tuple[str, ...] | None
    double: bool
    bracket_reset: bool
    results: dict[int, tuple[tuple[int, ...], ...]]
    match: MatchRules | None
    rules: Rules


def entrant_names(count: int) -> tuple[str, ...]:
    """Names for a field given only by its size: ``"1"`` to ``"<count>"``, in seeding order."""
    return tuple(str(number) for number in range(1, count + 1))


@request_schema("MatchSettings")
class MatchSettingsSchema(Schema):
    format = fields.String(load_default="best_of")
    length = fields.Integer(load_default=3)
    scheme = fields.String(load_default=None)
    skunk_points = fields.Integer(load_default=None)
    double_skunk_points = fields.Integer(load_default=None)
    triple_skunk_wins = fields.Boolean(load_default=False)
    next_first_dealer = fields.String(load_default="loser")

    @post_load
    def to_rules(self, data: dict[str, Any], **kwargs: Any) -> MatchRules:
        return match_rules_from(**data)


class _TwoSided(Schema):
    """The rules of a request about two-sided games: a variant (``six_card`` by default), the
    target and the options (the skunk lines come from them)."""

    variant = fields.String(load_default=None)
    target = fields.Integer(load_default=None)
    options = OptionsField(load_default=None)

    def rules_of(self, data: dict[str, Any]) -> Rules:
        return request_rules(data, 2)


@request_schema("GameLogsRequest")
class GameLogsSchema(StandingsSchema):
    """The standings request (``byes`` too: the same event file serves both), and the players
    whose logs are wanted."""

    players = fields.List(fields.String(), load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> GameLogsRequest:
        players = data.pop("players")
        event = super().to_request(data)
        return GameLogsRequest(event.games, event.rules, None if players is None else tuple(players), event.byes)


def load_game_logs(data: dict[str, Any]) -> GameLogsRequest:
    """A contract-valid ``GameLogsRequest`` as :class:`GameLogsSchema` loads it (games by hand)."""
    event = load_standings(data)
    players = data.get("players")
    return GameLogsRequest(event.games, event.rules, None if players is None else tuple(players), event.byes)


@request_schema("RoundRobinRequest")
class RoundRobinSchema(Schema):
    players = fields.List(fields.String(), load_default=None)
    entrants = fields.Integer(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> RoundRobinRequest:
        players = data["players"]
        return RoundRobinRequest(entrant_names(data["entrants"]) if players is None else tuple(players))


@request_schema("SwissRequest")
class SwissSchema(_TwoSided):
    players = fields.List(fields.String(), required=True)
    games = fields.List(fields.Nested(GameSchema), load_default=list)
    byes = fields.List(fields.String(), load_default=list)
    scheme = fields.String(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> SwissRequest:
        return SwissRequest(tuple(data["players"]), tuple(data["games"]), tuple(data["byes"]), self.rules_of(data))


def load_swiss(data: dict[str, Any]) -> SwissRequest:
    """A contract-valid ``SwissRequest`` as :class:`SwissSchema` loads it (games by hand)."""
    return SwissRequest(
        tuple(data["players"]), load_games(data.get("games", [])), tuple(data.get("byes", [])), request_rules(data, 2)
    )


@request_schema("MatchStateRequest")
class MatchStateSchema(_TwoSided):
    games = fields.List(fields.List(fields.Integer()), required=True)
    match = fields.Nested(MatchSettingsSchema, load_default=MatchRules)
    first_dealer = fields.Integer(load_default=None, allow_none=True)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> MatchStateRequest:
        return MatchStateRequest(
            tuple(tuple(game) for game in data["games"]), data["match"], data["first_dealer"], self.rules_of(data)
        )


@request_schema("MatchResult")
class MatchResultSchema(Schema):
    players = fields.List(fields.String(), required=True)
    games = fields.List(fields.List(fields.Integer()), required=True)

    @post_load
    def to_result(self, data: dict[str, Any], **kwargs: Any) -> MatchResult:
        first, second = data["players"]
        return MatchResult((first, second), tuple(tuple(game) for game in data["games"]))


@request_schema("MatchStandingsRequest")
class MatchStandingsSchema(_TwoSided):
    matches = fields.List(fields.Nested(MatchResultSchema), required=True)
    match = fields.Nested(MatchSettingsSchema, load_default=MatchRules)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> MatchStandingsRequest:
        return MatchStandingsRequest(tuple(data["matches"]), data["match"], self.rules_of(data))


def load_match_standings(data: dict[str, Any]) -> MatchStandingsRequest:
    """A contract-valid ``MatchStandingsRequest`` as :class:`MatchStandingsSchema` loads it, the
    matches by hand: marshmallow's load of 10,000 matches cost 630 ms of a 1,250 ms request
    (``benchmarks/tournament_scale.py``). A test holds the two equal."""
    settings = data.get("match")
    matches = tuple(
        [
            MatchResult(
                (match["players"][0], match["players"][1]),
                tuple([tuple([int(score) for score in game]) for game in match["games"]]),
            )
            for match in data["matches"]
        ]
    )
    return MatchStandingsRequest(
        matches, MatchRules() if settings is None else MatchSettingsSchema().load(settings), request_rules(data, 2)
    )


@request_schema("BracketResult")
class BracketResultSchema(Schema):
    games = fields.List(fields.List(fields.Integer()), required=True)

    @post_load
    def to_games(self, data: dict[str, Any], **kwargs: Any) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(game) for game in data["games"])


@request_schema("EliminationRequest")
class EliminationSchema(_TwoSided):
    entrants = fields.Integer(load_default=None)
    players = fields.List(fields.String(), load_default=None)
    double = fields.Boolean(load_default=False)
    bracket_reset = fields.Boolean(load_default=True)
    results = fields.Dict(keys=fields.Integer(), values=fields.Nested(BracketResultSchema), load_default=dict)
    match = fields.Nested(MatchSettingsSchema, load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> EliminationRequest:
        players = data["players"]
        entrants = len(players) if data["entrants"] is None else data["entrants"]
        return EliminationRequest(
            entrants,
            None if players is None else tuple(players),
            data["double"],
            data["bracket_reset"],
            dict(data["results"]),
            data["match"],
            self.rules_of(data),
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
