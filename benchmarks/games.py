"""``POST /v1/games/act`` in-process: latency over whole games, and the size of the state token.

    python -m benchmarks.games              # 20 games per variant
    python -m benchmarks.games --games 100
    python -m benchmarks.games --answers                      # act answers' sizes, the move's CPU
    python -m benchmarks.games --answers --versus /tmp/before # beside another checkout's
    python -m benchmarks.games --numbering                    # what numbering the events costs

Each game is played through the Flask test client (the whole request path: JSON, the
contract check, opening and checking the token, the engine, the view, sealing, the response)
with a configured key, from seeds 0..N-1. Two drivers:

* ``explicit``: the client sends the first legal action of the seat to act (the view is for
  that seat), so the time is the service's own: what a front-end's moves cost.
* ``auto``: ``{type: auto}`` for the seat to act, so the time includes the computer player
  (exact discard expectations, pegging one reply deep).

Printed per variant and driver: requests, p50 / p90 / p99 / max in ms, and the token's mean
and max size in bytes. Then the core alone (no HTTP) for the explicit driver.

``--answers`` measures what a phone receives and what a move costs: the size of every
``/v1/games/act`` answer over whole games (median and p90 in bytes; two people moving in turn,
the view for the seat that moved, and one person against the computer's seats with ``auto``),
and the CPU of a move, the explicit moves sent again through the WSGI app (express lane and
operations layer as configured) in alternating rounds beside the bare Flask app's trivial POST
(:mod:`benchmarks.bare_app`, the yardstick of every benchmark here). ``--versus DIR`` runs the
same measurement in a second process whose ``service`` is imported from another checkout
(``git archive`` of an older commit, say), the two processes alternating round by round, and
prints both side by side: the median of the per-round ratios after/before, raw and in bare
units.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from service.api.app import create_app
from service.api.config import Config
from service.api.state_token import StateSealer, generate_key
from service.core.computer.play import apply, new_game
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import current_player, legal_actions
from service.core.rules import resolve

VARIANTS = ("six_card", "five_card", "three_player", "four_player")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_http(client: Any, variant: str, seed: int, driver: str) -> tuple[list[float], list[int]]:
    times: list[float] = []
    sizes: list[int] = []
    game = client.post("/v1/games", json={"variant": variant, "seed": seed, "seat": 0}).get_json()
    table = game["credentials"]["table"]  # one device plays every seat
    sizes.append(len(game["state"]))
    while game["view"]["phase"] != "over":
        seat = game["view"]["turn"]
        if driver == "auto":
            body = {"state": game["state"], "action": {"type": "auto", "seat": seat}, "seat": seat, "credential": table}
        else:
            view = client.post(
                "/v1/games/view", json={"state": game["state"], "seat": seat, "credential": table}
            ).get_json()
            body = {"state": game["state"], "action": view["legal_actions"][0], "seat": seat, "credential": table}
        start = time.perf_counter()
        response = client.post("/v1/games/act", json=body)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.get_json()
        game = response.get_json()
        sizes.append(len(game["state"]))
    return times, sizes


def play_core(variant: str, seed: int, sealer: StateSealer) -> list[float]:
    """Open, check, apply, seal: the core and the token without HTTP."""
    state, _ = new_game(resolve(variant), seed)
    token = sealer.seal(encode_state(state))
    times = []
    while True:
        start = time.perf_counter()
        state = decode_state(sealer.open(token))
        if state.over:
            break
        state, _ = apply(state, legal_actions(state, current_player(state))[0])
        token = sealer.seal(encode_state(state))
        times.append(time.perf_counter() - start)
    return times


# --- answers: sizes and the move's CPU, beside the bare app and another checkout ---------------------


def _environ(path: str, body: bytes) -> dict[str, Any]:
    return {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }


def _send(app: Any, path: str, body: bytes) -> bytes:
    status: list[str] = []
    out = b"".join(app(_environ(path, body), lambda code, headers, exc_info=None: status.append(code)))
    assert status[0].startswith("2"), (status, out[:300])
    return out


def _answers_games(app: Any, games: int) -> tuple[list[bytes], list[int], list[int]]:
    """Whole games of every variant: the bodies of the explicit moves (two people in turn, the
    view for the seat that moves), and the size of every act answer of that driver and of one
    person playing ``auto`` against the computer's seats."""
    bodies: list[bytes] = []
    sizes: dict[str, list[int]] = {"people": [], "computer": []}
    for variant in VARIANTS:
        players = resolve(variant).players
        for seed in range(games):
            for driver in sizes:
                computer = [{"seat": s, "level": "standard"} for s in range(1, players)] if driver == "computer" else []
                start = {"variant": variant, "seed": seed, "seat": 0, "computer": computer}
                game = json.loads(_send(app, "/v1/games", json.dumps(start).encode()))
                table = game["credentials"]["table"]
                while game["view"]["phase"] != "over":
                    seat = game["view"]["turn"]
                    if driver == "computer":
                        action = {"type": "auto", "seat": seat}
                    else:
                        seen = {"state": game["state"], "seat": seat, "credential": table}
                        action = json.loads(_send(app, "/v1/games/view", json.dumps(seen).encode()))["legal_actions"][0]
                    body = json.dumps({"state": game["state"], "action": action, "seat": seat, "credential": table})
                    answer = _send(app, "/v1/games/act", body.encode())
                    sizes[driver].append(len(answer))
                    if driver == "people":
                        bodies.append(body.encode())
                    game = json.loads(answer)
    return bodies, sizes["people"], sizes["computer"]


