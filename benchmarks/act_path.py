"""Where a game move's CPU goes, part by part, beside a hand score's: ``POST /v1/games/act``.

    python -m benchmarks.act_path               # parts, then whole requests: 7 alternating rounds
    python -m benchmarks.act_path --callgrind   # whole requests: instructions, under valgrind

The moves are recorded from whole six-card games between people (every move one seat's first
legal action, with the table credential), then replayed: each part of the request path alone
(best of the rounds, per move, CPU time), then whole requests straight into the WSGI app as
gunicorn calls it, operations layer on, against ``POST /v1/hands/score`` (the 29 hand) in
alternating rounds, with the ratio per round. The callgrind form counts the instructions of
the same whole requests (repeatable on a busy machine). The target: a move at most
1.3 times a hand score's CPU.
"""

from __future__ import annotations

import argparse
import functools
import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from benchmarks import ops_cost
from service.api import seats
from service.api.app import create_app
from service.api.config import Config
from service.api.loading import loader
from service.api.state_token import StateSealer, generate_key
from service.api.wire.games import GameRequest, game_response
from service.core.computer.play import apply
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import Action
from service.core.game.events import numbered_for
from service.core.game.views import view_with_moves

HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}


def the_action(request: GameRequest) -> Action:
    assert request.action is not None  # an act request has one
    return request.action


def record_moves(client: Any, games: int) -> list[dict[str, Any]]:
    bodies = []
    for seed in range(games):
        game = client.post("/v1/games", json={"variant": "six_card", "seed": seed, "seat": 0}).get_json()
        table = game["credentials"]["table"]
        while game["view"]["phase"] != "over":
            seat = game["view"]["turn"]
            seen = client.post("/v1/games/view", json={"state": game["state"], "seat": seat, "credential": table})
            body = {
                "state": game["state"],
                "action": seen.get_json()["legal_actions"][0],
                "seat": seat,
                "credential": table,
            }
            bodies.append(body)
            game = client.post("/v1/games/act", json=body).get_json()
    return bodies


