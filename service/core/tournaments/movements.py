"""Fixed games per player: the usual ACC day, every player a set number of games, each against a
different opponent, with the table movement the director posts (docs/rules.md 8.6).

The ACC names the format, not a chart: sanctioned qualifying is "one game each against multiple
opponents" (Wikipedia, "American Cribbage Congress"), a club night "nine games against nine
different opponents", and the rotation is a director's mechanic where "one side of the table
moves" (a club's event rules: "One side of the table moves four times to the right"). So:

* **one side moves** (``one_side_moves``), whenever the games fit (at most one a table, as many
  games as tables): the players sit in the order given, two to a table (the first at table 1's
  home seat, the second its visitor, the third at table 2's home seat, ...); after each game the
  home players stay and every visitor moves up one table (from the last table back to table 1),
  so each home player meets a new visitor every round. An odd field leaves the last table's
  visiting seat empty: its home player sits that round out (a bye), a different home player each
  round as the empty seat moves on.
* **round robin** (``round_robin``) when the games are more than the tables (a small field
  playing nearly everyone): the first rounds of :func:`~.schedules.round_robin`'s circle method
  (the first seat of table 1 stays, everyone else moves one seat round the ring), each round's
  bye to the player the phantom meets.

Either way no two players meet twice; in an odd field a player sits out at most one round, and a
bye counts as the event file counts a ``full`` bye (a game won).

>>> day = fixed_games(["ann", "bob", "cy", "dee", "eve"], 3)
>>> day.movement, day.tables
('one_side_moves', 3)
>>> [(r.number, [(p.board, p.players) for p in r.pairings], r.bye) for r in day.rounds]
[(1, [(1, ('ann', 'bob')), (2, ('cy', 'dee'))], 'eve'), (2, [(2, ('cy', 'bob')), (3, ('eve', 'dee'))], 'ann'), (3, [(1, ('ann', 'dee')), (3, ('eve', 'bob'))], 'cy')]
>>> [(s.round, s.table, s.opponent) for s in day.itinerary("bob")]
[(1, 1, 'ann'), (2, 2, 'cy'), (3, 3, 'eve')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..refusals import said
from .event import Check
from .roster import normal, roster_problems
from .schedules import Pairing, Round, round_robin

MAX_GAMES = 128  # an event file's rounds
MAX_FIELD = 4096  # an event file's roster
MAX_STOPS = 131_072  # players times games in one answer (as an event crosstable's cells)
# The names' bytes (UTF-8) times the games: each player's name is in the answer about twice a game
# (a table's seat, an opponent's stop), so this bounds the names' share of it (docs/worst-cases.md:
# 4,096 names of 48 four-byte characters would otherwise make a 56 MB answer at 32 games).
MAX_NAME_BYTES = 4 * 1024 * 1024
MOVEMENTS = ("one_side_moves", "round_robin")


@dataclass(frozen=True, slots=True)
class Stop:
    """Where a player goes in one round: the table and the opponent (``None`` for both: a bye)."""

    round: int
    table: int | None
    opponent: str | None


@dataclass(frozen=True, slots=True)
class FixedGames:
    """The day's rounds (tables numbered as they stand in the room) and how players move."""

    movement: str
    games: int
    tables: int
    players: tuple[str, ...]
    rounds: tuple[Round, ...]

    def itinerary(self, player: str) -> tuple[Stop, ...]:
        """Where ``player`` goes each round."""
        stops = []
        for r in self.rounds:
            found = next((p for p in r.pairings if player in p.players), None)
            if found is None:
                stops.append(Stop(r.number, None, None))
            else:
                stops.append(Stop(r.number, found.board, found.players[1 - found.players.index(player)]))
        return tuple(stops)

    def itineraries(self) -> tuple[tuple[str, tuple[Stop, ...]], ...]:
        """Every player's stops, in the order of the players (one pass over the rounds)."""
        where: dict[str, list[Stop]] = {name: [] for name in self.players}
        for r in self.rounds:
            for p in r.pairings:
                a, b = p.players
                where[a].append(Stop(r.number, p.board, b))
                where[b].append(Stop(r.number, p.board, a))
            if r.bye is not None:
                where[r.bye].append(Stop(r.number, None, None))
        return tuple((name, tuple(where[name])) for name in self.players)


def most_games(field: int) -> int:
    """The most games each of a field can play, all against different opponents (an odd field's
    players each sit out one round of the ``field`` rounds).

    >>> most_games(8), most_games(9)
    (7, 9)
    """
    return field - 1 if field % 2 == 0 else field


def fixed_games(players: Sequence[str], games: int) -> FixedGames:
    """``games`` rounds for ``players`` (in seating order), nobody meeting anyone twice. The
    names are checked as every event operation checks a roster (:func:`~.roster.roster_problems`:
    NFC, trimmed, none blank, none twice or alike) and given back normalised, so the lines go
    into an event file as they are; every problem (names, games) is in one answer."""
    check = Check()
    check.extend(roster_problems(players, "/players"))
    names = tuple(normal(name) for name in players)
    if not 2 <= len(names) <= MAX_FIELD:
        check.add("/players", said("mv_field", most=MAX_FIELD, count=len(names)))
    most = min(MAX_GAMES, most_games(len(names)))
    if not 1 <= games <= most:
        check.add("/games", said("mv_rounds", count=len(names), most=most, games=games))
    elif len(names) * games > MAX_STOPS:
        stops = len(names) * games
        check.add("/games", said("mv_stops", count=len(names), games=games, stops=stops, most=MAX_STOPS))
    elif games * (size := sum(len(name.encode()) for name in names)) > MAX_NAME_BYTES:
        total = games * size
        check.add("/games", said("mv_name_bytes", size=size, games=games, total=total, most=MAX_NAME_BYTES))
    check.raise_any()
    tables = (len(names) + 1) // 2
    if games <= tables:
        return FixedGames("one_side_moves", games, tables, names, _one_side_moves(names, games, tables))
    rounds = round_robin(names).rounds[:games]  # games > tables: at most 128, so the field is too
    return FixedGames("round_robin", games, len(names) // 2, names, rounds)


def _one_side_moves(names: tuple[str, ...], games: int, tables: int) -> tuple[Round, ...]:
    home = names[0::2]
    visitors: list[str | None] = [*names[1::2], None] if len(names) % 2 else list(names[1::2])
    rounds = []
    for number in range(1, games + 1):
        pairings = []
        bye = None
        for table in range(tables):
            visitor = visitors[(table - (number - 1)) % tables]  # each visitor one table up a round
            if visitor is None:
                bye = home[table]
            else:
                pairings.append(Pairing(table + 1, (home[table], visitor)))
        rounds.append(Round(number, tuple(pairings), bye))
    return tuple(rounds)


__all__ = [
    "FixedGames",
    "MAX_FIELD",
    "MAX_GAMES",
    "MAX_NAME_BYTES",
    "MAX_STOPS",
    "MOVEMENTS",
    "Stop",
    "fixed_games",
    "most_games",
]
