"""Standings (ties, tie-breakers) and brackets (qualifiers, byes, seeding): docs/rules.md 8."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.api.wire.tournaments import bracket as bracket_dict
from service.core.errors import InvalidEvent, InvalidScore
from service.core.rules import STANDARD, preset, resolve
from service.core.scoring.results import GameResult
from service.core.tournaments.brackets import bracket, qualifiers_for, seeding_order
from service.core.tournaments.standings import standings


def games(*rows: tuple[str, str, int, int]) -> list[GameResult]:
    return [GameResult((a, b), (x, y)) for a, b, x, y in rows]


def table(result):
    return [
        (r.rank, r.player, r.games, r.games_won, r.games_lost, r.game_points, r.skunks, r.spread) for r in result.rows
    ]


def test_acc_standings_worked_by_hand():
    result = standings(
        games(
            ("ann", "bob", 121, 95),  # ann +2, spread +26
            ("bob", "cy", 121, 88),  # bob +3 (skunk), spread +33
            ("cy", "ann", 121, 119),  # cy +2, spread +2
            ("dee", "ann", 121, 60),  # dee +3 (a double skunk is still 3 under ACC), spread +61
        ),
        STANDARD,
    )
    # bob and dee: 3 points, 1 win each; spread breaks it (dee 61 > bob 33 - 26 = 7).
    # ann and cy: 2 points, 1 win each; spread cy -33 + 2 = -31 > ann 26 - 2 - 61 = -37.
    assert table(result) == [
        (1, "dee", 1, 1, 0, 3, 1, 61),
        (2, "bob", 2, 1, 1, 3, 1, 7),
        (3, "cy", 2, 1, 1, 2, 0, -31),
        (4, "ann", 3, 1, 2, 2, 0, -37),
    ]
    assert result.ranking == ("game_points", "games_won", "spread")


def test_ties_share_a_rank():
    # a cycle: each wins once by 10, so all are equal on points, wins and spread
    result = standings(
        games(("ann", "bob", 121, 111), ("bob", "cy", 121, 111), ("cy", "ann", 121, 111), ("dee", "eve", 121, 100)),
        STANDARD,
    )
    assert [(r.rank, r.player) for r in result.rows] == [(1, "dee"), (2, "ann"), (2, "bob"), (2, "cy"), (5, "eve")]


def test_games_won_breaks_ties_before_spread():
    rules = resolve("six_card", {"game_point_scheme": "match_1_2_3"})
    result = standings(
        games(
            ("ann", "x1", 121, 50),  # ann: double skunk = 3 points, 1 win, spread +71
            ("bob", "x2", 121, 100),  # bob: 1 point each, 3 wins, spread +63
            ("bob", "x3", 121, 100),
            ("bob", "x4", 121, 100),
        ),
        rules,
    )
    assert [(r.player, r.game_points, r.games_won) for r in result.rows[:2]] == [("bob", 3, 3), ("ann", 3, 1)]


def test_bar_league_tiebreakers():
    rules = resolve("six_card", {"game_point_scheme": "bar_league"})
    assert rules.tiebreakers == ("game_points", "games_won", "skunks", "spread")
    result = standings(games(("ann", "x1", 121, 119), ("bob", "x2", 121, 101)), rules)
    assert [(r.rank, r.player, r.spread) for r in result.rows] == [
        (1, "bob", 20),
        (2, "ann", 2),
        (3, "x1", -2),
        (4, "x2", -20),
    ]


def test_skunks_as_a_tiebreaker():
    # match_1_2_3: one skunk win (2) equals two plain wins (1 + 1)
    options = {"game_point_scheme": "match_1_2_3"}
    rows = games(("ann", "x1", 121, 90), ("y1", "ann", 121, 100), ("bob", "x2", 121, 100), ("bob", "x3", 121, 100))
    by_skunks = standings(rows, resolve("six_card", {**options, "tiebreakers": ["game_points", "skunks", "spread"]}))
    assert [r.player for r in by_skunks.rows[:2]] == ["ann", "bob"]
    default = standings(rows, resolve("six_card", options))
    assert [r.player for r in default.rows[:2]] == ["bob", "ann"]  # games won first


def test_game_points_always_lead_the_ranking():
    rules = resolve("six_card", {"tiebreakers": ["spread"]})
    result = standings(games(("ann", "bob", 121, 20), ("cy", "dee", 121, 120), ("cy", "eve", 121, 120)), rules)
    assert result.ranking == ("game_points", "spread")
    assert result.rows[0].player == "cy"  # 4 game points beat ann's 3 despite ann's larger spread
    # Naming game points after spread does not put spread first: game points lead, always (docs/rules.md 8.1).
    later = standings(
        games(("ann", "bob", 121, 20), ("cy", "dee", 121, 120), ("cy", "eve", 121, 120)),
        resolve("six_card", {"tiebreakers": ["spread", "game_points"]}),
    )
    assert later.ranking == ("game_points", "spread") and later.rows[0].player == "cy"


def test_head_to_head_counts_games_among_the_tied_players_only():
    rows = games(
        ("bob", "ann", 121, 120),  # bob beat ann by 1
        ("ann", "x1", 121, 92),  # ann +29
        ("x2", "bob", 121, 120),  # x2 beat bob by 1
    )
    # ann, bob and x2 all have 2 game points and 1 win; spread: ann 28, x2 1, bob 0
    default = standings(rows, STANDARD)
    assert [r.player for r in default.rows] == ["ann", "x2", "bob", "x1"]
    # head to head inside the tie: bob beat ann (1), x2 beat bob (1), ann beat no one in it (0);
    # spread then puts x2 over bob
    h2h = standings(rows, resolve("six_card", {"tiebreakers": ["game_points", "head_to_head", "spread"]}))
    assert [(r.rank, r.player) for r in h2h.rows] == [(1, "x2"), (2, "bob"), (3, "ann"), (4, "x1")]


def test_draws_in_fixed_deal_games():
    rules = resolve("six_card", {"fixed_deals": 2})
    result = standings(games(("ann", "bob", 80, 80), ("ann", "cy", 90, 70)), rules)
    ann = result.rows[0]
    assert (ann.player, ann.games, ann.games_won, ann.games_drawn, ann.game_points, ann.spread) == (
        "ann",
        2,
        1,
        1,
        2,
        20,
    )


def test_a_player_named_twice_in_one_game_is_refused():
    with pytest.raises(InvalidScore, match="twice") as info:
        standings(games(("ann", "bob", 121, 90), ("cy", "cy", 121, 90)), STANDARD)
    assert info.value.pointer == "/games/1/players/1"


@pytest.mark.parametrize(("scores", "match"), [((120, 90), "not over"), ((121, 121), "both reached")])
def test_a_result_with_no_winner_or_two_is_refused(scores, match):
    with pytest.raises(InvalidScore, match=match) as info:
        standings([GameResult(("ann", "bob"), (121, 100)), GameResult(("ann", "cy"), scores)], STANDARD)
    assert info.value.pointer is not None and info.value.pointer.startswith("/games/1/scores")


def test_games_must_have_one_player_per_side():
    with pytest.raises(InvalidScore):
        standings([GameResult(("ann", "bob", "cy"), (121, 100, 90))], STANDARD)
    three = standings([GameResult(("ann", "bob", "cy"), (121, 100, 50))], preset("three_player"))
    assert [(r.player, r.game_points, r.spread) for r in three.rows] == [
        ("ann", 2, 92),
        ("bob", 0, -21),
        ("cy", 0, -71),
    ]


# --- brackets ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "qualifiers", "size", "byes"),
    [
        (5, 2, 2, 0),
        (16, 4, 4, 0),
        (31, 8, 8, 0),
        (121, 31, 32, 1),
        (124, 31, 32, 1),
        (125, 32, 32, 0),
        (200, 50, 64, 14),
    ],
)
def test_one_in_four_qualify_rounded_up(entrants, qualifiers, size, byes):
    result = bracket(entrants)
    assert (result.qualifiers, result.size, result.byes) == (qualifiers, size, byes)
    assert result.qualifiers == math.ceil(entrants / 4)
    check_bracket(result)


def test_121_entrants_the_top_seed_has_the_bye():
    result = bracket(121)
    first = result.rounds[0]
    assert len(first) == 16
    assert [(m.high_seed, m.low_seed) for m in first if m.bye] == [(1, None)]
    assert {(m.high_seed, m.low_seed) for m in first} >= {(2, 31), (16, 17), (8, 25)}
    assert [len(r) for r in result.rounds] == [16, 8, 4, 2, 1]
    assert bracket_dict(result)["rounds"][-1]["name"] == "final"


def test_five_qualifiers_of_five_give_three_byes():
    result = bracket(5, 5, players=["ann", "bob", "cy", "dee", "eve"])
    first = result.rounds[0]
    assert sorted((m.high_seed, m.low_seed) for m in first) == [(1, None), (2, None), (3, None), (4, 5)]
    data = bracket_dict(result)
    assert data["byes"] == 3
    assert ["dee", "eve"] in [m["players"] for m in data["rounds"][0]["matches"]]
    assert data["seeds"][0] == {"seed": 1, "player": "ann"}


def test_sixteen_in_a_sixteen_bracket_and_the_acc_64_chart():
    full = bracket(16, 16)
    assert [(m.high_seed, m.low_seed) for m in full.rounds[0]] == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]
    chart = {(m.high_seed, m.low_seed) for m in bracket(256, 64).rounds[0]}
    assert (8, 57) in chart and (5, 60) in chart  # ACC's example pairings


def test_bracket_errors():
    with pytest.raises(InvalidEvent):
        bracket(1)
    with pytest.raises(InvalidEvent):
        bracket(8, 9)
    with pytest.raises(InvalidEvent):
        bracket(8, 1)
    with pytest.raises(InvalidEvent, match="twice"):
        bracket(3, players=["a", "b", "a"])
    with pytest.raises(InvalidEvent):
        bracket(4, players=["a", "b", "c"])
    assert qualifiers_for(2) == 2 and qualifiers_for(3, one_in=1) == 3


def check_bracket(result) -> None:
    """Independent checks of any bracket: every pair of first-round seeds sums to size + 1;
    the byes are exactly the top seeds; each later match joins two matches of the round
    before, each used once; and the top 2^k seeds sit in different 2^k-ths of the draw."""
    size, count = result.size, result.qualifiers
    assert size & (size - 1) == 0 and size // 2 < count <= size
    first = result.rounds[0]
    assert len(first) == size // 2
    seeds = []
    for m in first:
        low = m.low_seed if m.low_seed is not None else size + 1 - m.high_seed
        assert m.high_seed + low == size + 1
        assert (m.low_seed is None) == (low > count)
        seeds += [m.high_seed, low]
    assert sorted(seeds) == list(range(1, size + 1))
    assert sorted(m.high_seed for m in first if m.bye) == list(range(1, size - count + 1))
    for before, after in zip(result.rounds, result.rounds[1:]):
        fed = [i for m in after for i in m.winners_of]
        assert sorted(fed) == sorted(m.id for m in before)
    slots = [s for m in first for s in (m.high_seed, m.low_seed if m.low_seed else size + 1 - m.high_seed)]
    blocks = 2
    while blocks <= size:
        width = size // blocks
        top = [slots.index(seed) // width for seed in range(1, blocks + 1)]
        assert len(set(top)) == blocks
        blocks *= 2


@given(entrants=st.integers(2, 3000), one_in=st.integers(1, 8))
def test_every_bracket_is_sound(entrants, one_in):
    if math.ceil(entrants / one_in) > 1024:
        return
    result = bracket(entrants, one_in=one_in)
    assert result.qualifiers == min(entrants, max(2, math.ceil(entrants / one_in)))
    check_bracket(result)


def test_seeding_order_is_the_standard_one():
    assert seeding_order(2) == (1, 2)
    assert seeding_order(4) == (1, 4, 2, 3)
