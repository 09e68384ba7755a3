"""What the opponent may hold in the two-player play, for ``hard``'s search (:mod:`.search`).

The opponent's possible cards are the unseen ones (not the seat's, not the starter, not
played), less any that fit the current count when it has said go in it
(:func:`possible_cards`). In the six-card game its hand is drawn from the posterior over the
rank multisets it may hold (:func:`draws`): how many card sets of the possible cards have
each, times how likely a sensible player kept the four-card hand it makes with the cards
already played (the keep model, :mod:`service.core.computer.keep_model`), times how likely the
cards it played are from that hand and what it could see then for a mixture of two kinds of
sensible player, each as likely and one kind for the whole deal (``standard``,
:func:`standard_plays`, and the expected-value rule, :func:`mean_reply_plays`): for each kind
:data:`POLICY` for each card it would have played, the two products summed. That is checked for
the :data:`POLICY_CHECKS` likeliest hands by the keep model; a hand not checked weighs as one
neither kind explains. ``policy=False`` instead weighs by :data:`TOOK_MOST` each card that
scored the most it could then. Elsewhere (not the six-card game) the hands are uniform. What
the opponent alone knew (its own discards) is not known here, so its unseen cards are a few
cards off.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from ...cards import Card
from ...game.views import SeatView
from ..crib_tables import MULTISETS, multiset_weights
from ..keep_model import keep_weights
from .ranks import CACHE, VALUES, memo, peg

MAX_SAMPLES = 48  # opponent hands drawn per decision (the search stops earlier once its budget is spent)
TOOK_MOST = 6  # how much likelier an opponent hand is if each card it played scored the most it could

COMB = [[comb(n, k) for k in range(5)] for n in range(53)]

TheirPlay = tuple[tuple[int, ...], int, int, tuple[int, ...]]  # one card the opponent played: see their_plays
TheirTurn = tuple[tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], int]  # the same: see their_turns


@memo(CACHE)
def _row(pile: tuple[int, ...], count: int) -> tuple[int, ...]:
    """What each rank (index 1..13) scores played on ``pile`` (the count ``count``), -1 where it does not fit."""
    return (-1, *(peg(pile, q) if count + (q if q < 10 else 10) <= 31 else -1 for q in range(1, 14)))


@memo(CACHE)
def _replies(after: tuple[int, ...], count: int, rest: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], int]:
    """For ``standard`` having played onto ``after`` (the count ``count``, ``rest`` its ranks
    left): each reply rank that fits, with its points less ``standard``'s best counter, in the
    order it weighs them (the most points first, then the smallest counter); and what the go
    is worth to it when no reply fits."""
    row = _row(after, count)
    replies = []
    values = [(r, r if r < 10 else 10) for r in rest]
    for q in range(1, 14):
        theirs = row[q]
        if theirs >= 0:
            at = count + (q if q < 10 else 10)
            pile = (*after, q)
            counter = 0
            for r, value in values:
                if at + value <= 31:
                    points = peg(pile, r)
                    if points > counter:
                        counter = points
            replies.append((-theirs, counter, q, theirs - counter))
    replies.sort()
    best = max([row[r] for r in rest] or [-1])
    return tuple([(q, net) for _, _, q, net in replies]), (1 if best < 0 else best + 1)


def _standard_key(
    pile: tuple[int, ...],
    count: int,
    hand: tuple[int, ...],
    unseen: tuple[int, ...],
    n: int,
    holds: int,
    total: int,
    rank: int,
) -> tuple[int, int, int]:
    """``standard``'s key for playing ``rank`` (higher is better): its points now less the
    expected reply net of its counter, scaled by ``total``; then the smaller worst case; then
    the higher rank (:func:`~service.core.computer.strategy.choose_play`)."""
    now = peg(pile, rank)
    count_after = count + (rank if rank < 10 else 10)
    balance = worst = 0
    if count_after != 31:
        i = hand.index(rank)
        replies, go = _replies((*pile, rank), count_after, hand[:i] + hand[i + 1 :])
        left = n
        none_before = total
        for q, net in replies:
            size = unseen[q]
            if size:
                left -= size
                none_after = COMB[left][holds]
                balance += (none_before - none_after) * net
                if net > worst:
                    worst = net
                none_before = none_after
        if none_before:
            balance -= none_before * go
    return (now * total - balance, -worst, rank)


@memo(CACHE)
def standard_plays(
    pile: tuple[int, ...], count: int, hand: tuple[int, ...], unseen: tuple[int, ...], holds: int, rank: int
) -> bool:
    """Whether ``standard`` plays ``rank`` holding the sorted ranks ``hand`` onto ``pile`` (the
    count ``count``), ``unseen`` the count of each rank (index 1..13) it has not seen and
    ``holds`` the cards of the next seat that may still play (0: none): its key for ``rank``
    is above every other rank's (:func:`~service.core.computer.strategy.choose_play`, over ranks)."""
    legal = {r for r in hand if count + (r if r < 10 else 10) <= 31}
    if len(legal) == 1:
        return True
    n = sum(unseen)
    holds = min(n, holds)
    total = COMB[n][holds]
    mine = _standard_key(pile, count, hand, unseen, n, holds, total, rank)
    return all(_standard_key(pile, count, hand, unseen, n, holds, total, r) < mine for r in legal if r != rank)


