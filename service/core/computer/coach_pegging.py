"""A cheap estimate of what a kept hand pegs, for the discard hints of :mod:`.coach`.

The exact means of a discard (:mod:`.advice`) leave out the play. Hints show beside them an
estimate of the play's balance for the kept cards: the mean, over :data:`SAMPLES` deals of
the other hands, of the points the seat's side pegs minus the points each other side pegs
(averaged over the other sides: in two-sided games simply "ours minus theirs").

**Method.** The other seats' hands are drawn uniformly from the cards the seat has not seen
(the deck less its dealt cards), with a fixed seed, so an answer is deterministic and every
option is measured against the same hands (common random numbers: the differences between
options are much less noisy than each mean). Each play is simulated on ranks alone (suits
never score in the play) with one simple policy for every seat: play the card that scores
the most now, ties to the higher card; say go when nothing fits; the rules' go, 31 and
last-card points; the five-card game's single count. The starter is not drawn (it never
pegs). The policy is not the computer player's, so this is an estimate of how the cards peg
between plain players, not a prediction. Its error against the same estimate over 4,000 deals:
0.32 points on average, 0.8 at the 95th percentile (``python -m benchmarks.coach
--pegging-error``; docs/client-guide.md). Which is why hints show it and never rank on it.

>>> from ..cards import parse_cards
>>> from ..rules import preset
>>> rules = preset("six_card")
>>> dealt = parse_cards("5S 5H 5D JC 2H 7S")
>>> estimate = pegging_estimates(rules, dealt, [parse_cards("5S 5H 5D JC")], seat=1, dealer=0)
>>> len(estimate), -8 < float(estimate[0]) < 8
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from ..cards import DECK, Card
from ..rules import Rules

SAMPLES = 64  # deals of the other hands per estimate: within a hint's 20 ms budget (benchmarks/coach.py)
SEED = 20261201  # fixed: the same question always gets the same answer
_PAIR_POINTS = (0, 0, 2, 6, 12)


_SCORED: dict[tuple[int, ...], int] = {}  # the pile of the count with the card on it -> its points


def _score(pile: Sequence[int], count: int, rank: int) -> int:
    """What a card of ``rank`` scores on ``pile`` (ranks of the count) reaching ``count``."""
    points = 2 if count in (15, 31) else 0
    same = 1
    at = len(pile) - 1
    while at >= 0 and pile[at] == rank:
        same += 1
        at -= 1
    if same > 1:
        return points + _PAIR_POINTS[same]
    for length in range(len(pile) + 1, 2, -1):
        window = pile[len(pile) - length + 1 :]
        ranks = {*window, rank}
        if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
            return points + length
    return points


_VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def _pick(hand: list[int], pile: tuple[int, ...], count: int, scored: dict[tuple[int, ...], int]) -> tuple[int, int]:
    """The points and the place in ``hand`` (highest first) of the card scoring most; -1, -1 if none fits."""
    best = pick = -1
    for index, rank in enumerate(hand):
        value = _VALUE[rank]
        if count + value <= 31:
            after = (*pile, rank)
            points = scored.get(after)
            if points is None:
                points = scored[after] = _score(pile, count + value, rank)
            if points > best:
                best, pick = points, index
    return best, pick


def simulate(hands: Sequence[Sequence[int]], leader: int, single_count: bool) -> list[int]:
    """Each seat's pegging points in one play of ``hands`` (ranks) under the greedy policy.

    >>> simulate([(5, 10), (5, 10)], 0, False)  # 10, 10 (pair: 2), 5, 5 (pair 2 and the last card 1)
    [0, 5]
    """
    held = [sorted(hand, reverse=True) for hand in hands]  # higher cards first: ties to the higher
    players = len(held)
    scores = [0] * players
    left = sum(len(hand) for hand in held)
    scored = _SCORED
    if len(scored) > 200_000:  # bounded: a few MB at most (piles repeat across simulations)
        scored.clear()
    pile: tuple[int, ...] = ()
    count = 0
    turn = leader
    last = -1
    passed = [False] * players
    while True:
        hand = held[turn]
        best, pick = _pick(hand, pile, count, scored)
        ended = False
        if pick >= 0:
            rank = hand.pop(pick)
            count += _VALUE[rank]
            pile = (*pile, rank)
            scores[turn] += best
            last = turn
            left -= 1
            if not left:  # the last card of the play
                scores[turn] += 0 if count == 31 else 1
                return scores
            if count == 31:
                ended = True
        else:
            passed[turn] = True
        if not ended:  # the next seat (this one last) that holds cards and has not said go
            nxt = -1
            for step in range(1, players + 1):
                seat = (turn + step) % players
                if held[seat] and not passed[seat]:
                    nxt = seat
                    break
            if nxt >= 0:
                turn = nxt
                continue
            scores[last] += 1  # nobody can go on: one for the go
        if single_count:
            return scores
        pile, count, passed = (), 0, [False] * players
        for step in range(1, players + 1):
            seat = (last + step) % players
            if held[seat]:
                turn = seat
                break


@lru_cache(maxsize=16)
def _draws(
    players: int, hand_size: int, unseen: tuple[Card, ...], samples: int
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``samples`` deals of ``players - 1`` hands of ranks from ``unseen``, from the fixed seed."""
    rng = random.Random(SEED)
    pool = [card.rank for card in unseen]
    draws = []
    for _ in range(samples):
        picked = rng.sample(pool, hand_size * (players - 1))
        draws.append(tuple(tuple(picked[i * hand_size : (i + 1) * hand_size]) for i in range(players - 1)))
    return tuple(draws)


def pegging_estimates(
    rules: Rules,
    dealt: Sequence[Card],
    keeps: Sequence[Sequence[Card]],
    *,
    seat: int,
    dealer: int,
    samples: int = SAMPLES,
) -> list[Fraction]:
    """The estimated play balance of each of ``keeps`` (kept cards of ``dealt``) for ``seat``:
    its side's mean pegging points less the mean of each other side's, over the same ``samples``
    deals (more than :data:`SAMPLES` only to measure the estimate's error)."""
    players = rules.players
    gone = set(dealt)
    draws = _draws(players, rules.hand_size, tuple(card for card in DECK if card not in gone), samples)
    others = [(seat + step) % players for step in range(1, players)]
    mine = rules.side_of(seat)
    other_sides = rules.sides - 1
    leader = (dealer + 1) % players
    weight = [other_sides if rules.side_of(who) == mine else -1 for who in range(players)]
    single = rules.single_count_play
    memo: dict[tuple[int, ...], Fraction] = {}
    out = []
    for keep in keeps:
        ranks = tuple(sorted(card.rank for card in keep))
        if ranks not in memo:
            balance = 0
            for draw in draws:
                hands: list[Sequence[int]] = [()] * players
                hands[seat] = ranks
                for other, hand in zip(others, draw, strict=True):
                    hands[other] = hand
                scores = simulate(hands, leader, single)
                for who, points in enumerate(scores):
                    balance += points * weight[who]
            memo[ranks] = Fraction(balance, samples * other_sides)
        out.append(memo[ranks])
    return out


__all__ = ["pegging_estimates", "simulate", "SAMPLES", "SEED"]
