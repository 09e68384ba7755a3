"""Scoreboard and tournament costs: the core calls and the whole HTTP round trip (test client).

    python -m benchmarks.boards

Best of 5 runs each; numbers in microseconds per call.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

from service.api.wire.boards import board as board_dict
from service.api.wire.boards import load_board
from service.core.boards.board import DealItems, DealTotals, new_board, peg, score_deal
from service.core.rules import STANDARD
from service.core.scoring.results import GameResult
from service.core.tournaments.brackets import bracket
from service.core.tournaments.standings import standings


def best_us(fn: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, time.perf_counter() - start)
    return best / repeat * 1e6


def main() -> None:
    logging.disable(logging.CRITICAL)
    board = new_board(STANDARD, 0).board
    board = score_deal(board, DealTotals((30, 25))).board
    data = board_dict(board)
    rnd = random.Random(5)
    names = [f"p{i}" for i in range(120)]
    games = []
    for _ in range(540):  # 120 players x 9 games
        a, b = rnd.sample(names, 2)
        games.append(GameResult((a, b), (121, rnd.randint(40, 120))))
    rows = [
        ("load_board (check a client's board)", lambda: load_board(data), 20_000),
        ("peg one score", lambda: peg(board, 1, 2, "fifteen"), 20_000),
        ("score_deal itemised", lambda: score_deal(board, DealItems(2, (4, 6), (8, 12), 5)), 20_000),
        ("standings, 540 games of 120 players", lambda: standings(games, STANDARD), 50),
        ("bracket of 1024 qualifiers", lambda: bracket(4096), 50),
    ]
    for name, fn, repeat in rows:
        print(f"{name:45s} {best_us(fn, repeat):10.1f} us")

    from service.api.app import create_app
    from service.api.config import Config

    client = create_app(Config(testing=True, access_log=False)).test_client()
    body = {"board": data, "side": 1, "points": 2, "kind": "fifteen"}
    deal_body = {"board": data, "deal": {"heels": 2, "pegging": [4, 6], "hands": [8, 12], "crib": 5}}
    http = [
        ("POST /v1/boards/peg", lambda: client.post("/v1/boards/peg", json=body), 2_000),
        ("POST /v1/boards/deal", lambda: client.post("/v1/boards/deal", json=deal_body), 2_000),
        ("POST /v1/games/outcome", lambda: client.post("/v1/games/outcome", json={"scores": [121, 90]}), 2_000),
    ]
    for name, fn, repeat in http:
        print(f"{name:45s} {best_us(fn, repeat):10.1f} us")


if __name__ == "__main__":
    main()
