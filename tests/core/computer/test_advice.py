"""Discard advice (service.core.computer.advice) against independent expectations.

* Brute force with a plain reference scorer written here (every subset for fifteens, every
  pair, every run; suits card by card): the hand mean, min and max over every starter; the
  crib mean over every set of other crib cards and every starter.
* Exact averages over all hands from ``tests/data/score_distributions.json``.
* Known results (5-5-5-J is kept by dealer and pone alike) and bad input.

The full-size crib brute force (45,540 opponent pairs and starters per discard) is slow in
plain Python, so CI checks a few discards of full six-card deals plus many deals where most
of the deck is known (few unseen cards: the same code, every arrangement enumerable).
``ADVICE_BRUTE_HANDS=N`` checks every discard of N more random six-card deals, and N
three-player deals (713,460 arrangements a discard), in full: minutes, not seconds.
"""

from __future__ import annotations

import json
import os
import random
from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import pytest

from service.api.wire.advice import advice as advice_dict
from service.core.cards import DECK, Card, parse_cards
from service.core.computer.advice import crib_outcomes, discard_advice, expected_crib, expected_hand
from service.core.errors import DuplicateCard, InvalidRules, WrongCardCount
from service.core.rules import preset, resolve
from tests.support.reference import reference_total

DATA = Path(__file__).resolve().parents[2] / "data" / "score_distributions.json"  # the published table
VARIANTS = ("six_card", "five_card", "three_player", "four_player")
EXTRA_HANDS = int(os.environ.get("ADVICE_BRUTE_HANDS", "0"))


# --- the plain reference scorer -------------------------------------------------------------


def ref_score(hand: tuple[Card, ...], starter: Card, crib: bool = False, crib_flush: str = "five_only") -> int:
    """The plain reference scorer of tests/reference.py (cards are (rank, suit) tuples)."""
    return reference_total(list(hand), starter, crib, crib_flush)


def brute_hand(keep: tuple[Card, ...], unseen: list[Card]) -> tuple[Fraction, int, int]:
    scores = [ref_score(keep, s) for s in unseen]
    return Fraction(sum(scores), len(scores)), min(scores), max(scores)


def brute_crib(discard: tuple[Card, ...], unseen: list[Card], crib_flush: str = "five_only") -> Fraction:
    """Every set of other crib cards from ``unseen``, then every starter from what is left."""
    others = 4 - len(discard)
    total = count = 0
    for rest in combinations(unseen, others):
        crib = (*discard, *rest)
        taken = set(rest)
        for starter in unseen:
            if starter not in taken:
                total += ref_score(crib, starter, crib=True, crib_flush=crib_flush)
                count += 1
    assert count == crib_outcomes(len(discard), len(unseen))
    return Fraction(total, count)


def unseen_after(*groups: tuple[Card, ...]) -> list[Card]:
    gone = {c for group in groups for c in group}
    return [c for c in DECK if c not in gone]


# --- the hand: brute force over every starter -------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_option_hand_matches_brute_force_over_every_starter(variant: str) -> None:
    rules = preset(variant)
    rng = random.Random(f"hand-{variant}")
    for deal in range(12):
        cards = tuple(rng.sample(DECK, rules.cards_dealt))
        advice = discard_advice(cards, deal % 2 == 0, rules)
        assert len(advice.options) == comb(rules.cards_dealt, rules.discards)
        unseen = unseen_after(cards)
        assert advice.starters == len(unseen)
        for option in advice.options:
            assert (option.hand, option.hand_min, option.hand_max) == brute_hand(option.keep, unseen)


def test_hand_brute_force_on_flush_and_nobs_heavy_hands() -> None:
    """Suited hands with jacks: the cases where suits matter."""
    for text in ("JH 4H 6H QH 5H 2C", "JS JH 5S 5H 10S KS", "AD 2D 3D 4D JD 9C", "JC 5C 5D 5H 5S QC"):
        cards = parse_cards(text)
        for dealer in (True, False):
            advice = discard_advice(cards, dealer, preset("six_card"))
            unseen = unseen_after(cards)
            for option in advice.options:
                assert (option.hand, option.hand_min, option.hand_max) == brute_hand(option.keep, unseen)


# --- the crib: brute force over every set of other crib cards and every starter ---------------


def _small_deal(
    rng: random.Random, unseen_size: int, discards: int, kept: int
) -> tuple[tuple[Card, ...], tuple[Card, ...], list[Card]]:
    """A deal where all but ``unseen_size`` cards are known, biased towards one suit and jacks
    so that flushes and nobs happen often."""
    suit = rng.choice("CDHS")
    pool = list(DECK)
    rng.shuffle(pool)
    pool.sort(key=lambda c: (c.suit != suit and c.rank != 11, rng.random() < 0.5))
    chosen = pool[: unseen_size + discards + kept]
    rng.shuffle(chosen)
    discard = tuple(chosen[:discards])
    keep = tuple(chosen[discards : discards + kept])
    unseen = chosen[discards + kept :]
    return discard, keep, unseen


