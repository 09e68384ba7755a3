"""The engine on the worked deals of docs/rules.md section 12, played through with a fixed deck.

Every expectation is the worked answer in docs/rules.md (P8, P12-P15, G1-G3, F1, F2, M1-M4, G9,
G10) or a count done by hand in the comments, never the engine's own output. Forced goes
are said by the engine itself, so the scripts below list only the cards played.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.computer.play import apply as computer_apply
from service.core.errors import GameOver, IllegalAction
from service.core.game import engine, views
from service.core.game.engine import (
    Action,
    arrange_deck,
    current_player,
    is_terminal,
    legal_actions,
    shuffled_deck,
    verify,
    winner,
)
from service.core.game.invariants import check_state
from service.core.game.state import GameState
from service.core.rules import Rules, resolve
from tests.support.wire import action_dict, view_dict, wire


# The engine's events and views are read here in their wire form, as a client sees them.
def apply(state: GameState, action: Action) -> tuple[GameState, list[dict[str, Any]]]:
    after, events = computer_apply(state, action)  # auto included: the computer package plays it
    return after, wire(events)


def new_game(
    rules: Rules, seed: int, dealer: int | None = None, **kwargs: Any
) -> tuple[GameState, list[dict[str, Any]]]:
    state, events = engine.new_game(rules, seed, dealer, **kwargs)
    return state, wire(events)


def view(state: GameState, seat: int | None = None) -> dict[str, Any]:
    return view_dict(views.view(state, seat))


PEGGING = {"play", "go", "last_card"}


def deal(
    variant: str,
    dealer: int,
    kept: list[str],
    thrown: list[str],
    starter: str,
    *,
    crib: str = "",
    options: dict[str, Any] | None = None,
    scores: tuple[int, ...] | None = None,
) -> tuple[GameState, list[dict[str, Any]]]:
    """A game whose first deal gives each seat ``kept`` plus ``thrown`` (seat order), turns
    ``starter``; everyone discards ``thrown``. ``scores`` sets the pegs before the deal."""
    rules = resolve(variant, options)
    hands = [parse_cards(k) + parse_cards(t) for k, t in zip(kept, thrown)]
    deck = arrange_deck(rules, dealer, hands, parse_card(starter), parse_cards(crib))
    state, events = new_game(rules, seed=1, dealer=dealer, deck=deck)
    if scores is not None:
        state = state._replace(scores=scores, backs=scores)
        check_state(state)
    for seat in range(rules.players):
        state, more = apply(state, Action("discard", seat, cards=parse_cards(thrown[seat])))
        events += more
    return state, events


def play(state: GameState, cards: str) -> tuple[GameState, list[dict[str, Any]]]:
    """Play ``cards`` in order, each by the seat whose turn it is."""
    events: list[dict[str, Any]] = []
    for text in cards.split():
        seat = current_player(state)
        assert seat is not None, f"no one to play {text}"
        state, more = apply(state, Action("play", seat, card=parse_card(text)))
        events += more
    return state, events


def pegged(events: list[dict[str, Any]], players: int) -> list[int]:
    """Points pegged in the play, per seat, from the score events."""
    totals = [0] * players
    for event in events:
        if event["type"] == "score" and event["kind"] in PEGGING:
            totals[event["seat"]] += event["points"]
    return totals


def scores_of(events: list[dict[str, Any]]) -> list[tuple[int, str, int]]:
    return [(e["seat"], e["kind"], e["points"]) for e in events if e["type"] == "score"]


# --- two players: the play ----------------------------------------------------------------------


def test_p8_fifteen_for_fifteen() -> None:
    # Pone (seat 0) KS KD 2S 2D, dealer (seat 1) TH 7C 2H 2C: K, 10, K (30), both stuck, pone 1
    # for the go; the dealer leads 7, then 2, 2, 2, 2: the last 2 scores 12 + 2 + 1 = 15.
    state, _ = deal("six_card", 1, ["KS KD 2S 2D", "10H 7C 2H 2C"], ["9S 8S", "9H 8H"], "4D")
    state, events = play(state, "KS 10H KD 7C 2S 2H 2D 2C")
    assert pegged(events, 2) == [7, 17]
    last = [e for e in events if e["type"] == "score" and e["kind"] == "play"][-1]
    assert (last["seat"], last["points"]) == (1, 15)
    assert sorted(i["kind"] for i in last["items"]) == ["double_pair_royal", "fifteen", "last_card"]
    assert last["cards"] == ["7C", "2S", "2H", "2D", "2C"]  # the fifteen names the whole count
    assert (last["front"], last["back"]) == (17, 2)  # the dealer's pegs: 2 for the pair, then 15


def test_p12_no_run_across_a_reset() -> None:
    # K, Q, 4, 5 (29): dealer 1 for the go. Pone leads 6 (no run with 4, 5), 8, 7 (run 3), 9 (run 4 + last 1).
    state, _ = deal("six_card", 1, ["KS 4D 6C 7H", "QH 5C 8S 9D"], ["AS 2S", "AH 2H"], "3D")
    state, events = play(state, "KS QH 4D 5C 6C 8S 7H 9D")
    assert pegged(events, 2) == [3, 6]


def test_p13_go_when_neither_can_play_and_a_run_from_both_hands() -> None:
    # 10, K, 9 = 29: pone 1 for the go; dealer leads 8, 5, 7, 4, 6: the 6 scores run 4..8 (5) + last card (1).
    state, _ = deal("six_card", 1, ["10S 9D 5C 4H", "KH 8C 7D 6S"], ["AS 2S", "AH 2H"], "3D")
    state, events = play(state, "10S KH 9D 8C 5C 7D 4H 6S")
    assert pegged(events, 2) == [1, 6]
    last = [e for e in events if e["type"] == "score" and e["kind"] in PEGGING][-1]
    assert (last["seat"], last["points"]) == (1, 6)


def test_p14_thirty_one_after_a_go_scores_two_and_no_go_point() -> None:
    # K, 9, 8 (27), dealer 2 (29), pone go, dealer 2 = 31 with a pair: 4. Pone leads 9, K, 7: 1 for last.
    state, _ = deal("six_card", 1, ["KS 8C 9D 7H", "9S 2H 2D KH"], ["AS 3S", "AH 3H"], "4C")
    state, events = play(state, "KS 9S 8C 2H 2D 9D KH 7H")
    assert pegged(events, 2) == [1, 4]
    assert ("go", 0) in [(e["type"], e.get("seat")) for e in events]  # the pone's go, said by the engine
    thirty_one = [e for e in events if e["type"] == "score" and e["seat"] == 1 and e["kind"] in PEGGING]
    assert [sorted(i["kind"] for i in e["items"]) for e in thirty_one] == [["pair", "thirty_one"]]


def test_p15_last_card_when_the_opponent_is_out() -> None:
    # 2, 5, J, 9 (26), pone 2 (28), dealer go, pone A (29): pone 1 for the go; the dealer plays 8 then
    # 8 alone: pair 2 + last card 1.
    state, _ = deal("six_card", 1, ["JH 2S AS 2H", "9S 8C 8D 5D"], ["3C 4C", "3H 4H"], "6D")
    state, events = play(state, "2S 5D JH 9S 2H AS 8C 8D")
    assert pegged(events, 2) == [1, 3]


def test_the_show_follows_the_play_in_counting_order_and_the_deal_passes() -> None:
    # P13's deal, then the show: pone's hand, dealer's hand, crib (AS 2S AH 2H with starter 3D).
    state, _ = deal("six_card", 1, ["10S 9D 5C 4H", "KH 8C 7D 6S"], ["AS 2S", "AH 2H"], "3D")
    state, events = play(state, "10S KH 9D 8C 5C 7D 4H 6S")
    shows = [(e["seat"], e["crib"]) for e in events if e["type"] == "show"]
    assert shows == [(0, False), (1, False), (1, True)]
    # Pone 10S 9D 5C 4H | 3D (values 10 9 5 4 3): one fifteen, 10+5 (2); run 3-4-5 (3) = 5.
    # Dealer KH 8C 7D 6S | 3D (values 10 8 7 6 3): one fifteen, 8+7 (2); run 6-7-8 (3) = 5.
    # Crib AS 2S AH 2H | 3D: no fifteen (all five make 9); pairs A-A, 2-2 (4); A-2-3 four ways (12) = 16.
    hand_scores = [
        (e["seat"], e["kind"], e["points"]) for e in events if e["type"] == "score" and e["kind"] in ("hand", "crib")
    ]
    assert hand_scores == [(0, "hand", 5), (1, "hand", 5), (1, "crib", 16)]
    deals = [e for e in events if e["type"] == "deal"]
    assert [(e["deal"], e["dealer"]) for e in deals] == [(2, 0)]  # the deal passes to the left
    assert state.phase == "discard" and state.dealer == 0 and state.deck == shuffled_deck(1, 2)
    assert state.scores == (1 + 5, 6 + 5 + 16)


# --- game ends ------------------------------------------------------------------------------------


def test_g1_the_pone_wins_on_the_show_before_the_dealer_counts() -> None:
    # Pone KS KD 3H 8C, dealer JC 5S 5H 5D, starter 5C. The play: K (10), J (20), K (30): pone 1 for
    # the go; dealer 5 (5), pone 3 (8), dealer 5 (13), pone 8 (21), dealer 5 (26): dealer 1 for last.
    # So from 114-119 the play leaves pone 115, dealer 120 (G1). Pone's hand: K+5 twice (4) + pair
    # of kings (2) = 6 -> 121: the pone wins; the dealer's 29 and the crib are never counted.
    state, _ = deal("six_card", 1, ["KS KD 3H 8C", "JC 5S 5H 5D"], ["AS 2S", "AH 2H"], "5C", scores=(114, 119))
    state, events = play(state, "KS JC KD 5S 3H 5H 8C 5D")
    assert pegged(events, 2) == [1, 1]
    assert [(e["seat"], e["crib"]) for e in events if e["type"] == "show"] == [(0, False)]
    assert scores_of(events)[-1] == (0, "hand", 6)
    assert is_terminal(state) and winner(state) == 0 and state.scores == (121, 120)
    assert events[-1]["type"] == "game_over" and events[-1]["outcome"]["skunk"] == "none"
    assert legal_actions(state) == [] and current_player(state) is None


def test_g2_the_dealer_pegs_out_with_his_heels() -> None:
    state, events = deal("six_card", 0, ["AS 2S 3S 4S", "AH 2H 3H 4H"], ["9C 8C", "9D 8D"], "JD", scores=(119, 50))
    assert scores_of(events) == [(0, "heels", 2)]
    assert is_terminal(state) and winner(state) == 0 and state.scores == (121, 50)
    assert events[-1]["outcome"]["skunk"] == "double_skunk"  # the loser's 50 is below 91 and 61


def test_g2_heels_not_counted_near_the_end_when_the_house_says_so() -> None:
    state, events = deal(
        "six_card",
        0,
        ["AS 2S 3S 4S", "AH 2H 3H 4H"],
        ["9C 8C", "9D 8D"],
        "JD",
        scores=(119, 50),
        options={"no_heels_at_or_above": 115},
    )
    assert not any(e["type"] == "score" for e in events)
    assert not is_terminal(state) and state.phase == "play" and state.scores == (119, 50)
    state, events = deal(
        "six_card",
        0,
        ["AS 2S 3S 4S", "AH 2H 3H 4H"],
        ["9C 8C", "9D 8D"],
        "JD",
        scores=(119, 50),
        options={"heels_can_peg_out": False},
    )
    assert not is_terminal(state) and state.scores == (119, 50)
    state, events = deal("six_card", 0, ["AS 2S 3S 4S", "AH 2H 3H 4H"], ["9C 8C", "9D 8D"], "JD", scores=(100, 50))
    assert scores_of(events) == [(0, "heels", 2)] and state.scores == (102, 50)


def test_g3_a_fifteen_at_120_wins_at_that_card() -> None:
    # Dealer (seat 1) at 120: pone leads 7, dealer 8 = 15 -> 122, capped: the game ends there.
    state, _ = deal("six_card", 1, ["7S 9S 10S KS", "8H 9H 10H KH"], ["AS 2S", "AH 2H"], "3D", scores=(40, 120))
    state, events = play(state, "7S 8H")
    assert scores_of(events) == [(1, "play", 2)]
    assert is_terminal(state) and winner(state) == 1 and state.scores == (40, 121)
    assert events[-1]["type"] == "game_over" and events[-1]["outcome"]["skunk"] == "double_skunk"
    assert view(state, 0)["pile"] == [{"seat": 0, "card": "7S"}, {"seat": 1, "card": "8H"}]
    with pytest.raises(GameOver) as refused:
        apply(state, Action("play", 0, card=parse_card("9S")))
    assert refused.value.extra["legal_actions"] == []


def test_g3_a_card_that_wins_scores_no_last_card_after_it() -> None:
    # P15's deal with the dealer at 119: his last 8 pairs the 8 (2) and reaches 121; the game ends at
    # that card, so the point for the last card, scored when the count ends, never comes (docs/rules.md 5).
    state, _ = deal("six_card", 1, ["JH 2S AS 2H", "9S 8C 8D 5D"], ["3C 4C", "3H 4H"], "6D", scores=(100, 119))
    state, events = play(state, "2S 5D JH 9S 2H AS 8C 8D")
    last = [e for e in events if e["type"] == "score"][-1]
    assert (last["seat"], last["kind"], last["points"]) == (1, "play", 2)
    assert [i["kind"] for i in last["items"]] == ["pair"]
    assert (last["back"], last["front"]) == (119, 121)
    assert is_terminal(state) and winner(state) == 1 and state.scores == (101, 121)
    # At 118 the pair leaves him at 120 and the last card is the point that wins.
    state, _ = deal("six_card", 1, ["JH 2S AS 2H", "9S 8C 8D 5D"], ["3C 4C", "3H 4H"], "6D", scores=(100, 118))
    state, events = play(state, "2S 5D JH 9S 2H AS 8C 8D")
    last = [e for e in events if e["type"] == "score"][-1]
    assert (last["seat"], last["points"], [i["kind"] for i in last["items"]]) == (1, 3, ["pair", "last_card"])
    assert is_terminal(state) and winner(state) == 1 and state.scores == (101, 121)


# --- five-card -------------------------------------------------------------------------------------


def test_f1_f2_five_card_single_count_and_three_for_last() -> None:
    # F2: the first pone starts on 3. F1: 10, K, 9 (29), dealer go, pone 2 = 31 (2); the play ends,
    # the dealer's 5 and 7 are never played.
    state, start = deal("five_card", 1, ["10S 9D 2C", "KH 5C 7D"], ["AS 3S", "AH 3H"], "4D")
    assert scores_of(start) == [(0, "three_for_last", 3)]
    assert [e["type"] for e in start][:2] == ["deal", "score"]
    state, events = play(state, "10S KH 9D 2C")
    assert pegged(events, 2) == [2, 0]
    assert any(e["type"] == "play_over" for e in events)
    played = [e["card"] for e in events if e["type"] == "play"]
    assert played == ["10S", "KH", "9D", "2C"]
    # the show counts the dealer's hand with its 5 and 7 still in it: KH 5C 7D | 4D: K+5 (2), run? no; = 2
    dealer_hand = [e for e in events if e["type"] == "show" and e["seat"] == 1 and not e["crib"]]
    assert dealer_hand[0]["cards"] == ["KH", "5C", "7D"]
    # F2: no three for last in the next deal
    assert not [e for e in events if e["type"] == "score" and e["kind"] == "three_for_last"]
    assert state.deal_no == 2


def test_five_card_three_for_last_every_deal_option() -> None:
    state, _start = deal(
        "five_card", 1, ["10S 9D 2C", "KH 5C 7D"], ["AS 3S", "AH 3H"], "4D", options={"three_for_last": "every_deal"}
    )
    state, events = play(state, "10S KH 9D 2C")
    assert [(e["seat"], e["points"]) for e in events if e["type"] == "score" and e["kind"] == "three_for_last"] == [
        (1, 3)
    ]


# --- three and four players ------------------------------------------------------------------------


def test_m1_three_players_thirty_one_after_a_go() -> None:
    # A (seat 0, left of the dealer), B (1), C (2, dealer). K, Q, 9 = 29; A go; B must play 2: 31 = 2 to B.
    state, _ = deal(
        "three_player", 2, ["KS 5S 6S 7S", "QH 2H 9H 8H", "9C AC 3C 4C"], ["10D", "JD", "QD"], "6D", crib="KD"
    )
    assert len(state.crib) == 4 and parse_card("KD") in state.crib
    state, events = play(state, "KS QH 9C")
    assert [e["seat"] for e in events if e["type"] == "go"] == [0]
    assert [action_dict(a) for a in legal_actions(state)] == [{"type": "play", "seat": 1, "card": "2H"}]
    state, events = play(state, "2H")
    assert scores_of(events) == [(1, "play", 2)]
    assert current_player(state) == 2  # the next count is led by C, left of B


@pytest.mark.parametrize("rule, expect_c_plays", [("continue_until_none", True), ("bicycle_three_hand", False)])
def test_m2_the_go_rule_for_three(rule: str, expect_c_plays: bool) -> None:
    # B holds 3H, C holds 2C: after 29, A go, B go. Default: C plays on (the ace, 30) and takes 1 for
    # last. Bicycle: C does not play; C takes 1 for the go on 29 and keeps the ace.
    state, _ = deal(
        "three_player",
        2,
        ["KS 5S 6S 7S", "QH 3H 9H 8H", "9C AC 2C 4C"],
        ["10D", "JD", "QD"],
        "6D",
        crib="KD",
        options={"multi_go_rule": rule},
    )
    state, events = play(state, "KS QH 9C")
    assert [e["seat"] for e in events if e["type"] == "go"] == [0, 1]
    if expect_c_plays:
        assert current_player(state) == 2
        assert {a.card for a in legal_actions(state)} == {parse_card("AC"), parse_card("2C")}
        state, events = play(state, "AC")
        assert scores_of(events) == [(2, "go", 1)]
    else:
        assert scores_of(events) == [(2, "go", 1)]
        assert parse_card("AC") in state.play.hands[2]  # type: ignore[union-attr]
        assert state.play.count == 0  # type: ignore[union-attr]


def test_m3_four_players_in_partnerships() -> None:
    # Partners A (0) & C (2) against B (1) & D (3, dealer): 4 (A), 6 (B), 5 (C), 3 (D), 7 (A); B and C
    # go; D 2 (27). C 5 (15 + run 3), D 4 (run 3..6), A 5 (run 3..7), D 6 (run 2..7) + 1 for the go.
    state, _ = deal(
        "four_player", 3, ["4S 7S 8S KS", "6H 9H 10H KH", "5D 8D 9D QD", "3C 2C JC QC"], ["AS", "AH", "AD", "AC"], "2D"
    )
    state, events = play(state, "4S 6H 5D 3C 7S 2C")
    assert scores_of(events) == [(2, "play", 5), (3, "play", 4), (0, "play", 5), (3, "play", 6), (3, "go", 1)]
    assert [e["side"] for e in events if e["type"] == "score"] == [0, 1, 0, 1, 1]
    assert state.scores == (10, 11)
    assert current_player(state) == 0  # the next count: left of D


def test_m4_a_seat_with_no_cards_is_skipped_and_the_cards_around_it_pair() -> None:
    # A plays out early (10, 31 with the ace twice); in the third count D plays J (20), A holds
    # nothing and is skipped, B plays J (30): a pair, 2 for B & D.
    state, _ = deal(
        "four_player", 3, ["KS AS AH AD", "KH 10H 4H JH", "KD 10D 6D 8D", "9C JC QC KC"], ["2S", "2H", "2D", "2C"], "3D"
    )
    state, events = play(state, "KS KH KD AS 10H 10D 9C AH AD 4H 6D JC")
    assert state.play is not None and state.play.held[0] == 0
    assert current_player(state) == 1
    state, events = play(state, "JH")
    jack = next(e for e in events if e["type"] == "score")
    assert (jack["seat"], jack["side"], jack["kind"], jack["points"]) == (1, 1, "play", 2)
    assert [(i["kind"], i["cards"]) for i in jack["items"]] == [("pair", ["JC", "JH"])]


# --- manual counting and muggins -----------------------------------------------------------------------


def to_show(options: dict[str, Any]) -> GameState:
    """P13's deal with manual counting, played out to the show (pone's hand 5, dealer's 5, crib 16)."""
    state, _ = deal(
        "six_card", 1, ["10S 9D 5C 4H", "KH 8C 7D 6S"], ["AS 2S", "AH 2H"], "3D", options={"muggins": True, **options}
    )
    state, _ = play(state, "10S KH 9D 8C 5C 7D 4H 6S")
    assert state.phase == "show" and state.scores == (1, 6)
    return state


