"""Event-sized tournament work: 250 players, 30,000 games, piece by piece.

    python -m benchmarks.tournament_scale [--players 250] [--games 30000] [--repeat 5]

A 250-player event of 120 games each is 30,000 games. Every line is the best of ``--repeat``
runs, in milliseconds of this process's CPU time (``time.process_time``: on a machine shared
with other work, wall-clock time measures the neighbours too); the two standings lines run side
by side in the same process, so their ratio holds even when the absolute numbers drift.

* core: the first standings (kept as ``tests/support/reference_standings.py``) against ``tournaments.standings.standings`` (outcomes
  worked out once per distinct score line, every invalid game collected), with the default
  ACC ranking and with ``head_to_head``; the check alone; crosstable; game logs; Swiss pairings
  for the next round; a round robin of the whole field; a 1,024-entrant double elimination.
* the request path around them, for the budget of one HTTP request: the JSON body's size and
  parse, the contract check, the defaults and the wire loader (``StandingsRequest``), and
  the answer's encoding (JSON, CSV, the page).
* whole requests through the app in-process, for every event operation at an event's size and
  at the contract's worst case: CPU milliseconds and the answer's size (docs/deployment.md has
  the table). ``--core-only`` skips them.
"""

from __future__ import annotations

import argparse
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import orjson
from cryptography.fernet import Fernet

from service.core.rules import STANDARD, resolve
from service.core.scoring import results
from service.core.scoring.results import GameResult
from service.core.tournaments.crosstable import crosstable, game_logs
from service.core.tournaments.elimination import elimination
from service.core.tournaments.schedules import round_robin, swiss_pairings
from service.core.tournaments.standings import standings
from tests.support.director_events import random_event, random_scores
from tests.support.reference_standings import reference_standings

STATE_KEY = Fernet.generate_key().decode()


