"""Outside opponents for the levels: players nobody derived from the service's own levels.

``python -m research.population`` plays the table of every level against them
(docs/strength.md); ``tests/strength/test_population.py`` checks them.

Each player is written from the rules and from published strategy (the usual ladder of
computer cribbage players: greedy, expected value, Monte Carlo), decides from what its seat
sees (:func:`~service.core.game.views.view`) and is reproducible from its seed. Two-player
games only. They use the rules' scorers (``score_show``, the play's points over ranks,
:func:`~service.core.computer.players.ranks.peg`) and nothing of the levels' policies.

* ``greedy`` (:class:`~tests.support.players.GreedyPlayer`, the test opponent): keeps the four
  cards with the most points on their own, pegs the card that scores the most now.
* ``ev``, expected value (:func:`ev_player`): throws the two cards that give the best exact
  expectation, the kept hand's mean over every starter plus (its own crib) or minus (the
  opponent's) the crib's mean over every way the other crib cards and the starter fall, as
  every exact-expectation player does (the means are :func:`~service.core.computer.advice.
  discard_advice`'s: they are arithmetic, not a policy); pegs the card with the most points
  now less the expected points of the reply, the reply being any card the seat has not seen
  with equal chance (a card that does not fit scores nothing); ties to the higher card.
* ``mc``, Monte Carlo (:class:`MonteCarloPlayer`): the discard by :data:`DISCARD_DEALS`
  sampled deals of the hidden cards (the opponent's six, a random throw of them, the
  starter), the same deals for every throw, each scored as the kept hand's show, plus or
  minus the crib's, plus the play's balance with both sides pegging greedily; the play by
  :data:`PLAY_DEALS` sampled opponent hands (uniform over the cards it may hold: none that
  fit the count once it said go), each solved exactly to the end of the play with both
  hands open and both sides playing their best (:func:`solve`), the card with the best mean.
"""

from __future__ import annotations

import random
from functools import lru_cache

from service.core.cards import Card
from service.core.computer.advice import discard_advice
from service.core.computer.players.ranks import VALUES, peg
from service.core.game.actions import Action
from service.core.game.engine import GameState
from service.core.game.views import SeatView, view
from service.core.scoring.show import score_show
from tests.support import ladder
from tests.support.players import GreedyPlayer, Player

POPULATION = ("greedy", "ev", "mc")
LEVELS = ("easy", "standard", "hard")
DISCARD_DEALS = 24  # sampled deals per throw of the Monte Carlo discard (the same for every throw)
PLAY_DEALS = 16  # sampled opponent hands per card of the Monte Carlo play


def _legal(seen: SeatView) -> list[Card]:
    return [c for c in seen.hand if seen.count + c.value <= 31]


def _exact_count(seen: SeatView) -> Action:
    """The show (manual counting only): the exact count, accepting any claim."""
    if seen.claim is not None:
        return Action("accept", seen.own_seat)
    assert seen.starter is not None and seen.counting is not None
    points = score_show(seen.counting.cards, seen.starter, is_crib=seen.counting.crib, rules=seen.rules).total
    return Action("count", seen.own_seat, claimed=points)


# --- expected value -------------------------------------------------------------------------------


def ev_card(seen: SeatView) -> Card:
    """Points now less the mean points of a reply by any unseen card (0 when it does not fit)."""
    pile = tuple(c.rank for c in seen.pile_cards)
    unseen = [c.rank for c in seen.unseen]

    def value(card: Card) -> tuple[float, int]:
        now = peg(pile, card.rank)
        count = seen.count + card.value
        if count == 31 or not unseen:
            return now, card.rank
        after = (*pile, card.rank)
        reply = sum(peg(after, r) for r in unseen if count + VALUES[r] <= 31)
        return now - reply / len(unseen), card.rank

    return max(_legal(seen), key=value)


def ev_player(state: GameState, seat: int) -> Action:
    seen = view(state, seat)
    if seen.phase == "discard":
        options = discard_advice(seen.dealt, seen.is_dealer, seen.rules).options
        best = max(options, key=lambda o: o.net)
        return Action("discard", seat, cards=best.discard)
    if seen.phase == "play":
        return Action("play", seat, card=ev_card(seen))
    return _exact_count(seen)


# --- Monte Carlo ----------------------------------------------------------------------------------


@lru_cache(maxsize=100_000)
def greedy_balance(first: tuple[int, ...], second: tuple[int, ...]) -> int:
    """The play of two rank hands, ``first`` leading, each side playing the card that scores
    the most now (ties: the higher card): ``first``'s points less ``second``'s."""
    hands = [sorted(first, reverse=True), sorted(second, reverse=True)]
    got = [0, 0]
    pile: tuple[int, ...] = ()
    count, turn, last, passed = 0, 0, 0, [False, False]
    while hands[0] or hands[1]:
        fits = [r for r in hands[turn] if count + VALUES[r] <= 31]
        if fits:
            rank = max(fits, key=lambda r: peg(pile, r))
            hands[turn].remove(rank)
            got[turn] += peg(pile, rank)
            pile, count, last = (*pile, rank), count + VALUES[rank], turn
            if count == 31:
                pile, count, passed = (), 0, [False, False]
                turn = 1 - last if hands[1 - last] else last
                continue
        else:
            passed[turn] = True
        other = 1 - turn
        if hands[other] and not passed[other]:
            turn = other
        elif not (hands[turn] and not passed[turn]):
            got[last] += 1  # the go (or the last card)
            pile, count, passed = (), 0, [False, False]
            turn = 1 - last if hands[1 - last] else last
    return got[0] - got[1]


