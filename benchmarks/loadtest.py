"""Load test: the service under a realistic mix, then each endpoint against a bare Flask app.

    python -m benchmarks.loadtest            # make loadtest: 60 s mix + 3 rounds x 5 endpoints x 10 s
    python -m benchmarks.loadtest --quick    # a smoke test of the whole procedure in about a minute

What it does, all on 127.0.0.1 and bounded in time:

1. Starts two servers under the same gunicorn configuration (``service/gunicorn_conf.py``:
   sync workers, one per core, preloading, the same recycling): the service
   (``service.wsgi:app``, JSON access log and metrics on, the log in a file) and a bare
   Flask app with one trivial POST (``benchmarks/bare_app.py``), on different ports.
2. Prepares the mix against the service: varied hands and cribs (some with claims),
   pegging cards on valid piles, whole games played to the end through ``POST
   /v1/games/act`` (a player choosing among ``legal_actions`` against the computer, and
   games between people, every move one request), the
   contract's own examples for the other endpoints, and a few bad requests (malformed
   JSON, contract and rules violations, a tampered game token, an illegal move, a wrong
   content type, a 404), which must get their 4xx.
3. Warms up, notes every worker's memory, drives the mix with wrk for ``--duration``
   seconds, notes the memory again. Nothing may be lost: once the server has answered the
   requests still in flight when wrk stopped, the access lines written and the ``/metrics``
   counts added during the run must equal the requests wrk sent, per method and path (the
   log) and per method, route and status (the metrics against the log), and every response
   wrk saw must have its line.
4. Side by side, one server under load at a time: ``--rounds`` rounds, each running
   ``POST /bare`` (the bare app), ``GET /healthz``, ``POST /v1/hands/score``, ``POST
   /v1/pegging/score`` and ``POST /v1/games/act`` (replayed moves of the prepared games: a
   person's move in games between people, then a decision against the computer with its
   replies) for ``--compare-duration`` seconds each. Each endpoint's throughput is given as
   a ratio to the bare app's in the same round, with wrk's p50 and p99, and the workers' CPU
   time a request (which other load on the machine barely changes); a person's move may cost
   at most 1.3 times a hand score's CPU.
5. Stops both servers (also on failure or Ctrl-C) and gives the verdicts.

wrk comes from Debian (``apt-get install wrk``; ``make loadtest`` installs it when it can).
The mix runs one connection per wrk thread so a small Lua script (``loadtest.lua``) can
time and check every request by endpoint; the side-by-side runs leave Lua out of the
responses (the lightest client) and take wrk's own numbers.
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
from collections import Counter, defaultdict
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]
from prometheus_client.parser import text_string_to_metric_families

from tests.support.contract import example_value
from tests.support.keys import TEST_STATE_KEY
from tests.support.servers import Gunicorn, cpu_seconds, rss_bytes

HERE = Path(__file__).resolve().parent
LUA = HERE / "loadtest.lua"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [rank + suit for rank in RANKS for suit in "CDHS"]
JSON = "application/json"
ANY_4XX = 0
HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
BARE = "bare Flask POST /bare"
# the thresholds the service is held to, each against the bare app in the same run
SCORE_RATIO, HEALTHZ_RATIO, SCORE_P99_RATIO = 0.92, 0.97, 1.2
ACT = "POST /v1/games/act"  # one person's move (every seat a person's): the move itself
ACT_VS_COMPUTER = "POST /v1/games/act vs computer"  # a decision and the computer's replies
ACT_CPU_RATIO = 1.3  # a move's worker CPU against a hand score's


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
            value = example_value(spec, example)
            status, _ = call(base, path, value)
            if 200 <= status < 300:
                out.append(post(path, value, status))
            else:
                notes.append(f"example {operation['operationId']}/{name} answered {status}: left out of the mix")
    return out, notes


def play_games(base: str, rng: random.Random, games: int, *, people: bool = False) -> tuple[list[list[Req]], list[str]]:
    """Play whole games through the server, every request kept in order for replay.

    Against the computer (the default): seat 0 is a person choosing among its legal actions
    with its credential, the other seats the computer's, played by the server (one request a
    decision, as a phone game). ``people``: every seat a person's, played with the table
    credential, each move by the seat to act among its own legal actions (which a ``/view``
    left out of the replay gives), so each request is exactly one move."""
    variants = ["six_card", "six_card", "five_card", "three_player", "four_player"]
    played: list[list[Req]] = []
    notes: list[str] = []
    for number in range(games):
        variant = variants[number % len(variants)]
        players = {"three_player": 3, "four_player": 4}.get(variant, 2)
        create: dict[str, Any] = {"variant": variant, "seed": 1000 + number, "seat": 0}
        if not people:
            create["computer"] = [{"seat": seat, "level": "standard"} for seat in range(1, players)]
        status, result = call(base, "/v1/games", create)
        if status != 201:
            notes.append(f"POST /v1/games answered {status}: games left out of the mix ({result})")
            return played, notes
        credentials = result["credentials"]
        credential = credentials["table"] if people else credentials["seats"][0]["credential"]
        steps = [post("/v1/games", create, 201)]
        for _ in range(5000):
            view = result["view"]
            if view["phase"] == "over":
                break
            seat = view["to_act"][0] if people else 0
            legal = result["legal_actions"]
            if people and view["seat"] != seat:
                status, seen = call(
                    base, "/v1/games/view", {"state": result["state"], "seat": seat, "credential": credential}
                )
                legal = seen["legal_actions"]
            body = {"state": result["state"], "action": rng.choice(legal), "seat": seat, "credential": credential}
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
        tampered = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1 :]
        out.append(post("/v1/games/act", {**act, "state": tampered}, ANY_4XX, label))
        out.append(post("/v1/games/act", {**act, "action": {"type": "play", "seat": 0, "card": "KS"}}, ANY_4XX, label))
    return out


def build_mix(base: str, seed: int, games: int) -> tuple[list[Req], list[list[Req]], list[list[Req]], list[str]]:
    """The mixed load, the games it replays (each a list of requests: against the computer,
    then between people) and notes."""
    rng = random.Random(seed)
    with urllib.request.urlopen(base + "/openapi.yaml", timeout=10) as response:
        spec = yaml.safe_load(response.read())
    played, notes = play_games(base, rng, games)
    between_people, more_notes = play_games(base, rng, max(1, games // 3), people=True)
    notes += more_notes
    examples, example_notes = example_requests(
        base, spec, skip={"scoreHand", "scorePeggingCard", "createGame", "actGame"}
    )
    notes += example_notes
    gets = [Req(f"GET {p}", 200, "GET", p) for p in ("/healthz", "/readyz", "/v1/variants")]
    kinds: dict[str, tuple[int, list[Req]]] = {
        "hands": (30, hand_requests(rng, 400)),
        "pegging": (18, pegging_requests(rng, 400)),
        "games": (32, [step for game in played + between_people for step in game]),
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
    return mix, played, between_people, notes


# ------------------------------------------------------------------ running wrk


@dataclass
class Run:
    duration_s: float = 0.0
    requests: int = 0
    worker_cpu_s: float = 0.0
    socket_errors: dict[str, int] = field(default_factory=dict)
    wrk_latency_ms: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sent: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))  # (method, path)
    seen: dict[tuple[str, str, int], int] = field(default_factory=lambda: defaultdict(int))  # and status
    unexpected: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    server_errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    # label -> {bucket: count}; bucket b holds latencies in [1.02**b, 1.02**(b+1)) microseconds
    histograms: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    garbled: int = 0  # lines of wrk's report that came back garbled (skipped)

    @property
    def rate(self) -> float:
        return self.requests / self.duration_s if self.duration_s else 0.0

    @property
    def cpu_us(self) -> float:
        """The workers' CPU time a request."""
        return self.worker_cpu_s / self.requests * 1e6 if self.requests else float("nan")

    def errors(self) -> int:
        return sum(self.unexpected.values()) + sum(
            self.socket_errors.get(k, 0) for k in ("connect", "read", "write", "timeout")
        )


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


