"""``hard``'s pegging in the two-player games: sampled opponent hands, each played out exactly.

The opponent's hands are drawn from what it may hold, weighed by what it has kept and played
(:func:`.opponent.draws`: the keep model and the policy). The draws are a fixed sequence, seeded by the
position, so a decision is reproducible. For each drawn hand the rest of the play is solved
exactly with both hands open (:class:`_Plain`: over ranks, as suits do not count in the
play; one memo for every drawn hand), the opponent playing a card that scores the most now
(ties by the search), and the card with the best mean point balance (its points minus the
opponent's, to the end of the play) is played. Hands are drawn until a budget of search
nodes is spent, which bounds the time per decision.

Near the end (either side within :data:`RACE` points of the target) the search plays the
race instead (:class:`_Race`): reaching the target first is worth :data:`WIN`, and the play
ends with the show in counting order (pone, dealer, crib; the crib's other cards drawn too),
so a card that pegs out, or keeps the opponent from pegging out before its hand counts,
wins; a deal that leaves the game undecided is worth its chance to win from the scores it
leaves (:mod:`service.core.computer.win`), on the same scale.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...cards import Card
from ...game.views import SeatView
from ...scoring.show import score_show
from ..win import SCALE, TARGET, applies, chance
from .opponent import draws, possible_cards
from .ranks import peg, trim

WIN = 1000
RACE = 31  # within this many points of the target, play the race
BUDGET = 3_000  # search nodes per decision (samples stop once it is spent)
MIN_SAMPLES = 2


def _leader(h0: tuple[int, ...], h1: tuple[int, ...], last: int) -> int | None:
    """Who leads the next count: the seat after the last player if it holds cards, else the
    last player if it does, else no one (the play is over)."""
    if last == 0:
        return 1 if h1 else (0 if h0 else None)
    return 0 if h0 else (1 if h1 else None)


def _options(pile: tuple[int, ...], count: int, hand: tuple[int, ...], greedy: bool) -> list[int]:
    """The ranks of the sorted ``hand`` that fit the count; ``greedy``: only those that score the most now."""
    room = 31 - count
    out: list[int] = []
    for rank in hand:
        if (rank if rank < 10 else 10) > room:
            break
        if not out or out[-1] != rank:
            out.append(rank)
    if greedy and len(out) > 1:
        points = [peg(pile, r) for r in out]
        top = max(points)
        out = [r for r, p in zip(out, points) if p == top]
    return out


class _Plain:
    """Exact two-player play for points from a position, hands open; values are seat 0's points
    less seat 1's to the end of the play. The count is carried along, hands are sorted
    tuples of ranks (suits do not count in the play), and a turn's cards are tried in rank
    order until one no longer fits; positions are remembered (``memo``), and ``nodes``
    counts those solved."""

    def __init__(self, single_count: bool, greedy: bool = False) -> None:
        self.single = single_count
        self.greedy = greedy  # the opponent (seat 1) plays only cards that score the most now
        self.memo: dict[tuple, int] = {}  # type: ignore[type-arg]
        self.nodes = 0

    def after_card(
        self,
        pile: tuple[int, ...],
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        turn: int,
        passed: tuple[bool, bool],
        rank: int,
        got: tuple[int, int],
        count: int,
    ) -> int:
        return self._card(pile, count, hands[0], hands[1], turn, passed[0], passed[1], rank)

    def _node(
        self,
        pile: tuple[int, ...],
        count: int,
        h0: tuple[int, ...],
        h1: tuple[int, ...],
        turn: int,
        p0: bool,
        p1: bool,
        last: int | None,
    ) -> int:
        key = (pile, h0, h1, turn, p0, p1, last)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        best: int | None = None
        for rank in _options(pile, count, h0 if turn == 0 else h1, turn == 1 and self.greedy):
            value = self._card(pile, count, h0, h1, turn, p0, p1, rank)
            if best is None or (value > best if turn == 0 else value < best):
                best = value
        if best is None:  # go
            assert last is not None
            if turn == 0:
                best = (
                    self._node(pile, count, h0, h1, 1, True, p1, last)
                    if h1 and not p1
                    else self._close(h0, h1, last, count != 31)
                )
            else:
                best = (
                    self._node(pile, count, h0, h1, 0, p0, True, last)
                    if h0 and not p0
                    else self._close(h0, h1, last, count != 31)
                )
        memo[key] = best
        return best

    def _card(
        self,
        pile: tuple[int, ...],
        count: int,
        h0: tuple[int, ...],
        h1: tuple[int, ...],
        turn: int,
        p0: bool,
        p1: bool,
        rank: int,
    ) -> int:
        points = peg(pile, rank)
        count += rank if rank < 10 else 10
        if turn == 0:
            i = h0.index(rank)
            h0 = h0[:i] + h0[i + 1 :]
            mine, theirs, passed_other = h0, h1, p1
        else:
            i = h1.index(rank)
            h1 = h1[:i] + h1[i + 1 :]
            mine, theirs, passed_other = h1, h0, p0
        sign = 1 if turn == 0 else -1
        if not h0 and not h1:
            return sign * (points + (count != 31))  # the last card
        if count == 31:
            return sign * points + self._close(h0, h1, turn, False)
        pile = (*pile, rank)
        if theirs and not passed_other:
            return sign * points + self._node(pile, count, h0, h1, 1 - turn, p0, p1, turn)
        if mine:
            return sign * points + self._node(pile, count, h0, h1, turn, p0, p1, turn)
        return sign * points + self._close(h0, h1, turn, True)

    def _close(self, h0: tuple[int, ...], h1: tuple[int, ...], last: int, go: bool) -> int:
        """The count ends: the go point to the last player when ``go``; then the next count."""
        signed = (1 if last == 0 else -1) if go else 0
        if self.single:
            return signed
        leader = _leader(h0, h1, last)
        if leader is None:
            return signed
        return signed + self._node((), 0, h0, h1, leader, False, False, None)


class _Race:
    """As :class:`_Plain`, for the race: ``needs`` (the points each seat still needs) and
    ``show`` (first counter, its points, second, its points, crib owner, crib points): a seat
    that reaches its need first wins (:data:`WIN`), through the show in counting order once
    the play is over; without a winner the value is the points balance."""

    def __init__(
        self,
        single_count: bool,
        needs: tuple[int, int],
        show: tuple[int, ...],
        board: bool | None = None,
        greedy: bool = False,
    ) -> None:
        self.single = single_count
        self.greedy = greedy
        self.need0, self.need1 = needs
        self.show = show
        self.board = board  # seat 0 deals (None: no board, a deal without a winner ends in points)
        self.memo: dict[tuple, int] = {}  # type: ignore[type-arg]
        self.nodes = 0

    def after_card(
        self,
        pile: tuple[int, ...],
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        turn: int,
        passed: tuple[bool, bool],
        rank: int,
        got: tuple[int, int],
        count: int,
    ) -> int:
        return self._card(pile, count, hands[0], hands[1], turn, passed[0], passed[1], rank, got[0], got[1])

    def _end(self, g0: int, g1: int) -> int:
        need = [self.need0 - g0, self.need1 - g1]
        s = self.show
        for who, points in ((s[0], s[1]), (s[2], s[3]), (s[4], s[5])):
            need[who] -= points
            if need[who] <= 0:
                return WIN if who == 0 else -WIN
        if self.board is not None:  # the chance to win from the next deal, on the scale of WIN
            odds = chance(TARGET - need[0], TARGET - need[1], deals_next=not self.board)
            return (2 * odds - SCALE) * WIN // SCALE
        return (s[1] if s[0] == 0 else -s[1]) + (s[3] if s[2] == 0 else -s[3]) + (s[5] if s[4] == 0 else -s[5])

    def _node(
        self,
        pile: tuple[int, ...],
        count: int,
        h0: tuple[int, ...],
        h1: tuple[int, ...],
        turn: int,
        p0: bool,
        p1: bool,
        last: int | None,
        g0: int,
        g1: int,
    ) -> int:
        key = (pile, h0, h1, turn, p0, p1, last, g0, g1)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        best: int | None = None
        for rank in _options(pile, count, h0 if turn == 0 else h1, turn == 1 and self.greedy):
            value = self._card(pile, count, h0, h1, turn, p0, p1, rank, g0, g1)
            if best is None or (value > best if turn == 0 else value < best):
                best = value
        if best is None:  # go
            assert last is not None
            if turn == 0:
                best = (
                    self._node(pile, count, h0, h1, 1, True, p1, last, g0, g1)
                    if h1 and not p1
                    else self._close(h0, h1, last, count != 31, g0, g1)
                )
            else:
                best = (
                    self._node(pile, count, h0, h1, 0, p0, True, last, g0, g1)
                    if h0 and not p0
                    else self._close(h0, h1, last, count != 31, g0, g1)
                )
        memo[key] = best
        return best

    def _card(
        self,
        pile: tuple[int, ...],
        count: int,
        h0: tuple[int, ...],
        h1: tuple[int, ...],
        turn: int,
        p0: bool,
        p1: bool,
        rank: int,
        g0: int,
        g1: int,
    ) -> int:
        points = peg(pile, rank)
        count += rank if rank < 10 else 10
        if turn == 0:
            i = h0.index(rank)
            h0 = h0[:i] + h0[i + 1 :]
            mine, theirs, passed_other = h0, h1, p1
        else:
            i = h1.index(rank)
            h1 = h1[:i] + h1[i + 1 :]
            mine, theirs, passed_other = h1, h0, p0
        out = not h0 and not h1
        if out and count != 31:
            points += 1  # the last card
        if turn == 0:
            g0 += points
            if points and g0 >= self.need0:
                return WIN
            signed = points
        else:
            g1 += points
            if points and g1 >= self.need1:
                return -WIN
            signed = -points
        if out:
            return signed + self._end(g0, g1)
        if count == 31:
            return signed + self._close(h0, h1, turn, False, g0, g1)
        pile = (*pile, rank)
        if theirs and not passed_other:
            return signed + self._node(pile, count, h0, h1, 1 - turn, p0, p1, turn, g0, g1)
        if mine:
            return signed + self._node(pile, count, h0, h1, turn, p0, p1, turn, g0, g1)
        return signed + self._close(h0, h1, turn, True, g0, g1)

    def _close(self, h0: tuple[int, ...], h1: tuple[int, ...], last: int, go: bool, g0: int, g1: int) -> int:
        signed = 0
        if go:
            if last == 0:
                g0 += 1
                if g0 >= self.need0:
                    return WIN
                signed = 1
            else:
                g1 += 1
                if g1 >= self.need1:
                    return -WIN
                signed = -1
        leader = _leader(h0, h1, last)
        if self.single or leader is None:
            return signed + self._end(g0, g1)
        return signed + self._node((), 0, h0, h1, leader, False, False, None, g0, g1)


def _rng(seen: SeatView) -> random.Random:
    visible = (*seen.dealt, *seen.pile_cards, *([seen.starter] if seen.starter else []))
    seed = sum((i + 1) * c.index for i, c in enumerate(visible))
    return random.Random(seed * 1_000_003 + sum(seen.held))


def _show_points(
    seen: SeatView, kept: Sequence[Card], kept_opp: Sequence[Card], crib_rest: Sequence[Card]
) -> tuple[int, ...]:
    assert seen.starter is not None
    me, rules = seen.own_seat, seen.rules
    mine = score_show(kept, seen.starter, rules=rules).total
    theirs = score_show(kept_opp, seen.starter, rules=rules).total
    thrown = tuple(c for c in seen.dealt if c not in kept)
    crib = score_show((*thrown, *crib_rest), seen.starter, is_crib=True, rules=rules).total
    first, second = (1, 0) if seen.dealer == me else (0, 1)  # 0 is the seat, 1 the opponent
    points = {0: mine, 1: theirs}
    return (first, points[first], second, points[second], second, crib)


def choose_card(
    seen: SeatView,
    *,
    race: bool = True,
    infer: bool = True,
    plays: bool = True,
    board: bool = True,
    greedy: bool = True,
    policy: bool = True,
    budget: int = BUDGET,
) -> Card:
    """The card ``hard`` plays in a two-player game (``race=False``: points only, never the
    race; ``infer=False``: opponent hands uniform over the cards it may hold; ``policy=False``:
    its hands not weighed by whether ``standard`` would have played its cards, ``plays`` then
    weighs them by whether they took the most points)."""
    me = seen.own_seat
    opp = 1 - me
    count = seen.count
    legal = [c for c in seen.hand if count + c.value <= 31]
    if len({c.rank for c in legal}) == 1:
        return max(legal)
    trim()
    rules = seen.rules
    needs = (rules.target - seen.scores[rules.side_of(me)], rules.target - seen.scores[rules.side_of(opp)])
    racing = race and min(needs) <= RACE and rules.fixed_deals is None
    board = board and applies(rules)
    possible = possible_cards(seen, opp)
    holds = seen.held[opp]
    rng = _rng(seen)
    pile = tuple(c.rank for c in seen.pile_cards)
    mine = tuple(sorted(c.rank for c in seen.hand))
    passed = (False, opp in seen.gone)
    totals: dict[int, int] = {}
    samples = 0
    nodes = 0
    crib_size = 4 - rules.discards  # the crib's cards that are not the seat's
    shared = _Plain(rules.single_count_play, greedy)
    hands = draws(seen, possible, holds, rng, infer, plays, policy) if len(possible) >= holds else []
    unseen, kept, played_by_opp = seen.unseen, seen.kept, seen.played_by[opp]  # for the race's show
    while samples < len(hands) and (samples < MIN_SAMPLES or nodes < budget):
        drawn = hands[samples]
        show = None
        if racing:
            rest = [c for c in unseen if c not in drawn]
            crib_rest = rng.sample(rest, max(0, min(len(rest), crib_size)))
            kept_opp = (*played_by_opp, *drawn)
            show = _show_points(seen, kept, kept_opp, crib_rest)
        # Without the race every sample is solved by one solver: positions recur across
        # samples (the same ranks drawn again, or the same cards left late in the play).
        solver: _Race | _Plain = shared
        if racing:
            assert show is not None
            solver = _Race(rules.single_count_play, needs, show, (seen.dealer == me) if board else None, greedy)
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


__all__ = ["choose_card", "WIN", "RACE", "BUDGET", "MIN_SAMPLES"]
