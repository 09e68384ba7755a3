"""``since_move`` near the end of a long game: the view's CPU, replayed from the deal against the whole game.

    python -m benchmarks.since_move              # 15 alternating rounds, a markdown table
    python -m benchmarks.since_move --rounds 31

Two long games are played to a position just before their end, every move the computer's
(``benchmarks.worst_cases.long_game``): a six-card game to 121 and a 100-deal game of four players
counting their own hands (the deal limit). Then ``POST /v1/games/view`` of that position with
``since_move`` two moves back is sent straight into the WSGI app, alternately with the
service's ``events_since`` (which replays from the deal those moves were made in) and with
the former one (the whole game replayed from its seed, every event above ``since_move`` kept),
the same bodies in the same run. Printed per game: the median and best CPU per request of each
(both answers are checked to be the same bytes), and the answer's size.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from typing import Any

from benchmarks.worst_cases import Json, Service, long_game
from service.api import games
from service.core.game.events import Numbered
from service.core.game.record import events_since
from service.core.game.state import GameState


def whole_replay(state: GameState, seat: int | None, move: int) -> tuple[Numbered, ...]:
    """The former ``events_since``: the whole game replayed from its seed (as for a state sealed
    before the deal starts were kept)."""
    return events_since(state._replace(deal_starts=()), seat, move)


def timed(service: Service, body: Json, finder: Callable[..., Any]) -> tuple[float, bytes]:
    games.events_since = finder  # type: ignore[assignment]
    code, answer, cpu = service.call("POST", "/v1/games/view", body)
    assert code == 200, answer[:300]
    return cpu, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    service = Service()
    new = games.events_since
    _, _, hundred = long_game(service)
    _, _, six = long_game(service, "six_card", {})
    cases = {"six-card to 121": six, "100 deals, four players, manual counting": hundred}
    print("| game | moves | since_move | from the deal: median (best) ms | whole replay: median (best) ms | answer |")
    print("|---|---|---|---|---|---|")
    for name, last in cases.items():
        seen = service.post("/v1/games/view", {key: last[key] for key in ("state", "seat", "credential")})
        moves = seen["view"]["move"]
        body = {key: last[key] for key in ("state", "seat", "credential")} | {"since_move": moves - 2}
        cpu: dict[str, list[float]] = {"deal": [], "whole": []}
        for _ in range(rounds):
            for label, finder in (("deal", new), ("whole", whole_replay)):
                spent, answer = timed(service, body, finder)
                cpu[label].append(spent * 1000)
                if label == "deal":
                    fast = answer
                else:
                    assert answer == fast, "the two answers differ"
        games.events_since = new
        deal, whole = cpu["deal"], cpu["whole"]
        print(
            f"| {name} | {moves} | {moves - 2} | {statistics.median(deal):.2f} ({min(deal):.2f}) "
            f"| {statistics.median(whole):.2f} ({min(whole):.2f}) | {len(fast) / 1000:.1f} KB |"
        )


if __name__ == "__main__":
    main()
