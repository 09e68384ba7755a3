"""Two devices play through the relay of examples/relay, each with its own seat and credential.

The service and the relay run as they do after ``make run`` and ``make relay`` (gunicorn on
loopback, :mod:`tests.examples.conftest`). Each test client is one phone: it keeps its seat, its
credential, the last move it showed and every event it showed, and learns that the game moved
as the relay's event stream would tell it (the stream itself is checked on its own below).
Expectations come from the relay's rules (a move lands only on the latest state, one of two at
once) and from the service's own answers for the seat (every event shown once, in order).
"""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.relay import Running, assert_kept_nowhere

Json = dict[str, Any]
ROOT = Path(__file__).resolve().parents[2]
STALE = "urn:cribbage-relay:problem:stale-move"


class Device:
    """One phone: what it has shown (by move number) and the latest move it has been told of."""

    def __init__(self, http: httpx.Client, game_id: str, link: str) -> None:
        fragment = dict(part.split("=", 1) for part in link.split("#", 1)[1].split("&"))
        assert fragment["relay"] == game_id
        self.http, self.game_id = http, game_id
        self.seat, self.credential = int(fragment["seat"]), fragment["credential"]
        self.shown = -1  # the move of the last answer shown
        self.latest = 0  # the latest move the relay told of
        self.events: list[Json] = []
        self.answer: Json = {}

    def post(self, operation: str, body: Json) -> httpx.Response:
        return self.http.post(f"/relay/games/{self.game_id}/{operation}", json=body)

    def own(self) -> Json:
        return {"seat": self.seat, "credential": self.credential}

    def show(self, answer: Json) -> None:
        """Animate what was not shown yet (by move number), then the view."""
        self.events += [event for event in answer.get("events", []) if event["move"] > self.shown]
        self.shown = self.latest = answer["view"]["move"]
        self.answer = answer

    def catch_up(self) -> Json:
        response = self.post("view", {**self.own(), "since_move": self.shown})
        assert response.status_code == 200, response.text
        self.show(response.json())
        return self.answer

    def peek(self) -> Json:
        """The view and legal actions now, with no events: nothing is shown."""
        response = self.post("view", self.own())
        assert response.status_code == 200 and "events" not in response.json()
        answer: Json = response.json()
        return answer

    def act(self, action: Json) -> httpx.Response:
        body = {**self.own(), "move": self.latest, "since_move": self.shown, "action": action}
        response = self.post("act", body)
        if response.status_code == 200:
            self.show(response.json())
        return response


def start(http: httpx.Client, body: Json, moved: int = 0) -> tuple[str, dict[int, Device]]:
    """A game created at the relay (``moved``: the computer's moves made when it is created)."""
    response = http.post("/relay/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    assert set(created) == {"game_id", "move", "seats"} and created["move"] == moved
    devices = {entry["seat"]: Device(http, created["game_id"], entry["link"]) for entry in created["seats"]}
    assert sorted(devices) == [0, 1]
    return created["game_id"], devices


@pytest.fixture
def http(relay: Running) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=relay.url, timeout=30) as client:
        yield client


def discard(first: Device, second: Device) -> None:
    """Both seats may throw: ``first`` throws; ``second``, not told yet, throws on the state it knew
    (refused: stale), then on the latest one the refusal names, saying what it last showed."""
    first.catch_up()
    assert first.act(first.answer["legal_actions"][0]).status_code == 200
    throw = second.peek()["legal_actions"][0]
    refused = second.act(throw)
    assert refused.status_code == 409 and refused.headers["content-type"] == "application/problem+json"
    assert refused.json()["type"] == STALE and refused.json()["move"] == first.shown
    second.latest = refused.json()["move"]
    landed = second.act(throw)
    assert landed.status_code == 200, landed.text
    # what it missed, then its own throw: the other's throw is a count only
    theirs = [event for event in second.events if event["type"] == "discard" and event["seat"] == first.seat]
    assert theirs[-1] == {"type": "discard", "seat": first.seat, "count": 2, "move": first.shown}
    assert {"type": "discard", "seat": second.seat, "cards": throw["cards"], "move": second.shown} in second.events
    first.latest = second.shown  # the stream tells it


