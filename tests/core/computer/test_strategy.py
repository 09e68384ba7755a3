"""The computer player's decisions (service.core.computer.strategy) against independent expectations.

The pegging look-ahead is checked against a brute force written here: a plain play scorer,
and every hand the next opponent could hold enumerated outright (small unseen sets), under
the same model (the opponent plays its highest-scoring card, among equals the one that
leaves the seat least; a seat that cannot be answered takes the go and plays on).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from service.core.cards import DECK, Card, parse_card, parse_cards
from service.core.computer.strategy import choose_claim, choose_discard, choose_play, muggins_call
from service.core.rules import preset

# --- a plain play scorer ---------------------------------------------------------------------


def ref_play(pile: tuple[Card, ...], card: Card) -> int:
    seq = (*pile, card)
    count = sum(min(c.rank, 10) for c in seq)
    points = 2 if count in (15, 31) else 0
    same = 0
    for c in reversed(seq):
        if c.rank != card.rank:
            break
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for length in range(len(seq), 2, -1):
        ranks = sorted(c.rank for c in seq[-length:])
        if all(ranks[i + 1] - ranks[i] == 1 for i in range(length - 1)):
            points += length
            break
    return points


def fits(pile: tuple[Card, ...], card: Card) -> bool:
    return sum(min(c.rank, 10) for c in pile) + min(card.rank, 10) <= 31


def ref_value(
    card: Card, hand: tuple[Card, ...], pile: tuple[Card, ...], unseen: tuple[Card, ...], holds: int
) -> Fraction:
    """Points now minus the mean, over every hand the opponent could hold, of its reply net of
    the seat's best counter (or plus the go and the seat's next card when it cannot reply)."""
    now = ref_play(pile, card)
    after = (*pile, card)
    if sum(min(c.rank, 10) for c in after) == 31:
        return Fraction(now)
    rest = [c for c in hand if c != card]

    def best_next(p: tuple[Card, ...]) -> int | None:
        options = [ref_play(p, c) for c in rest if fits(p, c)]
        return max(options) if options else None

    total = Fraction(0)
    hands = list(combinations(unseen, holds))
    for theirs in hands:
        replies = [(ref_play(after, x), best_next((*after, x)) or 0) for x in theirs if fits(after, x)]
        if replies:
            points, counter = min(replies, key=lambda r: (-r[0], r[1]))
            total += points - counter
        else:
            follow = best_next(after)
            total -= 1 if follow is None else follow + 1
    return now - total / len(hands)


@pytest.mark.parametrize("seed", range(30))
def test_choose_play_maximises_the_brute_force_value(seed: int) -> None:
    rng = random.Random(seed)
    while True:
        cards = rng.sample(DECK, 18)
        pile_size = rng.randint(0, 3)
        pile = tuple(cards[:pile_size])
        if sum(min(c.rank, 10) for c in pile) <= 24:
            break
    hand = tuple(cards[pile_size : pile_size + rng.randint(2, 4)])
    unseen = tuple(cards[pile_size + len(hand) : pile_size + len(hand) + rng.randint(6, 10)])
    holds = rng.randint(1, 4)
    count = sum(min(c.rank, 10) for c in pile)
    chosen = choose_play(hand, pile, count, unseen, opponent_holds=holds)
    legal = [c for c in hand if fits(pile, c)]
    if not legal:
        assert chosen is None
        return
    assert chosen in legal
    values = {c: ref_value(c, hand, pile, unseen, holds) for c in legal}
    assert values[chosen] == max(values.values()), (seed, {str(c): float(v) for c, v in values.items()})


def test_nothing_fits_is_a_go() -> None:
    assert choose_play(parse_cards("9H KD"), parse_cards("10S JD 5C"), 25, parse_cards("AH 2S")) is None


def test_a_single_legal_card_is_played() -> None:
    assert choose_play(parse_cards("9H 3D"), parse_cards("10S JD 5C"), 25, parse_cards("AH 2S")) == parse_card("3D")


@pytest.mark.parametrize(
    ("hand", "pile", "expected"),
    [
        ("5C 2D", "10S", "5C"),  # fifteen for 2
        ("7C 2D", "10S KD 4H", "7C"),  # 31 for 2, rather than 26 that a 5 answers with 31
        ("6C 5D", "10S KD 5H", "5D"),  # a pair (2) and most likely the go (1) beat 31 (2)
        ("7C 7D 2S", "7H 7S", "7C"),  # double pair royal
        ("10C 2H", "6S 5D", "2H"),  # 21 invites a ten-card's 31; 13 only a 2's fifteen
    ],
)
def test_clear_cases(hand: str, pile: str, expected: str) -> None:
    played = parse_cards(pile)
    seen = set(parse_cards(hand)) | set(played)
    unseen = tuple(c for c in DECK if c not in seen)
    count = sum(c.value for c in played)
    assert choose_play(parse_cards(hand), played, count, unseen) == parse_card(expected)


def test_the_lead_avoids_giving_a_fifteen() -> None:
    hand = parse_cards("4C KD 5S 9H")
    unseen = tuple(c for c in DECK if c not in hand)
    assert choose_play(hand, (), 0, unseen) == parse_card("4C")


def test_choose_discard_follows_the_analysis() -> None:
    assert set(choose_discard(parse_cards("5S 5H 5D JC 2H 7S"), False, preset("six_card"))) == set(parse_cards("2H 7S"))
    assert len(choose_discard(parse_cards("5S 5H 5D JC 2H"), False, preset("three_player"))) == 1
    assert len(choose_discard(parse_cards("5S 5H 5D JC 2H"), True, preset("five_card"))) == 2


def test_claims_are_exact_and_muggins_takes_what_was_missed() -> None:
    assert choose_claim(parse_cards("5S 5H 5D JC"), parse_card("5C")) == 29  # docs/rules.md H3
    assert choose_claim(parse_cards("AH 2H 3H 4H"), parse_card("9S"), is_crib=True) == 8  # H6
    assert choose_claim(parse_cards("2H 7H 9H"), parse_card("KS"), rules=preset("five_card")) == 3  # H24
    assert (muggins_call(14, 12), muggins_call(14, 14), muggins_call(14, 16)) == (2, 0, 0)  # G9, G10
