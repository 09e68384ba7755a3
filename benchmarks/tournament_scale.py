"""Event-sized tournament work: 250 players, 30,000 games (issue 14), piece by piece.

    python -m benchmarks.tournament_scale [--players 250] [--games 30000] [--repeat 5]

A 250-player event of 120 games each is 30,000 games. Every line is the best of ``--repeat``
runs, in milliseconds of this process's CPU time (``time.process_time``: on a machine shared
with other work, wall-clock time measures the neighbours too); the two standings lines run side
by side in the same process, so their ratio holds even when the absolute numbers drift.

* core: ``tournament.standings`` (the first version) against ``results.standings`` (outcomes
  worked out once per distinct score line, every invalid game collected), with the default
  ACC ranking and with ``head_to_head``; the check alone; crosstable; game logs; Swiss pairings
  for the next round; a round robin of the whole field; a 1,024-entrant double elimination.
* the request path around them, for the budget of one HTTP request: the JSON body's size and
  parse, the contract check (the ``StandingsRequest`` schema with its ``maxItems: 1000`` lifted,
  as the issue needs), the marshmallow load, and the response's ``to_dict`` plus JSON encoding.
"""

from __future__ import annotations

import argparse
import copy
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import jsonschema_rs
import orjson

from service.core import results, tournament
from service.core.crosstable import crosstable, game_logs
from service.core.elimination import elimination
from service.core.rules import STANDARD, resolve
from service.core.schedule import round_robin, swiss_pairings
from service.core.tournament import GameResult
from tests.support.events import random_event, random_scores


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
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    names = [f"Player {i:03d}" for i in range(args.players)]
    games = random_event(names, args.games, seed=14, low=25)
    h2h = resolve("six_card", {"tiebreakers": ["game_points", "head_to_head", "spread"]})
    assert results.standings(games, STANDARD) == tournament.standings(games, STANDARD)
    assert results.standings(games, h2h) == tournament.standings(games, h2h)
    print(f"{args.players} players, {len(games)} games; best of {args.repeat}, ms")

    rows: list[tuple[str, Callable[[], Any]]] = [
        ("standings, first version (tournament.py)", lambda: tournament.standings(games, STANDARD)),
        ("standings, results.standings", lambda: results.standings(games, STANDARD)),
        ("standings + head_to_head, first version", lambda: tournament.standings(games, h2h)),
        ("standings + head_to_head, results.standings", lambda: results.standings(games, h2h)),
        ("check every game (results.game_problems)", lambda: results.game_problems(games, STANDARD)),
        ("crosstable", lambda: crosstable(games, STANDARD)),
        ("game logs, every player", lambda: game_logs(games, STANDARD)),
        ("game log of one player", lambda: game_logs(games, STANDARD, players=[names[0]])),
    ]
    timed = {name: best_ms(fn, args.repeat) for name, fn in rows}
    for name, ms in timed.items():
        print(f"  {name:48s} {ms:9.1f}")
    old, new = timed[rows[0][0]], timed[rows[1][0]]
    print(f"  {'speed-up of results.standings (ACC ranking)':48s} {old / new:9.1f}x")

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
        (f"Swiss pairings for round 10 ({len(swiss_games)} games so far)",
         lambda: swiss_pairings(names, swiss_games, STANDARD, byes=byes)),
        (f"round robin of {args.players} ({args.players * (args.players - 1) // 2} games)",
         lambda: round_robin(names)),
        (f"double elimination, {entrants} entrants, {len(decided)} results",
         lambda: elimination(entrants, double=True, results=decided)),
    ]
    for name, fn in others:
        print(f"  {name:48s} {best_ms(fn, args.repeat):9.1f}")

    # The request path around the core, for the standings operation.
    from service.api.board_schemas import standings_schema
    from service.api.spec import SPEC

    body = orjson.dumps({"games": [{"players": list(g.players), "scores": list(g.scores)} for g in games]})
    document = copy.deepcopy(SPEC.document)
    document["components"]["schemas"]["StandingsRequest"]["properties"]["games"].pop("maxItems")
    validator = jsonschema_rs.Draft202012Validator(
        {"$ref": "#/components/schemas/StandingsRequest", "components": document["components"]})
    data = orjson.loads(body)
    assert validator.is_valid(data)
    table = results.standings(games, STANDARD)
    path = [
        ("parse the JSON body (orjson)", lambda: orjson.loads(body)),
        ("contract check (jsonschema-rs, no maxItems)", lambda: validator.is_valid(data)),
        ("marshmallow load (standings_schema)", lambda: standings_schema.load(data)),
        ("or GameResults straight from the checked body",
         lambda: [GameResult(tuple(g["players"]), tuple(g["scores"])) for g in data["games"]]),
        ("response: to_dict + orjson.dumps", lambda: orjson.dumps(table.to_dict())),
    ]
    print(f"request path: body {len(body):,} bytes ({len(body) / len(games):.0f} a game)")
    spent = {name: best_ms(fn, args.repeat) for name, fn in path}
    for name, ms in spent.items():
        print(f"  {name:48s} {ms:9.1f}")
    direct = sum(ms for name, ms in spent.items() if "marshmallow" not in name) + new
    print(f"  {'sum: GameResults built directly + results.standings':48s} {direct:9.1f}")


if __name__ == "__main__":
    main()