def test_two_devices_play_a_whole_game_through_the_relay(relay: Running, http: httpx.Client) -> None:
    _, devices = start(http, {"variant": "six_card"})
    view = devices[0].catch_up()["view"]
    moves = 0
    while view["phase"] != "over":
        assert moves < 400
        if view["phase"] == "discard" and not any(view["discarded"]):
            # the seat that is not first in to_act throws first: the order at the table is free
            discard(devices[view["to_act"][-1]], devices[view["to_act"][0]])
            mover = devices[view["to_act"][0]]
        else:
            mover = devices[view["turn"]]
            answer = mover.catch_up()
            assert answer["legal_actions"], answer["view"]
            response = mover.act(answer["legal_actions"][0])
            assert response.status_code == 200, response.text
        for device in devices.values():
            device.latest = mover.shown  # what the event stream tells every device
        view = mover.answer["view"]
        moves += 1
    for seat, device in devices.items():
        device.catch_up()
        whole = device.post("view", {**device.own(), "since_move": -1}).json()
        assert device.events == whole["events"]  # every event shown once, in order, as this seat sees it
        assert device.answer["view"]["phase"] == "over" and device.answer["view"]["hand"] is not None
        for event in device.events:
            if event["type"] == "discard" and event["seat"] != seat:
                assert "cards" not in event  # the other seat's throw is never shown
    assert_kept_nowhere(relay, [device.credential for device in devices.values()])


def test_two_people_and_the_computer_play_through_the_relay(relay: Running, http: httpx.Client) -> None:
    """A relay game may give seats to the computer: the links are the people's only (the service hands out no
    credential for a computer seat), and the service plays the computer's moves within each answer."""
    _, devices = start(
        http,
        {"variant": "three_player", "computer": [{"seat": 2, "level": "easy"}], "options": {"target": 61}},
        moved=1,
    )  # fmt: skip (the computer has thrown)
    for moves in range(600):  # noqa: B007 (the count is checked after the loop)
        answers = {seat: device.catch_up() for seat, device in devices.items()}
        if answers[0]["view"]["phase"] == "over":
            break
        seat = next(seat for seat, answer in answers.items() if answer["legal_actions"])
        response = devices[seat].act(answers[seat]["legal_actions"][0])
        assert response.status_code == 200, response.text
    assert answers[0]["view"]["phase"] == "over" and moves < 600
    played = {event["seat"] for event in devices[0].events if event["type"] == "play"}
    assert played == {0, 1, 2}  # the computer's cards came in the answers
    assert_kept_nowhere(relay, [device.credential for device in devices.values()])


def test_a_move_on_an_older_state_is_refused(relay: Running, http: httpx.Client) -> None:
    game_id, devices = start(http, {"variant": "six_card", "dealer": 1})
    pone, dealer = devices[0], devices[1]
    pone.catch_up()
    assert pone.act(pone.answer["legal_actions"][0]).status_code == 200  # move 1
    dealer.catch_up()
    assert dealer.act(dealer.answer["legal_actions"][0]).status_code == 200  # move 2: the cut
    pone.catch_up()
    play = pone.answer["legal_actions"][0]
    pone.latest = 1  # a retry from an older state: refused whatever the move
    refused = pone.act(play)
    assert refused.status_code == 409
    assert refused.json() == {
        "type": STALE,
        "title": "The game has moved on since that state",
        "status": 409,
        "detail": "the latest move is 2",
        "game_id": game_id,
        "move": 2,
    }
    assert pone.peek()["view"]["move"] == 2  # nothing moved
    pone.latest = 3  # nor is a state from the future taken
    assert pone.act(play).status_code == 409


