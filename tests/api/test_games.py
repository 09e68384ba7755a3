"""``/v1/games``, ``/act``, ``/view`` and ``/record`` over HTTP (in-process)."""

from __future__ import annotations

import base64
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from service.core.cards import parse_card

Json = dict[str, Any]
# These tests play every seat from one device, as a table app does: with the table credential
# the game's answer handed out, remembered here for every state of that game.
TABLE: dict[str, str] = {}


def create(client: FlaskClient, **body: Any) -> Json:
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    TABLE[game["state"]] = game["credentials"]["table"]
    return game


def act(client: FlaskClient, state: str, action: Json, seat: int | None = None, status: int = 200) -> Json:
    body: Json = {"state": state, "action": action, "credential": TABLE[state]}
    if seat is not None:
        body["seat"] = seat
    response = client.post("/v1/games/act", json=body)
    assert response.status_code == status, response.get_json()
    answer = response.get_json()
    if status == 200:
        TABLE[answer["state"]] = TABLE[state]
    return answer


def finish(client: FlaskClient, game: Json, seat: int | None = 0) -> tuple[Json, int]:
    moves = 0
    while game["view"]["phase"] != "over":
        game = act(client, game["state"], {"type": "auto", "seat": game["view"]["turn"]}, seat)
        moves += 1
    return game, moves


def test_create_answers_with_the_seats_view_and_its_moves(client: FlaskClient) -> None:
    game = create(client, variant="six_card", seed=42, dealer=0, seat=1)
    view = game["view"]
    assert view["phase"] == "discard" and view["dealer"] == 0 and view["seat"] == 1
    assert len(view["hand"]) == 6 and view["held"] == [6, 6] and view["to_act"] == [1, 0]
    assert len(game["legal_actions"]) == 15 and game["expired"] is False  # a live token: its moves are taken
    assert all(a["type"] == "discard" and a["seat"] == 1 and len(a["cards"]) == 2 for a in game["legal_actions"])
    assert [e["type"] for e in game["events"]] == ["deal"]
    assert sorted(game["events"][0]["hand"]) == sorted(view["hand"])
    assert len(game["state"]) < 1536


def test_a_spectator_sees_no_hand_and_no_moves(client: FlaskClient) -> None:
    game = create(client, seed=42)
    assert game["view"]["hand"] is None and game["legal_actions"] == []
    assert game["events"][0]["type"] == "cut_for_deal"
    assert "hand" not in game["events"][1] and "hands" not in game["events"][1]


def test_a_whole_game_of_every_variant_through_the_api(client: FlaskClient) -> None:
    for variant in ("six_card", "five_card", "three_player", "four_player", "four_player_individual"):
        game, moves = finish(client, create(client, variant=variant, seed=3, seat=0))
        view = game["view"]
        outcome = view["outcome"]
        assert view["phase"] == "over" and view["turn"] is None and game["legal_actions"] == []
        target = view["target"]
        assert [p["front"] for p in view["pegs"]].count(target) == 1
        assert outcome["winner"] == view["winner"] and game["events"][-1]["type"] == "game_over"
        record = client.post("/v1/games/record", json={"state": game["state"]})
        assert record.status_code == 200
        data = record.get_json()
        assert data["actions"] == moves and data["outcome"] == outcome
        assert all(len(d["hands"]) == view["players"] for d in data["deals"])


def test_the_record_is_refused_while_the_game_is_on(client: FlaskClient) -> None:
    game = create(client, seed=1, seat=0)
    response = client.post("/v1/games/record", json={"state": game["state"]})
    assert response.status_code == 422
    assert response.get_json()["type"].endswith("game-not-over")


