"""Seat-bound games over HTTP: who may see a seat's cards and act for it, and what a relay gets.

The expectations are the trust rules, not the service's output: whoever holds the state sees a
spectator's view; a seat's hand and moves need that seat's credential (or the table's); a
credential is bound to one game and one seat; the deals of a seeded game depend on the key.
"""

from __future__ import annotations

import base64
import hmac
import random
import time
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import state_token
from service.api.app import create_app
from service.api.config import Config
from service.api.problems import ApiError
from tests.support.keys import TEST_STATE_KEY

Json = dict[str, Any]
OTHER_KEY = "Zy3X8M7mBkQv1f1vWm0b8eYb4yJ0aO2oQW9ql3Pq1vM="
VARIANTS = ["six_card", "five_card", "three_player", "four_player", "four_player_individual"]


def post(client: FlaskClient, path: str, body: Json, status: int = 200) -> Json:
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    answer: Json = response.get_json()
    return answer


def credentials_of(game: Json) -> dict[int, str]:
    return {entry["seat"]: entry["credential"] for entry in game["credentials"]["seats"]}


def cards_in(value: Any) -> set[str]:
    """Every card-looking string anywhere in an answer."""
    if isinstance(value, str):
        return {value} if 2 <= len(value) <= 3 and value[-1] in "CDHS" and value[:-1] in RANKS else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seats_cards_are_never_shown_without_its_credential(client: FlaskClient, variant: str) -> None:
    """Random moves of every seat for 60 steps: no answer shows a card its asker may not see.

    What a seat may see: cards made public (cut, starter, played, shown) and the cards it was
    dealt itself. A spectator only the public ones. Checked on views, moves, histories and the
    problem of a refused move, and every request for a seat without its credential is a 403
    with no card at all."""
    game = post(client, "/v1/games", {"variant": variant, "seed": 11}, 201)
    own = credentials_of(game)
    players = game["view"]["players"]
    rng = random.Random(variant)
    public: set[str] = set()  # every card shown to the table so far
    dealt: dict[int, set[str]] = {seat: set() for seat in range(players)}  # every card each seat was dealt
    steps = 0
    while game["view"]["phase"] != "over" and steps < 60:
        state = game["state"]
        spectator = post(client, "/v1/games/view", {"state": state})
        assert spectator["view"]["hand"] is None and spectator["legal_actions"] == []
        assert cards_in(spectator) <= public
        assert cards_in(post(client, "/v1/games/history", {"state": state})) <= public
        views: dict[int, Json] = {}
        for seat in range(players):
            # no credential, the wrong seat's, or another seat's: refused, with no card in the answer
            for credential, slug in (
                (None, "seat-credential-missing"),
                (own[(seat + 1) % players], "seat-credential-wrong"),
            ):
                body: Json = {"state": state, "seat": seat}
                if credential is not None:
                    body["credential"] = credential
                for path in ("/v1/games/view", "/v1/games/history"):
                    refused = post(client, path, body, 403)
                    assert refused["type"].endswith(slug) and not cards_in(refused)
            mine = post(client, "/v1/games/view", {"state": state, "seat": seat, "credential": own[seat]})
            assert mine["view"]["seat"] == seat and mine["view"]["hand"] is not None
            dealt[seat] |= set(mine["view"]["hand"])
            views[seat] = mine
        for seat in range(players):
            allowed = public | dealt[seat]
            assert cards_in(views[seat]) <= allowed
            history = post(client, "/v1/games/history", {"state": state, "seat": seat, "credential": own[seat]})
            assert cards_in(history) <= allowed
        seat = rng.choice(game["view"]["to_act"])
        legal = views[seat]["legal_actions"]
        action = rng.choice(legal) if legal and rng.random() < 0.8 else {"type": "auto", "seat": seat}
        # acting for a seat with another seat's credential is refused and changes nothing
        other = own[(seat + 1) % players]
        post(client, "/v1/games/act", {"state": state, "action": action, "credential": other}, 403)
        post(client, "/v1/games/act", {"state": state, "action": action}, 403)
        # a refused move's problem shows that seat's moves, and nothing it may not see
        unheld = next(
            c
            for c in (f"{rank}{suit}" for suit in "SHDC" for rank in sorted(RANKS))
            if c not in dealt[seat] and c not in public
        )
        refused = post(
            client,
            "/v1/games/act",
            {
                "state": state,
                "seat": seat,
                "credential": own[seat],
                "action": {"type": "play", "seat": seat, "card": unheld},
            },
            422,
        )
        assert cards_in(refused) - {unheld} <= public | dealt[seat]
        # a spectator's answer to a move shows no card that is not public
        game = post(client, "/v1/games/act", {"state": state, "action": action, "credential": own[seat]})
        assert game["view"]["hand"] is None
        public |= {
            c for e in game["events"] if e["type"] in ("cut_for_deal", "starter", "play", "show") for c in cards_in(e)
        }
        assert cards_in(game["events"]) | cards_in(game["view"]) <= public
        steps += 1