Memo = dict[tuple[object, ...], int]


def solve(pile: tuple[int, ...], count: int, hands: tuple[tuple[int, ...], ...], turn: int, memo: Memo) -> int:
    """Seat 0's points less seat 1's to the end of the play, both hands open (sorted rank
    tuples), both sides playing their best, ``turn`` to play onto ``pile`` (the ranks of the
    count, ``count``). A seat that cannot play says go; the other plays on alone; the last
    card of a count (not at 31) takes a point."""
    key = (pile, count, hands, turn)
    found = memo.get(key)
    if found is not None:
        return found
    sign = 1 if turn == 0 else -1
    mine, theirs = hands[turn], hands[1 - turn]
    best: int | None = None
    for rank in sorted(set(mine)):
        if count + VALUES[rank] > 31:
            break
        rest = list(mine)
        rest.remove(rank)
        left = tuple(rest)
        now = peg(pile, rank)
        total = count + VALUES[rank]
        after = (left, theirs) if turn == 0 else (theirs, left)
        if not left and not theirs:
            value = sign * (now + (total != 31))
        elif total == 31:
            value = sign * now + solve((), 0, after, 1 - turn if theirs else turn, memo)
        elif theirs and any(total + VALUES[r] <= 31 for r in theirs):
            value = sign * now + solve((*pile, rank), total, after, 1 - turn, memo)
        elif left and any(total + VALUES[r] <= 31 for r in left):
            value = sign * now + solve((*pile, rank), total, after, turn, memo)  # the other said go
        else:  # no one can play on: the go point, and the other seat leads
            value = sign * (now + 1) + solve((), 0, after, 1 - turn if theirs else turn, memo)
        if best is None or sign * value > sign * best:
            best = value
    assert best is not None, "the seat to play holds a card that fits"
    memo[key] = best
    return best


class MonteCarloPlayer:
    """Sampled deals of the hidden cards, then the best play for each (the module's docstring)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: GameState, seat: int) -> Action:
        seen = view(state, seat)
        if seen.phase == "discard":
            return Action("discard", seat, cards=self.discard(seen))
        if seen.phase == "play":
            return Action("play", seat, card=self.card(seen))
        return _exact_count(seen)

    def discard(self, seen: SeatView) -> tuple[Card, ...]:
        rng, rules = self.rng, seen.rules
        dealt = sorted(seen.dealt)
        deals = []
        for _ in range(DISCARD_DEALS):
            cards = rng.sample(seen.unseen, 7)
            deals.append((cards[:4], cards[4:6], cards[6]))  # the opponent's keep, its throw, the starter
        sign = 1 if seen.is_dealer else -1
        best: tuple[float, tuple[Card, ...]] | None = None
        for i in range(len(dealt)):
            for j in range(i + 1, len(dealt)):
                thrown = (dealt[i], dealt[j])
                kept = [c for c in dealt if c not in thrown]
                ranks = tuple(sorted(c.rank for c in kept))
                total = 0
                for theirs, their_throw, starter in deals:
                    total += score_show(kept, starter, rules=rules).total
                    total += sign * score_show((*thrown, *their_throw), starter, is_crib=True, rules=rules).total
                    other = tuple(sorted(c.rank for c in theirs))
                    total += -greedy_balance(other, ranks) if seen.is_dealer else greedy_balance(ranks, other)
                if best is None or total > best[0]:
                    best = (total, thrown)
        assert best is not None
        return best[1]

    def card(self, seen: SeatView) -> Card:
        legal = _legal(seen)
        if len({c.rank for c in legal}) == 1:
            return legal[0]
        opp = 1 - seen.own_seat
        possible = [c.rank for c in seen.unseen]
        if opp in seen.gone:
            possible = [r for r in possible if seen.count + VALUES[r] > 31]
        holds = min(seen.held[opp], len(possible))
        pile = tuple(c.rank for c in seen.pile_cards)
        mine = sorted(c.rank for c in seen.hand)
        memo: Memo = {}
        totals = dict.fromkeys({c.rank for c in legal}, 0)
        for _ in range(PLAY_DEALS):
            theirs = tuple(sorted(self.rng.sample(possible, holds)))
            for rank in totals:
                rest = list(mine)
                rest.remove(rank)
                left = tuple(rest)
                now = peg(pile, rank)
                total = seen.count + VALUES[rank]
                if not left and not theirs:
                    totals[rank] += now + (total != 31)
                    continue
                if total == 31:
                    totals[rank] += now + solve((), 0, (left, theirs), 1 if theirs else 0, memo)
                    continue
                they_fit = opp not in seen.gone and any(total + VALUES[r] <= 31 for r in theirs)
                if they_fit:
                    totals[rank] += now + solve((*pile, rank), total, (left, theirs), 1, memo)
                elif any(total + VALUES[r] <= 31 for r in left):
                    totals[rank] += now + solve((*pile, rank), total, (left, theirs), 0, memo)
                else:
                    totals[rank] += now + 1 + solve((), 0, (left, theirs), 1 if theirs else 0, memo)
        best = max(totals, key=lambda r: (totals[r], r))
        return max(c for c in legal if c.rank == best)


def make_player(name: str, seed: int) -> Player:
    """A population player by name (``greedy``, ``ev``, ``mc``), else a ladder name
    (:func:`tests.support.ladder.make_player`)."""
    if name == "greedy":
        return GreedyPlayer()
    if name == "ev":
        return ev_player
    if name == "mc":
        return MonteCarloPlayer(seed)
    return ladder.make_player(name, seed)
