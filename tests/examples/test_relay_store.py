"""The relay's parts in one process: its SQLite store and its bounds, with a stand-in service.

The stand-in answers as the service would for the fields the relay reads (``view.move``,
``view.game_id``, ``state``); the whole protocol against the real service is in test_relay.py.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from examples.relay import app as relay_app
from examples.relay.settings import Settings
from examples.relay.store import Store
from examples.relay.upstream import Answer, Upstream

CREDENTIAL = "A" * 24


def test_a_move_lands_only_on_the_move_it_was_made_on(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite3")
    assert store.create("g", 0, "S0")
    assert not store.create("g", 0, "other")  # a second creation keeps the first
    assert store.advance("g", 0, 1, "S1")
    assert not store.advance("g", 0, 1, "S1'")  # made on move 0 too: the game has moved on
    assert not store.advance("gone", 0, 1, "S")
    game = store.get("g")
    assert game is not None and (game.move, game.state) == (1, "S1")


def test_the_store_is_bounded_by_count_and_by_age(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite3", max_games=3, max_age=3600)
    for name in "abc":
        store.create(name, 0, "S")
    store.advance("a", 0, 1, "S1")  # a moved last: b is now the least recently moved
    store.create("d", 0, "S")
    assert store.count() == 3 and store.get("b") is None and store.get("a") is not None
    aged = Store(tmp_path / "r.sqlite3", max_games=3, max_age=0.05)
    time.sleep(0.1)
    aged.create("e", 0, "S")
    assert aged.count() == 1 and aged.get("e") is not None


def test_a_game_kept_already_prunes_nothing_and_linking_a_next_game_is_no_move(tmp_path: Path) -> None:
    # A late device's next-game call used to push out another live game, and kept the finished one
    # before the live next game it links to.
    store = Store(tmp_path / "r.sqlite3", max_games=3, max_age=3600)
    for name in ("friends", "finished", "next"):
        assert store.create(name, 0, "S")
        time.sleep(0.01)
    assert not store.create("next", 0, "S")  # kept already: no one pushed out
    assert store.count() == 3 and store.get("friends") is not None
    store.link_next("finished", "next")
    store.advance("friends", 0, 1, "S1")
    store.create("new", 0, "S")  # the least recently moved goes: the finished game, not its next one
    assert store.get("finished") is None and store.get("next") is not None


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FlaskClient:
    """The relay with a stand-in service whose every answer lands one move on from the request's."""
    return stand_in(tmp_path, monkeypatch, Settings(database=str(tmp_path / "relay.sqlite3"), max_streams=1,
                                                    heartbeat_seconds=0.05, stream_seconds=0.2))  # fmt: skip


def stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Settings) -> FlaskClient:

    def post(self: Upstream, path: str, body: dict[str, Any], language: str | None, lang: str | None) -> Answer:
        if path == "/v1/games":
            return Answer(201, {"view": {"game_id": "g1", "move": 0}, "state": "S0", "credentials": {"seats": []}},
                          "application/json", "en")  # fmt: skip
        moved = int(body["state"][1:]) + 1
        return Answer(200, {"view": {"game_id": "g1", "move": moved}, "state": f"S{moved}"}, "application/json", "en")

    monkeypatch.setattr(Upstream, "post", post)
    app = relay_app.create_app(settings)
    test_client = app.test_client()
    assert test_client.post("/relay/games", json={}).status_code == 201
    return test_client