def workers_cpu(server: Gunicorn) -> float:
    return sum(cpu_seconds(pid) for pid in server.worker_pids())


def wrk(
    server: Gunicorn, requests: list[Req], seconds: float, connections: int, workdir: Path, track: bool = True
) -> Run:
    """Replay ``requests`` for ``seconds``. ``track``: time and check every response in Lua (per
    endpoint); without it wrk alone counts (non-2xx responses are then errors)."""
    request_file = workdir / "requests.tsv"
    request_file.write_text("\n".join(r.line() for r in requests) + "\n")
    out_file = workdir / "wrk.out"
    out_file.unlink(missing_ok=True)
    length = max(1, round(seconds))
    command = [
        "wrk",
        f"-t{connections}",
        f"-c{connections}",
        f"-d{length}s",
        "--timeout",
        "5s",
        "-s",
        str(LUA),
        server.url,
        "--",
        str(request_file),
    ]
    env = {**os.environ, "LOADTEST_OUT": str(out_file), "LOADTEST_TRACK": "1" if track else "0"}
    cpu_before = workers_cpu(server)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env, timeout=length + 60)
    run = Run(worker_cpu_s=workers_cpu(server) - cpu_before)
    # wrk's thread:get copies each thread's tables into the main Lua state; on long runs a
    # copied string has come back garbled now and then (a stray byte, a field short). Such a line
    # is counted and skipped, and the report says how many there were.
    arity = {"summary": 7, "latency_us": 4, "sent": 2, "seen": 3, "count": 2, "unexpected": 3, "5xx": 2, "bucket": 3}
    for line in out_file.read_text(errors="replace").splitlines():
        kind, *rest = line.split("\t")
        if len(rest) != arity.get(kind, -1) or "\ufffd" in line or not rest[-1].isdigit():
            run.garbled += 1
            continue
        if kind == "summary":
            numbers = [int(x) for x in rest]
            run.requests, run.duration_s = numbers[0], numbers[1] / 1e6
            run.socket_errors = dict(zip(("connect", "read", "write", "status", "timeout"), numbers[2:]))
            if not track and run.socket_errors["status"]:
                run.unexpected["non-2xx/3xx"] += run.socket_errors["status"]
        elif kind == "latency_us":
            run.wrk_latency_ms = {k: int(v) / 1000 for k, v in zip(("p50", "p90", "p99", "max"), rest)}
        elif kind == "sent":
            method, path = rest[0].split(" ", 1)
            run.sent[method, path] += int(rest[1])
        elif kind == "count":
            run.counts[rest[0]] += int(rest[1])
        elif kind == "seen":
            method, path = rest[0].split(" ", 1)
            run.seen[method, path, int(rest[1])] += int(rest[2])
        elif kind == "unexpected":
            run.unexpected[f"{rest[0]} -> {rest[1]}"] += int(rest[2])
        elif kind == "5xx":
            run.server_errors[rest[0]] += int(rest[1])
        elif kind == "bucket":
            run.histograms[rest[0]][int(rest[1])] += int(rest[2])
    return run