def test_a_credential_is_bound_to_its_game_and_its_seat(client: FlaskClient) -> None:
    first = post(client, "/v1/games", {"seed": 1, "dealer": 0}, 201)
    second = post(client, "/v1/games", {"seed": 1, "dealer": 0}, 201)
    assert first["view"]["game_id"] != second["view"]["game_id"]
    mine = credentials_of(first)
    # the same seat of another game, another seat, the table of another game: all refused
    for seat, credential in ((0, credentials_of(second)[0]), (0, mine[1]), (1, second["credentials"]["table"])):
        post(client, "/v1/games/view", {"state": first["state"], "seat": seat, "credential": credential}, 403)
    # a made-up credential of the right shape is refused too
    post(client, "/v1/games/view", {"state": first["state"], "seat": 0, "credential": "A" * 24}, 403)
    # the table credential is good for every seat of its own game
    for seat in (0, 1):
        post(
            client,
            "/v1/games/view",
            {"state": first["state"], "seat": seat, "credential": first["credentials"]["table"]},
        )


def test_credentials_survive_key_rotation_and_fail_under_another_key() -> None:
    old = create_app(Config(testing=True, state_keys=(TEST_STATE_KEY,))).test_client()
    rotated = create_app(Config(testing=True, state_keys=(OTHER_KEY, TEST_STATE_KEY))).test_client()
    stranger = create_app(Config(testing=True, state_keys=(OTHER_KEY,))).test_client()
    game = post(old, "/v1/games", {"seed": 3, "dealer": 0}, 201)
    body = {"state": game["state"], "seat": 0, "credential": credentials_of(game)[0]}
    post(rotated, "/v1/games/view", body)  # the old key still opens the token
    post(stranger, "/v1/games/view", body, 400)  # a key that never sealed it does not
    fresh = post(rotated, "/v1/games", {"seed": 3, "dealer": 0}, 201)
    assert fresh["credentials"]["seats"][0]["credential"] != credentials_of(game)[0]


# The rotation docs/deployment.md tells operators to make: each step's key lists, and the
# replicas that serve side by side while a rolling update moves from one step to the next.
ROTATION = {"old": (TEST_STATE_KEY,), "old,new": (TEST_STATE_KEY, OTHER_KEY)}
ROTATION |= {"new,old": (OTHER_KEY, TEST_STATE_KEY), "new": (OTHER_KEY,)}
ROLLOUTS = [("old", "old,new"), ("old,new", "new,old"), ("new,old", "new")]


def rotation_clients() -> dict[str, FlaskClient]:
    return {name: create_app(Config(testing=True, state_keys=keys)).test_client() for name, keys in ROTATION.items()}


