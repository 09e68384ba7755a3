"""The event file (``/v1/tournaments/event/...``) as a director uses it: a roster, rounds of
tables, byes and two scorecards a table, checked against standings worked out by hand (ACC
game points: a win 2, a skunk or more 3; spread 121 minus the loser's score; a forfeit a win by
ten spread points, ACC 11.4b; docs/rules.md 8.1 and 8.4)."""

from __future__ import annotations

import copy
from typing import Any

from flask.testing import FlaskClient

from tests.support.event_files import EVERY_KIND
from tests.support.problems import expect_problem


def post(client: FlaskClient, name: str, body: dict[str, Any]) -> Any:
    return client.post(f"/v1/tournaments/event/{name}", json=body)


def table(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(r["rank"], r["player"], r["game_points"], r["games_won"], r["spread"]) for r in rows]


def test_standings_after_each_round_worked_by_hand(client: FlaskClient) -> None:
    # Round 1: ann beats bob 121-95 (2, +26; both cards agree); cy beats dee 121-60 (a double
    # skunk, 3 under ACC, +61; dee's card only); eve's bye (a game won, 2, no spread).
    after = [post(client, "standings", {**EVERY_KIND, "after_round": n}).json for n in (1, 2, 3)]
    assert table(after[0]["standings"]) == [
        (1, "cy", 3, 1, 61),
        (2, "ann", 2, 1, 26),
        (3, "eve", 2, 1, 0),
        (4, "bob", 0, 0, -26),
        (5, "dee", 0, 0, -61),
    ]  # fay joins in round 3: no row yet
    # Round 2: ann-cy's cards disagree (121-100, 121-110): no result, listed; bob forfeits to eve
    # (2, +10; -10 to bob); dee's half bye (1 game point, no game).
    assert table(after[1]["standings"]) == [
        (1, "eve", 4, 2, 10),
        (2, "cy", 3, 1, 61),
        (3, "ann", 2, 1, 26),
        (4, "dee", 1, 0, -61),
        (5, "bob", 0, 0, -36),
    ]
    assert [(t["round"], t["table"], t["status"]) for t in after[1]["unsettled"]] == [(2, 1, "disputed")]
    assert [c["scores"] for c in after[1]["unsettled"][0]["cards"]] == [[121, 100], [121, 110]]
    # Round 3: eve beats cy 90-121 on both cards (a skunk: 3, +31); dee-ann has no card yet; fay
    # joins with the 2 points given and a zero bye; bob withdrew after round 2 (still listed).
    assert table(after[2]["standings"]) == [
        (1, "eve", 7, 3, 41),
        (2, "cy", 3, 1, 30),
        (3, "ann", 2, 1, 26),
        (4, "fay", 2, 0, 0),
        (5, "dee", 1, 0, -61),
        (6, "bob", 0, 0, -36),
    ]
    bob = next(r for r in after[2]["standings"] if r["player"] == "bob")
    assert (bob["games"], bob["games_lost"], bob["withdrawn"]) == (2, 2, 2)
    assert [(t["round"], t["table"], t["status"]) for t in after[2]["unsettled"]] == [
        (2, 1, "disputed"),
        (3, 1, "missing"),
    ]


def test_the_crosstable_has_a_column_per_round_with_byes_in_their_round(client: FlaskClient) -> None:
    rows = {row["player"]: row["rounds"] for row in post(client, "crosstable", EVERY_KIND).json["rows"]}

    def cells(name: str) -> list[tuple[Any, ...]]:
        return [
            (
                c["result"],
                c["table"],
                c["opponent"],
                c["score"],
                c["game_points"],
                c["total_game_points"],
                c["total_spread"],
            )
            for c in rows[name]
        ]

    assert cells("eve") == [
        ("bye", None, None, None, 2, 2, 0),
        ("forfeit_won", 2, "bob", None, 2, 4, 10),
        ("won", 2, "cy", 121, 3, 7, 41),
    ]
    assert cells("bob") == [
        ("lost", 1, "ann", 95, 0, 0, -26),
        ("forfeit_lost", 2, "eve", None, 0, 0, -36),
        ("withdrawn", None, None, None, 0, 0, -36),
    ]
    assert cells("fay") == [
        ("not_entered", None, None, None, 0, 0, 0),
        ("not_entered", None, None, None, 0, 0, 0),
        ("zero_bye", None, None, None, 0, 2, 0),  # the 2 points given count from round 3
    ]
    assert [c["result"] for c in rows["dee"]] == ["lost", "half_bye", "unsettled"]
    assert [c["result"] for c in rows["ann"]] == ["won", "unsettled", "unsettled"]


