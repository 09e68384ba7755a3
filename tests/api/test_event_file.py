"""The event file (``/v1/tournaments/event/...``) as a director uses it: a roster, rounds of
tables, byes and two scorecards a table, checked against standings worked out by hand (ACC
game points: a win 2, a skunk or more 3; spread 121 minus the loser's score; a forfeit a win by
ten spread points, ACC 11.4b; docs/rules.md 8.1 and 8.4)."""

from __future__ import annotations

import copy
import csv
import io
from typing import Any

import pytest
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


def test_the_cross_check_names_a_player_left_out_of_a_round(client: FlaskClient) -> None:
    """The director's case: five players, round 1 ann-cy and bob-dee both 121-100, and eve's bye not
    copied into the file. Eve is in the field and in no line of round 1, so the round gives her
    nothing (``absent``): the cross-check says so, in JSON, CSV and the page. The file with the bye
    has nobody left out."""
    event = {
        "players": ["ann", "bob", "cy", "dee", "eve"],
        "tables": [
            {"round": 1, "table": 1, "players": ["ann", "cy"]},
            {"round": 1, "table": 2, "players": ["bob", "dee"]},
        ],
        "cards": [
            {"round": 1, "table": t, "by": by, "scores": [121, 100]}
            for t, pair in ((1, "ann cy"), (2, "bob dee"))
            for by in pair.split()
        ],
    }
    answer = post(client, "cross-check", event).json
    assert answer["unplaced"] == [{"round": 1, "player": "eve"}] and answer["unplaced_count"] == 1
    assert answer["tables"] == [] and answer["counts"]["agreed"] == 2
    sheet = client.post("/v1/tournaments/event/cross-check", json=event, headers={"Accept": "text/csv"})
    rows = list(csv.DictReader(io.StringIO(sheet.get_data(as_text=True).removeprefix("\ufeff"))))  # Excel's BOM
    assert [(r["round"], r["table"], r["player_1"], r["status"]) for r in rows] == [("1", "", "eve", "no table or bye")]
    page = client.post("/v1/tournaments/event/cross-check", json=event, headers={"Accept": "text/html"})
    assert "no table or bye: 1" in page.get_data(as_text=True)
    crossed = post(client, "crosstable", event).json
    assert [c["result"] for r in crossed["rows"] if r["player"] == "eve" for c in r["rounds"]] == ["absent"]
    event["byes"] = [{"round": 1, "player": "eve"}]
    assert post(client, "cross-check", event).json["unplaced"] == []
    event["players"].append({"name": "fay", "joined": 2})  # a late entry is not left out before it joins
    assert post(client, "cross-check", event).json["unplaced"] == []


def test_the_cross_check_lists_the_first_thousand_left_out_and_says_how_many_more(client: FlaskClient) -> None:
    players = [f"p{i:04d}" for i in range(1003)]  # one table of two: 1,001 players left out of round 1
    event = {"players": players, "tables": [{"round": 1, "table": 1, "players": players[:2]}]}
    answer = post(client, "cross-check", event).json
    assert answer["unplaced_count"] == 1001 and len(answer["unplaced"]) == 1000
    assert answer["unplaced"][0] == {"round": 1, "player": "p0002"}
    sheet = client.post("/v1/tournaments/event/cross-check", json=event, headers={"Accept": "text/csv"})
    last = list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))[-1]
    assert last[4] == "1 more with no table or bye, not listed"


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


def test_behind_a_line_set_aside_the_rules_name_places_in_the_body_as_sent(client: FlaskClient) -> None:
    # tables/0 breaks the contract and is set aside; the rules then find ann seated twice at what
    # is tables/1 and tables/2 as sent, and a bye to bob, who played at tables/1: every pointer,
    # in the errors and in their texts, is into the body the director sent.
    event = {
        "players": ["ann", "bob", "cy", "dee"],
        "tables": [{"round": 1, "table": "x", "players": ["cy", "dee"]},
                   {"round": 1, "table": 1, "players": ["ann", "bob"]},
                   {"round": 1, "table": 2, "players": ["ann", "cy"]}],
        "byes": [{"round": 1, "player": "bob"}],
    }  # fmt: skip
    errors = expect_problem(post(client, "standings", event), 400)["errors"]
    by_pointer = {e["pointer"]: e["detail"] for e in errors}
    assert "/tables/0/table" in by_pointer
    assert "also at /tables/1/players/0" in by_pointer["/tables/2/players/0"]
    assert "at /tables/1/players/1" in by_pointer["/byes/0/player"]
    # A name that looks like a place is a name: only the places are moved.
    event["players"][0] = event["tables"][1]["players"][0] = event["tables"][2]["players"][0] = "/tables/0"
    errors = expect_problem(post(client, "standings", event), 400)["errors"]
    twice = next(e["detail"] for e in errors if e["pointer"] == "/tables/2/players/0")
    assert twice.startswith("'/tables/0' is seated twice") and "also at /tables/1/players/0" in twice


def test_a_name_on_a_card_that_the_roster_lacks_is_said_so_with_the_name_it_resembles(client: FlaskClient) -> None:
    # "Ann" is not ann (names differ by case here): the card is refused as naming someone not on
    # the roster, with ann suggested, as a table line is; ann herself at the wrong table is not at it.
    event = {
        "players": ["ann", "bob", "cy", "dee"],
        "tables": [{"round": 1, "table": 1, "players": ["ann", "bob"]},
                   {"round": 1, "table": 2, "players": ["cy", "dee"]}],
        "cards": [{"round": 1, "table": 1, "by": "Ann", "scores": [121, 100]},
                  {"round": 1, "table": 1, "by": "bob", "forfeit": "Ann"},
                  {"round": 1, "table": 2, "by": "cy", "scores": [100, 40], "conceded_by": "Dee"},
                  {"round": 1, "table": 2, "by": "ann", "scores": [121, 40]}],
    }  # fmt: skip
    errors = {e["pointer"]: e["detail"] for e in expect_problem(post(client, "standings", event), 422)["errors"]}
    for pointer, near in (("/cards/0/by", "ann"), ("/cards/1/forfeit", "ann"), ("/cards/2/conceded_by", "dee")):
        assert "not on the roster" in errors[pointer] and f"'{near}'" in errors[pointer], errors[pointer]
    assert errors["/cards/3/by"] == "'ann' is not at table 2 in round 1"


