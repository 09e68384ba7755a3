"""The event tools over HTTP: standings, crosstables and game logs, schedules, Swiss
pairings, matches, match standings and elimination brackets, in JSON, CSV and a printable page.

The core's own tests (test_results, test_crosstable, test_schedule, test_matches, test_elimination)
hold the rules; these hold the operations to them: the formats say the same numbers as the JSON,
a name cannot become a formula, the page is one table with its own policy, every invalid game is
reported at once, and whole events (a 250-player standings, a 7-round Swiss of 64, random double
eliminations) go through the API as they go through the core.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import director as events_api
from service.api.formats import HTML_CSP
from service.api.http.security import API_POLICY
from service.core.scoring.results import MAX_PROBLEMS
from tests.support.director_events import random_event, random_scores
from tests.support.formats import TRIGGERS, Page, read_csv
from tests.support.problems import expect_problem

HOSTILE = [
    "=cmd|' /C calc'!A0",
    "+1+1",
    "-2+3",
    "@SUM(A1:A9)",
    '  =HYPERLINK("x")',
    'Ann "the Peg" Lee',
    "Bob, Jr.",
    "Åsa Öberg",
    "<script>alert(1)</script>",
    "plain",
]


def games_of(names: list[str], count: int, seed: int = 1) -> list[dict[str, Any]]:
    return [{"players": list(g.players), "scores": list(g.scores)} for g in random_event(names, count, seed=seed)]


def post(client: FlaskClient, path: str, body: Any, accept: str | None = None) -> Any:
    return client.post(f"/v1/tournaments/{path}", json=body, headers={"Accept": accept} if accept else {})


def as_table(response: Any) -> tuple[list[str], list[list[str]]]:
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8; header=present"
    header, *rows = read_csv(response.get_data())
    return header, rows


def as_page(response: Any) -> Page:
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    page = Page()
    page.feed(response.get_data(as_text=True))
    page.close()
    assert page.decl.lower() == "doctype html" and page.open == [] and page.tags.count("table") == 1
    assert not {"script", "iframe", "object", "embed", "link", "img", "form", "base"} & set(page.tags)
    assert not [name for name, _ in page.attrs if name in ("src", "href", "action") or name.startswith("on")]
    return page


# --- standings in three formats -------------------------------------------------------------------


def test_a_bye_counts_as_a_plain_win_in_every_table(client: FlaskClient) -> None:
    # ann beat bob 121-100 (2 points, +21); bob skunked dee 121-80 (3 points, +41); cy and ann had a bye
    # each: a win worth a plain win's 2 game points, no spread (docs/rules.md 8.1). cy has no game at all.
    body = {
        "games": [{"players": ["ann", "bob"], "scores": [121, 100]}, {"players": ["bob", "dee"], "scores": [121, 80]}],
        "byes": ["cy", "ann"],
    }
    rows = post(client, "standings", body).json["standings"]
    # rank, player, games, won, lost, drawn, game points, skunks, spread, byes
    expected = [
        [1, "ann", 2, 2, 0, 0, 4, 0, 21, 1],
        [2, "bob", 2, 1, 1, 0, 3, 1, 20, 0],
        [3, "cy", 1, 1, 0, 0, 2, 0, 0, 1],
        [4, "dee", 1, 0, 1, 0, 0, 0, -41, 0],
    ]
    header, cells = as_table(post(client, "standings", body, "text/csv"))
    assert (
        header[-1] == "byes"
        and [[int(c) if c.lstrip("-").isdigit() else c for c in line] for line in cells] == expected
    )
    assert [[row[name] for name in header] for row in rows] == expected
    page = as_page(post(client, "standings", body, "text/html"))
    assert [str(c) for c in expected[2]] in page.cells
    assert post(client, "crosstable", body).json["players"] == ["ann", "bob", "cy", "dee"]
    # Game logs take the same file: ranks as in the standings, and each log's totals are the standings' (a bye
    # has no place among the games: it is counted beside them, and listed after them in the printable forms).
    logs = post(client, "game-logs", body).json["logs"]
    assert [
        (g["rank"], g["player"], len(g["games"]), g["byes"], g["total_game_points"], g["total_spread"]) for g in logs
    ] == [(1, "ann", 1, 1, 4, 21), (2, "bob", 2, 0, 3, 20), (3, "cy", 0, 1, 2, 0), (4, "dee", 1, 0, 0, -41)]
    header, cells = as_table(post(client, "game-logs", body, "text/csv"))
    lines = {(line[0], line[header.index("result")], line[header.index("total_game_points")]) for line in cells}
    assert {("ann", "win", "2"), ("ann", "bye", "4"), ("cy", "bye", "2")} <= lines and len(cells) == 6
    assert post(client, "game-logs", {**body, "players": ["cy"]}).json["logs"][0]["total_game_points"] == 2
    assert post(client, "standings", {**body, "byes": ["cy"] * 4097}).status_code == 400


def test_standings_csv_says_what_the_json_says_and_no_name_becomes_a_formula(client: FlaskClient) -> None:
    body = {"games": games_of(HOSTILE, 60)}
    answer = post(client, "standings", body)
    assert answer.headers["Vary"] == "Accept" and answer.mimetype == "application/json"
    rows = answer.json["standings"]
    sheet = post(client, "standings", body, "text/csv")
    assert sheet.headers["Vary"] == "Accept"
    header, cells = as_table(sheet)
    assert header[:2] == ["rank", "player"] and sorted(header) == sorted(rows[0])  # the JSON members' names
    assert len(cells) == len(rows) == len(HOSTILE)
    for row, line in zip(rows, cells):
        for name, text in zip(header, line):
            if name == "player":
                assert not text.startswith(TRIGGERS)
                assert text in (row["player"], "'" + row["player"])
                assert (text != row["player"]) == row["player"].lstrip(" ").startswith(TRIGGERS)
            else:
                assert int(text) == row[name]
    assert sheet.headers["Content-Security-Policy"] == API_POLICY  # data, like every other answer


def test_standings_page_is_one_table_under_its_own_policy(client: FlaskClient) -> None:
    body = {"games": games_of(HOSTILE, 40)}
    rows = post(client, "standings", body).json["standings"]
    response = post(client, "standings", body, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
    page = as_page(response)
    header, *lines = page.cells
    assert header[:2] == ["rank", "player"] and sorted(header) == sorted(rows[0])
    assert [line[1] for line in lines] == [row["player"] for row in rows]  # escaped in the page, read back as text
    assert [int(line[header.index("spread")]) for line in lines] == [row["spread"] for row in rows]
    # One policy, the page's (the API's default-src 'none' beside it would block the page's style).
    assert response.headers.getlist("Content-Security-Policy") == [HTML_CSP]
    assert response.headers["X-Content-Type-Options"] == "nosniff" and response.headers["Vary"] == "Accept"


def test_an_error_asked_for_as_a_page_is_a_problem_under_the_api_policy(client: FlaskClient) -> None:
    response = post(client, "standings", {"games": [{"players": ["a", "a"], "scores": [121, 0]}]}, "text/html")
    expect_problem(response, 422)
    assert response.headers.getlist("Content-Security-Policy") == [API_POLICY]


@pytest.mark.parametrize("accept", ["image/png", "application/xml", "*/*;q=0", "text/plain"])
def test_what_an_operation_cannot_send_is_a_406_naming_what_it_can(client: FlaskClient, accept: str) -> None:
    response = post(client, "standings", {"games": games_of(HOSTILE, 3)}, accept)
    problem = expect_problem(response, 406, "not-acceptable")
    assert problem["available"] == ["application/json", "text/csv", "text/html"]
    assert {v.strip() for v in response.headers["Vary"].split(",")} == {"Accept", "Accept-Language"}


def test_a_json_only_operation_refuses_an_accept_without_json(client: FlaskClient) -> None:
    # The issue: "Accept: text/csv ... still gets JSON with a 200"; what an operation cannot
    # produce is a 406 problem naming what it can.
    for accept in ("text/csv", "text/html", "image/png", "application/json;q=0"):
        problem = expect_problem(post(client, "match", {"games": [[121, 100]]}, accept), 406, "not-acceptable")
        assert problem["available"] == ["application/json"]
    # what clients send: nothing, anything, JSON, a browser's list with */*
    for accept in ("*/*", "application/json", "text/html,application/xhtml+xml,*/*;q=0.8", "application/*"):
        response = post(client, "match", {"games": [[121, 100]]}, accept)
        assert response.status_code == 200 and response.mimetype == "application/json"


def test_every_invalid_game_is_reported_at_once(client: FlaskClient) -> None:
    games = games_of(["ann", "bob", "cy", "dee"], 20)
    games[3] = {"players": ["ann", "ann"], "scores": [121, 90]}
    games[7]["scores"] = [100, 90]
    games[12] = {"players": ["a", "b", "c"], "scores": [121, 121, 3]}
    for path in ("standings", "crosstable", "game-logs"):
        problem = expect_problem(post(client, path, {"games": games}), 422, "invalid-score")
        assert [e["pointer"] for e in problem["errors"]] == [
            "/games/3/players/1",
            "/games/7/scores",
            "/games/12/players",
        ]
        assert problem["detail"] == "3 games are not valid results (3 problems)"
        assert "truncated" not in problem


def test_a_bad_upload_is_reported_in_part(client: FlaskClient) -> None:
    games = [{"players": ["a", "b"], "scores": [100, 90]}] * 200
    problem = expect_problem(post(client, "standings", {"games": games}), 422)
    assert len(problem["errors"]) == MAX_PROBLEMS and problem["truncated"] is True
    assert problem["errors"][-1]["pointer"] == f"/games/{MAX_PROBLEMS - 1}/scores"


def test_an_event_of_250_players_and_30000_games_in_one_request(client: FlaskClient) -> None:
    # Not timed (benchmarks/tournament_scale.py measures it): it fits the contract and the body
    # limit, and comes back whole, as JSON and as a spreadsheet.
    names = [f"Player {i:03d}" for i in range(250)]
    body = {"games": games_of(names, 30_000, seed=14)}
    answer = post(client, "standings", body)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    rows = answer.json["standings"]
    assert len(rows) == 250 and sum(r["games"] for r in rows) == 60_000
    assert sum(r["spread"] for r in rows) == 0 and [r["rank"] for r in rows][:1] == [1]
    header, cells = as_table(post(client, "standings", body, "text/csv"))
    assert [int(line[header.index("spread")]) for line in cells] == [r["spread"] for r in rows]


# --- crosstables and game logs ------------------------------------------------------------------------


def test_crosstable_who_beat_whom_by_how_much(client: FlaskClient) -> None:
    games = [
        {"players": ["ann", "bob"], "scores": [121, 90]},
        {"players": ["bob", "ann"], "scores": [121, 111]},
        {"players": ["ann", "bob"], "scores": [121, 101]},
        {"players": ["cy", "ann"], "scores": [121, 60]},
    ]
    table = post(client, "crosstable", {"games": games}).json
    assert table["players"] == ["ann", "cy", "bob"]  # ann 5 game points, cy 3 (a double skunk), bob 2
    ann = next(row for row in table["rows"] if row["player"] == "ann")
    assert ann["cells"] == [
        {
            "opponent": "cy",
            "games": 1,
            "games_won": 0,
            "games_lost": 1,
            "games_drawn": 0,
            "spread": -61,
            "conceded_games": 0,
        },
        {
            "opponent": "bob",
            "games": 3,
            "games_won": 2,
            "games_lost": 1,
            "games_drawn": 0,
            "spread": 41,
            "conceded_games": 0,
        },
    ]
    header, cells = as_table(post(client, "crosstable", {"games": games}, "text/csv"))
    assert header == ["rank", "player", "1 ann", "2 cy", "3 bob"]
    assert cells[0] == ["1", "ann", "", "0-1 -61", "2-1 +41"]
    page = as_page(post(client, "crosstable", {"games": games}, "text/html"))
    assert page.cells[1] == ["1", "ann", "", "0-1 -61", "2-1 +41"]


def test_a_crosstable_sheet_has_room_for_512_players(client: FlaskClient) -> None:
    names = [f"p{i}" for i in range(514)]
    games = [{"players": [names[i], names[i + 1]], "scores": [121, 100]} for i in range(0, 514, 2)]
    assert post(client, "crosstable", {"games": games}).status_code == 200
    problem = expect_problem(post(client, "crosstable", {"games": games}, "text/csv"), 422, "table-too-wide")
    assert "514" in problem["detail"] and "application/json" in problem["detail"]


def test_game_logs_each_players_games_in_order(client: FlaskClient) -> None:
    games = [
        {"players": ["ann", "bob"], "scores": [121, 90]},
        {"players": ["bob", "=cy"], "scores": [121, 111]},
        {"players": ["=cy", "ann"], "scores": [121, 101]},
    ]
    logs = post(client, "game-logs", {"games": games, "players": ["=cy", "zed"]}).json["logs"]
    assert [(log["rank"], log["player"], [e["game"] for e in log["games"]]) for log in logs] == [
        (2, "=cy", [1, 2]),
        (0, "zed", []),
    ]
    assert logs[0]["games"][1] == {
        "game": 2,
        "opponents": ["ann"],
        "score": 121,
        "opponent_scores": [101],
        "result": "win",
        "skunk": "none",
        "game_points": 2,
        "spread": 20,
        "total_game_points": 2,
        "total_spread": 10,
        "conceded_by": None,
    }
    header, cells = as_table(post(client, "game-logs", {"games": games}, "text/csv"))
    assert header[:3] == ["player", "game", "opponents"] and len(cells) == 6
    assert {line[0] for line in cells} == {"ann", "bob", "'=cy"}
    assert [line[2] for line in cells if line[0] == "ann"] == ["bob", "'=cy"]
    assert len(as_page(post(client, "game-logs", {"games": games}, "text/html")).cells) == 7


# --- schedules ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 41))
def test_round_robin_covers_each_pair_exactly_once(client: FlaskClient, n: int) -> None:
    schedule = post(client, "round-robin", {"entrants": n}).json
    names = [str(i) for i in range(1, n + 1)]
    assert schedule["players"] == names
    assert len(schedule["rounds"]) == (n if n % 2 else n - 1)
    met = [frozenset(p["players"]) for r in schedule["rounds"] for p in r["pairings"]]
    assert sorted(map(sorted, met)) == sorted(sorted(pair) for pair in map(frozenset, itertools.combinations(names, 2)))
    for r in schedule["rounds"]:
        seated = [name for p in r["pairings"] for name in p["players"]] + ([r["bye"]] if r["bye"] else [])
        assert sorted(seated) == sorted(names)  # everyone once a round
        assert [p["board"] for p in r["pairings"]] == list(range(1, len(r["pairings"]) + 1))
    if n % 2:
        assert sorted(r["bye"] for r in schedule["rounds"]) == sorted(names)


def test_round_robin_formats_and_refusals(client: FlaskClient) -> None:
    body = {"players": ["ann", "bob", "=cy"]}
    header, cells = as_table(post(client, "round-robin", body, "text/csv"))
    assert header == ["round", "board", "player", "opponent", "note"] and len(cells) == 6
    assert ["1", "", "ann", "", "bye"] in cells and not any(c.startswith("=") for line in cells for c in line)
    assert len(as_page(post(client, "round-robin", body, "text/html")).cells) == 7
    expect_problem(post(client, "round-robin", {"players": ["a", "b", "a"]}), 422, "invalid-event")
    expect_problem(post(client, "round-robin", {"players": ["a", "b"], "entrants": 2}), 400)
    expect_problem(post(client, "round-robin", {"entrants": 129}), 400)


def test_swiss_pairings_never_repeat_over_7_rounds_of_64(client: FlaskClient) -> None:
    names = [f"p{i:02d}" for i in range(64)]
    rnd = random.Random(7)
    games: list[dict[str, Any]] = []
    met: set[frozenset[str]] = set()
    for number in range(1, 8):
        answer = post(client, "swiss-pairings", {"players": names, "games": games}).json
        assert answer["round"]["round"] == number and answer["round"]["bye"] is None
        pairs = [frozenset(p["players"]) for p in answer["round"]["pairings"]]
        assert len(pairs) == 32 and len(set().union(*pairs)) == 64
        assert not met & set(pairs)
        met |= set(pairs)
        ranking = answer["ranking"]
        assert [r["position"] for r in ranking] == list(range(1, 65))
        assert [r["score"] for r in ranking] == sorted((r["score"] for r in ranking), reverse=True)
        games += [
            {"players": p["players"], "scores": list(random_scores(rnd, 40))} for p in answer["round"]["pairings"]
        ]
    assert len(met) == 7 * 32


def test_swiss_odd_field_byes_and_formats(client: FlaskClient) -> None:
    names = ["ann", "bob", "cy", "dee", "eve"]
    first = post(client, "swiss-pairings", {"players": names}).json
    assert first["round"]["bye"] == "eve"
    games = [{"players": p["players"], "scores": [121, 100]} for p in first["round"]["pairings"]]
    second = post(client, "swiss-pairings", {"players": names, "games": games, "byes": ["eve"]}).json
    assert second["round"]["round"] == 2 and second["round"]["bye"] != "eve"
    header, cells = as_table(
        post(client, "swiss-pairings", {"players": names, "games": games, "byes": ["eve"]}, "text/csv")
    )
    assert header == ["round", "board", "player", "opponent", "note"] and len(cells) == 3
    assert cells[-1][-2:] == ["", "bye"]
    again = post(
        client, "swiss-pairings", {"players": ["a", "b"], "games": [{"players": ["a", "b"], "scores": [121, 90]}]}
    ).json
    assert again["repeats"] == [["a", "b"]] == [p["players"] for p in again["round"]["pairings"]]  # nobody new
    expect_problem(post(client, "swiss-pairings", {"players": ["a", "b"], "avoid": [["b", "a"]]}), 422, "invalid-event")


def test_swiss_pairs_a_director_fixes_and_keeps_apart(client: FlaskClient) -> None:
    # Round 1 of six: 1-4, 2-5, 3-6 (top half v bottom half). ann and dee are a couple (avoid): ann takes
    # eve; bob, left with dee and fay, takes dee... unless the director seats bob-fay by hand: then cy-dee.
    six = ["ann", "bob", "cy", "dee", "eve", "fay"]
    answer = post(client, "swiss-pairings", {"players": six, "avoid": [["dee", "ann"]]}).json
    assert [p["players"] for p in answer["round"]["pairings"]] == [["ann", "eve"], ["bob", "dee"], ["cy", "fay"]]
    answer = post(client, "swiss-pairings", {"players": six, "avoid": [["dee", "ann"]], "fixed": [["fay", "bob"]]}).json
    assert [p["players"] for p in answer["round"]["pairings"]] == [["ann", "eve"], ["bob", "fay"], ["cy", "dee"]]
    assert answer["repeats"] == []
    expect_problem(post(client, "swiss-pairings", {"players": six, "fixed": [["ann", "zed"]]}), 422, "invalid-event")
    expect_problem(post(client, "swiss-pairings", {"players": six, "avoid": [["ann"]]}), 400, "contract-violation")


# --- matches -------------------------------------------------------------------------------------------------


def test_a_best_of_3_ended_early_by_a_triple_skunk(client: FlaskClient) -> None:
    # Games counted one match point each (ACC playoffs' "best 2 of 3"), a triple skunk winning outright.
    body = {
        "games": [[121, 25]],
        "first_dealer": 1,
        "match": {"length": 3, "skunk_points": 1, "triple_skunk_wins": True},
    }
    state = post(client, "match", body).json
    assert (state["over"], state["winner"], state["decided_by"], state["points"]) == (True, 0, "triple_skunk", [1, 0])
    assert state["games"] == [
        {
            "number": 1,
            "first_dealer": 1,
            "scores": [121, 25],
            "winner": 0,
            "skunk": "triple_skunk",
            "match_points": [1, 0],
            "conceded_by": None,
        }
    ]
    assert state["next_game"] is None and state["next_first_dealer"] is None
    problem = expect_problem(post(client, "match", {**body, "games": [[121, 25], [121, 100]]}), 422, "invalid-event")
    assert problem["errors"][0]["pointer"] == "/games/1"
    # Without the option a triple skunk is worth a double's points, and the match goes on.
    going = post(client, "match", {**body, "match": {"length": 3, "skunk_points": 1}}).json
    assert (going["over"], going["points"], going["next_game"], going["next_first_dealer"]) == (False, [1, 0], 2, 1)


def test_the_loser_of_each_game_deals_first_in_the_next(client: FlaskClient) -> None:
    games = [[121, 100], [95, 121], [121, 118], [110, 121]]
    state = post(client, "match", {"games": games, "first_dealer": 0, "match": {"format": "best_of", "length": 5}}).json
    winners = [g["winner"] for g in state["games"]]
    assert [g["first_dealer"] for g in state["games"]] == [0, *(1 - w for w in winners[:-1])]
    assert state["next_first_dealer"] == 1 - winners[-1] and state["points"] == [2, 2]
    by_winner = post(
        client, "match", {"games": games, "first_dealer": 0, "match": {"length": 5, "next_first_dealer": "winner"}}
    ).json
    assert [g["first_dealer"] for g in by_winner["games"]] == [0, *winners[:-1]]


def test_match_points_from_a_scheme_and_refusals(client: FlaskClient) -> None:
    state = post(
        client,
        "match",
        {"games": [[121, 55], [121, 70]], "match": {"format": "first_to", "length": 7, "scheme": "match_1_2_4"}},
    ).json
    assert state["points"] == [6, 0] and state["rules"]["target"] == 7 and state["rules"]["double_skunk_points"] == 4
    expect_problem(
        post(client, "match", {"games": [], "match": {"scheme": "match_1_2_3", "skunk_points": 2}}),
        422,
        "invalid-rules",
    )
    expect_problem(post(client, "match", {"games": [], "match": {"format": "best_of", "length": 4}}), 422)
    expect_problem(post(client, "match", {"games": [[121, 90]], "variant": "three_player"}), 422)
    bad = expect_problem(post(client, "match", {"games": [[100, 90], [121, 121]]}), 422)
    assert [e["pointer"] for e in bad["errors"]] == ["/games/0", "/games/1/1"]


def test_a_best_of_counts_games_and_the_swedish_points_are_asked_for_by_name(client: FlaskClient) -> None:
    # docs/rules.md 8.3: a "best of 3" is won by the first to win 2 games, a skunk or not; the
    # Swedish text's match points (a skunk 2) are the `swedish` scheme, or a `first_to`.
    skunk = [[121, 80]]
    assert post(client, "match", {"games": skunk, "match": {"format": "best_of", "length": 3}}).json["over"] is False
    assert post(client, "match", {"games": skunk, "match": {"length": 3, "scheme": "swedish"}}).json["over"] is True
    assert post(client, "match", {"games": skunk, "match": {"format": "first_to", "length": 2}}).json["over"] is True
    rnd = random.Random(26)
    for _ in range(200):  # against a plain count of games won: the first to 3 wins a best of 5
        games: list[list[int]] = []
        wins = [0, 0]
        while max(wins) < 3:
            games.append(list(random_scores(rnd)))
            wins[0 if games[-1][0] == 121 else 1] += 1
        state = post(client, "match", {"games": games, "match": {"format": "best_of", "length": 5}}).json
        assert state["over"] and state["winner"] == wins.index(3) and state["games_won"] == wins


def test_match_standings_in_three_formats(client: FlaskClient) -> None:
    body = {
        "match": {"length": 3, "scheme": "swedish"},
        "matches": [
            {"players": ["ann", "bob"], "games": [[121, 100], [121, 85]]},
            {"players": ["bob", "=cy"], "games": [[121, 110], [95, 121], [121, 60]]},
            {"players": ["=cy", "ann"], "games": [[121, 119], [121, 101]]},
        ],
    }
    rows = post(client, "match-standings", body).json["standings"]
    # One match each, 3 match points each (ann 1+2, bob 1+2 with a double skunk, cy 1 then 1+1): spread decides.
    assert [(r["rank"], r["player"], r["matches_won"], r["match_points"], r["spread"]) for r in rows] == [
        (1, "ann", 1, 3, 35),
        (2, "bob", 1, 3, -11),
        (3, "=cy", 1, 3, -24),
    ]
    header, cells = as_table(post(client, "match-standings", body, "text/csv"))
    assert sorted(header) == sorted(rows[0]) and [line[1] for line in cells] == ["ann", "bob", "'=cy"]
    assert [{k: int(v) for k, v in zip(header, line) if k != "player"} for line in cells] == [
        {k: v for k, v in r.items() if k != "player"} for r in rows
    ]
    assert len(as_page(post(client, "match-standings", body, "text/html")).cells) == 4
    unfinished = {"matches": [{"players": ["ann", "bob"], "games": [[121, 100]]}]}
    assert (
        expect_problem(post(client, "match-standings", unfinished), 422)["errors"][0]["pointer"] == "/matches/0/games"
    )


# --- elimination brackets ----------------------------------------------------------------------------------


def play_out(client: FlaskClient, entrants: int, rnd: random.Random, **options: Any) -> dict[str, Any]:
    """Send the bracket's ready matches random results until it has a champion."""
    results: dict[str, Any] = {}
    while True:
        state = post(client, "elimination", {"entrants": entrants, "results": results, **options}).json
        if state["over"]:
            return state
        assert state["ready"], state
        for match in state["ready"]:
            results[str(match)] = {"games": [list(random_scores(rnd))]}


