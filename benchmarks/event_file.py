"""The event file operations (``/v1/tournaments/event/...``) at their largest: CPU of one core
(best of 3) and answer size, in-process through the app (docs/worst-cases.md).

    python -m benchmarks.event_file

The largest event file is the one the 4 MiB body holds: 4,096 players over as many rounds as fit
(two cards a table, every one of them in), or a 1,024-player field for the pairings (the Swiss
field's limit). ``disputed`` makes every table's cards differ, the cross-check's largest answer.
"""

from __future__ import annotations

import json
import time
from typing import Any

from service.api.app import create_app
from service.api.config import Config

LIMIT = 4 * 1024 * 1024


def event(players: int, rounds: int, *, disputed: bool = False, width: int = 5) -> dict[str, Any]:
    names = [f"p{i:0{width - 1}d}" for i in range(players)]
    tables: list[dict[str, Any]] = []
    cards: list[dict[str, Any]] = []
    for r in range(1, rounds + 1):
        half = players // 2  # the first half meets the second, shifted one a round: no pair twice
        for t in range(half):
            a, b = names[t], names[half + (t + r - 1) % half]
            tables.append({"round": r, "table": t + 1, "players": [a, b]})
            loser = 60 + (t * 7 + r) % 61
            cards.append({"round": r, "table": t + 1, "by": a, "scores": [121, loser]})
            cards.append({"round": r, "table": t + 1, "by": b, "scores": [121, loser - (1 if disputed else 0)]})
    return {"players": names, "tables": tables, "byes": [], "cards": cards}


def largest(players: int, **options: Any) -> tuple[dict[str, Any], int]:
    rounds = 1
    while len(json.dumps(event(players, rounds + 1, **options))) <= LIMIT and rounds < 128:
        rounds += 1
    return event(players, rounds, **options), rounds


def measure(client: Any, path: str, body: dict[str, Any], accept: str = "application/json") -> tuple[float, int, int]:
    best = float("inf")
    size = status = 0
    for _ in range(3):
        start = time.process_time()
        response = client.post(path, json=body, headers={"Accept": accept})
        best = min(best, time.process_time() - start)
        size, status = len(response.get_data()), response.status_code
    return best * 1000, size, status


def main() -> None:
    client = create_app(Config(testing=True)).test_client()
    body, rounds = largest(4096)
    print(
        f"4,096 players, {rounds} rounds, {len(body['tables'])} tables, {len(body['cards'])} cards, "
        f"{len(json.dumps(body)) / 1e6:.2f} MB body"
    )
    for name in ("standings", "crosstable", "cross-check"):
        cpu, size, status = measure(client, f"/v1/tournaments/event/{name}", body)
        print(f"  {name}: {cpu:.0f} ms CPU, {size / 1000:.0f} KB, {status}")
    disputed, rounds = largest(4096, disputed=True)
    cpu, size, status = measure(client, "/v1/tournaments/event/cross-check", disputed)
    print(f"  cross-check, every table disputed ({rounds} rounds): {cpu:.0f} ms CPU, {size / 1000:.0f} KB, {status}")
    field, rounds = largest(1024)
    cpu, size, status = measure(client, "/v1/tournaments/event/pairings", field)
    print(
        f"1,024 players, {rounds} rounds ({len(json.dumps(field)) / 1e6:.2f} MB): pairings {cpu:.0f} ms CPU, "
        f"{size / 1000:.0f} KB, {status}"
    )
    standing = client.post("/v1/tournaments/event/standings", json=body).json
    line = standing["cut"]
    # the director's decisions: at the line, and for every group of qualifiers sharing a rank
    ranks: dict[int, list[str]] = {}
    for row in standing["standings"]:
        if row["cut"] == "qualified":
            ranks.setdefault(row["rank"], []).append(row["player"])
    groups = [name for group in ranks.values() if len(group) > 1 for name in group]
    decided = {"tie_break": line["tied"][: line["places"]] + groups}
    print(f"  the cut: {len(line['tied'])} tied at the line, {len(groups)} qualifiers in tied groups")
    for name, extra in (("playoff", decided), ("playoff, seeded by ratings", {**decided, "seed_by": "ratings"})):
        cpu, size, status = measure(client, "/v1/tournaments/event/playoff", {**body, **extra})
        print(f"  {name} (1,024 qualifiers): {cpu:.0f} ms CPU, {size / 1000:.0f} KB, {status}")
    broken = {**body, "cards": [dict(card) for card in body["cards"]]}
    for card in broken["cards"][:19]:
        card["scores"] = [121, 2_000_000]  # 19 contract errors (20 is where the contract's list stops)
    broken["cards"][-1]["by"] = "nobody"
    cpu, size, status = measure(client, "/v1/tournaments/event/standings", broken)
    print(f"  19 contract errors and the rules checked behind them: {cpu:.0f} ms CPU, {size / 1000:.1f} KB, {status}")
    day = {"players": [f"p{i:04d}" for i in range(4096)], "games": 32}
    cpu, size, status = measure(client, "/v1/tournaments/event/fixed-games", day)
    print(f"fixed games, 4,096 players x 32 (131,072 stops): {cpu:.0f} ms CPU, {size / 1000:.0f} KB, {status}")
    # The names at the bound (4 MiB of names times games: 32 bytes each here), made of the
    # character every format escapes longest (a quote: \" in JSON and CSV, &quot; in a page).
    quotes = {"players": [f"{i:04d}" + '"' * 28 for i in range(4096)], "games": 32}
    for accept in ("application/json", "text/csv", "text/html"):
        cpu, size, status = measure(client, "/v1/tournaments/event/fixed-games", quotes, accept)
        print(f"  names of quotes at the bound, {accept}: {cpu:.0f} ms CPU, {size / 1e6:.1f} MB, {status}")
    bad = event(4096, 4)
    for card in bad["cards"]:
        card["scores"] = [125, 90]
    cpu, size, status = measure(client, "/v1/tournaments/event/standings", bad)
    print(
        f"every card past the game hole ({len(bad['cards'])} cards): {cpu:.0f} ms CPU, {size / 1000:.1f} KB, {status}"
    )


if __name__ == "__main__":
    main()