@pytest.mark.parametrize("round_sent", [0, 129, "2"])
def test_a_table_whose_round_the_contract_refuses_leaves_its_cards_unblamed(
    client: FlaskClient, round_sent: Any
) -> None:
    # The ann-cy table of round 2 with a round out of range (or not a number): its round is not
    # known, so round 2's card for table 1 may be this table's, and only the contract error is said.
    event = copy.deepcopy(EVERY_KIND)
    event["tables"][2]["round"] = round_sent
    errors = expect_problem(post(client, "standings", event), 400)["errors"]
    assert [e["pointer"] for e in errors] == ["/tables/2/round"]


def test_pairing_ranks_on_what_the_standings_count(client: FlaskClient) -> None:
    # Two late entries given 2 points each, fay -30 and eve +30 of spread (listed fay first),
    # join round 2: on the standings eve ranks third and fay fourth, so the Swiss pairs the
    # top half against the bottom of the 2-point group as ann-eve and cy-fay, not by roster order.
    event = {
        "players": ["ann", "bob", "cy", "dee", {"name": "fay", "joined": 2, "points": 2, "spread": -30},
                    {"name": "eve", "joined": 2, "points": 2, "spread": 30}],
        "tables": [{"round": 1, "table": 1, "players": ["ann", "bob"]},
                   {"round": 1, "table": 2, "players": ["cy", "dee"]}],
        "cards": [{"round": 1, "table": 1, "scores": [121, 100]}, {"round": 1, "table": 2, "scores": [121, 110]}],
    }  # fmt: skip
    answer = post(client, "pairings", event).json
    assert [(s["player"], s["score"], s["spread"]) for s in answer["ranking"]] == [
        ("ann", 2, 21),
        ("cy", 2, 11),
        ("eve", 2, 30),
        ("fay", 2, -30),
        ("dee", 0, -11),
        ("bob", 0, -21),
    ]
    assert [p["players"] for p in answer["round"]["pairings"]] == [["ann", "eve"], ["cy", "fay"], ["dee", "bob"]]


def test_a_forfeit_ranks_for_pairing_as_the_plain_win_it_is_awarded_whatever_the_target(client: FlaskClient) -> None:
    # docs/rules.md 8.1: a forfeit is a plain win's game points (no skunk) by ten spread points,
    # as the standings count it; a small target changes nothing of that (it was scored as a game
    # won target to target - 10, a skunk at a target of 10 or 15 and a negative score at 5).
    for target, other in ((5, [5, 4]), (15, [15, 14]), (121, [121, 120])):
        event = {
            "players": ["ann", "bob", "cy", "dee"],
            "target": target,
            "tables": [{"round": 1, "table": 1, "players": ["ann", "bob"]},
                       {"round": 1, "table": 2, "players": ["cy", "dee"]}],
            "cards": [{"round": 1, "table": 1, "forfeit": "bob"}, {"round": 1, "table": 2, "scores": other}],
        }  # fmt: skip
        answer = post(client, "pairings", event).json
        ranking = [(s["player"], s["score"], s["games_won"], s["spread"]) for s in answer["ranking"]]
        assert ranking == [("ann", 2, 1, 10), ("cy", 2, 1, 1), ("dee", 0, 0, -1), ("bob", 0, 0, -10)], target
        standings = post(client, "standings", event).json["standings"]
        assert [(r["player"], r["game_points"], r["spread"]) for r in standings] == [
            (p, g, s) for p, g, _, s in ranking
        ]


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
    assert "(with U+00C5) is 'A\u030asa' (with U+0041 U+030A) written in another Unicode form" in details["/players/3"]
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


def reference_standings(file: dict[str, Any], after: int) -> dict[str, tuple[int, int, int]]:
    """Game points, games won and spread per player after round ``after``, from the file by the
    plain ACC rules (a win 2, below 91 a skunk 3; spread 121 minus the loser's score; a forfeit a
    win by 10; a full bye a win with no spread), trusting the ruling, else two cards that agree."""
    rows: dict[str, list[int]] = {}
    for entry in file["players"]:
        name, joined, points = (
            (entry, 1, 0) if isinstance(entry, str) else (entry["name"], entry.get("joined", 1), entry.get("points", 0))
        )
        if joined <= max(after, 1):
            rows[name] = [points, 0, 0]
    for bye in file["byes"]:
        if bye["round"] <= after:
            rows[bye["player"]][0] += 2
            rows[bye["player"]][1] += 1
    for seat in file["tables"]:
        if seat["round"] > after:
            continue
        cards = [c for c in file["cards"] if (c["round"], c["table"]) == (seat["round"], seat["table"])]
        ruling = [c for c in cards if "by" not in c]
        said = {json_key(c) for c in cards}
        card = ruling[0] if ruling else cards[0] if cards and len(said) == 1 else None
        if card is None:
            continue
        a, b = seat["players"]
        if "forfeit" in card:
            winner, loser, margin, points = (b, a, 10, 2) if card["forfeit"] == a else (a, b, 10, 2)
        else:
            low = min(card["scores"])
            winner, loser = (a, b) if card["scores"][0] == 121 else (b, a)
            margin, points = 121 - low, 3 if low < 91 else 2
        rows[winner][0] += points
        rows[winner][1] += 1
        rows[winner][2] += margin
        rows[loser][2] -= margin
    return {name: (row[0], row[1], row[2]) for name, row in rows.items()}


def json_key(card: dict[str, Any]) -> str:
    return repr((card.get("scores"), card.get("forfeit")))


