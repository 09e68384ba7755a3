"""What a game review and ``hard``'s decisions cost, per variant and phase, beside a reference.

    python -m benchmarks.review_cost --games 6
    python -m benchmarks.review_cost --games 6 --reference /work/main --rounds 2
    python -m benchmarks.review_cost --games 3 --split     # where a six-card review's time goes

Whole games per variant (``--games``, seeds 100 on, every move the engine's ``auto``), each
seat reviewed in the core (:func:`service.core.computer.review.review`, CPU time of the
whole review), and ``hard`` timed alone at every discard and play of those games (the
positions the reviews compare its move at), per phase. ``--reference`` runs the same measurement
with another checkout's ``service`` package (this file run as a script with that checkout
first on the path), alternating with this one for ``--rounds`` rounds, so both see the same
load; each line says which code it measured. CPU time, so other work on the machine
inflates it less than wall time, though still by its share of the caches. ``--split``: for
six-card reviews, the mean CPU a review spends in ``hard``'s searches that its budget of new
positions bounds (seven or eight cards left in the two hands: the lead and the first
answer; or the race), in the later ones (every drawn hand searched), and elsewhere.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict

VARIANTS = ("six_card", "five_card", "four_player")
LATER = 6  # cards left in the two hands from which the search never reaches its budget (40 games checked)


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1e3:6.1f} ms, p99 {p99 * 1e3:6.1f} ms, max {ordered[-1] * 1e3:6.1f} ms"


def measure(games: int) -> dict[str, list[float]]:
    """CPU seconds: ``review VARIANT`` per reviewed seat, ``hard VARIANT PHASE`` per decision."""
    from service.core.computer.play import apply, new_game
    from service.core.computer.players import choose
    from service.core.computer.review import review
    from service.core.game.engine import Action, may_act
    from service.core.rules import preset

    out: dict[str, list[float]] = defaultdict(list)
    for variant in VARIANTS:
        for seed in range(100, 100 + games):
            state, _ = new_game(preset(variant), seed=seed, dealer=0)
            positions = []
            while not state.over:
                seat = may_act(state)[0]
                positions.append((state, seat))
                state, _ = apply(state, Action("auto", seat))
            for seat in range(len(state.hands)):
                started = time.process_time()
                review(state, seat)
                out[f"review {variant}"].append(time.process_time() - started)
            for before, seat in positions:
                if before.phase in ("discard", "play"):
                    started = time.process_time()
                    choose(before, seat, "hard")
                    out[f"hard {variant} {before.phase}"].append(time.process_time() - started)
    return out


def split(games: int) -> None:
    from service.core.computer.play import apply, new_game
    from service.core.computer.players import hard, search
    from service.core.computer.review import review
    from service.core.game.engine import Action, may_act
    from service.core.game.views import SeatView
    from service.core.rules import preset

    spent = {"budgeted": 0.0, "later": 0.0}
    count = {"budgeted": 0, "later": 0}
    searched = hard.choose_card  # type: ignore[attr-defined]

    def timed(seen: SeatView, **options: bool) -> object:
        needs = [seen.rules.target - score for score in seen.scores]
        kind = "budgeted" if sum(seen.held) > LATER or min(needs) <= search.RACE else "later"
        started = time.process_time()
        card = searched(seen, **options)
        spent[kind] += time.process_time() - started
        count[kind] += 1
        return card

    hard.choose_card = timed  # type: ignore[attr-defined,assignment]
    total, reviews = 0.0, 0
    for seed in range(100, 100 + games):
        state, _ = new_game(preset("six_card"), seed=seed, dealer=0)
        while not state.over:
            state, _ = apply(state, Action("auto", may_act(state)[0]))
        for seat in (0, 1):
            started = time.process_time()
            review(state, seat)
            total += time.process_time() - started
            reviews += 1
    print(f"six-card reviews: {reviews}, {total / reviews * 1e3:.0f} ms a review")
    for kind in spent:
        print(
            f"  searches {kind:8}: {count[kind] / reviews:.1f} a review, {spent[kind] / reviews * 1e3:.0f} ms a review, "
            f"{spent[kind] / max(1, count[kind]) * 1e3:.1f} ms each"
        )


def _child(reference: str, games: int) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": reference}
    done = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--games", str(games), "--json"],
        env=env,
        cwd=reference,
        capture_output=True,
        text=True,
        check=True,
    )
    answer: dict[str, list[float]] = json.loads(done.stdout)
    return answer


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="whole games per variant")
    parser.add_argument("--reference", help="another checkout: measure its service too, alternating")
    parser.add_argument("--rounds", type=int, default=1, help="alternations with --reference")
    parser.add_argument("--json", action="store_true", help="print the raw times (for --reference)")
    parser.add_argument("--split", action="store_true", help="where a six-card review's time goes")
    args = parser.parse_args(argv)
    if args.split:
        split(args.games)
        return
    if args.json:
        print(json.dumps(measure(args.games)))
        return
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    runs: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for _ in range(args.rounds if args.reference else 1):
        for name, path in (("this", here), ("reference", args.reference)):
            if path is None:
                continue
            for key, values in _child(path, args.games).items():
                runs[key][name] += values
    for key in sorted(runs):
        for name, values in runs[key].items():
            print(f"{key:28} {name:9} {len(values):5} {quantiles(values)}")


if __name__ == "__main__":
    main()