def per_item_us(fn: Callable[[Any], Any], items: list[Any], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for item in items:
            fn(item)
        best = min(best, time.process_time() - start)
    return best / len(items) * 1e6


def recorded(games: int) -> tuple[str, Any, list[dict[str, Any]]]:
    """A fresh key, an app without the operations layer's outputs, and the moves of ``games`` games."""
    logging.disable(logging.CRITICAL)
    key = generate_key()
    app = create_app(Config(state_keys=(key,), access_log=False, metrics=False))
    return key, app, record_moves(app.test_client(), games)


def parts(games: int, rounds: int) -> tuple[str, list[dict[str, Any]]]:
    key, app, bodies = recorded(games)
    raw = [orjson.dumps(body) for body in bodies]
    sealer = StateSealer((key,))
    with app.app_context():
        opened = [sealer.open(body["state"]) for body in bodies]
        load_act = loader("ActRequest")  # the contract's defaults (a move has none), then the wire loader
        requests = [load_act(body) for body in bodies]
        states = [decode_state(data, sealed=True) for data in opened]
        applied = [apply(state, the_action(request)) for state, request in zip(states, requests, strict=True)]
        answers = [(after, events, request.seat) for (after, events), request in zip(applied, requests, strict=True)]
        steps: list[tuple[str, Callable[[Any], Any], list[Any]]] = [
            ("parse the body (orjson)", lambda r: orjson.loads(r), raw),
            ("load the move (ActRequest's loader)", load_act, bodies),
            ("open the token (AES-GCM-SIV, orjson)", lambda b: sealer.open(b["state"]), bodies),
            ("rebuild the state (decode_state, sealed)", lambda d: decode_state(d, sealed=True), opened),
            (
                "check the credential (the game's secret, the HMAC)",
                lambda sdr: seats.authorize(
                    sdr[0], seats.GameSecret.of(sdr[1]), (sdr[2].seat, sdr[2].action.seat), sdr[2].credential
                ),
                list(zip(states, opened, requests)),
            ),
            ("the move (engine.apply)", lambda sr: apply(sr[0], the_action(sr[1])), list(zip(states, requests))),
            ("the view and moves (view_with_moves)", lambda a: view_with_moves(a[0], a[2]), answers),
            ("the events for the viewer (numbered_for)", lambda a: numbered_for(a[1], a[2]), answers),
            ("write the state (encode_state)", lambda a: encode_state(a[0]), answers),
            ("seal it (orjson, AES-GCM-SIV)", lambda a: sealer.seal(encode_state(a[0])), answers),
            (
                "encode the answer (game_response)",
                lambda a: game_response(view_with_moves(a[0], a[2]), "token", numbered_for(a[1], a[2])),
                answers,
            ),
        ]
        print(f"POST /v1/games/act, {len(bodies)} recorded six-card moves: CPU per move, best of {rounds}")
        for label, fn, items in steps:
            print(f"  {label:<46}{per_item_us(fn, items, rounds):8.1f} us")
    return key, bodies


def whole_requests(bodies: list[dict[str, Any]], key: str, rounds: int) -> None:
    """Whole requests straight into the WSGI app (the environ gunicorn would build), with the
    operations layer as in production (access line written to a file, metrics on): a round
    replays every recorded move, then as many hand scores, CPU time each."""
    with ops_cost.production_like_outputs():
        app = ops_cost.build("all", (key,))
        moves = [ops_cost.environ("POST", "/v1/games/act", body) for body in bodies]
        for env in moves[:50]:  # warm up (the same moves again below: a move is a pure function)
            ops_cost.one_request(app, env)
            env["wsgi.input"].seek(0)
        ratios, acts, scores = [], [], []
        for _ in range(rounds):
            for env in moves:
                env["wsgi.input"].seek(0)
            scoring = [ops_cost.environ("POST", "/v1/hands/score", HAND_29) for _ in moves]
            start = time.process_time()
            for env in moves:
                ops_cost.one_request(app, env)
            act = (time.process_time() - start) / len(moves) * 1e6
            start = time.process_time()
            for env in scoring:
                ops_cost.one_request(app, env)
            score = (time.process_time() - start) / len(scoring) * 1e6
            acts.append(act)
            scores.append(score)
            ratios.append(act / score)
    print(f"whole requests into the WSGI app, operations layer on (CPU us a request), {rounds} alternating rounds:")
    for number, (act, score, ratio) in enumerate(zip(acts, scores, ratios, strict=True), 1):
        print(f"  round {number}: act {act:7.1f}  score {score:7.1f}  ratio {ratio:.2f}")
    print(
        f"  median: act {statistics.median(acts):.1f}  score {statistics.median(scores):.1f}  "
        f"ratio {statistics.median(ratios):.2f} (target: at most 1.3)"
    )


_TOTAL = re.compile(rb"^(?:summary|totals):\s*(\d+)", re.MULTILINE)


def counted_run(route: str, games: int) -> None:
    """One callgrind run (internal): record and warm up uninstrumented, then switch
    instrumentation on and send every request inside ``functools.reduce``."""
    key, _, bodies = recorded(games)
    with ops_cost.production_like_outputs():
        app = ops_cost.build("all", (key,))
        if route == "act":
            environs = [ops_cost.environ("POST", "/v1/games/act", body) for body in bodies]
        else:
            environs = [ops_cost.environ("POST", "/v1/hands/score", HAND_29) for _ in bodies]
        for env in environs[:50]:
            ops_cost.one_request(app, env)
            env["wsgi.input"].seek(0)
        subprocess.run(
            ["callgrind_control", "--instr=on", str(os.getpid())],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        functools.reduce(lambda _, env: ops_cost.one_request(app, env), environs, None)
    print(len(environs))  # to the parent (valgrind talks on stderr)


def instructions(route: str, games: int) -> tuple[int, int]:
    """Instructions callgrind counts for one route's requests, and how many requests."""
    with tempfile.TemporaryDirectory(prefix="act-path-cg-") as work:
        out = Path(work) / "callgrind.out"
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                "--dump-line=no",
                "--instr-atstart=no",
                "--collect-atstart=no",
                "--toggle-collect=functools_reduce",
                sys.executable,
                "-m",
                "benchmarks.act_path",
                "--count-route",
                route,
                "--games",
                str(games),
            ],
            check=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            cwd=Path(__file__).resolve().parents[1],
        )
        match = _TOTAL.search(out.read_bytes())
        assert match, "no totals in the callgrind output"
        return int(match.group(1)), int(done.stdout.strip().splitlines()[-1])


def callgrind(games: int) -> None:
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    act, moves = instructions("act", games)
    score, scores = instructions("score", games)
    print(
        f"whole requests into the WSGI app, operations layer on: instructions a request (callgrind, "
        f"{moves} moves, {scores} hand scores)"
    )
    print(
        f"  act {act / moves:,.0f}  score {score / scores:,.0f}  ratio {act / moves / (score / scores):.2f} "
        "(target: at most 1.3)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="six-card games whose moves are replayed (default 5)")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (default 7)")
    parser.add_argument("--callgrind", action="store_true", help="count instructions under valgrind instead")
    parser.add_argument("--count-route", choices=("act", "score"), help=argparse.SUPPRESS)  # internal
    args = parser.parse_args()
    if args.count_route:
        counted_run(args.count_route, args.games)
    elif args.callgrind:
        callgrind(args.games)
    else:
        key, bodies = parts(args.games, args.rounds)
        whole_requests(bodies, key, args.rounds)


if __name__ == "__main__":
    main()
