"""Wire shapes of tournament tools: outcomes, standings, brackets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import CribbageError
from ...core.rules import Rules, resolve, variant_for_sides
from ...core.scoring.results import GameResult
from ...core.tournaments.brackets import Bracket, Match
from ...core.tournaments.roster import Spellings
from ...core.tournaments.standings import Standing, Standings
from ..printouts.heading import Heading
from . import encoder, loader
from .common import at_shortcut, merge_shortcuts


def request_rules(data: dict[str, Any], sides: int) -> Rules:
    """The rules a tournament request names: its ``variant`` (by default the usual game of
    ``sides`` players alone) with ``options`` and the top-level shortcuts."""
    shortcuts = {name: data.get(name) for name in ("target", "scheme", "tiebreakers", "fixed_deals")}
    try:
        return resolve(data.get("variant") or variant_for_sides(sides), merge_shortcuts(data.get("options"), shortcuts))
    except CribbageError as error:
        raise at_shortcut(error, data.get("options"), shortcuts) from None


@dataclass(frozen=True, slots=True)
class OutcomeRequest:
    scores: tuple[int, ...]
    rules: Rules
    conceded_by: int | None = None


@dataclass(frozen=True, slots=True)
class StandingsRequest:
    games: tuple[GameResult, ...]
    rules: Rules
    byes: tuple[str, ...] = ()
    heading: Heading | None = None


@dataclass(frozen=True, slots=True)
class BracketRequest:
    entrants: int
    qualifiers: int | None
    one_in: int
    players: tuple[str, ...] | None
    heading: Heading | None = None


@loader("PrintHeading")
def load_heading(data: dict[str, Any] | None) -> Heading | None:
    """A request's ``heading`` (the event a printout belongs to), ``None`` without one."""
    return None if data is None else Heading(data.get("name"), data.get("date"), data.get("round"))


@loader("OutcomeRequest")
def load_outcome(data: dict[str, Any]) -> OutcomeRequest:
    scores = tuple(data["scores"])
    return OutcomeRequest(scores, request_rules(data, len(scores)), data.get("conceded_by"))


@loader("GameResult")
def load_game(game: dict[str, Any]) -> GameResult:
    return load_games([game])[0]


def load_games(games: list[dict[str, Any]], spelled: Spellings | None = None) -> tuple[GameResult, ...]:
    """An event's games, the largest bodies the service takes (30,000 for 250 players): one
    comprehension (``benchmarks/tournament_scale.py``). Every name as ``spelled`` has it
    (:class:`~service.core.tournaments.roster.Spellings`: "Bo " and "Bo" are one player)."""
    spelled = Spellings() if spelled is None else spelled
    known = spelled.get  # a name met before (every name is, but the first time): no call
    return tuple(
        [
            GameResult(
                tuple([known(name) or spelled(name) for name in game["players"]]),
                tuple(game["scores"]),
                game.get("conceded_by"),
            )
            for game in games
        ]
    )


@loader("StandingsRequest")
def load_standings(data: dict[str, Any]) -> StandingsRequest:
    spelled = Spellings()
    games = load_games(data["games"], spelled)
    return StandingsRequest(
        games, request_rules(data, len(games[0].players)), spelled.all(data["byes"]), load_heading(data.get("heading"))
    )


@loader("BracketRequest")
def load_bracket(data: dict[str, Any]) -> BracketRequest:
    players = data.get("players")
    entrants = data.get("entrants")
    if entrants is None:  # the contract asks for one of the two
        entrants = len(data["players"])
    return BracketRequest(
        entrants,
        data.get("qualifiers"),
        data["one_in"],
        None if players is None else Spellings().all(players),
        load_heading(data.get("heading")),
    )


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
