"""/v1/games/outcome, /v1/tournaments/standings, /v1/tournaments/bracket through HTTP, and count
checking (G9, G10) on /v1/hands/score."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.core.scoring.claims import muggins_award
from tests.support.problems import expect_problem


def outcome(client: FlaskClient, **body: Any):
    return client.post("/v1/games/outcome", json=body)


@pytest.mark.parametrize(
    ("scores", "scheme", "skunk", "points", "spread"),
    [
        ([121, 91], None, "none", [2, 0], [30, -30]),  # G4
        ([121, 90], None, "skunk", [3, 0], [31, -31]),  # G5
        ([121, 90], "match_1_2_3", "skunk", [2, 0], [31, -31]),
        ([60, 121], None, "double_skunk", [0, 3], [-61, 61]),  # G6
        ([60, 121], "match_1_2_3", "double_skunk", [0, 3], [-61, 61]),
        ([60, 121], "match_1_2_4", "double_skunk", [0, 4], [-61, 61]),
        ([60, 121], "hoyle_lurch", "double_skunk", [0, 2], [-61, 61]),
        ([121, 30], None, "triple_skunk", [3, 0], [91, -91]),  # G7
        ([121, 95], None, "none", [2, 0], [26, -26]),  # G8
    ],
)
def test_outcomes(client: FlaskClient, scores, scheme, skunk, points, spread) -> None:
    body = {"scores": scores} | ({"scheme": scheme} if scheme else {})
    response = outcome(client, **body)
    assert response.status_code == 200, response.json
    result = response.json
    assert result["skunk"] == skunk and result["game_points"] == points and result["spread"] == spread
    assert result["winner"] == points.index(max(points))
    assert result["scheme"] == (scheme or "acc")


def test_outcome_variants(client: FlaskClient) -> None:
    sixty_one = outcome(client, scores=[61, 30], target=61).json
    assert sixty_one["skunk"] == "skunk" and sixty_one["skunk_lines"] == [31]
    three = outcome(client, scores=[121, 100, 50]).json
    assert three["margin"] == 21 and three["skunked"] == [0, 0, 2]
    fixed = outcome(client, scores=[100, 100], options={"fixed_deals": 4}).json
    assert fixed["draw"] is True and fixed["winner"] is None
    past = outcome(client, scores=[130, 100])  # no game ends past the game hole
    assert past.status_code == 422 and past.json["errors"][0]["pointer"] == "/scores/0"


def test_a_fixed_deals_total_past_what_its_deals_can_give_is_refused(client: FlaskClient) -> None:
    """A side scores at most 120 in a two-player deal (heels 2, the play's bound of 15 a card over
    four cards 60, hand 29, crib 29: the scoreboard's bound, docs/rules.md 4.2), so two deals give at
    most 240: a total past it is a scorecard's mistake wherever it is reported, as a board refuses it."""
    two = {"fixed_deals": 2}
    assert outcome(client, scores=[240, 0], options=two).json["winner"] == 0
    for body in ({"scores": [241, 0]}, {"scores": [1_000_000, 0]}, {"scores": [1_000_000, 0], "conceded_by": 1}):
        refused = expect_problem(outcome(client, options=two, **body), 422, "invalid-score")
        assert refused["errors"][0]["pointer"] == "/scores/0" and "2 deal(s)" in refused["detail"]
    games = [{"players": ["ann", "bob"], "scores": [90, 80]}, {"players": ["ann", "cy"], "scores": [0, 1_000_000]}]
    standings = client.post("/v1/tournaments/standings", json={"games": games, "options": two})
    assert expect_problem(standings, 422, "invalid-score")["errors"][0]["pointer"] == "/games/1/scores/1"


def test_with_manual_counting_a_fixed_deals_total_may_hold_what_the_counts_can_award(client: FlaskClient) -> None:
    """With muggins (or an over-claim policy that awards), each count of a deal can add up to 29 more
    to a side (docs/rules.md 10: a wrong muggins call paid to the claimant, an opponent's missed points
    or over-claim's excess): a five-card side makes at most 96 a deal (heels 2, 3 cards of 15 in the play,
    hand 20, crib 29) and 3 for last once, plus 3 counts of 29 a deal with manual counting. A game the
    engine played to 196-7 that way (found by a review) is a result, not a 422."""
    manual = {"fixed_deals": 2, "muggins": True, "overclaim_policy": "correct_and_award_excess"}
    for scores in ([196, 7], [2 * 96 + 3 + 2 * 3 * 29, 0]):
        assert outcome(client, variant="five_card", scores=scores, options=manual).status_code == 200
    assert outcome(client, variant="five_card", scores=[370, 0], options=manual).status_code == 422
    assert outcome(client, variant="five_card", scores=[196, 7], options={"fixed_deals": 2}).status_code == 422


def test_a_game_given_up_at_the_table_is_a_win_as_if_the_other_pegged_out(client: FlaskClient) -> None:
    """docs/rules.md 8.4: the conceder loses; the skunk is judged on its pegs and the spread is the
    target less its pegs, at least the 10 of a forfeit (ACC 11.4b)."""
    ahead = outcome(client, scores=[100, 40], conceded_by=0).json  # gave up while ahead: 121 - 100
    assert (ahead["winner"], ahead["skunk"], ahead["game_points"], ahead["spread"]) == (1, "none", [0, 2], [-21, 21])
    assert ahead["conceded_by"] == 0 and ahead["scores"] == [100, 40]
    behind = outcome(client, scores=[40, 100], conceded_by=0).json  # 40 is under 61: a double skunk, ACC 3
    assert (behind["winner"], behind["skunk"], behind["game_points"], behind["spread"]) == (
        1, "double_skunk", [0, 3], [-81, 81],
    )  # fmt: skip
    assert outcome(client, scores=[60, 115], conceded_by=1).json["spread"] == [10, -10]  # 121 - 115 is 6: 10
    three = outcome(client, scores=[80, 50, 50], conceded_by=2).json  # the leader of the others wins
    assert (three["winner"], three["spread"]) == (0, [71, 0, -71])
    for body, pointer in (
        ({"scores": [121, 40], "conceded_by": 1}, "/scores/0"),
        ({"scores": [90, 40], "conceded_by": 2}, "/conceded_by"),
    ):
        refused = outcome(client, **body)
        assert refused.status_code == 422 and refused.json["errors"][0]["pointer"] == pointer


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"scores": [120, 100]}, 422),  # no winner
        ({"scores": [121, 125]}, 422),  # two winners
        ({"scores": [121]}, 400),
        ({"scores": [121, -3]}, 400),
        ({"scores": [121, 90], "scheme": "nope"}, 400),
        ({"scores": [121, 90], "target": 61, "options": {"target": 121}}, 422),
        ({"scores": [121, 90], "variant": "three_player"}, 422),
        ({"scores": [121, 90], "extra": 1}, 400),
    ],
)
def test_outcome_errors(client: FlaskClient, body: dict[str, Any], status: int) -> None:
    expect_problem(outcome(client, **body), status)