def test_same_seed_same_actions_give_byte_identical_answers(client: FlaskClient) -> None:
    def seen(game: Json) -> bytes:
        view = {k: v for k, v in game["view"].items() if k != "game_id"}  # each game has its own id
        return orjson.dumps([view, game["legal_actions"], game["events"]], option=orjson.OPT_SORT_KEYS)

    def run() -> list[bytes]:
        out = []
        game = create(client, variant="three_player", seed=2024, seat=2)
        out.append(seen(game))
        for _ in range(40):
            if game["view"]["phase"] == "over":
                break
            game = act(client, game["state"], {"type": "auto", "seat": game["view"]["turn"]}, 2)
            out.append(seen(game))
        return out

    first, second = run(), run()
    assert first == second and len(first) == 41


def test_view_endpoint(client: FlaskClient) -> None:
    game = create(client, seed=8, dealer=1, seat=0)
    for seat in (0, 1, None):
        body: Json = {"state": game["state"]}
        if seat is not None:
            body["seat"] = seat
            body["credential"] = game["credentials"]["table"]
        response = client.post("/v1/games/view", json=body)
        assert response.status_code == 200
        answer = response.get_json()
        assert answer["view"]["seat"] == seat
        assert (answer["view"]["hand"] is None) == (seat is None)
        assert len(answer["legal_actions"]) == (0 if seat is None else 15)
    assert (
        client.post(
            "/v1/games/view", json={"state": game["state"], "seat": 2, "credential": game["credentials"]["table"]}
        ).status_code
        == 422
    )


def test_the_acting_seat_sees_its_discard_and_the_other_only_a_count(client: FlaskClient) -> None:
    game = create(client, seed=8, dealer=1, seat=0)
    action = game["legal_actions"][0]
    mine = act(client, game["state"], action, 0)
    theirs = act(client, game["state"], action, 1)
    assert mine["events"] == [{"type": "discard", "seat": 0, "cards": action["cards"], "move": 1}]
    assert theirs["events"] == [{"type": "discard", "seat": 0, "count": 2, "move": 1}]


# --- bad actions: 422 with the legal actions -----------------------------------------------------------


def problem(client: FlaskClient, state: str, action: Json, seat: int | None = None) -> Json:
    answer = act(client, state, action, seat, status=422)
    assert "legal_actions" in answer and "to_act" in answer
    return answer


def to_play(client: FlaskClient, seed: int = 31) -> Json:
    game = create(client, seed=seed, dealer=1, seat=0)
    game = act(client, game["state"], {"type": "auto", "seat": 1}, 0)
    return act(client, game["state"], game["legal_actions"][0], 0)


def test_wrong_phase(client: FlaskClient) -> None:
    game = create(client, seed=31, dealer=1, seat=0)
    card = game["view"]["hand"][0]
    answer = problem(client, game["state"], {"type": "play", "seat": 0, "card": card}, 0)
    assert len(answer["legal_actions"]) == 15 and answer["errors"][0]["pointer"] == "/action/type"


def test_wrong_seat(client: FlaskClient) -> None:
    game = to_play(client)
    assert game["view"]["turn"] == 0
    answer = problem(client, game["state"], {"type": "auto", "seat": 1}, 1)
    assert answer["legal_actions"] == [] and answer["to_act"] == [0]
    assert answer["errors"][0]["pointer"] == "/action/seat"


def test_card_not_held_and_already_played(client: FlaskClient) -> None:
    game = to_play(client)
    hand = game["view"]["hand"]
    stranger = next(c for c in ("AC", "AD", "AH", "AS", "2C", "2D") if c not in hand)
    answer = problem(client, game["state"], {"type": "play", "seat": 0, "card": stranger}, 0)
    assert {a["card"] for a in answer["legal_actions"]} == set(hand)
    assert answer["errors"][0]["pointer"] == "/action/card"
    played = act(client, game["state"], {"type": "play", "seat": 0, "card": hand[0]}, 0)
    again = act(client, played["state"], {"type": "auto", "seat": 1}, 0)
    assert again["view"]["turn"] == 0  # seed 31: the count goes on, and seat 0 plays again
    answer = problem(client, again["state"], {"type": "play", "seat": 0, "card": hand[0]}, 0)
    assert "already been played" in answer["detail"]


