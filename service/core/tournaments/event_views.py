"""What a director publishes from a checked event (:func:`.event.settle`): the standings after
any round, the Swiss crosstable with one column per round (each player's game log, byes in
their round), the next round's pairings, and every table that is not cross-checked yet.

How each line counts (docs/rules.md 8.1 and 8.5):

* a game: its :func:`~service.core.scoring.outcome.outcome`;
* a forfeit (ACC 11.4b): a win for the opponent with a plain win's game points and ten
  spread points, a loss with ten spread points against for the player who forfeit;
* a ``full`` bye: a game won with a plain win's game points, no spread (as
  :func:`~service.core.tournaments.standings.tally` counts a pairing bye); a ``half`` bye: half
  a plain win's game points (rounded down), no game; a ``zero`` bye: nothing;
* a late entry's points and spread: counted from the round the player joins.

Tables whose cards disagree, or with no card yet, count for nobody until a ruling (or a card)
settles them; each view lists them.

>>> from ..rules import STANDARD
>>> from .event import Bye, Card, Entry, Event, Seat, settle
>>> ledger = settle(Event(
...     (Entry("ann"), Entry("bob"), Entry("cy"), Entry("dee", joined=2, points=1)),
...     (Seat(1, 1, ("ann", "bob")), Seat(2, 1, ("cy", "ann")), Seat(2, 2, ("bob", "dee"))),
...     (Bye(1, "cy"),),
...     (Card(1, 1, "ann", (121, 100)), Card(2, 1, None, forfeit="ann"),
...      Card(2, 2, "bob", (121, 90)), Card(2, 2, "dee", (121, 95)))), STANDARD)
>>> [(r.player, r.game_points, r.spread) for r in event_standings(ledger, STANDARD, 1).table.rows]
[('ann', 2, 21), ('cy', 2, 0), ('bob', 0, -21)]
>>> [(r.player, r.game_points, r.spread) for r in event_standings(ledger, STANDARD).table.rows]
[('cy', 4, 10), ('ann', 2, 11), ('dee', 1, 0), ('bob', 0, -21)]
>>> [(t.round, t.table, t.status) for t in event_standings(ledger, STANDARD).unsettled]
[(2, 2, 'disputed')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..errors import InvalidEvent
from ..refusals import said
from ..rules import Rules
from ..scoring.outcome import Outcome
from ..scoring.results import GameResult
from ..vocabulary import TABLE_STATUSES, TableStatus
from .cut import Cut, cut
from .event import Bye, Check, Ledger, TableResult, settled_first, unsettled
from .roster import Roster
from .schedules import Round, SwissStanding, swiss_pairings, swiss_ranking
from .standings import Standings, tally

MAX_SWISS_FIELD = 1024  # as /v1/tournaments/swiss-pairings takes (docs/worst-cases.md)


@dataclass(frozen=True, slots=True)
class EventStandings:
    """The standings after round ``after``: the table, each player's entry and withdrawal
    (``joined``, ``withdrawn``, by name), the tables of those rounds still unsettled, and the
    qualification cut (:mod:`.cut`; ``None`` for fewer than two players still in)."""

    after: int
    table: Standings
    joined: dict[str, int]
    withdrawn: dict[str, int | None]
    unsettled: tuple[TableResult, ...]
    cut: Cut | None = None


def _after(ledger: Ledger, after: int | None) -> int:
    if after is None:
        return ledger.rounds
    if after > ledger.rounds:
        raise InvalidEvent(said("ev_rounds_so_far", rounds=ledger.rounds, after=after), pointer="/after_round")
    return after


def _counted(
    ledger: Ledger, after: int, rules: Rules
) -> tuple[list[GameResult], list[Outcome], list[str], dict[str, tuple[int, int]]]:
    """The games (and outcomes), the full byes and the awards of rounds 1 to ``after``."""
    games: list[GameResult] = []
    results: list[Outcome] = []
    for t in ledger.tables:
        if t.round <= after and t.outcome is not None:
            games.append(GameResult(t.players, t.outcome.scores, t.outcome.conceded_by))
            results.append(t.outcome)
    full = [bye.player for bye in ledger.byes if bye.round <= after and bye.kind == "full"]
    # Everyone in the field by then has a row (before round 1: the first round's field).
    awarded = {e.name: (e.points, e.spread) for e in ledger.entries if e.joined <= max(after, 1)}
    for bye in ledger.byes:
        if bye.round <= after and bye.kind == "half":
            points, spread = awarded.get(bye.player, (0, 0))
            awarded[bye.player] = (points + rules.game_points[0] // 2, spread)
    return games, results, full, awarded


def event_standings(
    ledger: Ledger, rules: Rules, after: int | None = None, qualifiers: int | None = None
) -> EventStandings:
    """The standings after round ``after`` (the last round by default): every player in the
    field by then has a row, a withdrawn player too (with the games played), and the cut of
    ``qualifiers`` (one in four by default)."""
    after = _after(ledger, after)
    games, results, full, awarded = _counted(ledger, after, rules)
    table = tally(games, results, rules, full, awarded)
    withdrawn = {e.name: e.withdrawn for e in ledger.entries}
    line = cut(table, withdrawn, after, qualifiers)
    return EventStandings(
        after,
        table,
        {e.name: e.joined for e in ledger.entries},
        withdrawn,
        tuple(t for t in ledger.tables if t.round <= after and not t.settled),
        line,
    )


def playoff_cut(
    ledger: Ledger, rules: Rules, after: int | None = None, qualifiers: int | None = None
) -> tuple[EventStandings, Cut]:
    """The standings and the cut a playoff is drawn from, after the checks of that step all
    together: ``qualifiers`` against the players still in (and ``after`` against the rounds
    played), and every table of the rounds counted settled (a table whose cards differ, or with
    none, named with its round, table and players); then two players at least to seed."""
    check = Check()
    standing = None
    try:
        standing = event_standings(ledger, rules, after, qualifiers)
    except InvalidEvent as error:  # one problem: the qualifiers, or the round asked for
        check.add(error.pointer or "", error.words)
    counted = standing.after if standing is not None else ledger.rounds if after is None else min(after, ledger.rounds)
    tables = [t for t in ledger.tables if t.round <= counted]
    if not check.total:
        settled_first(tables, "waiting_playoff")  # alone, with its own summary
    check.extend(unsettled(tables))
    check.raise_any()
    assert standing is not None
    if standing.cut is None:
        raise InvalidEvent(said("playoff_field", round=standing.after), pointer="/players")
    return standing, standing.cut


@dataclass(frozen=True, slots=True)
class RoundCell:
    """One player's round in the crosstable: ``result`` is ``won``, ``lost``, ``drawn``,
    ``forfeit_won``, ``forfeit_lost``, a bye (``bye``, ``half_bye``, ``zero_bye``),
    ``unsettled`` (the table's cards disagree or are missing), ``absent`` (in the field, not
    seated), ``not_entered`` or ``withdrawn``. ``total_*``: the running totals after it.
    ``conceded_by``: the player who gave the game up (a game won or lost at the scores as they stood)."""

    round: int
    result: str
    table: int | None
    opponent: str | None
    score: int | None
    opponent_score: int | None
    game_points: int
    spread: int
    total_game_points: int
    total_spread: int
    conceded_by: str | None = None


@dataclass(frozen=True, slots=True)
class RoundRow:
    rank: int
    player: str
    cells: tuple[RoundCell, ...]


_BYES = {"full": "bye", "half": "half_bye", "zero": "zero_bye"}


def event_crosstable(
    ledger: Ledger, rules: Rules, after: int | None = None
) -> tuple[EventStandings, tuple[RoundRow, ...]]:
    """The Swiss crosstable after round ``after``: the players in standings order, each with
    one cell per round (:class:`RoundCell`), opponents named (their rank is in the rows)."""
    standing = event_standings(ledger, rules, after)
    after = standing.after
    seats: dict[tuple[int, str], tuple[TableResult, int]] = {}
    for t in ledger.tables:
        if t.round <= after:
            for side, name in enumerate(t.players):
                seats[t.round, name] = (t, side)
    byes: dict[tuple[int, str], Bye] = {(b.round, b.player): b for b in ledger.byes if b.round <= after}
    rows = []
    for row in standing.table.rows:
        entry = ledger.entry(row.player)
        totals = [entry.points, entry.spread] if entry.joined <= 1 else [0, 0]
        cells = []
        for number in range(1, after + 1):
            cell = _cell(number, row.player, entry.joined, entry.withdrawn, seats, byes, rules)
            if number == entry.joined > 1:  # the points given count from the round the player joins
                totals[0] += entry.points
                totals[1] += entry.spread
            totals[0] += cell.game_points
            totals[1] += cell.spread
            cells.append(replace(cell, total_game_points=totals[0], total_spread=totals[1]))
        rows.append(RoundRow(row.rank, row.player, tuple(cells)))
    return standing, tuple(rows)


def _cell(
    number: int,
    name: str,
    joined: int,
    withdrawn: int | None,
    seats: dict[tuple[int, str], tuple[TableResult, int]],
    byes: dict[tuple[int, str], Bye],
    rules: Rules,
) -> RoundCell:
    seat = seats.get((number, name))
    if seat is not None:
        t, side = seat
        opponent = t.players[1 - side]
        result = t.outcome
        if result is None:
            return RoundCell(number, "unsettled", t.table, opponent, None, None, 0, 0, 0, 0)
        won = result.winner == side
        if t.forfeit is not None:
            kind = "forfeit_won" if won else "forfeit_lost"
            return RoundCell(
                number, kind, t.table, opponent, None, None, result.game_points[side], result.spread[side], 0, 0
            )
        kind = "drawn" if result.winner is None else "won" if won else "lost"
        scores = result.scores
        return RoundCell(
            number,
            kind,
            t.table,
            opponent,
            scores[side],
            scores[1 - side],
            result.game_points[side],
            result.spread[side],
            0,
            0,
            None if result.conceded_by is None else t.players[result.conceded_by],
        )
    bye = byes.get((number, name))
    if bye is not None:
        points = {"full": rules.game_points[0], "half": rules.game_points[0] // 2, "zero": 0}[bye.kind]
        return RoundCell(number, _BYES[bye.kind], None, None, None, None, points, 0, 0, 0)
    kind = (
        "not_entered" if number < joined else "withdrawn" if withdrawn is not None and number > withdrawn else "absent"
    )
    return RoundCell(number, kind, None, None, None, None, 0, 0, 0, 0)


def _sitting_out(ledger: Ledger, roster: Roster, number: int, sitting_out: Sequence[str]) -> set[str]:
    """The roster names of those ``sitting_out`` round ``number``; every name that is not one
    (not on the roster, named twice, not in that round's field) refused at once."""
    check = Check()
    away: dict[str, int] = {}
    in_field = {e.name for e in ledger.entries if e.plays(number)}
    for i, name in enumerate(sitting_out):
        key = roster.find(name)
        where = f"/sitting_out/{i}"
        if key is None:
            check.add(where, roster.unknown(name))
        elif key in away:
            check.add(where, said("named_twice", name=key))
        elif key not in in_field:
            check.add(where, said("ev_sitting_out_away", name=key, round=number))
        else:
            away[key] = i
    check.raise_any()
    return set(away)


def event_pairings(
    ledger: Ledger, rules: Rules, sitting_out: Sequence[str] = ()
) -> tuple[Round, tuple[SwissStanding, ...]]:
    """The next round's Swiss pairings (table numbers from 1): the players in the field that
    round, less those ``sitting_out`` (a bye they asked for: record it in the round), on every
    result so far. Every table of the rounds before must be settled first."""
    settled_first(ledger.tables, "waiting_pairing")
    number = ledger.rounds + 1
    roster = Roster.of([e.name for e in ledger.entries])
    away = _sitting_out(ledger, roster, number, sitting_out)
    field = [e.name for e in ledger.entries if e.plays(number) and e.name not in away]
    if len(field) < 2:
        where = "/sitting_out" if sitting_out else "/players"
        raise InvalidEvent(said("ev_swiss_few", round=number, count=len(field)), pointer=where)
    if len(field) > MAX_SWISS_FIELD:
        raise InvalidEvent(
            said("ev_swiss_field", most=MAX_SWISS_FIELD, round=number, count=len(field)),
            pointer="/players",
        )
    gone = [e.name for e in ledger.entries if e.name not in field]
    # The pairing ranks on what the standings count: the games' outcomes (a forfeit the plain win
    # it is awarded, by ten spread points, ACC 11.4b) and the points and spread given outside them.
    games, results, full, awarded = _counted(ledger, ledger.rounds, rules)
    given = {name: value for name, value in awarded.items() if name in field}
    for e in ledger.entries:  # a late entry joining this round brings the points and spread given
        if e.joined == number > 1 and e.name in field:
            points, spread = given.get(e.name, (0, 0))
            given[e.name] = (points + e.points, spread + e.spread)
    byes = [b for b in full if b in field]
    pairing = swiss_pairings(field, games, rules, byes=byes, withdrawn=gone, awarded=given, results=results)
    ranking = swiss_ranking(field, games, rules, byes=byes, withdrawn=gone, awarded=given, results=results)
    return replace(pairing, number=number), ranking


@dataclass(frozen=True, slots=True)
class CrossCheck:
    """Every table of the event, cross-checked, and the players left out of a round: ``unplaced``,
    each (round, player) of a player in the field that round (entered, not withdrawn) with neither a
    table nor a bye in a round that has tables; the first :data:`MAX_UNPLACED` of ``unplaced_count``."""

    tables: tuple[TableResult, ...]
    unplaced: tuple[tuple[int, str], ...]
    unplaced_count: int

    @property
    def counts(self) -> dict[TableStatus, int]:
        """How many tables have each status, every status named (in :data:`TABLE_STATUSES` order)."""
        counts = dict.fromkeys(TABLE_STATUSES, 0)
        for t in self.tables:
            counts[t.status] += 1
        return counts


MAX_UNPLACED = 1000


def cross_check(ledger: Ledger) -> CrossCheck:
    """The tables and the players no line of a round places (a bye not copied into the file, a
    forfeit not entered, or tables still being entered): counted for nothing in that round, which
    the crosstable shows as ``absent``, so the cross-check names them.

    >>> from .event import Entry, Event, Seat, settle
    >>> from ..rules import STANDARD
    >>> ledger = settle(Event((Entry("ann"), Entry("bob"), Entry("cy"), Entry("dee", joined=2)),
    ...     (Seat(1, 1, ("ann", "bob")), Seat(2, 1, ("ann", "dee"))), (Bye(2, "bob"),), ()), STANDARD)
    >>> cross_check(ledger).unplaced
    ((1, 'cy'), (2, 'cy'))
    """
    placed = {(t.round, p) for t in ledger.tables for p in t.players} | {(b.round, b.player) for b in ledger.byes}
    rounds = sorted({t.round for t in ledger.tables})
    listed: list[tuple[int, str]] = []
    count = 0  # counted, not kept: 4,096 players and 128 rounds of one table leave half a million
    for r in rounds:
        for e in ledger.entries:
            if e.plays(r) and (r, e.name) not in placed:
                count += 1
                if len(listed) < MAX_UNPLACED:
                    listed.append((r, e.name))
    return CrossCheck(ledger.tables, tuple(listed), count)


__all__ = [
    "CrossCheck",
    "MAX_UNPLACED",
    "cross_check",
    "EventStandings",
    "RoundCell",
    "RoundRow",
    "event_crosstable",
    "event_pairings",
    "event_standings",
    "playoff_cut",
]