def test_a_game_started_before_a_rotation_is_finished_after_it_with_its_first_credentials() -> None:
    clients = rotation_clients()
    # A fixed deal whose game lasts 50 moves: a random one ends inside the second rollout one time in three.
    game = post(clients["old"], "/v1/games", {"seed": 3, "dealer": 0, "seat": 0, "computer": [{"seat": 1}]}, 201)
    mine = credentials_of(game)[0]  # seat 0's credential, issued under the old key alone
    moves = 0
    while game["view"]["phase"] != "over":
        # 12 moves in each rollout, alternating between its two replicas
        pair = ROLLOUTS[min(moves // 12, len(ROLLOUTS) - 1)]
        client = clients[pair[moves % 2]]
        action = {"type": "auto", "seat": 0}
        game = post(client, "/v1/games/act", {"state": game["state"], "seat": 0, "credential": mine, "action": action})
        moves += 1
    assert moves > 36  # the game outlived the old key
    # Once the old key is dropped, the game's own credential still shows its seat and its history.
    body = {"state": game["state"], "seat": 0, "credential": mine}
    assert post(clients["new"], "/v1/games/view", body)["view"]["phase"] == "over"
    post(clients["new"], "/v1/games/history", body)
    post(clients["new"], "/v1/games/view", {**body, "credential": mine[::-1]}, 403)


@pytest.mark.parametrize("rollout", ROLLOUTS, ids=["-".join(pair) for pair in ROLLOUTS])
def test_every_replica_of_a_rollout_starts_the_same_next_game(rollout: tuple[str, str]) -> None:
    # A match's game finished under the first replica's keys: each device asks for the next game
    # by itself, and whichever replica answers, it must land at the same table.
    clients = rotation_clients()
    match = {"format": "best_of", "length": 3, "skunk_points": 1, "double_skunk_points": 1}  # never over in one game
    start = {"dealer": 0, "seat": 0, "computer": [{"seat": 1}], "match": match}
    game = post(clients[rollout[0]], "/v1/games", start, 201)
    table = game["credentials"]["table"]
    while game["view"]["phase"] != "over":
        action = {"type": "auto", "seat": 0}
        body = {"state": game["state"], "seat": 0, "credential": table, "action": action}
        game = post(clients[rollout[0]], "/v1/games/act", body)
    asked = {"state": game["state"], "seat": 0, "credential": table}
    answers = [post(clients[name], "/v1/games/next-game", asked, 201) for name in rollout]
    first, second = answers
    assert first["view"]["match"]["game"] == 2
    assert (first["view"], first["credentials"], first["legal_actions"]) == (
        second["view"],
        second["credentials"],
        second["legal_actions"],
    )
    # ...and each replica takes the credentials the other issued for it.
    for client, answer in zip((clients[rollout[1]], clients[rollout[0]]), answers, strict=True):
        seat = credentials_of(answer)[0]
        post(client, "/v1/games/view", {"state": answer["state"], "seat": 0, "credential": seat})


def test_a_state_sealed_before_games_had_their_own_secret_keeps_its_credentials() -> None:
    # Such a state's credentials were an HMAC of "<game id>:<seat>" under a secret derived from
    # the key (HMAC-SHA256 of the purpose), 18 bytes of it in url-safe base64.
    client = create_app(Config(testing=True, state_keys=(OTHER_KEY, TEST_STATE_KEY))).test_client()
    game = post(client, "/v1/games", {"dealer": 0, "seat": 0, "computer": [{"seat": 1}]}, 201)
    sealer = state_token.StateSealer((OTHER_KEY, TEST_STATE_KEY))
    data = sealer.open(game["state"])
    assert "gk" in data
    del data["gk"]
    legacy = sealer.seal(data)
    game_id = data["id"]
    secret = hmac.digest(base64.urlsafe_b64decode(TEST_STATE_KEY), b"cribbage-seat-credential-v1", "sha256")
    credential = base64.urlsafe_b64encode(hmac.digest(secret, f"{game_id}:0".encode(), "sha256")[:18]).decode()
    post(client, "/v1/games/view", {"state": legacy, "seat": 0, "credential": credential})
    post(client, "/v1/games/view", {"state": legacy, "seat": 0, "credential": credentials_of(game)[0]}, 403)
    # ...and keeps them after its moves, which seal it again.
    move = {"state": legacy, "seat": 0, "credential": credential, "action": {"type": "auto", "seat": 0}}
    for _ in range(3):
        move["state"] = post(client, "/v1/games/act", move)["state"]
    post(client, "/v1/games/view", {"state": move["state"], "seat": 0, "credential": credential})


def test_the_same_seed_deals_the_same_game_with_the_same_key_and_another_with_another() -> None:
    def hands(key: str) -> list[Json]:
        client = create_app(Config(testing=True, state_keys=(key,))).test_client()
        game = post(client, "/v1/games", {"seed": 42, "dealer": 0, "seat": 0}, 201)
        return [
            game["view"]["hand"],
            post(client, "/v1/games", {"seed": 42, "dealer": 0, "seat": 1}, 201)["view"]["hand"],
        ]

    assert hands(TEST_STATE_KEY) == hands(TEST_STATE_KEY)
    assert hands(TEST_STATE_KEY) != hands(OTHER_KEY)


def test_a_fixed_deals_game_over_the_cap_is_refused(client: FlaskClient) -> None:
    refused = post(client, "/v1/games", {"options": {"fixed_deals": 102}}, 422)
    assert refused["errors"][0]["pointer"] == "/options/fixed_deals" and "100" in refused["detail"]
    post(client, "/v1/games", {"options": {"fixed_deals": 100}}, 201)


def test_views_carry_the_game_id_and_a_rising_move_number(client: FlaskClient) -> None:
    game = post(client, "/v1/games", {"seed": 5, "dealer": 0, "seat": 1}, 201)
    table = game["credentials"]["table"]
    ids, moves = {game["view"]["game_id"]}, [game["view"]["move"]]
    for _ in range(6):
        seat = game["view"]["to_act"][0]
        game = post(
            client,
            "/v1/games/act",
            {"state": game["state"], "seat": 1, "credential": table, "action": {"type": "auto", "seat": seat}},
        )
        ids.add(game["view"]["game_id"])
        moves.append(game["view"]["move"])
    assert len(ids) == 1 and moves == list(range(7))


def test_game_answers_are_never_cached(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={"seed": 1})
    assert response.headers["Cache-Control"] == "no-store"


def test_an_expired_token_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    sealer = state_token.StateSealer((TEST_STATE_KEY,))
    token = sealer.seal({"v": 2})
    assert sealer.open(token, ttl=60) == {"v": 2}
    later = time.time() + 61
    monkeypatch.setattr(state_token.time, "time", lambda: later)
    with pytest.raises(ApiError) as expired:
        sealer.open(token, ttl=60)
    assert expired.value.status == 400 and expired.value.slug == "expired-state-token"
    assert sealer.open(token) == {"v": 2}  # without a time to live, tokens do not expire


def test_a_seat_reviews_the_finished_deals_and_nothing_of_the_one_in_progress(client: FlaskClient) -> None:
    game = post(client, "/v1/games", {"seed": 3, "dealer": 0, "seat": 0, "computer": [{"seat": 1}]}, 201)
    own = credentials_of(game)[0]
    deals_done = 0
    while game["view"]["deal"] < 3 and game["view"]["phase"] != "over":
        game = post(
            client,
            "/v1/games/act",
            {"state": game["state"], "seat": 0, "credential": own, "action": game["legal_actions"][0]},
        )
    deals_done = game["view"]["deal"] - 1
    mine = post(client, "/v1/games/history", {"state": game["state"], "seat": 0, "credential": own})
    assert [d["deal"] for d in mine["deals"]] == list(range(1, deals_done + 1))
    for deal in mine["deals"]:
        assert deal["hand"] is not None and len(deal["hand"]) == 6
        kinds = [e["type"] for e in deal["events"]]
        assert kinds[0] == "deal" and "show" in kinds  # a finished deal: dealt, played and shown
        # the other seat's discard is a count, never its cards
        assert all("cards" not in e for e in deal["events"] if e["type"] == "discard" and e["seat"] == 1)
    assert game["view"]["deal"] not in [d["deal"] for d in mine["deals"]]  # nothing of the deal in progress
    spectator = post(client, "/v1/games/history", {"state": game["state"]})
    assert all(d["hand"] is None for d in spectator["deals"])
    post(client, "/v1/games/history", {"state": game["state"], "seat": 1}, 403)


def test_no_credential_shows_the_computers_cards(client: FlaskClient) -> None:
    game = post(
        client, "/v1/games", {"seed": 3, "dealer": 0, "seat": 0, "computer": [{"seat": 1, "level": "standard"}]}, 201
    )
    assert [entry["seat"] for entry in game["credentials"]["seats"]] == [0]
    state, table = game["state"], game["credentials"]["table"]
    for credential in (table, credentials_of(game)[0]):
        refused = post(client, "/v1/games/view", {"state": state, "seat": 1, "credential": credential}, 403)
        assert refused["type"].endswith("seat-played-by-computer") and not cards_in(refused)
        refused = post(client, "/v1/games/history", {"state": state, "seat": 1, "credential": credential}, 403)
        assert refused["type"].endswith("seat-played-by-computer")
    post(client, "/v1/games/view", {"state": state, "seat": 0, "credential": table})  # the person's seat: yes
    # nor does asking for the computer's seat when the game starts
    refused = post(client, "/v1/games", {"seed": 4, "seat": 1, "computer": [{"seat": 1}]}, 422)
    assert refused["errors"][0]["pointer"] == "/seat" and not cards_in(refused)


def test_a_computer_seat_listed_twice_is_refused(client: FlaskClient) -> None:
    body = {"variant": "three_player", "seat": 0, "computer": [{"seat": 1}, {"seat": 2}, {"seat": 1}]}
    refused = post(client, "/v1/games", body, 422)
    assert refused["errors"][0]["pointer"] == "/computer/2/seat"


def test_a_server_with_a_time_to_live_refuses_old_tokens_over_http(monkeypatch: pytest.MonkeyPatch) -> None:
    config = Config.from_env(
        {"CRIBBAGE_STATE_KEYS": TEST_STATE_KEY, "CRIBBAGE_STATE_TTL": "60", "CRIBBAGE_TESTING": "true"}
    )
    client = create_app(config).test_client()
    game = post(client, "/v1/games", {"seed": 2, "dealer": 0, "seat": 0}, 201)
    body = {"state": game["state"], "seat": 0, "credential": credentials_of(game)[0]}
    post(client, "/v1/games/view", body)
    later = time.time() + 61
    monkeypatch.setattr(state_token.time, "time", lambda: later)
    expired = post(client, "/v1/games/act", {**body, "action": {"type": "auto", "seat": 0}}, 400)
    assert expired["type"].endswith("expired-state-token") and expired["errors"][0]["pointer"] == "/state"
    for path in ("/v1/games/view", "/v1/games/history"):  # shown, not played on (tests/api/test_expired.py)
        assert post(client, path, body)["expired"] is True


@pytest.mark.parametrize("value", ["0", "-5", "ten", "1.5"])
def test_a_time_to_live_that_is_not_a_positive_whole_number_stops_the_start(value: str) -> None:
    with pytest.raises(ValueError, match="CRIBBAGE_STATE_TTL must be a whole number, at least 1"):
        Config.from_env({"CRIBBAGE_STATE_TTL": value})


def test_two_phones_each_see_every_move_of_the_other_in_order(client: FlaskClient) -> None:
    """Each phone acts with its own credential and, when the other has moved, asks for its view
    with ``since_move`` (the move it last showed). The events it shows, its own answers' and the
    views', are what it would have been shown had it watched every move itself: every move's
    events as that seat sees them, in order, nothing twice and nothing missed."""
    game = post(client, "/v1/games", {"variant": "six_card", "seed": 19, "dealer": 0}, 201)
    own, table = credentials_of(game), game["credentials"]["table"]
    shown: dict[int, list[Json]] = {0: [], 1: []}
    expected: dict[int, list[Json]] = {0: [], 1: []}
    for seat in (0, 1):  # neither phone has shown anything yet: from the opening
        opening = post(
            client, "/v1/games/view", {"state": game["state"], "seat": seat, "credential": own[seat], "since_move": -1}
        )
        shown[seat] += opening["events"]
        expected[seat] += opening["events"]
        first = opening["events"][0]  # the dealer was named: no cut for the deal, the first deal
        assert first["type"] == "deal" and len(first["hand"]) == 6 and "hands" not in first
    last = {0: game["view"]["move"], 1: game["view"]["move"]}
    state = game["state"]
    rng = random.Random(5)
    while True:
        spectator = post(client, "/v1/games/view", {"state": state})
        if spectator["view"]["phase"] == "over":
            break
        mover = rng.choice(spectator["view"]["to_act"])
        other = 1 - mover
        legal = post(client, "/v1/games/view", {"state": state, "seat": mover, "credential": own[mover]})
        body = {"state": state, "action": rng.choice(legal["legal_actions"]), "seat": mover}
        for seat in (0, 1):  # the truth: the answer to this move for each seat's eyes
            expected[seat] += post(client, "/v1/games/act", {**body, "seat": seat, "credential": table})["events"]
        answer = post(client, "/v1/games/act", {**body, "credential": own[mover]})
        shown[mover] += answer["events"]
        state, last[mover] = answer["state"], answer["view"]["move"]
        caught_up = post(
            client,
            "/v1/games/view",
            {"state": state, "seat": other, "credential": own[other], "since_move": last[other]},
        )
        shown[other] += caught_up["events"]
        last[other] = caught_up["view"]["move"]
        assert last[other] == last[mover]
    assert shown[0] == expected[0] and shown[1] == expected[1]
    assert len(shown[0]) > 100
    # nothing after the last move, and no move from the future
    assert post(client, "/v1/games/view", {"state": state, "since_move": last[0]})["events"] == []
    refused = post(client, "/v1/games/view", {"state": state, "since_move": last[0] + 1}, 422)
    assert refused["errors"][0]["pointer"] == "/since_move"
    assert refused["type"].endswith(":state-behind") and refused["move"] == last[0]


def test_a_server_may_refuse_client_seeds() -> None:
    config = Config.from_env({"CRIBBAGE_STATE_KEYS": TEST_STATE_KEY, "CRIBBAGE_CLIENT_SEEDS": "off"})
    client = create_app(config).test_client()
    refused = post(client, "/v1/games", {"seed": 7}, 422)
    assert refused["errors"][0]["pointer"] == "/seed" and "CRIBBAGE_CLIENT_SEEDS" in refused["detail"]
    post(client, "/v1/games", {}, 201)  # without a seed: dealt from the server's own
