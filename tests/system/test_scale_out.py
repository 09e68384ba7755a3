"""Scale-out: two gunicorn instances that share one state key, behind nginx round robin, on loopback.

nginx runs the production proxy configuration, ``deploy/nginx/cribbage.conf`` (see
``tests/support/proxy.py``), with the two instances as its upstream.

The service keeps no state of its own (a game's state travels with the client as a sealed
token), so any instance holding the key can take the next move. Here a whole game is played
through nginx with every move answered by the other instance than the one before (nginx
reports the upstream in ``X-Upstream``), and a token sealed by a third instance with another
key is refused, as a 4xx, by the pair.

A key rotation, as docs/deployment.md tells it (``old``; ``old,new``; ``new,old``; the
state TTL; ``new``), is rolled through both instances one at a time while players play whole
matches through nginx and a worker is killed every few seconds (as an out-of-memory kill or a
crash would): every match started before, during and after it is finished, no request ends in a
5xx or a 4xx (a request whose answer a kill cut short is sent again, as a client should, and so is
one the proxy answered 503 ``not-ready``, after its Retry-After: at most one in a thousand), and
the next game of a match is the same from both instances, whatever keys each holds at the time. The figures go to ``test-output/rotation.json``.
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from service.api.state_token import generate_key
from tests.support.proxy import Nginx
from tests.support.servers import LOOPBACK, Gunicorn, call, free_port

pytestmark = pytest.mark.system

MAX_STEPS = 5000  # a six-card game to 121 takes a few hundred actions; this only bounds a bug


@pytest.fixture(scope="module")
def keys() -> tuple[str, str]:
    return generate_key(), generate_key()


@pytest.fixture(scope="module")
def cluster(keys: tuple[str, str], output_dir: Path) -> Iterator[tuple[Nginx, Gunicorn, Gunicorn]]:
    logs = output_dir / "logs" / "scale-out"
    shared = {"CRIBBAGE_STATE_KEYS": keys[0]}
    with (
        Gunicorn(workers=1, env=shared, name="instance-a", log_dir=logs) as a,
        Gunicorn(workers=1, env=shared, name="instance-b", log_dir=logs) as b,
        # A whole game played as fast as a loop can: faster than any person, past the per-client limit.
        Nginx((f"{LOOPBACK}:{a.port}", f"{LOOPBACK}:{b.port}"), logs, expose_upstream=True, rate="10000r/s") as nginx,
    ):
        yield nginx, a, b


@pytest.fixture(scope="module")
def stranger(keys: tuple[str, str], output_dir: Path) -> Iterator[Gunicorn]:
    """An instance with a different key: not part of the pair."""
    with Gunicorn(
        workers=1, env={"CRIBBAGE_STATE_KEYS": keys[1]}, name="instance-other-key", log_dir=output_dir / "logs"
    ) as other:
        yield other


def test_nginx_alternates_between_the_two_instances(cluster: tuple[Nginx, Gunicorn, Gunicorn]) -> None:
    nginx, a, b = cluster
    upstreams = [call(nginx.url, "/healthz")[1]["X-Upstream"] for _ in range(6)]
    assert set(upstreams) == {f"{LOOPBACK}:{a.port}", f"{LOOPBACK}:{b.port}"}
    assert all(first != second for first, second in itertools.pairwise(upstreams))


def test_request_ids_pass_through_nginx(cluster: tuple[Nginx, Gunicorn, Gunicorn]) -> None:
    nginx, _, _ = cluster
    assert (
        call(nginx.url, "/healthz", headers={"X-Request-ID": "client-chosen-1"})[1]["X-Request-ID"] == "client-chosen-1"
    )
    generated = call(nginx.url, "/healthz")[1]["X-Request-ID"]
    assert len(generated) == 32 and int(generated, 16) >= 0  # nginx's $request_id, honoured by the service


def play(base: str, first: dict[str, Any], seed: int) -> tuple[dict[str, Any], list[str]]:
    """Play from ``first`` to the end as a front-end would for a player at seat 0 against
    the computer: seat 0 chooses among its ``legal_actions`` (at random, seeded), the other
    seats are asked to move by themselves (``auto``). Returns the last answer and the upstream
    that answered each move."""
    chooser = random.Random(seed)
    result = first
    upstreams: list[str] = []
    for _ in range(MAX_STEPS):
        view = result["view"]
        if view["phase"] == "over":
            return result, upstreams
        if 0 in view["to_act"] and result["legal_actions"]:
            action = chooser.choice(result["legal_actions"])
        else:
            action = {"type": "auto", "seat": view["to_act"][0]}
        status, headers, result = call(
            base,
            "/v1/games/act",
            {"state": result["state"], "action": action, "seat": 0, "credential": first["credentials"]["table"]},
        )
        assert status == 200, result
        upstreams.append(headers["X-Upstream"])
    raise AssertionError(f"no end after {MAX_STEPS} actions")


def test_a_whole_game_alternates_between_instances(cluster: tuple[Nginx, Gunicorn, Gunicorn]) -> None:
    nginx, a, b = cluster
    status, _, created = call(nginx.url, "/v1/games", {"variant": "six_card", "seed": 20261130, "seat": 0})
    assert status == 201, created
    final, upstreams = play(nginx.url, created, seed=7)
    assert final["view"]["phase"] == "over"
    assert final["view"]["winner"] in (0, 1)
    assert max(side["front"] for side in final["view"]["pegs"]) >= 121
    assert len(upstreams) > 50  # a real game, not a stub
    assert set(upstreams) == {f"{LOOPBACK}:{a.port}", f"{LOOPBACK}:{b.port}"}
    # Every move was answered by the other instance than the move before it.
    assert all(first != second for first, second in itertools.pairwise(upstreams))


def test_a_token_sealed_with_another_key_is_refused(
    cluster: tuple[Nginx, Gunicorn, Gunicorn], stranger: Gunicorn
) -> None:
    nginx, _, _ = cluster
    status, _, foreign = call(stranger.url, "/v1/games", {"variant": "six_card", "seed": 5, "seat": 0})
    assert status == 201, foreign
    move = {
        "state": foreign["state"],
        "action": foreign["legal_actions"][0],
        "seat": 0,
        "credential": foreign["credentials"]["table"],
    }
    # The stranger itself accepts its own token...
    assert call(stranger.url, "/v1/games/act", move)[0] == 200
    # ...but neither instance of the pair does, whichever nginx picks.
    for _ in range(2):
        status, headers, problem = call(nginx.url, "/v1/games/act", move)
        assert 400 <= status < 500, (status, problem)
        assert headers["Content-Type"].startswith("application/problem+json")
        assert problem["status"] == status
    # And the other way round: a token of the pair means nothing to the stranger.
    status, _, ours = call(nginx.url, "/v1/games", {"variant": "six_card", "seed": 6, "seat": 0})
    assert status == 201
    status, _, problem = call(
        stranger.url,
        "/v1/games/act",
        {
            "state": ours["state"],
            "action": ours["legal_actions"][0],
            "seat": 0,
            "credential": ours["credentials"]["table"],
        },
    )
    assert 400 <= status < 500, (status, problem)


# --- a key rotation across the two replicas, under load ---------------------------------------

TTL = 10  # CRIBBAGE_STATE_TTL of the rotation's replicas: the wait before the old key is dropped
PLAYERS = 4
KILL_EVERY = 3.0  # seconds between worker kills during the rotation
RESENDS = 2  # times a player sends a request again whose answer never came whole
# A match that one game never ends (a skunk scores a single match point), so each has a next game.
BEST_OF_3 = {"format": "best_of", "length": 3, "skunk_points": 1, "double_skunk_points": 1}


@dataclass
class Tally:
    """What the players saw: requests sent, faults (a 5xx or no answer), and each match started,
    with the phase of the rotation it started in and whether both of its games were finished."""

    requests: int = 0
    faults: list[str] = field(default_factory=list)
    started: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # 4xx: a game the rotation lost
    resent: int = 0  # requests sent again after an answer cut short or a lost connection
    waited: int = 0  # requests sent again after the proxy's 503 not-ready and its Retry-After
    next_games_across: int = 0  # next games asked of both replicas, and the same from both
    lock: threading.Lock = field(default_factory=threading.Lock)


class Player:
    """A person's device at seat 0 against the computer, through the proxy: matches of two
    games, the moves by ``auto`` with the seat's own credential (not the table's), and the next
    game asked of both replicas (it must be the same)."""

    def __init__(self, base: str, tally: Tally, phase: list[str], stop: threading.Event) -> None:
        self.base, self.tally, self.phase, self.stop = base, tally, phase, stop

    def send(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
        """One request, sent again (as docs/client-guide.md tells a client) when its answer never
        came whole (a worker killed while answering cuts the answer nginx had begun to pass on),
        or after ``Retry-After`` (at most 2 s here) when the proxy says no instance answered (503
        ``not-ready``: both of its tries met a replica going down or a killed worker)."""
        for attempt in range(RESENDS + 1):
            try:
                status, headers, answer = call(self.base, path, body)
            except (OSError, http.client.HTTPException) as error:
                status, headers, answer = 0, {}, f"{type(error).__name__}: {error}"
                if attempt < RESENDS:
                    with self.tally.lock:
                        self.tally.resent += 1
                continue
            not_ready = status == 503 and isinstance(answer, dict) and str(answer.get("type")).endswith(":not-ready")
            if not (not_ready and attempt < RESENDS):
                break
            with self.tally.lock:
                self.tally.waited += 1
            time.sleep(min(float(headers.get("Retry-After", "1")), 2.0))
        with self.tally.lock:
            self.tally.requests += 1
            if status == 0 or status >= 500:
                self.tally.faults.append(f"{path} {status} {answer}"[:300])
            elif status >= 400:
                self.tally.refused.append(f"{path} {status} {answer}"[:300])
        return status, headers, answer

    def finish(self, game: dict[str, Any], credential: str) -> dict[str, Any] | None:
        while game["view"]["phase"] != "over":
            body = {"state": game["state"], "seat": 0, "credential": credential, "action": {"type": "auto", "seat": 0}}
            status, _, game = self.send("/v1/games/act", body)
            if status != 200:
                return None
        return game

    def next_game(self, finished: dict[str, Any], credential: str) -> dict[str, Any] | None:
        """The next game, asked until both replicas have answered (at most 8 times): the same."""
        answers: dict[str, dict[str, Any]] = {}
        for _ in range(8):
            body = {"state": finished["state"], "seat": 0, "credential": credential}
            status, headers, answer = self.send("/v1/games/next-game", body)
            if status != 201:
                return None
            answers[headers["X-Upstream"]] = answer
            if len(answers) == 2:
                break
        seen = [(a["view"], a["credentials"], a["legal_actions"]) for a in answers.values()]
        assert all(other == seen[0] for other in seen), "two replicas started different next games"
        if len(answers) == 2:
            with self.tally.lock:
                self.tally.next_games_across += 1
        return next(iter(answers.values()))

    def play_match(self) -> None:
        phase = self.phase[0]
        start = {"variant": "six_card", "seat": 0, "computer": [{"seat": 1}], "match": BEST_OF_3}
        status, _, game = self.send("/v1/games", start)
        if status != 201:
            return
        with self.tally.lock:
            self.tally.started.append(phase)
        mine = game["credentials"]["seats"][0]["credential"]
        first = self.finish(game, mine)
        second = first and self.next_game(first, mine)
        done = second and self.finish(second, second["credentials"]["seats"][0]["credential"])
        if done:
            with self.tally.lock:
                self.tally.finished.append(phase)

    def run(self) -> None:
        while not self.stop.is_set():
            self.play_match()


class WorkerKiller(threading.Thread):
    """Faults under the rotation: every ``KILL_EVERY`` seconds, SIGKILL the worker of one replica
    (each in turn) and wait for its master to start another. A request the worker was answering
    is sent by nginx to the other replica (``proxy_next_upstream error non_idempotent``: every
    operation is safe to repeat). ``swapping`` is held while a replica is being replaced, and
    after a kill until the new worker answers, so a kill never meets a rolling step (with both
    replicas down at once nothing could answer)."""

    def __init__(self, replicas: list[Gunicorn], swapping: threading.Lock, stop: threading.Event) -> None:
        super().__init__()
        self.replicas, self.swapping, self.stop, self.kills = replicas, swapping, stop, 0
        self.failed = ""  # what went wrong in this thread, for the test's own thread to assert

    def run(self) -> None:
        try:
            self.kill_in_turn()
        except BaseException as error:  # an assertion here would only end the thread
            self.failed = f"{type(error).__name__}: {error}"

    def kill_in_turn(self) -> None:
        for turn in itertools.count():
            if self.stop.wait(KILL_EVERY):
                return
            with self.swapping:
                replica = self.replicas[turn % 2]
                (worker,) = replica.worker_pids()
                os.kill(worker, signal.SIGKILL)
                self.kills += 1
                deadline = time.monotonic() + 30
                while replica.worker_pids() in ([], [worker]):
                    assert time.monotonic() < deadline, f"{replica.name} started no worker after a kill"
                    time.sleep(0.05)
                # and until that worker answers: a rolling step that took the other replica down
                # while this one's worker still booted would leave nothing to answer for a moment
                while not answers(f"http://{LOOPBACK}:{replica.port}"):
                    assert time.monotonic() < deadline, f"{replica.name}'s new worker never answered"
                    time.sleep(0.05)


def answers(base: str) -> bool:
    try:
        return call(base, "/healthz")[0] == 200
    except OSError:
        return False


def routed_to(nginx: Nginx, replica: Gunicorn, timeout: float = 30) -> None:
    """Wait until nginx sends a request to ``replica`` (the new one answers on the old one's port;
    with ``max_fails=0`` nginx never leaves it out): a rolling update's readiness gate."""
    deadline = time.monotonic() + timeout
    while call(nginx.url, "/healthz")[1]["X-Upstream"] != f"{LOOPBACK}:{replica.port}":
        assert time.monotonic() < deadline, f"nginx sends nothing to {replica.name}"
        time.sleep(0.1)