@pytest.mark.parametrize("entrants", [5, 6, 7, 8, 9, 13, 16, 17, 31, 33, 64])
def test_double_elimination_with_random_results(client: FlaskClient, entrants: int) -> None:
    state = play_out(client, entrants, random.Random(entrants), double=True)
    champion = state["champion"]["seed"]
    standing = {e["seed"]: e for e in state["standing"]}
    assert [seed for seed, e in standing.items() if not e["eliminated"]] == [champion]
    assert all(e["matches_lost"] <= 2 for e in standing.values())
    assert all(e["matches_lost"] == 2 for seed, e in standing.items() if seed != champion)
    assert standing[champion]["matches_lost"] <= 1
    played = [m for m in state["matches"] if m["status"] == "played"]
    assert sum(e["matches_won"] for e in standing.values()) == len(played)


@pytest.mark.parametrize("entrants", [2, 3, 5, 12, 64])
def test_single_elimination_byes_to_the_top_seeds(client: FlaskClient, entrants: int) -> None:
    state = post(client, "elimination", {"entrants": entrants}).json
    byes = [m["slots"][0]["seed"] for m in state["matches"] if m["status"] == "bye"]
    assert sorted(byes) == list(range(1, state["size"] - entrants + 1))
    final = play_out(client, entrants, random.Random(entrants))
    assert sum(not e["eliminated"] for e in final["standing"]) == 1
    assert all(e["matches_lost"] <= 1 for e in final["standing"])


