"""Standings: the players of an event ranked on their games (docs/rules.md 8.1).

Each game counts as its :func:`~service.core.scoring.outcome.outcome` (the same rules the
scoreboards and the engine use), judged once per distinct score line
(:func:`~service.core.scoring.results.outcomes`, which also reports every invalid game at
once); the players are ranked by game points and then the tie-breakers, sharing a rank
when everything is equal (a plain reference in the tests gives the same tables).

>>> from ..rules import STANDARD
>>> [(row.rank, row.player, row.game_points) for row in standings([GameResult(("ann", "bob"), (121, 90))], STANDARD).rows]
[(1, 'ann', 3), (2, 'bob', 0)]
>>> table = standings([GameResult(("ann", "bob"), (121, 90)), GameResult(("bob", "cy"), (121, 100))], STANDARD)
>>> [(row.rank, row.player, row.game_points, row.spread) for row in table.rows]
[(1, 'ann', 3, 31), (2, 'bob', 2, -10), (3, 'cy', 0, -21)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import InvalidEvent
from ..refusals import said
from ..rules import Rules
from ..scoring.outcome import Outcome
from ..scoring.results import GameResult, outcomes
from ..vocabulary import GamePointScheme, Tiebreaker


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the table. ``skunks``: games won by a skunk or more. ``byes``:
    rounds sat out, each counted in ``games`` and ``games_won`` (:func:`service.core.tournaments.standings.tally`)."""

    rank: int
    player: str
    games: int
    games_won: int
    games_lost: int
    games_drawn: int
    game_points: int
    skunks: int
    spread: int
    byes: int = 0


@dataclass(frozen=True, slots=True)
class Standings:
    rows: tuple[Standing, ...]
    ranking: tuple[Tiebreaker, ...]
    scheme: GamePointScheme


def ranking_keys(rules: Rules) -> tuple[Tiebreaker, ...]:
    """Game points first, always (they are what standings rank: docs/rules.md 8.1), then the
    rules' other tie-breakers in their order; a list that names game points later, or leaves
    them out, changes only the order of the rest.

    >>> from ..rules import resolve
    >>> ranking_keys(resolve("six_card", {"tiebreakers": ["spread", "game_points", "games_won"]}))
    ('game_points', 'spread', 'games_won')
    """
    return ("game_points", *(key for key in rules.tiebreakers if key != "game_points"))


# Players in one event's standings: 16 times a large weekend's 250. Without a bound a body of
# 50,000 four-player games could name 200,000 players, and ask for a 25 MB table (2 s of CPU).
MAX_PLAYERS = 4096


def standings(games: Sequence[GameResult], rules: Rules, byes: Sequence[str] = ()) -> Standings:
    """The players of ``games`` ranked, with every invalid game reported at once (:func:`outcomes`).

    Ranking: :func:`ranking_keys` in order, higher first;
    ``head_to_head`` counts the games each player won against the others still tied with them;
    players equal on every key share a rank and are listed by name. An event of more than
    :data:`MAX_PLAYERS` players is an :class:`InvalidEvent`. ``byes`` names a player once per
    round sat out (a Swiss bye): see :func:`tally`.

    >>> from ..rules import STANDARD
    >>> [(r.player, r.games, r.games_won, r.game_points, r.spread, r.byes)
    ...  for r in standings([GameResult(("ann", "bob"), (121, 100))], STANDARD, byes=["cy"]).rows]
    [('ann', 1, 1, 2, 21, 0), ('cy', 1, 1, 2, 0, 1), ('bob', 1, 0, 0, -21, 0)]
    """
    return tally(games, outcomes(games, rules), rules, byes)