def test_a_swiss_event_run_round_by_round_as_a_director_would(client: FlaskClient) -> None:
    # 15 players and a late entry in round 2 (16), 5 rounds; the players' cards agree except one
    # table in round 3 (the director rules), a no-show forfeits in round 2, p03 withdraws after
    # round 3; standings after each round checked against the plain reference above.
    file: dict[str, Any] = {"players": [f"p{i:02d}" for i in range(15)], "tables": [], "byes": [], "cards": []}
    file["players"].append({"name": "late", "joined": 2, "points": 2})
    met: set[frozenset[str]] = set()
    for number in range(1, 6):
        if number == 4:
            file["players"][3] = {"name": "p03", "withdrawn": 3}
        answer = post(client, "pairings", file).json
        assert answer["round"]["round"] == number
        if answer["round"]["bye"]:
            file["byes"].append({"round": number, "player": answer["round"]["bye"]})
        for pairing in answer["round"]["pairings"]:
            a, b = pairing["players"]
            assert frozenset((a, b)) not in met  # no repeat
            assert "late" not in (a, b) or number >= 2
            assert "p03" not in (a, b) or number <= 3
            met.add(frozenset((a, b)))
            seat = {"round": number, "table": pairing["board"], "players": [a, b]}
            file["tables"].append(seat)
            loser = 60 + (pairing["board"] * 13 + number * 7) % 61
            scores = [121, loser] if (pairing["board"] + number) % 2 else [loser, 121]
            if number == 2 and pairing["board"] == 1:
                file["cards"].append({"round": number, "table": 1, "by": b, "forfeit": a})
                file["cards"].append({"round": number, "table": 1, "by": a, "forfeit": a})
                continue
            file["cards"].append({"round": number, "table": pairing["board"], "by": a, "scores": scores})
            wrong = number == 3 and pairing["board"] == 2
            other = (
                [scores[0], scores[1] + 1]
                if wrong and scores[0] == 121
                else [scores[0] + 1, scores[1]]
                if wrong
                else scores
            )
            file["cards"].append({"round": number, "table": pairing["board"], "by": b, "scores": other})
        check = post(client, "cross-check", file).json
        if number == 3:
            assert check["counts"]["disputed"] == 1 and check["tables"][0]["table"] == 2
            problem = expect_problem(post(client, "pairings", file), 422)
            disputed = check["tables"][0]
            assert problem["detail"].startswith("a table is not settled yet")  # one table: no "1 tables"
            a, b = disputed["players"]
            assert [e["detail"] for e in problem["errors"]] == [
                f"round 3, table 2 ('{a}', '{b}'): the scorecards differ; the director's ruling (a card without"
                " `by`) settles it"
            ]
            file["cards"].append({"round": 3, "table": 2, "scores": disputed["cards"][0]["scores"]})
        for after in range(1, number + 1):
            rows = post(client, "standings", {**file, "after_round": after}).json["standings"]
            assert {r["player"]: (r["game_points"], r["games_won"], r["spread"]) for r in rows} == reference_standings(
                file, after
            )
            assert [r["game_points"] for r in rows] == sorted((r["game_points"] for r in rows), reverse=True)
    cross = post(client, "crosstable", file).json["rows"]
    assert all(len(row["rounds"]) == 5 for row in cross)
    p03 = next(row for row in cross if row["player"] == "p03")["rounds"]
    assert [c["result"] for c in p03[3:]] == ["withdrawn", "withdrawn"]
    late = next(row for row in cross if row["player"] == "late")["rounds"]
    assert late[0]["result"] == "not_entered"


def test_fixed_games_lines_go_straight_into_the_event_file(client: FlaskClient) -> None:
    names = ["ann", "bob", "cy", "dee", "eve"]
    day = post(client, "fixed-games", {"players": names, "games": 3})
    assert day.status_code == 200, day.json
    answer = day.json
    assert answer["movement"] == "one_side_moves" and answer["tables_per_round"] == 3
    # ann (table 1's home seat) meets bob, sits out when the empty seat reaches her, then meets dee
    assert answer["players"][0] == {
        "player": "ann",
        "rounds": [
            {"round": 1, "table": 1, "opponent": "bob"},
            {"round": 2, "table": None, "opponent": None},
            {"round": 3, "table": 1, "opponent": "dee"},
        ],
    }
    event = {"players": names, "tables": answer["tables"], "byes": answer["byes"]}
    cross = post(client, "cross-check", event)
    assert cross.status_code == 200 and cross.json["counts"]["missing"] == 6


def test_fixed_games_past_what_the_field_can_play(client: FlaskClient) -> None:
    refused = expect_problem(post(client, "fixed-games", {"players": ["a", "b", "c", "d"], "games": 4}), 422)
    assert refused["errors"][0]["pointer"] == "/games"  # 4 players: 3 different opponents each
    refused = expect_problem(post(client, "fixed-games", {"players": ["a", "b"], "games": 0}), 400)
    assert refused["errors"][0]["pointer"] == "/games"


def tied_field() -> dict[str, Any]:
    """Eight players, one round, every game 121-100: four winners tied on every key (2 points, a win,
    +21), four losers tied too."""
    names = [f"p{i}" for i in range(1, 9)]
    return {
        "players": names,
        "tables": [{"round": 1, "table": t, "players": [names[2 * t - 2], names[2 * t - 1]]} for t in (1, 2, 3, 4)],
        "cards": [{"round": 1, "table": t, "scores": [121, 100]} for t in (1, 2, 3, 4)],
    }


def test_standings_mark_the_cut_and_show_a_tie_at_the_line(client: FlaskClient) -> None:
    answer = post(client, "standings", {**tied_field(), "qualifiers": 2}).json
    # two places, four winners sharing rank 1: all four shown tied, none silently chosen
    assert answer["cut"] == {"qualifiers": 2, "entrants": 8, "tied": ["p1", "p3", "p5", "p7"], "places": 2}
    assert {r["player"]: r["cut"] for r in answer["standings"]} == {
        **dict.fromkeys(["p1", "p3", "p5", "p7"], "tied"),
        **dict.fromkeys(["p2", "p4", "p6", "p8"], "out"),
    }
    assert post(client, "standings", {**tied_field(), "qualifiers": 4}).json["cut"]["tied"] == []


