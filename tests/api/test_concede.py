"""Conceding a game over HTTP: who may concede for a seat, and what the view, the events and the
record say after (docs/rules.md 8.4).

Expectations: the trust rules (a seat's move needs its own credential or the table's; no one
acts for a seat the computer plays) and the rule's worth of a conceded game (a plain win for the
other side, 10 spread points, one match point), not the service's output.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_seats import credentials_of, post
from tests.support.problems import expect_problem

Json = dict[str, Any]


def test_a_seat_concedes_with_its_own_credential_and_not_with_another_seats(client: FlaskClient) -> None:
    game = post(client, "/v1/games", {"seed": 3, "dealer": 0, "seat": 0}, 201)
    own = credentials_of(game)
    concede = {"type": "concede", "seat": 1}
    # seat 0's credential does not concede for seat 1, nor does no credential
    refused = client.post(
        "/v1/games/act", json={"state": game["state"], "seat": 0, "credential": own[0], "action": concede}
    )
    expect_problem(refused, 403)
    expect_problem(client.post("/v1/games/act", json={"state": game["state"], "action": concede}), 403)
    # seat 1 concedes with its own, though both seats are still to discard
    done = post(client, "/v1/games/act", {"state": game["state"], "seat": 1, "credential": own[1], "action": concede})
    view = done["view"]
    assert view["phase"] == "over" and view["winner"] == 0 and view["to_act"] == [] and done["legal_actions"] == []
    # given up before anyone pegged: as if seat 0 pegged out there (a triple skunk, ACC 3 game points, 121 spread)
    assert view["outcome"]["conceded_by"] == 1 and view["outcome"]["game_points"] == [3, 0]
    assert view["outcome"]["spread"] == [121, -121] and view["outcome"]["scores"] == [0, 0]
    (over,) = done["events"]
    assert over["type"] == "game_over" and over["ended_by"]["kind"] == "conceded" and over["ended_by"]["seat"] == 1
    record = post(client, "/v1/games/record", {"state": done["state"]})
    assert record["ended_by"] == {"deal": 1, "move": 1, "seat": 1, "side": 1, "kind": "conceded"}
    assert record["outcome"] == view["outcome"]
    assert record["deals"][0]["actions"][-1]["action"] == {"type": "concede", "seat": 1}
    # an ended game cannot be conceded again
    again = client.post(
        "/v1/games/act", json={"state": done["state"], "seat": 0, "credential": own[0], "action": concede | {"seat": 0}}
    )
    expect_problem(again, 422, "game-over")


def test_the_table_credential_concedes_for_any_person_and_never_for_the_computer(client: FlaskClient) -> None:
    game = post(client, "/v1/games", {"seed": 4, "dealer": 0, "seat": 0, "computer": [{"seat": 1}]}, 201)
    table = game["credentials"]["table"]
    refused = client.post(
        "/v1/games/act",
        json={"state": game["state"], "seat": 0, "credential": table, "action": {"type": "concede", "seat": 1}},
    )
    expect_problem(refused, 403, "seat-played-by-computer")
    done = post(
        client,
        "/v1/games/act",
        {"state": game["state"], "seat": 0, "credential": table, "action": {"type": "concede", "seat": 0}},
    )
    assert done["view"]["winner"] == 1 and done["events"][-1]["ended_by"]["seat"] == 0


def test_partners_one_seat_concedes_for_its_side(client: FlaskClient) -> None:
    game = post(client, "/v1/games", {"variant": "four_player", "seed": 6, "dealer": 0, "seat": 3}, 201)
    own = credentials_of(game)
    done = post(
        client,
        "/v1/games/act",
        {"state": game["state"], "seat": 3, "credential": own[3], "action": {"type": "concede", "seat": 3}},
    )
    assert done["view"]["winner"] == 0 and done["view"]["outcome"]["conceded_by"] == 1
    partner = post(client, "/v1/games/view", {"state": done["state"], "seat": 1, "credential": own[1]})
    assert partner["view"]["phase"] == "over" and partner["view"]["outcome"]["conceded_by"] == 1


def test_a_match_goes_on_after_a_conceded_game(client: FlaskClient) -> None:
    game = post(
        client, "/v1/games", {"seed": 7, "dealer": 0, "seat": 0, "match": {"format": "best_of", "length": 3}}, 201
    )
    table = game["credentials"]["table"]
    done = post(
        client,
        "/v1/games/act",
        {"state": game["state"], "seat": 0, "credential": table, "action": {"type": "concede", "seat": 0}},
    )
    match = done["view"]["match"]
    assert match["points"] == [0, 1] and match["games_won"] == [0, 1] and not match["over"]
    assert match["games"][0]["conceded_by"] == 0 and match["games"][0]["winner"] == 1
    following = post(client, "/v1/games/next-game", {"state": done["state"], "seat": 0, "credential": table}, 201)
    view = following["view"]
    assert view["match"]["game"] == 2 and view["match"]["points"] == [0, 1] and view["dealer"] == 0  # the loser deals
    assert view["phase"] == "discard" and following["legal_actions"]
