"""Build the win table, ``service/core/computer/win_table.py``: the chance to win from each score.

    python -m tools.tables.build_win_table              # rebuild the shipped table (about a minute on one core)
    python -m tools.tables.build_win_table --check      # rebuild and say whether the shipped table matches
    python -m tools.tables.build_win_table --deals 200 --out /tmp/table.py   # a small build elsewhere

**What it is.** For a two-player six-card game to 121 and each pair of scores before a deal
(the pone's ``p`` and the dealer's ``d``, 0..120): the chance that the pone wins the game,
in parts per :data:`SCALE`. ``hard`` plays the last deals for it (:mod:`service.core.win`).

**How.** ``--deals`` seeded deals (``new_game(six_card, seed, 0)`` for seeds from
``--seed``) are played by ``standard`` for both seats, and each deal's scoring is recorded
in the order it happens: heels, every peg of the play (whose, how many), the pone's hand,
the dealer's hand, the crib. The game ends the moment a side reaches 121, so from scores
``(p, d)`` a recorded deal either ends the game (the first to reach it wins) or leads to
the next deal with the roles swapped. The table solves that recursion exactly over the
recorded deals (each equally likely), from the highest scores down: every deal scores at
least one point (the last card), so a state's successors are solved before it. Standard's
deal is the same at every score (it never plays for the board), which is what makes one
set of deals serve every state. Integer arithmetic (exact fractions rounded once): the
output is the same on every machine.
"""

from __future__ import annotations

from collections import Counter
from operator import lt
from pathlib import Path

from service.core.computer.play import apply, new_game
from service.core.computer.players import choose
from service.core.game.engine import may_act
from service.core.game.events import Score
from service.core.rules import preset
from tools.tables import table_script

SEED = 7_000_000
DEALS = 10_000
TARGET = 121
SCALE = 10_000
TABLE = Path(__file__).resolve().parents[2] / "service" / "core" / "computer" / "win_table.py"

# One recorded deal: the points in scoring order as (who, points), who 0 = the pone, 1 = the dealer.
Deal = tuple[tuple[int, int], ...]


def record(seed: int) -> Deal:
    """Deal ``seed`` (seat 0 deals) played by ``standard`` on both sides, its scoring in order."""
    rules = preset("six_card")
    state, _ = new_game(rules, seed, 0)
    out: list[tuple[int, int]] = []
    while state.deal_no == 1 and not state.over:
        seat = may_act(state)[0]
        state, events = apply(state, choose(state, seat, "standard"))
        out += [(0 if e.side == 1 else 1, e.points) for _, e in events if isinstance(e, Score) and e.points]
    return tuple(out)


def first_reach(deal: Deal) -> tuple[list[int], list[int]]:
    """For each side and each need 1..TARGET, the index in ``deal`` of the score that first
    makes its points reach the need (``len(deal)``: never), and the side's total."""
    reach = []
    for who in (0, 1):
        at = [len(deal)] * (TARGET + 1)
        total = 0
        for i, (side, points) in enumerate(deal):
            if side != who:
                continue
            for need in range(total + 1, min(TARGET, total + points) + 1):
                at[need] = i
            total += points
        reach.append(at)
    return reach[0], reach[1]


def solve(deals: list[Deal]) -> list[list[int]]:
    """``table[p][d]``: the pone's chance to win from ``(p, d)`` before the deal, in parts of
    :data:`SCALE` (the exact mean over the recorded deals, rounded half up).

    From ``(p, d)`` a deal is the pone's when its points reach the need ``TARGET - p`` at an
    earlier score than the dealer's reach ``TARGET - d`` (counted over the columns of
    :func:`first_reach` for the two needs), and it is nobody's when neither side's total reaches
    its need: those deals, grouped by their totals, lead to the next deal."""
    n = len(deals)
    reaches = [first_reach(d) for d in deals]
    pone_at = [[r[0][need] for r in reaches] for need in range(TARGET + 1)]  # by need, each deal's index
    dealer_at = [[r[1][need] for r in reaches] for need in range(TARGET + 1)]
    undecided: dict[int, Counter[int]] = {}  # pone's total -> dealer's total -> deals
    for deal in deals:
        tp, td = sum(pts for who, pts in deal if who == 0), sum(pts for who, pts in deal if who == 1)
        undecided.setdefault(tp, Counter())[td] += 1
    by_pone = [(tp, sorted(undecided[tp].items())) for tp in sorted(undecided)]
    most = max(undecided)  # the pone's most points in a deal: below that need it never wins outright
    # Each state is rounded to parts of SCALE once, from its successors' rounded values.
    win = [[0] * TARGET for _ in range(TARGET)]
    for total in range(2 * (TARGET - 1), -1, -1):
        for p in range(max(0, total - TARGET + 1), min(TARGET - 1, total) + 1):
            d = total - p
            need_p, need_d = TARGET - p, TARGET - d
            acc = SCALE * sum(map(lt, pone_at[need_p], dealer_at[need_d])) if need_p <= most else 0
            for tp, dealer_totals in by_pone:  # nobody reaches 121: the next deal, the dealer now the pone
                if tp >= need_p:
                    break
                for td, count in dealer_totals:
                    if td >= need_d:
                        break
                    acc += count * (SCALE - win[d + td][p + tp])
            win[p][d] = (2 * acc + n) // (2 * n)
    return win


def render(table: list[list[int]], deals: int, seed: int) -> str:
    command = "python -m tools.tables.build_win_table"
    if (deals, seed) != (DEALS, SEED):
        command += f" --deals {deals} --seed {seed}"
    out = [
        f'"""GENERATED by `{command}`: do not edit by hand.',
        "",
        f"The win table: {deals:,} deals of standard self-play (seeds from {seed}), see",
        "tools/tables/build_win_table.py. ``PONE_WINS[p][d]``: the chance that the pone wins a",
        f"two-player game to {TARGET} from scores ``p`` (pone) and ``d`` (dealer) before a deal, in parts",
        f"per {SCALE:,}.",
        '"""',
        "",
        "PONE_WINS: tuple[tuple[int, ...], ...] = (",
    ]
    for p, row in enumerate(table):
        out.append(f"    (  # pone {p}")
        for start in range(0, TARGET, 20):
            out.append("        " + ", ".join(map(str, row[start : start + 20])) + ",")
        out.append("    ),")
    out.append(")")
    return "\n".join(out) + "\n"


def build(deals: int = DEALS, seed: int = SEED, workers: int = 1) -> str:
    recorded = table_script.parallel_map(record, range(seed, seed + deals), workers)
    return render(solve(recorded), deals, seed)


def main(argv: list[str] | None = None) -> int:
    parser = table_script.parser(__doc__, TABLE)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    return table_script.write_or_check(lambda: build(args.deals, args.seed, args.workers), args.out, args.check)


if __name__ == "__main__":
    raise SystemExit(main())
