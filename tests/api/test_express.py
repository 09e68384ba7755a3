"""The express lane (``service/api/http/express.py``) answers exactly as Flask does.

Two apps with the same key, one with the lane and one without, get the same raw WSGI
requests: ordinary ones (which the lane must answer itself) and every kind of unusual one
(which it must hand to Flask). Status, headers and body must be the same bytes; game tokens
are sealed deterministically so the bodies compare too. The expectations are Flask's own
answers: the lane may add nothing and lose nothing.
"""

from __future__ import annotations

import io
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Config
from service.api.http.express import ENVIRON_ROUTE, EXPRESS
from tests.support.keys import TEST_STATE_KEY
from tests.support.openapi_examples import deterministic_games

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [rank + suit for rank in RANKS for suit in "CDHS"]
JSON = "application/json"


@pytest.fixture(scope="module")
def apps() -> Iterator[tuple[Flask, Flask]]:
    with deterministic_games():
        config = Config(
            testing=True,
            state_keys=(TEST_STATE_KEY,),
            cors_origins=("https://app.example",),
            access_log=False,
            metrics=False,
        )
        yield create_app(config), create_app(Config(**{**config.__dict__, "express": False}))


def environ(
    method: str,
    path: str,
    body: bytes = b"",
    content_type: str | None = JSON,
    query: str = "",
    headers: dict[str, str] | None = None,
    length: bool = True,
) -> dict[str, Any]:
    env: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_X_REQUEST_ID": "fixed-request-id",
    }
    if length:
        env["CONTENT_LENGTH"] = str(len(body))
    else:
        env["wsgi.input_terminated"] = True  # a de-chunked stream, as gunicorn hands it over
    if content_type is not None:
        env["CONTENT_TYPE"] = content_type
    for name, value in (headers or {}).items():
        env["HTTP_" + name.upper().replace("-", "_")] = value
    return env


def call(app: Flask, env: dict[str, Any]) -> tuple[str, list[tuple[str, str]], bytes, bool]:
    """Status, headers, body, and whether the express lane answered."""
    if isinstance(env["wsgi.input"], io.BytesIO) and type(env["wsgi.input"]) is io.BytesIO:
        env = {**env, "wsgi.input": io.BytesIO(env["wsgi.input"].getvalue())}
    started: list[Any] = []
    result = app.wsgi_app(env, lambda status, headers, exc_info=None: started.extend((status, headers)))
    try:
        body = b"".join(result)
    finally:
        getattr(result, "close", lambda: None)()
    return started[-2], list(started[-1]), body, ENVIRON_ROUTE in env


def same_answer(apps: tuple[Flask, Flask], env: dict[str, Any]) -> bool:
    """Assert both apps answer ``env`` alike; return whether the lane answered it (only ever a 200)."""
    lane, flask = apps
    status, headers, body, expressed = call(lane, env)
    want_status, want_headers, want_body, flask_expressed = call(flask, env)
    assert not flask_expressed
    assert (status, headers) == (want_status, want_headers)
    assert body == want_body
    assert not expressed or status == "200 OK"
    return expressed


