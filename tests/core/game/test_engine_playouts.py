"""Random playouts of every variant (OpenSpiel's ``random_sim_test``), checked at every step.

Each game starts from a random seed and takes random legal actions (the seat that acts is
random too while several may discard). At every step: the 52 cards are each in exactly one
place, no score falls, the count never passes 31, every legal action verifies, an illegal one
is refused with the legal actions attached, the state survives ``encode_state``/JSON/``decode_state``
unchanged; at the end exactly one side sits at the target (or, with fixed deals, the highest
total wins or it is a draw) and the record replays to the same state.

CI plays ``CRIBBAGE_PLAYOUTS`` games per variant (250 by default). The documented long run:
``CRIBBAGE_PLAYOUTS=10000 .venv/bin/python -m pytest -p no:cacheprovider tests/core/game/test_engine_playouts.py``.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core.cards import DECK, Card
from service.core.computer.play import apply, new_game
from service.core.errors import CribbageError
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import Action, legal_actions, may_act, verify
from service.core.game.events import numbered_for
from service.core.game.record import record
from service.core.game.state import GameState, deal_cards
from service.core.game.views import view
from service.core.rules import Rules, resolve
from tests.support.wire import view_dict, wire

GAMES = int(os.environ.get("CRIBBAGE_PLAYOUTS", "250"))
VARIANTS = [
    ("six_card", {}),
    ("five_card", {}),
    ("three_player", {}),
    ("four_player", {}),
]
# Options and the less common variants: fewer games each, same checks.
EXTRAS = [
    ("four_player_individual", {}),
    ("six_card", {"muggins": True}),
    ("four_player", {"muggins": True, "overclaim_policy": "correct_and_award_excess"}),
    ("three_player", {"multi_go_rule": "bicycle_three_hand"}),
    ("six_card", {"target": 31}),
    ("five_card", {"three_for_last": "every_deal", "crib_flush": "four_or_five"}),
    ("six_card", {"fixed_deals": 4}),
    ("three_player", {"fixed_deals": 3, "muggins": True}),
]
EXTRA_GAMES = max(25, GAMES // 10)


def places(state: GameState) -> list[Card]:
    """Every card's place, gathered from the state's parts: what each seat holds now, the cards
    played, the crib, the starter once turned, and the undealt rest of the pack."""
    rules = state.rules
    dealt = rules.players * rules.cards_dealt + rules.crib_from_deck
    holding = state.play.hands if state.play is not None and state.play.hands is not None else state.hands
    played = list(state.play.played) if state.play is not None else []
    starter = [state.starter] if state.starter is not None else []
    pack = [c for c in state.deck[dealt:] if c not in starter]
    return [c for hand in holding for c in hand] + played + list(state.crib) + starter + pack


def an_illegal_action(state: GameState, rng: random.Random) -> Action:
    """Something the rules forbid right now."""
    rules = state.rules
    acting = may_act(state)
    idle = [s for s in range(rules.players) if s not in acting]
    if idle and rng.random() < 0.3:
        return Action("auto", rng.choice(idle))
    seat = acting[0]
    if state.phase == "discard":
        hand = state.hands[seat]
        if rng.random() < 0.5:
            return Action("discard", seat, cards=hand[: rules.discards + 1])  # one card too many
        stranger = next(c for c in DECK if c not in hand)
        return Action("discard", seat, cards=(stranger, *hand[: rules.discards - 1]))
    if state.phase == "play":
        assert state.play is not None and state.play.hands is not None
        choice = rng.random()
        if choice < 0.3:
            return Action("go", seat)  # the seat to play can always play (forced goes are automatic)
        if choice < 0.6:
            return Action("count", seat, claimed=3)
        too_big = [c for c in state.play.hands[seat] if c.value + state.play.count > 31]
        if too_big:
            return Action("play", seat, card=too_big[0])
        return Action("play", seat, card=next(c for c in DECK if c not in state.play.hands[seat]))
    if state.claim is None:
        return Action("accept", seat)
    return Action("discard", seat, cards=state.hands[seat][:1])


def playout(rules: Rules, seed: int, chooser: int, *, auto: float = 0.0) -> GameState:
    rng = random.Random(chooser)
    state, _ = new_game(rules, seed)
    previous = state
    steps = 0
    while not state.over:
        counts = Counter(places(state))
        assert len(counts) == 52 and set(counts.values()) == {1}, "a card is missing or in two places"
        assert state.play is None or state.play.count <= 31
        seat = rng.choice(may_act(state))
        legal = legal_actions(state, seat)
        assert legal and legal == sorted(legal, key=Action.sort_key)
        for action in legal:
            assert verify(state, action) == action
        bad = an_illegal_action(state, rng)
        with pytest.raises(CribbageError) as refused:
            verify(state, bad)
        assert "legal_actions" in refused.value.extra
        action = Action("auto", seat) if rng.random() < auto else rng.choice(legal)
        state, events = apply(state, action)
        assert events or state.phase == "show"
        for side, (before, after) in enumerate(zip(previous.scores, state.scores)):
            assert after >= before, f"side {side}'s score fell"
            assert state.backs[side] <= after
        assert decode_state(encode_state(state)) == state
        assert decode_state(json.loads(json.dumps(encode_state(state)))) == state
        previous = state
        steps += 1
        assert steps < 5000
    final = state.scores
    if rules.fixed_deals is None:
        assert [s for s in final if s >= rules.target] == [rules.target]
        assert state.winner == final.index(rules.target) and not state.draw
    else:
        best = max(final)
        assert state.deal_no == rules.fixed_deals
        assert state.draw == (final.count(best) > 1)
        assert state.draw or final[state.winner] == best  # type: ignore[index]
    assert legal_actions(state) == []
    return state


@pytest.mark.playouts
@pytest.mark.parametrize("variant, options", VARIANTS, ids=[v for v, _ in VARIANTS])
def test_random_playouts(variant: str, options: dict[str, Any]) -> None:
    rules = resolve(variant, options)

    @settings(
        max_examples=GAMES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(seed=st.integers(0, 2**63 - 1), chooser=st.integers(0, 2**32))
    def run(seed: int, chooser: int) -> None:
        state = playout(rules, seed, chooser)
        if chooser % 25 == 0:
            assert record(state).outcome.winner == state.winner

    run()


@pytest.mark.playouts
@pytest.mark.parametrize("variant, options", EXTRAS, ids=[f"{v}-{'-'.join(o)}" for v, o in EXTRAS])
def test_random_playouts_with_options(variant: str, options: dict[str, Any]) -> None:
    rules = resolve(variant, options)

    @settings(
        max_examples=EXTRA_GAMES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(seed=st.integers(0, 2**63 - 1), chooser=st.integers(0, 2**32))
    def run(seed: int, chooser: int) -> None:
        playout(rules, seed, chooser)

    run()


@pytest.mark.parametrize("variant", ["six_card", "five_card", "three_player", "four_player"])
def test_the_computer_player_finishes_games(variant: str) -> None:
    """Games where most moves are ``auto``: every choice it makes is legal."""
    for seed in range(8):
        playout(resolve(variant, {"muggins": seed % 2 == 1}), seed, seed, auto=0.8)


def known_to(state: GameState, seat: int | None) -> set[str]:
    """The cards ``seat`` may know of: its own dealt cards, the cards played this deal, the
    starter once cut, and the hands (and crib) shown so far. Everything else is hidden."""
    known = {str(c) for c in (state.play.played if state.play is not None else ())}
    if state.starter is not None:
        known.add(str(state.starter))
    known |= {c for entry in view_dict(view(state, seat))["shown"] for c in entry["cards"]}
    if seat is not None:
        known |= {str(c) for c in deal_cards(state.rules, state.deck, state.dealer)[seat]}
    return known


def check_events(events: list[dict[str, Any]], seat: int | None, state: GameState) -> None:
    for event in events:
        if event["type"] == "deal":
            assert "hands" not in event
            assert ("hand" in event) == (seat is not None)
        if event["type"] == "discard" and event["seat"] != seat:
            assert "cards" not in event


@pytest.mark.parametrize("variant", ["six_card", "three_player", "four_player"])
def test_views_and_events_never_show_hidden_cards(variant: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state, events = new_game(resolve(variant, {"muggins": seed % 2 == 0}), seed)
        while not state.over:
            for seat in [None, *range(state.rules.players)]:
                hidden = {str(c) for c in DECK} - known_to(state, seat)
                seen = json.dumps(view_dict(view(state, seat)))
                assert not {card for card in hidden if f'"{card}"' in seen}, (seat, state.phase)
                check_events(wire(numbered_for(events, seat)), seat, state)
            seat = rng.choice(may_act(state))
            state, events = apply(state, rng.choice(legal_actions(state, seat)))
