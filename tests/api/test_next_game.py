"""A match played through the game API: a game started with ``match`` carries the match
in its sealed state, and ``POST /v1/games/next-game`` starts each next game from the finished one,
the loser of each game dealing first in the next (the Swedish rule text, docs/rules.md 8.3).

Held here: a best of 5 played to its end over HTTP (gunicorn on loopback, and in-process), the
match's score in every view agreeing with ``POST /v1/tournaments/match``, who deals first, the
refusals (a game still played, a game outside a match, a match already over), the credentials a
caller gets, the same next game for every caller, the record of a match's game, and the token
codec's handling of the match (round trip, size, a tampered match refused).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.state_token import StateSealer
from service.core.computer.play import apply, new_game, next_game
from service.core.errors import GameNotOver, IllegalAction, InvalidState, MatchOver
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import Action, may_act
from service.core.rules import STANDARD, preset, resolve
from service.core.scoring.match import MatchContext, MatchRules
from tests.support.keys import TEST_STATE_KEY
from tests.support.problems import expect_problem
from tests.support.servers import Gunicorn

BEST_OF_5 = {"format": "best_of", "length": 5}
Post = Callable[[str, dict[str, Any]], tuple[int, Any]]


def play_match(post: Post, match: dict[str, Any], seed: int = 5) -> list[dict[str, Any]]:
    """Seat 0 (moves by ``auto``) against the computer on seat 1, game after game, until the
    match is over; the last answer of each game."""
    status, game = post(
        "/v1/games",
        {"variant": "six_card", "seed": seed, "dealer": 0, "seat": 0, "computer": [{"seat": 1}], "match": match},
    )
    assert status == 201, game
    finished = []
    while True:
        table = game["credentials"]["table"]
        game["table"] = table
        while game["view"]["phase"] != "over":
            status, game = post(
                "/v1/games/act",
                {"state": game["state"], "seat": 0, "credential": table, "action": {"type": "auto", "seat": 0}},
            )
            assert status == 200, game
            game["table"] = table
        finished.append(game)
        if game["view"]["match"]["over"]:
            return finished
        status, game = post("/v1/games/next-game", {"state": game["state"], "seat": 0, "credential": table})
        assert status == 201, game
        assert game["view"]["match"]["game"] == len(finished) + 1


def check_match(finished: list[dict[str, Any]], post: Post) -> None:
    """What every game of a played match must show."""
    views = [game["view"] for game in finished]
    scores = [view["outcome"]["scores"] for view in views]
    winners = [view["winner"] for view in views]
    # The loser of each game deals first in the next (no cut after the first game).
    assert [view["match"]["games"][-1]["first_dealer"] for view in views] == [0, *(1 - w for w in winners[:-1])]
    for number, view in enumerate(views, start=1):
        assert view["match"]["game"] == number == len(view["match"]["games"])
        assert [g["scores"] for g in view["match"]["games"]] == scores[:number]
    last = views[-1]["match"]
    assert last["over"] and last["winner"] == (0 if last["points"][0] > last["points"][1] else 1)
    assert max(last["points"]) >= 3 and last["rules"]["target"] == 3
    # The same match scored by the tournament operation says the same.
    status, scored = post("/v1/tournaments/match", {"games": scores, "first_dealer": 0, "match": BEST_OF_5})
    assert status == 200
    assert {k: v for k, v in last.items() if k != "game"} == scored
    # The match is over: no next game.
    table = finished[-1]["table"]
    status, problem = post("/v1/games/next-game", {"state": finished[-1]["state"], "seat": 0, "credential": table})
    assert (status, problem["type"]) == (422, "urn:cribbage:problem:match-over")
    assert problem["detail"].startswith(f"the match is over: side {last['winner']} won it")


def test_a_best_of_5_played_to_its_end_over_http() -> None:
    with Gunicorn(
        workers=1,
        env={
            "CRIBBAGE_ACCESS_LOG": "false",
            "CRIBBAGE_STATE_KEYS": TEST_STATE_KEY.decode() if isinstance(TEST_STATE_KEY, bytes) else TEST_STATE_KEY,
        },
    ) as server:

        def post(path: str, body: dict[str, Any]) -> tuple[int, Any]:
            request = urllib.request.Request(
                server.url + path,
                data=json.dumps(body).encode(),
                method="POST",
                headers={"Content-Type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status, json.loads(response.read())
            except urllib.error.HTTPError as error:
                return error.code, json.loads(error.read())

        finished = play_match(post, BEST_OF_5)
        check_match(finished, post)
    # First to 3 match points: a skunk scores 2, so two games may do; five always end it.
    assert 2 <= len(finished) <= 5


def test_a_match_in_process(client: FlaskClient) -> None:
    def post(path: str, body: dict[str, Any]) -> tuple[int, Any]:
        response = client.post(path, json=body)
        return response.status_code, response.json

    check_match(play_match(post, BEST_OF_5, 2), post)


def finished_game(client: FlaskClient, match: dict[str, Any] | None = BEST_OF_5, **options: Any) -> dict[str, Any]:
    body = {
        "variant": "six_card",
        "seed": 9,
        "dealer": 1,
        "seat": 0,
        "computer": [{"seat": 1}],
        "options": {"target": 31, **options},
    }
    game = client.post("/v1/games", json=body | ({"match": match} if match else {})).json
    table = game["credentials"]["table"]
    seat_key = game["credentials"]["seats"][0]["credential"]
    while game["view"]["phase"] != "over":
        game = client.post(
            "/v1/games/act",
            json={"state": game["state"], "seat": 0, "credential": table, "action": {"type": "auto", "seat": 0}},
        ).json
    game["table"], game["seat_key"] = table, seat_key
    return game


def test_the_credentials_a_next_game_hands_out(client: FlaskClient) -> None:
    game = finished_game(client)
    seat_key = game["seat_key"]
    by_table = client.post("/v1/games/next-game", json={"state": game["state"], "seat": 0, "credential": game["table"]})
    assert by_table.status_code == 201
    issued = by_table.json["credentials"]
    assert issued["table"] and [s["seat"] for s in issued["seats"]] == [0]  # seat 1 is the computer's
    by_seat = client.post("/v1/games/next-game", json={"state": game["state"], "seat": 0, "credential": seat_key}).json
    assert by_seat["credentials"] == {"seats": issued["seats"]}  # no table credential for a seat's player
    spectator = client.post("/v1/games/next-game", json={"state": game["state"]}).json
    assert spectator["credentials"] == {"seats": []} and spectator["view"]["hand"] is None  # handed none
    # Everyone lands in the same next game: same id, same deal.
    assert by_table.json["view"]["game_id"] == by_seat["view"]["game_id"] == spectator["view"]["game_id"]
    assert by_table.json["view"]["game_id"] != game["view"]["game_id"]
    assert by_table.json["view"]["hand"] == by_seat["view"]["hand"]
    assert by_table.json["view"]["move"] == 1 and by_table.json["view"]["deal"] == 1  # the computer has thrown
    # The new credentials act in the new game; the old ones do not.
    state = by_seat["state"]
    move = by_seat["legal_actions"][0]
    assert (
        client.post(
            "/v1/games/act",
            json={"state": state, "seat": 0, "credential": issued["seats"][0]["credential"], "action": move},
        ).status_code
        == 200
    )
    expect_problem(
        client.post("/v1/games/act", json={"state": state, "seat": 0, "credential": seat_key, "action": move}), 403
    )
    expect_problem(
        client.post("/v1/games/next-game", json={"state": game["state"], "seat": 0, "credential": "x" * 24}), 403
    )
    expect_problem(client.post("/v1/games/next-game", json={"state": game["state"], "seat": 0}), 403)


def test_next_game_refusals(client: FlaskClient) -> None:
    started = client.post("/v1/games", json={"seat": 0, "match": BEST_OF_5}).json
    table = started["credentials"]["table"]
    expect_problem(
        client.post("/v1/games/next-game", json={"state": started["state"], "seat": 0, "credential": table}),
        422,
        "game-not-over",
    )
    single = finished_game(client, match=None)
    problem = expect_problem(client.post("/v1/games/next-game", json={"state": single["state"]}), 422, "illegal-action")
    assert "not part of a match" in problem["detail"]
    assert single["view"]["match"] is None
    for body in ({"variant": "three_player"}, {"variant": "four_player"}):
        problem = expect_problem(client.post("/v1/games", json=body | {"match": BEST_OF_5}), 422)
        assert problem["errors"][0]["pointer"] == "/match"
    expect_problem(client.post("/v1/games", json={"match": {"format": "best_of", "length": 2}}), 422, "invalid-rules")


def test_a_match_game_has_its_record_and_history(client: FlaskClient) -> None:
    game = finished_game(client)
    record = client.post("/v1/games/record", json={"state": game["state"]})
    assert record.status_code == 200 and record.json["outcome"] == game["view"]["outcome"]
    following = client.post(
        "/v1/games/next-game", json={"state": game["state"], "seat": 0, "credential": game["table"]}
    ).json
    # The second game has no cut: its dealer is the first game's loser.
    assert not any(event["type"] == "cut_for_deal" for event in following["events"])
    assert following["view"]["dealer"] == 1 - game["view"]["winner"]


def test_a_later_game_of_a_match_replays_for_its_events_history_record_and_review(client: FlaskClient) -> None:
    # A later game has no cut: the match names its first dealer, and the replay behind the events
    # since a move, the history, the record and the review must deal it the same way.
    first = finished_game(client)
    game = client.post(
        "/v1/games/next-game", json={"state": first["state"], "seat": 0, "credential": first["table"]}
    ).json
    table = game["credentials"]["table"]
    seat_key = game["credentials"]["seats"][0]["credential"]
    happened = list(game["events"])
    for moves in range(200):
        body = {"state": game["state"], "seat": 0, "credential": seat_key}
        since = client.post("/v1/games/view", json=body | {"since_move": -1})
        assert since.status_code == 200, since.json
        assert since.json["events"] == happened  # every event seat 0 was shown, from the start
        history = client.post("/v1/games/history", json=body)
        assert history.status_code == 200, history.json
        if game["view"]["phase"] == "over" or moves == 3:
            break
        game = client.post("/v1/games/act", json=body | {"action": {"type": "auto", "seat": 0}}).json
        happened += game["events"]
    while game["view"]["phase"] != "over":
        game = client.post(
            "/v1/games/act",
            json={"state": game["state"], "seat": 0, "credential": table, "action": {"type": "auto", "seat": 0}},
        ).json
    record = client.post("/v1/games/record", json={"state": game["state"]})
    assert record.status_code == 200, record.json
    assert record.json["outcome"] == game["view"]["outcome"]
    assert not record.json["cut_for_deal"] and record.json["first_dealer"] == 1 - first["view"]["winner"]
    reviewed = client.post("/v1/games/review", json={"state": game["state"], "seat": 0, "credential": seat_key})
    assert reviewed.status_code == 200, reviewed.json


# --- the core and the token --------------------------------------------------------------------------------


def finish(state: Any, scores: tuple[int, int]) -> Any:
    """``state`` as if it had ended with ``scores`` (side 0 first)."""
    winner = 0 if scores[0] > scores[1] else 1
    return state._replace(scores=scores, backs=(0, 0), winner=winner)


def test_a_best_of_3_ended_early_by_a_triple_skunk_in_the_game_api() -> None:
    ones = MatchRules("best_of", 3, 1, 1, triple_skunk_wins=True)
    state, _ = new_game(STANDARD, 3, 0, match=ones)
    with pytest.raises(MatchOver, match="won it by a triple skunk, 1 match points to 0"):
        next_game(finish(state, (121, 30)), 4, "g2")
    second, _ = next_game(finish(state, (121, 31)), 4, "g2")  # 31 is no triple skunk: the match goes on
    assert second.match == MatchContext(ones, 0, ((121, 31),)) and second.dealer == 1


def test_next_game_in_the_core() -> None:
    state, _ = new_game(STANDARD, 3, None)
    with pytest.raises(IllegalAction):
        next_game(finish(state, (121, 90)), 4, "g2")
    state, events = new_game(STANDARD, 3, None, match=MatchRules("first_to", 3, next_first_dealer="alternate"))
    assert events[0].event.kind == "cut_for_deal" and events[0].move == 0 and state.match is not None
    assert state.match.first_dealer == state.first_dealer
    with pytest.raises(GameNotOver):
        next_game(state, 4, "g2")
    second, events = next_game(finish(state, (121, 90)), 4, "g2")
    assert second.first_dealer == 1 - state.first_dealer and second.dealer == second.first_dealer  # alternate
    assert not second.cut_for_deal and events[0].event.kind == "deal" and second.computer == state.computer
    assert decode_state(encode_state(second)) == second


def test_the_token_carries_the_match_in_a_few_bytes() -> None:
    rules = MatchRules("best_of", 5, 2, 3, True)
    state, _ = new_game(STANDARD, 11, 1, game_id="g1")
    in_match, _ = new_game(STANDARD, 11, 1, game_id="g1", match=rules)
    # the fourth game: side 0 won the third, so side 1 deals first, as in the first
    fourth = in_match._replace(match=MatchContext(rules, 1, ((121, 95), (100, 121), (121, 119))))
    for value in (in_match, fourth):
        assert decode_state(encode_state(value)) == value
    plain = len(json.dumps(encode_state(state), separators=(",", ":")))
    first = len(json.dumps(encode_state(in_match), separators=(",", ":")))
    later = len(json.dumps(encode_state(fourth), separators=(",", ":")))
    assert first - plain <= 30 and later - first <= 3 * 10  # 7 numbers, then two per game
    sealer = StateSealer((TEST_STATE_KEY,))
    assert len(sealer.seal(encode_state(fourth))) - len(sealer.seal(encode_state(state))) <= 64


@pytest.mark.parametrize(
    ("codes", "why"),
    [
        ([0, 3, 2, 2, 0, 0, 0, 121], "list of its numbers"),  # half a game
        ([9, 3, 2, 2, 0, 0, 0], "no such rule"),
        ([0, 4, 2, 2, 0, 0, 0], "rules are not valid"),  # a best of 4
        ([0, 3, 2, 2, 0, 0, 0, 121, 80], "over before this game"),  # a skunk: 2 points of 2
        ([0, 3, 2, 2, 0, 0, 0, 121, 121], "match is not valid"),
        ([0, 3, 2, 2, 0, 0, 0, 100, 121], "who deals first"),  # side 1 won: side 0 deals, not 1
        ([0, 3, 2, 2, 0, 0, 0], "first dealer is this game's"),
        ("0,3", "list of its numbers"),
    ],
)
def test_a_tampered_match_is_refused(codes: Any, why: str) -> None:
    state, _ = new_game(STANDARD, 11, 1, match=MatchRules(skunk_points=2, double_skunk_points=2))
    data = encode_state(state)
    assert data["mt"] == [0, 3, 2, 2, 0, 0, 1]
    with pytest.raises(InvalidState, match=why):
        decode_state({**data, "mt": codes})


def test_a_match_of_fixed_deals_can_be_drawn_and_goes_on() -> None:
    rules = resolve("six_card", {"fixed_deals": 2})
    state, _ = new_game(rules, 3, 0, match=MatchRules("fixed", 2))
    drawn = state._replace(scores=(20, 20), backs=(0, 0), draw=True, deal_no=2, dealer=1)
    second, _ = next_game(drawn, 4, "g2")
    assert second.first_dealer == 1 and second.match is not None and second.match.games == ((20, 20),)
    assert preset("six_card").players == 2 and may_act(second)
    assert apply(second, Action("auto", may_act(second)[0]))[0].moves == 1
