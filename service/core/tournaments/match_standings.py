"""Match standings: players ranked on finished matches (docs/rules.md 8.1).

Each match is scored by :func:`~service.core.scoring.match.match_state` (its games, its
match points, its winner); the table ranks matches won, then match points, then spread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import CribbageError, InvalidEvent
from ..refusals import said
from ..rules import STANDARD, Rules
from ..scoring.match import MatchRules, match_state
from ..scoring.results import raise_together


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match: the two players (or partnerships) and each game's scores, in order."""

    players: tuple[str, str]
    games: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """One player's line: matches played, won, lost and drawn; match points for and against;
    games won and lost; and the spread of all their games (docs/rules.md 8.1)."""

    rank: int
    player: str
    matches: int
    matches_won: int
    matches_lost: int
    matches_drawn: int
    match_points: int
    match_points_against: int
    games_won: int
    games_lost: int
    spread: int


MATCH_RANKING = ("matches_won", "match_points", "spread")


@dataclass(frozen=True, slots=True)
class MatchStandings:
    rows: tuple[MatchStanding, ...]
    ranking: tuple[str, ...]


def match_standings(
    matches: Sequence[MatchResult], rules: Rules = STANDARD, match_rules: MatchRules = MatchRules()
) -> MatchStandings:
    """The players ranked on finished matches: matches won, then match points, then spread
    (:data:`MATCH_RANKING`); players equal on all three share a rank and are listed by name.
    A match that is not over is an :class:`InvalidEvent` at ``/matches/<i>/games``; every bad
    match is reported in one error (:func:`~service.core.scoring.results.raise_together`).

    >>> table = match_standings([MatchResult(("ann", "bob"), ((121, 100), (121, 85)))])
    >>> [(r.rank, r.player, r.matches_won, r.match_points, r.spread) for r in table.rows]
    [(1, 'ann', 1, 2, 57), (2, 'bob', 0, 0, -57)]
    """
    rows: dict[str, list[int]] = {}
    errors: list[CribbageError] = []
    for index, match in enumerate(matches):
        where = f"/matches/{index}"
        try:
            if len(match.players) != 2 or match.players[0] == match.players[1]:
                raise InvalidEvent(said("match_two_players"), pointer=f"{where}/players")
            state = match_state(match.games, rules, match_rules, pointer=where)
            if not state.over:
                raise InvalidEvent(
                    said("match_not_over", a=state.points[0], b=state.points[1]),
                    pointer=f"{where}/games",
                )
        except CribbageError as error:
            errors.append(error)
            continue
        spread = sum(game.scores[0] - game.scores[1] for game in state.games)
        for side, name in enumerate(match.players):
            row = rows.setdefault(name, [0] * 9)
            row[0] += 1
            if state.winner is None:
                row[3] += 1
            else:
                row[1 if state.winner == side else 2] += 1
            row[4] += state.points[side]
            row[5] += state.points[1 - side]
            row[6] += state.games_won[side]
            row[7] += state.games_won[1 - side]
            row[8] += spread if side == 0 else -spread
    raise_together(errors, "matches")
    ordered = sorted(rows, key=lambda p: (-rows[p][1], -rows[p][4], -rows[p][8], p))
    table: list[MatchStanding] = []
    for position, player in enumerate(ordered):
        r = rows[player]
        key = (r[1], r[4], r[8])
        tied = table and (table[-1].matches_won, table[-1].match_points, table[-1].spread) == key
        rank = table[-1].rank if tied else position + 1
        table.append(MatchStanding(rank, player, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]))
    return MatchStandings(tuple(table), MATCH_RANKING)


__all__ = ["MatchResult", "MatchStanding", "MatchStandings", "MATCH_RANKING", "match_standings"]