def test_manual_counting_waits_for_each_owner_in_counting_order() -> None:
    state = to_show({})
    assert current_player(state) == 0
    assert [a.type for a in legal_actions(state)] == ["count"] * 30
    with pytest.raises(IllegalAction):
        verify(state, Action("count", 1, claimed=5))  # the dealer does not count first
    state, events = apply(state, Action("count", 0, claimed=5))
    assert scores_of(events) == [(0, "hand", 5)]
    assert current_player(state) == 1  # the dealer may call muggins
    assert view(state, 1)["claim"] == {"seat": 0, "crib": False, "claimed": 5}
    state, events = apply(state, Action("accept", 1))
    assert [e["type"] for e in events] == ["settled"] and events[0]["actual"] == 5
    state, events = apply(state, Action("count", 1, claimed=5))
    state, events = apply(state, Action("accept", 0))
    state, events = apply(state, Action("count", 1, claimed=16))  # the crib
    state, events = apply(state, Action("accept", 0))
    assert state.phase == "discard" and state.deal_no == 2 and state.scores == (6, 27)


def test_g9_an_under_claim_can_be_mugged_for_the_lesser_of_called_and_missed() -> None:
    # The pone's hand is worth 5 and claims 3: 2 are missed. The dealer calls 3 and gets 2.
    state = to_show({})
    state, events = apply(state, Action("count", 0, claimed=3))
    assert scores_of(events) == [(0, "hand", 3)]
    state, events = apply(state, Action("muggins", 1, points=3))
    assert scores_of(events) == [(1, "muggins", 2)]
    assert state.scores == (1 + 3, 6 + 2)
    # Called exactly: the whole shortfall.
    state = to_show({})
    state, _ = apply(state, Action("count", 0, claimed=3))
    state, events = apply(state, Action("muggins", 1, points=1))
    assert scores_of(events) == [(1, "muggins", 1)]


