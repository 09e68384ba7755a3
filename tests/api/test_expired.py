"""An expired game (``CRIBBAGE_STATE_TTL``): shown, never played on (docs/client-guide.md).

The guarantee the time to live exists for (docs/deployment.md): a token older than the TTL can
never play again from its old position, and a token sealed under a key no longer configured
opens nowhere. What an expired token may still do is show the game: its view (with ``expired``
and no moves), its history, and once it is over its record and review. Nothing that answers an
expired token seals a new one, but the two that play nothing on from the old position: a concession
when two sides play (its result the same from every position) and a finished game's next game in
its match, so a match whose game expired can be settled. Time is moved by replacing the sealer's
clock, as the other TTL tests do.
"""

from __future__ import annotations

import base64
import time
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import state_token
from service.api.app import create_app
from service.api.config import Config
from tests.api.test_seats import post
from tests.support.keys import TEST_STATE_KEY
from tests.support.problems import expect_problem

Json = dict[str, Any]
TTL = 60
RETIRED_KEY = "Zy3X8M7mBkQv1f1vWm0b8eYb4yJ0aO2oQW9ql3Pq1vM="


def server(keys: str = TEST_STATE_KEY) -> FlaskClient:
    config = Config.from_env({"CRIBBAGE_STATE_KEYS": keys, "CRIBBAGE_STATE_TTL": str(TTL), "CRIBBAGE_TESTING": "true"})
    return create_app(config).test_client()


def later(monkeypatch: pytest.MonkeyPatch, seconds: int = TTL + 1) -> None:
    """Every token sealed until now is ``seconds`` old."""
    now = time.time() + seconds
    monkeypatch.setattr(state_token.time, "time", lambda: now)


def started(client: FlaskClient, **extra: Any) -> tuple[Json, Json]:
    """A game against the computer, seat 0 a person's, a few moves in; and seat 0's request body."""
    game = post(client, "/v1/games", {"seed": 12, "dealer": 0, "seat": 0, "computer": [{"seat": 1}], **extra}, 201)
    seat = {"seat": 0, "credential": game["credentials"]["seats"][0]["credential"]}
    for _ in range(3):
        game = post(client, "/v1/games/act", {"state": game["state"], **seat, "action": game["legal_actions"][0]})
    return game, seat


def test_an_expired_game_is_shown_where_it_stood_and_no_move_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    client = server()
    game, seat = started(client)
    body = {"state": game["state"], **seat}
    fresh = post(client, "/v1/games/view", body)
    assert fresh["expired"] is False and fresh["legal_actions"]
    later(monkeypatch)
    seen = post(client, "/v1/games/view", body)
    assert seen["expired"] is True and seen["legal_actions"] == []  # nothing to send: no move is accepted
    assert seen["view"] == fresh["view"]  # where the game stood: hand, pegs, play, whose turn
    assert "state" not in seen  # a read seals no new token
    caught_up = post(client, "/v1/games/view", {**body, "since_move": -1})
    assert caught_up["expired"] is True and caught_up["events"][0]["type"] in ("cut_for_deal", "deal")
    history = post(client, "/v1/games/history", body)
    assert history["expired"] is True and "state" not in history
    # every way of playing on from the old position is refused, and says what is left (conceding is not playing on:
    # see below)
    for path, extra in (
        ("/v1/games/act", {"action": fresh["legal_actions"][0]}),
        ("/v1/games/act", {"action": {"type": "auto", "seat": 0}}),
        ("/v1/games/hints", {}),
    ):
        refused = expect_problem(client.post(path, json={**body, **extra}), 400, "expired-state-token")
        assert "/v1/games/view" in refused["detail"] and refused["errors"][0]["pointer"] == "/state"
    # the record of a game still played stays refused, as it is for a fresh token (it would show the hidden cards)
    expect_problem(client.post("/v1/games/record", json={"state": game["state"]}), 422, "game-not-over")


def test_a_finished_expired_game_has_its_record_and_review_and_its_match_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = server()
    game, seat = started(client, match={"format": "best_of", "length": 3})
    done = post(client, "/v1/games/act", {"state": game["state"], **seat, "action": {"type": "concede", "seat": 0}})
    later(monkeypatch)
    body = {"state": done["state"], **seat}
    assert post(client, "/v1/games/view", body)["view"]["phase"] == "over"
    record = post(client, "/v1/games/record", {"state": done["state"]})
    assert record["ended_by"]["kind"] == "conceded"
    review = post(client, "/v1/games/review", body)
    assert "state" not in review
    # the finished game plays nothing on: its next game is the one every caller gets, expired token or fresh
    following = post(client, "/v1/games/next-game", body, 201)
    assert following["view"]["match"]["game"] == 2 and following["events"][0]["move"] == 0  # moves from 0 again
    assert following["view"]["game_id"] != done["view"]["game_id"]
    again = post(client, "/v1/games/next-game", body, 201)
    assert again["view"]["game_id"] == following["view"]["game_id"]


def _match_of(client: FlaskClient, **extra: Any) -> tuple[Json, Json]:
    """A best of 3 between two people, the first game a few moves in; and the table's request body."""
    game = post(
        client, "/v1/games", {"seed": 5, "dealer": 0, "match": {"format": "best_of", "length": 3}, **extra}, 201
    )
    table = {"credential": game["credentials"]["table"]}
    for _ in range(4):
        game = post(
            client,
            "/v1/games/act",
            {
                "state": game["state"],
                "seat": game["view"]["to_act"][0],
                **table,
                "action": {"type": "auto", "seat": game["view"]["to_act"][0]},
            },
        )
    return game, table


