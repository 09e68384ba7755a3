"""The qualification cut of an event's standings, and the playoff seeds it gives (docs/rules.md 8.7).

ACC rule 13.2b: one in four entrants qualify, fractions rounded up
(:func:`~.brackets.qualifiers_for`); a director may name another number. The standings rank by
game points and the tie-breakers, so players share a rank only when equal on every key; when such
a tie straddles the cut line it is shown, never broken silently: the players above it are
``qualified``, the tied ones ``tied`` (``places`` of them go through, as the director decides:
a tie-break game, a cut of the cards), the rest ``out``. A player who withdrew before the last
round counted is ``withdrawn`` and takes no place.

>>> from .standings import Standing, Standings
>>> rows = tuple(Standing(rank, name, 3, 1, 2, 0, points, 0, 0) for rank, name, points in
...     [(1, "ann", 6), (2, "bob", 4), (2, "cy", 4), (4, "dee", 2), (5, "eve", 0)])
>>> line = cut(Standings(rows, ("game_points",), "acc"), {}, 3, 2)
>>> line.marks, line.tied, line.places
({'ann': 'qualified', 'bob': 'tied', 'cy': 'tied', 'dee': 'out', 'eve': 'out'}, ('bob', 'cy'), 1)
>>> seeds(line, ["cy"])
('ann', 'cy')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import InvalidEvent
from ..refusals import said
from .brackets import MAX_QUALIFIERS, qualifiers_for
from .standings import Standings

MARKS = ("qualified", "tied", "out", "withdrawn")


@dataclass(frozen=True, slots=True)
class Cut:
    """Where the line falls: ``qualifiers`` places among ``entrants``; each player's mark;
    ``order`` the players eligible, in standings order; ``tied`` the players sharing the rank at
    the line (empty when the line falls between two ranks) and the ``places`` they share."""

    qualifiers: int
    entrants: int
    marks: dict[str, str]
    order: tuple[str, ...]
    tied: tuple[str, ...]
    places: int


def cut(table: Standings, withdrawn: Mapping[str, int | None], after: int, qualifiers: int | None = None) -> Cut:
    """The cut of ``table`` (the standings after round ``after``): ``qualifiers`` places (by
    default one in four of the players with a row), ``withdrawn`` the last round of each player
    who left (one who left before round ``after`` is not eligible)."""
    entrants = len(table.rows)
    count = qualifiers_for(entrants) if qualifiers is None else qualifiers
    if not 2 <= count <= min(entrants, MAX_QUALIFIERS):
        most = min(entrants, MAX_QUALIFIERS)
        raise InvalidEvent(said("cut_qualifiers", count=count, entrants=entrants, most=most), pointer="/qualifiers")
    marks: dict[str, str] = {}
    eligible = []
    for row in table.rows:
        left = withdrawn.get(row.player)
        if left is not None and left < after:
            marks[row.player] = "withdrawn"
        else:
            eligible.append(row)
    tied: tuple[str, ...] = ()
    places = 0
    if len(eligible) > count and eligible[count - 1].rank == eligible[count].rank:
        line = eligible[count - 1].rank
        tied = tuple(r.player for r in eligible if r.rank == line)
        places = count - sum(1 for r in eligible if r.rank < line)
    for position, row in enumerate(eligible):
        marks[row.player] = "tied" if row.player in tied else "qualified" if position < count else "out"
    return Cut(count, entrants, marks, tuple(r.player for r in eligible), tied, places)


def seeds(line: Cut, tie_break: Sequence[str] = ()) -> tuple[str, ...]:
    """The qualifiers in standings order (seed 1 first), the tied places going to the first of
    ``tie_break`` (the director's decision among the tied players, best first)."""
    if line.tied:
        for i, name in enumerate(tie_break):
            if name not in line.tied:
                raise InvalidEvent(said("cut_not_tied", name=name), pointer=f"/tie_break/{i}")
            if name in tie_break[:i]:
                raise InvalidEvent(said("named_twice", name=name), pointer=f"/tie_break/{i}")
        if len(tie_break) < line.places:
            raise InvalidEvent(
                said("cut_tied", count=len(line.tied), places=line.places, names=", ".join(line.tied)),
                pointer="/tie_break",
            )
    through = set(tie_break[: line.places])
    chosen = [name for name in line.order if line.marks[name] == "qualified"]
    at_line = [name for name in line.order if name in through]
    at_line.sort(key=list(tie_break).index)
    # the tied players share a rank, below every player marked qualified: they come after them
    return (*chosen, *at_line)


__all__ = ["Cut", "MARKS", "cut", "seeds"]