# ------------------------------------------------------------------ nothing lost


def request_counts(server: Gunicorn) -> Counter[tuple[str, str, int]]:
    """The server's ``cribbage_http_requests_total`` by (method, route, status), from /metrics."""
    with urllib.request.urlopen(server.url + "/metrics", timeout=30) as response:
        text = response.read().decode()
    counts: Counter[tuple[str, str, int]] = Counter()
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "cribbage_http_requests_total":
                labels = sample.labels
                counts[labels["method"], labels["route"], int(labels["status"])] += int(sample.value)
    return counts


def settle(server: Gunicorn, quiet: float = 0.6, limit: float = 30.0) -> None:
    """Wait until the server has answered what wrk left in flight: its access log has not
    grown for ``quiet`` seconds (and at most ``limit`` seconds in all)."""
    deadline = time.monotonic() + limit
    size, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        now = server.stdout_path.stat().st_size
        if now != size:
            size, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.1)


@dataclass
class Snapshot:
    """Where the server's counts stand, once it is quiet: its /metrics totals, then its
    access log's length."""

    metrics: Counter[tuple[str, str, int]]
    log_offset: int

    @classmethod
    def take(cls, server: Gunicorn) -> Snapshot:
        settle(server)
        # The scrape's own line is written before it answers, so it falls before the offset.
        return cls(request_counts(server), server.stdout_path.stat().st_size)


