"""Checking a list of games all at once, and the faster standings (service/core/scoring/results.py, service/core/tournaments/standings.py),
held to the first implementation (tests/support/reference_standings.py) as the reference."""

from __future__ import annotations

import random

import pytest

from service.core.errors import InvalidScore
from service.core.rules import STANDARD, preset, resolve
from service.core.scoring import results
from service.core.scoring.results import GameResult
from service.core.tournaments.standings import standings as standings_of
from tests.support.reference_standings import reference_standings as standings


def event(seed: int, players: int, count: int, sides: int = 2, fixed: bool = False) -> list[GameResult]:
    rnd = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    games = []
    for _ in range(count):
        seats = rnd.sample(names, sides)
        if fixed:
            scores = [rnd.choice((70, 80, 90)) for _ in seats]
        else:
            scores = [rnd.randint(10, 120) for _ in seats]
            scores[rnd.randrange(sides)] = 121
        games.append(GameResult(tuple(seats), tuple(scores)))
    return games


RULES = [
    STANDARD,
    resolve("six_card", {"game_point_scheme": "bar_league"}),
    resolve("six_card", {"tiebreakers": ["game_points", "head_to_head", "spread"]}),
    resolve("six_card", {"game_point_scheme": "match_1_2_4", "tiebreakers": ["head_to_head", "skunks"]}),
    resolve("six_card", {"fixed_deals": 2}),
    preset("three_player"),
]


@pytest.mark.parametrize(
    "rules",
    RULES,
    ids=lambda r: f"{r.name}-{r.game_point_scheme}-{'-'.join(r.tiebreakers)}" + ("-fixed" if r.fixed_deals else ""),
)
@pytest.mark.parametrize("seed", range(4))
def test_fast_standings_equal_the_reference(rules, seed: int) -> None:
    # few players and few distinct scores, so ties (and head-to-head among them) are common
    games = event(seed, 9, 40, rules.sides, fixed=rules.fixed_deals is not None)
    assert standings_of(games, rules) == standings(games, rules)


def test_every_invalid_game_of_several_is_reported() -> None:
    games = [
        GameResult(("ann", "bob"), (121, 90)),
        GameResult(("ann", "ann"), (121, 90)),  # a name twice
        GameResult(("cy", "dee"), (120, 100)),  # nobody out
        GameResult(("cy", "dee"), (121, 100)),
        GameResult(("bob",), (121,)),  # one side only
        GameResult(("cy", "bob"), (121, 121)),  # two out
        GameResult(("dee", "ann"), (121, 90, 3)),  # three scores for two players
    ]
    with pytest.raises(InvalidScore) as info:
        standings_of(games, STANDARD)
    error = info.value
    assert [{**e, "detail": str(e["detail"])} for e in error.extra["errors"]] == [  # each in English
        {"pointer": "/games/1/players/1", "detail": "'ann' is named twice in one game"},
        {"pointer": "/games/2/scores", "detail": "no side has reached the target of 121: the game is not over"},
        {"pointer": "/games/4/players", "detail": "a game here has 2 sides, one player each; this one names 1"},
        {
            "pointer": "/games/5/scores/1",
            "detail": "sides 0 and 1 both reached the target of 121: "
            "a game has one winner (the first to reach the target)",
        },
        {"pointer": "/games/6/scores", "detail": "one score per player"},
    ]
    assert error.pointer == "/games/1/players/1"  # the first, as the reference reports it
    assert "truncated" not in error.extra and error.message.startswith("5 games are not valid results")
    with pytest.raises(InvalidScore) as reference:
        standings(games, STANDARD)
    assert reference.value.pointer == error.pointer


def test_a_single_bad_game_keeps_its_own_message() -> None:
    with pytest.raises(InvalidScore, match="not over") as info:
        standings_of([GameResult(("ann", "bob"), (100, 90))], STANDARD)
    assert info.value.extra["errors"] == [{"pointer": "/games/0/scores", "detail": info.value.said}]
    assert str(info.value.said) == info.value.message


def test_problems_are_bounded_and_counted() -> None:
    games = [GameResult(("a", "b"), (100, 90))] * 120 + [GameResult(("a", "a"), (10, 20))]
    found = results.game_problems(games, STANDARD)
    assert len(found.problems) == results.MAX_PROBLEMS == 50 and found.truncated
    assert (found.total, found.invalid_games) == (122, 121)  # the last game has two problems
    assert found.problems[-1].pointer == "/games/49/scores"
    with pytest.raises(InvalidScore) as info:
        results.outcomes(games, STANDARD)
    assert info.value.extra["truncated"] is True and len(info.value.extra["errors"]) == 50
    assert "the first 50 listed" in info.value.message


def test_no_problems_in_valid_games() -> None:
    found = results.game_problems(event(1, 10, 100), STANDARD)
    assert (found.problems, found.total, found.invalid_games, found.truncated) == ((), 0, 0, False)