def test_a_wrong_muggins_call_gives_the_points_to_the_claimant() -> None:
    state = to_show({})
    state, _ = apply(state, Action("count", 0, claimed=5))
    state, events = apply(state, Action("muggins", 1, points=3))
    assert scores_of(events) == [(0, "penalty", 3)]
    assert state.scores == (1 + 5 + 3, 6)


@pytest.mark.parametrize(
    "policy, opponent", [("correct", 0), ("correct_and_award_excess", 4), ("correct_and_award_2", 2)]
)
def test_g10_an_over_claim_is_corrected(policy: str, opponent: int) -> None:
    # Worth 5, claimed 9: pegged 5; the policy may also give the opponent the excess (4) or 2.
    state = to_show({"overclaim_policy": policy})
    state, events = apply(state, Action("count", 0, claimed=9))
    expected = [(0, "hand", 5)] + ([(1, "overclaim", opponent)] if opponent else [])
    assert scores_of(events) == expected
    assert state.scores == (1 + 5, 6 + opponent)


def test_auto_counts_exactly_and_mugs_exactly() -> None:
    state = to_show({})
    state, events = apply(state, Action("auto", 0))
    assert scores_of(events) == [(0, "hand", 5)]
    state, events = apply(state, Action("auto", 1))
    assert [e["type"] for e in events] == ["settled"]  # nothing missed: accepted
    state, _ = apply(state, Action("count", 1, claimed=1))  # the dealer under-claims by 4
    state, events = apply(state, Action("auto", 0))
    assert scores_of(events) == [(0, "muggins", 4)]


