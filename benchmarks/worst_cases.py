"""The worst case of every operation: the costliest request the contract admits, its CPU and its answer.

    python -m benchmarks.worst_cases              # every operation, best of 3, a markdown table
    python -m benchmarks.worst_cases --rounds 5

Each case is built at the contract's limits (the longest batch, the most players, the
longest game the engine allows, the largest bracket, ...) and sent straight into the WSGI app
(the environ gunicorn builds; access log and metrics on), in-process. Printed per case: the
status, the CPU time of the request (best of the rounds: the least disturbed by other load)
and the size of the answer. Game cases are built by playing real games to their limits first:
a 100-deal game (the deal limit) of four players under manual counting, every move by the
computer. The event operations (standings, crosstables, schedules, matches, brackets that advance)
take a whole event in one request and have their own benchmark at their limits,
:mod:`benchmarks.tournament_scale`. ``docs/worst-cases.md`` quotes both; re-run them after any change that
could move them.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from benchmarks import ops_cost
from service.api.state_token import generate_key

Json = dict[str, Any]
HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@dataclass(frozen=True)
class Case:
    operation: str  # METHOD /path
    what: str  # why this request is the worst
    body: Any = None  # JSON body, or None for a GET
    query: str = ""
    accept: str = "application/json"


class Service:
    """The app in-process, called as gunicorn calls it, with its answers."""

    def __init__(self) -> None:
        self.app = ops_cost.build("all", (generate_key(),))

    def call(
        self, method: str, path: str, body: Any = None, query: str = "", accept: str = "application/json"
    ) -> tuple[int, bytes, float]:
        env = ops_cost.environ(method, path, body)
        env["QUERY_STRING"] = query
        env["HTTP_ACCEPT"] = accept
        status: list[str] = []

        def start(line: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
            status.append(line)

        started = time.process_time()
        result = self.app(env, start)
        answer = b"".join(result)
        close = getattr(result, "close", None)
        if close is not None:
            close()
        return int(status[-1][:3]), answer, time.process_time() - started

    def post(self, path: str, body: Json) -> Json:
        code, answer, _ = self.call("POST", path, body)
        assert code < 300, (path, code, answer[:300])
        found: Json = json.loads(answer)
        return found


LONGEST = {"target": 10000, "muggins": True}  # the deal limit reached, every hand counted by its owner


def long_game(
    service: Service, variant: str = "four_player_individual", options: Json = LONGEST
) -> tuple[str, str, Json]:
    """A finished 100-deal game (the deal limit) of four players counting their own hands (or
    a game of ``variant`` with ``options``), every move the computer's, its table credential (the
    longest record and history), and the body of its last move."""
    game = service.post(
        "/v1/games",
        {"variant": variant, "seed": 1, "dealer": 0, "seat": 0, "options": options},
    )
    table = game["credentials"]["table"]
    last: Json = {}
    while game["view"]["phase"] != "over":
        seat = game["view"]["to_act"][0]
        last = {"state": game["state"], "seat": 0, "credential": table, "action": {"type": "auto", "seat": seat}}
        game = service.post("/v1/games/act", last)
    return game["state"], table, last


def late_discard(service: Service) -> tuple[str, str]:
    """A six-card game at its first discard with a score within 24 points of 121 (every move
    the computer's), and its table credential."""
    game = service.post("/v1/games", {"variant": "six_card", "seed": 1, "dealer": 0, "seat": 0})
    table = game["credentials"]["table"]
    while not (game["view"]["phase"] == "discard" and max(peg["front"] for peg in game["view"]["pegs"]) >= 121 - 24):
        seat = game["view"]["to_act"][0]
        body = {"state": game["state"], "seat": 0, "credential": table, "action": {"type": "auto", "seat": seat}}
        game = service.post("/v1/games/act", body)
    return game["state"], table


def against_the_computer(service: Service, variant: str = "four_player_individual") -> list[Json]:
    """Every move of a person against the computer's hard seats (by default three, four players):
    the costliest move is one after which the computer plays the rest of a deal, the show and the
    next deal. Two players: hard searches the play out at each of its cards."""
    players = {"four_player_individual": 4, "six_card": 2}[variant]
    game = service.post(
        "/v1/games",
        {
            "variant": variant,
            "seed": 3,
            "seat": 0,
            "computer": [{"seat": s, "level": "hard"} for s in range(1, players)],
        },
    )
    credential = game["credentials"]["seats"][0]["credential"]
    rng = random.Random(3)
    bodies = []
    while game["view"]["phase"] != "over":
        body = {
            "state": game["state"],
            "seat": 0,
            "credential": credential,
            "action": rng.choice(game["legal_actions"]),
        }
        bodies.append(body)
        game = service.post("/v1/games/act", body)
    return bodies


def whole_play() -> tuple[list[list[str]], list[Json]]:
    """Four players' hands of four and their whole play, every go said: the longest sequence."""
    from service.core.cards import DECK
    from service.core.rules import preset
    from service.core.scoring.pegging import play_card, say_go, start_play

    rng = random.Random(8)
    deck = list(DECK)
    rng.shuffle(deck)
    dealt = [deck[4 * seat : 4 * seat + 4] for seat in range(4)]
    play = start_play(preset("four_player_individual"), 0, dealt)
    plays: list[Json] = []
    while play.turn is not None:
        seat = play.turn
        playable = play.playable(seat)
        if playable:
            play, _ = play_card(play, seat, playable[0])
            plays.append({"seat": seat, "card": str(playable[0])})
        else:
            play, _ = say_go(play, seat)
            plays.append({"seat": seat, "go": True})
    return [[str(card) for card in hand] for hand in dealt], plays


def cases(service: Service) -> Iterator[Case]:
    state, table, last = long_game(service)
    yield Case("GET /healthz", "liveness")
    yield Case("GET /readyz", "readiness")
    yield Case("GET /openapi.yaml", "the contract", accept="application/yaml")
    yield Case("GET /v1/variants", "every preset")
    yield Case("GET /metrics", "every series of the routes used above")
    yield Case("POST /v1/hands/score", "the 29 hand, in German (the longest words)", HAND_29, "lang=de")
    yield Case("POST /v1/hands/score-batch", "500 hands of 29, in German", {"hands": [HAND_29] * 500}, "lang=de")
    yield Case(
        "POST /v1/pegging/score",
        "a 12-card count of pairs and runs",
        {"pile": ["AS", "AH", "AD", "2S", "2H", "2D", "3S", "3H", "3D", "AC", "2C"], "card": "3C"},
    )
    hands, plays = whole_play()
    yield Case(
        "POST /v1/pegging/sequence",
        f"four players' whole play, {len(plays)} entries with the goes",
        {"players": 4, "leader": 0, "hands": hands, "plays": plays},
    )
    yield Case(
        "POST /v1/games",
        "four players, three of them the computer's",
        {"variant": "four_player_individual", "seat": 0, "computer": [{"seat": s, "level": "hard"} for s in (1, 2, 3)]},
    )
    moves = against_the_computer(service)
    costliest = max(moves, key=lambda body: min(service.call("POST", "/v1/games/act", body)[2] for _ in range(2)))
    yield Case(
        "POST /v1/games/act", f"the costliest of a game's {len(moves)} moves against three computer seats", costliest
    )
    duel = against_the_computer(service, "six_card")
    costliest = max(duel, key=lambda body: min(service.call("POST", "/v1/games/act", body)[2] for _ in range(2)))
    yield Case("POST /v1/games/act", f"the costliest of a two-player game's {len(duel)} moves against hard", costliest)
    yield Case(
        "POST /v1/games/act",
        "a 100-deal game's last move, with every event since its opening (since_move -1)",
        {**last, "since_move": -1},
    )
    yield Case(
        "POST /v1/games/view",
        "a 100-deal game's every event since its opening (since_move -1)",
        {"state": state, "seat": 0, "credential": table, "since_move": -1},
    )
    yield Case(
        "POST /v1/games/history",
        "a 100-deal game's finished deals, for a seat",
        {"state": state, "seat": 0, "credential": table},
    )
    yield Case("POST /v1/games/record", "a 100-deal game of four players with manual counting", {"state": state})
    yield Case(
        "POST /v1/games/review",
        "the same game's seat 0: 100 deals of decisions, counts and muggins calls",
        {"state": state, "seat": 0, "credential": table},
    )
    two, two_table, _ = long_game(service, "six_card")
    yield Case(
        "POST /v1/games/review",
        "a 100-deal two-player game's seat 0: hard's search at every card played",
        {"state": two, "seat": 0, "credential": two_table},
    )
    discard = service.post("/v1/games", {"variant": "six_card", "seed": 12, "dealer": 0, "seat": 0})
    yield Case(
        "POST /v1/games/hints",
        "a six-card discard: 15 options (hard's throw first), each with the pegging estimate",
        {"state": discard["state"], "seat": 0, "credential": discard["credentials"]["table"]},
    )
    state, table = late_discard(service)
    yield Case(
        "POST /v1/games/hints",
        "a six-card discard within 24 points of 121: hard's throw is the keep likeliest to go out",
        {"state": state, "seat": 0, "credential": table},
    )
    new_board = {"players": 4, "partnerships": False, "dealer": 0}
    board = service.post("/v1/boards", new_board)["board"]
    yield Case("POST /v1/boards", "a four-player board", new_board)
    yield Case("POST /v1/boards/peg", "one peg", {"board": board, "side": 1, "points": 2, "kind": "fifteen"})
    yield Case(
        "POST /v1/boards/deal",
        "a deal of four players in counting order",
        {"board": board, "deal": {"heels": 2, "pegging": [5, 7, 3, 6], "hands": [8, 12, 4, 6], "crib": 5}},
    )
    yield Case("POST /v1/games/outcome", "three sides, a double skunk", {"scores": [121, 40, 15], "scheme": "acc"})
    yield Case("POST /v1/tournaments/bracket", "4,096 entrants, 1,024 qualify", {"entrants": 4096, "qualifiers": 1024})
    yield Case(
        "POST /v1/hands/discard-advice",
        "six cards, two to throw: 15 throws over 46 starters and the crib",
        {"cards": ["5S", "5H", "JD", "4C", "6D", "QS"], "dealer": False},
    )
    yield Case(
        "POST /v1/hands/discard-advice",
        "the same weighed by the learned crib model (its prior: 91 rank pairs x 13 starters, 46 cards' pair weights)",
        {"cards": ["5S", "5H", "JD", "4C", "6D", "QS"], "dealer": False, "crib_model": "learned"},
    )


def measure(service: Service, case: Case, rounds: int) -> tuple[int, float, int]:
    method, path = case.operation.split(" ", 1)
    best, size, code = float("inf"), 0, 0
    for _ in range(rounds):
        code, answer, cpu = service.call(method, path, case.body, case.query, case.accept)
        best, size = min(best, cpu), len(answer)
    return code, best, size


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="times each case is sent; the least CPU counts")
    args = parser.parse_args(argv)
    logging.disable(logging.CRITICAL)
    with ops_cost.production_like_outputs():
        service = Service()
        rows = [(case, *measure(service, case, args.rounds)) for case in cases(service)]
    out = io.StringIO()
    out.write("| Operation | Worst case | Status | CPU ms | Answer KB |\n|---|---|---|---|---|\n")
    for case, code, cpu, size in rows:
        out.write(f"| `{case.operation}` | {case.what} | {code} | {cpu * 1000:.1f} | {size / 1024:.1f} |\n")
    sys.stdout.write(out.getvalue())


if __name__ == "__main__":
    main()