def test_playoff_waits_for_the_director_to_break_a_tie_at_the_line(client: FlaskClient) -> None:
    refused = expect_problem(post(client, "playoff", {**tied_field(), "qualifiers": 2}), 422)
    assert refused["errors"][0]["pointer"] == "/tie_break"
    answer = post(client, "playoff", {**tied_field(), "qualifiers": 2, "tie_break": ["p5", "p1"]}).json
    assert [s["player"] for s in answer["bracket"]["seeds"]] == ["p5", "p1"]


def test_playoff_with_fewer_than_two_players_still_in_points_at_the_roster(client: FlaskClient) -> None:
    # three players, two withdrawn after round 1: nobody to play the one left
    gone = {"joined": 1, "points": 0, "spread": 0, "withdrawn": 1}
    body = {
        "players": ["a", {"name": "b", **gone}, {"name": "c", **gone}],
        "tables": [{"round": 1, "table": 1, "players": ["a", "c"]}],
        "byes": [{"round": 1, "player": "b", "kind": "full"}],
        "cards": [{"round": 1, "table": 1, "scores": [121, 100]}],
        "after_round": 1,
    }
    refused = expect_problem(post(client, "playoff", body), 422)
    assert refused["errors"] == [
        {
            "pointer": "/players",
            "detail": "a playoff needs two players in the standings after round 1 who have not withdrawn",
        }
    ]


def test_playoff_never_seeds_a_tie_among_the_qualifiers_by_name(client: FlaskClient) -> None:
    # four qualifiers, all four equal on every key: the seeds (1 v 4, 2 v 3) are the director's
    refused = expect_problem(post(client, "playoff", {**tied_field(), "qualifiers": 4}), 422)
    assert refused["errors"] == [
        {
            "pointer": "/tie_break",
            "detail": "'p1', 'p3', 'p5', 'p7' are tied for seeds 1 to 4, which decides who meets whom: order at"
            " least 3 of them in `tie_break`, best first (the director's tie-break game or cut of the cards)",
        }
    ]
    body = {**tied_field(), "qualifiers": 4, "tie_break": ["p7", "p5", "p3"]}  # p1, not named, comes last
    four = post(client, "playoff", body).json["bracket"]
    assert [m["players"] for m in four["rounds"][0]["matches"]] == [["p7", "p1"], ["p5", "p3"]]


def test_tie_break_names_follow_the_rosters_rules_and_every_wrong_one_is_refused(client: FlaskClient) -> None:
    body = {**tied_field(), "qualifiers": 2, "tie_break": [" p5", "p1\u0020"]}  # trimmed, as the roster compares
    assert [s["player"] for s in post(client, "playoff", body).json["bracket"]["seeds"]] == ["p5", "p1"]
    body["tie_break"] = ["p5", "p2", "P1", "p5 ", "nobody"]
    refused = expect_problem(post(client, "playoff", body), 422)
    assert [e["pointer"] for e in refused["errors"]] == [
        "/tie_break/2",  # 'P1': the roster has 'p1' (case), reported, not matched
        "/tie_break/3",  # 'p5 ' is p5 again
        "/tie_break/4",  # not on the roster
        "/tie_break",  # one place still open at the line
        "/tie_break/1",  # p2 lost: not tied with anyone
    ]


def settled_every_kind() -> dict[str, Any]:
    """:data:`EVERY_KIND` with its open tables settled: the director rules round 2's table 1
    121-100 for ann; dee beats ann 121-110 in round 3. By hand (ACC points, docs/rules.md 8.5):
    eve 7 (3 wins, +41), ann 4 (2, 26 + 21 - 11 = +36), cy 3 (1, 30 - 21 = +9), dee 3 (a half
    bye's 1 and a win: 1, -61 + 11 = -50), fay 2 (given), bob withdrew after round 2."""
    body = copy.deepcopy(EVERY_KIND)
    body["cards"].append({"round": 2, "table": 1, "scores": [121, 100]})
    body["cards"].append({"round": 3, "table": 1, "by": "dee", "scores": [121, 110]})
    return body


def test_playoff_is_refused_while_a_table_is_disputed_or_missing_naming_every_one(client: FlaskClient) -> None:
    refused = expect_problem(post(client, "playoff", {**EVERY_KIND, "qualifiers": 3}), 422)
    assert refused["detail"] == (
        "2 tables are not settled yet (cards that disagree, or none): settle them before drawing the playoff"
    )
    assert refused["errors"] == [
        {
            "pointer": "/cards",
            "detail": "round 2, table 1 ('ann', 'cy'): the scorecards differ; the director's ruling (a card"
            " without `by`) settles it",
        },
        {"pointer": "/cards", "detail": "round 3, table 1 ('dee', 'ann'): no scorecard yet"},
    ]
    # after round 1 both tables are settled (one agreed, one card alone): that playoff can be drawn
    early = post(client, "playoff", {**EVERY_KIND, "after_round": 1, "qualifiers": 2}).json
    assert [s["player"] for s in early["bracket"]["seeds"]] == ["cy", "ann"]  # 3 points against 2


def test_playoff_byes_to_the_top_seeds(client: FlaskClient) -> None:
    # five players still in (bob withdrew), three qualifiers: a bracket of 4, seed 1 sits round 1 out
    body = {**settled_every_kind(), "qualifiers": 3}
    answer = post(client, "playoff", body).json
    assert [s["player"] for s in answer["bracket"]["seeds"]] == ["eve", "ann", "cy"]
    assert answer["bracket"]["size"] == 4 and answer["bracket"]["byes"] == 1
    first = answer["bracket"]["rounds"][0]["matches"]
    assert [(m["high_seed"], m["low_seed"], m["bye"]) for m in first] == [(1, None, True), (2, 3, False)]
    by_rating = post(client, "playoff", {**body, "seed_by": "ratings"}).json
    assert by_rating["seed_by"] == "ratings"
    assert sorted(s["player"] for s in by_rating["bracket"]["seeds"]) == ["ann", "cy", "eve"]