def test_standings_take_a_game_given_up_at_the_table(client: FlaskClient) -> None:
    games = [
        {"players": ["ann", "bob"], "scores": [100, 40], "conceded_by": 0},  # ann gave up ahead: bob by 21
        {"players": ["cy", "dee"], "scores": [121, 111]},
    ]
    rows = client.post("/v1/tournaments/standings", json={"games": games}).json["standings"]
    got = {r["player"]: (r["game_points"], r["games_won"], r["spread"]) for r in rows}
    assert got == {"bob": (2, 1, 21), "cy": (2, 1, 10), "dee": (0, 0, -10), "ann": (0, 0, -21)}
    games[0]["scores"] = [121, 40]  # a side at the target did not concede
    refused = client.post("/v1/tournaments/standings", json={"games": games})
    assert refused.status_code == 422 and refused.json["errors"][0]["pointer"] == "/games/0/scores/0"


def test_standings(client: FlaskClient) -> None:
    response = client.post(
        "/v1/tournaments/standings",
        json={
            "games": [
                {"players": ["ann", "bob"], "scores": [121, 111]},
                {"players": ["bob", "cy"], "scores": [121, 111]},
                {"players": ["cy", "ann"], "scores": [121, 111]},
                {"players": ["dee", "eve"], "scores": [121, 90]},
            ]
        },
    )
    assert response.status_code == 200, response.json
    rows = response.json["standings"]
    assert [(r["rank"], r["player"], r["game_points"]) for r in rows] == [
        (1, "dee", 3),
        (2, "ann", 2),
        (2, "bob", 2),
        (2, "cy", 2),
        (5, "eve", 0),
    ]
    assert rows[0] == {
        "rank": 1,
        "player": "dee",
        "games": 1,
        "games_won": 1,
        "games_lost": 0,
        "games_drawn": 0,
        "game_points": 3,
        "skunks": 1,
        "spread": 31,
        "byes": 0,
    }
    assert response.json["ranking"] == ["game_points", "games_won", "spread"]


