"""The scoreboard core: counting order, peg-out, dealer rotation, bounds, and tampered boards.

Expectations come from docs/rules.md (section 5 counting order, 7 skunks, 9.4 fixed deals, cases
G1-G3) and from a plain reference model written below, never from the board's own output.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.api.wire.boards import board as board_dict
from service.api.wire.boards import load_board as board_from_dict
from service.core.boards.board import (
    Board,
    DealItems,
    DealTotals,
    new_board,
    peg,
    score_deal,
)
from service.core.errors import AmbiguousDeal, GameOver, IllegalAction, InvalidBoard, InvalidRules, InvalidScore
from service.core.rules import STANDARD, preset, resolve
from service.core.scoring.reach import deal_bound, pegging_bound


def board_at(
    pegs: list[tuple[int, int]],
    *,
    deal: int = 3,
    first_dealer: int = 0,
    variant: str = "six_card",
    options: dict[str, Any] | None = None,
    stage: str = "cut",
    shown: int = 0,
) -> Board:
    """A board in the middle of a game, built as a client would send it (so it is checked)."""
    rules = resolve(variant, options or {})
    data = {
        "variant": variant,
        "options": options or {},
        "players": rules.players,
        "partnerships": rules.partnerships,
        "sides": rules.sides,
        "target": None if rules.fixed_deals else rules.target,
        "fixed_deals": rules.fixed_deals,
        "first_dealer": first_dealer,
        "dealer": (first_dealer + deal - 1) % rules.players,
        "deal": deal,
        "stage": stage,
        "shown": shown,
        "pegs": [{"front": f, "back": b} for f, b in pegs],
        "over": False,
        "winner": None,
        "outcome": None,
    }
    return board_from_dict(data)


def fronts(board: Board) -> list[int]:
    return [p.front for p in board.pegs]


# --- docs/rules.md cases G1-G3 ----------------------------------------------------------------


def test_g1_pone_goes_out_on_the_hand_before_the_dealers_larger_hand():
    # deal 3 with first dealer 0: seat 0 deals again; the pone is seat 1 (side 1).
    board = board_at([(120, 110), (115, 109)], stage="play")
    assert board.dealer == 0
    update = peg(board, side=1, points=6, kind="hand")
    assert update.board.over and update.board.winner == 1
    assert fronts(update.board) == [120, 121]
    result = update.board.outcome
    assert result is not None and result.skunk == "none" and result.margin == 1
    with pytest.raises(GameOver):
        peg(update.board, side=0, points=29, kind="hand")


def test_g1_itemised_the_dealers_hand_and_crib_are_never_counted():
    board = board_at([(117, 110), (110, 100)])
    update = score_deal(board, DealItems(heels=0, pegging=(3, 5), hands=(6, 29), crib=12))
    assert update.board.winner == 1
    assert fronts(update.board) == [120, 121]
    assert [(m.side, m.kind, m.points) for m in update.moves] == [(0, "pegging", 3), (1, "pegging", 5), (1, "hand", 6)]
    assert update.board.deal == 3  # the game ended inside the deal


def test_g2_dealer_wins_on_heels():
    board = board_at([(119, 110), (100, 90)])
    update = peg(board, side=0, points=2, kind="heels")
    assert update.board.winner == 0 and fronts(update.board) == [121, 100]
    itemised = score_deal(board, DealItems(heels=2, pegging=(0, 30), hands=(20, 0), crib=0))
    assert itemised.board.winner == 0
    assert fronts(itemised.board) == [121, 100]  # the pone's 30 pegging came after the cut


def test_g2_house_rules_on_heels():
    no_heels = board_at([(119, 110), (100, 90)], options={"no_heels_at_or_above": 115})
    with pytest.raises(IllegalAction, match="no heels"):
        peg(no_heels, side=0, points=2, kind="heels")
    cannot_win = board_at([(119, 110), (100, 90)], options={"heels_can_peg_out": False})
    with pytest.raises(IllegalAction, match="cannot peg out"):
        peg(cannot_win, side=0, points=2, kind="heels")
    assert peg(cannot_win, side=0, points=2, kind="fifteen").board.winner == 0


def test_g3_a_fifteen_at_120_wins_at_that_card():
    board = board_at([(100, 90), (120, 118)], stage="play")
    update = peg(board, side=1, points=2, kind="fifteen")
    assert update.board.winner == 1 and fronts(update.board) == [100, 121]
    assert update.moves[0].front == 121 and update.moves[0].back == 120
    with pytest.raises(GameOver):
        peg(update.board, side=0, points=1, kind="go")
    with pytest.raises(GameOver):
        score_deal(update.board, DealTotals((5, 5)))


def test_triple_skunk_on_the_board():
    board = board_at([(110, 100), (29, 20)])
    update = score_deal(board, DealTotals((11, 0)))
    assert update.board.outcome is not None
    assert update.board.outcome.skunk == "triple_skunk"
    assert board_dict(update.board)["outcome"]["game_points"] == [3, 0]


# --- the counting order --------------------------------------------------------------------


def test_a_whole_deal_pegged_one_score_at_a_time():
    update = new_board(STANDARD, dealer=1)
    board = update.board
    assert update.moves == () and board.dealer == 1
    steps = [
        (1, 2, "heels"),
        (0, 2, "fifteen"),
        (1, 2, "pair"),
        (0, 1, "go"),
        (1, 1, "last_card"),
        (0, 7, "hand"),
        (1, 12, "hand"),
        (1, 4, "crib"),
    ]
    for side, points, kind in steps:
        board = peg(board, side, points, kind).board
    # reference: heels 2 + pair 2 + last 1 + hand 12 + crib 4 = 21 for the dealer; 2 + 1 + 7 = 10 for the pone
    assert fronts(board) == [10, 21]
    assert board.pegs[1].back == 17  # the back peg shows the crib's move
    assert board.deal == 2 and board.dealer == 0 and board.stage == "cut"


@pytest.mark.parametrize(
    ("steps", "error", "match"),
    [
        ([(0, 12, "hand")], IllegalAction, "next hand"),  # the dealer's hand before the pone's
        ([(0, 4, "crib")], IllegalAction, "counted last"),
        ([(0, 2, "fifteen"), (0, 2, "heels")], IllegalAction, "at the cut"),
        ([(1, 2, "heels")], IllegalAction, "dealer's side"),
        ([(1, 8, "hand"), (1, 2, "fifteen")], IllegalAction, "show has begun"),
        ([(1, 8, "hand"), (0, 8, "hand"), (1, 4, "crib")], IllegalAction, "dealer's side"),
        ([(1, 8, "hand"), (0, 8, "hand"), (0, 8, "hand")], IllegalAction, "crib is next"),
    ],
)
def test_scores_out_of_table_order_are_refused(steps, error, match):
    board = new_board(STANDARD, dealer=0).board
    with pytest.raises(error, match=match):
        for side, points, kind in steps:
            board = peg(board, side, points, kind).board


def test_free_scores_stand_outside_the_order():
    board = new_board(STANDARD, dealer=0).board
    board = peg(board, 1, 2, "muggins").board
    board = peg(board, 0, 2, "heels").board  # still at the cut: a muggins call does not start the play
    board = peg(board, 0, 3).board  # kind defaults to "other"
    assert fronts(board) == [5, 2] and board.stage == "play"


def test_zero_hands_are_counted_and_move_nothing():
    board = new_board(STANDARD, dealer=0).board
    update = peg(board, 1, 0, "hand")
    assert update.moves == () and update.board.shown == 1
    update = peg(update.board, 0, 0, "hand")
    update = peg(update.board, 0, 0, "crib")
    assert update.board.deal == 2 and fronts(update.board) == [0, 0]


def test_three_players_rotate_the_deal_and_show_from_the_dealers_left():
    board = new_board(preset("three_player"), dealer=2).board
    for dealer in (2, 0, 1, 2):
        assert board.dealer == dealer
        left, across = (dealer + 1) % 3, (dealer + 2) % 3
        with pytest.raises(IllegalAction):
            peg(board, across, 4, "hand")
        board = peg(board, left, 4, "hand").board
        board = peg(board, across, 5, "hand").board
        board = peg(board, dealer, 6, "hand").board
        board = peg(board, dealer, 1, "crib").board
    # seat 0: left, dealer, across, left; seat 1: across, left, dealer, across; seat 2 deals twice
    assert fronts(board) == [4 + 7 + 5 + 4, 5 + 4 + 7 + 5, 7 + 5 + 4 + 7]


def test_partnerships_pool_scores_and_show_in_seat_order():
    board = new_board(preset("four_player"), dealer=3).board
    assert board.rules.sides == 2
    # show order from the dealer's left: seats 0, 1, 2, 3 -> sides 0, 1, 0, 1
    for side, points in ((0, 4), (1, 6), (0, 8), (1, 10)):
        board = peg(board, side, points, "hand").board
    board = peg(board, 1, 2, "crib").board
    assert fronts(board) == [12, 18]
    assert board.dealer == 0
    with pytest.raises(IllegalAction, match="seat 1"):
        peg(board, 0, 4, "hand")


def test_a_side_that_does_not_exist():
    board = new_board(STANDARD, dealer=0).board
    with pytest.raises(InvalidScore, match="no side 2"):
        peg(board, 2, 2, "fifteen")
    partners = new_board(preset("four_player"), dealer=0).board
    with pytest.raises(InvalidScore, match="no side 3"):
        peg(partners, 3, 2, "fifteen")


def test_a_dealer_that_is_not_a_seat():
    with pytest.raises(IllegalAction):
        new_board(STANDARD, dealer=2)


# --- bounds --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        ("pair", 20),
        ("pair", 0),
        ("pair_royal", 2),
        ("run", 8),
        ("run", 2),
        ("fifteen", 3),
        ("go", 2),
        ("heels", 1),
        ("pegging", 16),
        ("hand", 19),
        ("hand", 25),
        ("hand", 26),
        ("hand", 27),
        ("hand", 30),
        ("fifteen", 0),
        ("other", 0),
        ("other", 30),
    ],
)
def test_impossible_single_scores(kind, points):
    board = new_board(STANDARD, dealer=0).board
    side = 1 if kind == "hand" else 0
    with pytest.raises(InvalidScore):
        peg(board, side, points, kind)


def test_three_card_hands_and_cribs():
    five = new_board(preset("five_card"), dealer=0).board
    for points in (16, 17, 18, 19, 21):
        with pytest.raises(InvalidScore):
            peg(five, 1, points, "hand")
    board = peg(five, 1, 20, "hand").board
    board = peg(board, 0, 15, "hand").board
    with pytest.raises(InvalidScore):
        peg(board, 0, 19, "crib")
    assert peg(board, 0, 29, "crib").board.deal == 2


def test_deal_bounds_are_the_sum_of_their_parts():
    # docs/rules.md: heels 2, a crib and a hand at most 29, at most 15 a card in the play (4 cards a hand)
    assert pegging_bound(STANDARD, 0) == 60
    assert deal_bound(STANDARD, 0, dealer=0) == 2 + 60 + 29 + 29
    assert deal_bound(STANDARD, 1, dealer=0) == 60 + 29
    partners = preset("four_player")
    assert deal_bound(partners, 1, dealer=3) == 2 + 120 + 29 + 29 + 29
    five = preset("five_card")
    assert deal_bound(five, 1, dealer=0) == 45 + 20


def test_absurd_deals():
    board = new_board(STANDARD, dealer=0).board
    with pytest.raises(InvalidScore, match="at most 89"):
        score_deal(board, DealTotals((10, 90)))
    with pytest.raises(InvalidScore, match="at most 120"):
        score_deal(board, DealTotals((121, 10)))
    with pytest.raises(InvalidScore):
        score_deal(board, DealTotals((10,)))
    with pytest.raises(InvalidScore):
        score_deal(board, DealItems(heels=0, pegging=(61, 0), hands=(0, 0), crib=0))
    with pytest.raises(InvalidScore):
        score_deal(board, DealItems(heels=0, pegging=(0, 0), hands=(19, 0), crib=0))
    with pytest.raises(InvalidScore):
        score_deal(board, DealItems(heels=0, pegging=(0, 0), hands=(0, 0), crib=27))
    with pytest.raises(InvalidScore):
        score_deal(board, DealItems(heels=1, pegging=(0, 0), hands=(0, 0), crib=0))
    with pytest.raises(InvalidScore):
        score_deal(board, DealItems(heels=0, pegging=(0, 0), hands=(0, 0, 0), crib=0))


# --- whole deals ---------------------------------------------------------------------------


def test_one_number_per_side_that_takes_both_sides_out_asks_for_the_itemised_form():
    board = board_at([(110, 100), (112, 105)])
    with pytest.raises(AmbiguousDeal, match="itemised") as info:
        score_deal(board, DealTotals((15, 12)))
    assert info.value.extra["sides"] == [0, 1]
    # one side out: it wins; the other's number is what it pegged before
    update = score_deal(board, DealTotals((15, 6)))
    assert update.board.winner == 0 and fronts(update.board) == [121, 118]
    assert [m.side for m in update.moves] == [1, 0]  # the side that goes out is pegged last


def test_pegging_that_takes_both_sides_out_needs_the_play_score_by_score():
    board = board_at([(115, 100), (118, 105)])
    with pytest.raises(AmbiguousDeal, match="one score at a time"):
        score_deal(board, DealItems(heels=0, pegging=(6, 3), hands=(0, 0), crib=0))


def test_a_deal_cannot_be_given_whole_once_pegging_started():
    board = peg(new_board(STANDARD, dealer=0).board, 1, 2, "fifteen").board
    with pytest.raises(IllegalAction):
        score_deal(board, DealTotals((1, 1)))


def test_fixed_deals_end_after_the_last_deal_and_compare_totals():
    board = new_board(resolve("six_card", {"fixed_deals": 2}), dealer=0).board
    assert board.target is None
    board = score_deal(board, DealTotals((100, 80))).board
    assert not board.over
    board = score_deal(board, DealTotals((60, 70))).board  # past 121: no target in this game
    assert board.over and board.winner == 0 and fronts(board) == [160, 150]
    assert board.outcome is not None and board.outcome.margin == 10 and board.outcome.skunk == "none"
    drawn = new_board(resolve("three_player", {"fixed_deals": 3}), dealer=0).board
    for scores in ((10, 12, 14), (9, 7, 5), (3, 3, 3)):
        drawn = score_deal(drawn, DealTotals(scores)).board
    assert drawn.over and drawn.winner is None and fronts(drawn) == [22, 22, 22]
    assert board_from_dict(board_dict(drawn)) == drawn


def test_five_card_three_for_last_goes_to_the_first_pone():
    update = new_board(preset("five_card"), dealer=0)
    assert fronts(update.board) == [0, 3]
    assert [(m.side, m.kind, m.points) for m in update.moves] == [(1, "three_for_last", 3)]
    assert update.board.target == 61
    every = new_board(resolve("five_card", {"three_for_last": "every_deal"}), dealer=0)
    board = score_deal(every.board, DealTotals((0, 0))).board
    assert fronts(board) == [3, 3]  # the new pone (seat 0) gets three for the second deal


def test_sixty_one_board_uses_the_half_the_holes_skunk():
    board = board_at([(50, 40), (20, 10)], options={"target": 61})
    update = score_deal(board, DealTotals((11, 0)))
    assert update.board.outcome is not None and update.board.outcome.skunk == "skunk"


# --- tampered boards -----------------------------------------------------------------------


def good() -> dict[str, Any]:
    return board_dict(board_at([(30, 20), (25, 24)]))


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        (lambda d: d["pegs"][0].update(back=31), "/board/pegs/0"),
        (lambda d: d["pegs"][1].update(front=24), "/board/pegs/1"),
        (lambda d: d["pegs"][0].update(front=122, back=100), "/board/pegs/0/front"),
        (lambda d: d["pegs"].append({"front": 0, "back": 0}), "/board/pegs"),
        (lambda d: d.update(dealer=1), "/board/dealer"),
        (lambda d: d.update(first_dealer=3), "/board/first_dealer"),
        (lambda d: d.update(players=3), "/board/players"),
        (lambda d: d.update(sides=4), "/board/sides"),
        (lambda d: d.update(target=61), "/board/target"),
        (lambda d: d.update(partnerships=True), "/board/partnerships"),
        (lambda d: d.update(over=True), "/board/over"),
        (lambda d: d.update(winner=0), "/board/winner"),
        (lambda d: d.update(stage="show"), "/board/shown"),
        (lambda d: d.update(shown=1), "/board/shown"),
        (lambda d: d.update(shown=3, stage="show"), "/board/shown"),
        (lambda d: d.update(outcome=good_outcome()), "/board/outcome"),
        (
            lambda d: (
                d["pegs"][0].update(front=600, back=0)
                or d.update(target=None, fixed_deals=4, options={"fixed_deals": 4})
            ),
            "/board/pegs/0/front",
        ),
    ],
)
def test_inconsistent_boards_are_refused(change, pointer):
    data = good()
    change(data)
    with pytest.raises(InvalidBoard) as info:
        board_from_dict(data)
    assert info.value.pointer == pointer


def good_outcome() -> dict[str, Any]:
    return {
        "scores": [121, 25],
        "winner": 0,
        "draw": False,
        "margin": 96,
        "skunk": "triple_skunk",
        "skunk_level": 3,
        "skunked": [0, 3],
        "game_points": [3, 0],
        "spread": [96, -96],
        "scheme": "acc",
        "skunk_lines": [91, 61, 31],
        "fixed_deals": False,
        "conceded_by": None,
    }


def test_a_finished_board_with_a_forged_result_is_refused():
    finished = board_dict(score_deal(board_at([(110, 100), (25, 24)]), DealTotals((11, 0))).board)
    assert board_from_dict(finished).winner == 0
    for forge in (
        lambda d: d.update(winner=1),
        lambda d: d["outcome"].update(game_points=[2, 0]),
        lambda d: d.update(outcome=None),
        lambda d: d["pegs"][1].update(front=121),
    ):
        data = finished | {"pegs": [dict(p) for p in finished["pegs"]], "outcome": dict(finished["outcome"])}
        forge(data)
        with pytest.raises(InvalidBoard):
            board_from_dict(data)


def test_board_rules_are_checked():
    data = good()
    data["options"] = {"skunk_lines": [31, 61]}
    with pytest.raises(InvalidRules) as info:
        board_from_dict(data)
    assert info.value.pointer is not None and info.value.pointer.startswith("/board/options")


# --- properties against a reference model ------------------------------------------------


def reference_game(first_dealer: int, deals: list[tuple[int, tuple[int, int], tuple[int, int], int]]):
    """Plain integers, in counting order: heels, the pegging (a side that goes out in the
    play pegs last: the other side's number is what it had pegged by then), the pone's hand,
    the dealer's hand, the crib; stop at 121."""
    score, back = [0, 0], [0, 0]
    dealer = first_dealer
    for heels, pegging, hands, crib in deals:
        pone = 1 - dealer
        after_heels = [score[0] + heels * (dealer == 0), score[1] + heels * (dealer == 1)]
        play = sorted((0, 1), key=lambda s: after_heels[s] + pegging[s] >= 121)
        steps = [
            (dealer, heels),
            (play[0], pegging[play[0]]),
            (play[1], pegging[play[1]]),
            (pone, hands[0]),
            (dealer, hands[1]),
            (dealer, crib),
        ]
        for side, points in steps:
            if points:
                back[side] = score[side]
                score[side] = min(121, score[side] + points)
                if score[side] == 121:
                    return score, back, side
        dealer = pone
    return score, back, None


HANDS = st.sampled_from(sorted(set(range(30)) - {19, 25, 26, 27}))
DEALS = st.tuples(
    st.sampled_from([0, 2]), st.tuples(st.integers(0, 12), st.integers(0, 12)), st.tuples(HANDS, HANDS), HANDS
)


@given(first_dealer=st.integers(0, 1), deals=st.lists(DEALS, min_size=1, max_size=25))
def test_itemised_deals_match_the_reference(first_dealer, deals):
    board = new_board(STANDARD, first_dealer).board
    played = []
    for deal in deals:
        if board.over:
            break
        heels, pegging, hands, crib = deal
        try:
            board = score_deal(board, DealItems(heels, pegging, hands, crib)).board
        except AmbiguousDeal:
            # only when both sides' pegging reaches 121: the reference then cannot say either
            assert all(board.pegs[s].front + heels * (s == board.dealer) + pegging[s] >= 121 for s in (0, 1))
            break
        played.append(deal)
        # the round trip through JSON keeps every fact
        assert board_from_dict(board_dict(board)) == board
    score, back, winner = reference_game(first_dealer, played)
    assert fronts(board) == score
    assert [p.back for p in board.pegs] == back
    assert board.winner == winner and board.over == (winner is not None)
    if winner is not None:
        loser = score[1 - winner]
        assert board.outcome is not None
        assert board.outcome.skunk_level == (loser < 91) + (loser < 61) + (loser < 31)


@given(
    first_dealer=st.integers(0, 1),
    deals=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=20),
)
def test_one_number_deals_and_peg_by_peg_agree(first_dealer, deals):
    """A deal given as one number per side equals the same points pegged one at a time as
    'other' scores and a zero show (when neither goes out, the order does not matter)."""
    whole = new_board(STANDARD, first_dealer).board
    steps = whole
    for points in deals:
        if whole.over:
            break
        try:
            whole = score_deal(whole, DealTotals(points)).board
        except AmbiguousDeal:
            assert all(steps.pegs[s].front + points[s] >= 121 for s in (0, 1))
            return
        for side in sorted((0, 1), key=lambda s: steps.pegs[s].front + points[s] >= 121):
            remaining = points[side]
            while remaining and not steps.over:
                chunk = min(20, remaining)
                steps = peg(steps, side, chunk).board
                remaining -= chunk
        if not steps.over:
            pone = (steps.dealer + 1) % 2
            steps = peg(steps, pone, 0, "hand").board
            steps = peg(steps, 1 - pone, 0, "hand").board
            steps = peg(steps, 1 - pone, 0, "crib").board
        assert fronts(whole) == fronts(steps)
        assert whole.winner == steps.winner and whole.deal == steps.deal and whole.dealer == steps.dealer


