"""Screening for the ladder: the point balance per deal of two players on paired deals.

    python -m research.duel hard:standard --deals 2000
    python -m research.duel hard:hard-search --deals 1000 --scores 100:100

A win-rate run needs thousands of games to see a few points of rate. This plays single
deals instead: deal ``s`` (from ``--first-seed``) is dealt twice with the same cards, the
first-named player the dealer and then the pone (the other player takes the other seat),
from the scores ``--scores`` (the dealer's first; default 0:0, where no end-game idea
acts). For each pair the first-named player's balance is its points less the other's over
both deals; if the two players play alike it is exactly 0, so the spread comes only from
where they differ (the deals are ``tests/support/duels.py``'s). Printed: the mean balance per
deal (half a pair) with its 95% interval, split into the play (pegging and heels) and the
show, and as dealer and as pone.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from research.ladder import make_player
from service.core.computer.play import apply, new_game
from service.core.game.engine import may_act
from service.core.rules import Rules, resolve
from tests.support import duels
from tests.support.duels import Deal, balances
from tests.support.players import Player
from tests.support.stats import interval, wilson


def play_out(dealer: Player, pone: Player, rules: Rules, seed: int, scores: tuple[int, int]) -> int:
    """Deal ``seed`` with seat 0 dealing, from ``scores``, to the end of the game: the winner's seat."""
    state, _ = new_game(rules, seed, 0)
    state = state._replace(scores=scores)
    seats = (dealer, pone)
    while not state.over:
        acting = may_act(state)[0]
        state, _ = apply(state, seats[acting](state, acting))
    assert state.winner is not None
    return state.winner


def endgame(a: str, b: str, games: int, low: int, high: int, *, first_seed: int = 0) -> list[tuple[bool, bool]]:
    """Per seed, from scores drawn from ``low..high`` for each seat (seeded by the deal): whether
    ``a`` won dealing to ``b``, and whether it won as ``b``'s pone (the same cards and scores)."""
    rules = resolve("six_card")
    out = []
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        scores = (rng.randint(low, high), rng.randint(low, high))
        first = play_out(make_player(a, 2 * seed), make_player(b, 2 * seed + 1), rules, seed, scores) == 0
        second = play_out(make_player(b, 2 * seed + 1), make_player(a, 2 * seed), rules, seed, scores) == 1
        out.append((first, second))
    return out


def report(a: str, b: str, pairs: Sequence[tuple[Deal, Deal]], seconds: float) -> None:
    rows = (("total", (0, 1)), ("play", (0,)), ("show", (1,)))
    print(f"{a} vs {b}: {len(pairs)} paired deals, {seconds:.0f} s; {a}'s balance per deal (95% interval)")
    for name, part in rows:
        mean, half = interval(balances(pairs, part))
        print(f"  {name:6} {mean:+.3f} +- {half:.3f}")
    as_dealer = [sum(p[0].dealer) - sum(p[1].dealer) for p in pairs]
    as_pone = [sum(p[1].pone) - sum(p[0].pone) for p in pairs]
    for name, values in (("own points as dealer", as_dealer), ("own points as pone", as_pone)):
        mean, half = interval(values)
        print(f"  {name:22} {mean:+.3f} +- {half:.3f}")
    differ = sum(1 for b in balances(pairs) if b != 0)
    print(f"  pairs that differ: {differ} of {len(pairs)}")


def _remembered(a: str, b: str, deals: int, first_seed: int, workers: int) -> list[float]:
    """The balances of a shipped level (``hard``, ``standard``, ...) against ``b``, kept in
    ``$DUEL_CACHE`` (a directory) when set: the baseline of a comparison is played once."""
    import json
    import os
    from pathlib import Path

    folder = os.environ.get("DUEL_CACHE")
    path = Path(folder) / f"{a}-{b}-{first_seed}-{deals}.json" if folder and "." not in a else None
    if path is not None and path.exists():
        values: list[float] = json.loads(path.read_text())
        return values
    values = balances(duels.duel(a, b, deals, first_seed=first_seed, workers=workers, make=make_player))
    if path is not None:
        path.write_text(json.dumps(values))
    return values


def compare(a: str, b: str, against: str, deals: int, *, first_seed: int = 0, workers: int = 1) -> None:
    """``a`` and ``b`` each against ``against`` on the same paired deals: each one's balance,
    and per deal ``a``'s less ``b``'s (what ``a`` gains over ``b`` against that opponent)."""
    start = time.perf_counter()
    first = balances(duels.duel(a, against, deals, first_seed=first_seed, workers=workers, make=make_player))
    second = _remembered(b, against, deals, first_seed, workers)
    print(f"{a} and {b} against {against}: {deals} paired deals from {first_seed}, {time.perf_counter() - start:.0f} s")
    for name, values in ((a, first), (b, second), (f"{a} less {b}", [x - y for x, y in zip(first, second)])):
        mean, half = interval(values)
        print(f"  {name:30} {mean:+.3f} +- {half:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pairs", nargs="+", help="first:second (players as research.ladder names them)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes for the paired deals")
    parser.add_argument("--scores", default="0:0", help="the scores the deal starts from, dealer's first")
    parser.add_argument(
        "--endgame",
        help="LOW:HIGH: play each deal to the end of the game from scores drawn in LOW..HIGH, and count wins",
    )
    parser.add_argument("--against", help="OPPONENT: each pair's two players against it (their difference per deal)")
    args = parser.parse_args()
    if args.against:
        for pair in args.pairs:
            a, b = pair.split(":")
            compare(a, b, args.against, args.deals, first_seed=args.first_seed, workers=args.workers)
        return
    dealer, pone = (int(x) for x in args.scores.split(":"))
    for pair in args.pairs:
        a, b = pair.split(":")
        start = time.perf_counter()
        if args.endgame:
            low, high = (int(x) for x in args.endgame.split(":"))
            results = endgame(a, b, args.deals, low, high, first_seed=args.first_seed)
            wins = sum(x + y for x, y in results)
            n = 2 * len(results)
            lo, hi = wilson(wins, n)
            split = sum(x != y for x, y in results)
            print(
                f"{a} vs {b} from scores {low}..{high}: {a} won {wins} of {n} = {wins / n:.1%} "
                f"(95% {lo:.1%} .. {hi:.1%}); the pair split in {split} of {len(results)} deals "
                f"({time.perf_counter() - start:.0f} s)"
            )
            continue
        pairs = duels.duel(
            a, b, args.deals, first_seed=args.first_seed, scores=(dealer, pone), workers=args.workers, make=make_player
        )
        report(a, b, pairs, time.perf_counter() - start)


if __name__ == "__main__":
    main()