def best_ms(fn: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=250)
    parser.add_argument("--games", type=int, default=30_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--core-only", action="store_true", help="skip the whole requests through the app")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    names = [f"Player {i:03d}" for i in range(args.players)]
    games = random_event(names, args.games, seed=14, low=25)
    h2h = resolve("six_card", {"tiebreakers": ["game_points", "head_to_head", "spread"]})
    assert standings(games, STANDARD) == reference_standings(games, STANDARD)
    assert standings(games, h2h) == reference_standings(games, h2h)
    print(f"{args.players} players, {len(games)} games; best of {args.repeat}, ms")

    rows: list[tuple[str, Callable[[], Any]]] = [
        ("standings, first version (the tests' reference)", lambda: reference_standings(games, STANDARD)),
        ("standings, tournaments.standings", lambda: standings(games, STANDARD)),
        ("standings + head_to_head, first version", lambda: reference_standings(games, h2h)),
        ("standings + head_to_head, tournaments.standings", lambda: standings(games, h2h)),
        ("check every game (results.game_problems)", lambda: results.game_problems(games, STANDARD)),
        ("crosstable", lambda: crosstable(games, STANDARD)),
        ("game logs, every player", lambda: game_logs(games, STANDARD)),
        ("game log of one player", lambda: game_logs(games, STANDARD, players=[names[0]])),
    ]
    timed = {name: best_ms(fn, args.repeat) for name, fn in rows}
    for name, ms in timed.items():
        print(f"  {name:48s} {ms:9.1f}")
    old, new = timed[rows[0][0]], timed[rows[1][0]]
    print(f"  {'speed-up of tournaments.standings (ACC ranking)':48s} {old / new:9.1f}x")

    # Swiss: the next round after 9 rounds; round robin of the field; a large double elimination.
    rnd = random.Random(3)
    swiss_games: list[GameResult] = []
    byes: list[str] = []
    for _ in range(9):
        r = swiss_pairings(names, swiss_games, STANDARD, byes=byes)
        swiss_games += [GameResult(p.players, random_scores(rnd, 40)) for p in r.pairings]
        byes += [r.bye] if r.bye else []
    entrants = 1024
    decided: dict[int, list[tuple[int, int]]] = {}
    state = elimination(entrants, double=True)
    while state.ready:
        decided.update({m: [(121, 100)] for m in state.ready})
        state = elimination(entrants, double=True, results=decided)
    others = [
        (
            f"Swiss pairings for round 10 ({len(swiss_games)} games so far)",
            lambda: swiss_pairings(names, swiss_games, STANDARD, byes=byes),
        ),
        (f"round robin of {args.players} ({args.players * (args.players - 1) // 2} games)", lambda: round_robin(names)),
        (
            f"double elimination, {entrants} entrants, {len(decided)} results",
            lambda: elimination(entrants, double=True, results=decided),
        ),
    ]
    for name, fn in others:
        print(f"  {name:48s} {best_ms(fn, args.repeat):9.1f}")

    request_path(games, table_of=lambda: standings(games, STANDARD), repeat=args.repeat, direct_ms=new)
    if not args.core_only:
        whole_requests(names, games, args.repeat)


def request_path(games: list[GameResult], table_of: Callable[[], Any], repeat: int, direct_ms: float) -> None:
    """The standings operation's path around the core, piece by piece."""
    from service.api.contract import SPEC
    from service.api.formats import CSV, HTML, render
    from service.api.loading import loader
    from service.api.wire.tables import standings_table
    from service.api.wire.tournaments import standings as encode_standings

    body = orjson.dumps({"games": [{"players": list(g.players), "scores": list(g.scores)} for g in games]})
    data = orjson.loads(body)
    validator = SPEC.validators["tournamentStandings"]
    assert validator.is_valid(data)
    load_standings = loader("StandingsRequest")
    table = table_of()
    path = [
        ("parse the JSON body (orjson)", lambda: orjson.loads(body)),
        ("contract check (jsonschema-rs)", lambda: validator.is_valid(data)),
        ("defaults and loader (StandingsRequest)", lambda: load_standings(data)),
        ("JSON answer: encoder + orjson.dumps", lambda: orjson.dumps(encode_standings(table))),
        ("CSV answer: table + render", lambda: render(standings_table(table), CSV)),
        ("HTML answer: table + render", lambda: render(standings_table(table), HTML)),
    ]
    print(f"request path: body {len(body):,} bytes ({len(body) / len(games):.0f} a game)")
    spent = {name: best_ms(fn, repeat) for name, fn in path}
    for name, ms in spent.items():
        print(f"  {name:48s} {ms:9.1f}")
    parts = (
        "parse the JSON body (orjson)",
        "contract check (jsonschema-rs)",
        "defaults and loader (StandingsRequest)",
        "JSON answer: encoder + orjson.dumps",
    )
    print(f"  {'sum: parse, check, loader, standings, JSON':48s} {sum(spent[p] for p in parts) + direct_ms:9.1f}")


def whole_requests(names: list[str], games: list[GameResult], repeat: int) -> None:
    """Whole requests through the app in-process (the Flask test client: contract, loaders, core,
    encoders, the operations layer with its access log off): the CPU a worker spends on each
    event operation at an event's size and at the contract's worst case, and the answer's size."""
    from service.api.app import create_app
    from service.api.config import Config

    client = create_app(Config(access_log=False, metrics=False, state_keys=(STATE_KEY,))).test_client()

    def as_body(event: list[GameResult]) -> list[dict[str, Any]]:
        return [{"players": list(g.players), "scores": list(g.scores)} for g in event]

    rnd = random.Random(5)
    event = as_body(games)
    largest = as_body(random_event(names, 50_000, seed=15, low=25))
    # The largest events the operations take: 4,096 players (the most an event may name) at
    # four-player tables, as many games as the contract (50,000), a crosstable (131,072 cells) or
    # game logs (100,000 lines) allow.
    field = [f"N{i:04d}" for i in range(4096)]

    def tables(count: int) -> list[dict[str, Any]]:
        return [{"players": rnd.sample(field, 4), "scores": [121, 100, 90, 80]} for _ in range(count)]

    crowd, crossed, logged = tables(50_000), tables(10_900), tables(25_000)
    # The same fields with the longest names the contract takes (48 characters; 48 characters of
    # four UTF-8 bytes each for a round robin, whose body is only the names): the largest answers.
    # A long-named event reaches the body limit first, so it holds as many games as 4 MiB allows.
    long_field = {short: f"{short} {'of a club with a very long name indeed':.<42}" for short in field}
    lengthy = [chr(0x1F300 + i) + "\U0001f0cf" * 47 for i in range(128)]
    assert all(len(name) == 48 for name in (*long_field.values(), *lengthy))

    def long_named(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
        renamed = [{"players": [long_field[p] for p in g["players"]], "scores": g["scores"]} for g in games]
        while len(orjson.dumps({"games": renamed})) > 4 * 1024 * 1024:
            renamed = renamed[: len(renamed) * 99 // 100]
        return renamed

    long_crowd, long_crossed, long_logged = long_named(crowd), long_named(crossed), long_named(logged)
    wide = [f"W{i:03d}" for i in range(512)]
    widest = as_body(random_event(wide, 50_000, seed=16, low=25))
    swiss_names = [f"S{i:04d}" for i in range(1024)]
    swiss_games: list[GameResult] = []
    for _ in range(9):
        r = swiss_pairings(swiss_names, swiss_games, STANDARD)
        swiss_games += [GameResult(p.players, random_scores(rnd, 40)) for p in r.pairings]
    # The bye's worst case: three leaders have beaten 1,020 others, so only a leader can sit out
    # (trying the bottom players one by one took 15 s).
    leaders, bottom = ["a0", "a1", "a2"], [f"b{j:04d}" for j in range(1020)]
    lopsided = {
        "players": leaders + bottom,
        "games": [{"players": [a, b], "scores": [121, 100]} for a in leaders for b in bottom],
    }
    # Refused choices: 48 players have met everyone but one, who must meet them and sits where
    # the top half of the big score group looks first (each refusal searched the whole field).
    g = 48
    xs, cs, ds = ([f"{t}{k:02d}" for k in range(g)] for t in "xcd")
    high, low = [f"h{i:03d}" for i in range(488)], [f"l{i:03d}" for i in range(1024 - 3 * g - 488)]
    stranded_games = [
        [p, xs[k], 121, 91 if p in high else 110 if p in low else 100]
        for k in range(g)
        for p in [*high, *low, *ds, *(cs[j] for j in range(g) if j != k)]
    ]
    stranded_games += [[xs[k], xs[j], 121, 100] for k in range(g) for j in range(k + 1, g)]
    stranded_games += [[cs[k], ds[k], 121, 100] for k in range(g)]
    stranded = {
        "players": [*high, *cs, *low, *ds, *xs],
        "games": [{"players": [a, b], "scores": [s, t]} for a, b, s, t in stranded_games],
    }
    # No round without a repeat: 316 players have all met (as many games as a request holds), 84 are new.
    met, new = [f"c{i:03d}" for i in range(316)], [f"o{i:02d}" for i in range(84)]
    clique = {
        "players": met + new,
        "games": [
            {"players": [met[i], met[j]], "scores": [121, 100 if (i + j) % 3 else 80]}
            for i in range(316)
            for j in range(i + 1, 316)
        ],
    }
    avoiding = {
        "players": swiss_names,
        "avoid": [
            [swiss_names[i % 1024], swiss_names[(i * 37 + 512) % 1024]]
            for i in range(4096)
            if i % 1024 != (i * 37 + 512) % 1024
        ],
    }
    matches = [{"players": rnd.sample(names, 2), "games": [[121, 100], [95, 121], [121, 110]]} for _ in range(10_000)]
    decided: dict[str, Any] = {}
    bracket = {"entrants": 1024, "double": True, "match": {"format": "best_of", "length": 5}}
    while True:
        state = client.post("/v1/tournaments/elimination", json={**bracket, "results": decided}).json
        if not state["ready"]:
            break
        decided.update({str(m): {"games": [[121, 100], [95, 121], [121, 110], [121, 119]]} for m in state["ready"]})
    cases: list[tuple[str, str, Any, str]] = [
        ("standings", f"{len(names)} players, {len(event):,} games", {"games": event}, "json csv html"),
        ("standings", f"{len(names)} players, 50,000 games", {"games": largest}, "json"),
        ("standings", "4,096 players, 50,000 4-player games", {"games": crowd}, "json html"),
        ("crosstable", f"{len(names)} players, {len(event):,} games", {"games": event}, "json csv html"),
        ("crosstable", "512 players, 50,000 games", {"games": widest}, "json html"),
        ("crosstable", "4,096 players, 10,900 4-player games", {"games": crossed}, "json"),
        ("game-logs", f"every player, {len(event):,} games", {"games": event}, "json html"),
        ("game-logs", "one player, 30,000 games", {"games": event, "players": [names[0]]}, "json"),
        ("game-logs", "4,096 players, 25,000 4-player games", {"games": logged}, "json"),
        ("round-robin", "128 players (8,128 games)", {"entrants": 128}, "json html"),
        ("round-robin", "128 players named 48 four-byte characters", {"players": lengthy}, "json html"),
        ("standings", f"4,096 long names, {len(long_crowd):,} 4-player games", {"games": long_crowd}, "json html"),
        ("crosstable", f"4,096 long names, {len(long_crossed):,} 4-player games", {"games": long_crossed}, "json"),
        (
            "game-logs",
            f"4,096 long names, {len(long_logged):,} 4-player games",
            {"games": long_logged},
            "json html csv",
        ),
        (
            "swiss-pairings",
            f"1,024 players, round 10 ({len(swiss_games):,} games)",
            {"players": swiss_names, "games": as_body(swiss_games)},
            "json",
        ),
        ("swiss-pairings", "1,023 players, 3 leaders beat 1,020 (3,060 games)", lopsided, "json"),
        ("swiss-pairings", "1,024 players, 48 stranded (47,976 games)", stranded, "json"),
        ("swiss-pairings", "400 players, 316 have all met (49,770 games): the fewest repeats", clique, "json"),
        ("swiss-pairings", "1,024 players, 4,096 pairs to avoid", avoiding, "json"),
        ("match", "best of 5", {"games": [[121, 100], [95, 121], [121, 60]], "match": {"length": 5}}, "json"),
        ("match-standings", "10,000 matches of 3 games", {"matches": matches}, "json html"),
        (
            "elimination",
            f"1,024 double, best of 5, {len(decided):,} results",
            {**bracket, "results": decided},
            "json html",
        ),
    ]
    media = {"json": "application/json", "csv": "text/csv", "html": "text/html"}
    print("whole requests in-process (best of repeats; CPU ms of this process, answer KB)")
    print(f"  {'operation':18s} {'case':44s} {'format':6s} {'body KB':>8s} {'CPU ms':>8s} {'answer KB':>10s}")
    for path, case, body, formats in cases:
        raw = orjson.dumps(body)
        for kind in formats.split():
            headers = {"Accept": media[kind], "Content-Type": "application/json"}
            response = client.post(f"/v1/tournaments/{path}", data=raw, headers=headers)
            assert response.status_code == 200, (path, case, response.get_data(as_text=True)[:300])
            ms = best_ms(
                lambda: client.post(f"/v1/tournaments/{path}", data=raw, headers=headers), max(1, min(repeat, 3))
            )
            print(
                f"  {path:18s} {case:44s} {kind:6s} {len(raw) / 1024:8.0f} {ms:8.1f} "
                f"{len(response.get_data()) / 1024:10.1f}"
            )
    started = client.post(
        "/v1/games",
        json={"seat": 0, "computer": [{"seat": 1}], "seed": 1, "match": {"length": 5}, "options": {"target": 31}},
    ).json
    table = started["credentials"]["table"]
    game = started
    while game["view"]["phase"] != "over":
        game = client.post(
            "/v1/games/act",
            json={"state": game["state"], "seat": 0, "credential": table, "action": {"type": "auto", "seat": 0}},
        ).json
    body = {"state": game["state"], "seat": 0, "credential": table}
    response = client.post("/v1/games/next-game", json=body)
    assert response.status_code == 201, response.json
    ms = best_ms(lambda: client.post("/v1/games/next-game", json=body), repeat)
    print(
        f"  {'games/next-game':18s} {'a best of 5, after game 1':44s} {'json':6s} "
        f"{len(orjson.dumps(body)) / 1024:8.1f} {ms:8.1f} {len(response.get_data()) / 1024:10.1f}"
    )
    plain = client.post("/v1/games", json={"seat": 0, "seed": 1, "dealer": 0}).json["state"]
    in_match = client.post("/v1/games", json={"seat": 0, "seed": 1, "dealer": 0, "match": {"length": 5}}).json["state"]
    print(
        f"  state token: {len(plain)} characters, {len(in_match)} in a match's first game, "
        f"{len(response.json['state'])} in its second"
    )


if __name__ == "__main__":
    main()
