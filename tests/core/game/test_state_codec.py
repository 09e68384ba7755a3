"""The token codec (the state's dict form inside the seal): small, versioned, and refused unless every invariant holds."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.computer.play import apply, new_game
from service.core.errors import InvalidState
from service.core.game.codec import cards_from_letters, decode_state, encode_state, letters
from service.core.game.engine import Action, arrange_deck, current_player
from service.core.game.invariants import check_state
from service.core.game.state import GameState
from service.core.rules import resolve


def in_play() -> GameState:
    """Six-card, dealer 1: pone KS 4D 6C 7H, dealer QH 5C 8S 9D (P12), two cards played."""
    rules = resolve("six_card")
    hands = [parse_cards("KS 4D 6C 7H AS 2S"), parse_cards("QH 5C 8S 9D AH 2H")]
    state, _ = new_game(rules, 9, dealer=1, deck=arrange_deck(rules, 1, hands, parse_card("3D")))
    state, _ = apply(state, Action("discard", 0, cards=parse_cards("AS 2S")))
    state, _ = apply(state, Action("discard", 1, cards=parse_cards("AH 2H")))
    for card in ("KS", "QH"):
        state, _ = apply(state, Action("play", current_player(state) or 0, card=parse_card(card)))
    return state


def test_round_trip_at_every_phase() -> None:
    state, _ = new_game(resolve("four_player", {"muggins": True}), 77)
    seen = set()
    while not state.over:
        data = encode_state(state)
        assert decode_state(json.loads(json.dumps(data))) == state
        seen.add(state.phase)
        state, _ = apply(state, Action("auto", current_player(state) or 0))
    assert decode_state(encode_state(state)) == state
    assert seen == {"discard", "play", "show"}


def test_the_dict_is_small_and_names_no_card() -> None:
    state = in_play()
    data = encode_state(state)
    text = json.dumps(data, separators=(",", ":"))
    assert len(text) < 400
    for card in ("KS", "QH", "4D", "5C", "10H"):
        assert f'"{card}"' not in text  # cards travel as single letters, and only inside the sealed token
    assert data["v"] == 2 and data["r"] == {"n": "six_card"}


def test_letters_cover_the_deck_both_ways() -> None:
    deck = parse_cards("AC AD AH AS 2C KS 10H JD")
    assert cards_from_letters(letters(deck)) == deck
    assert letters(parse_cards("AC KS")) == "aZ"
    with pytest.raises(InvalidState):
        cards_from_letters("a1")


def test_rules_options_survive() -> None:
    rules = resolve("three_player", {"target": 61, "muggins": True, "multi_go_rule": "bicycle_three_hand"})
    state, _ = new_game(rules, 3)
    data = encode_state(state)
    assert data["r"]["o"]["target"] == 61 and decode_state(data).rules == rules


def broken(change: Any) -> dict[str, Any]:
    data = encode_state(in_play())
    change(data)
    return data


@pytest.mark.parametrize(
    "name, change",
    [
        ("version", lambda d: d.update(v=3)),
        ("not an object", None),
        ("unknown variant", lambda d: d.update(r={"n": "bridge"})),
        ("bad option", lambda d: d.update(r={"n": "six_card", "o": {"target": -5}})),
        ("unknown option", lambda d: d.update(r={"n": "six_card", "o": {"colour": "red"}})),
        ("a card twice in the deck", lambda d: d.update(k=d["k"][:-1] + d["k"][0])),
        ("a short deck", lambda d: d.update(k=d["k"][:51])),
        ("not a card", lambda d: d.update(k=d["k"][:-1] + "?")),
        ("discard not dealt", lambda d: d["x"].__setitem__(0, d["k"][-2:])),
        ("discard of one card", lambda d: d["x"].__setitem__(0, d["x"][0][:1])),
        ("a played card not held", lambda d: d.update(y=d["y"] + d["k"][-1])),
        ("a card played twice", lambda d: d.update(y=d["y"][0] * 2)),
        ("pile longer than played", lambda d: d.update(l=5)),
        ("turn to a seat that does not exist", lambda d: d.update(u=2)),
        ("turn to the seat that just played", lambda d: d.update(u=1 - d["u"])),
        ("dealer out of turn", lambda d: d.update(d=0)),
        ("scores over the target", lambda d: d.update(sc=[121, 3], bk=[100, 3])),
        ("back peg ahead", lambda d: d.update(bk=[5, 0])),
        ("a winner below the target", lambda d: d.update(win=0)),
        ("negative score", lambda d: d.update(sc=[-1, 0])),
        ("no starter after the cut", lambda d: d.pop("t")),
        ("a show step in the play", lambda d: d.update(p=2)),
        ("missing discards", lambda d: d.update(x=["", ""])),
        ("seed not a number", lambda d: d.update(s="x")),
        ("draw in a target game", lambda d: d.update(dr=1)),
    ],
)
def test_invariants_are_checked(name: str, change: Any) -> None:
    data: Any = [] if change is None else broken(change)
    with pytest.raises(InvalidState):
        decode_state(data)


def test_a_count_past_31_is_refused() -> None:
    state = in_play()
    assert state.play is not None
    # K, Q then 4, 5 make 29; claim a pile of all four plus the 6 (35): not a state a game reaches.
    data = encode_state(state)
    letters_played = data["y"] + letters(parse_cards("4D 5C 6C"))
    data.update(y=letters_played, l=5, u=1, a=0)
    with pytest.raises(InvalidState):
        decode_state(data)


def test_check_state_catches_a_state_built_wrong() -> None:
    state = in_play()
    with pytest.raises(InvalidState):
        check_state(state._replace(hands=(state.hands[1], state.hands[0])))
    with pytest.raises(InvalidState):
        check_state(state._replace(phase="discard"))
    with pytest.raises(InvalidState):
        check_state(state._replace(starter=parse_card("AC")))


def test_a_token_of_the_first_version_is_refused() -> None:
    # Version 1 states (before game ids, move counts and computer seats) are no longer read.
    data = encode_state(in_play())
    data["v"] = 1
    with pytest.raises(InvalidState, match="version"):
        decode_state(data)


def test_game_id_moves_and_computer_seats_survive() -> None:
    rules = resolve("three_player")
    state, _ = new_game(rules, 5, dealer=0, game_id="abc-123", computer=[None, "standard", "standard"])
    assert state.moves >= 2  # the computer's seats discarded already
    assert decode_state(json.loads(json.dumps(encode_state(state)))) == state


@pytest.mark.parametrize(
    "broken",
    [
        {"k": 7},
        {"x": None},
        {"p": 9},
        {"cp": [5, 0]},
        {"k": "not a deck"},
        {"d": None},
        {"y": 5},
    ],
)
def test_a_sealed_dict_no_engine_wrote_is_refused_not_crashed_on(broken: dict[str, object]) -> None:
    """Trusting a sealed state skips its checks, but a dict the rebuild cannot read (only a
    leaked key could seal one) is still an InvalidState with its reason, never another error.
    (A readable dict of wrong values is trusted: with the key leaked, whoever holds it can seal
    any game anyway, and the answer is to rotate the key.)"""
    state, _ = new_game(resolve("six_card"), seed=5, dealer=0)
    with pytest.raises(InvalidState):
        decode_state({**encode_state(state), **broken}, sealed=True)