def test_a_claim_that_reaches_the_target_wins_at_once() -> None:
    state = to_show({})
    state = state._replace(scores=(118, 100), backs=(118, 100))
    state, _events = apply(state, Action("count", 0, claimed=4))
    assert is_terminal(state) and winner(state) == 0 and state.scores == (121, 100)


# --- fixed number of deals ---------------------------------------------------------------------------------


def test_fixed_deals_compare_totals_and_a_tie_is_a_draw() -> None:
    state, _ = deal(
        "six_card",
        1,
        ["10S 9D 5C 4H", "KH 8C 7D 6S"],
        ["AS 2S", "AH 2H"],
        "3D",
        options={"fixed_deals": 2, "muggins": True},
    )
    state, _ = play(state, "10S KH 9D 8C 5C 7D 4H 6S")
    for seat, claimed, answer in ((0, 5, 1), (1, 5, 0), (1, 16, 0)):
        state, _ = apply(state, Action("count", seat, claimed=claimed))
        state, _ = apply(state, Action("accept", answer))
    assert state.deal_no == 2 and not is_terminal(state)
    while state.phase != "show":
        state, _ = apply(state, Action("auto", current_player(state)))  # type: ignore[arg-type]
    state = state._replace(scores=(50, 50), backs=(40, 40))
    for _ in range(3):
        seat = current_player(state)
        assert seat is not None
        state, _ = apply(state, Action("count", seat, claimed=0))
        state, events = apply(state, Action("accept", current_player(state)))  # type: ignore[arg-type]
    assert is_terminal(state) and state.draw and winner(state) is None
    assert events[-1]["type"] == "game_over" and events[-1]["outcome"]["draw"] is True
    assert view(state)["phase"] == "over" and view(state)["target"] is None