def possible_cards(seen: SeatView, opponent: int) -> list[Card]:
    """Cards the opponent may hold: unseen, and none that fit the count if it said go in it."""
    unseen = seen.unseen
    if opponent in seen.gone:
        room = 31 - seen.count
        unseen = tuple(c for c in unseen if c.value > room)
    return list(unseen)


def their_plays(seen: SeatView, opp: int) -> list[TheirPlay]:
    """Each card the opponent played this deal: (the ranks of the pile it went on, the room
    left under 31, its rank, the ranks the opponent played after it), from :func:`their_turns`."""
    return [(pile, 31 - count, rank, later) for pile, count, rank, later, _, _ in their_turns(seen, opp)]


def their_turns(seen: SeatView, opp: int) -> list[TheirTurn]:
    """Each card the opponent played this deal, as ``standard`` would have chosen it: (the
    ranks of the pile, the count, its rank, the ranks it played after it, the count of each
    rank it could not see then, less its own cards still to come, the cards the seat still
    held then if it had not said go in that count, else 0). A count ends at 31 or when the
    next card does not fit (no one could play on), so the order of the cards says every pile."""
    played_by_opp = seen.played_by[opp]
    theirs = set(played_by_opp)
    unseen = [0] + [4] * 13
    if seen.starter is not None:
        unseen[seen.starter.rank] -= 1
    for card in played_by_opp:
        unseen[card.rank] -= 1
    mine_held = seen.rules.cards_dealt - seen.rules.discards
    out = []
    pile: list[int] = []
    count = 0
    last_theirs = False
    for card in seen.played_cards:
        if count + card.value > 31:
            pile, count, last_theirs = [], 0, False
        if card in theirs:
            holds = 0 if (pile and last_theirs) else mine_held
            out.append((tuple(pile), count, card.rank, tuple(unseen), holds))
        else:
            unseen[card.rank] -= 1
            mine_held -= 1
        last_theirs = card in theirs
        pile.append(card.rank)
        count += card.value
        if count == 31:
            pile, count, last_theirs = [], 0, False
    ranks = [c.rank for c in played_by_opp]
    return [
        (pile_, count_, rank, tuple(ranks[i + 1 :]), unseen_, holds_)
        for i, (pile_, count_, rank, unseen_, holds_) in enumerate(out)
    ]


POLICY_CHECKS = 30  # how many of the likeliest hands (by what it kept) are checked against its plays
POLICY = 30  # how much likelier a hand is, for one kind of player, for each card of the opponent's it would have played


@memo(CACHE)
def mean_reply_plays(
    pile: tuple[int, ...], count: int, hand: tuple[int, ...], unseen: tuple[int, ...], rank: int
) -> bool:
    """Whether a player who plays the most points now less the mean points of a reply by any
    card it has not seen (one that does not fit scoring nothing; ties to the higher rank: an
    expected-value player's rule) plays ``rank`` holding the sorted ranks ``hand`` onto
    ``pile`` (the count ``count``), ``unseen`` the count of each rank (index 1..13) it has not seen."""
    legal = {r for r in hand if count + VALUES[r] <= 31}
    if len(legal) == 1:
        return True
    n = sum(unseen)

    def key(r: int) -> tuple[int, int]:  # the points now less the mean reply, times n (exact)
        now = peg(pile, r)
        total = count + VALUES[r]
        if total == 31 or not n:
            return now * max(n, 1), r
        after = (*pile, r)
        return now * n - sum([k * peg(after, q) for q, k in enumerate(unseen) if k and total + VALUES[q] <= 31]), r

    return max(legal, key=key) == rank


def _likeliest(ways_of: Sequence[int], kept: Sequence[int], holds: int) -> set[tuple[int, ...]]:
    """The :data:`POLICY_CHECKS` rank multisets likeliest by what the opponent kept (ties in
    the order of :data:`~..crib_tables.MULTISETS`)."""
    prior = [(ways * weight, ranks) for ranks, ways, weight in zip(MULTISETS[holds], ways_of, kept) if ways]
    prior.sort(key=lambda x: -x[0])
    return {ranks for _, ranks in prior[:POLICY_CHECKS]}


