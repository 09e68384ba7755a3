"""Tables for expectations over unseen cards: rank multisets, their weights, their totals.

The discard analysis needs, for a known part of a show (the cards kept, or the cards
thrown to the crib), the average of the rank points (fifteens, pairs, runs) over every way
the unknown cards can fall. Those points depend only on the ranks, so instead of walking
every card combination (45,540 opponent pairs and starters per discard in the six-card
game) the sum runs over *rank multisets* of the unknown cards: 13 of size 1 (a starter),
455 of size 3 (two opponent discards and a starter), 1,820 of size 4. Each multiset is
weighted by how many card sets of the unseen cards have those ranks, a product of binomial
coefficients, so the result is exact.

* :data:`MULTISETS` and :data:`MULTISET_KEYS`: the multisets of each size in one fixed
  order, and their rank keys (:func:`~service.core.scoring.show_tables.rank_key`).
* :func:`multiset_weights`: for the rank counts of the unseen cards, how many card sets
  have each multiset.
* :func:`totals_row`: for a known rank key, the rank points of the known ranks plus each
  multiset, aligned with :data:`MULTISETS` (0 where the ranks cannot occur: five of a
  kind, which always has weight 0). Rows are built on first use and cached: a row is 13 to
  1,820 table lookups, so nothing is paid at import.

>>> MULTISETS[3][:3]
((1, 1, 1), (1, 1, 2), (1, 1, 3))
>>> len(MULTISETS[1]), len(MULTISETS[3]), len(MULTISETS[4])
(13, 455, 1820)
>>> counts = [0] + [4] * 13          # a full deck: rank counts by rank 1..13
>>> sum(multiset_weights(counts, 3)) == 52 * 51 * 50 // 6
True
>>> from ..scoring.show_tables import rank_key
>>> totals_row(rank_key((5, 5, 5, 11)), 1)[4]   # 5-5-5-J with a 5 starter: ranks alone
28
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from ..scoring.show_tables import RANK_KEY, TOTAL_BY_KEY

# COMB[n][k] = n choose k for the counts a rank can have among unseen cards (0..4).
COMB: tuple[tuple[int, ...], ...] = (
    (1, 0, 0, 0, 0),
    (1, 1, 0, 0, 0),
    (1, 2, 1, 0, 0),
    (1, 3, 3, 1, 0),
    (1, 4, 6, 4, 1),
)

MULTISETS: dict[int, tuple[tuple[int, ...], ...]] = {
    size: tuple(combinations_with_replacement(range(1, 14), size)) for size in (1, 2, 3, 4)
}
# Each multiset's place in that order (a table's row), by its sorted ranks.
MULTISET_INDEX: dict[int, dict[tuple[int, ...], int]] = {
    size: {ranks: i for i, ranks in enumerate(sets)} for size, sets in MULTISETS.items()
}
MULTISET_KEYS: dict[int, tuple[int, ...]] = {
    size: tuple(sum(RANK_KEY[r] for r in ranks) for ranks in sets) for size, sets in MULTISETS.items()
}
# Each multiset as (rank, multiplicity) pairs, for the weights.
_SHAPES: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    size: tuple(tuple((r, ranks.count(r)) for r in sorted(set(ranks))) for ranks in sets)
    for size, sets in MULTISETS.items()
}


def multiset_weights(counts: Sequence[int], size: int) -> tuple[int, ...]:
    """How many sets of ``size`` unseen cards have each multiset of :data:`MULTISETS`.

    ``counts[r]`` is the number of unseen cards of rank ``r`` (index 0 unused). The weight
    of a multiset is the product over its ranks of C(counts[r], multiplicity).

    >>> counts = [0, 1, 0, 0, 0, 2] + [0] * 8      # one ace and two fives unseen
    >>> [(m, w) for m, w in zip(MULTISETS[2], multiset_weights(counts, 2)) if w]
    [((1, 5), 2), ((5, 5), 1)]
    """
    out: list[int] = []
    for shape in _SHAPES[size]:
        weight = 1
        for rank, times in shape:
            weight *= COMB[counts[rank]][times]
            if not weight:
                break
        out.append(weight)
    return tuple(out)


@cache
def totals_row(known_key: int, size: int) -> tuple[int, ...]:
    """Rank points of the known ranks (``known_key``) with each multiset of ``size`` ranks.

    Aligned with ``MULTISETS[size]``; impossible combinations (five of a rank) are 0.
    """
    get = TOTAL_BY_KEY.get
    return tuple(get(known_key + key, 0) for key in MULTISET_KEYS[size])
