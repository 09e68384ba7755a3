"""Core scorer cost per hand, and the time of the exhaustive count of all three tables.

    python -m benchmarks.core_scoring            # ours
    python -m benchmarks.core_scoring --peer     # also the peer library cribbage-scorer, in a
                                                 # throwaway venv (needs PyPI; nothing is committed)

Hands are 20,000 random (hand, starter) deals from a fixed seed; best of 5 runs.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from service.api.wire.common import items
from service.core.cards import DECK
from service.core.scoring.show import score_show, show_total

N = 20_000


def deals(seed: int = 2026) -> list[tuple[tuple, object]]:  # type: ignore[type-arg]
    rnd = random.Random(seed)
    out = []
    for _ in range(N):
        cards = rnd.sample(DECK, 5)
        out.append((tuple(cards[:4]), cards[4]))
    return out


def per_hand_us(fn, hands) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for hand, starter in hands:
            fn(hand, starter)
        best = min(best, time.perf_counter() - start)
    return best / len(hands) * 1e6


PEER = f"""
import random, sys, time
from cribbage_scorer import cribbage_scorer as cs
rnd = random.Random(2026)
deck = [(r, s) for r in range(1, 14) for s in "CDHS"]
hands = []
for _ in range({N}):
    c = rnd.sample(deck, 5); hands.append((c[:4], c[4]))
best = 1e9
for _ in range(5):
    t = time.perf_counter()
    for h, s in hands: cs.show_calc_score(s, h, False)
    best = min(best, time.perf_counter() - t)
print(best / len(hands) * 1e6)
"""


def peer_us() -> float | None:
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "cribbage-scorer"], capture_output=True)
        if pip.returncode:
            print("peer: cribbage-scorer could not be installed:", pip.stderr.decode()[-200:])
            return None
        out = subprocess.run([str(venv / "bin" / "python"), "-c", PEER], capture_output=True, text=True, check=True)
        return float(out.stdout.strip())


def main() -> None:
    hands = deals()
    with_items = per_hand_us(lambda h, s: score_show(h, s), hands)
    with_items_dict = per_hand_us(lambda h, s: items(score_show(h, s).items), hands)
    total_only = per_hand_us(show_total, hands)
    print(f"score_show (total + items)          {with_items:6.2f} us/hand")
    print(f"score_show + its items as JSON      {with_items_dict:6.2f} us/hand")
    print(f"show_total (fast path, total only)  {total_only:6.2f} us/hand")
    if "--peer" in sys.argv:
        peer = peer_us()
        if peer is not None:
            print(f"peer cribbage-scorer show_calc_score {peer:6.2f} us/hand (same deals)")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.support.exhaustive import distributions

    start = time.perf_counter()
    counts = distributions(workers=2)
    elapsed = time.perf_counter() - start
    combos = sum(sum(c.values()) for c in counts.values())
    print(f"exhaustive count, 3 tables, {combos:,} scorings, 2 processes: {elapsed:5.1f} s")


if __name__ == "__main__":
    main()
