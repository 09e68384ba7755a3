"""A conceded game in the standalone game logs and crosstable (``/v1/tournaments/game-logs``,
``/v1/tournaments/crosstable``): each log entry names the player who gave the game up
(``conceded_by``), in JSON, CSV and HTML, as the event file's crosstable marks it; a crosstable
cell counts the games of the pair that were given up (``conceded_games``, ", N conceded" on the
sheet and the page). A game played out carries no mark.

The expectations are worked by hand from docs/rules.md 8.4 (a conceded game is lost by the one
who gave up, whatever the pegs; the winner's margin, the spread, is the target 121 less the
conceder's pegs, at least 10; the skunk lines judged on the conceder's pegs) and 8.1 (a plain
win is 2 game points, none for a loss; a played-out game's spread is the margin). Every
conceder here stands above 90, so no game is a skunk.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.support.formats import Page, read_csv

GAMES: list[dict[str, Any]] = [
    # 0: bob gives up 78-98 ahead on the board: ann wins by 121 - 98 = 23 (the audit's game)
    {"players": ["ann", "bob"], "scores": [78, 98], "conceded_by": 1},
    # 1: played out, bob by 21
    {"players": ["bob", "cy"], "scores": [121, 100]},
    # 2: ann gives up at 95: cy wins by 121 - 95 = 26
    {"players": ["ann", "cy"], "scores": [95, 110], "conceded_by": 0},
    # 3: played out, ann by 10
    {"players": ["ann", "bob"], "scores": [121, 111]},
]
BODY: dict[str, Any] = {"games": GAMES, "byes": ["dee"]}

# Per player, per game: (game, opponent, score, opponent's score, result, game points, spread, conceded_by).
LOGS = {
    "ann": [
        (0, "bob", 78, 98, "win", 2, 23, "bob"),
        (2, "cy", 95, 110, "loss", 0, -26, "ann"),
        (3, "bob", 121, 111, "win", 2, 10, None),
    ],
    "bob": [
        (0, "ann", 98, 78, "loss", 0, -23, "bob"),
        (1, "cy", 121, 100, "win", 2, 21, None),
        (3, "ann", 111, 121, "loss", 0, -10, None),
    ],
    "cy": [
        (1, "bob", 100, 121, "loss", 0, -21, None),
        (2, "ann", 110, 95, "win", 2, 26, "ann"),
    ],
}


def post(client: FlaskClient, path: str, body: Any, accept: str = "application/json") -> Any:
    response = client.post(f"/v1/tournaments/{path}", json=body, headers={"Accept": accept})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return response


def page_rows(response: Any) -> list[list[str]]:
    page = Page()
    page.feed(response.get_data(as_text=True))
    page.close()
    return page.cells


def by_name(header: list[str], rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(header, row, strict=True)) for row in rows]


# --- game logs --------------------------------------------------------------------------------------------


def test_each_entry_names_who_gave_the_game_up(client: FlaskClient) -> None:
    logs = {log["player"]: log for log in post(client, "game-logs", BODY).json["logs"]}
    for player, expected in LOGS.items():
        total_points = total_spread = 0
        entries = []
        for game, opponent, score, theirs, result, points, spread, by in expected:
            total_points, total_spread = total_points + points, total_spread + spread
            entries.append(
                {
                    "game": game,
                    "opponents": [opponent],
                    "score": score,
                    "opponent_scores": [theirs],
                    "result": result,
                    "skunk": "none",
                    "game_points": points,
                    "spread": spread,
                    "total_game_points": total_points,
                    "total_spread": total_spread,
                    "conceded_by": by,
                }
            )
        assert logs[player]["games"] == entries, player
    assert logs["dee"]["games"] == [] and logs["dee"]["byes"] == 1


def test_the_conceder_and_the_winner_both_see_it(client: FlaskClient) -> None:
    # The audit's request: ann's "win 78-98" was bob's concession, and both logs say so.
    body = {"games": [GAMES[0]]}
    logs = {log["player"]: log["games"] for log in post(client, "game-logs", body).json["logs"]}
    assert [(e["result"], e["score"], e["opponent_scores"], e["conceded_by"]) for e in logs["ann"]] == [
        ("win", 78, [98], "bob")
    ]
    assert [(e["result"], e["score"], e["opponent_scores"], e["conceded_by"]) for e in logs["bob"]] == [
        ("loss", 98, [78], "bob")
    ]


def test_a_game_played_out_has_no_mark(client: FlaskClient) -> None:
    body = {"games": [GAMES[1], GAMES[3]]}
    logs = post(client, "game-logs", body).json["logs"]
    entries = [entry for log in logs for entry in log["games"]]
    assert len(entries) == 4 and all("conceded_by" in e and e["conceded_by"] is None for e in entries)
    cells = [cell for row in post(client, "crosstable", body).json["rows"] for cell in row["cells"]]
    assert len(cells) == 4 and all(cell["conceded_games"] == 0 for cell in cells)
    header, *rows = read_csv(post(client, "game-logs", body, "text/csv").data)
    assert [line["conceded_by"] for line in by_name(header, rows)] == ["", "", "", ""]
    _, *rows = read_csv(post(client, "crosstable", body, "text/csv").data)
    assert not [text for row in rows for text in row if "conceded" in text]


def test_the_sheet_and_the_page_carry_it(client: FlaskClient) -> None:
    expected = [
        (player, str(game), opponent, by or "")
        for player, entries in LOGS.items()
        for game, opponent, *_, by in entries
    ]
    for media_type, rows in (
        ("text/csv", read_csv(post(client, "game-logs", BODY, "text/csv").data)),
        ("text/html", page_rows(post(client, "game-logs", BODY, "text/html"))),
    ):
        header, *lines = rows
        assert header[-1] == "conceded_by", media_type
        lines_by_name = by_name(header, lines)
        games = [line for line in lines_by_name if line["game"] != ""]
        got = sorted((line["player"], line["game"], line["opponents"], line["conceded_by"]) for line in games)
        assert got == sorted(expected), media_type
        audited = [line for line in games if line["game"] == "0"]  # ann's "win 78-98", and bob's loss
        assert sorted(
            (g["player"], g["result"], g["score"], g["opponent_scores"], g["conceded_by"]) for g in audited
        ) == [
            ("ann", "win", "78", "98", "bob"),
            ("bob", "loss", "98", "78", "bob"),
        ], media_type
        byes = [line for line in lines_by_name if line["game"] == ""]
        assert [(line["player"], line["result"], line["conceded_by"]) for line in byes] == [("dee", "bye", "")]


def test_a_game_of_three_given_up_names_the_conceder_to_all(client: FlaskClient) -> None:
    # bob gives up at 60: ann, ahead of those left (100 to cy's 95), wins; cy, who did not give up,
    # neither wins nor loses (docs/rules.md 8.4: no game points, no spread, not beaten by ann), and her
    # log too shows who ended the game. The second game is played out.
    games = [
        {"players": ["ann", "bob", "cy"], "scores": [100, 60, 95], "conceded_by": 1},
        {"players": ["cy", "ann", "bob"], "scores": [121, 90, 100]},
    ]
    logs = {log["player"]: log["games"] for log in post(client, "game-logs", {"games": games}).json["logs"]}
    assert {
        player: [(e["game"], e["result"], e["conceded_by"]) for e in entries] for player, entries in logs.items()
    } == {
        "ann": [(0, "win", "bob"), (1, "loss", None)],
        "bob": [(0, "loss", "bob"), (1, "loss", None)],
        "cy": [(0, "neither", "bob"), (1, "win", None)],
    }
    rows = post(client, "crosstable", {"games": games}).json["rows"]
    counts = {
        (row["player"], cell["opponent"]): (cell["games"], cell["conceded_games"])
        for row in rows
        for cell in row["cells"]
    }
    assert counts == {(a, b): (2, 1) for a in ("ann", "bob", "cy") for b in ("ann", "bob", "cy") if a != b}
    rows_by_name = {row["player"]: row for row in post(client, "standings", {"games": games}).json["standings"]}
    assert {name: (row["games"], row["games_won"], row["games_lost"]) for name, row in rows_by_name.items()} == {
        "cy": (2, 1, 0),  # the game bob gave up is neither won nor lost by her
        "ann": (2, 1, 1),
        "bob": (2, 0, 2),
    }


def test_head_to_head_counts_a_game_of_three_given_up_as_a_win_over_the_conceder_only(client: FlaskClient) -> None:
    """The director's case: at 111-50-50 ann gives up, bob (on her left among the level two) wins and
    beats ann only; cy then wins a game played out. Level on game points, head to head is 0-0 between
    bob and cy (bob did not beat cy), so the spread decides: cy's +47 (21 over ann, 26 over dee)
    against bob's +10, the forfeit's least (121 - 111 is 10; docs/rules.md 8.4)."""
    games = [
        {"players": ["ann", "bob", "cy"], "scores": [111, 50, 50], "conceded_by": 0},
        {"players": ["cy", "ann", "dee"], "scores": [121, 100, 95]},
    ]
    body = {"games": games, "tiebreakers": ["game_points", "head_to_head", "spread"]}
    rows = post(client, "standings", body).json["standings"]
    assert [(row["player"], row["game_points"], row["spread"]) for row in rows][:2] == [("cy", 2, 47), ("bob", 2, 10)]
    cells = {
        (row["player"], cell["opponent"]): (cell["games_won"], cell["games_lost"], cell["spread"])
        for row in post(client, "crosstable", {"games": games}).json["rows"]
        for cell in row["cells"]
    }
    assert cells[("bob", "cy")] == cells[("cy", "bob")] == (0, 0, 0)
    assert cells[("bob", "ann")] == (1, 0, 10) and cells[("ann", "bob")] == (0, 1, -10)
    assert cells[("cy", "ann")] == (1, 0, 21) and cells[("ann", "cy")] == (0, 1, -21)  # the game played out


# --- crosstable --------------------------------------------------------------------------------------------


def test_crosstable_cells_count_the_games_given_up(client: FlaskClient) -> None:
    # ann-bob: games 0 (bob gave up) and 3 (played out), ann 2-0, 23 + 10 = +33; ann-cy: game 2
    # (ann gave up), cy 1-0 +26; bob-cy: game 1 played out, bob 1-0 +21.
    expected = {
        ("ann", "bob"): (2, 2, 0, 33, 1, "2-0 +33, 1 conceded"),
        ("bob", "ann"): (2, 0, 2, -33, 1, "0-2 -33, 1 conceded"),
        ("ann", "cy"): (1, 0, 1, -26, 1, "0-1 -26, 1 conceded"),
        ("cy", "ann"): (1, 1, 0, 26, 1, "1-0 +26, 1 conceded"),
        ("bob", "cy"): (1, 1, 0, 21, 0, "1-0 +21"),
        ("cy", "bob"): (1, 0, 1, -21, 0, "0-1 -21"),
    }
    table = post(client, "crosstable", BODY).json
    got = {
        (row["player"], c["opponent"]): (c["games"], c["games_won"], c["games_lost"], c["spread"], c["conceded_games"])
        for row in table["rows"]
        for c in row["cells"]
    }
    assert got == {pair: values[:5] for pair, values in expected.items()}
    texts = {pair: values[5] for pair, values in expected.items()}
    for media_type, rows in (
        ("text/csv", read_csv(post(client, "crosstable", BODY, "text/csv").data)),
        ("text/html", page_rows(post(client, "crosstable", BODY, "text/html"))),
    ):
        header, *lines = rows
        columns = [name.split(" ", 1)[1] for name in header[2:]]  # "1 ann": numbered by place
        cells = {
            (line[1], opponent): text
            for line in lines
            for opponent, text in zip(columns, line[2:], strict=True)
            if text
        }
        assert cells == texts, media_type
