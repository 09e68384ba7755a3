"""The computer player behind ``{type: auto}``: strong enough, and always legal.

**Strength (bounded).** The same seeded games as ``python -m research.strength`` (which
plays 1,000+ per opponent and reports confidence intervals), cut down for CI: the first 100
seeds against the random player and the first 200 against the greedy one
(``tests/players.py`` defines both); the computer must win at least 90% and 50% of them.
Seeds are fixed, so the result is too. Measured when written: 99/100 against random, 116/200
against greedy. Broken players tried against the same thresholds all fail: discarding at
random (78/100, 11/200), the worst discard (15/100, 1/200), counting the crib for the wrong
side (92/200), pegging at random (81/200), always pegging the lowest card (72/200). The
documented long run: ``CRIBBAGE_STRENGTH_GAMES=1000`` plays that many against each
(about half a minute on one core).

**Legality.** Every variant, muggins off and on: games in which some seats play ``{type:
auto}`` through the engine and the others discard and play at random and count sloppily (a
point or two under or over, so a muggins call is often due). At every step, for every seat
that may act, the computer's choice is checked against the rules written out here (the right
number of its own cards; a card it holds that fits under 31; the exact count, by the
reference scorer; a muggins call for exactly the missed points, else accept), it is among
``legal_actions``, and ``{type: auto}`` through the engine does the same thing.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from service.core.computer import play as computer
from service.core.computer.play import apply, new_game
from service.core.game.engine import Action, GameState, legal_actions, may_act
from service.core.game.state import show_order
from service.core.rules import resolve
from tests.support.players import RandomPlayer, strength_game
from tests.support.reference import reference_total

# Games per opponent (the documented long run: CRIBBAGE_STRENGTH_GAMES=1000 sets both), and the
# share the computer must win at least.
GAMES = os.environ.get("CRIBBAGE_STRENGTH_GAMES")
STRENGTH = [
    ("random", int(GAMES or 100), 0.90),
    ("greedy", int(GAMES or 200), 0.50),
]


@pytest.mark.strength
@pytest.mark.parametrize(("opponent", "games", "share"), STRENGTH)
def test_the_computer_beats_the_test_opponents(opponent: str, games: int, share: float) -> None:
    results = [strength_game(opponent, seed) for seed in range(games)]
    assert all(r.computer_seat == r.seed % 2 and r.first_dealer == (r.seed // 2) % 2 for r in results)
    assert {(r.computer_seat, r.first_dealer) for r in results} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    for r in results:  # a finished game to 121: exactly the winner is in the game hole
        assert max(r.scores) == 121 and min(r.scores) < 121 and r.won == (r.scores[0] == 121)
    wins = sum(r.won for r in results)
    assert wins >= share * games, f"the computer won only {wins} of {games} games against {opponent}"


# --- legality ------------------------------------------------------------------------------------

VARIANTS = ["six_card", "five_card", "three_player", "four_player", "four_player_individual"]
CONFIGS = [
    pytest.param(variant, {"muggins": muggins}, id=f"{variant}-muggins-{'on' if muggins else 'off'}")
    for variant in VARIANTS
    for muggins in (False, True)
] + [pytest.param("three_player", {"multi_go_rule": "bicycle_three_hand", "muggins": True}, id="three_player-bicycle")]
GAMES_PER_CONFIG = 8


def true_count(state: GameState) -> int:
    """The count of the hand or crib being shown, by the reference scorer."""
    assert state.starter is not None
    owner, is_crib = show_order(state)[state.show_step]
    cards = state.crib if is_crib else state.hands[owner]
    return reference_total(list(cards), state.starter, crib=is_crib)


class SloppyPlayer(RandomPlayer):
    """Random discards and plays; in the show, claims the true count give or take a point or
    two, and never calls muggins."""

    def __call__(self, state: GameState, seat: int) -> Action:
        if state.phase != "show":
            return super().__call__(state, seat)
        if state.claim is None:
            claimed = min(29, max(0, true_count(state) + self.rng.choice((-2, -1, 0, 0, 1))))
            return Action("count", seat, claimed=claimed)
        return Action("accept", seat)


def pile_count(state: GameState) -> int:
    assert state.play is not None
    return sum(min(card.rank, 10) for card in state.play.pile)


def check_choice(state: GameState, seat: int, action: Action) -> None:
    """``action`` (the computer's, for ``seat``) is legal by the rules written out here."""
    rules = state.rules
    assert action.seat == seat
    if state.phase == "discard":
        assert action.type == "discard"
        assert len(action.cards) == rules.discards == len(set(action.cards))
        assert set(action.cards) <= set(state.hands[seat])
        assert frozenset(action.cards) in {frozenset(a.cards) for a in legal_actions(state, seat)}
        return
    if state.phase == "play":
        assert state.play is not None and state.play.hands is not None
        assert action.type == "play"  # the engine says a forced go itself, so a card always fits
        assert action.card in state.play.hands[seat]
        assert action.card is not None and pile_count(state) + min(action.card.rank, 10) <= 31
        assert action in legal_actions(state, seat)
        return
    assert state.phase == "show" and rules.muggins
    actual = true_count(state)
    if state.claim is None:
        assert action == Action("count", seat, claimed=actual)
    elif state.claim < actual:
        assert action == Action("muggins", seat, points=actual - state.claim)
    else:
        assert action == Action("accept", seat)
    assert action in legal_actions(state, seat)


@pytest.mark.parametrize(("variant", "options"), CONFIGS)
def test_auto_is_always_legal(variant: str, options: dict[str, Any]) -> None:
    rules = resolve(variant, options)
    decisions: set[str] = set()
    for game in range(GAMES_PER_CONFIG):
        randoms = {seat: SloppyPlayer(1000 * game + seat) for seat in range(rules.players) if (seat + game) % 2}
        state, _ = new_game(rules, seed=game)
        while not state.over:
            acting = may_act(state)
            for seat in acting:
                choice = computer.choose(state, seat)
                check_choice(state, seat, choice)
                decisions.add(choice.type)
            seat = acting[0]
            if seat in randoms:
                state, _ = apply(state, randoms[seat](state, seat))
            else:
                expected, _ = apply(state, computer.choose(state, seat))
                state, _ = apply(state, Action("auto", seat))
                # the same move, marked in the log as the computer's
                assert state._replace(log=expected.log) == expected and state.log != expected.log
    wanted = {"discard", "play"} | ({"count", "muggins", "accept"} if rules.muggins else set())
    assert wanted <= decisions, f"not every kind of decision came up: {sorted(decisions)}"
