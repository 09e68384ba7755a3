"""The qualification cut of an event's standings, and the playoff seeds it gives (docs/rules.md 8.7).

ACC rule 13.2b: one in four entrants qualify, fractions rounded up
(:func:`~.brackets.qualifiers_for`); a director may name another number. A player who withdrew
(at any round) is ``withdrawn``: never a qualifier, the next eligible player takes the place, so
the places are at most the players still in the event. The standings rank by game points and the
tie-breakers, so players share a rank only when equal on every key; when such a tie straddles the
cut line it is shown, never broken silently: the players above it are ``qualified``, the tied
ones ``tied`` (``places`` of them go through), the rest ``out``.

The seeds are a full order, and the service never uses names to make one: wherever the
standings (or the rating list, with the standings after it) leave qualifiers equal, or a tie
straddles the line, the director's ``tie_break`` decides (ACC practice: a tie-break game or a
cut of the cards, the director's), or the playoff is refused with every such tie named.

>>> from .roster import Roster, quoted
>>> from .standings import Standing, Standings
>>> rows = tuple(Standing(rank, name, 3, 1, 2, 0, points, 0, 0) for rank, name, points in
...     [(1, "ann", 6), (2, "bob", 4), (2, "cy", 4), (4, "dee", 2), (5, "eve", 0)])
>>> line = cut(Standings(rows, ("game_points",), "acc"), {}, 3, 2)
>>> line.marks, line.tied, line.places
({'ann': 'qualified', 'bob': 'tied', 'cy': 'tied', 'dee': 'out', 'eve': 'out'}, ('bob', 'cy'), 1)
>>> seeds(line, [" cy"], Roster.of([r.player for r in rows]))
('ann', 'cy')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import InvalidEvent
from ..refusals import Said, said
from ..scoring.results import GameResult
from ..vocabulary import SeedBy
from .brackets import MAX_QUALIFIERS, Bracket, qualifiers_for
from .event import Check, Ledger
from .roster import Roster, quoted
from .standings import Standings

MARKS = ("qualified", "tied", "out", "withdrawn")
RatingKey = tuple[float, ...]  # a player's place on a rating list, higher first (compared whole)


@dataclass(frozen=True, slots=True)
class Cut:
    """Where the line falls: ``qualifiers`` places among ``entrants``; each player's mark;
    ``order`` the players eligible, in standings order, with their ``ranks``; ``tied`` the
    players sharing the rank at the line (empty when the line falls between two ranks) and the
    ``places`` they share."""

    qualifiers: int
    entrants: int
    marks: dict[str, str]
    order: tuple[str, ...]
    tied: tuple[str, ...]
    places: int
    ranks: dict[str, int]


@dataclass(frozen=True, slots=True)
class Playoff:
    """A playoff drawn from a cut: the ``line``, what the seeds come from (``seed_by``:
    ``standings`` or ``ratings``) and the seeded ``bracket``."""

    line: Cut
    seed_by: SeedBy
    bracket: Bracket


def cut(table: Standings, withdrawn: Mapping[str, int | None], after: int, qualifiers: int | None = None) -> Cut | None:
    """The cut of ``table`` (the standings after round ``after``): ``qualifiers`` places (by
    default one in four of the players with a row, at most the players still in), ``withdrawn``
    the last round of each player who left (never eligible). ``None`` when no number was asked
    for and fewer than two players are eligible."""
    entrants = len(table.rows)
    marks: dict[str, str] = {}
    eligible = []
    for row in table.rows:
        if withdrawn.get(row.player) is None:
            eligible.append(row)
        else:
            marks[row.player] = "withdrawn"
    if qualifiers is None and len(eligible) < 2:
        return None
    count = min(qualifiers_for(entrants), len(eligible)) if qualifiers is None else qualifiers
    most = min(len(eligible), MAX_QUALIFIERS)
    if not 2 <= count <= most:
        raise InvalidEvent(
            said("cut_qualifiers", count=count, entrants=entrants, eligible=len(eligible), most=most),
            pointer="/qualifiers",
        )
    tied: tuple[str, ...] = ()
    places = 0
    if len(eligible) > count and eligible[count - 1].rank == eligible[count].rank:
        line = eligible[count - 1].rank
        tied = tuple(r.player for r in eligible if r.rank == line)
        places = count - sum(1 for r in eligible if r.rank < line)
    for position, row in enumerate(eligible):
        marks[row.player] = "tied" if row.player in tied else "qualified" if position < count else "out"
    ranks = {r.player: r.rank for r in eligible}
    return Cut(count, entrants, marks, tuple(r.player for r in eligible), tied, places, ranks)


def rated_games(ledger: Ledger, after: int) -> list[GameResult]:
    """The games a rating list seeds the playoff by: the played ones of rounds 1 to ``after``,
    in the order of the rounds (a forfeit is no game to rate)."""
    return [
        GameResult(t.players, t.outcome.scores, t.outcome.conceded_by)
        for t in ledger.tables
        if t.round <= after and t.outcome is not None and t.forfeit is None
    ]


def seeds(
    line: Cut, tie_break: Sequence[str], roster: Roster, ratings: Mapping[str, RatingKey] | None = None
) -> tuple[str, ...]:
    """The qualifiers in seed order (seed 1 first): by the standings, or by ``ratings`` (higher
    first, the standings after them). ``tie_break`` is the director's order (best first) of
    players the standings and ratings leave equal: the tied players at the line who go through
    (at least ``places`` of them named), and every group of qualifiers sharing a seed key (all
    of it named, or all but one, who comes last). Each name is a roster name (NFC, trimmed) of a
    tied group that matters; anything else, and every tie left open, is refused in one answer."""
    check = Check()
    where, problems = roster.order(tie_break, "/tie_break")  # roster name -> its index in tie_break
    check.extend(problems)
    named = {player: place for place, player in enumerate(where)}  # roster name -> its place in the order
    at_line = sorted((p for p in line.tied if p in named), key=named.__getitem__)
    if len(at_line) < line.places:
        check.add(
            "/tie_break",
            said(
                "cut_tied_one" if line.places == 1 else "cut_tied",
                count=len(line.tied),
                places=line.places,
                names=quoted(line.tied),
            ),
        )
    through = [p for p in line.order if line.marks[p] == "qualified"] + at_line[: line.places]

    def key(player: str) -> tuple[float, ...]:
        rank = float(line.ranks[player])
        return (rank,) if ratings is None else (*(-v for v in ratings[player]), rank)

    groups: dict[tuple[float, ...], list[str]] = {}
    for player in through:
        groups.setdefault(key(player), []).append(player)
    byes = (1 << (line.qualifiers - 1).bit_length()) - line.qualifiers
    matters = set(line.tied)
    order: list[str] = []
    for _, group in sorted(groups.items()):
        if len(group) > 1:
            matters |= set(group)
            given = sorted((p for p in group if p in named), key=named.__getitem__)
            if len(given) < len(group) - 1:
                first, last = len(order) + 1, len(order) + len(group)
                decides = _decides(first, last, byes, line.qualifiers)
                check.add(
                    "/tie_break",
                    said(
                        "seed_tied", names=quoted(group), first=first, last=last, decides=decides, need=len(group) - 1
                    ),
                )
            group = given + [p for p in group if p not in named]
        order.extend(group)
    for player, i in where.items():
        if player not in matters:
            check.add(f"/tie_break/{i}", said("cut_not_tied", name=player))
    check.raise_any()
    return tuple(order)


def _decides(first: int, last: int, byes: int, qualifiers: int) -> Said:
    """What the order of seeds ``first`` to ``last`` decides: a first-round bye (some of them
    have one, some not), who meets whom, or only which of one match's players is the higher seed."""
    if first <= byes < last:
        return said("decides_byes")
    size = qualifiers + byes
    if first == last - 1 and first + last == size + 1:
        return said("decides_seed")
    return said("decides_opponents")


__all__ = ["Cut", "MARKS", "Playoff", "RatingKey", "cut", "rated_games", "seeds"]
