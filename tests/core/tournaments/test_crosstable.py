"""The crosstable and the game logs (service/core/tournaments/crosstable.py): hand-worked events, and
agreement with the standings (tests/support/reference_standings.py) on random ones."""

from __future__ import annotations

import pytest

from service.core.errors import InvalidScore
from service.core.rules import STANDARD, preset, resolve
from service.core.scoring.results import GameResult
from service.core.tournaments.crosstable import crosstable, game_logs
from tests.support.director_events import random_event
from tests.support.reference_standings import reference_standings as standings


def cells(table) -> dict[str, dict[str, tuple[int, int, int, int, int]]]:
    return {
        row.player: {c.opponent: (c.games, c.games_won, c.games_lost, c.games_drawn, c.spread) for c in row.cells}
        for row in table.rows
    }


def test_crosstable_worked_by_hand() -> None:
    games = [
        GameResult(("ann", "bob"), (121, 95)),  # ann by 26
        GameResult(("bob", "cy"), (121, 88)),  # bob by 33
        GameResult(("cy", "ann"), (121, 119)),  # cy by 2
        GameResult(("ann", "bob"), (101, 121)),  # bob by 20: ann and bob met twice
    ]
    table = crosstable(games, STANDARD)
    # standings: bob 2+3 = 5 points, ann 2, cy 2 (ann spread 26-2-20 = 4, cy -33+2 = -31)
    assert table.players == ("bob", "ann", "cy")
    assert [(r.rank, r.player) for r in table.rows] == [(1, "bob"), (2, "ann"), (3, "cy")]
    assert cells(table) == {
        "bob": {"ann": (2, 1, 1, 0, -6), "cy": (1, 1, 0, 0, 33)},
        "ann": {"bob": (2, 1, 1, 0, 6), "cy": (1, 0, 1, 0, -2)},
        "cy": {"bob": (1, 0, 1, 0, -33), "ann": (1, 1, 0, 0, 2)},
    }
    assert [c.opponent for c in table.rows[2].cells] == ["bob", "ann"]  # columns in table order


def test_games_of_three_and_drawn_games() -> None:
    three = crosstable([GameResult(("ann", "bob", "cy"), (121, 100, 50))], preset("three_player"))
    assert cells(three) == {
        "ann": {"bob": (1, 1, 0, 0, 21), "cy": (1, 1, 0, 0, 71)},
        "bob": {"ann": (1, 0, 1, 0, -21), "cy": (1, 0, 0, 0, 0)},  # two losers: neither beat the other
        "cy": {"ann": (1, 0, 1, 0, -71), "bob": (1, 0, 0, 0, 0)},
    }
    drawn = crosstable([GameResult(("ann", "bob"), (80, 80))], resolve("six_card", {"fixed_deals": 2}))
    assert cells(drawn)["ann"] == {"bob": (1, 0, 0, 1, 0)}


def test_a_conceded_games_margin_is_the_one_its_outcome_gives_not_the_pegs() -> None:
    # docs/rules.md 8.4: the winner is scored as if it pegged out there and then, against the
    # conceder's pegs (target less them, at least a forfeit's 10); with three, only the winner
    # and the conceder exchange spread.
    games = [
        GameResult(("ann", "bob"), (100, 40), conceded_by=0),  # bob wins by 121 - 100 = 21
        GameResult(("cy", "dee"), (100, 20), conceded_by=1),  # cy by 121 - 20 = 101
        GameResult(("eve", "fay"), (115, 112), conceded_by=1),  # eve by 121 - 112 = 9, so 10
    ]
    grid = cells(crosstable(games, STANDARD))
    assert grid["bob"]["ann"] == (1, 1, 0, 0, 21) and grid["ann"]["bob"] == (1, 0, 1, 0, -21)
    assert grid["cy"]["dee"] == (1, 1, 0, 0, 101) and grid["eve"]["fay"] == (1, 1, 0, 0, 10)
    three = [GameResult(("ann", "bob", "cy"), (80, 50, 50), conceded_by=2)]  # ann by 121 - 50 = 71
    grid = cells(crosstable(three, resolve("three_player")))
    assert {p: {o: c[4] for o, c in row.items()} for p, row in grid.items()} == {
        "ann": {"bob": 0, "cy": 71},
        "bob": {"ann": 0, "cy": 0},
        "cy": {"ann": -71, "bob": 0},
    }


@pytest.mark.parametrize("seed", range(5))
def test_crosstable_and_logs_add_up_to_the_standings(seed: int) -> None:
    games = random_event([f"p{i}" for i in range(12)], 80, seed, low=10)
    table = crosstable(games, STANDARD)
    reference = {row.player: row for row in standings(games, STANDARD).rows}
    assert table.players == tuple(reference)
    grid = cells(table)
    for player, row in grid.items():
        assert sum(c[0] for c in row.values()) == reference[player].games
        assert sum(c[1] for c in row.values()) == reference[player].games_won
        assert sum(c[2] for c in row.values()) == reference[player].games_lost
        assert sum(c[4] for c in row.values()) == reference[player].spread
        for opponent, (n, won, lost, drawn, spread) in row.items():
            assert grid[opponent][player] == (n, lost, won, drawn, -spread)  # the mirror cell
    for log in game_logs(games, STANDARD):
        mine = [i for i, g in enumerate(games) if log.player in g.players]
        assert [e.game for e in log.entries] == mine  # in order, all of them
        last = log.entries[-1]
        assert (last.total_game_points, last.total_spread) == (
            reference[log.player].game_points,
            reference[log.player].spread,
        )
        assert [e.result for e in log.entries].count("win") == reference[log.player].games_won


def test_a_game_log_worked_by_hand() -> None:
    games = [
        GameResult(("ann", "bob"), (121, 60)),
        GameResult(("cy", "ann"), (121, 118)),
        GameResult(("ann", "cy"), (121, 95)),
    ]
    (ann,) = [log for log in game_logs(games, STANDARD) if log.player == "ann"]
    assert [
        (
            e.game,
            e.opponents,
            e.score,
            e.opponent_scores,
            e.result,
            e.skunk_level,
            e.game_points,
            e.spread,
            e.total_game_points,
            e.total_spread,
        )
        for e in ann.entries
    ] == [
        (0, ("bob",), 121, (60,), "win", 2, 3, 61, 3, 61),  # a double skunk is 3 under ACC
        (1, ("cy",), 118, (121,), "loss", 0, 0, -3, 3, 58),
        (2, ("cy",), 121, (95,), "win", 0, 2, 26, 5, 84),
    ]
    (bob,) = [log for log in game_logs(games, STANDARD) if log.player == "bob"]
    assert bob.entries[0].skunk_level == 2 and bob.entries[0].result == "loss"


def test_every_invalid_game_is_reported_together() -> None:
    games = [
        GameResult(("ann", "bob"), (121, 60)),
        GameResult(("ann", "ann"), (121, 60)),
        GameResult(("cy", "bob"), (100, 60)),
        GameResult(("cy", "dee"), (121, 125)),
    ]
    with pytest.raises(InvalidScore) as info:
        crosstable(games, STANDARD)
    assert [e["pointer"] for e in info.value.extra["errors"]] == [
        "/games/1/players/1",
        "/games/2/scores",
        "/games/3/scores/1",
    ]


def test_game_logs_for_some_players_only() -> None:
    games = [GameResult(("ann", "bob"), (121, 60)), GameResult(("cy", "ann"), (121, 118))]
    logs = game_logs(games, STANDARD, players=["zed", "ann", "zed"])
    assert [(log.rank, log.player, len(log.entries)) for log in logs] == [(1, "ann", 2), (0, "zed", 0)]