def _policy_weight(weight: int, ranks: tuple[int, ...], turns: list[TheirTurn]) -> int:
    """``weight`` times how likely the opponent's cards are from a hand with ``ranks`` too, for a
    mixture of two kinds of sensible player, each as likely, one kind playing the whole deal:
    ``standard`` (:func:`standard_plays`) and the expected-value rule (:func:`mean_reply_plays`);
    for each kind :data:`POLICY` for each card it would have played, the two products summed
    (a hand that neither kind explains weighs 2, as an unchecked hand does)."""
    sensible = by_rule = 1
    for pile, count, rank, later, unseen, holds in turns:
        hand = tuple(sorted((rank, *later, *ranks)))
        sees = list(unseen)
        for r in ranks:
            sees[r] -= 1
        seen = tuple(sees)
        if standard_plays(pile, count, hand, seen, holds, rank):
            sensible *= POLICY
        if mean_reply_plays(pile, count, hand, seen, rank):
            by_rule *= POLICY
    return weight * (sensible + by_rule)


def _took_most_weight(weight: int, ranks: tuple[int, ...], history: list[TheirPlay]) -> int:
    """``weight`` times :data:`TOOK_MOST` for each card the opponent played that scored the
    most it could have, holding ``ranks`` too."""
    for pile, room, rank, later in history:
        # Did the opponent take the most it could score with that card? It would have, mostly.
        held = {rank, *later, *ranks}
        if peg(pile, rank) >= max(peg(pile, r) for r in held if (r if r < 10 else 10) <= room):
            weight *= TOOK_MOST
    return weight


def _posterior(
    seen: SeatView, opp: int, counts: list[int], holds: int, plays: bool, policy: bool
) -> tuple[list[tuple[int, ...]], list[int]]:
    """The rank multisets the opponent may hold (``counts``: the possible cards of each rank)
    and the weight of each: its card sets times what it kept times what it played."""
    shown = tuple(c.rank for c in seen.played_by[opp])
    kept = keep_weights(sorted(shown), holds, seen.dealer == opp)
    history = their_plays(seen, opp) if plays and not policy else []
    turns = their_turns(seen, opp) if policy else []
    ways_of = multiset_weights(counts, holds)
    # The likeliest hands by what it kept are checked against both kinds of player's plays.
    checked = _likeliest(ways_of, kept, holds) if turns else set()
    sets, weights = [], []
    for ranks, ways, weight in zip(MULTISETS[holds], ways_of, kept):
        if ways:
            if ranks in checked:
                weight = _policy_weight(weight, ranks, turns)
            elif turns:
                weight *= 2  # as a checked hand that neither kind of player explains
            weight = _took_most_weight(weight, ranks, history)
            sets.append(ranks)
            weights.append(ways * weight)
    return sets, weights


def draws(
    seen: SeatView,
    possible: list[Card],
    holds: int,
    rng: random.Random,
    infer: bool,
    plays: bool = True,
    policy: bool = True,
) -> list[list[Card]]:
    """The opponent hands to search, in order: uniform over ``possible``, or (``infer``, the
    six-card game) drawn from the posterior over the rank multisets it may hold: the card
    sets of each multiset among ``possible``, times how likely the opponent kept the hand
    they make with the cards it has played (:func:`~service.core.computer.keep_model.keep_weights`),
    times the policy's weight (``policy``; else, with ``plays``, the weight of the points it took)."""
    rules = seen.rules
    if not infer or rules.cards_dealt != 6 or rules.discards != 2 or not 1 <= holds <= 4:
        return [rng.sample(possible, holds) for _ in range(MAX_SAMPLES)]
    by_rank: dict[int, list[Card]] = {}
    for card in possible:
        by_rank.setdefault(card.rank, []).append(card)
    counts = [0] * 14
    for rank, cards in by_rank.items():
        counts[rank] = len(cards)
    sets, weights = _posterior(seen, 1 - seen.own_seat, counts, holds, plays, policy)
    out = []
    for ranks in rng.choices(sets, weights=weights, k=MAX_SAMPLES):
        hand: list[Card] = []
        for rank in set(ranks):
            hand += rng.sample(by_rank[rank], ranks.count(rank))
        out.append(hand)
    return out


__all__ = [
    "draws",
    "possible_cards",
    "their_plays",
    "their_turns",
    "standard_plays",
    "mean_reply_plays",
    "POLICY",
    "POLICY_CHECKS",
    "TOOK_MOST",
    "MAX_SAMPLES",
]