def test_the_cross_check_reports_every_table_not_agreed(client: FlaskClient) -> None:
    answer = post(client, "cross-check", EVERY_KIND).json
    assert answer["counts"] == {"agreed": 2, "one_card": 1, "ruled": 1, "disputed": 1, "missing": 1}
    assert [(t["round"], t["table"], t["status"]) for t in answer["tables"]] == [
        (1, 2, "one_card"),
        (2, 1, "disputed"),
        (2, 2, "ruled"),
        (3, 1, "missing"),
    ]


def test_pairing_waits_for_every_table_and_then_leaves_out_the_withdrawn(client: FlaskClient) -> None:
    problem = expect_problem(post(client, "pairings", EVERY_KIND), 422)
    assert "2 tables are not settled" in problem["detail"]
    settled = copy.deepcopy(EVERY_KIND)
    settled["cards"] += [
        {"round": 2, "table": 1, "scores": [121, 100]},  # the director's ruling: ann by 21
        {"round": 3, "table": 1, "by": "ann", "scores": [100, 121]},  # ann beats dee by 21
    ]
    answer = post(client, "pairings", settled).json
    # Hand: eve 7, ann 2+2+2 = 6 (spread +68), cy 3 (+9), fay 2, dee 1 (-82); bob withdrawn.
    assert [(s["player"], s["score"]) for s in answer["ranking"]] == [
        ("eve", 7),
        ("ann", 6),
        ("cy", 3),
        ("fay", 2),
        ("dee", 1),
    ]
    paired = [p["players"] for p in answer["round"]["pairings"]]
    assert answer["round"]["round"] == 4 and len(paired) == 2
    assert "bob" not in {name for pair in paired for name in pair} and answer["round"]["bye"] != "bob"
    assert answer["round"]["bye"] == "dee"  # the lowest without a full bye (a half bye is no pairing bye)
    out = post(client, "pairings", {**settled, "sitting_out": ["dee"]}).json
    assert out["round"]["bye"] is None and "dee" not in [s["player"] for s in out["ranking"]]


def test_every_mistake_of_a_file_in_one_answer(client: FlaskClient) -> None:
    bad = {
        "players": ["ann", "Ann ", "A\u030asa", "\u00c5sa", "bob", "cy", {"name": "dee", "withdrawn": 1}],
        "tables": [
            {"round": 1, "table": 1, "players": ["ann", "bob"]},
            {"round": 1, "table": 2, "players": ["cy", "ann"]},  # ann seated twice
            {"round": 2, "table": 1, "players": ["dee", "bob"]},  # dee withdrew after round 1
            {"round": 2, "table": 2, "players": ["BOB", "cy"]},  # not on the roster
        ],
        "byes": [{"round": 1, "player": "bob"}],  # bob played round 1
        "cards": [
            {"round": 1, "table": 1, "by": "ann", "scores": [125, 90]},  # past the game hole
            {"round": 1, "table": 1, "by": "ann", "scores": [121, 90]},  # the same card twice
            {"round": 1, "table": 3, "by": "cy", "scores": [121, 90]},  # no such table
        ],
    }
    problem = expect_problem(post(client, "standings", bad), 422)
    found = {(e["pointer"], e["detail"].split(" (")[0]) for e in problem["errors"]}
    assert {pointer for pointer, _ in found} == {
        "/players/1",
        "/players/3",
        "/tables/1/players/1",
        "/tables/2/players/0",
        "/tables/3/players/0",
        "/byes/0/player",
        "/cards/0/scores/0",
        "/cards/1",
        "/cards/2/table",
    }
    details = {pointer: detail for pointer, detail in ((e["pointer"], e["detail"]) for e in problem["errors"])}
    assert "differing only by case or spacing" in details["/players/1"]
    assert "already on the roster at /players/2" in details["/players/3"]  # two spellings of Åsa, one name
    assert "did you mean 'bob'" in details["/tables/3/players/0"]
    assert (
        "seated twice" in details["/tables/1/players/1"] and "withdrew after round 1" in details["/tables/2/players/0"]
    )
    assert "exactly the target" in details["/cards/0/scores/0"] and "given twice" in details["/cards/1"]
    assert problem["detail"] == "the event has 9 problems"


def test_names_are_compared_after_nfc_and_trimming(client: FlaskClient) -> None:
    body = {
        "players": ["\u00c5sa", "bob"],
        "tables": [{"round": 1, "table": 1, "players": ["A\u030asa", " bob "]}],
        "cards": [{"round": 1, "table": 1, "by": "A\u030asa ", "scores": [121, 100]}],
    }
    rows = post(client, "standings", body).json["standings"]
    assert [(r["player"], r["game_points"]) for r in rows] == [("\u00c5sa", 2), ("bob", 0)]
