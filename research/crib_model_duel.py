"""What the learned crib model buys the computer player: learned against uniform, head to head.

    python -m research.crib_model_duel --pairs 1000          # 2,000 games
    python -m research.crib_model_duel --pairs 1000 --workers 1
    python -m research.crib_model_duel --pairs 0 --deals 20000   # only the show points a deal
    python -m research.crib_model_duel --table /tmp/table.py      # another build of the table

Both sides are the standard computer player (:func:`service.core.computer.choose`, exactly
``{type: auto}``) in two-player six-card games (121 up, muggins off), except that the
*learned* side discards by :func:`service.core.advice.discard_advice` with
``crib_model="learned"`` (the best net with the crib weighed by the learned table) where the
*uniform* side's discard is today's (the uniform crib). Pegging and the show are the same.

Pair ``p`` (seed ``p``, from ``--first-seed``) is two games with the same deals (every deal of
a game comes from its seed and deal number) and the same first dealer (seat ``p % 2``): the
learned side in seat 0 in one and in seat 1 in the other. So seats and first deal alternate
evenly and luck of the cards cancels within a pair. Printed: the learned side's wins with
the 95% Wilson interval, by who dealt first, the mean final margin, and points per deal by
kind for each side.

**Show points a deal** (``--deals``): the games' margin is noisy, so the discard's own worth is
also measured without the noise of the starter and the play. Seeded six-card deals (a dealer's
and a pone's hand); the opponent throws as the standard player does (uniform crib); the seat
throws by each model; each throw is scored by the exact mean, over every starter the 12 dealt
cards leave (40), of the kept hand plus the crib (the seat's and the opponent's actual
throws) for the dealer, minus it for the pone. Printed per role: how often the two models
throw differently, and the learned throw's mean gain a deal with a 95% interval.
"""

from __future__ import annotations

import argparse
import os
import runpy
import statistics
import time
from collections import Counter
from multiprocessing import Pool

from research.strength import KINDS
from service.core.cards import DECK, Card
from service.core.computer import play as computer
from service.core.computer.advice import discard_advice
from service.core.computer.crib_model import CribModel, ThrowTable
from service.core.computer.strategy import choose_discard
from service.core.game.actions import Action
from service.core.game.engine import GameState
from service.core.rules import preset
from service.core.scoring.show import score_show
from tests.support.players import Player, play_tallied
from tests.support.stats import wilson

# The learned model: the shipped table, or another build's (--table).
MODEL: str | CribModel = "learned"


def load_table(path: str) -> CribModel:
    """A :class:`CribModel` from a module written by ``tools.tables.build_crib_model --out``."""
    tables = runpy.run_path(path)["TABLES"]["six_card"]
    return CribModel("learned", ThrowTable(*tables["dealer"]), ThrowTable(*tables["pone"]))


def learned_player(state: GameState, seat: int) -> Action:
    """The computer player with its discard weighed by the learned crib model."""
    if state.phase == "discard":
        advice = discard_advice(state.hands[seat], seat == state.dealer, state.rules, crib_model=MODEL)
        return Action("discard", seat, cards=advice.best.discard)
    return computer.choose(state, seat)


def game(job: tuple[int, int]) -> tuple[int, int, int, bool, int, int, Counter[str], Counter[str]]:
    """One game: (seed, learned seat, first dealer, learned won, its score, the other's, points by kind)."""
    seed, learned_seat = job
    dealer = seed % 2
    players: list[Player] = [computer.choose, computer.choose]
    players[learned_seat] = learned_player
    state, points, deals = play_tallied(players, preset("six_card"), seed, dealer)
    points[learned_seat]["deals"] = deals
    other = 1 - learned_seat
    return (
        seed,
        learned_seat,
        dealer,
        state.winner == learned_seat,
        state.scores[learned_seat],
        state.scores[other],
        points[learned_seat],
        points[other],
    )


def throw_value(
    hand: tuple[Card, ...], throw: tuple[Card, ...], other: tuple[Card, ...], dealt: set[Card], seat_deals: bool
) -> float:
    """The exact mean over every starter not dealt of the kept hand plus (dealer) or minus
    (pone) the crib made of ``throw`` and the opponent's throw ``other``."""
    keep = [c for c in hand if c not in throw]
    crib = [*throw, *other]
    sign = 1 if seat_deals else -1
    starters = [c for c in DECK if c not in dealt]
    total = sum(score_show(keep, s).total + sign * score_show(crib, s, is_crib=True).total for s in starters)
    return total / len(starters)