def test_discarding_the_wrong_number(client: FlaskClient) -> None:
    game = create(client, seed=31, dealer=1, seat=0)
    answer = problem(client, game["state"], {"type": "discard", "seat": 0, "cards": game["view"]["hand"][:1]}, 0)
    assert "exactly 2" in answer["detail"] and len(answer["legal_actions"]) == 15
    answer = problem(client, game["state"], {"type": "discard", "seat": 0, "cards": ["KS", "KS"]}, 0)
    three = create(client, variant="three_player", seed=31, dealer=1, seat=0)
    answer = problem(client, three["state"], {"type": "discard", "seat": 0, "cards": three["view"]["hand"][:2]}, 0)
    assert "exactly 1" in answer["detail"] and len(answer["legal_actions"]) == 5


def test_playing_past_31_and_go_is_no_action(client: FlaskClient) -> None:
    seed = 31
    game = to_play(client, seed)
    for _ in range(200):
        view = game["view"]
        if view["turn"] == 0:
            hand = view["hand"]
            too_big = [c for c in hand if view["count"] + parse_card(c).value > 31]
            # The engine says every forced go itself: "go" is not an action of the contract.
            refused = act(client, game["state"], {"type": "go", "seat": 0}, 0, status=400)
            assert refused["type"].endswith("contract-violation")
            assert all(e["pointer"].startswith("/action") for e in refused["errors"])
            if too_big:
                answer = problem(client, game["state"], {"type": "play", "seat": 0, "card": too_big[0]}, 0)
                assert "past 31" in answer["detail"]
                return
        game = act(client, game["state"], {"type": "auto", "seat": view["turn"]}, 0)
        if game["view"]["phase"] != "play":
            seed += 1  # the next deal of play, from another game
            game = to_play(client, seed)
    pytest.fail("no count came near 31")


def test_acting_after_the_game_is_over(client: FlaskClient) -> None:
    game, _ = finish(client, create(client, variant="five_card", seed=5, seat=0))
    answer = problem(client, game["state"], {"type": "auto", "seat": 0}, 0)
    assert answer["legal_actions"] == [] and answer["type"].endswith("game-over")


def test_seats_and_dealers_that_do_not_exist(client: FlaskClient) -> None:
    assert client.post("/v1/games", json={"seed": 1, "dealer": 2}).status_code == 422
    assert client.post("/v1/games", json={"seed": 1, "seat": 3}).status_code == 422
    assert client.post("/v1/games", json={"seed": 1, "dealer": 4}).status_code == 400  # the contract: seats 0..3
    game = create(client, seed=1)
    answer = problem(client, game["state"], {"type": "auto", "seat": 2})
    assert "does not exist" in answer["detail"]
    # the same against the computer (it was a 500: the seat looked up among the computer's), for every kind of move
    against = create(client, seed=1, seat=0, computer=[{"seat": 1}])
    for action in (
        {"type": "auto", "seat": 3},
        {"type": "concede", "seat": 3},
        {"type": "play", "seat": 2, "card": "5H"},
    ):
        assert "does not exist" in problem(client, against["state"], action, 0)["detail"]


def test_bad_options_are_422(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={"variant": "three_player", "options": {"fixed_deals": 4}})
    assert response.status_code == 422


# --- bad tokens: 4xx, never 500 ----------------------------------------------------------------------------


