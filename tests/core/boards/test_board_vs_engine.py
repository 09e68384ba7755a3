"""The scoreboard against the game engine: feeding the engine's own score events for a random
game into a board, one score at a time, gives the same winner, pegs and skunk as the engine.

The two share the outcome rules but not the bookkeeping: the board keeps its own counting
order, dealer rotation and peg-out, so this checks that a game played with real cards and
pegged on the board ends exactly as the engine's game does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.boards.board import Board, new_board, peg
from service.core.computer.play import apply, new_game
from service.core.game.engine import current_player, is_terminal, legal_actions, winner
from service.core.rules import resolve
from tests.support.wire import outcome_dict, wire

# The engine's score kinds, as a board pegs them. Three for last is pegged by the board
# itself (at the start of the game, or of each deal), so it is checked, not fed.
BOARD_KIND = {"play": "pegging", "go": "go", "last_card": "last_card", "heels": "heels", "hand": "hand", "crib": "crib"}

VARIANTS = st.sampled_from(
    [
        ("six_card", {}),
        ("six_card", {"target": 61}),
        ("five_card", {}),
        ("five_card", {"three_for_last": "every_deal"}),
        ("three_player", {}),
        ("four_player", {}),
        ("four_player_individual", {"target": 61}),
        ("six_card", {"fixed_deals": 4}),
        ("three_player", {"fixed_deals": 3, "game_point_scheme": "match_1_2_4"}),
    ]
)


def play_random_game(variant: str, options: dict[str, Any], seed: int, dealer: int):
    rules = resolve(variant, options)
    dealer %= rules.players
    state, events = new_game(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    log = wire(events)
    while not is_terminal(state):
        state, events = apply(state, rng.choice(legal_actions(state, current_player(state))))
        log += wire(events)
    return rules, dealer, state, log


def feed(board: Board, events: list[dict[str, Any]]) -> Board:
    for event in events:
        if event["type"] == "deal":
            assert board.dealer == event["dealer"] and board.deal == event["deal"]
        if event["type"] != "score":
            continue
        if event["kind"] == "three_for_last":
            side = event["side"]
            assert board.pegs[side].front >= 3  # the board pegged it already
            continue
        kind = BOARD_KIND[event["kind"]]
        update = peg(board, event["side"], event["points"], kind)
        board = update.board
        # the move this score made (a crib may be followed by the next deal's three for last)
        moved = [(m.side, m.points, m.front, m.back) for m in update.moves if m.kind == kind]
        if event["points"]:
            assert moved == [(event["side"], event["points"], event["front"], event["back"])]
        else:
            assert moved == []
    return board


@pytest.mark.playouts
@given(variant=VARIANTS, seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_a_board_fed_the_engines_events_ends_as_the_engine_does(variant, seed, dealer):
    rules, dealer, state, log = play_random_game(*variant, seed, dealer)
    board = feed(new_board(rules, dealer).board, log)
    assert board.over
    assert board.winner == winner(state)
    assert [p.front for p in board.pegs] == list(state.scores)
    assert [p.back for p in board.pegs] == list(state.backs)
    game_over = [e for e in log if e["type"] == "game_over"]
    assert len(game_over) == 1
    assert board.outcome is not None
    assert outcome_dict(board.outcome) == game_over[0]["outcome"]
    assert board.outcome.skunk == game_over[0]["outcome"]["skunk"]