def show_gain(deals: int, seed: str = "crib-model-show") -> None:
    import random

    rules = preset("six_card")
    rng = random.Random(seed)
    gains: dict[str, list[float]] = {"dealer": [], "pone": []}
    for _ in range(deals):
        cards = rng.sample(DECK, 12)
        hands = {"dealer": tuple(cards[:6]), "pone": tuple(cards[6:])}
        for role, other_role in (("dealer", "pone"), ("pone", "dealer")):
            seat_deals = role == "dealer"
            hand = hands[role]
            other = choose_discard(hands[other_role], not seat_deals, rules)
            uniform = discard_advice(hand, seat_deals, rules).best.discard
            learned = discard_advice(hand, seat_deals, rules, crib_model=MODEL).best.discard
            gain = 0.0
            if uniform != learned:
                dealt = set(cards)
                gain = throw_value(hand, learned, other, dealt, seat_deals) - throw_value(
                    hand, uniform, other, dealt, seat_deals
                )
            gains[role].append(gain)
    print(
        f"show points a deal, learned throw minus uniform throw, {deals} seeded deals, the opponent throwing "
        f"as the standard player:"
    )
    for role, values in gains.items():
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
        differ = sum(v != 0 for v in values)
        print(
            f"  as {role:6s}: throws differ in {differ / len(values):.1%} of deals; gain {mean:+.4f} +/- {half:.4f} "
            f"points a deal (95%)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=1000, help="pairs of games (each: both seats, the same deals)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--deals", type=int, default=0, help="deals for the show points a deal (0 skips)")
    parser.add_argument("--table", help="a table module from build_crib_model --out (default: the shipped one)")
    args = parser.parse_args()
    if args.table:
        global MODEL
        MODEL = load_table(args.table)
    if args.deals:
        show_gain(args.deals)
    if not args.pairs:
        return
    jobs = [(seed, side) for seed in range(args.first_seed, args.first_seed + args.pairs) for side in (0, 1)]
    start = time.perf_counter()
    if args.workers <= 1:
        results = [game(job) for job in jobs]
    else:
        with Pool(args.workers) as pool:
            results = pool.map(game, jobs, chunksize=8)
    seconds = time.perf_counter() - start
    n = len(results)
    wins = sum(r[3] for r in results)
    lo, hi = wilson(wins, n)
    print(
        f"learned crib model vs uniform, standard computer player otherwise: {args.pairs} pairs = {n} six_card "
        f"games (seeds {args.first_seed}..{args.first_seed + args.pairs - 1}, both seats each)"
    )
    print(f"  learned won {wins} = {wins / n:.1%} (95% Wilson CI {lo:.1%} .. {hi:.1%})")
    for label, chosen in (
        ("learned deals first", [r for r in results if r[2] == r[1]]),
        ("uniform deals first", [r for r in results if r[2] != r[1]]),
    ):
        w = sum(r[3] for r in chosen)
        print(f"  {label:20s} {w}/{len(chosen)} = {w / max(1, len(chosen)):.1%}")
    split = sum(results[i][3] != results[i + 1][3] for i in range(0, n, 2))
    print(f"  pairs split (each side won one game): {split} of {n // 2}")
    print(f"  mean final margin {statistics.fmean(r[4] - r[5] for r in results):+.2f} points")
    deals = sum(r[6]["deals"] for r in results)
    print("  points per deal      " + "".join(f"{k:>9}" for k in (*KINDS, "total")))
    for label, index in (("learned", 6), ("uniform", 7)):
        totals: Counter[str] = Counter()
        for r in results:
            totals.update({k: v for k, v in r[index].items() if k != "deals"})
        row = [totals[k] / deals for k in KINDS]
        print(f"  {label:20s} " + "".join(f"{v:9.3f}" for v in row) + f"{sum(row):9.3f}")
    print(f"  wall time {seconds:.1f} s")


if __name__ == "__main__":
    main()
