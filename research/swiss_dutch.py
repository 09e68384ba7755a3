"""The Swiss pairing against the independent FIDE Dutch reference (tests/support/fide_dutch.py),
over simulated events: how many rounds have a smaller, equal or larger total score difference
than the reference's, and the worst case. The tests assert the same over the same events.

    python -m research.swiss_dutch            # the fast tests' 336 rounds (fields of 8 to 27)
    python -m research.swiss_dutch --larger   # and the long tier's 84 (fields of 28 to 33)
    python -m research.swiss_dutch --at-64    # only the 77 rounds of fields of 63 and 64
"""

from __future__ import annotations

import argparse
import time

from tests.support.swiss_events import AT_64, AT_64_MORE, EVENTS, LARGER, compare_event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--larger", action="store_true", help="the long tier's fields of 28 to 33 too")
    parser.add_argument("--at-64", action="store_true", help="only the fields of 63 and 64 (11 events)")
    parser.add_argument("--changing", action="store_true", help="two late entries for round 3, one leaving after it")
    args = parser.parse_args()
    start = time.process_time()
    events = AT_64 + AT_64_MORE if args.at_64 else EVENTS + LARGER if args.larger else EVENTS
    rows = [c for n, seed in events for c in compare_event(n, 7, seed, changing=args.changing)]
    compared = [c for c in rows if c.reference >= 0]
    better = sum(c.ours < c.reference for c in compared)
    equal = sum(c.ours == c.reference for c in compared)
    worse = sum(c.ours > c.reference for c in compared)
    worst = max(compared, key=lambda c: c.ours - c.reference)
    print(f"rounds {len(rows)}, compared {len(compared)}: better {better}, equal {equal}, worse {worse}")
    print(f"the reference's very pairs: {sum(c.same for c in compared)} of {len(compared)}")
    print(
        f"worst: {worst.ours - worst.reference:+d} ({worst.ours} v {worst.reference}, {worst.players} players, round {worst.round})"
    )
    print(
        f"rounds where no pairing avoids a repeat: {len(rows) - len(compared)}; CPU {time.process_time() - start:.1f} s"
    )


if __name__ == "__main__":
    main()
