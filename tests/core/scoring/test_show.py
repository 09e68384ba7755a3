"""The show scorer: every worked case of docs/rules.md section 12 (H1-H24) and Hypothesis properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.cards import DECK, parse_card, parse_cards
from service.core.errors import DuplicateCard, WrongCardCount
from service.core.rules import resolve
from service.core.scoring.show import score_show, show_total
from tests.support.cases import SHOW_CASES
from tests.support.reference import card as ref_card
from tests.support.reference import reference_show, reference_total

# (case, hand, starter, crib, expected total): docs/rules.md section 12, each computed there by two scorers.

# Breakdowns the section's "why" column states.
BREAKDOWNS = {
    "H1": {"fifteens": 0, "pairs": 4, "runs": 12},
    "H3": {"fifteens": 16, "pairs": 12, "runs": 0, "nobs": 1},
    "H4": {"nobs": 0, "pairs": 12},
    "H10": {"fifteens": 4, "pairs": 2, "runs": 6},
    "H11": {"fifteens": 6, "runs": 8, "pairs": 2},
    "H12": {"fifteens": 6, "pairs": 6, "runs": 9},
    "H13": {"fifteens": 4, "pairs": 4, "runs": 12},
    "H14": {"fifteens": 2, "runs": 5},
    "H15": {"fifteens": 8, "runs": 4, "pairs": 0},
    "H16": {"fifteens": 4, "runs": 3},
    "H17": {"fifteens": 2, "nobs": 1},
    "H18": {"fifteens": 8, "pairs": 4, "nobs": 0},
    "H22": {"fifteens": 4, "runs": 3, "nobs": 0},
    "H6 crib": {"flush": 0},
    "H9 hand": {"flush": 4},
    "H24 KH": {"flush": 4},
}


@pytest.mark.parametrize(("case", "hand", "starter", "crib", "expected"), SHOW_CASES, ids=[c[0] for c in SHOW_CASES])
def test_worked_show_cases(case: str, hand: str, starter: str, crib: bool, expected: int) -> None:
    score = score_show(parse_cards(hand), parse_card(starter), is_crib=crib)
    assert score.total == expected
    assert show_total(parse_cards(hand), parse_card(starter), crib) == expected
    for kind, points in BREAKDOWNS.get(case, {}).items():
        assert score.by_kind()[kind] == points, kind


def test_items_name_each_distinct_combination() -> None:
    # H13: 8S 8H 7D 6C | 6S is a double-double run: four runs of three, two pairs, two fifteens.
    score = score_show(parse_cards("8S 8H 7D 6C"), parse_card("6S"))
    runs = [item for item in score.items if item.kind == "run"]
    assert sorted(tuple(str(c) for c in r.cards) for r in runs) == sorted(
        [("6C", "7D", "8H"), ("6C", "7D", "8S"), ("6S", "7D", "8H"), ("6S", "7D", "8S")]
    )
    assert all(r.points == 3 for r in runs)
    pairs = sorted(tuple(str(c) for c in i.cards) for i in score.items if i.kind == "pair")
    assert pairs == [("6C", "6S"), ("8H", "8S")]
    nobs = [i for i in score_show(parse_cards("JD 2S 7C 9H"), parse_card("5D")).items if i.kind == "nobs"]
    assert [str(c) for c in nobs[0].cards] == ["JD", "5D"]


def test_crib_flush_option_four_or_five() -> None:
    rules = resolve("six_card", {"crib_flush": "four_or_five"})
    assert score_show(parse_cards("AH 2H 3H 4H"), parse_card("9S"), is_crib=True, rules=rules).total == 12
    assert show_total(parse_cards("AH 2H 3H 4H"), parse_card("9S"), True, rules) == 12


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "error"),
    [
        ("5S 5H 5D", "5C", True, WrongCardCount),
        ("5S 5H", "5C", False, WrongCardCount),
        ("5S 5H 5D 5C 6C", "6D", False, WrongCardCount),
        ("5S 5S 5D 5C", "6D", False, DuplicateCard),
        ("5S 5H 5D 5C", "5S", False, DuplicateCard),
    ],
)
def test_bad_hands_are_refused(hand: str, starter: str, crib: bool, error: type[Exception]) -> None:
    with pytest.raises(error):
        score_show(parse_cards(hand), parse_card(starter), is_crib=crib)


hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
small_hands = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)


def _ref(cards: list) -> list:  # type: ignore[type-arg]
    return [ref_card(str(c)) for c in cards]


@given(hands, st.booleans())
def test_totals_are_possible_show_scores(cards: list, crib: bool) -> None:  # type: ignore[type-arg]
    total = score_show(cards[:4], cards[4], is_crib=crib).total
    assert 0 <= total <= 29
    assert total not in (19, 25, 26, 27)


@given(hands, st.booleans(), st.randoms(use_true_random=False))
def test_order_of_cards_never_matters(cards: list, crib: bool, rnd) -> None:  # type: ignore[no-untyped-def,type-arg]
    hand = cards[:4]
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert score_show(hand, cards[4], is_crib=crib) == score_show(shuffled, cards[4], is_crib=crib)


@given(hands)
def test_a_crib_never_scores_more_than_the_same_hand(cards: list) -> None:  # type: ignore[type-arg]
    assert score_show(cards[:4], cards[4], is_crib=True).total <= score_show(cards[:4], cards[4]).total


@given(hands, st.booleans())
def test_items_add_up_to_the_total(cards: list, crib: bool) -> None:  # type: ignore[type-arg]
    score = score_show(cards[:4], cards[4], is_crib=crib)
    assert sum(i.points for i in score.items) == score.total
    assert sum(score.by_kind().values()) == score.total


@given(hands, st.booleans())
def test_fast_path_and_scorer_equal_the_reference(cards: list, crib: bool) -> None:  # type: ignore[type-arg]
    expected = reference_show(_ref(cards[:4]), _ref(cards[4:])[0], crib)
    assert score_show(cards[:4], cards[4], is_crib=crib).by_kind() == expected
    assert show_total(cards[:4], cards[4], crib) == sum(expected.values())


@given(small_hands)
def test_three_card_hands_equal_the_reference(cards: list) -> None:  # type: ignore[type-arg]
    expected = reference_total(_ref(cards[:3]), _ref(cards[3:])[0])
    assert score_show(cards[:3], cards[3]).total == expected == show_total(cards[:3], cards[3])
