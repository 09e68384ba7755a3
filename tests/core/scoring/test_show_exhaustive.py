"""Exhaustive checks of the show scorer against the published table (tests/data/score_distributions.json).

``test_every_combination_matches_the_published_distributions`` scores all 12,994,800
(4-card hand, starter) combinations as hands and as cribs, and all 1,082,900 (3-card hand,
starter) combinations, in CI. The reference comparison is bounded in CI (every rank
multiset, and every 97th hand with all its starters); ``CRIBBAGE_EXHAUSTIVE=full`` compares
the fast path with the reference on every combination (about 15 minutes on one core).
"""

from __future__ import annotations

import hashlib
import json
import os
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import pytest

from service.core.cards import DECK, Card
from service.core.scoring.show import score_show, show_total
from tests.support.exhaustive import distributions
from tests.support.reference import reference_total

pytestmark = pytest.mark.exhaustive

# The published table, copied byte for byte from the project's reference data; the copy is held
# to the original by its SHA-256, taken from the original when it was copied.
DATA = Path(__file__).resolve().parents[2] / "data" / "score_distributions.json"
PUBLISHED_SHA256 = "e5197e24d851b574655006c33cbcc2b3e8cbac6911e22e6797f77b71cc7bfb66"
FULL = os.environ.get("CRIBBAGE_EXHAUSTIVE") == "full"


def _published() -> dict:  # type: ignore[type-arg]
    return json.loads(DATA.read_text())


def test_the_copy_of_the_published_table_is_faithful() -> None:
    assert hashlib.sha256(DATA.read_bytes()).hexdigest() == PUBLISHED_SHA256
    assert _published()["hand"]["combinations"] == 12_994_800


def test_every_combination_matches_the_published_distributions() -> None:
    published = _published()
    counted = distributions()
    for name in ("hand", "crib", "five_card_hand"):
        expected = {int(k): v for k, v in published[name]["counts"].items()}
        got = {total: n for total, n in counted[name].items() if n or total in expected}
        assert {k: got.get(k, 0) for k in expected} == expected, name
        assert sum(counted[name].values()) == published[name]["combinations"]
        assert not any(n for total, n in counted[name].items() if total not in expected)
        mean = Fraction(sum(t * n for t, n in counted[name].items()), published[name]["combinations"])
        assert mean == Fraction(published[name]["mean"])


def _as_ref(cards: tuple[Card, ...]) -> list[tuple[int, str]]:
    return [(c.rank, c.suit) for c in cards]


def test_fast_path_equals_reference_on_every_rank_multiset() -> None:
    # Fifteens, pairs and runs depend only on the ranks: one suit assignment per multiset
    # (suits dealt round-robin so no flush arises unless the ranks force it).
    for size in (4, 5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if any(ranks.count(r) > 4 for r in set(ranks)):
                continue
            cards = tuple(Card(rank, "CDHS"[ranks[:i].count(rank)]) for i, rank in enumerate(ranks))
            hand, starter = cards[:-1], cards[-1]
            for crib in (False, True) if size == 5 else (False,):
                expected = reference_total(_as_ref(hand), _as_ref((starter,))[0], crib)
                assert show_total(hand, starter, crib) == expected, (ranks, crib)
                assert score_show(hand, starter, is_crib=crib).total == expected, (ranks, crib)


def test_fast_path_equals_reference_on_every_combination_or_a_stride() -> None:
    stride = 1 if FULL else 97
    for index, hand in enumerate(combinations(DECK, 4)):
        if index % stride:
            continue
        ref_hand = _as_ref(hand)
        for starter in DECK:
            if starter in hand:
                continue
            ref_starter = (starter.rank, starter.suit)
            for crib in (False, True):
                assert show_total(hand, starter, crib) == reference_total(ref_hand, ref_starter, crib), (hand, starter)