def tally(
    games: Sequence[GameResult],
    results: Sequence[Outcome],
    rules: Rules,
    byes: Sequence[str] = (),
    awarded: Mapping[str, tuple[int, int]] | None = None,
) -> Standings:
    """:func:`standings` from games already checked, with their :func:`outcomes` (for callers
    that need both, such as the crosstable, so the games are judged once).

    Each bye counts as a game won with the game points of a plain win (``rules.game_points[0]``,
    as :func:`service.core.tournaments.schedules.swiss_ranking` counts it for pairing), no skunk and no spread
    (docs/rules.md 8.1: ACC awards a win to a player whose opponent does not play; the ten spread
    points of a forfeit punish the absent opponent, and a bye has none). A player with only
    byes still has a row. ``awarded``: game points and spread a director gives a player
    outside any game (a late entry's, a half bye's: :mod:`.event_views`); each player named
    there has a row, even with nothing.
    """
    keys = ranking_keys(rules)
    stats: dict[str, list[int]] = {}  # games, won, lost, drawn, game points, skunks, spread, byes
    for name in byes:
        row = stats.get(name)
        if row is None:
            row = stats[name] = [0, 0, 0, 0, 0, 0, 0, 0]
        row[0] += 1
        row[1] += 1
        row[4] += rules.game_points[0]
        row[7] += 1
    for name, (points, spread) in (awarded or {}).items():
        row = stats.get(name)
        if row is None:
            row = stats[name] = [0, 0, 0, 0, 0, 0, 0, 0]
        row[4] += points
        row[6] += spread
    beat: dict[str, dict[str, int]] | None = {} if "head_to_head" in keys else None
    for game, result in zip(games, results):
        _count_game(stats, beat, game, result)
    if len(stats) > MAX_PLAYERS:
        raise InvalidEvent(said("event_players_most", most=MAX_PLAYERS, count=len(stats)), pointer="/games")
    column: dict[Tiebreaker, int] = {"games_won": 1, "game_points": 4, "skunks": 5, "spread": 6}

    def value(player: str, key: Tiebreaker, group: frozenset[str]) -> int:
        if key == "head_to_head":
            beaten = beat.get(player) if beat is not None else None
            return sum(beaten.get(p, 0) for p in group) if beaten else 0
        return stats[player][column[key]]

    def order(group: list[str], remaining: tuple[Tiebreaker, ...]) -> list[list[str]]:
        if len(group) <= 1 or not remaining:
            return [sorted(group)]
        members = frozenset(group)
        by_value: dict[int, list[str]] = {}
        for player in group:
            by_value.setdefault(value(player, remaining[0], members), []).append(player)
        return [tied for v in sorted(by_value, reverse=True) for tied in order(by_value[v], remaining[1:])]

    rows: list[Standing] = []
    for tied in order(sorted(stats), keys):
        rank = len(rows) + 1
        rows.extend(Standing(rank, player, *stats[player]) for player in tied)
    return Standings(tuple(rows), keys, rules.game_point_scheme)


def _count_game(
    stats: dict[str, list[int]], beat: dict[str, dict[str, int]] | None, game: GameResult, result: Outcome
) -> None:
    """Add one game to each of its players' rows of ``stats`` (and the winner's wins over each
    loser to ``beat``, when head to head is kept)."""
    winner = result.winner
    # A game of three given up: the one ahead of the others beat the conceder only, and the
    # rest neither won nor lost (docs/rules.md 8.4).
    given_up = result.conceded_by
    for side, name in enumerate(game.players):
        row = stats.get(name)
        if row is None:
            row = stats[name] = [0, 0, 0, 0, 0, 0, 0, 0]
        row[0] += 1
        row[4] += result.game_points[side]
        row[6] += result.spread[side]
        if winner is None:
            row[3] += 1
        elif winner == side:
            row[1] += 1
            if result.skunk_level:
                row[5] += 1
            if beat is not None:
                beaten = beat.setdefault(name, {})
                for other in game.players if given_up is None else (game.players[given_up],):
                    if other != name:
                        beaten[other] = beaten.get(other, 0) + 1
        elif given_up is None or given_up == side:
            row[2] += 1


__all__ = ["Standing", "Standings", "ranking_keys", "MAX_PLAYERS", "standings", "tally"]
