"""Paired deals: two players' point balance per deal, each dealing the same cards once.

``tests/strength/test_ladder.py`` (``hard`` against ``standard`` over 1,000 deals) and ``python -m
research.duel`` (any two players, from any scores) play exactly these deals. Deal ``s`` is
dealt twice with the same cards, the first-named player the dealer and then the pone; its
balance is its points less the other's over both deals, halved, so where the two play alike
it is exactly 0 and the spread comes only from where they differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool

from service.core.computer.play import apply, new_game
from service.core.game.engine import may_act
from service.core.game.events import Score
from service.core.rules import Rules, resolve
from tests.support.ladder import MakePlayer, make_player
from tests.support.players import Player


@dataclass(frozen=True)
class Deal:
    """One deal's points (play, show) for the dealer and the pone."""

    dealer: tuple[int, int]
    pone: tuple[int, int]


def play_deal(dealer: Player, pone: Player, rules: Rules, seed: int, scores: tuple[int, int]) -> Deal:
    """Deal ``seed`` with seat 0 dealing, from ``scores`` (dealer's, pone's), to its end."""
    state, _ = new_game(rules, seed, 0)
    state = state._replace(scores=scores)
    seats = (dealer, pone)
    start = scores
    shown = [0, 0]
    while not state.over and state.deal_no == 1:
        acting = may_act(state)[0]
        state, events = apply(state, seats[acting](state, acting))
        for event in events:
            if isinstance(event, Score) and event.score_kind in ("hand", "crib"):
                shown[event.side] += event.points
    end = state.scores
    return Deal((end[0] - start[0] - shown[0], shown[0]), (end[1] - start[1] - shown[1], shown[1]))


def _pair(job: tuple[str | Player, str | Player, int, tuple[int, int], str, MakePlayer]) -> tuple[Deal, Deal]:
    a, b, seed, scores, variant, make = job
    return duel(a, b, 1, first_seed=seed, scores=scores, variant=variant, make=make)[0]


def duel(
    a: str | Player,
    b: str | Player,
    deals: int,
    *,
    first_seed: int = 0,
    scores: tuple[int, int] = (0, 0),
    variant: str = "six_card",
    workers: int = 1,
    make: MakePlayer = make_player,
) -> list[tuple[Deal, Deal]]:
    """Per seed: (``a`` dealing to ``b``, ``b`` dealing to ``a``). A player is a name (as
    ``make`` takes) or a player itself (a module-level function, which a process can be sent);
    the deals may be spread over ``workers`` processes (the result does not depend on how many)."""
    if workers > 1:
        jobs = [(a, b, seed, scores, variant, make) for seed in range(first_seed, first_seed + deals)]
        with Pool(workers) as pool:
            return list(pool.imap(_pair, jobs, chunksize=8))
    rules = resolve(variant)
    out = []
    for seed in range(first_seed, first_seed + deals):
        first = make(a, 2 * seed) if isinstance(a, str) else a
        second = make(b, 2 * seed + 1) if isinstance(b, str) else b
        out.append((play_deal(first, second, rules, seed, scores), play_deal(second, first, rules, seed, scores)))
    return out


def balances(pairs: Sequence[tuple[Deal, Deal]], part: Sequence[int] = (0, 1)) -> list[float]:
    """The first-named player's balance per deal of each pair (half the pair's), over ``part``
    (0: the play, 1: the show)."""
    return [
        sum((first.dealer[k] - first.pone[k]) + (second.pone[k] - second.dealer[k]) for k in part) / 2
        for first, second in pairs
    ]
