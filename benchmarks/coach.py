"""Hints and reviews: their cost over whole games, and the pegging estimate's error.

    python -m benchmarks.coach                    # hints p50/p99 over every position of whole games; reviews
    python -m benchmarks.coach --games 10         # more games per variant
    python -m benchmarks.coach --pegging-error    # the discard hints' pegging estimate against a long run

Hints: every position of ``--games`` whole games per variant (every move the computer's), each
asked of the seat to act through the WSGI app in-process (access log and metrics on), CPU time
of the whole request, and the core's part alone (:func:`service.core.coach.hints`). Reviews:
``--games`` whole two-player games of 121 (and one of four players), each seat reviewed
through the app. The pegging error: for ``--deals`` random six-card deals, every option's
estimate over :data:`~service.core.coach_pegging.SAMPLES` deals of the other hands against the
same over 4,000 (the truth, to about 0.05): the mean and largest absolute difference, and how
often the order of the two best options by ``with_pegging`` changes.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import time
from typing import Any

from benchmarks import ops_cost
from benchmarks.worst_cases import Service
from service.core.cards import DECK
from service.core.computer.advice import discard_advice
from service.core.computer.coach import hints
from service.core.computer.coach_pegging import SAMPLES, pegging_estimates
from service.core.computer.play import apply, new_game
from service.core.game.engine import Action, may_act
from service.core.rules import preset

VARIANTS = ("six_card", "five_card", "three_player", "four_player", "four_player_individual")


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms, max {ordered[-1] * 1e3:.2f} ms"


def play_through(service: Service, variant: str, seed: int, options: dict[str, Any] | None = None) -> list[Any]:
    """Every position of a whole game (its state and the seat to act), and the final answer."""
    game = service.post("/v1/games", {"variant": variant, "seed": seed, "seat": 0, "options": options or {}})
    table = game["credentials"]["table"]
    positions = []
    while game["view"]["phase"] != "over":
        seat = game["view"]["to_act"][0]
        positions.append((game["state"], seat, table, game["view"]["phase"]))
        game = service.post(
            "/v1/games/act", {"state": game["state"], "credential": table, "action": {"type": "auto", "seat": seat}}
        )
    return [positions, game, table]


def hint_costs(service: Service, games: int, out: list[str]) -> None:
    """Per variant and phase (discard, play, show), the request's CPU time and the core's alone."""
    for variant in VARIANTS:
        requests: dict[str, list[float]] = {}
        core: dict[str, list[float]] = {}
        for seed in range(games):
            positions, _, _ = play_through(service, variant, seed)
            for state, seat, table, phase in positions:
                code, _, cpu = service.call(
                    "POST", "/v1/games/hints", {"state": state, "seat": seat, "credential": table}
                )
                assert code == 200, code
                requests.setdefault(phase, []).append(cpu)
        rng = random.Random(variant)
        for _ in range(games * 40):  # the core alone, over positions of the engine's own games
            state, _ = new_game(preset(variant), rng.randrange(2**32), 0)
            while not state.over and rng.random() < 0.9:
                state, _ = apply(state, Action("auto", may_act(state)[0]))
            if not state.over:
                started = time.process_time()
                hints(state, may_act(state)[0])
                core.setdefault(state.phase, []).append(time.process_time() - started)
        for phase in sorted(requests):
            alone = core.get(phase, [])
            out.append(
                f"hints {variant} {phase}: {len(requests[phase])} requests: {quantiles(requests[phase])}"
                + (f"; core alone ({len(alone)} positions): {quantiles(alone)}" if alone else "")
            )


def review_costs(service: Service, games: int, out: list[str]) -> None:
    for variant, count in (("six_card", games), ("four_player", 1)):
        cpus, sizes, decisions = [], [], []
        for seed in range(count):
            _, final, table = play_through(service, variant, 100 + seed)
            for seat in range(len(final["view"]["held"])):
                code, answer, cpu = service.call(
                    "POST", "/v1/games/review", {"state": final["state"], "seat": seat, "credential": table}
                )
                assert code == 200, code
                cpus.append(cpu)
                sizes.append(len(answer))
                decisions.append(len(json.loads(answer)["decisions"]))
        out.append(
            f"review {variant} (whole games of 121, {len(cpus)} seats): {quantiles(cpus)}; "
            f"{statistics.mean(decisions):.0f} decisions, {statistics.mean(sizes) / 1024:.0f} KB an answer"
        )


def pegging_error(deals: int) -> None:
    rules = preset("six_card")
    rng = random.Random(7)
    gaps, flips = [], 0
    for _ in range(deals):
        dealt = tuple(rng.sample(DECK, 6))
        options = discard_advice(dealt, False, rules).options
        keeps = [o.keep for o in options]
        quick = pegging_estimates(rules, dealt, keeps, seat=1, dealer=0)
        truth = pegging_estimates(rules, dealt, keeps, seat=1, dealer=0, samples=4000)
        gaps += [abs(float(q - t)) for q, t in zip(quick, truth, strict=True)]
        top = sorted(range(len(options)), key=lambda i: -(options[i].net + quick[i]))[:2]
        true_top = sorted(range(len(options)), key=lambda i: -(options[i].net + truth[i]))[:2]
        flips += top[0] != true_top[0]
    print(
        f"pegging estimate over {SAMPLES} deals against 4,000, {len(gaps)} options of {deals} deals: "
        f"mean |error| {statistics.mean(gaps):.2f}, p95 {sorted(gaps)[int(len(gaps) * 0.95)]:.2f}, "
        f"max {max(gaps):.2f} points; the best option by with_pegging differs in {flips} of {deals} deals"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="whole games per variant")
    parser.add_argument("--pegging-error", action="store_true", help="measure the pegging estimate's error")
    parser.add_argument("--deals", type=int, default=40, help="deals for --pegging-error")
    args = parser.parse_args(argv)
    if args.pegging_error:
        pegging_error(args.deals)
        return
    logging.disable(logging.CRITICAL)
    out: list[str] = []
    with ops_cost.production_like_outputs():  # stdout is the access log's while it runs
        service = Service()
        hint_costs(service, args.games, out)
        review_costs(service, args.games, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
