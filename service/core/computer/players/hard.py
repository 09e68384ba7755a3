"""``hard``: the strongest player here within 20 ms a decision.

* **Discard** (:func:`discard`): the exact net of :mod:`service.core.computer.advice` (hand mean plus or
  minus crib mean), with the crib weighed by ``advice`` (one argument: the uniform model
  today), and near the end of the game the chance of going out instead of the mean
  (:func:`race_keep`).
* **Play, two players** (:mod:`.search`): the opponent's possible cards inferred from what it
  has shown and said, its hands drawn by how likely a sensible player kept them (the keep
  model) and would have played the cards it played (the policy: a mixture of ``standard``'s play
  and the expected-value rule, the points now less the mean reply), each
  played out exactly to the end of the play
  against an opponent that takes the most points now, and near the end the race to the
  target through the show, an undecided deal worth its chance to win (the win table).
* **Play, three or four players** (:func:`multi_play`): one reply deep like ``standard``,
  but a partner's reply counts for the seat, not against it.
* **Show**: as ``standard`` (the exact count; muggins for exactly what was missed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb

from ...cards import DECK, Card
from ...game.actions import Action
from ...game.views import SeatView
from ...rules import Rules
from ...scoring.pegging import play_points
from ...scoring.show import score_show
from ..advice import DiscardAdvice, DiscardOption, discard_advice
from .search import choose_card
from .standard import answer_claim, count, next_seat
from .standard import play as standard_play

# How the crib is weighed: the advice for a dealt hand (options with hand and crib means).
Advice = Callable[..., DiscardAdvice]

# Points a seat pegs in a deal on average (two-player six-card play), pone and dealer: the
# race keep adds them to the hand.
PEGGING = {False: 3, True: 4}
SEARCH_CARDS = 8  # search the play once this few cards are left in the hands (else one reply deep)
RACE_KEEP = 24  # within this many points of the target, a keep is judged by its chance to go out


def _hand_counts(keep: Sequence[Card], dead: Sequence[Card], rules: Rules) -> list[int]:
    gone = set(keep) | set(dead)
    return [score_show(keep, s, rules=rules).total for s in DECK if s not in gone]


def race_keep(seen: SeatView, options: Sequence[DiscardOption], need: int) -> DiscardOption:
    """The option most likely to take the seat out (hand, plus crib mean for the dealer, plus
    the usual pegging, at least ``need``); ties by the net."""

    def score(option: DiscardOption) -> tuple[Fraction, Fraction]:
        extra = PEGGING[seen.is_dealer] + (float(option.crib) if seen.is_dealer else 0.0)
        counts = _hand_counts(option.keep, option.discard, seen.rules)
        out = sum(1 for points in counts if points + extra >= need)
        return Fraction(out, len(counts)), option.net

    return max(options, key=score)


def discard(seen: SeatView, advice: Advice = discard_advice, *, race: bool = True) -> tuple[Card, ...]:
    """The cards to throw. ``advice`` weighs the crib (switching to a learned crib model is
    passing its advice here); ``race=False`` never plays for going out."""
    rules = seen.rules
    options = advice(seen.dealt, seen.is_dealer, rules, partner_deals=seen.partner_deals).options
    need = rules.target - seen.scores[seen.side]
    if race and rules.players == 2 and rules.fixed_deals is None and need <= RACE_KEEP:
        return race_keep(seen, options, need).discard
    return options[0].discard


def multi_play(seen: SeatView) -> Card:
    """Three or four players: the points now plus, for the next seat that may play, the
    expected points of its best reply (hypergeometric over the unseen cards, as ``standard``)
    taken off for an opponent and added for a partner."""
    legal = [c for c in seen.hand if seen.count + c.value <= 31]
    nxt = next_seat(seen)
    unseen = seen.unseen
    pile = seen.pile_cards
    by_rank: dict[int, list[Card]] = {}
    for card in unseen:
        by_rank.setdefault(card.rank, []).append(card)
    best: tuple[Fraction, int, Card] | None = None
    for card in legal:
        now = play_points(pile, card)
        value = Fraction(now)
        after = (*pile, card)
        total = seen.count + card.value
        if nxt is not None and total != 31:
            holds = min(seen.held[nxt], len(unseen))
            sign = 1 if seen.rules.side_of(nxt) == seen.side else -1
            replies = sorted(
                (
                    (play_points(after, cards[0]), len(cards))
                    for cards in by_rank.values()
                    if total + cards[0].value <= 31
                ),
                reverse=True,
            )
            # The next seat plays its best-scoring card: rank group i is its best when it holds
            # one of them and none of the better ones.
            none_before, covered, expected = comb(len(unseen), holds), 0, Fraction(0)
            for points, size in replies:
                covered += size
                none_after = comb(len(unseen) - covered, holds)
                expected += (none_before - none_after) * points
                none_before = none_after
            value += sign * expected / comb(len(unseen), holds)
        key = (value, card.rank, card)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2]


# What makes hard differ from standard. Without "policy" the opponent's hands are weighed by
# whether each card it played took the most points it could instead.
IDEAS = ("race_discard", "search", "race_play", "infer", "policy", "greedy", "board", "partner")


def choose(seen: SeatView, without: frozenset[str] = frozenset()) -> Action:
    """``hard``'s move; ``without`` names ideas of :data:`IDEAS` to leave out (the ladder
    measures each one's share that way): the move is then ``standard``'s for that part."""
    if seen.phase == "discard":
        thrown = discard(seen, race="race_discard" not in without)
        return Action("discard", seen.own_seat, cards=tuple(thrown))
    if seen.phase == "play":
        if seen.rules.players == 2 and "search" not in without and sum(seen.held) <= SEARCH_CARDS:
            return Action(
                "play",
                seen.own_seat,
                card=choose_card(
                    seen,
                    race="race_play" not in without,
                    infer="infer" not in without,
                    greedy="greedy" not in without,
                    board="board" not in without,
                    policy="policy" not in without,
                ),
            )
        if seen.rules.players > 2 and "partner" not in without:
            return Action("play", seen.own_seat, card=multi_play(seen))
        return standard_play(seen)
    return count(seen) if seen.claim is None else answer_claim(seen)


__all__ = ["choose", "IDEAS", "discard", "multi_play", "race_keep", "Advice", "PEGGING", "RACE_KEEP"]