def hand_bodies(seed: int, n: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = [{"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}]
    for _ in range(n):
        cards = rng.sample(DECK, 5)
        body: dict[str, Any] = {"hand": cards[:4], "starter": cards[4]}
        if rng.random() < 0.3:
            body["crib"] = rng.random() < 0.5
        if rng.random() < 0.3:
            body["claimed"] = rng.randint(0, 29)
            body["muggins"] = rng.random() < 0.5
        if rng.random() < 0.1:
            body["variant"] = "five_card"
            body["hand"] = cards[:3]
        out.append(body)
    return out


def dumps(value: Any) -> bytes:
    return json.dumps(value).encode()


def test_the_lane_serves_exactly_the_operations_it_names(apps: tuple[Flask, Flask]) -> None:
    rules = {rule.endpoint: rule.rule for rule in apps[0].url_map.iter_rules()}
    assert sorted(rules[e] for e in EXPRESS) == ["/v1/games/act", "/v1/hands/score", "/v1/pegging/score"]


@pytest.mark.parametrize("seed", range(3))
def test_ordinary_hand_scores_take_the_lane_with_flasks_answer(apps: tuple[Flask, Flask], seed: int) -> None:
    taken = [same_answer(apps, environ("POST", "/v1/hands/score", dumps(body))) for body in hand_bodies(seed, 60)]
    assert sum(taken) >= 50  # the rest: claims the rules refuse, a 422 from Flask


@pytest.mark.parametrize("language", ["sv", "de-DE, en;q=0.5", "da", "nl", "fr", "*", "xx;q=oops", ""])
def test_languages_take_the_lane(apps: tuple[Flask, Flask], language: str) -> None:
    body = dumps({"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"})
    assert same_answer(apps, environ("POST", "/v1/hands/score", body, headers={"Accept-Language": language}))


@pytest.mark.parametrize("accept", ["*/*", JSON])
def test_accepting_json_takes_the_lane(apps: tuple[Flask, Flask], accept: str) -> None:
    body = dumps({"hand": ["2S", "7H", "9D", "KC"], "starter": "4C"})
    assert same_answer(apps, environ("POST", "/v1/hands/score", body, headers={"Accept": accept}))


def pegging_bodies(seed: int, n: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        deck = rng.sample(DECK, 52)
        pile: list[str] = []
        count = 0
        for card in deck[: rng.randint(0, 6)]:
            value = min(10, RANKS.index(card[:-1]) + 1)
            if count + value <= 31:
                pile.append(card)
                count += value
        out.append({"pile": pile, "card": next(c for c in deck if c not in pile)})  # some over 31: a 422
    return out


def test_pegging_cards_alike_and_the_valid_ones_take_the_lane(apps: tuple[Flask, Flask]) -> None:
    taken = [same_answer(apps, environ("POST", "/v1/pegging/score", dumps(body))) for body in pegging_bodies(7, 80)]
    assert any(taken) and not all(taken)  # the cards that fit took the lane; a count over 31 went to Flask


def game_moves(app: Flask, seed: int) -> list[dict[str, Any]]:
    """Every move of a whole game between people (table credential), and some refused ones."""
    client = app.test_client()
    game = client.post("/v1/games", json={"variant": "six_card", "seed": seed, "seat": 0}).get_json()
    table = game["credentials"]["table"]
    seat_0 = game["credentials"]["seats"][0]["credential"]
    bodies: list[dict[str, Any]] = []
    while game["view"]["phase"] != "over" and len(bodies) < 400:
        seat = game["view"]["turn"]
        seen = client.post("/v1/games/view", json={"state": game["state"], "seat": seat, "credential": table})
        legal = seen.get_json()["legal_actions"]
        body = {"state": game["state"], "action": legal[-1], "seat": seat, "credential": table}
        bodies.append(body)
        if len(bodies) % 25 == 1:  # refused: another seat's credential, no credential, a changed token
            bodies.append({**body, "credential": seat_0} if seat else {**body, "credential": "x" * 24})
            bodies.append({key: value for key, value in body.items() if key != "credential"})
            bodies.append({**body, "state": body["state"][:-4] + "AAAA"})
            bodies.append({**body, "action": {**legal[-1], "seat": (seat + 1) % 2}})
        if len(bodies) % 10 == 2:  # caught up from an earlier move, from the opening, or from one to come
            move = game["view"]["move"]
            bodies += [{**body, "since_move": move // 2}, {**body, "since_move": -1}, {**body, "since_move": move + 1}]
        game = client.post("/v1/games/act", json=body).get_json()
    return bodies


def test_game_moves_alike_and_the_legal_ones_take_the_lane(apps: tuple[Flask, Flask]) -> None:
    with deterministic_games():
        bodies = game_moves(apps[1], seed=11)
        taken = [same_answer(apps, environ("POST", "/v1/games/act", dumps(body))) for body in bodies]
    assert sum(taken) >= 80 and not all(taken)


HAND = dumps({"hand": ["2S", "7H", "9D", "KC"], "starter": "4C"})

UNUSUAL = {
    "a query (lang)": environ("POST", "/v1/hands/score", HAND, query="lang=sv"),
    "a bad query": environ("POST", "/v1/hands/score", HAND, query="lang=xx"),
    "Accept: text/csv": environ("POST", "/v1/hands/score", HAND, headers={"Accept": "text/csv"}),
    "Accept: application/*": environ("POST", "/v1/hands/score", HAND, headers={"Accept": "application/*"}),
    "Accept: text/html, application/json;q=0.1": environ(
        "POST", "/v1/hands/score", HAND, headers={"Accept": "text/html, application/json;q=0.1"}
    ),
    "a charset": environ("POST", "/v1/hands/score", HAND, content_type="application/json; charset=utf-8"),
    "a latin-1 charset": environ("POST", "/v1/hands/score", HAND, content_type="application/json; charset=latin-1"),
    "a content coding": environ("POST", "/v1/hands/score", HAND, headers={"Content-Encoding": "gzip"}),
    "a +json type": environ("POST", "/v1/hands/score", HAND, content_type="application/vnd.cribbage+json"),
    "text/plain": environ("POST", "/v1/hands/score", HAND, content_type="text/plain"),
    "no content type": environ("POST", "/v1/hands/score", HAND, content_type=None),
    "chunked": environ("POST", "/v1/hands/score", HAND, length=False),
    "too large": environ("POST", "/v1/hands/score", b" " * (64 * 1024 + 1) + HAND),
    "malformed JSON": environ("POST", "/v1/hands/score", b'{"hand": ['),
    "empty body": environ("POST", "/v1/hands/score", b""),
    "not an object": environ("POST", "/v1/hands/score", b"[1, 2]"),
    "deep nesting": environ("POST", "/v1/hands/score", b"[" * 40 + b"]" * 40),
    "a contract violation": environ("POST", "/v1/hands/score", dumps({"hand": ["5S"], "starter": "ZZ"})),
    "an unknown field": environ("POST", "/v1/hands/score", dumps({"hand": ["5S"], "starter": "5C", "x": 1})),
    "a repeated card": environ("POST", "/v1/hands/score", dumps({"hand": ["5S", "5S", "5D", "JC"], "starter": "5C"})),
    "a CORS origin": environ("POST", "/v1/hands/score", HAND, headers={"Origin": "https://app.example"}),
    "a foreign origin": environ("POST", "/v1/hands/score", HAND, headers={"Origin": "https://evil.example"}),
    "a preflight": environ(
        "OPTIONS",
        "/v1/hands/score",
        b"",
        content_type=None,
        headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST"},
    ),
    "GET": environ("GET", "/v1/hands/score", b"", content_type=None),
    "HEAD": environ("HEAD", "/v1/pegging/score", b"", content_type=None),
    "a trailing slash": environ("POST", "/v1/hands/score/", HAND),
    "a pegging count over 31": environ("POST", "/v1/pegging/score", dumps({"pile": ["KS", "KH", "KD"], "card": "2C"})),
    "a game token not ours": environ(
        "POST", "/v1/games/act", dumps({"state": "bm90IG91cnM", "action": {"type": "auto", "seat": 0}, "seat": 0})
    ),
    "an unknown action": environ("POST", "/v1/games/act", dumps({"state": "x", "action": {"type": "fly"}})),
    "a game token not base64": environ(
        "POST", "/v1/games/act", dumps({"state": "not base64!", "action": {"type": "auto", "seat": 0}, "seat": 0})
    ),
    "no game token": environ("POST", "/v1/games/act", dumps({"action": {"type": "auto", "seat": 0}, "seat": 0})),
}


@pytest.mark.parametrize("case", UNUSUAL)
def test_unusual_requests_go_to_flask(apps: tuple[Flask, Flask], case: str) -> None:
    assert not same_answer(apps, UNUSUAL[case])


def test_a_failing_read_is_flasks_to_answer(apps: tuple[Flask, Flask]) -> None:
    class Broken(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            raise ConnectionResetError("the client went away")

    answers = []
    for app in apps:
        env = environ("POST", "/v1/hands/score", HAND)
        env["wsgi.input"] = Broken()
        status, _, body, _ = call(app, env)
        answers.append((status, json.loads(body)["type"]))
    assert answers[0] == answers[1]
    assert answers[0][0].startswith("400")


def test_the_lanes_requests_are_logged_and_counted_under_their_route(
    apps: tuple[Flask, Flask], capfd: pytest.CaptureFixture[str]
) -> None:
    from service.api.config import Config as Settings

    app = create_app(Settings(state_keys=(TEST_STATE_KEY,)))
    status, _, _, expressed = call(app, environ("POST", "/v1/hands/score", HAND))
    assert expressed and status == "200 OK"
    lines = [json.loads(line) for line in capfd.readouterr().out.splitlines() if '"service.access"' in line]
    assert lines[-1]["route"] == "/v1/hands/score" and lines[-1]["path"] == "/v1/hands/score"
    assert lines[-1]["request_id"] == "fixed-request-id" and lines[-1]["status"] == 200


def test_the_lane_can_be_turned_off() -> None:
    assert Config.from_env({}).express and not Config.from_env({"CRIBBAGE_EXPRESS": "false"}).express