def test_a_bracket_of_matches_in_three_formats(client: FlaskClient) -> None:
    players = ["ann", "bob", "=cy", "dee"]
    body = {
        "players": players,
        "match": {"length": 3},
        "results": {"1": {"games": [[121, 100], [121, 110]]}, "2": {"games": [[100, 121], [121, 95], [121, 119]]}},
    }
    state = post(client, "elimination", body).json
    assert state["ready"] == [3] and state["matches"][2]["slots"] == [
        {"seed": 1, "player": "ann", "source": "winner", "match": 1},
        {"seed": 2, "player": "bob", "source": "winner", "match": 2},
    ]
    header, cells = as_table(post(client, "elimination", body, "text/csv"))
    assert header[3:9] == ["seed_1", "slot_1", "from_1", "seed_2", "slot_2", "from_2"]
    assert cells[1] == [
        "2",
        "winners",
        "1",
        "2",
        "bob",
        "",
        "3",
        "'=cy",
        "",
        "100 121 121",
        "121 95 119",
        "played",
        "2",
        "bob",
    ]
    assert cells[2][3:9] == ["1", "ann", "", "2", "bob", ""]  # known: the seed and the name, no word
    assert len(as_page(post(client, "elimination", body, "text/html")).cells) == 4
    # A match not decided by its games, a result for a match not ready, an unknown match: each a 422 there.
    for results, pointer in [
        ({"1": {"games": [[121, 100]]}}, "/results/1/games"),
        ({"3": {"games": [[121, 100], [121, 100]]}}, "/results/3"),
        ({"9": {"games": [[121, 100]]}}, "/results/9"),
    ]:
        problem = expect_problem(post(client, "elimination", {**body, "results": results}), 422)
        assert problem["errors"][0]["pointer"] == pointer
    # Names that do not fit the bracket are the event's data, not a score.
    for wrong, pointer in [
        ({"players": ["a", "a", "b"]}, "/players/1"),
        ({"players": ["a", "b", "c"], "entrants": 4}, "/players"),
    ]:
        problem = expect_problem(post(client, "elimination", wrong), 422, "invalid-event")
        assert problem["errors"][0]["pointer"] == pointer


