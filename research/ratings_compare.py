"""openskill (Plackett-Luce) against glicko2 on simulated cribbage seasons, the comparison behind
service/ratings.py's choice (docs/director-guide.md, "Ratings").

64 players with a hidden strength (normal, sd 0.3 in logits: cribbage's luck keeps games near a
coin; the best of 64 beats the worst about 70% of the time) play 30 rounds of random pairings;
each library rates the first 80% of the games (glicko2 one rating period a round) and predicts
the rest. Figures over 20 seasons: Spearman's rank correlation of the ratings with the hidden
strengths, the predictions' log-loss (a coin: 0.6931) and accuracy, and CPU a season.

    pip install glicko2==2.1.0   # not a dependency of the service
    python -m research.ratings_compare
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable

Game = tuple[int, int, int, bool]  # round, player a, player b, a won
Predict = Callable[[int, int], float]


def spearman(a: list[float], b: list[float]) -> float:
    rank_a = {v: i for i, v in enumerate(sorted(range(len(a)), key=a.__getitem__))}
    rank_b = {v: i for i, v in enumerate(sorted(range(len(b)), key=b.__getitem__))}
    n = len(a)
    return 1 - 6 * sum((rank_a[i] - rank_b[i]) ** 2 for i in range(n)) / (n * (n * n - 1))


def season(seed: int, n: int = 64, rounds: int = 30) -> tuple[list[float], list[Game]]:
    rnd = random.Random(seed)
    skill = [rnd.gauss(0, 0.3) for _ in range(n)]
    games: list[Game] = []
    for r in range(rounds):
        order = list(range(n))
        rnd.shuffle(order)
        for i in range(0, n, 2):
            a, b = order[i], order[i + 1]
            games.append((r, a, b, rnd.random() < 1 / (1 + math.exp(-(skill[a] - skill[b])))))
    return skill, games


def openskill_with(beta: float) -> Callable[[int, list[Game]], tuple[list[float], Predict]]:
    def run(n: int, train: list[Game]) -> tuple[list[float], Predict]:
        from openskill.models import PlackettLuce

        model = PlackettLuce(beta=beta)
        ratings = [model.rating() for _ in range(n)]
        for _, a, b, a_won in train:
            [[ra], [rb]] = model.rate([[ratings[a]], [ratings[b]]], ranks=[0, 1] if a_won else [1, 0])
            ratings[a], ratings[b] = ra, rb
        return [r.mu for r in ratings], lambda a, b: model.predict_win([[ratings[a]], [ratings[b]]])[0]

    return run


def glicko(n: int, train: list[Game]) -> tuple[list[float], Predict]:
    import glicko2  # type: ignore[import-not-found]

    players = [glicko2.Player() for _ in range(n)]
    for r in sorted({g[0] for g in train}):
        before = [(p.rating, p.rd) for p in players]
        seen: dict[int, tuple[list[float], list[float], list[int]]] = {i: ([], [], []) for i in range(n)}
        for _, a, b, a_won in (g for g in train if g[0] == r):
            for me, other, won in ((a, b, a_won), (b, a, not a_won)):
                seen[me][0].append(before[other][0])
                seen[me][1].append(before[other][1])
                seen[me][2].append(int(won))
        for i, p in enumerate(players):
            if seen[i][0]:
                p.update_player(*seen[i])
            else:
                p.did_not_compete()

    def predict(a: int, b: int) -> float:
        pa, pb = players[a], players[b]
        phi = math.hypot(pa.rd, pb.rd) / 173.7178
        g = 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)
        return 1 / (1 + math.exp(-g * (pa.rating - pb.rating) / 173.7178))

    return [p.rating for p in players], predict


def main() -> None:
    contenders = [
        ("openskill Plackett-Luce, default beta 25/6", openskill_with(25 / 6)),
        ("openskill Plackett-Luce, beta 12.5", openskill_with(12.5)),
        ("openskill Plackett-Luce, beta 25 (the service's)", openskill_with(25.0)),
        ("glicko2, a rating period a round", glicko),
    ]
    for name, run in contenders:
        rho: list[float] = []
        loss: list[float] = []
        hits: list[bool] = []
        cpu = 0.0
        for seed in range(20):
            skill, games = season(seed)
            cut = int(len(games) * 0.8)
            start = time.process_time()
            ratings, predict = run(len(skill), games[:cut])
            cpu += time.process_time() - start
            rho.append(spearman(ratings, skill))
            for _, a, b, a_won in games[cut:]:
                p = min(max(predict(a, b), 1e-9), 1 - 1e-9)
                loss.append(-math.log(p if a_won else 1 - p))
                hits.append((p > 0.5) == a_won)
        print(
            f"{name}: rank correlation {statistics.mean(rho):.3f}, log-loss {statistics.mean(loss):.4f}, "
            f"accuracy {statistics.mean(hits):.3f}, CPU {cpu / 20 * 1000:.0f} ms a season"
        )


if __name__ == "__main__":
    main()