def account(server: Gunicorn, before: Snapshot, run: Run) -> tuple[list[str], dict[str, int]]:
    """Compare what the server recorded between ``before`` and now with what wrk sent and saw.

    Besides wrk's requests, the window holds two scrapes of the harness: the scrape that
    took ``before`` is in the metrics (a scrape counts itself only after answering) and the
    one taken now is in the log. Both are ``GET /metrics`` 200s, taken off below. Returns
    the mismatches (empty when nothing is lost) and the totals."""
    after = Snapshot.take(server)
    with open(server.stdout_path, "rb") as log:
        log.seek(before.log_offset)
        text = log.read(after.log_offset - before.log_offset).decode()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    lines = [entry for entry in lines if entry.get("logger") == "service.access"]
    by_path = Counter((e["method"], e["path"]) for e in lines)
    by_status = Counter((e["method"], e["path"], e["status"]) for e in lines)
    by_route = Counter((e["method"], e["route"], e["status"]) for e in lines)
    by_path["GET", "/metrics"] -= 1
    by_status["GET", "/metrics", 200] -= 1
    by_route["GET", "/metrics", 200] -= 1
    counted = after.metrics.copy()
    counted.subtract(before.metrics)
    counted["GET", "/metrics", 200] -= 1
    sent, seen = Counter(run.sent), Counter(run.seen)
    problems = []
    for request in sorted(set(sent) | set(by_path)):
        if sent[request] != by_path[request]:
            problems.append(
                f"{' '.join(request)}: wrk sent {sent[request]} requests, the access log has {by_path[request]} lines"
            )
    for answer in sorted(seen):
        if seen[answer] > by_status[answer]:
            problems.append(
                f"{answer[0]} {answer[1]} {answer[2]}: wrk saw {seen[answer]} responses, the access log "
                f"has {by_status[answer]} lines"
            )
    for series in sorted(set(counted) | set(by_route)):
        if counted[series] != by_route[series]:
            problems.append(
                f"{series[0]} {series[1]} {series[2]}: /metrics counted {counted[series]}, the access "
                f"log has {by_route[series]} lines"
            )
    totals = {
        "wrk_sent": sum(sent.values()),
        "wrk_responses": run.requests,
        "access_lines": sum(by_path.values()),
        "metrics_count": sum(counted.values()),
    }
    if not totals["wrk_sent"] == totals["access_lines"] == totals["metrics_count"]:
        problems.append(f"totals differ: {totals}")
    return problems, totals


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
        lines.append(
            f"{label:<44}{run.counts[label]:>10}{run.counts[label] / run.duration_s:>9.1f}"
            f"{percentile(histogram, 50):>9.2f}{percentile(histogram, 99):>9.2f}"
            f"{unexpected_by_label.get(label, 0):>8}{run.server_errors.get(label, 0):>6}"
        )
    every = list(run.histograms.values())
    lines.append(
        f"{'all':<44}{run.requests:>10}{run.rate:>9.1f}{percentile(every, 50):>9.2f}"
        f"{percentile(every, 99):>9.2f}{run.errors():>8}{sum(run.server_errors.values()):>6}"
    )
    return lines


COMPARE_HEADER = (
    f"  {'endpoint':<30}{'req/s':>9}{'x bare':>8}{'p50 ms':>8}{'p99 ms':>8}{'p99 x bare':>11}"
    f"{'CPU us/req':>11}{'errors':>7}"
)


def compare_line(
    label: str, rate: float, ratio: float, p50: float, p99: float, p99_ratio: float, cpu_us: float, errors: int
) -> str:
    return f"  {label:<30}{rate:>9.1f}{ratio:>8.3f}{p50:>8.2f}{p99:>8.2f}{p99_ratio:>11.2f}{cpu_us:>11.0f}{errors:>7}"


