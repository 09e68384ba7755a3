"""Pegging speed: the per-card scorer, and a whole two-player play through the API in-process.

    python -m benchmarks.pegging                 # 2,000 random six-card plays from a fixed seed
    python -m benchmarks.pegging --plays 5000

Plays are dealt from ``random.Random(2026)`` and played by a random legal policy through the
play state machine (explicit goes). Prints:

* ``score_play`` per card over every (pile, card) those plays produced (best of 5 passes);
* ``score_card`` per card (the same, plus the pile checks the incremental endpoint does);
* ``score_sequence`` per whole play in-process (the state machine, hands checked);
* ``POST /v1/pegging/sequence`` per whole play through the Flask test client (JSON both ways,
  contract validation, the wire loader), and ``POST /v1/pegging/score`` per card, as median,
  p90 and max.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from service.api.app import create_app
from service.api.config import Config
from service.core.cards import DECK, Card
from service.core.rules import preset
from service.core.scoring.pegging import play_card, say_go, score_play, start_play
from service.core.scoring.sequence import score_card, score_sequence

Play = tuple[list[tuple[Card, ...]], list[tuple[int, Card | None]]]


def random_plays(count: int, seed: int = 2026) -> list[Play]:
    """Random legal two-player six-card plays: (hands, [(seat, card or None), ...])."""
    rng = random.Random(seed)
    rules = preset("six_card")
    out: list[Play] = []
    for _ in range(count):
        cards = rng.sample(DECK, 8)
        hands = [tuple(cards[:4]), tuple(cards[4:])]
        play = start_play(rules, 0, hands)
        actions: list[tuple[int, Card | None]] = []
        while play.turn is not None:
            seat = play.turn
            options = play.playable(seat)
            if options:
                card = rng.choice(options)
                play, _ = play_card(play, seat, card)
                actions.append((seat, card))
            else:
                play, _ = say_go(play, seat)
                actions.append((seat, None))
        out.append((hands, actions))
    return out


def card_positions(plays: list[Play]) -> list[tuple[tuple[Card, ...], Card]]:
    """Every (pile, card) the plays scored."""
    out = []
    for hands, actions in plays:
        play = start_play(preset("six_card"), 0, hands)
        for seat, card in actions:
            if card is None:
                play, _ = say_go(play, seat)
            else:
                out.append((play.pile, card))
                play, _ = play_card(play, seat, card)
    return out


def best_per_item_us(fn: Callable[[], object], items: int, passes: int = 5) -> float:
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best / items * 1e6


def summary(label: str, us: list[float]) -> None:
    us = sorted(us)
    p90 = us[int(0.9 * (len(us) - 1))]
    print(
        f"{label:46s} median {statistics.median(us):8.1f} us   p90 {p90:8.1f} us   max {us[-1]:8.1f} us   (n={len(us)})"
    )


def body_of(hands: list[tuple[Card, ...]], actions: list[tuple[int, Card | None]]) -> dict[str, Any]:
    return {
        "players": 2,
        "leader": 0,
        "hands": [[str(c) for c in hand] for hand in hands],
        "plays": [{"seat": s, "go": True} if c is None else {"seat": s, "card": str(c)} for s, c in actions],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plays", type=int, default=2000)
    args = parser.parse_args()

    plays = random_plays(args.plays)
    positions = card_positions(plays)
    goes = sum(card is None for _, actions in plays for _, card in actions)
    print(f"{len(plays)} random six-card plays, {len(positions)} cards, {goes} goes")

    def all_score_play() -> None:
        for pile, card in positions:
            score_play(pile, card)

    def all_score_card() -> None:
        for pile, card in positions:
            score_card(pile, card)

    rules = preset("six_card")

    def all_sequences() -> None:
        for hands, actions in plays:
            score_sequence(rules, 0, actions, hands)

    print(f"{'score_play, per card':46s} {best_per_item_us(all_score_play, len(positions)):8.2f} us  (best of 5)")
    print(
        f"{'score_card (with pile checks), per card':46s} {best_per_item_us(all_score_card, len(positions)):8.2f} us  (best of 5)"
    )
    print(
        f"{'score_sequence, per whole play (in-process)':46s} {best_per_item_us(all_sequences, len(plays)):8.2f} us  (best of 5)"
    )

    client = create_app(Config(testing=True, access_log=False)).test_client()
    bodies = [body_of(hands, actions) for hands, actions in plays]
    for body in bodies[:50]:  # warm up
        client.post("/v1/pegging/sequence", json=body)
    whole = []
    for body in bodies:
        start = time.perf_counter()
        response = client.post("/v1/pegging/sequence", json=body)
        whole.append((time.perf_counter() - start) * 1e6)
        assert response.status_code == 200, response.json
    summary("POST /v1/pegging/sequence, per whole play", whole)

    per_card = []
    for pile, card in positions[: min(len(positions), 5000)]:
        body = {"pile": [str(c) for c in pile], "card": str(card)}
        start = time.perf_counter()
        response = client.post("/v1/pegging/score", json=body)
        per_card.append((time.perf_counter() - start) * 1e6)
        assert response.status_code == 200, response.json
    summary("POST /v1/pegging/score, per card", per_card)


if __name__ == "__main__":
    main()
