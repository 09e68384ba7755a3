"""Wire shapes of tournament tools: outcomes, standings, brackets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, post_load

from ...core.rules import Rules, merge_shortcuts, resolve, variant_for_sides
from ...core.scoring.results import GameResult
from ...core.tournaments.brackets import Bracket, Match
from ...core.tournaments.standings import Standing, Standings
from . import encoder, request_schema
from .common import OptionsField


def request_rules(data: dict[str, Any], sides: int) -> Rules:
    """The rules a tournament request names: its ``variant`` (by default the usual game of
    ``sides`` players alone) with ``options`` and the top-level shortcuts."""
    shortcuts = {name: data.get(name) for name in ("target", "scheme", "tiebreakers", "fixed_deals")}
    return resolve(data.get("variant") or variant_for_sides(sides), merge_shortcuts(data.get("options"), shortcuts))


@dataclass(frozen=True, slots=True)
class OutcomeRequest:
    scores: tuple[int, ...]
    rules: Rules


@dataclass(frozen=True, slots=True)
class StandingsRequest:
    games: tuple[GameResult, ...]
    rules: Rules
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BracketRequest:
    entrants: int
    qualifiers: int | None
    one_in: int
    players: tuple[str, ...] | None


@request_schema("OutcomeRequest")
class OutcomeSchema(Schema):
    scores = fields.List(fields.Integer(), required=True)
    variant = fields.String(load_default=None)
    target = fields.Integer(load_default=None)
    scheme = fields.String(load_default=None)
    options = OptionsField(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> OutcomeRequest:
        return OutcomeRequest(tuple(data["scores"]), request_rules(data, len(data["scores"])))


@request_schema("GameResult")
class GameSchema(Schema):
    players = fields.List(fields.String(), required=True)
    scores = fields.List(fields.Integer(), required=True)

    @post_load
    def to_game(self, data: dict[str, Any], **kwargs: Any) -> GameResult:
        return GameResult(tuple(data["players"]), tuple(data["scores"]))


@request_schema("StandingsRequest")
class StandingsSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
    variant = fields.String(load_default=None)
    target = fields.Integer(load_default=None)
    scheme = fields.String(load_default=None)
    tiebreakers = fields.List(fields.String(), load_default=None)
    options = OptionsField(load_default=None)
    byes = fields.List(fields.String(), load_default=list)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> StandingsRequest:
        games = tuple(data["games"])
        return StandingsRequest(
            games, request_rules(data, len(games[0].players)), tuple(data.get("byes", ()))
        )  # game logs take none


def load_games(games: list[dict[str, Any]]) -> tuple[GameResult, ...]:
    """A contract-valid list of ``GameResult`` bodies as :class:`GameSchema` loads them, by hand.

    An event's games are the largest bodies the service takes (30,000 for 250 players), and
    marshmallow's load of 30,000 nested games cost about 820 ms where the whole standings cost
    about 116 ms (``benchmarks/tournament_scale.py``); the contract has already checked every
    game, so what is left is building the values. Scores go through ``int`` as marshmallow's
    ``Integer`` does (``121.0`` is a JSON integer). A test holds this equal to the schema's load.
    """
    return tuple(
        [GameResult(tuple(game["players"]), tuple([int(score) for score in game["scores"]])) for game in games]
    )


def load_standings(data: dict[str, Any]) -> StandingsRequest:
    """A contract-valid ``StandingsRequest`` as :class:`StandingsSchema` loads it (games by :func:`load_games`)."""
    games = load_games(data["games"])
    return StandingsRequest(games, request_rules(data, len(games[0].players)), tuple(data.get("byes", ())))


@request_schema("BracketRequest")
class BracketSchema(Schema):
    entrants = fields.Integer(load_default=None)
    players = fields.List(fields.String(), load_default=None)
    qualifiers = fields.Integer(load_default=None)
    one_in = fields.Integer(load_default=4)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> BracketRequest:
        players = data["players"]
        entrants = data["entrants"] if data["entrants"] is not None else len(players)
        return BracketRequest(entrants, data["qualifiers"], data["one_in"], None if players is None else tuple(players))


@encoder("Standing")
def standing(row: Standing) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "player": row.player,
        "games": row.games,
        "games_won": row.games_won,
        "games_lost": row.games_lost,
        "games_drawn": row.games_drawn,
        "game_points": row.game_points,
        "skunks": row.skunks,
        "spread": row.spread,
        "byes": row.byes,
    }


@encoder("StandingsResult")
def standings(value: Standings) -> dict[str, Any]:
    return {"standings": [standing(row) for row in value.rows], "ranking": list(value.ranking), "scheme": value.scheme}


@encoder("BracketMatch")
def match(value: Bracket, m: Match) -> dict[str, Any]:
    return {
        "id": m.id,
        "round": m.round,
        "high_seed": m.high_seed,
        "low_seed": m.low_seed,
        "players": None if m.round > 1 else [value.name(m.high_seed), value.name(m.low_seed)],
        "winners_of": None if m.winners_of is None else list(m.winners_of),
        "bye": m.bye,
    }


@encoder("Bracket")
def bracket(value: Bracket) -> dict[str, Any]:
    return {
        "entrants": value.entrants,
        "qualifiers": value.qualifiers,
        "size": value.size,
        "byes": value.byes,
        "seeds": [{"seed": s, "player": value.name(s)} for s in range(1, value.qualifiers + 1)],
        "rounds": [
            {"round": i + 1, "name": value.round_name(i), "matches": [match(value, m) for m in matches]}
            for i, matches in enumerate(value.rounds)
        ],
    }