def test_fixed_deals_winner_has_the_most_points() -> None:
    state, _ = new_game(resolve("three_player", {"fixed_deals": 3}), seed=11)
    while not is_terminal(state):
        state, _events = apply(state, Action("auto", current_player(state)))  # type: ignore[arg-type]
    assert state.deal_no == 3
    best = max(state.scores)
    if state.scores.count(best) == 1:
        assert winner(state) == state.scores.index(best)
    else:
        assert state.draw


# --- the start of a game -----------------------------------------------------------------------------


def test_cut_for_deal_lowest_card_deals_and_ties_cut_again() -> None:
    for seed in range(200):
        state, events = new_game(resolve("four_player"), seed)
        cut = events[0]
        assert cut["type"] == "cut_for_deal"
        final = cut["rounds"][-1]
        ranks = {c["seat"]: parse_card(c["card"]).rank for c in final}
        low = min(ranks.values())
        assert [s for s, r in ranks.items() if r == low] == [cut["dealer"]] == [state.dealer]
        for earlier in cut["rounds"][:-1]:  # an earlier round was a tie for lowest among its cutters
            lowest = min(parse_card(c["card"]).rank for c in earlier)
            assert sum(1 for c in earlier if parse_card(c["card"]).rank == lowest) > 1
    assert any(len(new_game(resolve("six_card"), s)[1][0]["rounds"]) > 1 for s in range(200))