@pytest.mark.parametrize("crib_flush", ["five_only", "four_or_five"])
@pytest.mark.exhaustive
@pytest.mark.parametrize("discards", [1, 2])
def test_crib_mean_matches_brute_force_with_few_unseen_cards(discards: int, crib_flush: str) -> None:
    rules = resolve("six_card", {"crib_flush": crib_flush})
    rng = random.Random(f"small-{discards}-{crib_flush}")
    for _ in range(40):
        discard, keep, unseen = _small_deal(rng, rng.randint(8, 12), discards, 4)
        dead = tuple(c for c in DECK if c not in unseen and c not in discard)
        assert expected_crib(discard, dead, rules) == brute_crib(discard, unseen, crib_flush)
        assert expected_hand(keep, (*discard, *(c for c in dead if c not in keep))) == brute_hand(keep, unseen)


@pytest.mark.exhaustive
def test_crib_means_of_a_full_six_card_deal_match_brute_force() -> None:
    """Every opponent pair (1,035) and starter (44) for a thrown suited pair with a jack
    (flush and nobs) and a thrown pair of fives."""
    cards = parse_cards("JH 7H 5S 5D 6C 9C")
    advice = discard_advice(cards, True, preset("six_card"))
    unseen = unseen_after(cards)
    checked = [o for o in advice.options if {str(c) for c in o.discard} in ({"JH", "7H"}, {"5S", "5D"})]
    assert len(checked) == 2
    for option in checked:
        assert option.crib == brute_crib(option.discard, unseen)


@pytest.mark.exhaustive
def test_crib_means_of_random_full_deals_match_brute_force() -> None:
    """CI: the best and the worst throw of one random six-card deal. The long form
    (``ADVICE_BRUTE_HANDS=N``): every throw of N six-card deals and of N three-player deals."""
    rng = random.Random("full-random")
    plan = [("six_card", max(EXTRA_HANDS, 1))] + ([("three_player", EXTRA_HANDS)] if EXTRA_HANDS else [])
    for variant, deals in plan:
        rules = preset(variant)
        for _ in range(deals):
            cards = tuple(rng.sample(DECK, rules.cards_dealt))
            advice = discard_advice(cards, rng.random() < 0.5, rules)
            unseen = unseen_after(cards)
            options = advice.options if EXTRA_HANDS else (advice.options[0], advice.options[-1])
            for option in options:
                assert option.crib == brute_crib(option.discard, unseen)


def test_net_adds_the_crib_for_the_dealer_and_subtracts_it_for_the_pone() -> None:
    rng = random.Random("net")
    for variant in VARIANTS:
        rules = preset(variant)
        cards = tuple(rng.sample(DECK, rules.cards_dealt))
        for dealer in (True, False):
            advice = discard_advice(cards, dealer, rules)
            sign = 1 if dealer else -1
            assert advice.crib_owner == ("self" if dealer else "opponent")
            for option in advice.options:
                assert option.net == option.hand + sign * option.crib
                assert sorted(option.keep + option.discard) == sorted(cards)
                assert len(option.discard) == rules.discards
            nets = [o.net for o in advice.options]
            assert nets == sorted(nets, reverse=True)
            assert advice.crib_outcomes == crib_outcomes(rules.discards, 52 - rules.cards_dealt)


def test_partner_dealing_counts_the_crib_for_the_seat() -> None:
    cards = parse_cards("5S 5H JD 9C 2H")
    partner = discard_advice(cards, False, preset("four_player"), partner_deals=True)
    own = discard_advice(cards, True, preset("four_player"))
    assert partner.crib_owner == "partner"
    assert [(o.keep, o.net) for o in partner.options] == [(o.keep, o.net) for o in own.options]


# --- known results ----------------------------------------------------------------------------


@pytest.mark.parametrize("extra", ["2H 7S", "AD 8C", "3S 8H", "2C 9D", "7H AS"])
@pytest.mark.parametrize("dealer", [True, False])
def test_five_five_five_jack_ranks_first_with_two_cards_that_do_not_help(extra: str, dealer: bool) -> None:
    # The extras make no fifteen, pair or run with 5-5-5-J or with each other, and no flush.
    advice = discard_advice(parse_cards("5S 5H 5D JC " + extra), dealer, preset("six_card"))
    assert {str(c) for c in advice.best.keep} == {"5S", "5H", "5D", "JC"}
    assert advice.best.hand_min == 14 and advice.best.hand_max == 29


