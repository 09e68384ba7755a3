"""Build the learned crib model's table, ``service/core/computer/crib_model_table.py``, by self-play.

    python -m tools.tables.build_crib_model              # rebuild the shipped table (about 30 s on one core)
    python -m tools.tables.build_crib_model --check      # rebuild and say whether the shipped table matches
    python -m tools.tables.build_crib_model --deals 400 --out /tmp/table.py   # a small build elsewhere

**What it learns.** For each two-player variant (``six_card``, ``five_card``) and each role
(dealer, pone): how often a sensible player throws each of the 91 rank pairs, and how often a
throw of two different ranks is suited (:class:`service.core.computer.crib_model.ThrowTable`).

**How.** ``--deals`` deals are drawn once from ``random.Random(f"{seed}-{variant}")``: a hand
for the dealer and one for the pone from one shuffled pack. Then ``--iterations`` rounds:

1. each player of every deal throws the best net of exact discard advice
   (:func:`service.core.computer.advice.discard_advice`: hand plus own crib for the dealer, hand minus
   the dealer's crib for the pone) with the crib weighed by the current model, the uniform
   model in the first round;
2. the thrown pairs are counted by rank pair and suitedness, per role;
3. the counts become the next model: each rank pair's share is its count plus
   ``PSEUDO`` throws spread as a uniform thrower would (so no pair of cards ever weighs 0),
   normalised to parts per million by largest remainders; the suited share is the suited
   two-rank throws plus one in four of ``PSEUDO``, over the two-rank throws plus ``PSEUDO``.

The same deals serve every round, so the change between rounds is the model's, not the
deal's: the printed total variation distance between successive tables and the share of
throws that changed show it settle. With the defaults 6-7% of throws change in round 2 and
2-3% in round 3 (total variation 0.01-0.03); 20,000 deals change as many (so it is the
borderline throws flipping with the table, not sampling noise), and their table buys the
player no more (``research/crib_model_duel.py --table``). The table of the last round is
written.
Everything is integer arithmetic on seeded deals, so the output is the same on every machine.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from service.core.cards import DECK, RANK_NAMES, Card
from service.core.computer.advice import discard_advice
from service.core.computer.crib_model import PAIR_INDEX, PAIRS, SCALE, CribModel, ThrowTable
from service.core.rules import preset
from service.core.vocabulary import CribModelName
from tools.tables import table_script

SEED = 13
DEALS = 5000
ITERATIONS = 3
PSEUDO = 10  # uniform throws added to each role's counts
VARIANTS = ("six_card", "five_card")
ROLES = ("dealer", "pone")
TABLE = Path(__file__).resolve().parents[2] / "service" / "core" / "computer" / "crib_model_table.py"
CARD_PAIRS = tuple(6 if a == b else 16 for a, b in PAIRS)  # card pairs of each rank pair in a pack (1,326)


def deals(variant: str, count: int, seed: int) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """``count`` seeded (dealer's hand, pone's hand) deals of ``variant``."""
    size = preset(variant).cards_dealt
    rng = random.Random(f"{seed}-{variant}")
    out = []
    for _ in range(count):
        cards = rng.sample(DECK, 2 * size)
        out.append((tuple(cards[:size]), tuple(cards[size:])))
    return out


def largest_remainders(counts: Sequence[int], scale: int) -> tuple[int, ...]:
    """``counts`` as integer parts of ``scale`` that sum to it exactly: floors, then one more
    for the largest remainders (ties to the lower index).

    >>> largest_remainders([1, 1, 1], 100)
    (34, 33, 33)
    """
    total = sum(counts)
    floors = [c * scale // total for c in counts]
    order = sorted(range(len(counts)), key=lambda i: (-(counts[i] * scale % total), i))
    for i in order[: scale - sum(floors)]:
        floors[i] += 1
    return tuple(floors)


def table_from(throws: Sequence[tuple[Card, Card]]) -> ThrowTable:
    """The :class:`ThrowTable` of a role from its thrown pairs (see the module docstring)."""
    counts = [0] * len(PAIRS)
    suited = distinct = 0
    for a, b in throws:
        counts[PAIR_INDEX[tuple(sorted((a.rank, b.rank)))]] += 1
        if a.rank != b.rank:
            distinct += 1
            suited += a.suit == b.suit
    # PSEUDO uniform throws: rank pair i gets PSEUDO * CARD_PAIRS[i] / 1326 of a throw.
    mass = [c * 1326 + PSEUDO * pairs for c, pairs in zip(counts, CARD_PAIRS)]
    share = largest_remainders([4 * suited + PSEUDO, 4 * (distinct + PSEUDO) - 4 * suited - PSEUDO], SCALE)[0]
    return ThrowTable(largest_remainders(mass, SCALE), share)


def total_variation(a: ThrowTable, b: ThrowTable) -> float:
    return sum(abs(x - y) for x, y in zip(a.shares, b.shares)) / 2 / SCALE


def throws(
    variant: str, model: CribModelName | CribModel, deal: tuple[tuple[Card, ...], tuple[Card, ...]]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """What the dealer and the pone of ``deal`` throw: the best net of discard advice under ``model``."""
    rules = preset(variant)
    dealer, pone = deal
    return (
        discard_advice(dealer, True, rules, crib_model=model).best.discard,
        discard_advice(pone, False, rules, crib_model=model).best.discard,
    )


def learn(
    variant: str,
    count: int = DEALS,
    iterations: int = ITERATIONS,
    seed: int = SEED,
    log: bool = False,
    workers: int = 1,
) -> CribModel:
    """The learned model of ``variant`` after ``iterations`` rounds of self-play on ``count`` deals
    (played by ``workers`` processes)."""
    hands = deals(variant, count, seed)
    model: CribModelName | CribModel = "uniform"
    before: list[tuple[Card, ...]] = []
    for round_ in range(1, iterations + 1):
        start = time.perf_counter()
        thrown: dict[str, list[tuple[Card, Card]]] = {role: [] for role in ROLES}
        choices = []
        for pair in table_script.parallel_map(partial(throws, variant, model), hands, workers):
            for role, throw in zip(ROLES, pair):
                thrown[role].append((throw[0], throw[1]))
                choices.append(throw)
        new = CribModel("learned", table_from(thrown["dealer"]), table_from(thrown["pone"]))
        if log:
            if isinstance(model, str):
                drift = "throws under the uniform model"
            else:
                changed = sum(x != y for x, y in zip(choices, before)) / len(choices)
                drift = (
                    f"{changed:.1%} of throws changed, total variation distance to the last table: dealer "
                    f"{total_variation(model.dealer, new.dealer):.4f}, pone {total_variation(model.pone, new.pone):.4f}"
                )
            print(f"{variant} round {round_}: {drift} ({time.perf_counter() - start:.1f} s)", file=sys.stderr)
        model, before = new, choices
    assert isinstance(model, CribModel)
    return model


def _rows(shares: Sequence[int]) -> str:
    """The 91 shares as the upper triangle of the rank table: a row per lower rank."""
    lines = []
    for a in range(1, 14):
        row = [shares[PAIR_INDEX[(a, b)]] for b in range(a, 14)]
        lines.append(f"            {', '.join(map(str, row))},  # {RANK_NAMES[a]} with {RANK_NAMES[a]}..K")
    return "\n".join(lines)


def render(models: dict[str, CribModel], count: int = DEALS, iterations: int = ITERATIONS, seed: int = SEED) -> str:
    """The generated module's text."""
    command = "python -m tools.tables.build_crib_model"
    if (count, iterations, seed) != (DEALS, ITERATIONS, SEED):
        command += f" --deals {count} --iterations {iterations} --seed {seed}"
    out = [
        f'"""GENERATED by `{command}`: do not edit by hand.',
        "",
        f"The learned crib model: {iterations} rounds of self-play over {count:,} seeded deals a variant",
        f"(seed {seed}), see tools/tables/build_crib_model.py. For each variant and role (the thrower's),",
        f"``(shares, suited)``: parts per {SCALE:,} of throws with each rank pair (in the order of",
        "``service.core.computer.crib_model.PAIRS``: a row per lower rank, ace first) and of two-rank throws",
        "that are suited.",
        '"""',
        "",
        "TABLES: dict[str, dict[str, tuple[tuple[int, ...], int]]] = {",
    ]
    for variant, model in models.items():
        out.append(f'    "{variant}": {{')
        for role in ROLES:
            table: ThrowTable = getattr(model, role)
            out += [
                f'        "{role}": (',
                "            (",
                _rows(table.shares),
                "            ),",
                f"            {table.suited},",
                "        ),",
            ]
        out.append("    },")
    out.append("}")
    return "\n".join(out) + "\n"


def build(
    count: int = DEALS, iterations: int = ITERATIONS, seed: int = SEED, log: bool = False, workers: int = 1
) -> str:
    """Learn every variant's model and render the module."""
    models = {v: learn(v, count, iterations, seed, log, workers) for v in VARIANTS}
    return render(models, count, iterations, seed)


def main(argv: list[str] | None = None) -> int:
    parser = table_script.parser(__doc__, TABLE)
    parser.add_argument("--deals", type=int, default=DEALS, help="deals a variant (each: a dealer and a pone throw)")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="rounds of self-play")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    return table_script.write_or_check(
        lambda: build(args.deals, args.iterations, args.seed, log=True, workers=args.workers), args.out, args.check
    )


if __name__ == "__main__":
    raise SystemExit(main())