def test_cut_for_deal_high_option() -> None:
    state, events = new_game(resolve("six_card", {"deal_cut_winner": "high"}), 5)
    final = events[0]["rounds"][-1]
    assert max(final, key=lambda c: parse_card(c["card"]).rank)["seat"] == state.dealer


def test_deal_order_starts_on_the_dealers_left_and_pone_leads() -> None:
    rules = resolve("three_player")
    hands = [parse_cards("AS 2S 3S 4S 5S"), parse_cards("AH 2H 3H 4H 5H"), parse_cards("AD 2D 3D 4D 5D")]
    deck = arrange_deck(rules, 1, hands, parse_card("KC"), parse_cards("QC"))
    # dealer 1: the first card goes to seat 2, then seat 0, then seat 1
    assert [str(c) for c in deck[:3]] == ["AD", "AS", "AH"]
    state, _ = new_game(rules, 3, dealer=1, deck=deck)
    for seat in (2, 0, 1):
        state, _ = apply(state, Action("discard", seat, cards=(hands[seat][0],)))
    assert state.starter == parse_card("KC") and current_player(state) == 2


def test_discards_may_come_in_any_order() -> None:
    state, _ = new_game(resolve("six_card"), 4, dealer=0)
    assert current_player(state) == 1
    dealer_discard = legal_actions(state, 0)[0]
    state, _events = apply(state, dealer_discard)
    assert current_player(state) == 1 and state.phase == "discard"


