"""Matches scored in match points (service/core/scoring/match.py), against the Swedish rule text's
"Match" section (seeds/004): 1 match point a game, 2 for a skunk (the loser under 91), 3 or 4
for a double skunk (under 61), a triple skunk (under 31) wins the match outright, and the loser
of a game deals first in the next."""

from __future__ import annotations

import pytest

from service.core.computer.play import apply, new_game
from service.core.errors import InvalidEvent, InvalidRules, InvalidScore
from service.core.game.engine import may_act
from service.core.rules import STANDARD, resolve
from service.core.scoring.match import MatchRules, match_rules_for_scheme, match_state
from service.core.tournaments.match_standings import MatchResult, match_standings
from tests.support.players import RandomPlayer

SWEDISH = MatchRules("best_of", 3, skunk_points=2, double_skunk_points=3, triple_skunk_wins=True)
GAMES_ONLY = MatchRules("best_of", 3, skunk_points=1, double_skunk_points=1, triple_skunk_wins=True)


@pytest.mark.parametrize(
    ("loser", "points"),
    [(91, 1), (90, 2), (61, 2), (60, 3), (31, 3), (30, 3)],  # lines are "before the opponent reaches" them
)
def test_match_points_for_a_game_follow_the_swedish_lines(loser: int, points: int) -> None:
    state = match_state([(121, loser)], STANDARD, MatchRules("first_to", 7, 2, 3))
    assert state.games[0].match_points == (points, 0)


def test_double_skunk_is_three_or_four_by_local_convention() -> None:
    assert match_state([(121, 50)], STANDARD, MatchRules("first_to", 7, 2, 4)).points == (4, 0)
    assert match_state([(121, 50)], STANDARD, match_rules_for_scheme("match_1_2_3", "first_to", 7)).points == (3, 0)
    assert match_state([(121, 50)], STANDARD, match_rules_for_scheme("match_1_2_4", "first_to", 7)).points == (4, 0)


def test_best_of_three_ended_early_by_a_triple_skunk() -> None:
    # Counting games only, 1-1 after two games would need a third; the triple skunk ends it.
    state = match_state([(121, 100), (30, 121)], STANDARD, GAMES_ONLY, first_dealer=0)
    assert (state.over, state.winner, state.decided_by, state.points) == (True, 1, "triple_skunk", (1, 1))
    assert (state.next_game, state.next_first_dealer) == (None, None)
    with pytest.raises(InvalidEvent, match="over after game 2") as info:
        match_state([(121, 100), (30, 121), (121, 110)], STANDARD, GAMES_ONLY)
    assert info.value.pointer == "/games/2"


def test_a_triple_skunk_in_the_first_game_wins_a_best_of_three() -> None:
    state = match_state([(121, 12)], STANDARD, SWEDISH)
    assert (state.over, state.winner, state.decided_by, len(state.games)) == (True, 0, "triple_skunk", 1)


def test_triple_skunks_are_optional() -> None:
    off = MatchRules("best_of", 3, skunk_points=1, double_skunk_points=1, triple_skunk_wins=False)
    state = match_state([(121, 100), (30, 121)], STANDARD, off)
    assert (state.over, state.points, state.next_game) == (False, (1, 1), 3)
    # 31 is not under the line: a double skunk, not a triple
    assert not match_state([(121, 100), (31, 121)], STANDARD, GAMES_ONLY).over


def test_the_loser_of_each_game_deals_first_in_the_next() -> None:
    # winners by game: side 0, 1, 1, 0, then the match is over (fixed 5 games) after game 5
    games = [(121, 100), (100, 121), (95, 121), (121, 99), (121, 120)]
    state = match_state(games, STANDARD, MatchRules("fixed", 5, 1, 1), first_dealer=0)
    assert [g.first_dealer for g in state.games] == [0, 1, 0, 0, 1]
    partial = match_state(games[:3], STANDARD, MatchRules("fixed", 5, 1, 1), first_dealer=0)
    assert partial.next_first_dealer == 0  # side 0 lost game 3
    # a first deal that was cut for and not recorded: game 2 on still follows from the results
    assert [g.first_dealer for g in match_state(games, STANDARD, MatchRules("fixed", 5, 1, 1)).games] == [
        None,
        1,
        0,
        0,
        1,
    ]


def test_other_first_dealer_conventions() -> None:
    games = [(121, 100), (100, 121), (95, 121)]
    winner = match_state(games, STANDARD, MatchRules("fixed", 5, next_first_dealer="winner"), first_dealer=1)
    assert [g.first_dealer for g in winner.games] == [1, 0, 1] and winner.next_first_dealer == 1
    alternate = match_state(games, STANDARD, MatchRules("fixed", 5, next_first_dealer="alternate"), first_dealer=1)
    assert [g.first_dealer for g in alternate.games] == [1, 0, 1] and alternate.next_first_dealer == 0


def test_a_fixed_number_of_games_can_end_level() -> None:
    state = match_state([(121, 100), (100, 121)], STANDARD, MatchRules("fixed", 2, 1, 1))
    assert (state.over, state.draw, state.winner, state.decided_by) == (True, True, None, "games")


def test_a_drawn_fixed_deal_game_scores_nothing_and_the_deal_alternates() -> None:
    rules = resolve("six_card", {"fixed_deals": 2})
    state = match_state([(80, 80), (70, 90)], rules, MatchRules("best_of", 3), first_dealer=1)
    assert state.points == (0, 1) and [g.first_dealer for g in state.games] == [1, 0]
    assert state.next_first_dealer == 0  # side 0 lost game 2