def test_possible_show_totals_agree_with_the_exhaustive_tables():
    """The bounds' 'never 19, 25, 26, 27' (and 16-19 for three cards) are exactly the totals
    that no hand reaches in tests/data/score_distributions.json (the published table)."""
    import json
    from pathlib import Path

    from service.core.scoring.reach import CRIB_TOTALS, FOUR_CARD_TOTALS, THREE_CARD_TOTALS

    data_file = Path(__file__).resolve().parents[2] / "data" / "score_distributions.json"
    tables = json.loads(data_file.read_text())
    for name, totals in (("hand", FOUR_CARD_TOTALS), ("crib", CRIB_TOTALS), ("five_card_hand", THREE_CARD_TOTALS)):
        reached = {int(total) for total, count in tables[name]["counts"].items() if count}
        assert reached == set(totals), name


def test_no_score_makes_a_board_the_service_would_refuse() -> None:
    # Penalties (1 to 29 each, any number a deal), and any score after them, are refused once a
    # side would hold more than its deals could give, the bound every board sent back is held
    # to: a board the service answers with is always one it takes back.
    board = new_board(resolve("six_card", {"fixed_deals": 2}), 0).board
    for _ in range(4):
        board = peg(board, 1, 29, "penalty").board
    assert fronts(board) == [0, 116]
    with pytest.raises(InvalidScore) as refused:
        peg(board, 1, 29, "penalty")
    assert refused.value.pointer == "/points"
    assert board_from_dict(board_dict(board)) == board  # what was answered is taken back
    with pytest.raises(InvalidScore):  # the penalties used up the room: nor may a hand pass it
        peg(board, 1, 29, "hand")
    assert fronts(peg(board, 0, 2, "heels").board) == [2, 116]  # and the game goes on
