"""``events_since`` replays only from the deal a seat's missed moves began in, and answers exactly
what the whole replay answers.

The reference is the former algorithm, written here from :func:`~service.core.game.record.replay`
(the whole game from its seed): every event numbered above ``since_move``, as the seat may see it.
Over random games of every variant (three for last every deal, manual counting, short targets,
fixed deals, concessions), at several positions of each, every ``since_move`` from -1 to the
position's move and every viewer get the same events; a state sealed before the deal starts were
kept (none in it) gets them too, from the whole replay; a deal start that does not replay to the
state is refused.
"""

from __future__ import annotations

import random

import pytest

from service.core.errors import InvalidState
from service.core.game.actions import Action
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import apply, legal_actions, may_act, new_game
from service.core.game.events import Numbered, numbered, numbered_for
from service.core.game.record import events_since, replay
from service.core.game.state import DealStart, GameState
from service.core.rules import resolve

VARIANTS = ("six_card", "five_card", "three_player", "four_player", "four_player_individual")


def whole_replay(state: GameState, seat: int | None) -> tuple[Numbered, ...]:
    """Every event of the game so far from its opening (the former ``events_since(state, seat, -1)``)."""
    opening, steps = replay(state)
    happened = numbered(0, opening)
    for recorded, events in steps:
        happened += numbered(recorded.move, events)
    return tuple(numbered_for(happened, seat))


def options(rng: random.Random) -> dict[str, object]:
    chosen: dict[str, object] = {}
    if rng.random() < 0.4:
        chosen["muggins"] = True
    if rng.random() < 0.3:
        chosen["three_for_last"] = "every_deal"
    if rng.random() < 0.2:
        chosen["fixed_deals"] = rng.randint(1, 2)  # per seat (every seat deals as often)
    else:
        chosen["target"] = rng.choice([31, 61, 121])
    if rng.random() < 0.2:
        chosen["heels_can_peg_out"] = False
    return chosen


def positions_of(variant: str, seed: int) -> list[GameState]:
    """A random game's states: a few along the way, and its last (conceded now and then)."""
    rng = random.Random(seed)
    chosen = options(rng)
    if "fixed_deals" in chosen:
        chosen["fixed_deals"] = int(str(chosen["fixed_deals"])) * resolve(variant).players
    rules = resolve(variant, chosen)
    state, _ = new_game(rules, seed, dealer=rng.randrange(rules.players))
    kept: list[GameState] = []
    concede_at = rng.randint(5, 80) if rng.random() < 0.15 else None
    while not state.over:
        if state.moves == concede_at:
            state, _ = apply(state, Action("concede", rng.randrange(state.rules.players)))
            break
        seat = rng.choice(may_act(state))
        legal = legal_actions(state, seat)
        if legal[0].type == "count" and rng.random() < 0.8:
            action = next(a for a in legal if a.claimed == 0) if rng.random() < 0.1 else rng.choice(legal[:30])
        else:
            action = rng.choice(legal)
        state, _ = apply(state, action)
        if rng.random() < 0.03:
            kept.append(state)
    return [*kept, state]


@pytest.mark.parametrize("seed", range(10))
def test_the_events_since_any_move_are_the_whole_replays(seed: int) -> None:
    variant = VARIANTS[seed % len(VARIANTS)]
    viewer = random.Random(seed)
    for state in positions_of(variant, seed)[-2:]:  # one along the way (most games), and the last
        assert decode_state(encode_state(state)) == state  # the deal starts go through the token
        every = {seat: whole_replay(state, seat) for seat in (None, *range(state.rules.players))}
        old_token = state._replace(deal_starts=())  # sealed before they were kept
        for move in range(-1, state.moves + 1):
            seat = viewer.choice(list(every))  # a spectator or a seat, one per move
            expected = tuple(event for event in every[seat] if event.move > move)
            assert events_since(state, seat, move) == expected, (variant, seed, seat, move)
            if move > state.moves - 3:
                assert events_since(old_token, seat, move) == expected


def test_a_game_keeps_where_its_deal_and_the_one_before_began() -> None:
    rules = resolve("six_card", {"three_for_last": "every_deal"})
    state, _ = new_game(rules, 3, dealer=0)
    assert state.deal_starts == ()  # the first deal begins with the game
    pegs_before = state.scores
    while state.deal_no < 3:
        before = state
        state, _ = apply(state, legal_actions(state, may_act(state)[0])[0])
        if state.deal_no != before.deal_no:
            begun = state.deal_starts[-1]
            assert begun.deal == state.deal_no and begun.moves == state.moves
            # the pone pegged three for last as the deal began: the start is after it
            pone_side = (state.dealer + 1) % 2
            assert begun.scores[pone_side] >= 3 and begun.scores[pone_side] - begun.backs[pone_side] == 3
            pegs_before = begun.scores
    assert [begun.deal for begun in state.deal_starts] == [2, 3]
    assert pegs_before == state.deal_starts[-1].scores


def test_a_game_begun_before_the_deal_starts_were_kept_plays_on_and_replays() -> None:
    """A token sealed before the deal starts were kept, in deal 2, played on into deal 3, then 4: it keeps only the
    starts of the deals begun since, and every since_move is still the whole replay's."""
    rules = resolve("six_card")
    state, _ = new_game(rules, 21, dealer=1)
    while state.deal_no < 2:
        state, _ = apply(state, legal_actions(state, may_act(state)[0])[0])
    state = state._replace(deal_starts=())  # as such a token opens
    for deal in (3, 4):
        while state.deal_no < deal:
            state, _ = apply(state, legal_actions(state, may_act(state)[0])[-1])
        assert [begun.deal for begun in state.deal_starts] == list(range(3, deal + 1))
        every = whole_replay(state, 0)
        for move in range(-1, state.moves + 1):
            assert events_since(state, 0, move) == tuple(event for event in every if event.move > move)


def test_a_deal_start_that_does_not_replay_is_refused() -> None:
    seed = 1
    state = positions_of("six_card", seed)[-1]
    while len(state.deal_starts) < 2 or state.deal_starts[-1].moves == state.moves:
        seed += 5
        state = positions_of("six_card", seed)[-1]
    last = state.deal_starts[-1]
    moved = DealStart(last.deal, last.moves, tuple(score + 1 for score in last.scores), last.backs)
    forged = state._replace(deal_starts=(state.deal_starts[0], moved))
    with pytest.raises(InvalidState, match="does not replay"):
        events_since(forged, None, last.moves)