def test_every_invalid_game_of_a_match_is_reported() -> None:
    with pytest.raises(InvalidScore) as info:
        match_state([(120, 100), (121, 90), (121, 121), (121,)], STANDARD, MatchRules("first_to", 9))
    pointers = [e["pointer"] for e in info.value.extra["errors"]]
    assert pointers == ["/games/0", "/games/2/1", "/games/3"]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"format": "best_of", "length": 4}, "length"),
        ({"format": "sudden"}, "format"),
        ({"skunk_points": 3, "double_skunk_points": 2}, "double_skunk_points"),
        ({"length": 0}, "length"),
        ({"next_first_dealer": "cut"}, "next_first_dealer"),
    ],
)
def test_match_rules_are_checked(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidRules) as info:
        MatchRules(**kwargs)  # type: ignore[arg-type]
    assert info.value.pointer == f"/match/{field}"


def test_only_schemes_that_score_a_win_one_can_be_match_points() -> None:
    with pytest.raises(InvalidRules):
        match_rules_for_scheme("acc")


def play_out(rules, seed: int, dealer: int) -> tuple[int, int, int]:
    """A whole game between two random players through the engine: (first dealer, scores...)."""
    state, _ = new_game(rules, seed, dealer)
    first = state.dealer
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while state.winner is None and not state.draw:
        seat = may_act(state)[0]
        state, _ = apply(state, players[seat](state, seat))
    return first, state.scores[0], state.scores[1]


def test_a_best_of_five_played_through_the_game_engine_to_its_end() -> None:
    rules = STANDARD
    match = MatchRules("best_of", 5, skunk_points=1, double_skunk_points=1)  # games only: 3 wins
    games: list[tuple[int, int]] = []
    dealers: list[int] = []
    state = match_state(games, rules, match, first_dealer=0)
    seed = 100
    while not state.over:
        assert state.next_first_dealer is not None
        first, a, b = play_out(rules, seed, state.next_first_dealer)
        dealers.append(first)
        games.append((a, b))
        seed += 2
        state = match_state(games, rules, match, first_dealer=0)
    winners = [0 if a >= 121 else 1 for a, b in games]
    assert 3 <= len(games) <= 5 and winners.count(state.winner) == 3 and winners[-1] == state.winner
    # the engine dealt first as the match said: game 1 to side 0, then the previous game's loser
    assert dealers == [0] + [1 - w for w in winners[:-1]]


def test_match_standings_worked_by_hand() -> None:
    rules = MatchRules("best_of", 3, skunk_points=2, double_skunk_points=2)  # 1 a game, 2 a skunk; first to 2
    table = match_standings(
        [
            MatchResult(("ann", "bob"), ((121, 100), (110, 121), (121, 95))),  # ann 2-1 in points; spread 21-11+26
            MatchResult(("bob", "cy"), ((121, 80),)),  # bob's skunk is 2 points at once
            MatchResult(("cy", "ann"), ((121, 119), (121, 101))),  # cy 2-0; spread 2+20
        ],
        STANDARD,
        rules,
    )
    # All won one match. Match points: bob 1+2, ann 2+0, cy 0+2; spread: ann 36-22, cy -41+22.
    assert [
        (
            r.rank,
            r.player,
            r.matches,
            r.matches_won,
            r.matches_lost,
            r.match_points,
            r.match_points_against,
            r.games_won,
            r.games_lost,
            r.spread,
        )
        for r in table.rows
    ] == [
        (1, "bob", 2, 1, 1, 3, 2, 2, 2, 5),
        (2, "ann", 2, 1, 1, 2, 3, 2, 3, 14),
        (3, "cy", 2, 1, 1, 2, 2, 2, 1, -19),
    ]
    assert table.ranking == ("matches_won", "match_points", "spread")


def test_match_standings_share_a_rank_when_all_is_equal() -> None:
    same = ((121, 100), (121, 100))
    table = match_standings(
        [MatchResult(("dee", "eve"), same), MatchResult(("fay", "gus"), same)], STANDARD, MatchRules("best_of", 3)
    )
    assert [(r.rank, r.player) for r in table.rows] == [(1, "dee"), (1, "fay"), (3, "eve"), (3, "gus")]


def test_match_standings_refuse_an_unfinished_match_and_point_into_bad_games() -> None:
    with pytest.raises(InvalidEvent, match="not over") as info:
        match_standings([MatchResult(("ann", "bob"), ((121, 100),))], STANDARD, MatchRules("best_of", 3))
    assert info.value.pointer == "/matches/0/games"
    with pytest.raises(InvalidScore) as bad:
        match_standings(
            [MatchResult(("ann", "bob"), ((121, 80),)), MatchResult(("ann", "cy"), ((100, 90),))],
            STANDARD,
            MatchRules("best_of", 3, skunk_points=2, double_skunk_points=2),
        )
    assert bad.value.pointer == "/matches/1/games/0"


def test_match_standings_report_every_bad_match_at_once() -> None:
    # Match 0 is fine; 1 names one player twice, 2 is not over (one game of a best of 3), 3 has a game
    # nobody won: three problems, each pointed at its match.
    matches = [
        MatchResult(("ann", "bob"), ((121, 100), (121, 90))),
        MatchResult(("cy", "cy"), ((121, 100), (121, 90))),
        MatchResult(("ann", "cy"), ((121, 100),)),
        MatchResult(("bob", "cy"), ((121, 100), (110, 100))),
    ]
    with pytest.raises(InvalidEvent) as info:
        match_standings(matches, STANDARD, MatchRules())
    assert [e["pointer"] for e in info.value.extra["errors"]] == [
        "/matches/1/players",
        "/matches/2/games",
        "/matches/3/games/1",
    ]
    assert str(info.value) == "3 matches are not valid (3 problems)"