def answers_worker(games: int, key: str) -> None:
    """One checkout's side of ``--answers``: the sizes, then one CPU round per line read (the
    same ``key`` on both sides: the same seeds deal the same games)."""
    import logging

    from benchmarks.bare_app import create_app as create_bare

    app = create_app(Config(state_keys=(key,), log_level="WARNING", access_log=False)).wsgi_app
    logging.getLogger("service.access").disabled = True
    bare = create_bare().wsgi_app
    bodies, people, computer = _answers_games(app, games)
    trivial = json.dumps({"a": 1, "b": [1, 2, 3]}).encode()
    print(json.dumps({"people": people, "computer": computer, "moves": len(bodies)}), flush=True)
    for _ in sys.stdin:
        start = time.process_time()
        for body in bodies:
            _send(app, "/v1/games/act", body)
        move = (time.process_time() - start) / len(bodies) * 1e6
        start = time.process_time()
        for _ in bodies:
            _send(bare, "/bare", trivial)
        yardstick = (time.process_time() - start) / len(bodies) * 1e6
        print(json.dumps({"move": move, "bare": yardstick}), flush=True)


def _spawn(tree: Path, games: int, key: str) -> subprocess.Popen[str]:
    """A worker whose ``service`` (and ``benchmarks.bare_app``) come from ``tree``."""
    code = (
        f"import sys, runpy; sys.path.insert(0, {str(tree)!r}); "
        f"sys.argv = ['games', '--worker', '--games', '{games}', '--key', {key!r}]; runpy.run_path({__file__!r}, run_name='__main__')"
    )
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def answers(games: int, rounds: int, versus: Path | None) -> None:
    here = Path(__file__).resolve().parents[1]
    trees = {"this": here} if versus is None else {"before": versus.resolve(), "after": here}
    key = generate_key()
    workers = {name: _spawn(tree, games, key) for name, tree in trees.items()}
    sized = {name: json.loads(worker.stdout.readline()) for name, worker in workers.items()}  # type: ignore[union-attr]
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in workers}
    for _ in range(rounds):
        for name, worker in workers.items():
            worker.stdin.write("round\n")  # type: ignore[union-attr]
            worker.stdin.flush()  # type: ignore[union-attr]
            rows[name].append(json.loads(worker.stdout.readline()))  # type: ignore[union-attr]
    for worker in workers.values():
        worker.stdin.close()  # type: ignore[union-attr]
        worker.wait()
    print(f"/v1/games/act answers over whole games, {games} per variant ({', '.join(VARIANTS)}); bytes")
    for name, got in sized.items():
        for driver in ("people", "computer"):
            size = got[driver]
            print(
                f"  {name:<7}{driver:<10}{len(size):>7} answers   median {statistics.median(size):>7,.0f}"
                f"   p90 {percentile(size, 0.9):>7,.0f}   max {max(size):>7,}"
            )
    print(f"CPU of a move (explicit moves, {sized[next(iter(sized))]['moves']} a round), medians of {rounds} rounds")
    for name, got in rows.items():
        move = statistics.median(r["move"] for r in got)
        bare = statistics.median(r["bare"] for r in got)
        ratio = statistics.median(r["move"] / r["bare"] for r in got)
        print(f"  {name:<7}move {move:>8.1f} us   bare POST {bare:>6.1f} us   move = {ratio:5.2f} bare")
    if versus is not None:
        raw = statistics.median(a["move"] / b["move"] for a, b in zip(rows["after"], rows["before"]))
        units = statistics.median(
            (a["move"] / a["bare"]) / (b["move"] / b["bare"]) for a, b in zip(rows["after"], rows["before"])
        )
        print(f"  after/before: {raw:.3f} (raw CPU), {units:.3f} (in bare units), paired by round")