def test_an_expired_game_of_a_match_is_conceded_and_the_match_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The match a paused game belongs to is not stuck: the expired game is conceded (its result is the same from
    every position: a plain win for the other side, 1 match point, +10 spread), and the next game starts."""
    client = server()
    game, table = _match_of(client)
    later(monkeypatch)
    # a move from the old position stays refused; the concession is taken, and seals the finished game
    expect_problem(
        client.post(
            "/v1/games/act",
            json={
                "state": game["state"],
                "seat": 0,
                **table,
                "action": {"type": "auto", "seat": game["view"]["to_act"][0]},
            },
        ),
        400,
        "expired-state-token",
    )
    done = post(
        client, "/v1/games/act", {"state": game["state"], "seat": 1, **table, "action": {"type": "concede", "seat": 1}}
    )
    assert done["view"]["phase"] == "over" and done["view"]["winner"] == 0
    assert done["expired"] is True  # its token is as old as the one conceded from
    outcome = done["events"][-1]["outcome"]
    # conceded before anyone pegged: as if seat 0 pegged out there, 121 spread and a triple skunk (ACC: 3)
    assert outcome["conceded_by"] == 1 and outcome["spread"] == [121, -121]
    assert outcome["game_points"] == [3, 0] and outcome["skunk"] == "triple_skunk"
    assert done["view"]["match"]["points"] == [1, 0]  # one game won: the match goes on
    second = post(client, "/v1/games/next-game", {"state": done["state"], "seat": 0, **table}, 201)
    assert second["view"]["match"]["game"] == 2 and second["view"]["move"] == 0  # two people: no move made yet
    # the answer says so itself, and offers no move it would refuse
    assert second["expired"] is True and second["legal_actions"] == []
    # Started from an expired game, the next game is as old as it: it shows and settles, never plays (else an old
    # token of game 1 would start game 2 again, fresh, its deals already seen).
    new_table = {"credential": second["credentials"]["table"]}
    move = {"state": second["state"], "seat": 0, **new_table, "action": {"type": "auto", "seat": 0}}
    expect_problem(client.post("/v1/games/act", json=move), 400, "expired-state-token")
    again = post(client, "/v1/games/next-game", {"state": done["state"], "seat": 0, **table}, 201)
    expect_problem(client.post("/v1/games/act", json={**move, "state": again["state"]}), 400, "expired-state-token")
    # conceded by seat 1 again, the best of 3 is settled 2-0
    later(monkeypatch, 2 * TTL + 2)
    ended = post(
        client,
        "/v1/games/act",
        {
            "state": second["state"],
            "seat": 1,
            "credential": second["credentials"]["table"],  # the new game's table
            "action": {"type": "concede", "seat": 1},
        },
    )
    assert ended["view"]["match"]["over"] is True and ended["view"]["match"]["winner"] == 0
    assert ended["view"]["match"]["points"] == [2, 0]


@pytest.mark.parametrize(
    "start",
    [
        {"variant": "three_player"},  # the pegs rank the two left: an old position could pick the winner
        {"variant": "four_player_individual"},  # the same with three left
        {"options": {"fixed_deals": 2}},  # the margin is on both totals: an old position could be cheaper
    ],
    ids=["three", "four-each", "fixed-deals"],
)
def test_an_expired_game_whose_result_depends_on_the_position_is_not_conceded(
    monkeypatch: pytest.MonkeyPatch, start: Json
) -> None:
    client = server()
    game = post(client, "/v1/games", {**start, "seed": 4, "dealer": 0}, 201)
    table = {"credential": game["credentials"]["table"]}
    later(monkeypatch)
    expect_problem(
        client.post(
            "/v1/games/act", json={"state": game["state"], "seat": 0, **table, "action": {"type": "concede", "seat": 0}}
        ),
        400,
        "expired-state-token",
    )


def test_an_expired_game_still_on_has_no_next_game(monkeypatch: pytest.MonkeyPatch) -> None:
    client = server()
    game, table = _match_of(client)
    later(monkeypatch)
    expect_problem(
        client.post("/v1/games/next-game", json={"state": game["state"], "seat": 0, **table}),
        400,
        "expired-state-token",
    )


def test_a_token_is_shown_only_while_its_key_is_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rotation's guarantee holds for expired tokens: only the time is forgiven, never the seal."""
    old = server(RETIRED_KEY)
    game, seat = started(old)
    body = {"state": game["state"], **seat}
    later(monkeypatch)
    # mid-rotation (new key first, the old one still configured): shown, expired
    assert post(server(f"{TEST_STATE_KEY},{RETIRED_KEY}"), "/v1/games/view", body)["expired"] is True
    # the old key dropped: refused as any token not ours, expired or not
    for path in ("/v1/games/view", "/v1/games/history", "/v1/games/act"):
        request = {**body, "action": {"type": "auto", "seat": 0}} if path.endswith("act") else body
        expect_problem(server().post(path, json=request), 400, "invalid-state-token")
    # and a token made younger by hand is no token at all
    raw = bytearray(base64.urlsafe_b64decode(game["state"]))
    raw[1:9] = state_token.HEADER.pack(raw[0], int(time.time()))[1:]
    younger = base64.urlsafe_b64encode(bytes(raw)).decode()
    expect_problem(old.post("/v1/games/view", json={**body, "state": younger}), 400, "invalid-state-token")


def test_without_a_time_to_live_nothing_expires(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = post(client, "/v1/games", {"seed": 12, "dealer": 0}, 201)
    later(monkeypatch, 10**8)
    assert post(client, "/v1/games/view", {"state": game["state"]})["expired"] is False