def test_changed_truncated_and_made_up_tokens_are_400(client: FlaskClient) -> None:
    game = create(client, seed=77, seat=0)
    token = game["state"]
    raw = bytearray(base64.urlsafe_b64decode(token))
    raw[len(raw) // 2] ^= 0x20
    changed = base64.urlsafe_b64encode(bytes(raw)).decode()
    not_base64 = ("not a token!", token[:20] + "+/" + token[22:], token + "=", "é" * 40, "A B", "AAA=A")
    for bad in (changed, token[:-10], token[:40], "gAAAAAB" + "A" * 100, "bm90IGEgdG9rZW4=", *not_base64):
        for path, body in (
            ("/v1/games/act", {"state": bad, "action": {"type": "auto", "seat": 0}}),
            ("/v1/games/view", {"state": bad}),
            ("/v1/games/record", {"state": bad}),
        ):
            response = client.post(path, json=body)
            assert response.status_code == 400, (path, bad[:20], response.get_json())
            assert response.mimetype == "application/problem+json"
            assert response.get_json()["type"].endswith("invalid-state-token")
            assert response.get_json()["errors"][0]["pointer"] == "/state"


def test_a_token_from_another_server_key_is_400(client: FlaskClient) -> None:
    from service.api.app import create_app
    from service.api.config import Config

    other = create_app(Config(testing=True)).test_client()
    token = other.post("/v1/games", json={"seed": 1}).get_json()["state"]
    response = client.post("/v1/games/view", json={"state": token})
    assert response.status_code == 400


def test_views_for_each_seat_hide_the_others_cards(client: FlaskClient) -> None:
    game = create(client, variant="four_player", seed=12, dealer=3, seat=0)
    hands = {}
    own = {entry["seat"]: entry["credential"] for entry in game["credentials"]["seats"]}
    for seat in range(4):
        body = {"state": game["state"], "seat": seat, "credential": own[seat]}
        hands[seat] = set(client.post("/v1/games/view", json=body).get_json()["view"]["hand"])
    assert len(set.union(*hands.values())) == 20
    for seat in range(4):
        body = {"state": game["state"], "seat": seat, "credential": own[seat]}
        text = client.post("/v1/games/view", json=body).get_data(as_text=True)
        others = set.union(*(h for s, h in hands.items() if s != seat))
        assert not any(f'"{card}"' in text for card in others)
    text = client.post("/v1/games/view", json={"state": game["state"]}).get_data(as_text=True)
    assert not any(f'"{card}"' in text for card in set.union(*hands.values()))


def test_a_counted_hand_in_a_game_names_its_combinations_as_the_hand_score_does(client: FlaskClient) -> None:
    """A show screen needs no extra call: each hand or crib the service counts carries the
    combinations ``/v1/hands/score`` gives for the same cards and starter (a double run of three
    is one combination of 8); so does the true count of a manual count once it is settled."""
    checked = {"score": 0, "settled": 0}
    for seed, options in ((31, {}), (32, {}), (33, {"muggins": True})):
        game = client.post("/v1/games", json={"seed": seed, "dealer": 0, "seat": 0, "options": options}).get_json()
        table = game["credentials"]["table"]
        starter, shown = None, None
        while game["view"]["phase"] != "over":
            seat = game["view"]["to_act"][0]
            action = {"type": "auto", "seat": seat}
            game = client.post(
                "/v1/games/act", json={"state": game["state"], "action": action, "seat": seat, "credential": table}
            ).get_json()
            for event in game["events"]:
                if event["type"] == "starter":
                    starter = event["card"]
                elif event["type"] == "show":
                    shown = event
                elif (
                    event["type"] == "score" and event["kind"] in ("hand", "crib") and "claimed" not in event
                ) or event["type"] == "settled":
                    assert shown is not None and starter is not None
                    scored = client.post(
                        "/v1/hands/score", json={"hand": shown["cards"], "starter": starter, "crib": shown["crib"]}
                    ).get_json()
                    assert event["combinations"] == scored["combinations"]
                    assert sum(c["points"] for c in event["combinations"]) == scored["total"]
                    checked[event["type"]] += 1
                elif event["type"] == "score":
                    assert "combinations" not in event
    assert checked["score"] > 20 and checked["settled"] > 5
