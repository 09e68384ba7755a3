"""Build the pegging table, ``service/core/computer/pegging_table.py``: the discard hints' estimate.

    python -m tools.tables.build_pegging_table            # rebuild the shipped table (10 CPU minutes, 5 on 2 cores)
    python -m tools.tables.build_pegging_table --check    # rebuild and say whether the shipped table matches
    python -m tools.tables.build_pegging_table --deals 20 --out /tmp/table.py   # a small build elsewhere

**What it is.** For each shape of game the presets have (:func:`~service.core.computer.
coach_pegging.shape`), each rank multiset a seat can keep (in the order of
``service.core.computer.crib_tables.MULTISETS``) and each place of the seat in the play's order
(0: it leads), the mean play balance of the kept cards: the seat's side's pegging points less
the mean of each other side's, every seat playing the card that scores the most now
(:func:`~service.core.computer.coach_pegging.simulate`). The other hands come from the 52 cards
less the kept ones.

**How.** Two players: exactly, over every rank multiset the other player may hold, each
weighed by how many card sets of the unkept cards have its ranks (``multiset_weights``), so
the denominator is the number of those card sets, C(48, 4) or C(49, 3). Three and four players:
``--deals`` deals of the other hands for each kept multiset, drawn by a generator seeded from
``--seed``, the players and the multiset's index in ``MULTISETS``, so each row can be rebuilt alone
(:func:`row`); each deal is played from every place in the order, and the two four-player
shapes (partners, each alone) weigh the same plays. Integer sums: the same output on every
machine, and the estimates are exact fractions of them.
"""

from __future__ import annotations

import random
from functools import partial
from math import comb
from pathlib import Path

from service.core.computer.coach_pegging import shape, simulate
from service.core.computer.crib_tables import MULTISETS, multiset_weights
from service.core.rules import Rules, preset, variant_names
from tools.tables import table_script

SEED = 20261204
# Per kept multiset, three and four players: one standard error about 0.09 points (a deal's balance
# spreads about 3 points), 0.14 for partners (4.5); each multiset has its own deals.
DEALS = 1000
TABLE = Path(__file__).resolve().parents[2] / "service" / "core" / "computer" / "pegging_table.py"


def _unkept(keep: tuple[int, ...]) -> list[int]:
    """The ranks of the 52 cards less the kept ones, as a rank count (index 0 unused)."""
    counts = [0] + [4] * 13
    for rank in keep:
        counts[rank] -= 1
    return counts


def exact_row(rules: Rules, index: int) -> tuple[int, ...]:
    """Two players: the balance summed over every card set of the other hand (per place)."""
    size = rules.hand_size
    keep = MULTISETS[size][index]
    sums = [0, 0]
    for other, weight in zip(MULTISETS[size], multiset_weights(_unkept(keep), size), strict=True):
        if weight:
            for offset in (0, 1):
                points = simulate((keep, other), -offset % 2, rules.single_count_play)
                sums[offset] += weight * (points[0] - points[1])
    return tuple(sums)


def sampled_plays(players: int, size: int, single: bool, deals: int, seed: int, index: int) -> list[list[int]]:
    """Three or four players: each seat's points summed over ``deals`` deals, per place of seat 0
    (``[place][seat]``; seat k sits k after seat 0)."""
    keep = MULTISETS[size][index]
    pool = [rank for rank, count in enumerate(_unkept(keep)) for _ in range(count)]
    rng = random.Random(f"{seed}/{players}/{index}")
    sums = [[0] * players for _ in range(players)]
    for _ in range(deals):
        picked = rng.sample(pool, size * (players - 1))
        hands = [keep, *(tuple(picked[k * size : (k + 1) * size]) for k in range(players - 1))]
        for offset in range(players):
            for seat, points in enumerate(simulate(hands, -offset % players, single)):
                sums[offset][seat] += points
    return sums