def test_a_go_is_never_an_action() -> None:
    # The engine says every forced go itself (P13: 10, K, 9 = 29, and neither can play: both
    # goes are said for them), so a seat to play can always play, and ``go`` is no action.
    state, _ = deal("six_card", 1, ["10S 9D 5C 4H", "KH 8C 7D 6S"], ["AS 2S", "AH 2H"], "3D")
    state, events = play(state, "10S KH 9D")
    assert [(e["type"], e.get("seat")) for e in events if e["type"] == "go"] == [("go", 1), ("go", 0)]
    assert scores_of(events)[-1] == (0, "go", 1) and current_player(state) == 1
    assert all(a.type == "play" for a in legal_actions(state))
    with pytest.raises(IllegalAction) as refused:
        verify(state, Action("go", 1))
    assert refused.value.pointer == "/action/type"


def test_cut_for_deal_with_ten_cards_equal() -> None:
    # The Dutch rule text: "'Ten' cards (10, J, Q, K) also count as equal cards" in the cut for the deal.
    tens = ("10", "J", "Q", "K")
    found = 0
    for seed in range(400):
        _, plain = new_game(resolve("six_card"), seed)
        first = plain[0]["rounds"][0]
        ranks = [c["card"][:-1] for c in first]
        if all(r in tens for r in ranks) and len(set(ranks)) == 2:
            found += 1
            # by rank the lower ten-card deals at once; with ten-cards equal they cut again
            low = min(first, key=lambda c: parse_card(c["card"]).rank)["seat"]
            assert len(plain[0]["rounds"]) == 1 and plain[0]["dealer"] == low
            _, tied = new_game(resolve("six_card", {"deal_cut_ties": "ten_cards"}), seed)
            assert len(tied[0]["rounds"]) > 1 and tied[0]["rounds"][0] == first
    assert found >= 3


