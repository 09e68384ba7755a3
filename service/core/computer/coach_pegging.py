"""The pegging estimate of a kept hand, for the discard hints of :mod:`.coach`.

The exact means of a discard (:mod:`.advice`) leave out the play. Hints show beside them an
estimate of the play's balance for the kept cards: the mean points the seat's side pegs less
the mean of each other side's (in two-sided games simply "ours minus theirs").

**Method.** The kept cards are played out against the hands the other seats may hold, every
seat playing the card that scores the most now (ties to the higher card), saying go when
nothing fits; the rules' go, 31 and last-card points; the five-card game's single count; the
usual go rule (``continue_until_none``, also for a game with ``bicycle_three_hand``)
(:func:`simulate`, on ranks alone: suits never score in the play; the starter never pegs).
The other hands are drawn from the cards not kept (the thrown ones count as unknown, so one
value serves every deal with those kept ranks): in the two-player games over *every* hand the
other player may hold, each weighed by how many card sets have its ranks (exact); with three
or four players over 1,000 seeded deals of the other hands for each kept hand (``DEALS`` of
``tools/tables/build_pegging_table.py``). The values are computed ahead for every rank
multiset a seat can keep and every place in the play's order, by ``python -m
tools.tables.build_pegging_table``, into :mod:`.pegging_table`; a hint looks them up. The
policy is not the computer player's, so this is how the cards peg between plain players, not
a prediction; and the thrown cards are not taken out of the other hands. Its distance from a long run that takes them out:
``python -m benchmarks.coach --pegging-error`` (docs/client-guide.md).

>>> from ..cards import parse_cards
>>> from ..rules import preset
>>> six = preset("six_card")
>>> fives, odd = parse_cards("5S 5H 5D JC"), parse_cards("AC 3D 9H KS")
>>> pone, dealer = (pegging_estimates(six, [fives, odd], seat=1, dealer=d) for d in (0, 1))
>>> [-8 < float(value) < 8 for value in pone + dealer]
[True, True, True, True]
>>> all(d > p for p, d in zip(pone, dealer))   # the pone leads, the dealer answers: it pegs more
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..cards import Card
from ..rules import Rules
from .crib_tables import MULTISET_INDEX
from .pegging_table import TABLES

_PAIR_POINTS = (0, 0, 2, 6, 12)

# The pile of the count with the card on it (its ranks as the digits of a base-14 number,
# every digit 1..13, so each pile has its own) -> the points of that card.
_SCORED: dict[int, int] = {}


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


def _pick(hand: list[int], pile: list[int], code: int, count: int, scored: dict[int, int]) -> tuple[int, int]:
    """The points and the place in ``hand`` (highest first) of the card scoring most on ``pile``
    (``code`` its key); -1, -1 if none fits."""
    best = pick = -1
    for index, rank in enumerate(hand):
        value = _VALUE[rank]
        if count + value <= 31:
            key = code * 14 + rank
            points = scored.get(key)
            if points is None:
                points = scored[key] = _score(pile, count + value, rank)
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
    left = sum(map(len, held))
    scored = _SCORED
    if len(scored) > 200_000:  # bounded: a few MB at most (piles repeat across simulations)
        scored.clear()
    value_of = _VALUE
    pile: list[int] = []
    code = count = 0  # the pile as a number (the key of _SCORED), and its count
    turn = leader
    last = -1
    passed = [False] * players
    while True:
        hand = held[turn]
        best, pick = _pick(hand, pile, code, count, scored)
        ended = False
        if pick >= 0:
            rank = hand.pop(pick)
            count += value_of[rank]
            pile.append(rank)
            code = code * 14 + rank
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
        pile, code, count, passed = [], 0, 0, [False] * players
        for step in range(1, players + 1):
            seat = (last + step) % players
            if held[seat]:
                turn = seat
                break


def shape(rules: Rules) -> str:
    """The name of the table that serves ``rules``: what the play depends on (the seats, the
    cards kept, a single count, partners)."""
    return (
        f"{rules.players}p{rules.hand_size}"
        + ("-single" if rules.single_count_play else "")
        + ("-partners" if rules.partnerships else "")
    )


def pegging_deals(rules: Rules) -> int | None:
    """How many deals of the other hands each estimate of ``rules``' game is over; None where
    none is computed (a shape of game no preset has)."""
    entry = TABLES.get(shape(rules))
    return None if entry is None else entry[1]


def pegging_estimates(
    rules: Rules, keeps: Sequence[Sequence[Card]], *, seat: int, dealer: int
) -> list[Fraction | None]:
    """The estimated play balance of each of ``keeps`` for ``seat`` (whose place in the play's
    order follows from the ``dealer``); None for a shape of game no preset has."""
    entry = TABLES.get(shape(rules))
    if entry is None:
        return [None] * len(keeps)
    denominator, _, rows = entry
    offset = (seat - dealer - 1) % rules.players  # 0: this seat leads the play
    index = MULTISET_INDEX[rules.hand_size]
    return [Fraction(rows[index[tuple(sorted(card.rank for card in keep))]][offset], denominator) for keep in keeps]


__all__ = ["pegging_estimates", "pegging_deals", "simulate", "shape"]