ASA_COMPOSED, ASA_DECOMPOSED = "\u00c5sa", "A\u030asa"  # "Åsa" in two Unicode forms, alike on paper


def test_one_player_however_the_name_is_typed(client: FlaskClient) -> None:
    """A trailing space, or a letter written in another Unicode form, is the same player (as
    an event file's roster has it), answered as the name trimmed and composed (NFC)."""
    games = [
        {"players": [ASA_COMPOSED, "bob"], "scores": [121, 100]},
        {"players": [ASA_DECOMPOSED, "bob "], "scores": [121, 90]},
        {"players": [" bob", "cy"], "scores": [121, 111]},
    ]
    response = client.post("/v1/tournaments/standings", json={"games": games, "byes": ["cy  "]})
    assert response.status_code == 200, response.json
    rows = {r["player"]: (r["games"], r["games_won"], r["byes"], r["spread"]) for r in response.json["standings"]}
    # Åsa: won both (21 + 31 spread); bob: lost two, won one (10 - 21 - 31); cy: a game lost and a bye
    assert rows == {ASA_COMPOSED: (2, 2, 0, 52), "bob": (3, 1, 0, -42), "cy": (2, 1, 1, -10)}
    crosstable = client.post("/v1/tournaments/crosstable", json={"games": games}).json
    assert [row["player"] for row in crosstable["rows"]] == [ASA_COMPOSED, "bob", "cy"]


def test_a_name_given_twice_in_another_form_is_refused(client: FlaskClient) -> None:
    game = {"players": ["bob", "bob "], "scores": [121, 90]}
    body = expect_problem(client.post("/v1/tournaments/standings", json={"games": [game]}), 422, "invalid-score")
    assert body["errors"][0]["pointer"] == "/games/0/players/1" and "'bob'" in body["detail"]
    field = [ASA_COMPOSED, "bob", ASA_DECOMPOSED, "cy"]
    for path in ("swiss-pairings", "round-robin", "elimination"):
        body = expect_problem(client.post(f"/v1/tournaments/{path}", json={"players": field}), 422)
        assert [e["pointer"] for e in body["errors"]] == ["/players/2"], (path, body)


def test_lists_of_players_and_games_name_the_same_players(client: FlaskClient) -> None:
    """A Swiss field typed with spaces pairs the players its games name without them, a
    prior's player and a player of the rating list are the games' player."""
    game = {"players": ["bob", "cy"], "scores": [121, 90]}
    response = client.post(
        "/v1/tournaments/swiss-pairings",
        json={"players": ["bob ", " cy", "dee", "eve"], "games": [game], "avoid": [[" dee", "bob"]]},
    )
    assert response.status_code == 200, response.json
    assert [r["player"] for r in response.json["ranking"]] == ["bob", "dee", "eve", "cy"]
    assert [p["players"] for p in response.json["round"]["pairings"]] == [["bob", "eve"], ["dee", "cy"]]
    prior = {"player": "cy ", "mu": 40.0, "sigma": 1.0}
    ratings = client.post(
        "/v1/tournaments/ratings", json={"games": [game], "players": [" bob", "cy", "dee"], "initial": [prior]}
    )
    assert ratings.status_code == 200, ratings.json
    rows = {r["player"]: r for r in ratings.json["ratings"]}
    assert set(rows) == {"bob", "cy", "dee"} and rows["cy"]["mu"] > 35  # the prior reached cy
    twice = [prior, {"player": "cy", "mu": 10.0, "sigma": 1.0}]  # one would silently replace the other
    body = expect_problem(client.post("/v1/tournaments/ratings", json={"games": [game], "initial": twice}), 422)
    assert [e["pointer"] for e in body["errors"]] == ["/initial/1"], body
    matches = [
        {"players": ["bob", "cy "], "games": [[121, 100], [121, 85]]},
        {"players": [" cy", "bob"], "games": [[121, 110], [121, 60]]},
    ]
    standings = client.post(
        "/v1/tournaments/match-standings", json={"matches": matches, "match": {"format": "best_of", "length": 3}}
    )
    assert standings.status_code == 200, standings.json
    assert sorted(r["player"] for r in standings.json["standings"]) == ["bob", "cy"]


