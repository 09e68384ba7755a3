"""The keep model: how likely a sensible player is to have kept a hand, as data.

``hard``'s play search draws the opponent's hand from the cards it may still hold; a hand
that discard advice would keep is far likelier than one it would break up (five-five-ten-
jack against ace-six-nine-king). :func:`keep_weight` says how much likelier than at random a
four-card hand of given ranks is kept, per role: the generated :mod:`.keep_model_table`,
learned by ``tools/tables/build_keep_model.py`` from the keeps of exact discard advice on
seeded deals (its docstring says how). Two-player six-card games only (the table's game).

>>> keep_weight((5, 5, 10, 11), is_dealer=False) > keep_weight((1, 6, 9, 13), is_dealer=False)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .crib_tables import MULTISET_INDEX, MULTISETS
from .keep_model_table import TABLES

SCALE = 1000  # weights are in thousandths: 1000 is as likely as four random cards
_INDEX = MULTISET_INDEX[4]
_DEALER = TABLES["dealer"]
_PONE = TABLES["pone"]


def keep_weight(ranks: Sequence[int], is_dealer: bool) -> int:
    """How much likelier than four random cards a hand of these four ranks is kept by a
    sensible dealer (``is_dealer``) or pone, in thousandths."""
    return (_DEALER if is_dealer else _PONE)[_INDEX[tuple(sorted(ranks))]]


def keep_weights(shown: Sequence[int], size: int, is_dealer: bool) -> list[int]:
    """:func:`keep_weight` of ``shown`` (sorted ranks) with each multiset of ``size`` more
    ranks, in the order of :data:`~.crib_tables.MULTISETS` (``len(shown) + size`` is 4)."""
    table = _DEALER if is_dealer else _PONE
    if not shown:
        return list(table)
    index = _INDEX
    return [table[index[tuple(sorted((*shown, *ranks)))]] for ranks in MULTISETS[size]]


__all__ = ["keep_weight", "keep_weights", "SCALE"]