def test_a_withdrawn_player_never_qualifies_and_the_cut_and_bracket_agree(client: FlaskClient) -> None:
    body = settled_every_kind()
    body["players"][4] = {"name": "eve", "withdrawn": 3}  # eve leaves after the last round: no playoff
    answer = post(client, "playoff", {**body, "qualifiers": 3}).json
    seeds = [s["player"] for s in answer["bracket"]["seeds"]]
    assert seeds == ["ann", "cy", "dee"]  # dee, next in the standings, takes eve's place
    assert answer["cut"]["qualifiers"] == answer["bracket"]["qualifiers"] == len(seeds) == 3
    marks = {r["player"]: r["cut"] for r in post(client, "standings", {**body, "qualifiers": 3}).json["standings"]}
    assert marks == {"eve": "withdrawn", "bob": "withdrawn", "ann": "qualified", "cy": "qualified"} | {
        "dee": "qualified",
        "fay": "out",
    }
    # four still in (ann, cy, dee, fay): five places are more than they can fill
    refused = expect_problem(post(client, "playoff", {**body, "qualifiers": 5}), 422)
    assert refused["errors"][0]["pointer"] == "/qualifiers"
    assert refused["detail"] == "5 qualifiers from 6 players, 4 of them still in the event: a playoff takes 2 to 4"


def test_roster_lines_that_contradict_themselves_are_refused_with_the_rest(client: FlaskClient) -> None:
    body = copy.deepcopy(EVERY_KIND)
    body["players"][2] = {"name": "cy", "joined": 3, "withdrawn": 2}  # left before joining
    body["players"][3] = {"name": "dee", "withdrawn": 0}  # left before round 1
    body["cards"][3]["by"] = "zed"  # and a card by nobody at the table
    refused = expect_problem(post(client, "standings", body), 422)
    pointers = [e["pointer"] for e in refused["errors"]]
    assert pointers[:2] == ["/players/2/withdrawn", "/players/3/withdrawn"] and "/cards/3/by" in pointers
    assert refused["errors"][0]["detail"] == "withdrawn after round 2, before joining in round 3"
    body = copy.deepcopy(EVERY_KIND)
    body["players"][5] = {"name": "fay", "joined": 3, "points": 2, "withdrawn": 3}  # played round 3, then left
    assert post(client, "standings", body).status_code == 200


def test_a_name_with_a_control_character_inside_is_refused_on_every_roster(client: FlaskClient) -> None:
    body = copy.deepcopy(EVERY_KIND)
    body["players"][0] = "an\tn"  # a tab inside: the sheet would show "an n" or "ann"
    refused = expect_problem(post(client, "standings", body), 422)
    assert refused["errors"][0] == {
        "pointer": "/players/0",
        "detail": "'an\\tn' holds a control or invisible format character (U+0009), "
        "which prints as nothing or turns the name around",
    }
    refused = expect_problem(post(client, "fixed-games", {"players": ["a\u0000b", "c"], "games": 1}), 422)
    assert refused["errors"][0]["pointer"] == "/players/0"
    # invisible on paper too: a soft hyphen, a zero-width space, a BOM, a right-to-left override ("nna" on the sheet)
    names = ["bob", "bo\u00adb", "gus\u200b", "eve\ufeff", "\u202eann", "ann"]
    refused = expect_problem(post(client, "fixed-games", {"players": names, "games": 1}), 422)
    assert [e["pointer"] for e in refused["errors"]] == ["/players/1", "/players/2", "/players/3", "/players/4"]
    assert [e["detail"].split("(")[1][:6] for e in refused["errors"]] == ["U+00AD", "U+200B", "U+FEFF", "U+202E"]
    # a joiner is part of how some scripts write (ZWNJ in Persian, "mi‌ravam"): taken, and alike to one without
    persian = "\u0645\u06cc\u200c\u0631\u0648\u0645"
    assert post(client, "fixed-games", {"players": [persian, "bob"], "games": 1}).status_code == 200
    refused = expect_problem(
        post(client, "fixed-games", {"players": [persian, persian.replace("\u200c", "")], "games": 1}), 422
    )
    assert refused["errors"][0]["pointer"] == "/players/1"


def test_fixed_games_checks_the_names_as_every_roster_and_says_every_problem(client: FlaskClient) -> None:
    names = ["ann", "Ann", "bob ", " ", "A\u030asa", "\u00c5sa"]
    refused = expect_problem(post(client, "fixed-games", {"players": names, "games": 9}), 422)
    assert [e["pointer"] for e in refused["errors"]] == ["/players/1", "/players/3", "/players/5", "/games"]
    assert refused["errors"][0]["detail"].endswith("(names differing only by case or spacing print alike)")
    assert refused["errors"][3]["detail"] == (
        "the most rounds 6 players can play against different opponents is 5, not 9"
    )
    refused = expect_problem(post(client, "fixed-games", {"players": ["ann", "bob", "ann"], "games": 1}), 422)
    assert refused["errors"][0]["detail"] == "'ann' is given twice: already on the roster at /players/0"
    day = post(client, "fixed-games", {"players": [" ann", "bob ", "A\u030asa", "dee"], "games": 1}).json
    # the names come back as the roster compares them (trimmed, NFC): ready for the event file
    assert day["tables"] == [
        {"round": 1, "table": 1, "players": ["ann", "bob"]},
        {"round": 1, "table": 2, "players": ["\u00c5sa", "dee"]},
    ]