def test_a_move_that_another_one_overtakes_during_its_forward_does_not_land(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store = Store(tmp_path / "relay.sqlite3")
    forward = Upstream.post

    def overtaken(self: Upstream, *args: Any) -> Answer:
        assert store.advance("g1", 0, 1, "S1")  # another move lands while this one is at the service
        return forward(self, *args)

    monkeypatch.setattr(Upstream, "post", overtaken)
    body = {"move": 0, "seat": 0, "credential": CREDENTIAL, "action": {"type": "auto", "seat": 0}}
    refused = client.post("/relay/games/g1/act", json=body)
    assert refused.status_code == 409 and refused.get_json()["move"] == 1
    game = store.get("g1")
    assert game is not None and game.state == "S1"  # the other move's state, not this one's


def test_a_next_game_started_and_forgotten_is_not_started_again(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Started again it would come back at its first move with the same deals: a take-back.
    store = Store(tmp_path / "relay.sqlite3")
    store.link_next("g1", "g2")  # g2 was started from g1, then pushed out of a full table
    body = {"seat": 0, "credential": CREDENTIAL}
    refused = client.post("/relay/games/g1/next-game", json=body)
    assert refused.status_code == 404 and "forgotten" in refused.get_json()["detail"]


@pytest.mark.parametrize(
    "body", [b'{"seat": NaN}', b'{"seat": Infinity, "credential": "x"}', b'{"seat": -Infinity}', b'{"seat": 1e400}']
)
def test_nan_and_infinity_are_not_json_here_either(client: FlaskClient, body: bytes) -> None:
    refused = client.post("/relay/games/g1/view", data=body, content_type="application/json")
    assert refused.status_code == 400 and refused.get_json()["type"].endswith("bad-request")


def test_a_service_that_answers_garbage_is_unreachable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a cut or garbled answer is the service not answering (a 502 an app retries), not the relay's error
    import http.client
    import urllib.request

    def garbled(*args: Any, **kwargs: Any) -> Any:
        raise http.client.BadStatusLine("not HTTP")

    app = relay_app.create_app(Settings(database=str(tmp_path / "relay.sqlite3"), service_url="http://10.9.8.7:1"))
    monkeypatch.setattr(urllib.request, "urlopen", garbled)
    refused = app.test_client().post("/relay/games", json={})
    assert refused.status_code == 502 and refused.get_json()["type"].endswith("service-unreachable")
    assert "10.9.8.7" not in refused.get_json()["detail"]  # the service's address stays in the relay's log


def test_event_streams_are_bounded_and_end(client: FlaskClient) -> None:
    first = client.get("/relay/games/g1/events", buffered=False)
    assert first.status_code == 200
    second = client.get("/relay/games/g1/events")
    assert second.status_code == 503 and second.get_json()["type"].endswith("too-many-streams")
    assert second.headers["Retry-After"] == "5"
    text = b"".join(first.iter_encoded()).decode()  # ends after stream_seconds, a heartbeat between
    assert text.startswith("retry: 2000\n\n") and text.count("event: moved") == 1 and ": still here" in text
    first.close()
    again = client.get("/relay/games/g1/events", buffered=False)
    assert again.status_code == 200  # the slot was given back
    again.close()


def test_one_game_holds_at_most_its_own_share_of_the_streams(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(database=str(tmp_path / "relay.sqlite3"), max_streams=3, max_game_streams=2,
                        heartbeat_seconds=0.05, stream_seconds=0.2)  # fmt: skip
    client = stand_in(tmp_path, monkeypatch, settings)
    assert Store(tmp_path / "relay.sqlite3").create("g2", 0, "S0")
    two = [client.get("/relay/games/g1/events", buffered=False) for _ in range(2)]
    assert [response.status_code for response in two] == [200, 200]
    third = client.get("/relay/games/g1/events")  # two of three slots: g1's share is taken
    assert third.status_code == 503 and third.get_json()["type"].endswith("too-many-streams")
    other = client.get("/relay/games/g2/events", buffered=False)
    assert other.status_code == 200  # another game still gets the last slot
    assert client.get("/relay/games/g2/events").status_code == 503  # g2 has a share left, but no slot is
    two[0].close()
    again = client.get("/relay/games/g1/events", buffered=False)
    assert again.status_code == 200  # a closed stream gave its slot back, to its game and in all
    for response in (two[1], again, other):
        response.close()
