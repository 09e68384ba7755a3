"""Scale-out: two gunicorn instances that share one state key, behind nginx round robin, on loopback.

nginx runs the production proxy configuration, ``deploy/nginx/cribbage.conf`` (see
``tests/support/proxy.py``), with the two instances as its upstream.

The service keeps no state of its own (a game's state travels with the client as a sealed
token), so any instance holding the key can take the next move. Here a whole game is played
through nginx with every move answered by the other instance than the one before (nginx
reports the upstream in ``X-Upstream``), and a token sealed by a third instance with another
key is refused, as a 4xx, by the pair.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.api.state_token import generate_key
from tests.support.proxy import Nginx
from tests.support.servers import LOOPBACK, Gunicorn, call

pytestmark = pytest.mark.system

MAX_STEPS = 5000  # a six-card game to 121 takes a few hundred actions; this only bounds a bug


@pytest.fixture(scope="module")
def keys() -> tuple[str, str]:
    return generate_key(), generate_key()


@pytest.fixture(scope="module")
def cluster(keys: tuple[str, str], output_dir: Path) -> Iterator[tuple[Nginx, Gunicorn, Gunicorn]]:
    logs = output_dir / "logs"
    shared = {"CRIBBAGE_STATE_KEYS": keys[0]}
    with (
        Gunicorn(workers=1, env=shared, name="instance-a", log_dir=logs) as a,
        Gunicorn(workers=1, env=shared, name="instance-b", log_dir=logs) as b,
        Nginx((f"{LOOPBACK}:{a.port}", f"{LOOPBACK}:{b.port}"), logs, expose_upstream=True) as nginx,
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
