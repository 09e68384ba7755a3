"""Swiss pairings with pairs to avoid (service/core/tournaments/schedules.py): when the players a
round without repeats leaves over are exactly pairs to avoid, the round with the fewest repeats
is found over the whole field, and a 422 comes only when no round keeps the pairs apart.

The expectations are independent of the pairing: every pairing of small fields is enumerated
(the fewest repeats among the rounds that keep every pair to avoid apart, the bye by the order
docs/director-guide.md gives), and the weighted matching underneath is checked against an
exhaustive search over every matching of small random graphs."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.core.errors import InvalidEvent
from service.core.rules import STANDARD
from service.core.scoring.results import GameResult
from service.core.tournaments import schedules
from service.core.tournaments.schedules import Round, swiss_pairings, swiss_ranking
from service.core.tournaments.weighted_matching import HeaviestMatching


def won(a: str, b: str) -> GameResult:
    return GameResult((a, b), (121, 100))


@pytest.fixture
def weighed(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """One entry a time the whole-field search runs: whether it weighed only some of the players."""
    runs: list[bool] = []
    search, core = schedules._fewest_repeats, schedules._hard_core

    def counted_search(*args: Any) -> tuple[int | None, list[int]]:
        runs.append(False)
        return search(*args)

    def counted_core(order: list[int], *args: Any) -> tuple[frozenset[int], list[int]]:
        hard, kept = core(order, *args)
        runs[-1] = len(kept) < len(order)
        return hard, kept

    monkeypatch.setattr(schedules, "_fewest_repeats", counted_search)
    monkeypatch.setattr(schedules, "_hard_core", counted_core)
    return runs


def test_the_only_round_keeping_the_avoided_pair_apart_is_two_repeats(weighed: list[bool]) -> None:
    # ann and bob have each met cy and dee: the one round without a repeat is ann-bob, cy-dee, and
    # ann and bob are to be kept apart. The only other rounds are ann-cy bob-dee and ann-dee
    # bob-cy, two repeats each; in the Dutch order (ann, bob 4 points; cy, dee 0) 1 v 3, 2 v 4.
    games = [won("ann", "cy"), won("bob", "dee"), won("ann", "dee"), won("bob", "cy")]
    r = swiss_pairings(["ann", "bob", "cy", "dee"], games, STANDARD, avoid=[("ann", "bob")])
    assert [p.players for p in r.pairings] == [("ann", "cy"), ("bob", "dee")]
    assert sorted(r.repeats) == [("ann", "cy"), ("bob", "dee")]
    assert (r.bye, r.number) == (None, 3)
    assert weighed == [False]  # the whole field weighed (it was a 422)


def test_the_api_answers_the_round_instead_of_a_422(client: FlaskClient) -> None:
    body = {
        "players": ["ann", "bob", "cy", "dee"],
        "games": [
            {"players": list(g.players), "scores": list(g.scores)}
            for g in (won("ann", "cy"), won("bob", "dee"), won("ann", "dee"), won("bob", "cy"))
        ],
        "avoid": [["ann", "bob"]],
    }
    answer = client.post("/v1/tournaments/swiss-pairings", json=body)
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    assert [p["players"] for p in data["round"]["pairings"]] == [["ann", "cy"], ["bob", "dee"]]
    assert data["repeats"] == [["ann", "cy"], ["bob", "dee"]]


def test_a_player_avoiding_all_but_one_takes_that_one_again(weighed: list[bool]) -> None:
    # p1 is to avoid p2..p7 and has met p8; p2, p3 and p4 have met each other. A round without
    # repeats leaves p1 over with one of p5..p8, and when that one is not p8 the two cannot be
    # paired. p1's only possible partner is p8 (a repeat); p2..p4 then meet p5..p7, fresh: one repeat.
    players = [f"p{i}" for i in range(1, 9)]
    games = [won("p1", "p8")] + [won(a, b) for a, b in itertools.combinations(players[1:4], 2)]
    avoid = [("p1", f"p{i}") for i in range(2, 8)]
    r = swiss_pairings(players, games, STANDARD, avoid=avoid)
    assert r.repeats == (("p1", "p8"),)
    assert all(set(p.players) <= {"p2", "p3", "p4", "p5", "p6", "p7"} for p in r.pairings if p.players != ("p1", "p8"))
    assert_round_keeps_the_rules(r, players, games, avoid, [])
    assert weighed == [False]  # the pairs left over failed: the whole field was weighed


def test_no_round_at_all_is_still_a_422() -> None:
    # Three players, each to avoid the other two: whoever sits out, the other two are a pair to avoid.
    avoid = [("a", "b"), ("b", "c"), ("a", "c")]
    with pytest.raises(InvalidEvent, match="avoid") as info:
        swiss_pairings(["a", "b", "c"], [won("a", "b")], STANDARD, avoid=avoid)
    assert info.value.pointer == "/avoid"
    # Four players, one to avoid all three others: no round, whatever the games.
    with pytest.raises(InvalidEvent, match="avoid"):
        swiss_pairings(["a", "b", "c", "d"], [won("a", "b")], STANDARD, avoid=[("a", "b"), ("a", "c"), ("a", "d")])


def test_the_bye_goes_by_the_rules_when_the_repeats_fall_elsewhere() -> None:
    # Five players; p1 has met p4 and p5 and is to avoid p2 and p3; p2, p3 have met each other.
    # Every player can sit out; the fewest repeats are compared, then a player without a bye
    # before one with, then the lowest-ranked: enumeration says which.
    players = [f"p{i}" for i in range(1, 6)]
    games = [won("p1", "p4"), won("p1", "p5"), won("p2", "p3")]
    avoid = [("p1", "p2"), ("p1", "p3")]
    for byes in ([], ["p5"], ["p5", "p4"], ["p1"]):
        r = swiss_pairings(players, games, STANDARD, byes=byes, avoid=avoid)
        least, bye = fewest(players, games, avoid, byes=byes)
        assert (len(r.repeats), r.bye) == (least, bye), byes
        assert_round_keeps_the_rules(r, players, games, avoid, [])


# --- every pairing of small random fields -----------------------------------------------------


def fewest(
    players: list[str],
    games: list[GameResult],
    avoid: list[tuple[str, str]],
    *,
    byes: Sequence[str] = (),
    fixed: Sequence[tuple[str, str]] = (),
) -> tuple[int | None, str | None]:
    """The fewest repeats of any round keeping the ``avoid`` pairs apart (fixed pairs counted), and
    who sits out in it: among the byes allowing that fewest, a player without a bye before one
    with, then the lowest-ranked (the ranking is :func:`swiss_ranking`'s). ``(None, None)``
    when there is no such round. Every pairing is tried (the first player left takes each
    partner in turn), the fewest of each set of players left remembered."""
    met = {frozenset(g.players) for g in games}
    apart = {frozenset(pair) for pair in avoid}

    @functools.cache
    def least(rest: frozenset[str]) -> int | None:
        if not rest:
            return 0
        first = min(rest)
        found: int | None = None
        for other in rest - {first}:
            pair = frozenset((first, other))
            after = None if pair in apart else least(rest - pair)
            if after is not None and (found is None or after + (pair in met) < found):
                found = after + (pair in met)
        return found

    seated = {name for pair in fixed for name in pair}
    field = frozenset(p for p in players if p not in seated)
    base = sum(frozenset(pair) in met for pair in fixed)
    rank = {s.player: i for i, s in enumerate(swiss_ranking(players, games, STANDARD, byes=byes))}
    sitters: list[str | None] = [p for p in sorted(field)] if len(field) % 2 else [None]
    best: tuple[int, tuple[bool, int]] | None = None
    chosen: str | None = None
    for bye in sitters:
        count = least(field - {bye})
        if count is None:
            continue
        key = (count, (False, 0) if bye is None else (bye in byes, -rank[bye]))
        if best is None or key < best:
            best, chosen = key, bye
    return (None, None) if best is None else (base + best[0], chosen)


def assert_round_keeps_the_rules(
    r: Round, players: list[str], games: list[GameResult], avoid: list[tuple[str, str]], fixed: list[tuple[str, str]]
) -> None:
    met = {frozenset(g.players) for g in games}
    seated = [name for p in r.pairings for name in p.players] + ([r.bye] if r.bye else [])
    assert sorted(seated) == sorted(players)  # everyone once
    pairs = {frozenset(p.players) for p in r.pairings}
    assert not pairs & {frozenset(pair) for pair in avoid}
    assert {frozenset(pair) for pair in fixed} <= pairs
    assert sorted(tuple(sorted(p)) for p in r.repeats) == sorted(tuple(sorted(p)) for p in pairs if p in met)
    assert [p.board for p in r.pairings] == list(range(1, len(r.pairings) + 1))


def random_event(
    rng: random.Random,
) -> tuple[list[str], list[GameResult], list[str], list[tuple[str, str]], list[tuple[str, str]]]:
    """A field of 2 to 10 whose few *hard* players have met or are to avoid most others (the
    players a round without repeats leaves over), the others having met a few each; or, half the
    time, a field where the others have met no one but the hard players (so that the search
    weighs the hard players and a few partners only)."""
    n = rng.randrange(2, 11)
    players = [f"p{i}" for i in range(1, n + 1)]
    sparse = rng.random() < 0.5
    hard = set(rng.sample(players, rng.randrange(1 if sparse else 0, min(n, 2 if sparse else 4) + 1)))
    dense = 0.0 if sparse else rng.choice([0.0, 0.15, 0.4, 0.8])
    games: list[GameResult] = []
    avoid: list[tuple[str, str]] = []
    for a, b in itertools.combinations(players, 2):
        roll = rng.random()
        if a in hard or b in hard:
            if roll < (0.6 if sparse else 0.7):
                games.append(won(a, b) if rng.random() < 0.5 else won(b, a))
            elif roll < (1.0 if sparse else 0.9):
                avoid.append((a, b))
        elif roll < dense:
            games.append(won(a, b) if rng.random() < 0.5 else won(b, a))
        elif roll > 0.93 and not sparse:
            avoid.append((a, b))
    byes = [p for p in players if rng.random() < 0.2]
    fixed: list[tuple[str, str]] = []
    if n >= 4 and rng.random() < 0.2:
        a, b = rng.sample(players, 2)
        if (a, b) not in avoid and (b, a) not in avoid:
            fixed.append((a, b))
    return players, games, byes, avoid, fixed


def check(
    players: list[str],
    games: list[GameResult],
    byes: list[str],
    avoid: list[tuple[str, str]],
    fixed: list[tuple[str, str]],
) -> bool:
    """The service's round against the enumeration; false when there is no round (and a 422)."""
    least, bye = fewest(players, games, avoid, byes=byes, fixed=fixed)
    if least is None:
        with pytest.raises(InvalidEvent, match="avoid"):
            swiss_pairings(players, games, STANDARD, byes=byes, avoid=avoid, fixed=fixed)
        return False
    r = swiss_pairings(players, games, STANDARD, byes=byes, avoid=avoid, fixed=fixed)
    case = (players, [g.players for g in games], byes, avoid, fixed)
    assert len(r.repeats) == least, case
    assert r.bye == bye, case
    assert_round_keeps_the_rules(r, players, games, avoid, fixed)
    return True


def test_every_small_field_gets_the_fewest_repeats_or_a_422_exactly_when_no_round_exists(weighed: list[bool]) -> None:
    rng = random.Random(20261204)
    refused = sum(not check(*random_event(rng)) for _ in range(1500))
    # The cases reached every path: refusals, the whole-field search, and it on some players only.
    assert refused >= 40
    assert weighed.count(False) >= 150 and weighed.count(True) >= 30


def test_larger_fields_weigh_the_hard_players_only_and_still_get_the_fewest(weighed: list[bool]) -> None:
    # 12 to 16 players: one to three have met or are to avoid every other player, the others have
    # met a few besides: the search keeps the hard ones and a few partners for each.
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randrange(12, 17)
        players = [f"p{i:02}" for i in range(1, n + 1)]
        hard = rng.sample(players, rng.randrange(1, 4))
        games: list[GameResult] = []
        avoid: list[tuple[str, str]] = []
        for a, b in itertools.combinations(players, 2):
            if a in hard or b in hard:
                if rng.random() < 0.3:
                    games.append(won(a, b))
                else:
                    avoid.append((a, b))
            elif rng.random() < 0.05:
                games.append(won(b, a))
        byes = rng.sample(players, rng.randrange(0, 4))
        check(players, games, byes, avoid, [])
    assert len(weighed) >= 80 and weighed.count(True) >= 40


# --- the weighted matching against every matching -------------------------------------------


def heaviest(n: int, weights: dict[tuple[int, int], int]) -> tuple[int, int]:
    """The most pairs of any matching and, among those, the greatest weight: exhaustively."""

    @functools.cache
    def best(free: frozenset[int]) -> tuple[int, int]:
        if not free:
            return (0, 0)
        v = min(free)
        found = best(free - {v})  # v unmatched
        for w in free - {v}:
            if (v, w) in weights:
                pairs, weight = best(free - {v, w})
                found = max(found, (pairs + 1, weight + weights[v, w]))
        return found

    return best(frozenset(range(n)))


@pytest.mark.parametrize("seed", range(4))
def test_the_weighted_matching_is_the_largest_then_the_heaviest(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(250):
        n = rng.randrange(1, 12)
        density = rng.random()
        top = rng.choice([1, 2, 3, 8, 40])
        weights: dict[tuple[int, int], int] = {}
        for v, w in itertools.combinations(range(n), 2):
            if rng.random() < density:
                weights[v, w] = weights[w, v] = rng.randrange(top + 1)
        most = max(weights.values(), default=0)
        neighbours: list[list[int]] = [[] for _ in range(n)]
        lighter: list[dict[int, int]] = [{} for _ in range(n)]
        for (v, w), weight in weights.items():
            neighbours[v].append(w)
            if weight < most:
                lighter[v][w] = weight
        mate = [-1] * n  # a start of heaviest pairs, as the pairing gives one
        for v, w in rng.sample(sorted(weights), len(weights)):
            if weights[v, w] == most and mate[v] == mate[w] == -1 and rng.random() < 0.5:
                mate[v], mate[w] = w, v
        got = HeaviestMatching(neighbours, lighter, most, mate).solve()
        assert all(got[v] == -1 or (got[got[v]] == v and (v, got[v]) in weights) for v in range(n))
        pairs = [(v, got[v]) for v in range(n) if got[v] > v]
        assert (len(pairs), sum(weights[p] for p in pairs)) == heaviest(n, weights), (n, weights, mate)


def test_a_pair_to_avoid_naming_a_withdrawn_player_is_moot_not_refused() -> None:
    # a director's standing list of pairs to keep apart outlives a withdrawal; a name that is no
    # player at all is still refused, at its line as sent
    games = [GameResult(("ann", "eve"), (121, 100))]
    kept = swiss_pairings(["ann", "bob", "cy", "dee"], games, withdrawn=["eve"], avoid=[("ann", "eve"), ("bob", "cy")])
    assert {frozenset(p.players) for p in kept.pairings} == {frozenset(("ann", "bob")), frozenset(("cy", "dee"))}
    with pytest.raises(InvalidEvent) as refused:
        swiss_pairings(["ann", "bob"], [], withdrawn=["eve"], avoid=[("ann", "eve"), ("zed", "ann")])
    assert refused.value.pointer == "/avoid/1/0"
