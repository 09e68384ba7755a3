"""A conceded game's worth, held to docs/rules.md 8.4 (ACC 11.4b, ACC 12.2, Enquire Within xx).

The expectations are the rules' words worked by hand: the side that concedes loses whatever
the pegs say, and never for less than playing on could cost it: the winner is scored against it
as if it pegged out there and then (the skunk lines judged on the conceder's pegs: 91, 61, 31 to
121; ACC game points 2 for a win, 3 for any skunk), the spread the target less the conceder's
pegs, at least the ten spread points a forfeit is "awarded" (ACC 11.4b); in a match a conceded
game counts as a game won, a skunk as a skunk, and the match goes on.
"""

from __future__ import annotations

from itertools import product

import pytest

from service.core.errors import InvalidScore
from service.core.rules import STANDARD, resolve
from service.core.scoring.match import MatchContext, MatchRules, match_state
from service.core.scoring.outcome import conceded
from service.core.scoring.results import GameResult, outcomes


def test_the_side_that_concedes_loses_even_far_ahead() -> None:
    result = conceded([110, 12], STANDARD, side=0)  # 98 points ahead, and yet
    assert result.winner == 1 and not result.draw and result.conceded_by == 0
    assert result.scores == (110, 12)  # the pegs where they stood: nothing capped, nothing added
    assert result.game_points == (0, 2)  # 110 is past the skunk line of 91: a plain ACC win
    assert result.spread == (-11, 11) and result.margin == 11  # as if 12 pegged out: 121 - 110


def test_a_concession_costs_what_the_board_shows_at_least() -> None:
    # 100 to 20: conceded by the side on 20, under the triple skunk line of 31 (ACC: 3 game points).
    result = conceded([100, 20], STANDARD, side=1)
    assert result.winner == 0 and result.skunk == "triple_skunk" and result.skunk_level == 3
    assert result.skunked == (0, 3) and result.game_points == (3, 0) and result.spread == (101, -101)
    assert result.skunk_lines == (91, 61, 31) and not result.fixed_deals
    # Played out, the side on 20 could only rise: never a smaller margin, never a lesser skunk.
    near = conceded([115, 112], STANDARD, side=1)  # 121 - 112 = 9: a forfeit's ten at least
    assert near.skunk == "none" and near.game_points == (2, 0) and near.spread == (10, -10)


@pytest.mark.parametrize(
    ("scheme", "points"),
    [("acc", (2, 3)), ("bar_league", (2, 3)), ("match_1_2_3", (1, 2)), ("hoyle_lurch", (1, 1))],
)
def test_the_winner_scores_by_the_conceders_pegs_under_every_scheme(scheme: str, points: tuple[int, int]) -> None:
    rules = resolve("six_card", {"game_point_scheme": scheme})
    assert conceded([95, 0], rules, side=0).game_points == (0, points[0])  # 95: past the skunk line
    assert conceded([90, 0], rules, side=0).game_points == (0, points[1])  # 90: a skunk


def test_partners_concede_as_a_side() -> None:
    rules = resolve("four_player")  # sides 0 (seats 0 and 2) and 1 (seats 1 and 3); ACC: a plain win is 2
    result = conceded([60, 70], rules, side=1)  # seat 1 or 3 gives up 10 points ahead: side 0 wins
    assert result.winner == 0 and result.game_points == (3, 0) and result.spread == (51, -51)  # 70: a skunk
    level = conceded([100, 100], rules, side=0)  # level pegs: the side that gave up loses all the same
    assert level.winner == 1 and not level.draw and level.game_points == (0, 2) and level.spread == (-21, 21)


def test_in_a_game_of_three_the_leader_of_the_two_left_wins() -> None:
    rules = resolve("three_player")
    result = conceded([95, 50, 65], rules, side=0)  # side 0 leads but concedes; 2 leads the others
    assert result.winner == 2 and result.game_points == (0, 0, 2) and result.spread == (-26, 0, 26)
    assert result.margin == 26 and result.skunked == (0, 0, 0) and result.conceded_by == 0  # 95: no skunk


# Two left level: the one on the conceder's left (the next seat clockwise) wins, worked by hand per conceder:
# seat 0 gives up -> 1 then 2 on its left; seat 1 -> 2 then 0; seat 2 -> 0 then 1.
@pytest.mark.parametrize(
    ("scores", "side", "winner", "game_points", "spread"),
    [
        ((111, 50, 50), 0, 1, (0, 2, 0), (-10, 10, 0)),  # 121 - 111 = 10
        ((50, 100, 50), 1, 2, (0, 0, 2), (0, -21, 21)),
        ((50, 50, 92), 2, 0, (2, 0, 0), (29, 0, -29)),
        ((0, 0, 0), 1, 2, (0, 0, 3), (0, -121, 121)),  # given up before anyone pegged: a triple skunk's 3
        ((10, 30, 30), 0, 1, (0, 3, 0), (-111, 111, 0)),  # behind both, level with neither
    ],
)
def test_in_a_game_of_three_two_left_level_go_to_the_conceders_left(
    scores: tuple[int, int, int], side: int, winner: int, game_points: tuple[int, ...], spread: tuple[int, ...]
) -> None:
    result = conceded(list(scores), resolve("three_player"), side=side)
    assert result.winner == winner and not result.draw and result.conceded_by == side
    assert result.game_points == game_points and result.spread == spread and result.margin == spread[winner]
    assert result.scores == scores


