"""The outside population (``tests/support/population.py``), bounded for the long tier.

* Its two play engines agree with independent ones: the Monte Carlo player's exact solver
  (:func:`tests.support.population.solve`, both hands open, both sides at their best) with the
  service's exact solver on 150 random deals of two four-card hands, and its greedy play-out
  with the hints' pegging simulation on 1,000. Written apart, they would not agree by chance.
* Every player of the population plays whole games legally (each move among the engine's
  ``legal_actions``), and the same seed gives the same game.

The table itself (every level against each, paired deals, intervals) is ``python -m
research.population``'s (docs/strength.md), not a test: a few points of win rate need
thousands of games.
"""

from __future__ import annotations

import random

import pytest

from service.core.computer.coach_pegging import simulate
from service.core.computer.play import apply, new_game
from service.core.computer.players.search import _Plain
from service.core.game.engine import legal_actions, may_act
from service.core.rules import resolve
from tests.support.population import POPULATION, greedy_balance, make_player, solve

DECK_RANKS = [rank for rank in range(1, 14) for _ in range(4)]


def random_deals(seed: int, deals: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``deals`` seeded pairs of four-card rank hands (the pone's, the dealer's) from one pack."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        cards = rng.sample(DECK_RANKS, 8)
        out.append((tuple(sorted(cards[:4])), tuple(sorted(cards[4:]))))
    return out


@pytest.mark.strength
def test_the_monte_carlo_solver_agrees_with_the_services_exact_play() -> None:
    for pone, dealer in random_deals(27, 150):
        expected = _Plain(False)._node((), 0, pone, dealer, 0, False, False, None)
        assert solve((), 0, (pone, dealer), 0, {}) == expected, (pone, dealer)


@pytest.mark.strength
def test_the_greedy_play_out_agrees_with_the_hints_simulation() -> None:
    for pone, dealer in random_deals(28, 1000):
        points = simulate([pone, dealer], 0, False)
        assert greedy_balance(pone, dealer) == points[0] - points[1], (pone, dealer)


@pytest.mark.strength
@pytest.mark.parametrize("name", POPULATION)
def test_each_outside_player_plays_legally_and_reproducibly(name: str) -> None:
    rules = resolve("six_card", {"muggins": True})
    finals = []
    for _ in range(2):
        players = [make_player(name, 5), make_player("standard", 6)]
        state, _ = new_game(rules, 3, 0)
        while not state.over:
            seat = may_act(state)[0]
            action = players[seat](state, seat)
            assert action in legal_actions(state, seat)
            state, _ = apply(state, action)
        finals.append(state)
    assert finals[0] == finals[1]
