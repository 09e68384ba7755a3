"""Conceding a game in the engine (docs/rules.md 8.4): who may, when, what the game says after.

The expectations are the rule (the side that concedes loses at once, the pegs stay where they
stood, the other side wins a plain game by 10 spread points) and the positions set up by hand
with a fixed deck; never the engine's own output.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.computer.play import apply, new_game, next_game
from service.core.computer.review import review
from service.core.errors import GameOver, IllegalAction, InvalidState
from service.core.game import views
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import Action, arrange_deck, legal_actions, may_act
from service.core.game.invariants import check_state
from service.core.game.record import events_since, history, record
from service.core.game.state import GameState
from service.core.rules import resolve
from service.core.scoring.match import MatchRules
from tests.support.wire import view_dict, wire


def two_players(scores: tuple[int, int] = (0, 0)) -> GameState:
    """Seat 1 deals; seat 0 holds 7S 9S 10S KS AS 2S, seat 1 8H 9H 10H KH AH 2H; the starter is 3D."""
    rules = resolve("six_card")
    hands = [parse_cards("7S 9S 10S KS AS 2S"), parse_cards("8H 9H 10H KH AH 2H")]
    deck = arrange_deck(rules, 1, hands, parse_card("3D"), ())
    state, _ = new_game(rules, seed=1, dealer=1, deck=deck)
    return state._replace(scores=scores, backs=scores)


def test_a_seat_concedes_in_the_play_out_of_turn_and_the_other_side_wins() -> None:
    state = two_players((100, 40))
    for seat, cards in ((0, "AS 2S"), (1, "AH 2H")):
        state, _ = apply(state, Action("discard", seat, cards=parse_cards(cards)))
    state, _ = apply(state, Action("play", 0, card=parse_card("7S")))
    assert may_act(state) == (1,)  # seat 1 is to play; seat 0, well ahead, concedes anyway
    state, events = apply(state, Action("concede", 0))
    assert state.over and state.winner == 1 and state.scores == (100, 40)
    (over,) = wire(events)
    assert over["type"] == "game_over" and over["winner"] == 1 and not over["draw"]
    assert over["ended_by"] == {"deal": 1, "move": 4, "seat": 0, "side": 0, "kind": "conceded"}
    assert over["outcome"]["conceded_by"] == 0 and over["outcome"]["game_points"] == [0, 2]
    assert over["outcome"]["spread"] == [-21, 21] and over["outcome"]["skunk"] == "none"  # as if 40 pegged out
    seen = view_dict(views.view(state, 1))
    assert seen["phase"] == "over" and seen["turn"] is None and seen["to_act"] == []
    assert seen["outcome"] == over["outcome"] and seen["winner"] == 1
    assert seen["pile"] == [{"seat": 0, "card": "7S"}]  # the table as it stood
    check_state(state)


def test_a_concession_in_the_discard_with_both_seats_still_to_throw() -> None:
    state, events = apply(two_players(), Action("concede", 1))
    assert state.winner == 0 and state.conceded_by == 1
    assert wire(events)[0]["ended_by"] == {"deal": 1, "move": 1, "seat": 1, "side": 1, "kind": "conceded"}


def test_the_record_replays_a_conceded_game() -> None:
    state = two_players()
    state, _ = apply(state, Action("discard", 1, cards=parse_cards("AH 2H")))
    state, _ = apply(state, Action("concede", 0))
    game = record(state)
    assert game.ended_by.kind == "conceded" and game.ended_by.seat == 0 and game.ended_by.move == 2
    assert game.outcome.conceded_by == 0 and game.outcome.winner == 1
    assert [entry.action.type for entry in game.deals[0].actions] == ["discard", "concede"]
    assert game.deals[0].starter is None  # it ended before the cut
    assert [e.event.kind for e in game.deals[0].events][-1] == "game_over"
    # seat 0 kept its six cards (it never threw); seat 1 kept four
    assert [len(kept) for kept in game.deals[0].kept] == [6, 4]
    assert history(state, 0)[0].events[-1].event.kind == "game_over"
    assert events_since(state, 0, 1)[-1] == (2, game.deals[0].events[-1].event)


def test_the_state_of_a_conceded_game_travels_and_is_checked() -> None:
    state, _ = apply(two_players((30, 50)), Action("concede", 1))
    data = encode_state(state)
    back = decode_state(data)  # from outside a seal: every invariant checked
    assert back.over and back.winner == 0 and back.conceded_by == 1
    # a made-up winner for a conceded game is refused
    with pytest.raises(InvalidState, match="conceded"):
        decode_state({**data, "win": 1})


def test_conceding_a_finished_game_is_refused() -> None:
    state, _ = apply(two_players(), Action("concede", 0))
    with pytest.raises(GameOver):
        apply(state, Action("concede", 1))


def test_the_computer_never_concedes_and_no_one_concedes_for_it() -> None:
    rules = resolve("six_card")
    state, _ = new_game(rules, seed=3, dealer=0, computer=["standard", None])
    with pytest.raises(IllegalAction, match="never concedes"):
        apply(state, Action("concede", 0))
    # it is never offered the move: every legal action of every seat, over whole games, is a move of play
    for level in ("easy", "standard"):
        game, _ = new_game(rules, seed=8, dealer=0, computer=[level, None])
        while not game.over:
            seat = may_act(game)[0]
            assert all(action.type != "concede" for action in legal_actions(game, seat))
            game, _ = apply(game, Action("auto", seat))
        assert game.conceded_by is None


@pytest.mark.parametrize(("seat", "winner"), [(0, 1), (1, 0), (2, 1), (3, 0)])
def test_with_partners_one_seat_concedes_for_its_side(seat: int, winner: int) -> None:
    state, _ = new_game(resolve("four_player"), seed=5, dealer=0)
    state, events = apply(state, Action("concede", seat))
    over: dict[str, Any] = wire(events)[0]
    assert state.winner == winner and over["ended_by"]["side"] == seat % 2 and over["ended_by"]["seat"] == seat
    assert over["outcome"]["conceded_by"] == seat % 2


def test_three_players_the_leader_of_the_other_two_wins() -> None:
    state, _ = new_game(resolve("three_player"), seed=5, dealer=0)
    state, _ = apply(state._replace(scores=(90, 20, 35), backs=(90, 20, 35)), Action("concede", 0))
    assert state.winner == 2 and views.view(state, 1).outcome is not None


def test_a_conceded_game_of_a_match_counts_one_game_and_the_next_game_starts() -> None:
    rules = resolve("six_card")
    state, _ = new_game(rules, seed=2, dealer=0, match=MatchRules("best_of", 3, skunk_points=2, double_skunk_points=2))
    state, _ = apply(state._replace(scores=(80, 95), backs=(80, 95)), Action("concede", 1))  # 95: no skunk
    match = view_dict(views.view(state, 0))["match"]
    assert match["points"] == [1, 0] and match["games"][0]["conceded_by"] == 1 and not match["over"]
    assert match["games"][0]["match_points"] == [1, 0] and match["games"][0]["skunk"] == "none"
    following, _ = next_game(state, seed=9, game_id="g2")
    assert following.first_dealer == 1  # the loser, who conceded, deals first
    check_state(decode_state(encode_state(following)))  # the match's conceded game travels in the state
    assert following.match is not None and following.match.conceded == (1,)
    # and the match ends when side 0 wins again: 2 of 3
    done, _ = apply(following, Action("concede", 1))
    assert view_dict(views.view(done, 0))["match"]["over"] is True


def test_the_review_of_a_conceded_game_leaves_the_concession_out() -> None:
    state = two_players()
    for seat, cards in ((0, "AS 2S"), (1, "AH 2H")):
        state, _ = apply(state, Action("discard", seat, cards=parse_cards(cards)))
    state, _ = apply(state, Action("concede", 0))  # at the lead, before any card
    decisions = review(state, 0).decisions
    assert [(d.move, d.made.type) for d in decisions] == [(1, "discard")]


def test_a_concession_in_manual_counting_lays_down_nothing_more() -> None:
    """Conceded while the dealer is still to count the crib: the crib was never laid down, so the
    view shows the two hands counted and not the crib; conceded with a claim pending: that hand was
    laid down with its claim, and no muggins call is left to make."""
    rules = resolve("six_card", {"muggins": True})
    state, _ = new_game(rules, seed=4, dealer=1)
    while not (state.phase == "show" and state.show_step == 2 and state.claim is None):  # the crib is next
        state, _ = apply(state, Action("auto", may_act(state)[0]))
    assert view_dict(views.view(state, 0))["shown"] and len(views.view(state, 0).shown) == 2
    over, _ = apply(state, Action("concede", 0))
    seen = views.view(over, 0)
    assert len(seen.shown) == 2 and all(not hand.crib for hand in seen.shown) and seen.claim is None
    claimed, _ = apply(state, Action("count", 1, claimed=0))  # the dealer claims 0 for the crib
    assert claimed.claim == 0 and len(views.view(claimed, 0).shown) == 3
    over, _ = apply(claimed, Action("concede", 1))
    seen = views.view(over, 0)
    assert len(seen.shown) == 3 and seen.shown[-1].crib and seen.claim is None
    check_state(over)