def test_an_event_has_at_most_4096_players(client: FlaskClient) -> None:
    crowd = [{"players": [f"n{4 * i + k}" for k in range(4)], "scores": [121, 100, 90, 80]} for i in range(1025)]
    problem = expect_problem(post(client, "standings", {"games": crowd}), 422, "invalid-event")
    assert problem["detail"] == "an event here has at most 4096 players; these games and byes name 4100"
    assert post(client, "standings", {"games": crowd[:1024]}).status_code == 200


def test_an_answer_holds_at_most_100000_log_lines(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    assert events_api.MAX_LOG_ENTRIES == 100_000
    monkeypatch.setattr(events_api, "MAX_LOG_ENTRIES", 100)  # the same check, on a smaller event
    tables = [
        {"players": [f"a{i % 10}", f"b{i % 10}", f"c{i % 10}", f"d{i % 7}"], "scores": [121, 100, 90, 80]}
        for i in range(26)
    ]
    problem = expect_problem(post(client, "game-logs", {"games": tables}), 422, "answer-too-large")
    assert "104 lines" in problem["detail"] and problem["errors"][0]["pointer"] == "/players"
    few = post(client, "game-logs", {"games": tables, "players": ["a0", "d0"]}).json["logs"]
    assert sorted((log["player"], len(log["games"])) for log in few) == [("a0", 3), ("d0", 4)]
    assert post(client, "game-logs", {"games": tables[:25]}).status_code == 200  # 100 lines


def test_a_crosstable_holds_at_most_131072_cells(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    assert events_api.MAX_CROSS_CELLS == 131_072
    monkeypatch.setattr(events_api, "MAX_CROSS_CELLS", 100)  # the same check, on a smaller event
    # 12 cells a four-player game of strangers: 9 such games are too many.
    games = [{"players": [f"n{4 * i + k}" for k in range(4)], "scores": [121, 100, 90, 80]} for i in range(9)]
    problem = expect_problem(post(client, "crosstable", {"games": games}), 422, "answer-too-large")
    assert "108 cells" in problem["detail"]
    assert post(client, "crosstable", {"games": games[:8]}).status_code == 200  # 96 cells
    # The same players meeting again and again make few cells, however many the games.
    again = [{"players": ["ann", "bob", "cy", "dee"], "scores": [121, 100, 90, 80]}] * 50
    assert len(post(client, "crosstable", {"games": again}).json["rows"]) == 4


def test_sheets_open_in_excel_and_save_under_their_title(client: FlaskClient) -> None:
    # Excel on Windows reads a CSV without a byte-order mark in the ANSI code page ("Åsa" as "Ã…sa");
    # a browser saves the download under the Content-Disposition's file name (RFC 6266).
    names = ["Åsa", "bob", "cy", "dee"]
    sheet = post(client, "swiss-pairings", {"players": names}, "text/csv")
    assert sheet.data.startswith(b"\xef\xbb\xbf" + b'"round"')
    assert "Åsa" in sheet.data.decode("utf-8")
    assert sheet.headers["Content-Disposition"] == 'attachment; filename="swiss-pairings-round-1.csv"'
    page = post(client, "swiss-pairings", {"players": names}, "text/html")
    assert not page.data.startswith(b"\xef\xbb\xbf")
    assert page.headers["Content-Disposition"] == 'inline; filename="swiss-pairings-round-1.html"'
    assert "Content-Disposition" not in post(client, "swiss-pairings", {"players": names}).headers