def test_the_five_five_five_jack_hand_mean_counted_by_hand() -> None:
    """5S 5H 5D JC kept, 2H 7S thrown; 46 starters. The hand alone is 14 (J+5 x3, 5+5+5, pair
    royal). The 5C makes 29. A jack of another suit: six J+5 fifteens and 5+5+5 (14), pair
    royal and a pair of jacks (8): 22, three of them. A 10, Q or K: six fifteens and 5+5+5
    (14) and the pair royal: 20, twelve of them, three clubs adding nobs. The 30 low cards
    (A-4, 6-9, less 2H and 7S) add no fifteen, pair or run: 14, plus nobs for the 8 clubs."""
    total = 29 + 3 * 22 + (12 * 20 + 3) + (30 * 14 + 8)
    advice = discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card"))
    assert advice.best.hand == Fraction(total, 46) == Fraction(383, 23)


# --- averages over all hands agree with score_distributions.json --------------------------------


def _mean(kind: str) -> Fraction:
    return Fraction(json.loads(DATA.read_text())[kind]["mean"])


@pytest.mark.exhaustive
def test_mean_of_expected_hand_over_every_four_card_keep_is_the_hand_mean() -> None:
    """With nothing else seen, a keep's mean is over its 48 starters, so the average over all
    270,725 keeps is the mean over every (hand, starter): 60759/12740 (about 8 s)."""
    total = sum(expected_hand(keep)[0] for keep in combinations(DECK, 4))
    assert total / comb(52, 4) == _mean("hand") == Fraction(60759, 12740)


def test_mean_of_expected_hand_over_every_three_card_keep_is_the_five_card_mean() -> None:
    total = sum(expected_hand(keep)[0] for keep in combinations(DECK, 3))
    assert total / comb(52, 3) == _mean("five_card_hand") == Fraction(701814, 270725)


@pytest.mark.parametrize("discards", [1, 2])
def test_mean_of_expected_crib_over_every_throw_is_the_crib_mean(discards: int) -> None:
    """With nothing else seen, the crib's other cards and the starter are uniform over the
    rest of the pack, so averaging over every throw gives the mean over every (crib, starter)."""
    total = sum(expected_crib(throw) for throw in combinations(DECK, discards))
    assert total / comb(52, discards) == _mean("crib") == Fraction(1025467, 216580)


def test_advice_does_not_depend_on_which_suit_is_which() -> None:
    """Suits are equal: every one of the 24 relabellings of the suits gives the same numbers."""
    cards = parse_cards("5S 5H JD 9C 2H KS")
    rules = preset("six_card")
    base = discard_advice(cards, True, rules)
    for perm in permutations("CDHS"):
        mapping = dict(zip("CDHS", perm))
        moved = tuple(Card(c.rank, mapping[c.suit]) for c in cards)
        other = discard_advice(moved, True, rules)
        numbers = sorted((o.hand, o.hand_min, o.hand_max, o.crib) for o in other.options)
        assert numbers == sorted((o.hand, o.hand_min, o.hand_max, o.crib) for o in base.options)


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        ("six_card", "5S 5H 5D JC 2H"),
        ("six_card", "5S 5H 5D JC 2H 7S 8S"),
        ("five_card", "5S 5H 5D JC 2H 7S"),
        ("three_player", "5S 5H 5D JC 2H 7S"),
        ("four_player", "5S 5H 5D JC"),
    ],
)
def test_wrong_number_of_cards_for_the_variant(variant: str, text: str) -> None:
    with pytest.raises(WrongCardCount) as caught:
        discard_advice(parse_cards(text), True, preset(variant))
    assert caught.value.pointer == "/cards"
    assert str(preset(variant).cards_dealt) in caught.value.message


def test_duplicate_card_points_at_the_second_copy() -> None:
    with pytest.raises(DuplicateCard) as caught:
        discard_advice(parse_cards("5S 5H 5D JC 5h 7S"), True, preset("six_card"))
    assert caught.value.pointer == "/cards/4"


def test_partner_deals_needs_partnerships_and_a_seat_that_does_not_deal() -> None:
    with pytest.raises(InvalidRules):
        discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), False, preset("six_card"), partner_deals=True)
    with pytest.raises(InvalidRules):
        discard_advice(parse_cards("5S 5H 5D JC 2H"), True, preset("four_player"), partner_deals=True)


def test_the_wire_form_gives_exact_fractions() -> None:
    advice = advice_dict(discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card")))
    assert advice["crib_owner"] == "self" and advice["starters"] == 46 and advice["crib_outcomes"] == 45540
    assert "uniformly random" in advice["assumption"]
    best = advice["options"][0]
    hand = best["expected_hand"]
    assert Fraction(hand["numerator"], hand["denominator"]) == Fraction(383, 23)
    assert hand["value"] == pytest.approx(383 / 23)
    net = best["net"]
    crib = best["expected_crib"]
    assert Fraction(net["numerator"], net["denominator"]) == Fraction(383, 23) + Fraction(
        crib["numerator"], crib["denominator"]
    )
