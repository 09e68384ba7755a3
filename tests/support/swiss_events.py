"""Simulated Swiss events paired by the service and, round by round, by the independent FIDE
Dutch reference (:mod:`tests.support.fide_dutch`): the figures ``research/swiss_dutch.py``
reports and ``tests/core/tournaments/test_swiss_dutch.py`` asserts."""

from __future__ import annotations

import random
from dataclasses import dataclass

from service.core.rules import STANDARD
from service.core.scoring.results import GameResult
from service.core.tournaments.schedules import swiss_pairings
from tests.support import fide_dutch
from tests.support.director_events import random_scores

# Fields of 8 to 27 players (odd ones with a bye each round), two events each and a third for the
# smallest, seven rounds: 336 rounds. The long tier adds fields of 28 to 33 (84 rounds: the
# reference's brute force takes up to 10 s an event there, and grows fast past it).
EVENTS = [(n, seed) for n in range(8, 28) for seed in (n, 100 + n)] + [(n, 200 + n) for n in range(8, 16)]
LARGER = [(n, seed) for n in range(28, 34) for seed in (n, 100 + n)]
# Fields of 64 and 63 (a bye each round), as the ACC day's Swiss: the reference's completion and
# most-pairs searches are memoised on the players left, about 2 s an event; one event in the fast
# tests, the long tier ten more (77 rounds at 63 and 64 in all).
AT_64 = [(64, 64)]
AT_64_MORE = [(n, seed) for n in (63, 64) for seed in range(1000 + n, 1005 + n)]


@dataclass(frozen=True)
class Compared:
    players: int
    round: int
    ours: int  # total score difference of the service's round
    reference: int  # and of the reference's
    repeats: int  # the service's repeats (the reference found no round without one when > 0)
    same: bool  # the very pairs (and bye) the reference gives, when it finds a round without a repeat


def compare_event(n: int, rounds: int, seed: int, *, changing: bool = False) -> list[Compared]:
    """Play ``rounds`` Swiss rounds of ``n`` players (the service's pairings, random results),
    comparing each round with the reference's pairing of the same standings. ``changing``: a
    field that changes as club events do, two players arriving for round 3 (on 0 points) and
    one withdrawing after round 3 (``withdrawn``: never paired again, its games still counted for
    its opponents, as the service counts them; the reference ranks the same games)."""
    rnd = random.Random(seed)
    everyone = [f"p{i}" for i in range(1, n + 1)]
    players = everyone[:-2] if changing else everyone
    games: list[tuple[tuple[str, str], tuple[int, int]]] = []
    byes: list[str] = []
    found: list[Compared] = []
    withdrawn: list[str] = []
    for number in range(1, rounds + 1):
        if changing and number == 3:
            players = everyone
        if changing and number == 4:
            withdrawn = [players[len(players) // 2]]
            players = [p for p in players if p not in withdrawn]
        ours = swiss_pairings(players, [GameResult(p, s) for p, s in games], STANDARD, byes=byes, withdrawn=withdrawn)
        ranked = [(p, s) for p, s in fide_dutch.ranking([*players, *withdrawn], games, byes) if p not in withdrawn]
        score = dict(ranked)
        met = frozenset(frozenset(p) for p, _ in games)
        mine = [p.players for p in ours.pairings]
        assert {frozenset(p) for p in mine if frozenset(p) in met} == {frozenset(p) for p in ours.repeats}
        reference = fide_dutch.pair(ranked, met, byes)
        if reference is None:
            assert ours.repeats  # no round avoids a repeat: the reference agrees
            found.append(Compared(n, number, fide_dutch.score_difference(mine, score), -1, len(ours.repeats), False))
        else:
            theirs, bye = reference
            assert not ours.repeats, f"{n} players, round {number}: a repeat the reference avoids"
            assert ours.bye == bye
            same = {frozenset(p) for p in mine} == {frozenset(p) for p in theirs}
            ours_total, their_total = (
                fide_dutch.score_difference(mine, score),
                fide_dutch.score_difference(theirs, score),
            )
            found.append(Compared(n, number, ours_total, their_total, 0, same))
        games += [(p, random_scores(rnd, 40)) for p in mine]
        if ours.bye:
            byes.append(ours.bye)
    return found
