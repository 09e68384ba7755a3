"""The learned crib model (service.core.computer.crib_model) and advice weighed by it.

* The weighted crib mean against brute force: every pair of unseen cards the opponent could
  throw, weighted by the table's share spread over the card pairs of its ranks (computed
  here with fractions from the table, not by the service's integer weights), and every
  starter, scored by the plain reference scorer; many deals with few unseen cards (flushes
  and nobs made frequent), both crib_flush rules.
* With every pair weight equal, the weighted prior is the uniform one exactly.
* The table makes cribbage sense: a pone seldom throws 5s, a dealer throws them about as
  often as they are dealt; a pone's throws make a worse crib than random ones and a
  dealer's a better one; every share positive and the shares normalised.
* The shipped table is what ``tools/tables/build_crib_model.py`` makes from its seed (the
  full rebuild, ~30 s, is ``exhaustive``; the fast tier rebuilds a small model twice).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from service.core.cards import DECK, Card, parse_cards
from service.core.computer.advice import discard_advice, expected_crib
from service.core.computer.crib_model import (
    LEARNED,
    PAIR_INDEX,
    PAIRS,
    SCALE,
    UNIT,
    CribModel,
    ThrowTable,
    Unseen,
    uniform_prior,
    weighted_prior,
)
from service.core.errors import InvalidRules, WrongCardCount
from service.core.rules import preset, resolve
from tests.support.reference import reference_total
from tools.tables import build_crib_model as builder
from tools.tables import table_script

# The crib mean of every (crib, starter) of a full pack: tests/data/score_distributions.json.
CRIB_MEAN = Fraction(1025467, 216580)


def pair_probability_weight(table: ThrowTable, a: Card, b: Card) -> Fraction:
    """A card pair's weight from the table's definition: its rank pair's share spread over
    the 6 (one rank) or 16 (4 suited, 12 offsuit, in the suited proportion) card pairs of a pack."""
    share = Fraction(table.shares[PAIR_INDEX[tuple(sorted((a.rank, b.rank)))]], SCALE)
    if a.rank == b.rank:
        return share / 6
    q = Fraction(table.suited, SCALE)
    return share * q / 4 if a.suit == b.suit else share * (1 - q) / 12


def brute_weighted_crib(discard: tuple[Card, ...], unseen: list[Card], table: ThrowTable, crib_flush: str) -> Fraction:
    total = weight_sum = Fraction(0)
    for pair in combinations(unseen, 2):
        weight = pair_probability_weight(table, *pair)
        rest = [c for c in unseen if c not in pair]
        points = sum(reference_total([*discard, *pair], s, True, crib_flush) for s in rest)
        total += weight * points
        weight_sum += weight * len(rest)
    return total / weight_sum


def _small_deal(rng: random.Random, unseen_size: int) -> tuple[tuple[Card, ...], tuple[Card, ...], list[Card]]:
    """Two thrown cards and the unseen cards, most of the pack known, biased to one suit and jacks."""
    suit = rng.choice("CDHS")
    pool = list(DECK)
    rng.shuffle(pool)
    pool.sort(key=lambda c: (c.suit != suit and c.rank != 11, rng.random() < 0.5))
    chosen = pool[: unseen_size + 2]
    rng.shuffle(chosen)
    discard = tuple(chosen[:2])
    unseen = chosen[2:]
    dead = tuple(c for c in DECK if c not in unseen and c not in discard)
    return discard, dead, unseen


@pytest.mark.parametrize("crib_flush", ["five_only", "four_or_five"])
@pytest.mark.parametrize("seat_deals", [True, False])
def test_learned_crib_mean_matches_weighted_brute_force(crib_flush: str, seat_deals: bool) -> None:
    rules = resolve("six_card", {"crib_flush": crib_flush})
    table = LEARNED["six_card"].opponent_of(seat_deals)
    rng = random.Random(f"weighted-{crib_flush}-{seat_deals}")
    for _ in range(12):
        discard, dead, unseen = _small_deal(rng, rng.randint(6, 10))
        learned = expected_crib(discard, dead, rules, crib_model="learned", seat_deals=seat_deals)
        assert learned == brute_weighted_crib(discard, unseen, table, crib_flush)


@pytest.mark.exhaustive
def test_learned_crib_means_of_a_full_deal_match_weighted_brute_force() -> None:
    """Every pair of the 46 unseen cards (1,035) and every starter (44), for a thrown suited
    pair with a jack and for a thrown pair of fives, from the pone's seat (the dealer throws)."""
    cards = parse_cards("JH 7H 5S 5D 6C 9C")
    advice = discard_advice(cards, False, preset("six_card"), crib_model="learned")
    unseen = [c for c in DECK if c not in cards]
    checked = [o for o in advice.options if {str(c) for c in o.discard} in ({"JH", "7H"}, {"5S", "5D"})]
    assert len(checked) == 2
    for option in checked:
        assert option.crib == brute_weighted_crib(option.discard, unseen, LEARNED["six_card"].dealer, "five_only")