def test_a_contract_error_no_longer_hides_the_rule_errors_behind_it(client: FlaskClient) -> None:
    body = copy.deepcopy(EVERY_KIND)
    body["cards"][0]["scores"] = [121, 2_000_000]  # past the contract's maximum: a 400
    body["cards"][3]["by"] = "zed"  # not at round 2's table 1: a rule
    body["tables"][1]["table"] = 0  # the contract again: round 1's table 2 set aside, its card not blamed
    body["byes"].append({"round": 3, "player": "eve"})  # eve played round 3: a rule
    for name in ("standings", "crosstable", "pairings", "cross-check", "playoff"):
        answer = expect_problem(post(client, name, body), 400)
        pointers = [e["pointer"] for e in answer["errors"]]
        # the contract's first, then the rules', each where it is in the body as sent
        assert pointers == ["/cards/0/scores/1", "/tables/1/table", "/cards/3/by", "/byes/3/player"], answer


def test_behind_a_roster_line_the_contract_refuses_nothing_is_guessed(client: FlaskClient) -> None:
    body = copy.deepcopy(EVERY_KIND)
    body["players"][0] = {"name": "ann", "joined": 0}
    body["cards"][2]["by"] = "zed"
    answer = expect_problem(post(client, "standings", body), 400)
    # The roster line is plainly an entry (an object): its own rule is named, and no rule is checked behind it.
    assert [e["pointer"] for e in answer["errors"]] == ["/players/0/joined"]


def test_playoff_seeded_by_the_events_ratings(client: FlaskClient) -> None:
    # Three rounds of six players; the qualifiers (the top three) seeded by openskill's
    # Plackett-Luce (beta 25, as docs/director-guide.md "Ratings" says) over the played games in
    # round order, worked here with the library itself rather than the service's rating code.
    from openskill.models import PlackettLuce

    rounds = [
        [("a", "b", (103, 121)), ("c", "d", (121, 115)), ("e", "f", (121, 88))],
        [("a", "c", (95, 121)), ("f", "b", (77, 121)), ("d", "e", (86, 121))],
        [("a", "f", (121, 62)), ("c", "e", (82, 121)), ("b", "d", (118, 121))],
    ]  # e wins all three; b and c two each, b ahead on points (a skunk), c on the rating list
    body: dict[str, Any] = {"players": list("abcdef"), "tables": [], "cards": [], "qualifiers": 3}
    for number, games in enumerate(rounds, start=1):
        for t, (x, y, scores) in enumerate(games, start=1):
            body["tables"].append({"round": number, "table": t, "players": [x, y]})
            body["cards"].append({"round": number, "table": t, "scores": list(scores)})
    model = PlackettLuce(mu=25.0, sigma=25.0 / 3, beta=25.0)
    rating = {name: model.rating() for name in "abcdef"}
    for games in rounds:
        for x, y, scores in games:
            rated = model.rate([[rating[x]], [rating[y]]], ranks=[-scores[0], -scores[1]])
            rating[x], rating[y] = rated[0][0], rated[1][0]
    by_standings = post(client, "playoff", body).json["bracket"]["seeds"]
    qualified = [s["player"] for s in by_standings]
    expected = sorted(qualified, key=lambda p: -(rating[p].mu - 3 * rating[p].sigma))
    by_rating = post(client, "playoff", {**body, "seed_by": "ratings"}).json["bracket"]["seeds"]
    assert qualified == ["e", "b", "c"] and [s["player"] for s in by_rating] == expected == ["e", "c", "b"]
    # b gives up its last game at 118-100 instead of losing it 118-121: d still wins it, so the list is
    # the same (two players are rated on their order alone), though the scores as they stood have b ahead.
    body["cards"][-1] = {"round": 3, "table": 3, "scores": [118, 100], "conceded_by": "b"}
    conceded = post(client, "playoff", {**body, "seed_by": "ratings"}).json["bracket"]["seeds"]
    assert [s["player"] for s in conceded] == expected


def test_a_table_whose_round_is_not_a_number_is_set_aside_for_every_round(client: FlaskClient) -> None:
    body = copy.deepcopy(EVERY_KIND)
    body["tables"][0]["round"] = {}  # round 1's table 1: its cards could be any round's
    body["byes"].append({"round": 3, "player": "eve"})  # eve played round 3: a rule
    answer = expect_problem(post(client, "standings", body), 400)
    assert [e["pointer"] for e in answer["errors"]] == ["/tables/0/round", "/byes/3/player"]


def test_tie_break_names_come_with_the_files_own_mistakes(client: FlaskClient) -> None:
    # a card no game can end with, and a tie_break naming nobody and p1 twice: one answer for all three
    body = {**tied_field(), "qualifiers": 2, "tie_break": ["zed", "p1", "p1"]}
    body["cards"][0] = {"round": 1, "table": 1, "scores": [125, 90]}
    refused = expect_problem(post(client, "playoff", body), 422)
    assert [e["pointer"] for e in refused["errors"]] == ["/cards/0/scores/0", "/tie_break/0", "/tie_break/2"]
    # behind a contract error in a tie_break line (set aside), the other lines are still checked
    body = {**tied_field(), "qualifiers": 2, "tie_break": ["zed", ""]}
    body["cards"][0] = {"round": 1, "table": 1, "scores": [125, 90]}
    refused = expect_problem(post(client, "playoff", body), 400)
    assert {"/tie_break/1", "/tie_break/0", "/cards/0/scores/0"} <= {e["pointer"] for e in refused["errors"]}