def main(argv: list[str] | None = None) -> int:  # noqa: C901 (a script: its options, then the run step by step)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke test: 5 s mix, one round of 2 s runs, 3 games (speed is not judged)",
    )
    parser.add_argument("--duration", type=float, help="seconds of the mixed run (default 60)")
    parser.add_argument("--compare-duration", type=float, help="seconds of each side-by-side run (default 10)")
    parser.add_argument("--rounds", type=int, help="side-by-side rounds (default 3)")
    parser.add_argument("--warmup", type=float, help="seconds of warm-up for each server (default 5)")
    parser.add_argument("--games", type=int, help="whole games prepared for replay (default 15)")
    parser.add_argument("--connections", type=int, default=8, help="concurrent connections (default 8)")
    parser.add_argument(
        "--workers",
        type=int,
        default=min(os.cpu_count() or 1, 4),
        help="gunicorn workers of each server (default: the production default, cores up to 4)",
    )
    parser.add_argument(
        "--max-requests", type=int, help="GUNICORN_MAX_REQUESTS for both servers (default: the production setting)"
    )
    parser.add_argument(
        "--max-worker-memory-mb",
        type=int,
        help="GUNICORN_MAX_WORKER_MEMORY_MB for both servers (default: the production setting)",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (server logs, requests)")
    args = parser.parse_args(argv)
    quick = {"duration": 5, "compare_duration": 2, "rounds": 1, "warmup": 1, "games": 3}
    full = {"duration": 60, "compare_duration": 10, "rounds": 3, "warmup": 5, "games": 15}
    for name, value in (quick if args.quick else full).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if not shutil.which("wrk"):
        print("wrk is not installed: `apt-get install wrk` (make loadtest does it when it can)", file=sys.stderr)
        return 2

    workdir = Path(tempfile.mkdtemp(prefix="cribbage-loadtest-"))
    # The docs examples are sealed with the test key: with it, they stay in the mix.
    env = {"CRIBBAGE_STATE_KEYS": TEST_STATE_KEY}
    if args.max_requests is not None:
        env["GUNICORN_MAX_REQUESTS"] = str(args.max_requests)
    if args.max_worker_memory_mb is not None:
        env["GUNICORN_MAX_WORKER_MEMORY_MB"] = str(args.max_worker_memory_mb)
    results: dict[str, Any] = {}
    verdicts: list[tuple[str, bool | None]] = []
    try:
        with ExitStack() as servers:
            # Entered first, stopped last; each is stopped even if the other fails to start.
            bare = servers.enter_context(
                Gunicorn(workers=args.workers, env=env, name="bare", log_dir=workdir, app="benchmarks.bare_app:app")
            )
            server = servers.enter_context(Gunicorn(workers=args.workers, env=env, name="service", log_dir=workdir))
            settings = {k: v for k, v in env.items() if k.startswith("GUNICORN_")} or "production defaults"
            print(
                f"gunicorn (service.gunicorn_conf, {args.workers} sync workers, {settings}): the service on "
                f"{server.url} (JSON access log to a file, metrics on), the bare Flask app on {bare.url}; "
                f"wrk {args.connections} connections"
            )
            started = time.monotonic()
            mix, played, between_people, notes = build_mix(server.url, args.seed, args.games)
            labels = sorted({r.label for r in mix})
            print(
                f"mix: {len(mix)} requests over {len(labels)} endpoints, prepared in {time.monotonic() - started:.1f} s"
            )
            for note in notes:
                print("  note:", note)

            rng = random.Random(args.seed + 1)
            endpoints: list[tuple[str, Gunicorn, list[Req]]] = [
                (BARE, bare, [post("/bare", HAND_29, label=BARE)]),
                ("GET /healthz", server, [Req("GET /healthz", 200, "GET", "/healthz")]),
                ("POST /v1/hands/score", server, [post("/v1/hands/score", HAND_29), *hand_requests(rng, 199)]),
                ("POST /v1/pegging/score", server, pegging_requests(rng, 200)),
                (ACT, server, [step for game in between_people for step in game if step.path == "/v1/games/act"]),
                (ACT_VS_COMPUTER, server, [step for game in played for step in game if step.path == "/v1/games/act"]),
            ]
            endpoints = [entry for entry in endpoints if entry[2]]

            boot = {pid: rss_bytes(pid) for pid in server.worker_pids()}
            wrk(server, mix, args.warmup, args.connections, workdir)
            wrk(bare, endpoints[0][2], args.warmup, args.connections, workdir, track=False)
            warm = {pid: rss_bytes(pid) for pid in server.worker_pids()}

            before = Snapshot.take(server)
            machine_before, wrk_before = machine_cpu(), children_cpu()
            run = wrk(server, mix, args.duration, args.connections, workdir)
            busy = run.worker_cpu_s / run.duration_s
            machine_after = machine_cpu()
            machine_busy = (machine_after[0] - machine_before[0]) / (machine_after[1] - machine_before[1])
            wrk_busy = (children_cpu() - wrk_before) / run.duration_s
            lost, totals = account(server, before, run)
            end = {pid: rss_bytes(pid) for pid in server.worker_pids()}
            print(f"\n== mixed load: {run.duration_s:.1f} s, {run.requests} requests, {run.rate:.0f} req/s ==")
            print("\n".join(endpoint_table(run)))
            print(
                f"wrk (all requests): p50 {run.wrk_latency_ms['p50']:.2f} ms, p99 {run.wrk_latency_ms['p99']:.2f} ms,"
                f" max {run.wrk_latency_ms['max']:.2f} ms; socket errors {run.socket_errors}"
            )
            for key, n in sorted(run.unexpected.items()):
                print(f"  unexpected status: {key} x{n}")
            print(
                f"CPU: the machine was {machine_busy:.0%} busy ({os.cpu_count()} cores); the gunicorn workers used "
                f"{busy:.2f} cores ({run.cpu_us:.0f} us a request), wrk {wrk_busy:.2f}, the rest is "
                f"the kernel and any other load"
            )
            print(
                f"nothing lost: wrk sent {totals['wrk_sent']} requests (and saw {totals['wrk_responses']} "
                f"responses: the rest were in flight when it stopped); the access log has "
                f"{totals['access_lines']} lines and /metrics counted {totals['metrics_count']} "
                f"(compared per method and path, and per route and status)"
            )
            for problem in lost:
                print("  MISMATCH:", problem)
            if run.garbled:
                print(
                    f"  ({run.garbled} lines of wrk's own report came back garbled and were skipped:"
                    " a mismatch of that size is wrk's, not the service's)"
                )

            print("\n== worker memory (RSS, MiB) ==")
            print(f"{'pid':>8}{'at boot':>10}{'warmed up':>11}{'at end':>9}{'change':>9}")
            memory = []
            for pid in sorted(set(boot) | set(warm) | set(end)):
                change = (end.get(pid, 0) - warm.get(pid, 0)) / warm[pid] if warm.get(pid) and end.get(pid) else None
                memory.append(
                    {"pid": pid, "boot": boot.get(pid), "warm": warm.get(pid), "end": end.get(pid), "change": change}
                )
                print(
                    f"{pid:>8}{mib(boot.get(pid, 0)):>10.1f}{mib(warm.get(pid, 0)):>11.1f}"
                    f"{mib(end.get(pid, 0)):>9.1f}"
                    + (f"{change:>+9.1%}" if change is not None else "   (not alive throughout)")
                )

            print(
                f"\n== side by side: {args.rounds} round(s), {args.compare_duration:g} s an endpoint, one server "
                f"under load at a time; ratios to the bare app in the same round =="
            )
            rounds: list[dict[str, Run]] = []
            for number in range(1, args.rounds + 1):
                runs = {
                    label: wrk(target, reqs, args.compare_duration, args.connections, workdir, track=False)
                    for label, target, reqs in endpoints
                }
                rounds.append(runs)
                base = runs[BARE]
                print(f"round {number}")
                print(COMPARE_HEADER)
                for label, one in runs.items():
                    print(
                        compare_line(
                            label,
                            one.rate,
                            one.rate / base.rate,
                            one.wrk_latency_ms["p50"],
                            one.wrk_latency_ms["p99"],
                            one.wrk_latency_ms["p99"] / base.wrk_latency_ms["p99"],
                            one.cpu_us,
                            one.errors(),
                        )
                    )
            overall: dict[str, dict[str, Any]] = {}
            for label, _, _ in endpoints:
                runs_of = [r[label] for r in rounds]
                requests = sum(r.requests for r in runs_of)
                overall[label] = {
                    "rate": requests / sum(r.duration_s for r in runs_of),
                    "p50_ms": statistics.median(r.wrk_latency_ms["p50"] for r in runs_of),
                    "p99_ms": statistics.median(r.wrk_latency_ms["p99"] for r in runs_of),
                    "cpu_us": sum(r.worker_cpu_s for r in runs_of) / requests * 1e6 if requests else float("nan"),
                    "errors": sum(r.errors() for r in runs_of),
                    "round_ratios": [r[label].rate / r[BARE].rate for r in rounds],
                }
            base_all = overall[BARE]
            for values in overall.values():
                values["ratio"] = values["rate"] / base_all["rate"]
                values["p99_ratio"] = values["p99_ms"] / base_all["p99_ms"]
            print("overall (requests over time across the rounds; p50 and p99: the median round's)")
            print(COMPARE_HEADER)
            for label, values in overall.items():
                print(
                    compare_line(
                        label,
                        values["rate"],
                        values["ratio"],
                        values["p50_ms"],
                        values["p99_ms"],
                        values["p99_ratio"],
                        values["cpu_us"],
                        int(values["errors"]),
                    )
                )
                print(f"  {'':<30}each round x bare: " + ", ".join(f"{r:.3f}" for r in values["round_ratios"]))

            judged = None if args.quick else True
            score = overall.get("POST /v1/hands/score", {})
            health = overall.get("GET /healthz", {})
            move = overall.get(ACT, {})
            alive = set(end) == set(warm)
            verdicts = [
                ("no errors and no 5xx under the mix", run.errors() == 0 and not run.server_errors),
                ("nothing lost: access lines and /metrics counts equal wrk's requests", not lost),
                (
                    "every worker alive throughout, memory within 10% of warmed-up",
                    alive and all(m["change"] is not None and abs(m["change"]) <= 0.10 for m in memory),
                ),
                ("no errors in the side-by-side runs", all(v["errors"] == 0 for v in overall.values())),
                (
                    f"POST /v1/hands/score >= {SCORE_RATIO}x the bare POST",
                    judged and score.get("ratio", 0) >= SCORE_RATIO,
                ),
                (f"GET /healthz >= {HEALTHZ_RATIO}x the bare POST", judged and health.get("ratio", 0) >= HEALTHZ_RATIO),
                (
                    f"POST /v1/hands/score p99 <= {SCORE_P99_RATIO}x the bare POST's",
                    judged and score.get("p99_ratio", 99) <= SCORE_P99_RATIO,
                ),
                (
                    f"{ACT}: worker CPU a move <= {ACT_CPU_RATIO}x a hand score's",
                    judged and move.get("cpu_us", float("inf")) <= ACT_CPU_RATIO * score.get("cpu_us", 0),
                ),
            ]
            results = {
                "server": {
                    "workers": args.workers,
                    "settings": settings,
                    "connections": args.connections,
                    "quick": args.quick,
                },
                "mix": {
                    "duration_s": run.duration_s,
                    "requests": run.requests,
                    "rate": run.rate,
                    "errors": run.errors(),
                    "5xx": sum(run.server_errors.values()),
                    "worker_cores_busy": busy,
                    "worker_cpu_us_per_request": run.cpu_us,
                    "machine_busy": machine_busy,
                    "wrk_cores_busy": wrk_busy,
                    "unexpected": dict(run.unexpected),
                    "socket_errors": run.socket_errors,
                    "wrk_latency_ms": run.wrk_latency_ms,
                    "nothing_lost": {"totals": totals, "mismatches": lost},
                    "endpoints": {
                        label: {
                            "requests": run.counts[label],
                            "rate": run.counts[label] / run.duration_s,
                            "p50_ms": percentile([run.histograms[label]], 50),
                            "p99_ms": percentile([run.histograms[label]], 99),
                        }
                        for label in run.counts
                    },
                },
                "memory": memory,
                "side_by_side": {
                    "rounds": [
                        {
                            label: {
                                "rate": r.rate,
                                "ratio": r.rate / one[BARE].rate,
                                "p50_ms": r.wrk_latency_ms["p50"],
                                "p99_ms": r.wrk_latency_ms["p99"],
                                "cpu_us": r.cpu_us,
                                "errors": r.errors(),
                            }
                            for label, r in one.items()
                        }
                        for one in rounds
                    ],
                    "overall": overall,
                },
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
        print(
            f"{'PASS' if ok else 'INFO' if ok is None else 'FAIL'}  {name}"
            + ("  (not judged: --quick runs are too short)" if ok is None else "")
        )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0 if verdicts and all(ok is not False for _, ok in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
