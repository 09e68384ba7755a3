"""Load test: the production server under a realistic mix, then score vs healthz side by side.

    python -m benchmarks.loadtest                 # 60 s mix + 6 x (5 s + 5 s) comparison (make loadtest)
    python -m benchmarks.loadtest --duration 10 --compare-duration 5 --rounds 1   # a quick look

What it does, all on 127.0.0.1 and bounded in time:

1. Starts gunicorn with the production configuration (``-c python:service.gunicorn_conf
   service.wsgi:app``: sync workers, one per core, JSON access log on, metrics on) with a
   fresh state key. Worker recycling (``max_requests``) is turned off for the run (``--max-requests``
   to change it) so each worker lives through it and its memory growth is visible.
2. Prepares the mix against the live server: varied hands and cribs (some with claims), pegging
   cards on valid piles, whole games played to the end through ``POST /v1/games/act`` (a
   player choosing among ``legal_actions`` against the computer), the contract's own examples
   for the other endpoints, and a few bad requests (malformed JSON, contract violations,
   rules violations, a tampered game token, an illegal move, a wrong content type, a 404),
   which must get their 4xx.
3. Warms up for a few seconds, notes every worker's RSS, drives the mix with wrk for
   ``--duration`` seconds, notes the RSS again.
4. On the same server, alternates ``GET /healthz`` and ``POST /v1/hands/score`` runs.
5. Stops the server (also on failure or Ctrl-C) and prints throughput per endpoint, p50/p99,
   errors (a status other than the expected one, socket errors, any 5xx) and memory.

wrk comes from Debian (``apt-get install wrk``; ``make loadtest`` installs it when it can).
It runs one connection per thread so a small Lua script (``loadtest.lua``) can time every
request by endpoint.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from cryptography.fernet import Fernet

from .servers import Gunicorn, cpu_seconds, rss_bytes

HERE = Path(__file__).resolve().parent
LUA = HERE / "loadtest.lua"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [rank + suit for rank in RANKS for suit in "CDHS"]
JSON = "application/json"
ANY_4XX = 0
HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}


def pip_value(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


@dataclass(frozen=True)
class Req:
    label: str
    expect: int  # 0: any 4xx
    method: str
    path: str
    body: str = ""
    content_type: str = ""

    def line(self) -> str:
        for text in (self.label, self.path, self.body, self.content_type):
            assert "\t" not in text and "\n" not in text
        return "\t".join([self.label, str(self.expect), self.method, self.path, self.content_type, self.body])


def post(path: str, body: Any, expect: int = 200, label: str | None = None) -> Req:
    return Req(label or f"POST {path}", expect, "POST", path, json.dumps(body, separators=(",", ":")), JSON)


def call(base: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": JSON} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, json.loads(raw) if response.headers.get_content_type().endswith("json") else raw
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


# ------------------------------------------------------------------ the mix


def hand_requests(rng: random.Random, n: int) -> list[Req]:
    out = []
    for _ in range(n):
        cards = rng.sample(DECK, 5)
        body: dict[str, Any] = {"hand": cards[:4], "starter": cards[4]}
        if rng.random() < 0.15:
            body["crib"] = True
        if rng.random() < 0.1:
            body["claimed"] = rng.randint(0, 12)
            body["muggins"] = rng.random() < 0.5
        out.append(post("/v1/hands/score", body))
    return out


def pegging_requests(rng: random.Random, n: int) -> list[Req]:
    out: list[Req] = []
    while len(out) < n:
        deck = rng.sample(DECK, 52)
        length, count = rng.randint(0, 5), 0
        pile: list[str] = []
        for card in deck:
            if len(pile) == length:
                break
            if count + pip_value(card) < 31:
                pile.append(card)
                count += pip_value(card)
        fits = [c for c in deck if c not in pile and count + pip_value(c) <= 31]
        if fits:
            out.append(post("/v1/pegging/score", {"pile": pile, "card": fits[0]}))
    return out


def example_requests(base: str, spec: dict[str, Any], skip: set[str]) -> tuple[list[Req], list[str]]:
    """The contract's own request examples for every POST operation not in ``skip``; each is
    sent once first, and its status (2xx) becomes the expectation."""
    out, notes = [], []
    for path, item in spec["paths"].items():
        operation = item.get("post")
        if not operation or operation["operationId"] in skip:
            continue
        examples = operation.get("requestBody", {}).get("content", {}).get(JSON, {}).get("examples", {})
        for name, example in examples.items():
            status, _ = call(base, path, example["value"])
            if 200 <= status < 300:
                out.append(post(path, example["value"], status))
            else:
                notes.append(f"example {operation['operationId']}/{name} answered {status}: left out of the mix")
    return out, notes


def play_games(base: str, rng: random.Random, games: int) -> tuple[list[list[Req]], list[str]]:
    """Play whole games through the server: seat 0 chooses among its legal actions, the
    other seats are the computer (``auto``). Every request is kept, in order, for replay."""
    variants = ["six_card", "six_card", "five_card", "three_player", "four_player"]
    played: list[list[Req]] = []
    notes: list[str] = []
    for number in range(games):
        create = {"variant": variants[number % len(variants)], "seed": 1000 + number, "seat": 0}
        status, result = call(base, "/v1/games", create)
        if status != 201:
            notes.append(f"POST /v1/games answered {status}: games left out of the mix ({result})")
            return played, notes
        steps = [post("/v1/games", create, 201)]
        for _ in range(5000):
            view = result["view"]
            if view["phase"] == "over":
                break
            if 0 in view["to_act"] and result["legal_actions"]:
                action = rng.choice(result["legal_actions"])
            else:
                action = {"type": "auto", "seat": view["to_act"][0]}
            body = {"state": result["state"], "action": action, "seat": 0}
            status, result = call(base, "/v1/games/act", body)
            if status != 200:
                raise RuntimeError(f"game {number}: act answered {status}: {result}")
            steps.append(post("/v1/games/act", body))
        else:
            raise RuntimeError(f"game {number} did not end")
        played.append(steps)
    return played, notes


def bad_requests(games: list[list[Req]]) -> list[Req]:
    label = "bad requests (4xx expected)"
    out = [
        Req(label, ANY_4XX, "POST", "/v1/hands/score", '{"hand": ["5S", "5H",', JSON),
        post("/v1/hands/score", {"hand": ["5S"], "starter": "5C"}, ANY_4XX, label),
        post("/v1/hands/score", {"hand": ["5S", "5S", "5D", "JC"], "starter": "5C"}, ANY_4XX, label),
        Req(label, ANY_4XX, "POST", "/v1/hands/score", "hand=5S", "text/plain"),
        post("/v1/pegging/score", {"pile": ["10S", "JD", "QC"], "card": "5H"}, ANY_4XX, label),
        Req(label, ANY_4XX, "GET", "/v1/no-such-thing"),
    ]
    if games:
        act = json.loads(games[0][1].body)
        token = act["state"]
        middle = len(token) // 2
        tampered = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1:]
        out.append(post("/v1/games/act", {**act, "state": tampered}, ANY_4XX, label))
        out.append(post("/v1/games/act", {**act, "action": {"type": "play", "seat": 0, "card": "KS"}}, ANY_4XX,
                        label))
    return out


def build_mix(base: str, seed: int, games: int) -> tuple[list[Req], list[str]]:
    rng = random.Random(seed)
    with urllib.request.urlopen(base + "/openapi.yaml", timeout=10) as response:
        spec = yaml.safe_load(response.read())
    played, notes = play_games(base, rng, games)
    examples, example_notes = example_requests(
        base, spec, skip={"scoreHand", "scorePeggingCard", "createGame", "actGame"})
    notes += example_notes
    gets = [Req(f"GET {p}", 200, "GET", p) for p in ("/healthz", "/readyz", "/v1/variants")]
    kinds: dict[str, tuple[int, list[Req]]] = {
        "hands": (30, hand_requests(rng, 400)),
        "pegging": (18, pegging_requests(rng, 400)),
        "games": (32, [step for game in played for step in game]),
        "examples": (12, examples),
        "gets": (5, gets),
        "bad": (3, bad_requests(played)),
    }
    kinds = {name: (weight, reqs) for name, (weight, reqs) in kinds.items() if reqs}
    cursors = {name: 0 for name in kinds}
    names, weights = list(kinds), [kinds[name][0] for name in kinds]
    mix = []
    length = max(4000, 2 * len(kinds.get("games", (0, []))[1]))
    for _ in range(length):
        name = rng.choices(names, weights)[0]
        reqs = kinds[name][1]
        mix.append(reqs[cursors[name] % len(reqs)])
        cursors[name] += 1
    mix.append(Req("GET /metrics", 200, "GET", "/metrics"))  # a scrape now and then
    return mix, notes


# ------------------------------------------------------------------ running wrk


@dataclass
class Run:
    duration_s: float = 0.0
    requests: int = 0
    socket_errors: dict[str, int] = field(default_factory=dict)
    wrk_latency_ms: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    unexpected: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    server_errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    # label -> {bucket: count}; bucket b holds latencies in [1.02**b, 1.02**(b+1)) microseconds
    histograms: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))

    @property
    def rate(self) -> float:
        return self.requests / self.duration_s if self.duration_s else 0.0

    def errors(self) -> int:
        return sum(self.unexpected.values()) + sum(self.socket_errors.get(k, 0)
                                                   for k in ("connect", "read", "write", "timeout"))


def percentile(histograms: list[dict[int, int]], q: float) -> float:
    """The ``q``-th percentile in milliseconds (the middle of its 2% bucket) of merged histograms."""
    merged: dict[int, int] = defaultdict(int)
    for histogram in histograms:
        for bucket, n in histogram.items():
            merged[bucket] += n
    total = sum(merged.values())
    if not total:
        return float("nan")
    rank, seen = q / 100 * total, 0
    for bucket in sorted(merged):
        seen += merged[bucket]
        if seen >= rank:
            return float(1.02 ** (bucket + 0.5) / 1000)
    return float(1.02 ** (max(merged) + 0.5) / 1000)


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    ticks = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + fields[4]  # idle + iowait
    return (sum(fields) - idle) / ticks, sum(fields) / ticks


def children_cpu() -> float:
    """CPU seconds of this process's finished children (the wrk runs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def wrk(base: str, requests: list[Req], seconds: float, connections: int, workdir: Path, track: bool = True) -> Run:
    """Replay ``requests`` for ``seconds``. ``track``: time and check every response in Lua (per
    endpoint); without it wrk alone counts (non-2xx responses are then errors)."""
    request_file = workdir / "requests.tsv"
    request_file.write_text("\n".join(r.line() for r in requests) + "\n")
    out_file = workdir / "wrk.out"
    out_file.unlink(missing_ok=True)
    command = ["wrk", f"-t{connections}", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout", "5s",
               "-s", str(LUA), base, "--", str(request_file)]
    env = {**os.environ, "LOADTEST_OUT": str(out_file), "LOADTEST_TRACK": "1" if track else "0"}
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env, timeout=seconds + 60)
    run = Run()
    for line in out_file.read_text().splitlines():
        kind, *rest = line.split("\t")
        if kind == "summary":
            numbers = [int(x) for x in rest]
            run.requests, run.duration_s = numbers[0], numbers[1] / 1e6
            run.socket_errors = dict(zip(("connect", "read", "write", "status", "timeout"), numbers[2:]))
            if not track and run.socket_errors["status"]:
                run.unexpected["non-2xx/3xx"] += run.socket_errors["status"]
        elif kind == "latency_us":
            run.wrk_latency_ms = {k: int(v) / 1000 for k, v in zip(("p50", "p90", "p99", "max"), rest)}
        elif kind == "count":
            run.counts[rest[0]] += int(rest[1])
        elif kind == "unexpected":
            run.unexpected[f"{rest[0]} -> {rest[1]}"] += int(rest[2])
        elif kind == "5xx":
            run.server_errors[rest[0]] += int(rest[1])
        elif kind == "bucket":
            run.histograms[rest[0]][int(rest[1])] += int(rest[2])
    return run