def test_equal_pair_weights_are_the_uniform_model_exactly() -> None:
    rng = random.Random("unit")
    for _ in range(40):
        seen = rng.sample(DECK, rng.randint(4, 44))
        unseen = Unseen.excluding(seen)
        assert weighted_prior(unseen, UNIT) == uniform_prior(unseen, 2)


def test_learned_advice_changes_only_the_crib() -> None:
    rng = random.Random("only-crib")
    for variant in ("six_card", "five_card"):
        rules = preset(variant)
        for deal in range(6):
            cards = tuple(rng.sample(DECK, rules.cards_dealt))
            uniform = discard_advice(cards, deal % 2 == 0, rules)
            learned = discard_advice(cards, deal % 2 == 0, rules, crib_model="learned")
            assert (uniform.crib_model, learned.crib_model) == ("uniform", "learned")
            assert "learned" in str(learned.assumption) and "uniformly random" in str(uniform.assumption)
            by_keep = {o.keep: o for o in uniform.options}
            for option in learned.options:
                twin = by_keep[option.keep]
                assert (option.hand, option.hand_min, option.hand_max) == (twin.hand, twin.hand_min, twin.hand_max)
                assert option.net == option.hand + (1 if deal % 2 == 0 else -1) * option.crib
            nets = [o.net for o in learned.options]
            assert nets == sorted(nets, reverse=True)


# --- the table makes sense ------------------------------------------------------------------------


def _fives_per_card(table: ThrowTable) -> Fraction:
    return Fraction(sum(share * ((a == 5) + (b == 5)) for (a, b), share in zip(PAIRS, table.shares)), 2 * SCALE)


@pytest.mark.parametrize("variant", ["six_card", "five_card"])
def test_the_pone_seldom_gives_the_dealer_fives(variant: str) -> None:
    """Every strategy guide: the pone avoids throwing 5s (they make fifteens with the many
    ten-cards), the dealer throws them into its own crib. At random a thrown card is a 5 one
    time in 13."""
    model = LEARNED[variant]
    assert _fives_per_card(model.pone) < Fraction(1, 13) / 5
    assert _fives_per_card(model.dealer) > 5 * _fives_per_card(model.pone)
    fives = model.pone.shares[PAIR_INDEX[(5, 5)]]
    assert fives * 10 < model.dealer.shares[PAIR_INDEX[(5, 5)]]


@pytest.mark.parametrize("variant", ["six_card", "five_card"])
def test_tables_are_normalised_and_every_pair_can_be_thrown(variant: str) -> None:
    for table in (LEARNED[variant].dealer, LEARNED[variant].pone):
        assert len(table.shares) == 91 == len(PAIRS)
        assert sum(table.shares) == SCALE
        assert min(table.shares) > 0
        assert 0 < table.suited < SCALE


