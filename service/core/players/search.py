"""``hard``'s pegging in the two-player games: sampled opponent hands, each played out exactly.

The opponent's possible cards are the unseen ones (not the seat's, not the starter, not
played), less any that fit the current count when it has said go in it. For a number of
opponent hands drawn uniformly from those (a fixed sequence, seeded by the position, so a
decision is reproducible), the rest of the play is solved exactly with both hands open
(minimax over ranks: suits do not count in the play), and the card with the best mean
point balance (its points minus the opponent's, to the end of the play) is played. Hands
are drawn until a budget of search nodes is spent, which bounds the time per decision.

Near the end (either side within :data:`RACE` points of the target) the search plays the
race instead: reaching the target first is worth :data:`WIN`, and the play ends with the
show in counting order (pone, dealer, crib; the crib's other cards drawn too), so a card
that pegs out, or keeps the opponent from pegging out before its hand counts, wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from ..cards import Card
from ..crib_tables import MULTISETS, multiset_weights
from ..keep_model import keep_weight
from ..show import score_show
from .seen import Seen

WIN = 1000
RACE = 31  # within this many points of the target, play the race
BUDGET = 3_000  # search nodes per decision (samples stop once it is spent)
MAX_SAMPLES = 48
MIN_SAMPLES = 2


def _value(rank: int) -> int:
    return rank if rank < 10 else 10


@lru_cache(maxsize=200_000)
def peg(pile: tuple[int, ...], rank: int) -> int:
    """Points for playing ``rank`` on a pile of ranks (as :func:`~service.core.pegging.score_play`)."""
    seq = (*pile, rank)
    total = sum(map(_value, seq))
    points = 2 if total in (15, 31) else 0
    same = 1
    while same < len(seq) and seq[-1 - same] == rank:
        same += 1
    if same >= 2:
        return points + (2, 6, 12)[same - 2]
    for length in range(len(seq), 2, -1):
        window = seq[-length:]
        if len(set(window)) == length and max(window) - min(window) == length - 1:
            return points + length
    return points


class _Solver:
    """Exact two-player play from a position, hands open; values are seat 0's points less seat 1's."""

    def __init__(self, single_count: bool, needs: tuple[int, int] | None, show: tuple[int, ...] | None) -> None:
        self.single = single_count
        self.needs = needs  # points each seat still needs (race), else None
        self.show = show  # (first counter, its points, second, its points, crib owner, crib points)
        self.memo: dict[tuple, int] = {}  # type: ignore[type-arg]
        self.nodes = 0

    def end(self, got: tuple[int, int]) -> int:
        """Value when the play is over: the race through the show, else nothing more."""
        if self.needs is None or self.show is None:
            return 0
        need = [self.needs[0] - got[0], self.needs[1] - got[1]]
        s = self.show
        for who, points in ((s[0], s[1]), (s[2], s[3]), (s[4], s[5])):
            need[who] -= points
            if need[who] <= 0:
                return WIN if who == 0 else -WIN
        return (s[1] if s[0] == 0 else -s[1]) + (s[3] if s[2] == 0 else -s[3]) + (s[5] if s[4] == 0 else -s[5])

    def score(self, seat: int, points: int, got: tuple[int, int]) -> tuple[int, tuple[int, int], bool]:
        """Add ``points`` for ``seat``: (signed points, new totals, whether it won the race)."""
        new = (got[0] + points, got[1]) if seat == 0 else (got[0], got[1] + points)
        won = self.needs is not None and points > 0 and new[seat] >= self.needs[seat]
        return (points if seat == 0 else -points), new, won

    def solve(self, pile: tuple[int, ...], hands: tuple[tuple[int, ...], tuple[int, ...]], turn: int,
              passed: tuple[bool, bool], last: int | None, got: tuple[int, int]) -> int:
        key = (pile, hands, turn, passed, last, got if self.needs is not None else None)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        count = sum(map(_value, pile))
        hand = hands[turn]
        options = sorted({r for r in hand if count + _value(r) <= 31})
        best: int | None = None
        if not options:  # go
            now_passed = (True, passed[1]) if turn == 0 else (passed[0], True)
            other = 1 - turn
            if hands[other] and not now_passed[other]:
                best = self.solve(pile, hands, other, now_passed, last, got)
            else:
                best = self.close(pile, hands, last, got, count)
        else:
            for rank in options:
                value = self.after_card(pile, hands, turn, passed, rank, got, count)
                if best is None or (value > best if turn == 0 else value < best):
                    best = value
        assert best is not None
        self.memo[key] = best
        return best

    def after_card(self, pile: tuple[int, ...], hands: tuple[tuple[int, ...], tuple[int, ...]], turn: int,
                   passed: tuple[bool, bool], rank: int, got: tuple[int, int], count: int) -> int:
        hand = list(hands[turn])
        hand.remove(rank)
        new_hands = (tuple(hand), hands[1]) if turn == 0 else (hands[0], tuple(hand))
        new_pile = (*pile, rank)
        count += _value(rank)
        points = peg(pile, rank)
        everyone_out = not new_hands[0] and not new_hands[1]
        if everyone_out and count != 31:
            points += 1  # last card
        signed, got, won = self.score(turn, points, got)
        if won:
            return WIN if turn == 0 else -WIN
        if count == 31 or everyone_out:
            return signed + self.close(new_pile, new_hands, turn, got, count, scored=True)
        other = 1 - turn
        if new_hands[other] and not passed[other]:
            return signed + self.solve(new_pile, new_hands, other, passed, turn, got)
        if new_hands[turn]:
            return signed + self.solve(new_pile, new_hands, turn, passed, turn, got)
        return signed + self.close(new_pile, new_hands, turn, got, count)

    def close(self, pile: tuple[int, ...], hands: tuple[tuple[int, ...], tuple[int, ...]], last: int | None,
              got: tuple[int, int], count: int, scored: bool = False) -> int:
        """The count ends: the go point to the last player (unless 31 or the last card scored it)."""
        assert last is not None
        signed = 0
        if count != 31 and not scored:
            signed, got, won = self.score(last, 1, got)
            if won:
                return WIN if last == 0 else -WIN
        other = 1 - last
        leader = other if hands[other] else (last if hands[last] else None)
        if self.single or leader is None:
            return signed + self.end(got)
        return signed + self.solve((), hands, leader, (False, False), None, got)


def _possible(seen: Seen, opponent: int) -> list[Card]:
    """Cards the opponent may hold: unseen, and none that fit the count if it said go in it."""
    unseen = seen.unseen()
    if seen.passed[opponent]:
        room = 31 - seen.count
        unseen = tuple(c for c in unseen if c.value > room)
    return list(unseen)


def _rng(seen: Seen) -> random.Random:
    visible = (*seen.dealt, *seen.pile, *([seen.starter] if seen.starter else []))
    seed = sum((i + 1) * c.index for i, c in enumerate(visible))
    return random.Random(seed * 1_000_003 + sum(seen.held))


def _show_points(seen: Seen, kept_opp: Sequence[Card], crib_rest: Sequence[Card]) -> tuple[int, ...]:
    assert seen.starter is not None
    me, rules = seen.seat, seen.rules
    mine = score_show(seen.kept, seen.starter, rules=rules).total
    theirs = score_show(kept_opp, seen.starter, rules=rules).total
    thrown = tuple(c for c in seen.dealt if c not in seen.kept)
    crib = score_show((*thrown, *crib_rest), seen.starter, is_crib=True, rules=rules).total
    first, second = (1, 0) if seen.dealer == me else (0, 1)  # 0 is the seat, 1 the opponent
    points = {0: mine, 1: theirs}
    return (first, points[first], second, points[second], second, crib)


def _draws(seen: Seen, possible: list[Card], holds: int, rng: random.Random, infer: bool) -> list[list[Card]]:
    """The opponent hands to search, in order: uniform over ``possible``, or (``infer``, the
    six-card game) drawn from the posterior over the rank multisets it may hold: the card
    sets of each multiset among ``possible``, times how likely the opponent kept the hand
    they make with the cards it has played (:func:`~service.core.keep_model.keep_weight`)."""
    rules = seen.rules
    if not infer or rules.cards_dealt != 6 or rules.discards != 2 or not 1 <= holds <= 4:
        return [rng.sample(possible, holds) for _ in range(MAX_SAMPLES)]
    opp = 1 - seen.seat
    shown = tuple(c.rank for c in seen.played_by[opp])
    by_rank: dict[int, list[Card]] = {}
    for card in possible:
        by_rank.setdefault(card.rank, []).append(card)
    counts = [0] * 14
    for rank, cards in by_rank.items():
        counts[rank] = len(cards)
    is_dealer = seen.dealer == opp
    sets, weights = [], []
    for ranks, ways in zip(MULTISETS[holds], multiset_weights(counts, holds)):
        if ways:
            sets.append(ranks)
            weights.append(ways * keep_weight((*shown, *ranks), is_dealer))
    out = []
    for ranks in rng.choices(sets, weights=weights, k=MAX_SAMPLES):
        hand: list[Card] = []
        for rank in set(ranks):
            hand += rng.sample(by_rank[rank], ranks.count(rank))
        out.append(hand)
    return out


def choose_card(seen: Seen, *, race: bool = True, infer: bool = True, budget: int = BUDGET) -> Card:
    """The card ``hard`` plays in a two-player game (``race=False``: points only, never the
    race; ``infer=False``: opponent hands uniform over the cards it may hold)."""
    me = seen.seat
    opp = 1 - me
    count = seen.count
    legal = [c for c in seen.hand if count + c.value <= 31]
    if len({c.rank for c in legal}) == 1:
        return max(legal)
    rules = seen.rules
    needs = (rules.target - seen.scores[rules.side_of(me)], rules.target - seen.scores[rules.side_of(opp)])
    racing = race and min(needs) <= RACE and rules.fixed_deals is None
    possible = _possible(seen, opp)
    holds = seen.held[opp]
    rng = _rng(seen)
    pile = tuple(c.rank for c in seen.pile)
    mine = tuple(sorted(c.rank for c in seen.hand))
    passed = (False, seen.passed[opp])
    totals: dict[int, int] = {}
    samples = 0
    nodes = 0
    crib_size = 4 - rules.discards  # the crib's cards that are not the seat's
    shared = _Solver(rules.single_count_play, None, None)
    draws = _draws(seen, possible, holds, rng, infer) if len(possible) >= holds else []
    while samples < len(draws) and (samples < MIN_SAMPLES or nodes < budget):
        drawn = draws[samples]
        show = None
        if racing:
            rest = [c for c in seen.unseen() if c not in drawn]
            crib_rest = rng.sample(rest, max(0, min(len(rest), crib_size)))
            kept_opp = (*seen.played_by[opp], *drawn)
            show = _show_points(seen, kept_opp, crib_rest)
        # Without the race every sample is solved by one solver: positions recur across
        # samples (the same ranks drawn again, or the same cards left late in the play).
        solver = _Solver(rules.single_count_play, needs, show) if racing else shared
        before = solver.nodes
        theirs = tuple(sorted(c.rank for c in drawn))
        for rank in {c.rank for c in legal}:
            value = solver.after_card(pile, (mine, theirs), 0, passed, rank, (0, 0), count)
            totals[rank] = totals.get(rank, 0) + value
        nodes += solver.nodes - before
        samples += 1
    if not totals:
        return max(legal)
    best_rank = max(totals, key=lambda r: (totals[r], r))
    return max(c for c in legal if c.rank == best_rank)


__all__ = ["choose_card", "peg", "WIN", "RACE", "BUDGET"]
