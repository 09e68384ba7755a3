"""The computer player behind ``{type: auto}``: strong enough, and always legal.

**Strength (bounded).** The same seeded games as ``python -m benchmarks.strength`` (which
plays 1,000+ per opponent and reports confidence intervals), cut down for CI: the first 100
seeds against the random player and the first 200 against the greedy one
(``tests/players.py`` defines both). Seeds are fixed, so the result is too; the thresholds
leave room and still catch a broken player. Measured when written: 99/100 against random,
116/200 against greedy. Broken players tried against the same thresholds: discarding at
random 78/100 and 11/200, the worst discard 15/100 and 1/200, counting the crib for the wrong
side 92/200, pegging at random 81/200, always pegging the lowest card 72/200; each fails.

**Legality.** Every variant, muggins off and on: games in which some seats play ``{type:
auto}`` through the engine and the others play at random (so claims are often wrong and a
muggins call is due). At every step, for every seat that may act, the computer's choice is
checked against the rules written out here (the right number of its own cards; a card it
holds that fits under 31; the exact count, by the reference scorer; a muggins call for
exactly the missed points, else accept), it is among ``legal_actions``, and ``{type: auto}``
through the engine does the same thing.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.core import computer
from service.core.engine import Action, apply, legal_actions, may_act, new_game
from service.core.game_state import GameState, show_order
from service.core.rules import resolve
from tests.players import RandomPlayer, strength_game
from tests.reference import reference_total

# (opponent, games, the computer must win at least)
STRENGTH = [("random", 100, 90), ("greedy", 200, 100)]


@pytest.mark.parametrize(("opponent", "games", "at_least"), STRENGTH)
def test_the_computer_beats_the_test_opponents(opponent: str, games: int, at_least: int) -> None:
    results = [strength_game(opponent, seed) for seed in range(games)]
    assert all(r.computer_seat == r.seed % 2 and r.first_dealer == (r.seed // 2) % 2 for r in results)
    assert {(r.computer_seat, r.first_dealer) for r in results} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    for r in results:  # a finished game to 121: exactly the winner is in the game hole
        assert max(r.scores) == 121 and min(r.scores) < 121 and r.won == (r.scores[0] == 121)
    wins = sum(r.won for r in results)
    assert wins >= at_least, f"the computer won only {wins} of {games} games against {opponent}"


# --- legality ------------------------------------------------------------------------------------

VARIANTS = ["six_card", "five_card", "three_player", "four_player", "four_player_individual"]
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    (variant, {"muggins": muggins}) for variant in VARIANTS for muggins in (False, True)
] + [("three_player", {"multi_go_rule": "bicycle_three_hand", "muggins": True})]
GAMES_PER_CONFIG = 4


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
    assert state.phase == "show" and rules.muggins and state.starter is not None
    owner, is_crib = show_order(state)[state.show_step]
    cards = state.crib if is_crib else state.hands[owner]
    actual = reference_total(list(cards), state.starter, crib=is_crib)
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
        randoms = {seat: RandomPlayer(1000 * game + seat) for seat in range(rules.players) if (seat + game) % 2}
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
                assert state == expected
    wanted = {"discard", "play"} | ({"count", "muggins", "accept"} if rules.muggins else set())
    assert wanted <= decisions, f"not every kind of decision came up: {sorted(decisions)}"