def weighed(rules: Rules, sums: list[list[int]]) -> tuple[int, ...]:
    """Per place, the balance's numerator over ``deals * (sides - 1)``: each seat of seat 0's side
    counts ``sides - 1`` times, every other seat once against."""
    other_sides = rules.sides - 1
    same = [rules.side_of(seat) == rules.side_of(0) for seat in range(rules.players)]
    return tuple(sum(s * (other_sides if mine else -1) for s, mine in zip(place, same, strict=True)) for place in sums)


def row(rules: Rules, index: int, deals: int = DEALS, seed: int = SEED) -> tuple[int, ...]:
    """The numerators of one kept multiset (``MULTISETS[hand_size][index]``), per place."""
    if rules.players == 2:
        return exact_row(rules, index)
    return weighed(rules, sampled_plays(rules.players, rules.hand_size, rules.single_count_play, deals, seed, index))


def denominator(rules: Rules, deals: int) -> tuple[int, int]:
    """The denominator of ``rules``' estimates and the deals each is over."""
    if rules.players == 2:  # every other hand of as many cards from the 52 less the kept ones
        card_sets = comb(52 - rules.hand_size, rules.hand_size)
        return card_sets, card_sets
    return deals * (rules.sides - 1), deals


def build(deals: int = DEALS, seed: int = SEED, workers: int = 1) -> str:
    shapes: dict[str, tuple[Rules, tuple[int, int], list[tuple[int, ...]]]] = {}
    plays: dict[tuple[int, int, bool], list[list[list[int]]]] = {}
    for name in variant_names():
        rules = preset(name)
        size = rules.hand_size
        indices = range(len(MULTISETS[size]))
        if rules.players == 2:
            rows = table_script.parallel_map(partial(exact_row, rules), indices, workers)
        else:
            key = (rules.players, size, rules.single_count_play)
            if key not in plays:  # the two four-player shapes weigh the same plays
                job = partial(sampled_plays, *key, deals, seed)
                plays[key] = table_script.parallel_map(job, indices, workers)
            rows = [weighed(rules, sums) for sums in plays[key]]
        shapes[shape(rules)] = (rules, denominator(rules, deals), rows)
    return render(shapes, deals, seed)


def render(shapes: dict[str, tuple[Rules, tuple[int, int], list[tuple[int, ...]]]], deals: int, seed: int) -> str:
    command = "python -m tools.tables.build_pegging_table"
    if (deals, seed) != (DEALS, SEED):
        command += f" --deals {deals} --seed {seed}"
    out = [
        f'"""GENERATED by `{command}`: do not edit by hand.',
        "",
        "The pegging table: see tools/tables/build_pegging_table.py. ``TABLES[shape]`` is",
        "``(denominator, deals, rows)``: ``rows[i][place]`` over ``denominator`` is the mean play balance",
        "of the kept ranks ``MULTISETS[hand size][i]`` for the seat ``place`` after the one who leads;",
        "``deals`` is how many deals of the other hands each mean is over (every card set with two",
        f"players; {deals:,} seeded deals from seed {seed} with three or four).",
        '"""',
        "",
        "TABLES: dict[str, tuple[int, int, tuple[tuple[int, ...], ...]]] = {",
    ]
    for name, (rules, (denominator_, deals_), rows) in shapes.items():
        out.append(f'    "{name}": (  # {rules.name}')
        out.append(f"        {denominator_},")
        out.append(f"        {deals_},")
        out.append("        (")
        for at in range(0, len(rows), 4):
            out.append("            " + ", ".join(f"({', '.join(map(str, r))})" for r in rows[at : at + 4]) + ",")
        out.append("        ),")
        out.append("    ),")
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = table_script.parser(__doc__, TABLE)
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per kept hand, three and four players")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    return table_script.write_or_check(lambda: build(args.deals, args.seed, args.workers), args.out, args.check)


if __name__ == "__main__":
    raise SystemExit(main())