def test_a_race_still_on_after_the_deal_limit_ends_there_decided_on_totals() -> None:
    """No game lasts more than MAX_GAME_DEALS deals: a target no one reaches in time is decided
    as a fixed-deals game would be (highest total wins, no skunk lines), and the record says so."""
    from service.core.game.engine import MAX_GAME_DEALS
    from service.core.game.record import record

    state, _ = new_game(resolve("six_card", {"target": 10_000}), seed=21, dealer=0)
    while not state.over:
        state, _ = apply(state, Action("auto", current_player(state) or 0))
    assert state.deal_no == MAX_GAME_DEALS == 100
    scores = state.scores
    assert max(scores) < 10_000
    expected = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    assert state.winner == expected
    ended = record(state)
    assert ended.ended_by.kind == "deal_limit" and ended.ended_by.deal == 100 and len(ended.deals) == 100
    assert ended.outcome.fixed_deals and ended.outcome.skunk_lines == ()


def test_the_deal_shuffle_is_pythons_shuffle_step_for_step() -> None:
    """The deals of every seed stay what they were: the shuffle written out over getrandbits
    takes the same steps as ``random.Random.shuffle`` (independent expectation: the library)."""
    import random

    from service.core.cards import DECK
    from service.core.game.chance import _shuffled, shuffled_deck

    for seed in range(300):
        expected = list(DECK)
        random.Random(f"cribbage-deal:{seed}:{seed % 7 + 1}").shuffle(expected)
        assert shuffled_deck(seed, seed % 7 + 1) == tuple(expected)
        short = list(DECK[: seed % 52 + 1])
        random.Random(seed).shuffle(short)
        assert _shuffled(random.Random(seed), DECK[: seed % 52 + 1]) == short


def test_the_turn_in_words_lists_the_seats_still_to_discard() -> None:
    state, _ = engine.new_game(resolve("four_player"), seed=3, dealer=3)
    assert str(engine.describe_turn(state)) == "waiting for the discards of seats 0, 1, 2 and 3"
    state, _ = engine.new_game(resolve("six_card"), seed=3, dealer=1)
    state, _ = engine.apply(state, Action("discard", 0, cards=state.hands[0][:2]))
    assert str(engine.describe_turn(state)) == "waiting for the discard of seat 1"