def test_a_key_rotation_across_both_replicas_under_load_loses_no_game(output_dir: Path) -> None:
    """The rotation of docs/deployment.md, step by step, as a rolling update replaces one replica
    at a time while players play whole matches through the proxy and workers are killed: every
    match started before, during and after it is finished, and no request fails."""
    old, new = generate_key(), generate_key()
    steps = [f"{old}", f"{old},{new}", f"{new},{old}", f"{new}"]
    logs = output_dir / "logs" / "rotation"
    ports = [free_port(), free_port()]

    def replica(index: int, step: int) -> Gunicorn:
        env = {"CRIBBAGE_STATE_KEYS": steps[step], "CRIBBAGE_STATE_TTL": str(TTL), "CRIBBAGE_ACCESS_LOG": "false"}
        env["GUNICORN_BIND"] = f"{LOOPBACK}:{ports[index]}"
        return Gunicorn(workers=1, env=env, name=f"replica-{'ab'[index]}-step-{step}", log_dir=logs).start()

    replicas = [replica(0, 0), replica(1, 0)]
    tally, phase, stop = Tally(), ["before"], threading.Event()
    swapping = threading.Lock()
    killer = WorkerKiller(replicas, swapping, stop)
    began = time.monotonic()
    try:
        # Many players from one address: the per-client limit is raised for them.
        with Nginx(tuple(f"{LOOPBACK}:{port}" for port in ports), logs, expose_upstream=True, rate="10000r/s") as nginx:
            players = [threading.Thread(target=Player(nginx.url, tally, phase, stop).run) for _ in range(PLAYERS)]
            for thread in [*players, killer]:
                thread.start()
            time.sleep(5)
            phase[0] = "during"
            for step in (1, 2, 3):
                if step == 3:
                    time.sleep(TTL + 1)  # every token sealed with the old key has expired
                for index in (0, 1):
                    with swapping:
                        replicas[index].stop()
                        replicas[index] = replica(index, step)
                        routed_to(nginx, replicas[index])
            phase[0] = "after"
            time.sleep(5)
            stop.set()
            for thread in [*players, killer]:
                thread.join(timeout=120)
    finally:
        stop.set()
        for server in replicas:
            server.stop()
    figures = {
        "seconds": round(time.monotonic() - began, 1),
        "requests": tally.requests,
        "workers_killed": killer.kills,
        "resent": tally.resent,
        "sent_again_after_503": tally.waited,
        "faults": len(tally.faults),
        "refused": len(tally.refused),
        "matches": {p: [tally.started.count(p), tally.finished.count(p)] for p in ("before", "during", "after")},
        "lost": len(tally.started) - len(tally.finished),
        "next_games_from_both_replicas": tally.next_games_across,
    }
    (output_dir / "rotation.json").write_text(json.dumps(figures, indent=2) + "\n")
    assert not tally.faults, tally.faults[:5]
    assert tally.waited <= max(3, tally.requests // 1000), figures  # a rare meeting, not a gap in the rollout
    assert not tally.refused, tally.refused[:5]
    assert sorted(tally.finished) == sorted(tally.started), figures
    assert all(started > 0 for started, _ in figures["matches"].values()), figures
    assert tally.next_games_across > 0, figures
    assert killer.kills >= 5 and not killer.failed, (killer.failed, figures)