# ------------------------------------------------------------------ report


def mib(n: int) -> float:
    return n / (1024 * 1024)


def endpoint_table(run: Run) -> list[str]:
    lines = [f"{'endpoint':<44}{'requests':>10}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}{'5xx':>6}"]
    unexpected_by_label: dict[str, int] = defaultdict(int)
    for key, n in run.unexpected.items():
        unexpected_by_label[key.split(" -> ")[0]] += n
    for label in sorted(run.counts, key=lambda k: -run.counts[k]):
        histogram = [run.histograms[label]]
        lines.append(f"{label:<44}{run.counts[label]:>10}{run.counts[label] / run.duration_s:>9.1f}"
                     f"{percentile(histogram, 50):>9.2f}{percentile(histogram, 99):>9.2f}"
                     f"{unexpected_by_label.get(label, 0):>8}{run.server_errors.get(label, 0):>6}")
    every = list(run.histograms.values())
    lines.append(f"{'all':<44}{run.requests:>10}{run.rate:>9.1f}{percentile(every, 50):>9.2f}"
                 f"{percentile(every, 99):>9.2f}{run.errors():>8}{sum(run.server_errors.values()):>6}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60, help="seconds of the mixed run (default 60)")
    parser.add_argument("--compare-duration", type=float, default=5, help="seconds of each side-by-side run")
    parser.add_argument("--rounds", type=int, default=6, help="healthz/score rounds, alternating (default 6)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds of the mix before memory is noted")
    parser.add_argument("--connections", type=int, default=8, help="concurrent connections (default 8)")
    parser.add_argument("--workers", type=int, default=min(os.cpu_count() or 1, 4),
                        help="gunicorn workers (default: the production default, cores up to 4)")
    parser.add_argument("--max-requests", type=int, default=0,
                        help="gunicorn max_requests (default 0: no recycling, so leaks would show)")
    parser.add_argument("--games", type=int, default=15, help="whole games prepared for replay (default 15)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (server logs, requests)")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        print("wrk is not installed: `apt-get install wrk` (make loadtest does it when it can)", file=sys.stderr)
        return 2

    workdir = Path(tempfile.mkdtemp(prefix="cribbage-loadtest-"))
    env = {"CRIBBAGE_STATE_KEYS": Fernet.generate_key().decode(), "GUNICORN_MAX_REQUESTS": str(args.max_requests)}
    results: dict[str, Any] = {}
    verdicts: list[tuple[str, bool]] = []
    try:
        with Gunicorn(workers=args.workers, env=env, name="loadtest", log_dir=workdir) as server:
            boot = {pid: rss_bytes(pid) for pid in server.worker_pids()}
            print(f"gunicorn (service.gunicorn_conf) on {server.url}: {args.workers} sync workers, "
                  f"max_requests {args.max_requests or 'off'}, JSON access log and metrics on; "
                  f"wrk {args.connections} connections")
            started = time.monotonic()
            mix, notes = build_mix(server.url, args.seed, args.games)
            labels = sorted({r.label for r in mix})
            print(f"mix: {len(mix)} requests over {len(labels)} endpoints, prepared in "
                  f"{time.monotonic() - started:.1f} s")
            for note in notes:
                print("  note:", note)
            wrk(server.url, mix, args.warmup, args.connections, workdir)
            warm = {pid: rss_bytes(pid) for pid in server.worker_pids()}

            cpu_before = sum(cpu_seconds(pid) for pid in server.worker_pids())
            machine_before, wrk_before = machine_cpu(), children_cpu()
            run = wrk(server.url, mix, args.duration, args.connections, workdir)
            busy = (sum(cpu_seconds(pid) for pid in server.worker_pids()) - cpu_before) / run.duration_s
            machine_after = machine_cpu()
            machine_busy = (machine_after[0] - machine_before[0]) / (machine_after[1] - machine_before[1])
            wrk_busy = (children_cpu() - wrk_before) / run.duration_s
            end = {pid: rss_bytes(pid) for pid in server.worker_pids()}
            print(f"\n== mixed load: {run.duration_s:.1f} s, {run.requests} requests, {run.rate:.0f} req/s ==")
            print("\n".join(endpoint_table(run)))
            print(f"wrk (all requests): p50 {run.wrk_latency_ms['p50']:.2f} ms, p99 {run.wrk_latency_ms['p99']:.2f} ms,"
                  f" max {run.wrk_latency_ms['max']:.2f} ms; socket errors {run.socket_errors}")
            for key, n in sorted(run.unexpected.items()):
                print(f"  unexpected status: {key} x{n}")
            print(f"CPU: the machine was {machine_busy:.0%} busy ({os.cpu_count()} cores); the gunicorn workers used "
                  f"{busy:.2f} cores ({busy / run.rate * 1e6:.0f} us a request), wrk {wrk_busy:.2f}, the rest is "
                  f"the kernel and any other load")

            print("\n== worker memory (RSS, MiB) ==")
            print(f"{'pid':>8}{'at boot':>10}{'warmed up':>11}{'at end':>9}{'change':>9}")
            memory = []
            for pid in sorted(set(boot) | set(warm) | set(end)):
                change = (end.get(pid, 0) - warm.get(pid, 0)) / warm[pid] if warm.get(pid) and end.get(pid) else None
                memory.append({"pid": pid, "boot": boot.get(pid), "warm": warm.get(pid), "end": end.get(pid),
                               "change": change})
                print(f"{pid:>8}{mib(boot.get(pid, 0)):>10.1f}{mib(warm.get(pid, 0)):>11.1f}"
                      f"{mib(end.get(pid, 0)):>9.1f}"
                      + (f"{change:>+9.1%}" if change is not None else "   (not alive throughout)"))

            print(f"\n== side by side, same server: GET /healthz vs POST /v1/hands/score ({args.rounds} x "
                  f"{args.compare_duration:.0f} s each, alternating) ==")
            rng = random.Random(args.seed + 1)
            score_reqs = [post("/v1/hands/score", HAND_29), *hand_requests(rng, 199)]
            health_reqs = [Req("GET /healthz", 200, "GET", "/healthz")]
            rounds = []
            cpu = {"healthz": 0.0, "score": 0.0}

            def measured(kind: str, reqs: list[Req]) -> Run:
                """One side-by-side run, also noting the CPU time the workers spent on it."""
                before = sum(cpu_seconds(pid) for pid in server.worker_pids())
                result = wrk(server.url, reqs, args.compare_duration, args.connections, workdir, track=False)
                cpu[kind] += sum(cpu_seconds(pid) for pid in server.worker_pids()) - before
                return result

            for number in range(1, args.rounds + 1):
                health = measured("healthz", health_reqs)
                score = measured("score", score_reqs)
                rounds.append((health, score))
                print(f"round {number}: healthz {health.rate:8.1f} req/s (p50 {health.wrk_latency_ms['p50']:.2f},"
                      f" p99 {health.wrk_latency_ms['p99']:.2f} ms)   score {score.rate:8.1f} req/s (p50 "
                      f"{score.wrk_latency_ms['p50']:.2f}, p99 {score.wrk_latency_ms['p99']:.2f} ms)   "
                      f"ratio {score.rate / health.rate:.1%}")
            health_rate = sum(h.requests for h, _ in rounds) / sum(h.duration_s for h, _ in rounds)
            score_rate = sum(s.requests for _, s in rounds) / sum(s.duration_s for _, s in rounds)
            compare_errors = sum(h.errors() + s.errors() for h, s in rounds)
            ratio = score_rate / health_rate
            print(f"overall: healthz {health_rate:.1f} req/s, score {score_rate:.1f} req/s: "
                  f"score at {ratio:.1%} of healthz (target >= 85%); errors {compare_errors}")
            health_cpu_us = cpu["healthz"] / sum(h.requests for h, _ in rounds) * 1e6
            score_cpu_us = cpu["score"] / sum(s.requests for _, s in rounds) * 1e6
            print(f"worker CPU per request (unaffected by other load on the machine): healthz {health_cpu_us:.0f} us, "
                  f"score {score_cpu_us:.0f} us (healthz/score {health_cpu_us / score_cpu_us:.1%})")

            alive = set(end) == set(warm)
            verdicts = [
                ("no errors and no 5xx under the mix", run.errors() == 0 and not run.server_errors),
                ("every worker alive throughout, memory within 10% of warmed-up",
                 alive and all(m["change"] is not None and abs(m["change"]) <= 0.10 for m in memory)),
                ("POST /v1/hands/score >= 85% of GET /healthz", ratio >= 0.85 and compare_errors == 0),
            ]
            results = {
                "server": {"workers": args.workers, "max_requests": args.max_requests,
                           "connections": args.connections},
                "mix": {"duration_s": run.duration_s, "requests": run.requests, "rate": run.rate,
                        "errors": run.errors(), "5xx": sum(run.server_errors.values()), "worker_cores_busy": busy,
                        "machine_busy": machine_busy, "wrk_cores_busy": wrk_busy,
                        "unexpected": dict(run.unexpected), "socket_errors": run.socket_errors,
                        "wrk_latency_ms": run.wrk_latency_ms,
                        "endpoints": {label: {"requests": run.counts[label],
                                              "rate": run.counts[label] / run.duration_s,
                                              "p50_ms": percentile([run.histograms[label]], 50),
                                              "p99_ms": percentile([run.histograms[label]], 99)}
                                      for label in run.counts}},
                "memory": memory,
                "compare": {"healthz_rate": health_rate, "score_rate": score_rate, "ratio": ratio,
                            "rounds": [[h.rate, s.rate] for h, s in rounds],
                            "median_round_ratio": statistics.median(s.rate / h.rate for h, s in rounds),
                            "worker_cpu_us_per_request": {"healthz": health_cpu_us, "score": score_cpu_us}},
                "verdicts": {name: ok for name, ok in verdicts},
                "notes": notes,
            }
    finally:
        if args.keep:
            print(f"\nwork directory kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print("\n== verdicts ==")
    for name, ok in verdicts:
        print(f"{'PASS' if ok else 'FAIL'}  {name}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0 if verdicts and all(ok for _, ok in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
