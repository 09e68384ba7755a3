"""The outcome rules (docs/rules.md 7, 8, 9.4): cases G4-G8, the schemes of 8.2, fixed deals, bad results."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.api.wire.common import outcome as outcome_dict
from service.core.errors import InvalidScore
from service.core.rules import STANDARD, preset, resolve
from service.core.scoring.outcome import outcome, skunk_level

# docs/rules.md 8.2, written out here rather than read from the code: points for a win at each
# level (none, skunk, double, triple).
SCHEMES = {
    "acc": (2, 3, 3, 3),
    "bar_league": (2, 3, 3, 3),
    "match_1_2_3": (1, 2, 3, 3),
    "match_1_2_4": (1, 2, 4, 4),
    "hoyle_lurch": (1, 1, 2, 2),
}


def rules(scheme: str = "acc", **options: object):
    return resolve("six_card", {"game_point_scheme": scheme, **options})


@pytest.mark.parametrize(
    ("loser", "skunk", "acc", "match_1_2_3", "match_1_2_4", "hoyle"),
    [
        (91, "none", 2, 1, 1, 1),  # G4
        (90, "skunk", 3, 2, 2, 1),  # G5 (Hoyle has no 91 line)
        (61, "skunk", 3, 2, 2, 1),
        (60, "double_skunk", 3, 3, 4, 2),  # G6 (Hoyle's lurch: a double game)
        (31, "double_skunk", 3, 3, 4, 2),
        (30, "triple_skunk", 3, 3, 4, 2),  # G7
        (0, "triple_skunk", 3, 3, 4, 2),
    ],
)
def test_skunk_lines_and_game_points(loser, skunk, acc, match_1_2_3, match_1_2_4, hoyle):
    for scheme, points in (
        ("acc", acc),
        ("match_1_2_3", match_1_2_3),
        ("match_1_2_4", match_1_2_4),
        ("hoyle_lurch", hoyle),
        ("bar_league", acc),
    ):
        result = outcome([121, loser], rules(scheme))
        assert result.winner == 0
        assert result.skunk == skunk
        assert result.game_points == (points, 0)


def test_g8_acc_spread():
    result = outcome([121, 95], STANDARD)
    assert result.spread == (26, -26)
    assert result.margin == 26
    assert result.game_points == (2, 0)


def test_the_winner_may_be_either_side():
    result = outcome([95, 121], STANDARD)
    assert result.winner == 1
    assert result.spread == (-26, 26)


@pytest.mark.parametrize(
    ("scores", "pointer"), [([1210, 95], "/scores/0"), ([125, 90], "/scores/0"), ([95, 127], "/scores/1")]
)
def test_a_winner_past_the_target_is_no_finished_game(scores, pointer):
    # The game ends the moment a peg reaches the game hole (docs/rules.md 5): the winner has
    # exactly 121, so a card saying 125 (or 1210, a slip of the pen) is refused, not read as a win.
    with pytest.raises(InvalidScore, match="exactly the target") as info:
        outcome(scores, STANDARD)
    assert info.value.pointer == pointer


def test_sixty_one_point_game_has_the_half_the_holes_line():
    sixty_one = preset("five_card")
    assert outcome([61, 31], sixty_one).skunk == "none"
    assert outcome([61, 30], sixty_one).skunk == "skunk"
    assert outcome([61, 30], sixty_one).game_points == (3, 0)


@pytest.mark.parametrize("scores", [[120, 100], [0, 0], [120, 120]])
def test_a_game_with_no_winner_is_refused(scores):
    with pytest.raises(InvalidScore, match="not over"):
        outcome(scores, STANDARD)


@pytest.mark.parametrize("scores", [[121, 121], [121, 125]])
def test_a_game_with_two_winners_is_refused(scores):
    with pytest.raises(InvalidScore, match="both reached") as info:
        outcome(scores, STANDARD)
    assert info.value.pointer == "/scores/1"


def test_scores_must_match_the_sides():
    with pytest.raises(InvalidScore):
        outcome([121, 90, 80], STANDARD)
    with pytest.raises(InvalidScore):
        outcome([121, -1], STANDARD)


def test_fixed_deals_compare_totals_without_skunks():
    fixed = resolve("six_card", {"fixed_deals": 4})
    result = outcome([150, 80], fixed)
    assert result.winner == 0 and result.margin == 70 and result.skunk_level == 0
    assert result.scores == (150, 80)  # no cap: there is no target
    assert result.game_points == (2, 0) and result.spread == (70, -70)
    draw = outcome([99, 99], fixed)
    assert draw.winner is None and draw.draw
    assert draw.game_points == (0, 0) and draw.spread == (0, 0)
    assert outcome_dict(draw)["winner"] is None


def test_three_sides_margin_and_skunk_against_the_runner_up():
    three = preset("three_player")
    result = outcome([121, 100, 50], three)
    assert result.winner == 0
    assert result.margin == 21
    assert result.skunk_level == 0
    assert result.skunked == (0, 0, 2)
    assert result.spread == (92, -21, -71)
    assert outcome([80, 121, 85], three).skunk == "skunk"


def test_the_wire_form_is_plain_json():
    data = outcome_dict(outcome([121, 90], STANDARD))
    assert data == {
        "scores": [121, 90],
        "winner": 0,
        "draw": False,
        "margin": 31,
        "skunk": "skunk",
        "skunk_level": 1,
        "skunked": [0, 1],
        "game_points": [3, 0],
        "spread": [31, -31],
        "scheme": "acc",
        "skunk_lines": [91, 61, 31],
        "fixed_deals": False,
        "conceded_by": None,
    }


@given(
    loser=st.integers(0, 120),
    winner_score=st.integers(121, 200),
    winner_side=st.integers(0, 1),
    scheme=st.sampled_from(sorted(SCHEMES)),
)
def test_outcome_matches_a_plain_reference(loser, winner_score, winner_side, scheme):
    scores = [loser, loser]
    scores[winner_side] = winner_score
    if winner_score != 121:  # past the game hole: no finished game ends there
        with pytest.raises(InvalidScore, match="exactly the target"):
            outcome(scores, rules(scheme))
        return
    result = outcome(scores, rules(scheme))
    level = 3 if loser < 31 else 2 if loser < 61 else 1 if loser < 91 else 0
    assert result.winner == winner_side
    assert result.skunk_level == level == skunk_level(loser, (91, 61, 31))
    assert result.margin == 121 - loser
    assert result.game_points[winner_side] == SCHEMES[scheme][level]
    assert result.game_points[1 - winner_side] == 0
    assert result.spread[winner_side] == 121 - loser == -result.spread[1 - winner_side]
