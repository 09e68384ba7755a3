"""Private by default: no view or event for a seat ever shows a card that seat may not see.

The rule of the table, written here independently of ``service.core.events.VISIBILITY``: a
seat may know its own dealt cards, and the cards that have been shown to everyone: the cards
cut for the deal, the starter once turned, every card played, and the hands and crib laid
down at the show; and in manual counting the dealer turns the crib up to count it, so it
knows the crib from its turn to count it (the table, once it has claimed). Which events reveal cards is listed here by kind (``REVEALING``), not read
from the engine's table. Nothing else: not another seat's hand (a partner's neither), not a
discard to the crib before the crib is shown, not the pack.

Over random playouts of every variant, each step's events are filtered for every seat and a
spectator, and every card anywhere in what they are given (events and view, walked field by
field) must be one that viewer knows at that point.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import random
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.core.cards import Card
from service.core.computer import players
from service.core.computer.play import apply, new_game
from service.core.computer.players import PLAYERS
from service.core.game import events as ev
from service.core.game.engine import Action, legal_actions, may_act
from service.core.game.state import LEVELS, GameState
from service.core.game.views import SeatView, view_with_moves
from service.core.rules import resolve
from tests.support.kinds import core_event_kinds

# Events whose cards everyone at the table sees (the cut, the starter, a card played, a hand shown).
REVEALING = {"cut_for_deal", "starter", "play", "show"}

VARIANTS = [
    ("six_card", {}),
    ("six_card", {"muggins": True}),
    ("five_card", {}),
    ("three_player", {}),
    ("three_player", {"muggins": True}),
    ("four_player", {}),
    ("four_player", {"muggins": True}),
    ("four_player_individual", {}),
    ("six_card", {"fixed_deals": 2}),
]


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere inside a value: dataclass fields, tuples (named ones too), lists,
    sets, dict keys and values."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for part in value:
            yield from cards_in(part)
    elif isinstance(value, dict):
        for key, part in value.items():
            yield from cards_in(key)
            yield from cards_in(part)


def event_kinds() -> list[type[ev.Event]]:
    return sorted(core_event_kinds(), key=lambda kind: kind.__name__)


def test_every_event_kind_has_a_visibility_rule() -> None:
    kinds = event_kinds()
    assert len(kinds) >= 13
    missing = [kind.__name__ for kind in kinds if kind not in ev.VISIBILITY]
    assert not missing, f"event kinds with no visibility rule: {missing}"


def test_an_event_kind_without_a_rule_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Peek(ev.Event):
        kind = "peek"
        card: Card

    with pytest.raises(KeyError):
        ev.visible_to(Peek(Card(1, "S")), 0)


class Table:
    """What each viewer knows so far, kept from the truth as the game goes (per deal)."""

    def __init__(self, players: int) -> None:
        self.viewers: list[int | None] = [None, *range(players)]
        self.known: dict[int | None, set[Card]] = {viewer: set() for viewer in self.viewers}

    def learn(self, event: ev.Event) -> None:
        if isinstance(event, ev.Deal):  # a new deal: hands are new, what was shown stays known
            for seat, hand in enumerate(event.hands):
                self.known[seat] |= set(hand)
        if event.kind in REVEALING:
            public = set(cards_in(event))
            for viewer in self.viewers:
                self.known[viewer] |= public


def counting(state: GameState, viewer: int | None) -> set[Card]:
    """The crib, for the dealer whose turn it is to count it (manual counting: the crib is
    counted last, after every hand, and nothing is claimed on it yet)."""
    counts_crib = state.phase == "show" and not state.over and state.claim is None
    if counts_crib and state.show_step == state.rules.players and viewer == state.dealer:
        return set(state.crib)
    return set()


def check_step(table: Table, state: GameState, numbered: list[ev.Numbered]) -> None:
    happened = [event for _, event in numbered]
    for viewer in table.viewers:
        given = ev.events_for(happened, viewer)
        assert len(given) == len(happened)
        knows = set(table.known[viewer])
        for truth, seen in zip(happened, given):
            assert seen.kind == truth.kind
            if isinstance(truth, ev.Deal) and viewer is not None:
                knows |= set(truth.hands[viewer])
            if truth.kind in REVEALING:
                knows |= set(cards_in(truth))
            leaked = set(cards_in(seen)) - knows
            assert not leaked, (viewer, truth, sorted(leaked))
    for event in happened:
        table.learn(event)
    for viewer in table.viewers:
        shown = view_with_moves(state, viewer)
        leaked = set(cards_in(shown)) - table.known[viewer] - counting(state, viewer)
        assert not leaked, (viewer, state.phase, sorted(leaked))


@pytest.mark.parametrize(
    "variant, options", VARIANTS, ids=[f"{v}{'-' + '-'.join(o) if o else ''}" for v, o in VARIANTS]
)
def test_no_seat_ever_sees_a_card_it_may_not_see(variant: str, options: dict[str, Any]) -> None:
    rules = resolve(variant, options)
    for seed in range(4):
        rng = random.Random(seed)
        state, happened = new_game(rules, seed)
        table = Table(rules.players)
        check_step(table, state, happened)
        steps = 0
        while not state.over and steps < 400:
            seat = rng.choice(may_act(state))
            action = Action("auto", seat) if rng.random() < 0.3 else rng.choice(legal_actions(state, seat))
            state, happened = apply(state, action)
            check_step(table, state, happened)
            steps += 1


def test_the_check_catches_a_leak() -> None:
    """A rule that let a discard through to everyone is caught by the same check."""
    rules = resolve("six_card")
    state, happened = new_game(rules, 3, dealer=0)
    table = Table(rules.players)
    check_step(table, state, happened)
    state, happened = apply(state, legal_actions(state, 1)[0])
    original = ev.VISIBILITY[ev.Discard]
    ev.VISIBILITY[ev.Discard] = ev.public
    try:
        with pytest.raises(AssertionError):
            check_step(table, state, happened)
    finally:
        ev.VISIBILITY[ev.Discard] = original


# --- the computer sees what a client sees --------------------------------------------------------

PLAYER_MODULES = Path(__file__).resolve().parents[3] / "service" / "core" / "computer" / "players"


def test_every_level_decides_from_the_view_a_client_gets() -> None:
    """Each level's player takes the seat view (the type the API encodes for a client), and
    ``players.choose`` hands it exactly the view of that seat, whatever the level."""
    for level, player in PLAYERS.items():
        parameters = list(inspect.signature(player).parameters)
        assert typing.get_type_hints(player)[parameters[0]] is SeatView, level
    rules = resolve("four_player", {"muggins": True, "target": 61})
    state, _ = new_game(rules, 5)
    given: list[object] = []
    rng = random.Random(5)
    while not state.over:
        seat = may_act(state)[0]
        level = LEVELS[rng.randrange(len(LEVELS))]
        with pytest.MonkeyPatch.context() as patch:
            patch.setitem(PLAYERS, level, lambda seen, player=PLAYERS[level]: given.append(seen) or player(seen))
            action = players.choose(state, seat, level)
        assert type(given[-1]) is SeatView and given[-1] == view_with_moves(state, seat).view
        state, _ = apply(state, action)
    assert len(given) > 50


def test_no_player_module_can_read_a_game_state() -> None:
    """Only the dispatch (``players/__init__``) holds a state, to build the view: the players
    import nothing that reads one (the state, the engine, its record or its token)."""
    reads_state = {"state", "engine", "record", "codec", "phases", "invariants", "chance"}
    modules = sorted(path for path in PLAYER_MODULES.glob("*.py") if path.name != "__init__.py")
    assert {path.stem for path in modules} >= {"easy", "standard", "hard", "search", "opponent"}
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                assert not ("game" in parts and set(parts) & reads_state), (path.name, node.module)


def test_in_manual_counting_only_the_owner_sees_what_it_is_to_count() -> None:
    """The hand or crib to count now is in its owner's view (the crib too, laid face up to be
    counted), and in no one else's until it is claimed."""
    rules = resolve("six_card", {"muggins": True})
    state, _ = new_game(rules, 3)
    cribs = hands = 0
    while not state.over:
        if state.phase == "show" and state.claim is None:
            owner = state.dealer if state.show_step == rules.players else (state.dealer + 1 + state.show_step) % 2
            cards = state.crib if state.show_step == rules.players else state.hands[owner]
            for viewer in (None, 0, 1):
                counting = view_with_moves(state, viewer).view.counting
                if viewer == owner:
                    assert counting is not None and counting.seat == owner
                    assert counting.crib == (state.show_step == rules.players) and counting.cards == cards
                else:
                    assert counting is None
            cribs += state.show_step == rules.players
            hands += state.show_step < rules.players
        state, _ = apply(state, Action("auto", may_act(state)[0]))
    assert cribs >= 2 and hands >= 4