def numbering(games: int, rounds: int) -> None:
    """What numbering the events costs a move, in one process: the events of every explicit move
    filtered for the seat and encoded, unnumbered (as before ``move`` was on events) and
    numbered, in alternating rounds."""
    from service.api.wire.games import EVENT_ENCODERS
    from service.api.wire.games import events as encode
    from service.core.game import engine
    from service.core.game.events import events_for, numbered, numbered_for

    moves = []
    for variant in VARIANTS:
        for seed in range(games):
            state, _ = engine.new_game(resolve(variant), seed, 0)
            while not state.over:
                seat = engine.may_act(state)[0]
                state, happened = engine.apply(state, legal_actions(state, seat)[0])
                moves.append((state.moves, happened, seat))

    def unnumbered() -> None:
        for _, happened, seat in moves:
            [EVENT_ENCODERS[type(event)](event) for event in events_for(happened, seat)]

    def with_moves() -> None:
        for move, happened, seat in moves:
            encode(numbered_for(numbered(move, happened), seat))

    app = create_app(Config(state_keys=(generate_key(),), log_level="WARNING", access_log=False))
    samples: dict[str, list[float]] = {"unnumbered": [], "numbered": []}
    with app.app_context():
        for _ in range(rounds):
            for name, run in (("unnumbered", unnumbered), ("numbered", with_moves)):
                start = time.process_time()
                run()
                samples[name].append((time.process_time() - start) / len(moves) * 1e6)
    before, after = (statistics.median(samples[name]) for name in ("unnumbered", "numbered"))
    print(f"events filtered and encoded, {len(moves)} explicit moves, medians of {rounds} rounds (us a move)")
    print(f"  unnumbered {before:.2f}   numbered {after:.2f}   numbering adds {after - before:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--answers", action="store_true", help="act answers' sizes and the move's CPU")
    parser.add_argument("--versus", type=Path, help="with --answers: another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=15, help="with --answers: alternating CPU rounds")
    parser.add_argument("--numbering", action="store_true", help="what numbering the events costs a move")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--key", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        answers_worker(args.games, args.key)
        return
    if args.answers:
        answers(args.games, args.rounds, args.versus)
        return
    if args.numbering:
        numbering(args.games, args.rounds)
        return
    key = generate_key()
    app = create_app(Config(state_keys=(key,), log_level="WARNING", access_log=False))
    app.logger.disabled = True
    import logging

    logging.getLogger("service.access").disabled = True
    client = app.test_client()
    print(f"POST /v1/games/act, in-process, {args.games} games per variant (ms; token bytes)")
    print(f"{'variant':<14}{'driver':<10}{'requests':>9}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'token':>8}{'max':>7}")
    for driver in ("explicit", "auto"):
        for variant in VARIANTS:
            times: list[float] = []
            sizes: list[int] = []
            for seed in range(args.games):
                t, s = play_http(client, variant, seed, driver)
                times += t
                sizes += s
            ms = [t * 1000 for t in times]
            print(
                f"{variant:<14}{driver:<10}{len(ms):>9}{percentile(ms, 0.5):>8.3f}{percentile(ms, 0.9):>8.3f}"
                f"{percentile(ms, 0.99):>8.3f}{max(ms):>8.2f}{statistics.mean(sizes):>8.0f}{max(sizes):>7}"
            )
    sealer = StateSealer([key])
    print("\ncore only (open + check + apply + seal), explicit moves (ms)")
    for variant in VARIANTS:
        ms = [t * 1000 for seed in range(args.games) for t in play_core(variant, seed, sealer)]
        print(f"{variant:<14}{len(ms):>9} p50 {percentile(ms, 0.5):.3f}  p99 {percentile(ms, 0.99):.3f}")


if __name__ == "__main__":
    main()
