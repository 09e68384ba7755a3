"""An independent Swiss pairer written from the published FIDE Dutch rules (FIDE Handbook C.04.3,
"FIDE (Dutch) System", in force from 2017), for the tests: plain, slow, obviously right.

What it follows, for a game without colours (cribbage cuts for the deal):

* C.1 no two players meet twice; C.2 no second pairing-allocated bye; C.4 completion: a
  bracket's pairing is accepted only if every player below can still be paired;
* the bye (C.5: the lowest score) to the lowest-ranked player without one whose absence leaves
  the rest pairable;
* brackets top down, each the score group plus the players moved down into it (MDPs, first);
  C.6 the most pairs in the bracket (fewest downfloaters), then the most MDPs paired;
* the Dutch order of candidates (C.04.3 D): MDPs against the residents in order (the MDPs
  paired: the highest first), then the residents' S1 (top half) against S2 in the order of
  S2's transpositions (lexicographic), exchanges between S1 and S2 by the fewest players
  exchanged, then the smallest difference of their numbers in the bracket (D.2); the first
  candidate meeting the criteria is the pairing.

Not followed: colour criteria (none in cribbage) and the float-history criteria C.14-C.21.
Pruning only drops candidates that would fail anyway (a repeat in the prefix, a remainder that
cannot be paired at all), so the first candidate found is the first in the order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

Met = frozenset[frozenset[str]]


def ranking(
    players: Sequence[str], games: Sequence[tuple[tuple[str, str], tuple[int, int]]], byes: Sequence[str]
) -> list[tuple[str, int]]:
    """Players with their scores (ACC: 2 a win, 3 a skunk, the loser under 91; a bye a plain
    win), ranked by score, wins, spread, then seeding."""
    score = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    spread = dict.fromkeys(players, 0)
    for (a, b), (x, y) in games:
        winner, low = (a, y) if x > y else (b, x)
        score[winner] += 3 if low < 91 else 2
        wins[winner] += 1
        spread[a] += x - y
        spread[b] += y - x
    for name in byes:
        score[name] += 2
        wins[name] += 1
    order = sorted(players, key=lambda p: (-score[p], -wins[p], -spread[p], players.index(p)))
    return [(p, score[p]) for p in order]


def completable(players: Sequence[str], met: Met) -> bool:
    """Whether ``players`` can all be paired with no repeat (the player with fewest choices first)."""
    allowed = {p: frozenset(q for q in players if q != p and frozenset((p, q)) not in met) for p in players}

    @cache
    def go(rest: frozenset[str]) -> bool:
        if not rest:
            return True
        first = min(rest, key=lambda p: (len(allowed[p] & rest), p))
        return any(go(rest - {first, q}) for q in sorted(allowed[first] & rest))

    return len(players) % 2 == 0 and go(frozenset(players))


def most_pairs(players: Sequence[str], met: Met) -> int:
    """The most pairs without a repeat among ``players`` alone (trying every way, pairing the
    first player before leaving it out, and stopping at the most a set of players can make)."""

    @cache
    def go(rest: frozenset[str]) -> int:
        if len(rest) < 2:
            return 0
        first = min(rest)
        best = 0
        for q in sorted(rest - {first}):
            if frozenset((first, q)) not in met:
                best = max(best, 1 + go(rest - {first, q}))
                if best == len(rest) // 2:
                    return best
        if best < (len(rest) - 1) // 2:  # leaving ``first`` out can make no more than that
            best = max(best, go(rest - {first}))
        return best

    return go(frozenset(players))


def _transpositions(s1: list[str], s2: list[str], met: Met, others: list[str]) -> Iterator[list[tuple[str, str]]]:
    """S1[i] against a permutation of S2, permutations in lexicographic order, repeats skipped."""
    if not s1:
        yield []
        return
    for j, b in enumerate(s2):
        if frozenset((s1[0], b)) in met:
            continue
        rest2 = s2[:j] + s2[j + 1 :]
        if not completable([*s1[1:], *rest2, *others], met):
            continue
        for tail in _transpositions(s1[1:], rest2, met, others):
            yield [(s1[0], b), *tail]


def _exchanges(s1: list[str], s2: list[str], number: dict[str, int]) -> Iterator[tuple[list[str], list[str]]]:
    """S1 and S2 after each exchange in the Dutch order: none first, then the fewest players,
    then the smallest difference between the numbers moved up and down."""
    for size in range(min(len(s1), len(s2)) + 1):
        swaps = [(out, inn) for out in combinations(s1, size) for inn in combinations(s2, size)]
        swaps.sort(
            key=lambda sw: (
                sum(number[p] for p in sw[1]) - sum(number[p] for p in sw[0]),
                [-number[p] for p in sorted(sw[0], key=number.__getitem__, reverse=True)],
                [number[p] for p in sorted(sw[1], key=number.__getitem__)],
            )
        )
        for out, inn in swaps:
            new1 = sorted([p for p in s1 if p not in out] + list(inn), key=number.__getitem__)
            new2 = sorted([p for p in s2 if p not in inn] + list(out), key=number.__getitem__)
            yield new1, new2


def _candidates(bracket: list[str], movers: int, k: int, met: Met, below: list[str]) -> Iterator[list[tuple[str, str]]]:
    number = {p: i for i, p in enumerate(bracket)}
    mdps, residents = bracket[:movers], bracket[movers:]
    for paired_mdps in range(min(movers, k), -1, -1):
        q = k - paired_mdps
        if q > (len(residents) - paired_mdps) // 2:
            continue
        for chosen in combinations(mdps, paired_mdps):
            left_mdps = [p for p in mdps if p not in chosen]
            for head in _transpositions(list(chosen), residents, met, [*left_mdps, *below]):
                taken = {p for pair in head for p in pair}
                rest = [p for p in residents if p not in taken]
                s1, s2 = rest[:q], rest[q:]
                for x1, x2 in _exchanges(s1, s2, number):
                    for tail in _transpositions(x1, x2, met, [*left_mdps, *below]):
                        yield [*head, *tail]


def pair(
    ranked: Sequence[tuple[str, int]], met: Met, had_bye: Sequence[str]
) -> tuple[list[tuple[str, str]], str | None] | None:
    """The round: its pairs and the bye; ``None`` when every round has a repeat."""
    names = [p for p, _ in ranked]
    score = dict(ranked)
    bye = None
    if len(names) % 2:
        fits = [p for p in reversed(names) if completable([q for q in names if q != p], met)]
        if not fits:
            return None
        bye = next((p for p in fits if p not in had_bye), fits[0])
    elif not completable(names, met):
        return None
    field = [p for p in names if p != bye]
    groups: list[list[str]] = []
    for p in field:
        if groups and score[groups[-1][0]] == score[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    pairs: list[tuple[str, str]] = []
    floaters: list[str] = []
    for g, residents in enumerate(groups):
        bracket = floaters + residents
        below = [p for group in groups[g + 1 :] for p in group]
        chosen: list[tuple[str, str]] | None = None
        for k in range(most_pairs(bracket, met), -1, -1):
            for candidate in _candidates(bracket, len(floaters), k, met, below):
                taken = {p for pair in candidate for p in pair}
                if completable([p for p in bracket if p not in taken] + below, met):
                    chosen = candidate
                    break
            if chosen is not None:
                break
        assert chosen is not None, "k = 0 floats everyone, which completion allows"
        pairs += chosen
        taken = {p for pair in chosen for p in pair}
        floaters = [p for p in bracket if p not in taken]
    return pairs, bye


def score_difference(pairs: Sequence[tuple[str, str]], score: dict[str, int]) -> int:
    """The sum over the pairs of the difference of the two players' scores."""
    return sum(abs(score[a] - score[b]) for a, b in pairs)
