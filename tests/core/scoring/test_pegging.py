"""The play (pegging): docs/rules.md section 12 cases P1-P16, M1-M4 and F1 through the core, the
bad inputs, and Hypothesis playouts checked against a plain reference written here.

Expected numbers are the worked answers of docs/rules.md (hand-checked there by two scorers), or
counted by hand in the comments. The reference at the bottom is independent of
``service.core.scoring.pegging``: cards are ``(rank, suit)`` pairs and nothing from the scorer is used.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.api.wire.pegging import sequence as sequence_dict
from service.api.wire.problems import member
from service.core.cards import Card, parse_card, parse_cards
from service.core.errors import CribbageError, DuplicateCard, IllegalPlay, InvalidRules, WrongCardCount
from service.core.rules import resolve, rules_for_table
from service.core.scoring.pegging import Play, play_card, say_go, score_play, start_play
from service.core.scoring.sequence import score_card, score_sequence
from tests.support.cases import CARD_CASES, P8_HANDS, SEQUENCE_CASES
from tests.support.reference_play import REF_DECK, RefCard, RefPlay, ref_card, ref_peg, ref_value, rules_44_totals


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(("case", "pile", "card", "points", "kinds"), CARD_CASES, ids=[c[0] for c in CARD_CASES])
def test_one_card_in_its_count(case: str, pile: str, card: str, points: int, kinds: list[str]) -> None:
    items = score_play(cards(pile), parse_card(card))
    assert sorted(item.kind for item in items) == sorted(kinds)
    assert sum(item.points for item in items) == points
    result = score_card(cards(pile), parse_card(card))
    assert result.points == points and result.items == items
    assert result.pile == (*cards(pile), parse_card(card))
    assert result.count == sum(c.value for c in result.pile)


def test_items_name_the_cards_that_made_them() -> None:
    # P1: 4, 6, 5: the fifteen is all three cards, and so is the run.
    items = {i.kind: i for i in score_play(cards("4S 6D"), parse_card("5C"))}
    assert [str(c) for c in items["fifteen"].cards] == ["4S", "6D", "5C"]
    assert [str(c) for c in items["run"].cards] == ["4S", "6D", "5C"]
    # A pair names only the trailing cards of the rank; a run only its window.
    (pair,) = score_play(cards("9C 5S"), parse_card("5H"))
    assert [str(c) for c in pair.cards] == ["5S", "5H"]
    (run,) = score_play(cards("AH 3S 5H 7D 4C"), parse_card("6S"))
    assert [str(c) for c in run.cards] == ["3S", "5H", "7D", "4C", "6S"]


# --------------------------------------------------------------------------------------------
# Whole plays. Seat 0 is the pone (who leads with two players); plays are "0:KS", "1:go".


def parse_plays(text: str) -> list[tuple[int, Card | None]]:
    out: list[tuple[int, Card | None]] = []
    for entry in text.split():
        seat, what = entry.split(":")
        out.append((int(seat), None if what == "go" else parse_card(what)))
    return out


def hands_of(text: str | None) -> list[tuple[Card, ...]] | None:
    return None if text is None else [cards(hand) for hand in text.split("|")]


def run_case(variant: str, options: dict[str, str] | None, leader: int, hands: str | None, plays: str):  # type: ignore[no-untyped-def]
    rules = resolve(variant, options)
    return score_sequence(rules, leader, parse_plays(plays), hands_of(hands))


@pytest.mark.parametrize(
    ("case", "variant", "options", "leader", "hands", "plays", "totals", "points", "complete", "turn"),
    SEQUENCE_CASES,
    ids=[c[0] for c in SEQUENCE_CASES],
)
def test_whole_plays(
    case: str,
    variant: str,
    options: dict[str, str] | None,
    leader: int,
    hands: str | None,
    plays: str,
    totals: list[int],
    points: dict[int, int],
    complete: bool,
    turn: int | None,
) -> None:
    result = run_case(variant, options, leader, hands, plays)
    assert list(result.seat_totals()) == totals
    for index, expected in points.items():
        assert sum(item.points for _, item in result.steps[index].scores) == expected, index
    assert result.complete is complete
    assert result.final.turn == turn
    # Every entry not listed scores nothing.
    for index, step in enumerate(result.steps):
        if index not in points:
            assert step.scores == (), (index, step)


def test_go_points_go_to_the_last_card_not_to_the_seat_saying_go() -> None:
    # P13: the pone played the 9 (29); the dealer's go and then the pone's go end the count.
    result = run_case("six_card", None, 0, "10S 9D 5C 4H|KH 8C 7D 6S", "0:10S 1:KH 0:9D 1:go 0:go")
    step = result.steps[4]
    assert step.seat == 0 and step.card is None and step.reset
    ((seat, item),) = step.scores
    assert (seat, item.kind, item.points, [str(c) for c in item.cards]) == (0, "go", 1, ["9D"])
    # P12: the pone says go first, then the dealer; the go point is the dealer's (he played the 5).
    result = run_case("six_card", None, 0, "KS 4D 6C 7H|QH 5C 8S 9D", "0:KS 1:QH 0:4D 1:5C 0:go 1:go")
    ((seat, item),) = result.steps[5].scores
    assert (seat, item.kind, result.steps[5].seat) == (1, "go", 1)


def test_resets_and_leaders() -> None:
    # P8: the count ends at the second go; the dealer leads the next one.
    result = run_case("six_card", None, 0, "KS KD 2S 2D|10H 7C 2H 2C", "0:KS 1:10H 0:KD 1:go 0:go")
    assert [i for i, s in enumerate(result.steps) if s.reset] == [4]
    assert result.final.turn == 1 and result.final.pile == () and not result.complete
    # M1: after B's 31 the next count is led by C, the seat left of B.
    result = run_case("three_player", None, 0, "KS 5S 6S 7S|QH 2H 9H 8H|9C AC 3C 4C", "0:KS 1:QH 2:9C 0:go 1:2H")
    assert result.steps[4].reset and result.steps[4].count == 31 and result.final.turn == 2
    # P15: the pone is out after his go point, so the dealer leads again.
    result = run_case("six_card", None, 0, "JH 2S AS 2H|9S 8C 8D 5D", "0:2S 1:5D 0:JH 1:9S 0:2H 1:go 0:AS")
    assert result.steps[6].reset and result.final.turn == 1


def test_last_card_making_31_scores_2_not_3() -> None:
    # K, K (pair 2), Q (30), dealer go, pone A = 31 (2). The dealer leads Q, pone 5 (15: 2) and
    # is out, dealer 6 (21), dealer J = 31 with the last card of the play: 2, not 3.
    result = run_case("six_card", None, 0, "KS QS AS 5S|KD QD 6D JD", "0:KS 1:KD 0:QS 1:go 0:AS 1:QD 0:5S 1:6D 1:JD")
    assert result.seat_totals() == (4, 4) and result.complete
    last = result.steps[-1]
    assert [(seat, item.kind, item.points) for seat, item in last.scores] == [(1, "thirty_one", 2)]
    assert last.play_over and last.count == 31


def test_m2_leaves_different_cards() -> None:
    default = run_case(
        "three_player", None, 0, "KS 5S 6S 7S|QH 3H 9H 8H|9C AC 2C 4C", "0:KS 1:QH 2:9C 0:go 1:go 2:AC 2:go"
    )
    bicycle = run_case(
        "three_player",
        {"multi_go_rule": "bicycle_three_hand"},
        0,
        "KS 5S 6S 7S|QH 3H 9H 8H|9C AC 2C 4C",
        "0:KS 1:QH 2:9C 0:go 1:go",
    )
    assert default.final.hands is not None and bicycle.final.hands is not None
    assert sorted(map(str, default.final.hands[2])) == ["2C", "4C"]
    assert sorted(map(str, bicycle.final.hands[2])) == ["2C", "4C", "AC"]
    # Under Bicycle's rule C may not play the ace after the second go: the count is over.
    with pytest.raises(IllegalPlay) as error:
        run_case(
            "three_player",
            {"multi_go_rule": "bicycle_three_hand"},
            0,
            "KS 5S 6S 7S|QH 3H 9H 8H|9C AC 2C 4C",
            "0:KS 1:QH 2:9C 0:go 1:go 2:AC",
        )
    assert error.value.pointer == "/plays/5/seat"


def test_m1_b_must_play_the_two() -> None:
    with pytest.raises(IllegalPlay) as error:
        run_case("three_player", None, 0, "KS 5S 6S 7S|QH 2H 9H 8H|9C AC 3C 4C", "0:KS 1:QH 2:9C 0:go 1:go")
    assert error.value.pointer == "/plays/4/go"
    assert member(error.value.extra["legal_actions"]) == [{"seat": 1, "card": "2H"}]


def test_partnership_totals() -> None:
    result = run_case("four_player", None, 0, None, "0:4S 1:6H 2:5D 3:3C 0:7S 1:go 2:go 3:2C 0:go 3:go")
    assert result.side_totals() == (10, 11)
    individual = run_case("four_player_individual", None, 0, None, "0:4S 1:6H 2:5D 3:3C 0:7S 1:go 2:go 3:2C 0:go 3:go")
    assert individual.side_totals() == (5, 0, 5, 11)
    # M4 as a whole play: A&C 3 + 4, B&D 3 + 12.
    m4 = next(c for c in SEQUENCE_CASES if c[0] == "M4")
    result = run_case(*m4[1:6])  # type: ignore[arg-type]
    assert result.side_totals() == (7, 15)


def test_the_skipped_seat_in_m4() -> None:
    m4 = next(c for c in SEQUENCE_CASES if c[0] == "M4")
    result = run_case(*m4[1:6])  # type: ignore[arg-type]
    step = result.steps[16]  # B's jack at 30, straight after D's jack: A holds nothing
    assert result.steps[15].seat == 3 and str(result.steps[15].card) == "JC"
    assert step.seat == 1 and step.count == 30
    ((seat, item),) = step.scores
    assert (seat, item.kind, [str(c) for c in item.cards]) == (1, "pair", ["JC", "JH"])


def test_five_card_play_ends_at_the_first_count() -> None:
    result = run_case("five_card", None, 0, "10S 9D 2C|KH 5C 7D", "0:10S 1:KH 0:9D 1:go 0:2C")
    assert result.steps[-1].play_over and result.final.over
    assert result.final.hands is not None and [str(c) for c in result.final.hands[1]] == ["5C", "7D"]
    with pytest.raises(IllegalPlay) as error:
        run_case("five_card", None, 0, "10S 9D 2C|KH 5C 7D", "0:10S 1:KH 0:9D 1:go 0:2C 1:5C")
    assert error.value.pointer == "/plays/5"


def test_five_card_last_card() -> None:
    # Every card fits in one count (21). Played A 4 2 5 3 6: the 3 makes 15 (2) and the run
    # A..5 (5); the 6 makes the run A..6 (6) and is the last card (1).
    result = run_case("five_card", None, 0, "AS 2S 3S|4H 5H 6H", "0:AS 1:4H 0:2S 1:5H 0:3S 1:6H")
    assert result.seat_totals() == (7, 7) and result.complete
    kinds = [item.kind for _, item in result.steps[-1].scores]
    assert kinds == ["run", "last_card"]


# --------------------------------------------------------------------------------------------
# Bad input


def test_score_card_rejections() -> None:
    with pytest.raises(IllegalPlay) as error:
        score_card(cards("10S 10D 5C"), parse_card("7H"))  # 25 + 7 = 32
    assert error.value.pointer == "/card" and "32" in error.value.message
    with pytest.raises(DuplicateCard) as dup:
        score_card(cards("10S 5C"), parse_card("5C"))
    assert dup.value.pointer == "/card"
    with pytest.raises(IllegalPlay) as over:
        score_card(cards("10S 10D 10C 5H"), parse_card("AH"))  # the pile counts 35
    assert over.value.pointer == "/pile"
    with pytest.raises(DuplicateCard) as twice:
        score_card(cards("10S 5C 5C"), parse_card("AH"))
    assert twice.value.pointer == "/pile/2"
    with pytest.raises(IllegalPlay) as full:
        score_card(cards("10S 10D 10C AH"), parse_card("AS"))  # a count of 31 is over
    assert full.value.pointer == "/pile"


@pytest.mark.parametrize(
    ("case", "hands", "plays", "error", "pointer"),
    [
        ("out-of-turn", None, "0:KS 0:KD", IllegalPlay, "/plays/1/seat"),
        ("out-of-turn-lead", None, "1:KS", IllegalPlay, "/plays/0/seat"),
        ("past-31", None, "0:KS 1:10H 0:KD 1:2H", IllegalPlay, "/plays/3/card"),
        ("already-played", None, "0:KS 1:KS", DuplicateCard, "/plays/1/card"),
        ("not-in-hand", P8_HANDS, "0:KS 1:9H", IllegalPlay, "/plays/1/card"),
        ("other-seats-card", P8_HANDS, "0:KS 1:KD", IllegalPlay, "/plays/1/card"),
        ("go-while-able", P8_HANDS, "0:KS 1:go", IllegalPlay, "/plays/1/go"),
        ("go-on-empty-count", None, "0:go", IllegalPlay, "/plays/0/go"),
        ("seat-out-of-range", None, "0:KS 2:10H", IllegalPlay, "/plays/1/seat"),
        ("after-the-play", None, "0:AS 1:AH 0:2S 1:2H 0:3S 1:3H 0:4S 1:4H 0:5S", IllegalPlay, "/plays/8"),
    ],
)
def test_sequence_rejections(
    case: str, hands: str | None, plays: str, error: type[CribbageError], pointer: str
) -> None:
    with pytest.raises(error) as raised:
        score_sequence(rules_for_table(2), 0, parse_plays(plays), hands_of(hands))
    assert raised.value.pointer == pointer


def test_rejections_with_hands_list_the_legal_actions() -> None:
    with pytest.raises(IllegalPlay) as raised:
        score_sequence(rules_for_table(2), 0, parse_plays("0:KS 1:go"), hands_of(P8_HANDS))
    legal = member(raised.value.extra["legal_actions"])
    assert sorted(a["card"] for a in legal) == ["10H", "2C", "2H", "7C"]
    # At 30 with only twos left, the only legal action is a go.
    with pytest.raises(IllegalPlay) as raised:
        score_sequence(rules_for_table(2), 0, parse_plays("0:KS 1:10H 0:KD 1:2H"), hands_of(P8_HANDS))
    assert member(raised.value.extra["legal_actions"]) == [{"seat": 1, "go": True}]


def test_setup_rejections() -> None:
    with pytest.raises(IllegalPlay) as leader:
        score_sequence(rules_for_table(3), 3, [])
    assert leader.value.pointer == "/leader"
    with pytest.raises(InvalidRules) as variant:
        rules_for_table(3, "six_card")
    assert variant.value.pointer == "/variant"
    with pytest.raises(InvalidRules):
        rules_for_table(4, "three_player")
    with pytest.raises(WrongCardCount) as short:
        score_sequence(rules_for_table(2), 0, [], hands_of("KS KD 2S|10H 7C 2H 2C"))
    assert short.value.pointer == "/hands/0"
    with pytest.raises(WrongCardCount) as count:
        score_sequence(rules_for_table(2), 0, [], hands_of(P8_HANDS + "|AS 2C 3C 4C"))
    assert count.value.pointer == "/hands"
    with pytest.raises(DuplicateCard) as dealt:
        score_sequence(rules_for_table(2), 0, [], hands_of("KS KD 2S 2D|10H 7C 2H KS"))
    assert dealt.value.pointer == "/hands/1/3"


def test_default_variants() -> None:
    assert rules_for_table(2).name == "six_card"
    assert rules_for_table(3).name == "three_player"
    assert rules_for_table(4).name == "four_player" and rules_for_table(4).partnerships
    assert (
        rules_for_table(2, "five_card", {"multi_go_rule": "bicycle_three_hand"}).multi_go_rule == "bicycle_three_hand"
    )


VARIANTS = ["six_card", "five_card", "three_player", "four_player", "four_player_individual"]


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, str, int, list[list[str]]]:
    variant = draw(st.sampled_from(VARIANTS))
    go_rule = draw(st.sampled_from(["continue_until_none", "bicycle_three_hand"]))
    rules = resolve(variant, {"multi_go_rule": go_rule})
    deck = draw(st.permutations(REF_DECK))
    size = rules.hand_size
    hands = [list(deck[seat * size : (seat + 1) * size]) for seat in range(rules.players)]
    leader = draw(st.integers(0, rules.players - 1))
    return variant, go_rule, leader, hands


@given(deal=deals(), data=st.data())
def test_random_plays_match_the_reference(deal: tuple[str, str, int, list[list[str]]], data: st.DataObject) -> None:
    variant, go_rule, leader, hands = deal
    rules = resolve(variant, {"multi_go_rule": go_rule})
    ref = RefPlay(
        [[ref_card(c) for c in h] for h in hands], leader, rules.single_count_play, go_rule == "bicycle_three_hand"
    )
    play: Play = start_play(rules, leader, [[parse_card(c) for c in h] for h in hands])
    actions: list[tuple[int, Card | None]] = []
    expected_steps: list[dict[int, int]] = []
    card_order: list[tuple[int, RefCard]] = []
    names = {ref_card(c): c for c in REF_DECK}
    while ref.turn is not None:
        assert play.turn == ref.turn
        seat = ref.turn
        options = ref.playable()
        if options:
            choice = data.draw(st.sampled_from(options))
            pile = list(play.pile)
            card = parse_card(names[choice])
            items = score_play(pile, card)
            assert sum(item.points for item in items) == ref_peg([*map(ref_card, map(str, pile)), choice])
            expected = ref.play(choice)
            play, step = play_card(play, seat, card)
            actions.append((seat, card))
            card_order.append((seat, choice))
        else:
            expected = ref.go()
            play, step = say_go(play, seat)
            actions.append((seat, None))
        got: dict[int, int] = {}
        for who, item in step.scores:
            got[who] = got.get(who, 0) + item.points
            assert item.cards, item  # every item names the cards that made it
        assert {k: v for k, v in got.items() if v} == {k: v for k, v in expected.items() if v}, (actions, step)
        expected_steps.append(expected)
    assert play.over
    # The same plays through score_sequence: same steps, totals per seat and per side.
    result = score_sequence(rules, leader, actions, [[parse_card(c) for c in h] for h in hands])
    totals = [0] * rules.players
    for expected in expected_steps:
        for seat, points in expected.items():
            totals[seat] += points
    assert list(result.seat_totals()) == totals
    sides = [0] * rules.sides
    for seat, points in enumerate(totals):
        sides[seat % 2 if rules.partnerships else seat] += points
    assert list(result.side_totals()) == sides
    assert result.complete
    # The total of the items always equals the points, per entry and over the play.
    answer = sequence_dict(result)
    for step in answer["plays"]:
        assert step["points"] == sum(item["points"] for item in step["items"])
    assert sum(step["points"] for step in answer["plays"]) == sum(totals) == sum(answer["totals"]["sides"])
    if go_rule == "continue_until_none":
        assert (
            rules_44_totals([[ref_card(c) for c in h] for h in hands], leader, card_order, rules.single_count_play)
            == totals
        )
    # Without hands (goes on trust) the same plays score the same.
    assert score_sequence(rules, leader, actions).seat_totals() == result.seat_totals()


@given(pile=st.lists(st.sampled_from(REF_DECK), max_size=13, unique=True), card=st.sampled_from(REF_DECK))
def test_any_card_on_any_pile(pile: list[str], card: str) -> None:
    parsed = [parse_card(c) for c in pile]
    count = sum(ref_value(ref_card(c)) for c in pile)
    if count > 31 or card in pile or count + ref_value(ref_card(card)) > 31 or count == 31:
        with pytest.raises(CribbageError):
            score_card(parsed, parse_card(card))
        return
    result = score_card(parsed, parse_card(card))
    assert result.points == sum(item.points for item in result.items)
    assert result.points == ref_peg([ref_card(c) for c in (*pile, card)])
    for item in result.items:
        assert tuple(result.pile[-len(item.cards) :]) == item.cards  # the trailing cards made it


def test_a_go_while_any_card_must_fit_is_refused_even_without_hands() -> None:
    # At a count of 21 or less every card (worth at most 10) still fits under 31.
    from service.core.errors import IllegalPlay
    from service.core.rules import preset
    from service.core.scoring.pegging import play_card, say_go, start_play

    play = start_play(preset("six_card"), 0)
    play, _ = play_card(play, 0, parse_card("5S"))
    with pytest.raises(IllegalPlay):
        say_go(play, 1)


def test_a_go_that_a_later_card_of_the_same_seat_would_have_fitted_is_refused_at_the_go() -> None:
    # Without hands, the cards a seat lays later were in its hand all along (nothing is drawn in
    # the play): seat 1 said go at 25 and later laid 2H, which makes 27.
    from service.core.errors import IllegalPlay
    from service.core.rules import rules_for_table
    from service.core.scoring.sequence import score_sequence

    k, q, five, two, ace, nine, eight = (parse_card(c) for c in ("KS", "QH", "5S", "2H", "AS", "9H", "8S"))
    opening = [(0, k), (1, q), (0, five), (1, None), (0, None)]
    with pytest.raises(IllegalPlay) as refused:
        score_sequence(rules_for_table(2), 0, [*opening, (1, two), (0, ace)])
    assert refused.value.pointer == "/plays/3/go"
    # Cards too big for the count of the go say nothing against it (9 and 8 on 25 pass 31),
    # nor does the count the go itself ended (seat 0's go closed it at 25, not at 0).
    result = score_sequence(rules_for_table(2), 0, [*opening, (1, nine), (0, eight)])
    assert result.seat_totals() == (1, 0)  # the go point for the 5 that made 25


def test_a_card_played_before_is_refused_as_such_not_held_against_an_earlier_go() -> None:
    # 2H was seat 1's: seat 0 laying it again is the fault (at that card), not seat 0's go at 25.
    from service.core.errors import DuplicateCard
    from service.core.rules import rules_for_table
    from service.core.scoring.sequence import score_sequence

    ks, two, qc, three, ace = (parse_card(c) for c in ("KS", "2H", "QC", "3D", "AS"))
    plays = [(0, ks), (1, two), (0, qc), (1, three), (0, None), (1, ace), (1, None), (0, two)]
    with pytest.raises(DuplicateCard) as refused:
        score_sequence(rules_for_table(2), 0, plays)
    assert refused.value.pointer == "/plays/7/card"


def test_the_go_is_the_first_fault_though_the_card_that_shows_it_is_wrong_too() -> None:
    # Seat 0 said go at 25 holding 6D, then laid it past 31: the go is the first illegal entry.
    from service.core.errors import IllegalPlay
    from service.core.rules import rules_for_table
    from service.core.scoring.sequence import score_sequence

    ks, qc, five, kh, qh, nine, six = (parse_card(c) for c in ("KS", "QC", "5H", "KH", "QH", "9C", "6D"))
    plays = [(0, ks), (1, qc), (0, five), (1, None), (0, None), (1, kh), (0, qh), (1, nine), (0, six)]
    with pytest.raises(IllegalPlay) as refused:
        score_sequence(rules_for_table(2), 0, plays)
    assert refused.value.pointer == "/plays/4/go"
