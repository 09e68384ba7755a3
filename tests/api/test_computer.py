"""Computer seats on the server: one request per human decision, whatever the table.

The rule checked is the client's count: the server plays every move of the seats the computer
plays, so a person's device sends the start, then exactly one request per decision of its own
(every discard, card and count it makes), and the record marks which moves were the computer's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

Json = dict[str, Any]
TABLES = [
    ("six_card", {}, [1]),
    ("five_card", {"muggins": True}, [0]),
    ("three_player", {}, [1, 2]),
    ("four_player", {}, [1, 2, 3]),
    ("four_player", {"muggins": True}, [0, 1, 3]),
]


@pytest.mark.parametrize(
    ("variant", "options", "computer"),
    TABLES,
    ids=[f"{v}-{len(c)}-computer{'-muggins' if o else ''}" for v, o, c in TABLES],
)
def test_a_game_takes_one_request_per_human_decision(
    client: FlaskClient, variant: str, options: Json, computer: list[int]
) -> None:
    human = next(seat for seat in range(4) if seat not in computer)
    response = client.post(
        "/v1/games",
        json={
            "variant": variant,
            "options": options,
            "seed": 3,
            "seat": human,
            "computer": [{"seat": seat} for seat in computer],
        },
    )
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    credential = {entry["seat"]: entry["credential"] for entry in game["credentials"]["seats"]}[human]
    assert list(credential) and [entry["seat"] for entry in game["credentials"]["seats"]] == [human]
    rng = random.Random(variant)
    requests, decisions = 1, 0
    while game["view"]["phase"] != "over":
        # whenever the server answers, it is the person's turn (or the game is over)
        assert game["view"]["to_act"] == [human] and game["legal_actions"], game["view"]
        action = rng.choice(game["legal_actions"])
        response = client.post(
            "/v1/games/act", json={"state": game["state"], "action": action, "seat": human, "credential": credential}
        )
        assert response.status_code == 200, response.get_json()
        game = response.get_json()
        requests += 1
        decisions += 1
    record = client.post("/v1/games/record", json={"state": game["state"]}).get_json()
    moves = [move for deal in record["deals"] for move in deal["actions"]]
    mine = [move for move in moves if move["action"]["seat"] == human]
    assert requests == 1 + decisions == 1 + len(mine)
    assert not any(move["computer"] for move in mine)
    assert all(move["computer"] for move in moves if move["action"]["seat"] != human)
    assert [move["move"] for move in moves] == list(range(1, len(moves) + 1))
    assert record["computer"] == [{"seat": seat, "level": "standard"} for seat in computer]


def test_the_computer_may_not_play_every_seat(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={"computer": [{"seat": 0}, {"seat": 1}]})
    assert response.status_code == 422 and response.get_json()["errors"][0]["pointer"] == "/computer"


def test_a_computer_seat_out_of_the_table_is_refused(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={"computer": [{"seat": 2}]})
    assert response.status_code == 422 and response.get_json()["errors"][0]["pointer"] == "/computer/0/seat"