def test_a_pones_throws_make_a_worse_crib_than_random_and_a_dealers_a_better_one() -> None:
    """Averaged over every two cards the seat could throw, with nothing else seen, the uniform
    model gives the full pack's crib mean; the learned one gives less when the pone's throws
    join the dealer's (the pone throws to hurt the crib) and more when the dealer's do."""
    rules = preset("six_card")
    throws = list(combinations(DECK, 2))[::7]
    uniform = sum(expected_crib(t, (), rules) for t in combinations(DECK, 2)) / 1326
    assert uniform == CRIB_MEAN
    into_dealers = sum(expected_crib(t, (), rules, crib_model="learned", seat_deals=True) for t in throws)
    into_pones = sum(expected_crib(t, (), rules, crib_model="learned", seat_deals=False) for t in throws)
    sampled_uniform = sum(expected_crib(t, (), rules) for t in throws)
    assert into_dealers / len(throws) < sampled_uniform / len(throws) - Fraction(1, 2)
    assert into_pones / len(throws) > sampled_uniform / len(throws) + Fraction(1, 4)


def test_learned_is_refused_where_there_is_no_table() -> None:
    with pytest.raises(InvalidRules) as error:
        discard_advice(parse_cards("5S 5H 5D JC 2H"), True, preset("three_player"), crib_model="learned")
    assert error.value.pointer == "/crib_model"
    with pytest.raises(InvalidRules):
        discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card"), crib_model="clever")
    with pytest.raises(WrongCardCount):  # the model weighs two opponent discards: the seat throws two
        expected_crib(parse_cards("5S"), (), preset("six_card"), crib_model="learned")


# --- the builder ----------------------------------------------------------------------------------


def test_largest_remainders_sum_exactly() -> None:
    assert builder.largest_remainders([1, 1, 1], 100) == (34, 33, 33)
    assert builder.largest_remainders([2, 1], 10) == (7, 3)
    rng = random.Random("remainders")
    for _ in range(50):
        counts = [rng.randint(0, 1000) for _ in range(91)]
        counts[0] += 1
        parts = builder.largest_remainders(counts, SCALE)
        assert sum(parts) == SCALE
        assert all(abs(p - Fraction(c * SCALE, sum(counts))) < 1 for p, c in zip(parts, counts))


def test_a_table_from_counted_throws() -> None:
    """Ten throws of 5-5 and ten of a suited K-Q, plus PSEUDO (10) uniform throws: 5-5 has
    10 + 10 * 6/1326 throws of 30, K-Q 10 + 10 * 16/1326; two-rank throws: 10 suited of
    10 + 10, with a quarter of the pseudo-throws suited."""
    throws = [tuple(parse_cards("5S 5H"))] * 10 + [tuple(parse_cards("KD QD"))] * 10
    table = builder.table_from([(a, b) for a, b in throws])
    assert abs(table.shares[PAIR_INDEX[(5, 5)]] - Fraction(10 + Fraction(60, 1326), 30) * SCALE) < 1
    assert abs(table.shares[PAIR_INDEX[(12, 13)]] - Fraction(10 + Fraction(160, 1326), 30) * SCALE) < 1
    assert abs(table.suited - Fraction(10 + Fraction(10, 4), 20) * SCALE) < 1
    assert sum(table.shares) == SCALE


def test_a_small_rebuild_is_deterministic_and_well_formed() -> None:
    first = builder.learn("six_card", 150, 2)
    assert builder.learn("six_card", 150, 2, workers=2) == first  # the same over two processes
    assert isinstance(first, CribModel)
    for table in (first.dealer, first.pone):
        assert sum(table.shares) == SCALE and min(table.shares) > 0
    text = builder.render({"six_card": first}, 150, 2)
    assert text.startswith('"""GENERATED by `python -m tools.tables.build_crib_model --deals 150 --iterations 2')
    namespace: dict[str, object] = {}
    exec(compile(text, "table", "exec"), namespace)
    assert namespace["TABLES"] == {
        "six_card": {
            "dealer": (first.dealer.shares, first.dealer.suited),
            "pone": (first.pone.shares, first.pone.suited),
        }
    }


@pytest.mark.exhaustive
def test_the_shipped_table_is_what_the_script_builds_from_its_seed() -> None:
    """The full rebuild (about 75 s of CPU, over the cores): byte for byte the shipped module."""
    assert builder.build(workers=table_script.default_workers()) == builder.TABLE.read_text()