@pytest.mark.parametrize(
    ("games", "pointer"),
    [
        ([{"players": ["ann", "ann"], "scores": [121, 90]}], "/games/0/players/1"),
        (
            [{"players": ["ann", "bob"], "scores": [121, 90]}, {"players": ["ann", "bob"], "scores": [100, 90]}],
            "/games/1/scores",
        ),
        ([{"players": ["ann", "bob"], "scores": [121, 121]}], "/games/0/scores/1"),
        (
            [{"players": ["ann", "bob"], "scores": [121, 90]}, {"players": ["a", "b", "c"], "scores": [121, 9, 9]}],
            "/games/1/players",
        ),
    ],
)
def test_standings_errors(client: FlaskClient, games, pointer: str) -> None:
    response = client.post("/v1/tournaments/standings", json={"games": games})
    assert response.status_code == 422, response.json
    assert response.json["errors"][0]["pointer"] == pointer


def test_standings_contract_errors(client: FlaskClient) -> None:
    for body in (
        {"games": []},
        {"games": [{"players": ["a"], "scores": [121]}]},
        {"games": [{"players": ["a", ""], "scores": [121, 0]}]},
        {"games": [{"players": ["a", "b"], "scores": [121, 0]}], "tiebreakers": ["spread", "spread"]},
    ):
        assert client.post("/v1/tournaments/standings", json=body).status_code == 400


@pytest.mark.parametrize(
    ("entrants", "qualifiers", "size", "byes"), [(5, 2, 2, 0), (16, 4, 4, 0), (31, 8, 8, 0), (121, 31, 32, 1)]
)
def test_brackets(client: FlaskClient, entrants: int, qualifiers: int, size: int, byes: int) -> None:
    response = client.post("/v1/tournaments/bracket", json={"entrants": entrants})
    assert response.status_code == 200, response.json
    body = response.json
    assert (body["qualifiers"], body["size"], body["byes"]) == (qualifiers, size, byes)
    first = body["rounds"][0]["matches"]
    for match in first:
        low = match["low_seed"] or size + 1 - match["high_seed"]
        assert match["high_seed"] + low == size + 1
        assert match["bye"] == (low > qualifiers)
    assert body["rounds"][-1]["name"] == "final" and len(body["rounds"][-1]["matches"]) == 1


def test_named_bracket_and_errors(client: FlaskClient) -> None:
    names = ["ann", "bob", "cy", "dee", "eve"]
    body = client.post("/v1/tournaments/bracket", json={"players": names, "qualifiers": 5}).json
    first = body["rounds"][0]["matches"]
    assert [m["players"] for m in first if not m["bye"]] == [["dee", "eve"]]
    assert client.post("/v1/tournaments/bracket", json={"players": ["a", "b", "a"]}).status_code == 422
    assert client.post("/v1/tournaments/bracket", json={"entrants": 8, "qualifiers": 9}).status_code == 422
    assert client.post("/v1/tournaments/bracket", json={"entrants": 3, "players": ["a", "b"]}).status_code == 422
    assert client.post("/v1/tournaments/bracket", json={}).status_code == 400
    assert client.post("/v1/tournaments/bracket", json={"entrants": 1}).status_code == 400


# --- count checking: docs/rules.md G9 and G10 ----------------------------------------------------

# 4H 5S 6D 6C | 10S is worth 14: fifteens 4+5+6 twice and 5+10 (6), the pair of sixes (2),
# the double run 4-5-6 (6); no flush, no nobs.
FOURTEEN = {"hand": ["4H", "5S", "6D", "6C"], "starter": "10S"}


@pytest.mark.parametrize(
    ("claimed", "muggins", "policy", "pegged", "muggins_points", "opponent_points"),
    [
        (12, True, None, 12, 2, 0),  # G9: the opponent may take 2
        (12, False, None, 12, 0, 0),  # without muggins the 2 are simply lost
        (16, False, None, 14, 0, 0),  # G10: corrected to 14
        (16, False, "correct_and_award_excess", 14, 0, 2),  # Foster: the opponent scores the excess
        (20, False, "correct_and_award_excess", 14, 0, 6),
        (16, False, "correct_and_award_2", 14, 0, 2),  # Hoyle-BSD: a flat 2
        (14, True, None, 14, 0, 0),
    ],
)
def test_g9_g10_count_checking(
    client: FlaskClient, claimed, muggins, policy, pegged, muggins_points, opponent_points
) -> None:
    body: dict[str, Any] = FOURTEEN | {"claimed": claimed, "muggins": muggins}
    if policy:
        body["options"] = {"overclaim_policy": policy}
    response = client.post("/v1/hands/score", json=body)
    assert response.status_code == 200, response.json
    assert response.json["total"] == 14
    claim = response.json["claim"]
    assert (claim["actual"], claim["pegged"], claim["muggins_points"], claim["opponent_points"]) == (
        14,
        pegged,
        muggins_points,
        opponent_points,
    )
    assert claim["correct"] == (claimed == 14)


