"""The playoff bracket (docs/rules.md 8).

The bracket follows ACC practice: one in four qualify (rounded up), single elimination,
first-round byes to the top seeds, and standard seeding, where seed ``s`` meets seed
``n + 1 - s``.

>>> [(m.high_seed, m.low_seed) for m in bracket(16).rounds[0]]
[(1, 4), (2, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import first_repeat
from ..errors import InvalidEvent
from ..refusals import said

MAX_QUALIFIERS = 1024  # a 1024-seed bracket has 1023 matches: the largest answer worth sending


def qualifiers_for(entrants: int, one_in: int = 4) -> int:
    """One in ``one_in`` entrants qualify, fractions rounded up (ACC: 121-124 entrants give
    31), but never fewer than two (a bracket needs a match) nor more than the entrants.

    >>> [qualifiers_for(n) for n in (5, 16, 31, 121, 124, 125)]
    [2, 4, 8, 31, 31, 32]
    """
    return min(entrants, max(2, -(-entrants // one_in)))


def seeding_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket order for a bracket of ``size`` (a power of two): adjacent pairs
    meet in the first round, seed ``s`` against ``size + 1 - s``, and the top two seeds
    can meet only in the final, the top four only in the semifinals, and so on.

    >>> seeding_order(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    """
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [seed for s in order for seed in (s, n + 1 - s)]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Match:
    """A bracket match. First round: the two seeds (``low_seed`` is ``None`` for a bye, the
    high seed going through). Later rounds: ``winners_of`` the two earlier matches."""

    id: int
    round: int
    high_seed: int | None
    low_seed: int | None
    winners_of: tuple[int, int] | None

    @property
    def bye(self) -> bool:
        return self.round == 1 and self.low_seed is None


@dataclass(frozen=True, slots=True)
class Bracket:
    entrants: int
    qualifiers: int
    size: int
    players: tuple[str, ...] | None
    rounds: tuple[tuple[Match, ...], ...]

    @property
    def byes(self) -> int:
        return self.size - self.qualifiers

    def name(self, seed: int | None) -> str | None:
        """The player holding ``seed``, when players were named."""
        if seed is None or self.players is None:
            return None
        return self.players[seed - 1]

    def round_name(self, index: int) -> str:
        """What round ``index`` (from 0) is called: the final, the semifinals, ..., round of 16."""
        left = self.size >> index
        return {2: "final", 4: "semifinals", 8: "quarterfinals"}.get(left, f"round of {left}")


def bracket(
    entrants: int, qualifiers: int | None = None, *, one_in: int = 4, players: Sequence[str] | None = None
) -> Bracket:
    """The single-elimination playoff for a field of ``entrants``.

    ``qualifiers`` defaults to :func:`qualifiers_for`; ``players``, when given, are the
    entrants in standings order (seed 1 first) and name the seeds. The bracket size is the
    next power of two; its byes (size minus qualifiers) fall to the top seeds, whose
    first-round opponents would be the seeds that do not exist, so the second round is
    always full.
    """
    if entrants < 2:
        raise InvalidEvent(said("playoff_two"), pointer="/entrants")
    if players is not None:
        if len(players) != entrants:
            raise InvalidEvent(said("players_for_entrants", count=len(players), entrants=entrants), pointer="/players")
        index = first_repeat(players)
        if index is not None:
            raise InvalidEvent(said("named_twice", name=players[index]), pointer=f"/players/{index}")
    count = qualifiers_for(entrants, one_in) if qualifiers is None else qualifiers
    if not 2 <= count <= min(entrants, MAX_QUALIFIERS):
        raise InvalidEvent(
            said("qualify_range", most=min(entrants, MAX_QUALIFIERS), entrants=entrants, count=count),
            pointer="/qualifiers" if qualifiers is not None else "/one_in",
        )
    size = 1 << (count - 1).bit_length()
    order = seeding_order(size)
    rounds: list[tuple[Match, ...]] = []
    first: list[Match] = []
    for index in range(0, size, 2):
        high, low = sorted((order[index], order[index + 1]))
        first.append(Match(len(first) + 1, 1, high, low if low <= count else None, None))
    rounds.append(tuple(first))
    next_id = len(first) + 1
    while len(rounds[-1]) > 1:
        previous = rounds[-1]
        matches = []
        for index in range(0, len(previous), 2):
            matches.append(Match(next_id, len(rounds) + 1, None, None, (previous[index].id, previous[index + 1].id)))
            next_id += 1
        rounds.append(tuple(matches))
    named = tuple(players[:count]) if players is not None else None
    return Bracket(entrants, count, size, named, tuple(rounds))


__all__ = ["Bracket", "Match", "bracket", "qualifiers_for", "seeding_order"]
