"""Hints and reviews: their cost over whole games, and the pegging estimate's error.

    python -m benchmarks.coach                    # hints p50/p99 over every position of whole games; reviews
    python -m benchmarks.coach --games 10         # more games per variant
    python -m benchmarks.coach --pegging-error    # the discard hints' pegging estimate against a long run

Hints: every position of ``--games`` whole games per variant (every move the computer's), each
asked of the seat to act through the WSGI app in-process (access log and metrics on), CPU time
of the whole request, and the core's part alone (:func:`service.core.coach.hints`). Reviews:
``--games`` whole two-player games of 121 (and one of four players), each seat reviewed
through the app. The pegging error: for ``--deals`` random deals of each of ``--variants``,
every option's estimate (the table's, and a 64-deal run's, what hints gave before the table)
against a 4,000-deal run that takes the seat's thrown cards out of the other hands (the truth,
to about 0.05): the mean, 95th percentile and largest absolute difference, and in how many
deals the best option by ``with_pegging`` changes.

    python -m benchmarks.coach --pegging-error --deals 40 --variants six_card,three_player,four_player
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from benchmarks import ops_cost
from benchmarks.worst_cases import Service
from service.core.cards import DECK, Card
from service.core.computer.advice import discard_advice
from service.core.computer.coach import hints
from service.core.computer.coach_pegging import pegging_estimates, simulate
from service.core.computer.play import apply, new_game
from service.core.game.engine import Action, may_act
from service.core.rules import Rules, preset

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


def long_run(rules: Rules, dealt: Sequence[Card], keeps: Sequence[Sequence[Card]], seat: int, dealer: int,
             samples: int, seed: int) -> list[float]:  # fmt: skip
    """The play balance of each of ``keeps`` over ``samples`` deals of the other hands from the
    cards ``seat`` has not seen (its thrown cards taken out, which the table cannot do), the same
    deals for every option; seat 0 of the simulation is ``seat``."""
    rng = random.Random(seed)
    pool = [card.rank for card in DECK if card not in set(dealt)]
    players, size = rules.players, rules.hand_size
    draws = [rng.sample(pool, size * (players - 1)) for _ in range(samples)]
    leader = (dealer + 1 - seat) % players
    same = [rules.side_of((seat + k) % players) == rules.side_of(seat) for k in range(players)]
    other_sides = rules.sides - 1
    out = []
    for keep in keeps:
        ranks = tuple(card.rank for card in keep)
        total = 0
        for picked in draws:
            hands = [ranks, *(tuple(picked[k * size : (k + 1) * size]) for k in range(players - 1))]
            points = simulate(hands, leader, rules.single_count_play)
            total += sum(p * (other_sides if mine else -1) for p, mine in zip(points, same, strict=True))
        out.append(total / (samples * other_sides))
    return out


def pegging_error(deals: int, variants: Sequence[str]) -> None:
    """The table's estimate against a 4,000-deal run that takes the thrown cards out, over every
    option of ``deals`` random deals a variant (each seat in turn, seat 0 dealing); beside it,
    the same for a 64-deal run of that kind (the estimate hints gave before the table)."""
    for variant in variants:
        rules = preset(variant)
        rng = random.Random(7)
        gaps: dict[str, list[float]] = {"table": [], "64 deals": []}
        flips = dict.fromkeys(gaps, 0)
        for at in range(deals):
            dealt = tuple(rng.sample(DECK, rules.cards_dealt))
            seat, dealer = at % rules.players, 0  # every place in the play's order, in turn
            options = discard_advice(dealt, seat == dealer, rules).options
            keeps = [o.keep for o in options]
            truth = long_run(rules, dealt, keeps, seat, dealer, 4000, seed=at)
            quick = {
                "table": [float(v) for v in pegging_estimates(rules, keeps, seat=seat, dealer=dealer) if v is not None],
                "64 deals": long_run(rules, dealt, keeps, seat, dealer, 64, seed=10_000 + at),
            }
            best = max(range(len(options)), key=lambda i: options[i].net + truth[i])
            for name, values in quick.items():
                gaps[name] += [abs(q - t) for q, t in zip(values, truth, strict=True)]
                flips[name] += best != max(range(len(options)), key=lambda i: options[i].net + values[i])
        for name, found in gaps.items():
            ordered = sorted(found)
            print(
                f"{variant}: {name} against 4,000 deals, {len(found)} options of {deals} deals: mean |error| "
                f"{statistics.mean(found):.2f}, p95 {ordered[int(len(ordered) * 0.95)]:.2f}, max {ordered[-1]:.2f} "
                f"points; the best option by with_pegging differs in {flips[name]} of {deals} deals"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="whole games per variant")
    parser.add_argument("--pegging-error", action="store_true", help="measure the pegging estimate's error")
    parser.add_argument("--deals", type=int, default=40, help="deals a variant for --pegging-error")
    parser.add_argument("--variants", default="six_card", help="comma-separated, for --pegging-error")
    args = parser.parse_args(argv)
    if args.pegging_error:
        pegging_error(args.deals, args.variants.split(","))
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