def test_g9_a_muggins_call_gets_the_lesser_of_called_and_missed() -> None:
    assert muggins_award(2, 3) == (2, 0)  # called 3, only 2 were missed
    assert muggins_award(2, 1) == (1, 0)
    assert muggins_award(0, 2) == (0, 2)  # a wrong call: the claimant gets the points (ACC 10.4a)


def test_a_negative_claim_is_a_400(client: FlaskClient) -> None:
    assert client.post("/v1/hands/score", json=FOURTEEN | {"claimed": -1}).status_code == 400


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("swiss-pairings", {"players": ["ann", "bob", "cy"]}),
        ("match-standings", {"matches": [{"players": ["ann", "bob"], "games": [[121, 100]]}]}),
        ("elimination", {"entrants": 3, "results": {}}),
        ("elimination", {"entrants": 4, "results": {"1": {"games": [[121, 100]]}}}),
    ],
)
def test_two_sided_tools_refuse_a_game_of_three_at_the_variant(client: FlaskClient, path: str, body: dict) -> None:  # type: ignore[type-arg]
    # Swiss pairings, matches and brackets are between two players (or two partnerships): a
    # three-player variant is refused where the request names it, not inside a game.
    problem = expect_problem(client.post(f"/v1/tournaments/{path}", json={**body, "variant": "three_player"}), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/variant"]


def test_swiss_pairings_with_a_player_who_has_withdrawn(client: FlaskClient) -> None:
    # fay lost to cy 121-90 (a skunk: 3 game points to cy under ACC) and left. Her game still
    # counts for cy, she is not paired, and her earlier bye may stay in the list.
    games = [
        {"players": ["ann", "bob"], "scores": [121, 100]},
        {"players": ["cy", "fay"], "scores": [121, 90]},
        {"players": ["dee", "eve"], "scores": [121, 115]},
    ]
    field = ["ann", "bob", "cy", "dee", "eve"]
    refused = expect_problem(
        client.post("/v1/tournaments/swiss-pairings", json={"players": field, "games": games}), 422
    )
    assert refused["errors"][0]["pointer"] == "/games/1/players/1"  # without saying so, fay is unknown
    body = {"players": field, "games": games, "withdrawn": ["fay"], "byes": ["fay"]}
    answer = client.post("/v1/tournaments/swiss-pairings", json=body).json
    assert [(s["player"], s["score"], s["spread"]) for s in answer["ranking"]] == [
        ("cy", 3, 31),
        ("ann", 2, 21),
        ("dee", 2, 6),
        ("eve", 0, -6),
        ("bob", 0, -21),
    ]
    seated = [name for pair in answer["round"]["pairings"] for name in pair["players"]] + [answer["round"]["bye"]]
    assert sorted(seated) == sorted(field)  # everyone but fay, once
    both = {"players": [*field, "fay"], "games": games, "withdrawn": ["fay"]}
    problem = expect_problem(client.post("/v1/tournaments/swiss-pairings", json=both), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/withdrawn/0"]


def test_the_match_tools_point_into_games_given_as_score_lines(client: FlaskClient) -> None:
    # A match's games are bare score lines ([121, 100]): a bad score is pointed at inside the
    # line (/games/1/0), not at a "scores" member the request does not have.
    problem = expect_problem(
        client.post("/v1/tournaments/match", json={"games": [[121, 121], [125, 90], [100, 90]]}), 422
    )
    assert [e["pointer"] for e in problem["errors"]] == ["/games/0/1", "/games/1/0", "/games/2"]
    body = {"matches": [{"players": ["ann", "bob"], "games": [[121, 100], [100, 90]]}]}
    problem = expect_problem(client.post("/v1/tournaments/match-standings", json=body), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/matches/0/games/1"]
    body = {"entrants": 2, "results": {"1": {"games": [[125, 90]]}}}
    problem = expect_problem(client.post("/v1/tournaments/elimination", json=body), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/results/1/games/0/0"]


def test_a_match_takes_a_conceded_game(client: FlaskClient) -> None:
    # Game 2 given up by side 1 at 100-40: side 0 wins it as if it pegged out there (docs/rules.md
    # 8.4), a double skunk (40 is under 61), which best_of counts as the one game it is: 2-0 in a best of 3.
    body = {"games": [[121, 100], [100, 40]], "conceded": [None, 1], "match": {"format": "best_of", "length": 3}}
    answer = client.post("/v1/tournaments/match", json=body).json
    assert [(g["winner"], g["conceded_by"], g["skunk"]) for g in answer["games"]] == [
        (0, None, "none"),
        (0, 1, "double_skunk"),
    ]
    assert answer["points"] == [2, 0] and answer["over"] is True and answer["winner"] == 0
    refused = expect_problem(client.post("/v1/tournaments/match", json={**body, "conceded": [None, 1, 0]}), 422)
    assert [e["pointer"] for e in refused["errors"]] == ["/conceded"]
    unfinished = expect_problem(client.post("/v1/tournaments/match", json={"games": [[121, 100], [100, 40]]}), 422)
    assert [e["pointer"] for e in unfinished["errors"]] == ["/games/1"]  # without saying who gave it up


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("round-robin", {"players": ["a\u0000b", "bob", "cy"]}),
        ("swiss-pairings", {"players": ["ann", "b\u200bc"]}),
        ("standings", {"games": [{"players": ["ann", "c\u202ed"], "scores": [121, 100]}]}),
        ("ratings", {"games": [{"players": ["a\tb", "bob"], "scores": [121, 100]}]}),
        ("bracket", {"players": ["ann", "bob", "c\u202ed"], "one_in": 2}),
        ("elimination", {"players": ["ann", "b\u0007b"]}),
        ("round-robin", {"players": ["ann", "\t", "cy"]}),  # a tab alone prints as nothing too
        ("round-robin", {"players": ["ann", "b\u2028b", "cy"]}),  # a line separator breaks the line
        ("round-robin", {"players": ["ann", "\u200f", "cy"]}),  # a direction mark alone prints as nothing
        ("standings", {"games": [{"players": ["ann\U000e0078", "bob"], "scores": [121, 100]}]}),  # a tag, no flag
        ("standings", {"games": [{"players": ["ann\u2060", "bob"], "scores": [121, 100]}]}),  # a word joiner
        (
            "match-standings",
            {
                "matches": [{"players": ["ann", "b\u2066b"], "games": [[121, 100]]}],
                "match": {"format": "best_of", "length": 1},
            },
        ),
    ],
)
def test_a_name_that_prints_as_nothing_or_backwards_is_refused_by_every_tool(
    client: FlaskClient, path: str, body: dict[str, Any]
) -> None:
    """A control character or a format character other than a joiner inside a name (a NUL, a tab, a
    zero-width space, a direction override) prints as nothing, or turns the name around, on a sheet:
    refused as the event file's roster refuses it (docs/worst-cases.md), by every tool that takes names."""
    refused = expect_problem(client.post(f"/v1/tournaments/{path}", json=body), 422, "invalid-event")
    assert "U+" in refused["detail"] and "format character" in refused["detail"]


def test_a_refused_name_is_pointed_at_where_it_first_stands(client: FlaskClient) -> None:
    games = [{"players": ["ann", "bob"], "scores": [121, 90]}, {"players": ["ann", "b\u200bob"], "scores": [121, 90]}]
    refused = expect_problem(client.post("/v1/tournaments/standings", json={"games": games}), 422, "invalid-event")
    assert [e["pointer"] for e in refused["errors"]] == ["/games/1/players/1"]
    body = {"players": ["ann", "bob"], "avoid": [["ann", "b\tb"]]}
    refused = expect_problem(client.post("/v1/tournaments/swiss-pairings?lang=de", json=body), 422, "invalid-event")
    assert [e["pointer"] for e in refused["errors"]] == ["/avoid/0/1"] and "U+0009" in refused["detail"]


@pytest.mark.parametrize(
    "name",
    [
        "\u0622\u200c\u0628",  # Persian writes ZWNJ inside words
        " ",  # a name of white space alone is a name outside the event file
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # the Scotland flag: tags
        "\u05d3\u05df\u200f 2",  # a right-to-left mark placing a number after Hebrew
    ],
)
def test_a_name_that_prints_as_written_is_still_a_name(client: FlaskClient, name: str) -> None:
    games = [{"players": [name, "bob"], "scores": [121, 100]}]
    rows = client.post("/v1/tournaments/standings", json={"games": games}).json["standings"]
    assert [row["player"] for row in rows] == [name, "bob"]