@pytest.mark.parametrize("variant", ["six_card", "five_card", "three_player", "four_player", "four_player_individual"])
def test_the_one_who_gives_up_always_loses(variant: str) -> None:
    """Whatever the pegs, in every variant: the conceding side has no game points and loses the target less its
    pegs (ten at least), one other side wins that and the game points of the skunk lines the conceder's pegs are
    under, the rest nothing; no conceded game is a draw."""
    rules = resolve(variant)
    for scores in product(range(0, rules.target, 17), repeat=rules.sides):
        for side in range(rules.sides):
            result = conceded(list(scores), rules, side=side)
            lost = max(10, rules.target - scores[side])
            lines = sum(1 for line in rules.skunk_lines if scores[side] < line)
            assert result.winner is not None and result.winner != side and not result.draw
            assert result.game_points[side] == 0 and result.spread[side] == -lost
            assert (
                result.game_points[result.winner] == rules.game_points[lines] and result.spread[result.winner] == lost
            )
            assert sum(result.game_points) == rules.game_points[lines] and sum(result.spread) == 0
            best = max(score for other, score in enumerate(scores) if other != side)
            assert scores[result.winner] == best  # ranked by the pegs of the rest


def test_a_fixed_deals_game_conceded_by_the_leader() -> None:
    rules = resolve("six_card", {"fixed_deals": 4})
    result = conceded([150, 30], rules, side=0)  # fixed deals: any total may stand on the board
    assert result.winner == 1 and result.spread == (-10, 10)  # behind on totals: a forfeit's ten
    behind = conceded([30, 150], rules, side=0)  # no skunk lines in a fixed-deals game; 150 - 30 on totals
    assert behind.winner == 1 and behind.game_points == (0, 2) and behind.spread == (-120, 120)


def test_what_is_not_a_conceded_game_is_refused() -> None:
    with pytest.raises(InvalidScore, match="reached the target"):
        conceded([121, 30], STANDARD, side=1)  # that game was over before anyone conceded
    with pytest.raises(InvalidScore):
        conceded([10, 30], STANDARD, side=2)
    with pytest.raises(InvalidScore):
        conceded([10, -1], STANDARD, side=0)
    with pytest.raises(InvalidScore):
        conceded([10, 20, 30], STANDARD, side=0)


def test_a_list_of_results_with_a_conceded_game() -> None:
    games = [GameResult(("ann", "bob"), (121, 90)), GameResult(("ann", "bob"), (40, 90), conceded_by=1)]
    first, second = outcomes(games, STANDARD)
    assert first.winner == 0 and first.game_points == (3, 0)  # 121-90: a skunk
    assert second.winner == 0 and second.game_points == (3, 0) and second.conceded_by == 1  # 90: a skunk
    with pytest.raises(InvalidScore) as refused:
        outcomes([games[0], GameResult(("ann", "bob"), (121, 90), conceded_by=0)], STANDARD)
    assert refused.value.pointer == "/games/1/scores/0"


def test_a_conceded_game_in_a_match_is_one_game_won_and_the_match_goes_on() -> None:
    rules = MatchRules("best_of", 3, skunk_points=2, double_skunk_points=3)
    # Game 1: side 1 concedes at 100-95 (no skunk: one game won, 1 match point).
    state = match_state([(100, 95)], STANDARD, rules, first_dealer=0, conceded=[1])
    assert state.points == (1, 0) and state.games_won == (1, 0) and not state.over
    assert state.games[0].conceded_by == 1 and state.games[0].winner == 0 and state.games[0].skunk_level == 0
    assert state.next_game == 2 and state.next_first_dealer == 1  # the loser (who conceded) deals first
    # Game 2 played out: side 0 wins 121-95, 1 match point; 2 of 3: the match is over.
    state = match_state([(100, 95), (121, 95)], STANDARD, rules, first_dealer=0, conceded=[1])
    assert state.points == (2, 0) and state.over and state.winner == 0 and state.decided_by == "points"
    # Conceded at 100-20 instead, under the triple skunk line: 3 match points, as a double skunk or worse is.
    assert match_state([(100, 20)], STANDARD, rules, first_dealer=0, conceded=[1]).points == (3, 0)


def test_a_match_context_carries_its_conceded_games() -> None:
    context = MatchContext(MatchRules("best_of", 5), first_dealer=0)
    second = context.following(STANDARD, (30, 2), conceded_by=0)  # side 0 conceded game 1
    assert second.games == ((30, 2),) and second.conceded == (0,)
    assert second.opening_dealer(STANDARD) == 0  # the loser deals first
    third = second.following(STANDARD, (121, 100))
    assert third.conceded == (0, None) and third.so_far(STANDARD).points == (1, 1)
    assert MatchContext(MatchRules(), 0).following(STANDARD, (121, 100)).conceded == ()  # none: nothing kept