def test_a_game_given_up_at_a_table_is_scored_as_a_conceded_game(client: FlaskClient) -> None:
    """A scorecard with ``conceded_by``: the scores as they stood, scored as docs/rules.md 8.4's worked
    figures say (100-40 given up by the side ahead: a plain win by 21; 40-100 given up by the side
    behind: a double skunk, 3 ACC game points, by 81); a card that says it differs from one that does not."""
    event = {
        "players": ["ann", "bob", "cy", "dee"],
        "tables": [
            {"round": 1, "table": 1, "players": ["ann", "bob"]},
            {"round": 1, "table": 2, "players": ["cy", "dee"]},
        ],
        "cards": [
            {"round": 1, "table": 1, "by": "ann", "scores": [100, 40], "conceded_by": "ann"},
            {"round": 1, "table": 1, "by": "bob", "scores": [100, 40], "conceded_by": "ann "},
            {"round": 1, "table": 2, "by": "dee", "scores": [40, 100], "conceded_by": "cy"},
        ],
    }
    assert table(post(client, "standings", event).json["standings"]) == [
        (1, "dee", 3, 1, 81),
        (2, "bob", 2, 1, 21),
        (3, "ann", 0, 0, -21),
        (4, "cy", 0, 0, -81),
    ]
    rows = {row["player"]: row["rounds"][0] for row in post(client, "crosstable", event).json["rows"]}
    assert (rows["bob"]["result"], rows["bob"]["score"], rows["bob"]["opponent_score"]) == ("won", 40, 100)
    assert (rows["cy"]["result"], rows["cy"]["game_points"], rows["cy"]["spread"]) == ("lost", 0, -81)
    assert (rows["bob"]["conceded_by"], rows["ann"]["conceded_by"], rows["dee"]["conceded_by"]) == ("ann", "ann", "cy")
    sheet = client.post("/v1/tournaments/event/crosstable", json=event, headers={"Accept": "text/csv"}).get_data(
        as_text=True
    )
    assert "won 40-100, conceded" in sheet and "lost 40-100, conceded" in sheet
    checked = post(client, "cross-check", event).json
    assert [(t["table"], t["status"]) for t in checked["tables"]] == [(2, "one_card")]
    assert checked["tables"][0]["cards"] == [{"by": "dee", "scores": [40, 100], "forfeit": None, "conceded_by": "cy"}]
    # The other card says the game was played out (and won by bob): the cards differ, no result until a ruling.
    disputed = copy.deepcopy(event)
    disputed["cards"][1] = {"round": 1, "table": 1, "by": "bob", "scores": [100, 121]}
    checked = post(client, "cross-check", disputed).json
    assert [(t["table"], t["status"]) for t in checked["tables"]] == [(1, "disputed"), (2, "one_card")]
    # Refused with the rest of the file's problems: a player not at the table, a forfeit given up,
    # a score at the target (no game is given up once won).
    bad = copy.deepcopy(event)
    bad["cards"][0]["conceded_by"] = "cy"
    bad["cards"][1] = {"round": 1, "table": 1, "by": "bob", "forfeit": "ann", "conceded_by": "ann"}
    bad["cards"][2]["scores"] = [40, 121]
    problem = expect_problem(post(client, "standings", bad), 422)
    details = {e["pointer"]: e["detail"] for e in problem["errors"]}
    assert set(details) == {"/cards/0/conceded_by", "/cards/1/conceded_by", "/cards/2/scores/1"}
    assert "'cy' is not at table 1" in details["/cards/0/conceded_by"]
    assert "forfeit is no game given up" in details["/cards/1/conceded_by"]