@pytest.mark.parametrize("same_seat", [False, True], ids=["both-seats", "double-tap"])
def test_of_two_moves_at_once_only_one_lands(relay: Running, http: httpx.Client, same_seat: bool) -> None:
    for _ in range(4):
        _, devices = start(http, {"variant": "six_card"})
        senders = [devices[0], devices[0]] if same_seat else [devices[0], devices[1]]
        throws = [device.peek()["legal_actions"][0] for device in senders]
        barrier = threading.Barrier(2)
        statuses: list[int] = []
        threads = [threading.Thread(target=send, args=(*pair, barrier, statuses)) for pair in zip(senders, throws)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(statuses) == [200, 409]
        after = devices[1].peek()["view"]
        assert after["move"] == 1 and after["discarded"].count(True) == 1


def send(device: Device, throw: Json, barrier: threading.Barrier, statuses: list[int]) -> None:
    """Throw at move 0 as soon as the other thread is ready to throw too."""
    barrier.wait()
    statuses.append(device.post("act", {**device.own(), "move": 0, "action": throw}).status_code)


@contextlib.contextmanager
def stream(relay: Running, game_id: str) -> Iterator[queue.Queue[tuple[str, Json]]]:
    """Read a game's event stream in a thread: each ``(event, data)`` onto the queue; the reader
    hangs up at the next line (a heartbeat comes every second here) once the block ends."""
    received: queue.Queue[tuple[str, Json]] = queue.Queue()
    done = threading.Event()

    def read() -> None:
        with (
            httpx.Client(base_url=relay.url, timeout=30) as client,
            client.stream("GET", f"/relay/games/{game_id}/events") as response,
        ):
            assert response.headers["content-type"].startswith("text/event-stream")
            name = ""
            for line in response.iter_lines():
                if done.is_set():
                    return
                if line.startswith("event: "):
                    name = line.removeprefix("event: ")
                elif line.startswith("data: "):
                    received.put((name, json.loads(line.removeprefix("data: "))))

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    try:
        yield received
    finally:
        done.set()
        thread.join(timeout=10)


def test_the_other_device_is_told_and_a_match_goes_on(relay: Running, http: httpx.Client) -> None:
    game_id, devices = start(http, {"variant": "six_card", "match": {"format": "best_of", "length": 3}})
    with stream(relay, game_id) as told:  # device 1 watches
        watched(relay, http, game_id, devices, told)


def watched(relay: Running, http: httpx.Client, game_id: str, devices: dict[int, Device],
            told: queue.Queue[tuple[str, Json]]) -> None:  # fmt: skip
    assert told.get(timeout=10) == ("moved", {"game_id": game_id, "move": 0})  # where the game is, at once
    devices[0].catch_up()
    assert devices[0].act(devices[0].answer["legal_actions"][0]).status_code == 200
    assert told.get(timeout=10) == ("moved", {"game_id": game_id, "move": 1})  # the game id and move, nothing else
    credentials = [device.credential for device in devices.values()]

    winners = []
    for game in range(3):
        loser = devices[game % 2]  # seat 0 concedes the first game, seat 1 the second, seat 0 the third
        loser.catch_up()
        conceded = loser.act({"type": "concede", "seat": loser.seat})
        assert conceded.status_code == 200 and conceded.json()["view"]["phase"] == "over"
        winners.append(conceded.json()["view"]["winner"])
        if game == 0:
            assert told.get(timeout=10) == ("moved", {"game_id": game_id, "move": loser.shown})
        first, second = loser, devices[1 - loser.seat]
        following = first.post("next-game", first.own())
        if game == 2:  # two games to one: the match is over, as the service says
            assert following.status_code == 422 and following.json()["type"].endswith("match-over")
            break
        assert following.status_code == 201, following.text
        answer = following.json()
        assert "state" not in answer
        next_id = answer["view"]["game_id"]
        assert next_id != first.game_id and answer["view"]["move"] == 0
        assert [entry["seat"] for entry in answer["credentials"]["seats"]] == [first.seat]  # its own only
        assert "table" not in answer["credentials"] or answer["credentials"]["table"] is None
        if game == 0:
            assert told.get(timeout=10) == ("next-game", {"game_id": game_id, "next_game_id": next_id})
        # the first device moves on in the new game before the second has asked for it
        first_new = Device(http, next_id, f"/play#relay={next_id}&seat={first.seat}&credential=x")
        first_new.credential = answer["credentials"]["seats"][0]["credential"]
        first_new.catch_up()
        assert first_new.act(first_new.answer["legal_actions"][0]).status_code == 200
        # the second device asks with its own credential: the same game, still where it stands
        joined = second.post("next-game", second.own())
        assert joined.status_code == 201 and joined.json()["view"]["game_id"] == next_id
        assert [entry["seat"] for entry in joined.json()["credentials"]["seats"]] == [second.seat]
        second_new = Device(http, next_id, f"/play#relay={next_id}&seat={second.seat}&credential=x")
        second_new.credential = joined.json()["credentials"]["seats"][0]["credential"]
        assert second_new.catch_up()["view"]["move"] == 1  # the relay kept the moved-on state
        assert joined.json()["view"]["move"] == 1  # and its answer is the game where it stands, not its start
        assert [e["move"] for e in joined.json()["events"]][-1] == 1  # with the events that lead there
        devices = {first.seat: first_new, second.seat: second_new}
        devices[0].latest = devices[1].latest = 1
        credentials += [first_new.credential, second_new.credential]
    assert winners == [1, 0, 1]
    assert_kept_nowhere(relay, credentials)


def test_the_relays_own_refusals_are_problems(relay: Running, http: httpx.Client) -> None:
    game_id, devices = start(http, {"variant": "six_card"})
    own = devices[0].own()

    def refused(response: httpx.Response, status: int, slug: str) -> Json:
        assert response.status_code == status, response.text
        assert response.headers["content-type"] == "application/problem+json"
        body: Json = response.json()
        assert body["type"] == "urn:cribbage-relay:problem:" + slug and body["status"] == status
        return body

    refused(http.post("/relay/games/nosuchgame/view", json=own), 404, "not-found")
    refused(http.post(f"/relay/games/{game_id}/record", json=own), 404, "not-found")
    refused(http.get(f"/relay/games/{game_id}/act"), 405, "method-not-allowed")
    refused(http.post(f"/relay/games/{game_id}/view", content=b"seat=0", headers={"content-type": "text/plain"}),
            415, "not-json")  # fmt: skip
    refused(http.post(f"/relay/games/{game_id}/view", json={"seat": 0, "credential": "x" * 20 + "!"}), 400,
            "bad-request")  # fmt: skip
    wrong = refused(http.post(f"/relay/games/{game_id}/act", json={**own, "move": "0", "state": "s"}), 400,
                    "bad-request")  # fmt: skip
    assert wrong["errors"] == ["/state: not a field here", "/move: not a valid move", "/action: required"]
    assert own["credential"] not in json.dumps(wrong)
    refused(http.post("/relay/games", json={"variant": "six_card", "seed": 1}), 422, "seed-refused")
    # nested past any body the service takes: a 400, whether the parser gives up (1,200 deep) or not (40 deep)
    json_type = {"content-type": "application/json"}
    for deep in (
        b"[" * 1200,
        b'{"a":' * 1200,
        json.dumps({**own, "action": json.loads("[" * 40 + "]" * 40)}).encode(),
    ):
        for path in ("/relay/games", f"/relay/games/{game_id}/view", f"/relay/games/{game_id}/act"):
            refused(http.post(path, content=deep, headers=json_type), 400, "bad-request")
    refused(http.post(f"/relay/games/{game_id}/view", json={**own, "pad": "x" * 20_000}), 413, "body-too-large")
    # the same body sent in chunks (no length said): refused too, not cut at the limit and taken
    chunks = iter([json.dumps({"variant": "six_card"}).encode(), b" " * 20_000])
    refused(http.post("/relay/games", content=chunks, headers=json_type), 413, "body-too-large")
    # and chunks whose framing is broken are the client's fault, not a 500
    with socket.create_connection(("127.0.0.1", relay.port), timeout=10) as sock:
        sock.sendall(b"POST /relay/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")  # fmt: skip
        head = sock.recv(65536).split(b"\r\n")[0]
    assert head.split()[1] == b"400", head
    # the service's own refusals pass through as the service gave them
    wrong_seat = http.post(f"/relay/games/{game_id}/view", json={**own, "seat": 1})
    assert wrong_seat.status_code == 403 and wrong_seat.json()["type"].startswith("urn:cribbage:problem:")
    headers = http.get("/healthz").headers
    assert headers["cache-control"] == "no-store" and headers["x-content-type-options"] == "nosniff"


def test_the_relay_takes_whole_numbers_written_with_a_point_as_the_service_does(
    relay: Running, http: httpx.Client
) -> None:
    # JSON Schema counts 1.0 as the integer 1, and so does the service: a seat 0.0 or a
    # since_move of -1.0 are the same requests as 0 and -1; 0.5 is still no seat.
    game_id, devices = start(http, {"variant": "six_card"})
    own = devices[0].own()
    plain = http.post(f"/relay/games/{game_id}/view", json={**own, "since_move": -1})
    pointed = http.post(f"/relay/games/{game_id}/view", json={**own, "seat": float(own["seat"]), "since_move": -1.0})
    assert plain.status_code == pointed.status_code == 200, pointed.text
    assert pointed.json() == plain.json()
    half = http.post(f"/relay/games/{game_id}/view", json={**own, "seat": 0.5})
    assert half.status_code == 400 and half.json()["errors"] == ["/seat: not a valid seat"]


def test_the_relay_serves_the_page_in_its_two_device_mode(relay: Running, http: httpx.Client) -> None:
    from service.api.http.security import PLAY_POLICY

    start_page = http.get("/play")
    assert start_page.status_code == 302 and start_page.headers["location"] == "/play/index.html#relay=new"
    in_swedish = http.get("/play?lang=sv&fast=1&other=x")  # the page's language (and pace) kept, nothing else
    assert in_swedish.headers["location"] == "/play/index.html?lang=sv&fast=1#relay=new"
    for name, kind in (("index.html", "text/html"), ("app.js", "text/javascript"), ("relay.js", "text/javascript")):
        response = http.get(f"/play/{name}")
        assert response.status_code == 200 and response.headers["content-type"].startswith(kind)
        original = (ROOT / "service" / "play" / name).read_bytes()
        if name == "index.html":  # the index is marked as a relay's, one line after its charset
            marked = original.replace(b"<meta charset=\"utf-8\">\n", b"<meta charset=\"utf-8\">\n"
                                      b"<meta name=\"play-origin\" content=\"relay\">\n", 1)  # fmt: skip
            assert marked != original and response.content == marked
        else:
            assert response.content == original
        assert response.headers["content-security-policy"] == PLAY_POLICY  # as the service sends it
    for missing in ("nothing.js", "__init__.py", "..%2Fapp.py", ".hidden.js"):
        assert http.get(f"/play/{missing}").status_code == 404
