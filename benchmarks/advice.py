"""Discard advice and the computer player's pegging: speed, and a pegging-only duel.

    python -m benchmarks.advice                 # 2,000 six-card hands, 300 of each other variant
    python -m benchmarks.advice --hands 5000 --duel 4000

Prints:

* the import cost of ``service.core.computer.advice`` (in a fresh interpreter, on top of the show tables
  it shares with the scorer) and the first call's cost (cold row cache);
* exact advice per hand, in-process: median, p90 and max over random hands from a fixed seed,
  dealer and pone alternating, by the uniform crib model and (two-player games) the learned
  one (target: median <= 50 ms for six-card);
* the same through HTTP (Flask test client, JSON both ways);
* ``choose_play`` per decision over random play positions;
* a pegging-only duel over seeded deals (both seats throw by the analysis, then the play of
  the deal is run by :mod:`service.core.scoring.pegging`): the look-ahead player against a greedy one
  (the card that scores most now) and a random one, as mean pegging points per deal, with a
  95% interval. The full-game strength test needs the engine and lives with it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from service.core.cards import DECK, Card
from service.core.computer.advice import discard_advice
from service.core.computer.strategy import choose_discard, choose_play
from service.core.rules import preset
from service.core.scoring.pegging import play_card, say_go, score_play, start_play

IMPORT_CODE = """
import time
t0 = time.perf_counter()
import service.core.scoring.show
t1 = time.perf_counter()
import service.core.computer.advice, service.core.computer.strategy
t2 = time.perf_counter()
from service.core.computer.advice import discard_advice
from service.core.cards import parse_cards
from service.core.rules import preset
discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card"))
t3 = time.perf_counter()
print((t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3)
"""


def import_costs() -> tuple[float, float, float]:
    runs = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", IMPORT_CODE], capture_output=True, text=True, check=True)
        runs.append(tuple(float(x) for x in out.stdout.split()))
    return tuple(statistics.median(r[i] for r in runs) for i in range(3))  # type: ignore[return-value]


def timings(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1e3)
    return out


def summary(label: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(
        f"{label:44s} median {statistics.median(ms):7.3f} ms   p90 {p90:7.3f} ms   max {ms[-1]:7.3f} ms   (n={len(ms)})"
    )


def advice_speed(hands: int) -> None:
    rng = random.Random(2026)
    runs = (
        ("six_card", hands, "uniform"),
        ("six_card", hands, "learned"),
        ("five_card", 300, "uniform"),
        ("five_card", 300, "learned"),
        ("three_player", 300, "uniform"),
        ("four_player", 300, "uniform"),
    )
    for variant, count, model in runs:
        rules = preset(variant)
        deals = [(tuple(rng.sample(DECK, rules.cards_dealt)), i % 2 == 0) for i in range(count)]
        ms = []
        for cards, dealer in deals:
            start = time.perf_counter()
            discard_advice(cards, dealer, rules, crib_model=model)
            ms.append((time.perf_counter() - start) * 1e3)
        summary(f"discard_advice {variant} {model} (in-process)", ms)


def http_speed(hands: int) -> None:
    from service.api.app import create_app
    from service.api.config import Config

    client = create_app(Config(testing=True, access_log=False, log_level="ERROR")).test_client()
    rng = random.Random(7)
    ms = []
    for i in range(hands):
        cards = [str(c) for c in rng.sample(DECK, 6)]
        start = time.perf_counter()
        response = client.post("/v1/hands/discard-advice", json={"cards": cards, "dealer": i % 2 == 0})
        ms.append((time.perf_counter() - start) * 1e3)
        assert response.status_code == 200
    summary("POST /v1/hands/discard-advice (test client)", ms)


def play_speed(positions: int) -> None:
    rng = random.Random(11)
    leads, middles = [], []
    for _ in range(positions):
        cards = rng.sample(DECK, 18)
        hand = tuple(cards[:4])
        unseen = tuple(c for c in DECK if c not in hand and c != cards[17])  # all but own cards and the starter
        start = time.perf_counter()
        choose_play(hand, (), 0, unseen, opponent_holds=4)
        leads.append((time.perf_counter() - start) * 1e3)
        pile: list[Card] = []
        for card in cards[4:8]:
            if sum(c.value for c in pile) + card.value <= 31:
                pile.append(card)
        unseen = tuple(c for c in unseen if c not in pile)
        count = sum(c.value for c in pile)
        start = time.perf_counter()
        choose_play(hand, tuple(pile), count, unseen, opponent_holds=4)
        middles.append((time.perf_counter() - start) * 1e3)
    summary("choose_play leading (4 cards; the worst case)", leads)
    summary("choose_play onto a random pile", middles)


# --- the pegging duel --------------------------------------------------------------------------

Pegger = Callable[[Sequence[Card], Sequence[Card], int, Sequence[Card], int, random.Random], Card]


def lookahead(
    hand: Sequence[Card], pile: Sequence[Card], count: int, unseen: Sequence[Card], holds: int, rng: random.Random
) -> Card:
    card = choose_play(hand, pile, count, unseen, opponent_holds=holds)
    assert card is not None
    return card


def greedy(
    hand: Sequence[Card], pile: Sequence[Card], count: int, unseen: Sequence[Card], holds: int, rng: random.Random
) -> Card:
    legal = [c for c in hand if count + c.value <= 31]
    return max(legal, key=lambda c: (sum(i.points for i in score_play(pile, c)), c.rank))


def random_play(
    hand: Sequence[Card], pile: Sequence[Card], count: int, unseen: Sequence[Card], holds: int, rng: random.Random
) -> Card:
    return rng.choice([c for c in hand if count + c.value <= 31])


def duel(ours: Pegger, theirs: Pegger, deals: int, seed: int = 1) -> tuple[float, float]:
    """Mean (our pegging points - theirs) per deal and its 95% half-width; seats alternate."""
    rules = preset("six_card")
    rng = random.Random(seed)
    diffs = []
    for deal in range(deals):
        cards = rng.sample(DECK, 13)
        dealt = (tuple(cards[:6]), tuple(cards[6:12]))
        starter = cards[12]
        dealer = deal % 2  # seat 0 is ours; it deals every other deal
        kept = []
        for seat in (0, 1):
            thrown = choose_discard(dealt[seat], seat == dealer, rules)
            kept.append(tuple(c for c in dealt[seat] if c not in thrown))
        players = (ours, theirs)
        play = start_play(rules, 1 - dealer, kept)
        points = [0, 0]
        while not play.over:
            seat = play.turn
            assert seat is not None
            assert play.hands is not None
            if play.can_play(seat):
                hand = play.hands[seat]
                seen = set(dealt[seat]) | {starter} | set(play.played)
                unseen = tuple(c for c in DECK if c not in seen)
                card = players[seat](hand, play.pile, play.count, unseen, play.held[1 - seat], rng)
                play, step = play_card(play, seat, card)
            else:
                play, step = say_go(play, seat)
            for who, item in step.scores:
                points[who] += item.points
        diffs.append(points[0] - points[1])
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--duel", type=int, default=2000, help="deals per pegging duel (0 skips)")
    args = parser.parse_args()
    tables, advice_import, first = import_costs()
    print(f"import service.core.scoring.show (rank tables)  {tables:7.1f} ms")
    print(f"import computer.advice + strategy (extra)      {advice_import:7.1f} ms")
    print(f"first six-card advice (cold row cache)         {first:7.1f} ms")
    advice_speed(args.hands)
    http_speed(min(args.hands, 500))
    play_speed(2000)
    if args.duel:
        for name, other in (("greedy", greedy), ("random", random_play)):
            mean, half = duel(lookahead, other, args.duel)
            print(
                f"pegging duel vs {name:7s}: look-ahead pegs {mean:+.3f} +/- {half:.3f} points a deal (95%, n={args.duel})"
            )
        mean, half = duel(greedy, random_play, args.duel)
        print(f"pegging duel greedy vs random: {mean:+.3f} +/- {half:.3f} points a deal (for scale)")


if __name__ == "__main__":
    main()