def test_a_crosstable_past_the_rounds_played_says_so_whatever_its_size(client: FlaskClient) -> None:
    # 4,096 players and one round: after_round 100 is past the rounds played, which is the answer
    # (as the standings give it), not that 100 rounds of 4,096 would be too large.
    event = {
        "players": [f"p{i}" for i in range(4096)],
        "tables": [{"round": 1, "table": 1, "players": ["p0", "p1"]}],
        "after_round": 100,
    }
    problem = expect_problem(post(client, "crosstable", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/after_round"] and "1 rounds so far" in problem["detail"]


def test_a_round_with_byes_and_no_tables_is_refused_not_skipped(client: FlaskClient) -> None:
    # dee's bye for round 2 entered before round 2 was paired: the next pairing used to be round 3,
    # round 2 never paired and dee in it; a round left out (round 3 entered as the second) likewise.
    played = {
        "players": ["ann", "bob", "cy", "dee"],
        "tables": [{"round": 1, "table": 1, "players": ["ann", "cy"]}, {"round": 1, "table": 2, "players": ["bob", "dee"]}],
        "cards": [{"round": 1, "table": 1, "scores": [121, 100]}, {"round": 1, "table": 2, "scores": [121, 100]}],
    }  # fmt: skip
    early = {**played, "byes": [{"round": 2, "player": "dee", "kind": "half"}]}
    problem = expect_problem(post(client, "pairings", early), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/byes/0/round"] and "round 2 has no tables" in problem[
        "detail"
    ]
    skipped = {**played, "tables": [*played["tables"], {"round": 3, "table": 1, "players": ["ann", "bob"]}]}
    problem = expect_problem(post(client, "standings", skipped), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/tables/2/round"]
    # the way the guide says: pair round 2 with dee sitting out
    paired = post(client, "pairings", {**played, "sitting_out": ["dee"]})
    assert paired.status_code == 200 and paired.get_json()["round"]["round"] == 2


def test_a_round_whose_tables_are_set_aside_is_not_said_to_have_none(client: FlaskClient) -> None:
    # round 2's tables break the contract (table numbers as strings): those two lines are the
    # problems, not a round 2 "with no tables" behind them
    event = {
        "players": ["ann", "bob", "cy", "dee"],
        "tables": [{"round": 1, "table": 1, "players": ["ann", "bob"]}, {"round": 1, "table": 2, "players": ["cy", "dee"]},
                   {"round": 2, "table": "1", "players": ["ann", "cy"]}, {"round": 2, "table": "2", "players": ["bob", "dee"]},
                   {"round": 3, "table": 1, "players": ["ann", "dee"]}, {"round": 3, "table": 2, "players": ["bob", "cy"]}],
        "cards": [{"round": 1, "table": 1, "scores": [121, 100]}, {"round": 1, "table": 2, "scores": [121, 100]}],
    }  # fmt: skip
    problem = expect_problem(post(client, "standings", event), 400)
    assert [e["pointer"] for e in problem["errors"]] == ["/tables/2/table", "/tables/3/table"]


def test_every_problem_of_one_scorecard_comes_in_one_answer(client: FlaskClient) -> None:
    # a name the roster lacks and a score past the target, or a table not in the pairing and the
    # same score: both at once (docs/director-guide.md: a batch is fixed in one pass)
    event = {
        "players": ["ann", "bob"],
        "tables": [{"round": 1, "table": 1, "players": ["ann", "bob"]}],
        "cards": [{"round": 1, "table": 1, "by": "Bob", "scores": [125, 90]},
                  {"round": 1, "table": 3, "by": "ann", "scores": [125, 90]}],
    }  # fmt: skip
    problem = expect_problem(post(client, "standings", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == [
        "/cards/0/by",
        "/cards/0/scores/0",
        "/cards/1/table",
        "/cards/1/scores/0",
    ]


def test_every_name_sitting_out_that_cannot_is_refused_at_once(client: FlaskClient) -> None:
    # unknown (one of them a case slip), named twice, withdrawn, not yet joined: all in one answer,
    # none silently ignored
    event = {
        "players": ["ann", "bob", "cy", "dee", {"name": "eve", "joined": 3}, {"name": "fay", "withdrawn": 1}],
        "tables": [{"round": 1, "table": 1, "players": ["ann", "bob"]}, {"round": 1, "table": 2, "players": ["cy", "fay"]}],
        "cards": [{"round": 1, "table": 1, "scores": [121, 90]}, {"round": 1, "table": 2, "scores": [121, 90]}],
        "sitting_out": ["Cy", "dea", "ann", "ann", "eve", "fay"],
    }  # fmt: skip
    problem = expect_problem(post(client, "pairings", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == [f"/sitting_out/{i}" for i in (0, 1, 3, 4, 5)]
    assert "'eve' is not in the field in round 2" in problem["errors"][3]["detail"]
    assert post(client, "pairings", {**event, "sitting_out": ["ann"]}).status_code == 200


def test_a_table_with_a_mistyped_name_blames_no_card_that_is_right(client: FlaskClient) -> None:
    # the table reads p1 for p01: that is the one mistake (p01's card is right); the other card's
    # score is still checked in the same pass
    event = {
        "players": ["p01", "p05"],
        "tables": [{"round": 1, "table": 1, "players": ["p1", "p05"]}],
        "cards": [{"round": 1, "table": 1, "by": "p01", "scores": [121, 100]},
                  {"round": 1, "table": 1, "by": "p05", "scores": [125, 100]}],
    }  # fmt: skip
    problem = expect_problem(post(client, "standings", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/tables/0/players/0", "/cards/1/scores/0"]
    # a forfeit or a concession naming the player the table mistyped is not blamed either; a card
    # that is wrong in itself (a forfeit and scores both) is still said in the same pass
    event["cards"] = [{"round": 1, "table": 1, "by": "p05", "forfeit": "p01"},
                      {"round": 1, "table": 1, "by": "p01", "scores": [80, 100], "conceded_by": "p01"},
                      {"round": 1, "table": 1, "by": "p01", "scores": [121, 100], "forfeit": "p05"}]  # fmt: skip
    problem = expect_problem(post(client, "standings", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/tables/0/players/0", "/cards/2"]
    # a card of a table the pairing lacks: its unknown name and its score are said with it
    event = {**event, "tables": [{"round": 1, "table": 1, "players": ["p01", "p05"]}],
             "cards": [{"round": 1, "table": 3, "by": "Zed", "scores": [125, 90]}]}  # fmt: skip
    problem = expect_problem(post(client, "standings", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/cards/0/table", "/cards/0/by", "/cards/0/scores/0"]


def test_a_name_differing_by_case_is_said_plainly(client: FlaskClient) -> None:
    problem = expect_problem(post(client, "standings", {"players": ["ann", "Ann", "bob"]}), 422)
    assert problem["errors"] == [
        {
            "pointer": "/players/1",
            "detail": "'Ann' is already on the roster at /players/0 as 'ann' (names differing only by case or "
            "spacing print alike)",
        }
    ]


def test_a_round_with_no_one_left_to_pair_says_so(client: FlaskClient) -> None:
    event = {"players": ["ann", "bob", "cy"], "sitting_out": ["ann", "bob"]}
    problem = expect_problem(post(client, "pairings", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/sitting_out"] and "1 players to pair" in problem["detail"]


def test_the_playoffs_checks_of_one_step_come_in_one_answer(client: FlaskClient) -> None:
    # 7 qualifiers from 6 players and a table with no card yet: both are said at once
    # (docs/director-guide.md: each answer lists every problem of its step).
    event = {
        "players": ["ann", "bob", "cy", "dee", "eve", "fay"],
        "tables": [{"round": 1, "table": t, "players": pair}
                   for t, pair in enumerate([["ann", "bob"], ["cy", "dee"], ["eve", "fay"]], start=1)],
        "cards": [{"round": 1, "table": 1, "scores": [121, 100]}, {"round": 1, "table": 2, "scores": [121, 100]}],
        "qualifiers": 7,
    }  # fmt: skip
    problem = expect_problem(post(client, "playoff", event), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/qualifiers", "/cards"]
    assert "table 3" in problem["errors"][1]["detail"]


def test_the_playoffs_combined_answer_counts_every_problem(client: FlaskClient) -> None:
    # 401 qualifiers from 400 players and 200 tables without a card: 201 problems, 50 listed.
    players = [f"p{i}" for i in range(400)]
    tables = [{"round": 1, "table": t + 1, "players": players[2 * t : 2 * t + 2]} for t in range(200)]
    problem = expect_problem(post(client, "playoff", {"players": players, "tables": tables, "qualifiers": 401}), 422)
    assert "201 problems" in problem["detail"] and len(problem["errors"]) == 50 and problem["truncated"] is True
