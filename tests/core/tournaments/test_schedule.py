"""Round-robin schedules and Swiss pairings (service/core/tournaments/schedules.py), against counting
arguments, hand-worked rounds and a brute-force search for a pairing without repeats."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.errors import InvalidEvent
from service.core.rules import STANDARD, resolve
from service.core.scoring.results import GameResult
from service.core.tournaments.schedules import Round, round_robin, swiss_pairings, swiss_ranking
from tests.support.director_events import random_scores


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize("n", range(2, 41))
def test_round_robin_meets_every_pair_exactly_once(n: int) -> None:
    players = names(n)
    schedule = round_robin(players)
    assert len(schedule.rounds) == (n - 1 if n % 2 == 0 else n)
    met = [frozenset(p.players) for r in schedule.rounds for p in r.pairings]
    assert len(met) == n * (n - 1) // 2 == len(set(met))
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(players, 2)}
    byes = [r.bye for r in schedule.rounds]
    for r in schedule.rounds:
        seated = [name for p in r.pairings for name in p.players] + ([r.bye] if r.bye else [])
        assert sorted(seated) == sorted(players)  # everyone once a round
        assert [p.board for p in r.pairings] == list(range(1, n // 2 + 1))
    if n % 2:
        assert sorted(byes) == sorted(players)  # each sits out exactly once
    else:
        assert byes == [None] * (n - 1)
    assert [r.number for r in schedule.rounds] == list(range(1, len(schedule.rounds) + 1))


@pytest.mark.parametrize(("players", "pointer"), [(["a", "b", "a"], "/players/2"), (["a"], "/players")])
def test_round_robin_refuses_a_name_twice_or_a_lone_player(players: list[str], pointer: str) -> None:
    with pytest.raises(InvalidEvent) as info:
        round_robin(players)
    assert info.value.pointer == pointer


def pairs(r: Round) -> list[tuple[str, str]]:
    return [p.players for p in r.pairings]


def test_swiss_first_round_is_top_half_against_bottom_half() -> None:
    # FIDE Dutch system, round 1 of eight unrated-equal players: 1-5, 2-6, 3-7, 4-8.
    first = swiss_pairings(names(8), [], STANDARD)
    assert pairs(first) == [("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")]
    assert (first.number, first.bye) == (1, None)


def test_swiss_second_round_pairs_inside_score_groups() -> None:
    r1 = [
        GameResult(("p1", "p5"), (121, 100)),
        GameResult(("p2", "p6"), (100, 121)),
        GameResult(("p3", "p7"), (121, 100)),
        GameResult(("p4", "p8"), (100, 121)),
    ]
    # Winners p1 p3 p6 p8 (2 points, 1 win, spread 21: ranked by seed), losers p2 p4 p5 p7.
    second = swiss_pairings(names(8), r1, STANDARD)
    assert pairs(second) == [("p1", "p6"), ("p3", "p8"), ("p2", "p5"), ("p4", "p7")]
    assert second.number == 2


def test_swiss_looks_ahead_instead_of_painting_itself_into_a_repeat() -> None:
    # Fixed-deal games can be drawn: after three draws everyone is level and ranked by seed.
    rules = resolve("six_card", {"fixed_deals": 2})
    r1 = [GameResult(("p1", "p4"), (80, 80)), GameResult(("p2", "p5"), (80, 80)), GameResult(("p3", "p6"), (80, 80))]
    # p1 wants p4 (met), takes p5. Then p2 wants p4, but that leaves p3-p6, a repeat:
    # p2 takes p6, and p3 meets p4. A greedy pairing would have stopped at p3-p6.
    assert pairs(swiss_pairings(names(6), r1, rules)) == [("p1", "p5"), ("p2", "p6"), ("p3", "p4")]


def test_swiss_names_the_repeat_when_every_pairing_is_one() -> None:
    # Four players who have all met: any round is two repeats; the Dutch order's is 1 v 3, 2 v 4
    # (by seeding, all level at one win and one loss... here p1 won all three, p4 lost all three).
    played = [GameResult(pair, (121, 100)) for pair in itertools.combinations(names(4), 2)]
    r = swiss_pairings(names(4), played, STANDARD)
    assert sorted(r.repeats) == sorted(p.players for p in r.pairings) and len(r.repeats) == 2


def test_swiss_seven_players_in_round_seven_meet_again_once() -> None:
    # Round robin of seven (each sat out once) played as Swiss rounds 1-6 of seven: with one more
    # round, a bye and three pairs, no three pairs of the six seated avoid a repeat; the fewest is
    # what is left after the circle method's round 7 pairs are taken out: 0, since that round is
    # unplayed. Take away round 7 of the circle and replay: here everybody has met everybody.
    schedule = round_robin(names(7))
    played = [GameResult(p.players, (121, 100)) for r in schedule.rounds for p in r.pairings]
    byes = [r.bye for r in schedule.rounds if r.bye]
    r = swiss_pairings(names(7), played, STANDARD, byes=byes)
    assert len(r.pairings) == 3 and len(r.repeats) == 3 and r.bye is not None


def test_swiss_keeps_apart_the_pairs_to_avoid_and_seats_the_fixed() -> None:
    # Round 1 of eight is 1-5, 2-6, 3-7, 4-8. p1 and p5 are married (avoid): p1 takes p6 and
    # p2 p5 (the next transposition of S2 = p5 p6 p7 p8).
    r = swiss_pairings(names(8), [], STANDARD, avoid=[("p5", "p1")])
    assert pairs(r) == [("p1", "p6"), ("p2", "p5"), ("p3", "p7"), ("p4", "p8")]
    # The director fixes p3-p4 by hand: the other six are S1 = p1 p2 p5, S2 = p6 p7 p8.
    r = swiss_pairings(names(8), [], STANDARD, avoid=[("p5", "p1")], fixed=[("p4", "p3")])
    assert pairs(r) == [("p1", "p6"), ("p2", "p7"), ("p3", "p4"), ("p5", "p8")]
    assert r.repeats == ()


@pytest.mark.parametrize(
    ("fixed", "avoid", "pointer"),
    [
        ([("p1", "zed")], [], "/fixed/0/1"),
        ([("p1", "p1")], [], "/fixed/0/1"),
        ([("p1", "p2"), ("p3", "p1")], [], "/fixed/1/1"),
        ([("p1", "p2")], [("p2", "p1")], "/fixed/0"),
        ([], [("zed", "p2")], "/avoid/0/0"),
    ],
)
def test_swiss_refuses_director_pairs_that_do_not_fit(
    fixed: list[tuple[str, str]], avoid: list[tuple[str, str]], pointer: str
) -> None:
    with pytest.raises(InvalidEvent) as info:
        swiss_pairings(names(4), [], STANDARD, fixed=fixed, avoid=avoid)
    assert info.value.pointer == pointer


def test_swiss_refuses_when_the_pairs_to_avoid_leave_no_round() -> None:
    with pytest.raises(InvalidEvent, match="avoid"):
        swiss_pairings(names(2), [], STANDARD, avoid=[("p1", "p2")])


def test_swiss_refuses_a_game_of_someone_not_entered() -> None:
    with pytest.raises(InvalidEvent) as info:
        swiss_pairings(names(4), [GameResult(("p1", "zed"), (121, 100))], STANDARD)
    assert info.value.pointer == "/games/0/players/1"


def play_swiss(n: int, rounds: int, seed: int) -> tuple[list[Round], list[GameResult], list[str]]:
    rnd = random.Random(seed)
    games: list[GameResult] = []
    byes: list[str] = []
    played: list[Round] = []
    for _ in range(rounds):
        r = swiss_pairings(names(n), games, STANDARD, byes=byes)
        played.append(r)
        games += [GameResult(p.players, random_scores(rnd, 40)) for p in r.pairings]
        if r.bye:
            byes.append(r.bye)
    return played, games, byes


@pytest.mark.parametrize("seed", range(3))
def test_swiss_64_players_7_rounds_never_repeats_a_pairing(seed: int) -> None:
    rounds, games, _ = play_swiss(64, 7, seed)
    met = [frozenset(g.players) for g in games]
    assert len(met) == 7 * 32 == len(set(met))
    for r in rounds:
        assert r.bye is None and len({name for p in r.pairings for name in p.players}) == 64


def test_swiss_odd_field_gives_byes_to_the_lowest_score_without_one() -> None:
    rnd_rounds, games, byes = play_swiss(63, 7, 11)
    assert len(byes) == len(set(byes)) == 7
    # Recount scores independently (ACC: 2 a win, 3 a skunk; a bye is worth a plain win).
    for number, r in enumerate(rnd_rounds):
        before = games[: 31 * number]
        score = dict.fromkeys(names(63), 0)
        for g in before:
            winner = g.players[g.scores.index(121)]
            score[winner] += 3 if min(g.scores) < 91 else 2
        for name in byes[:number]:
            score[name] += 2
        without = [p for p in names(63) if p not in byes[:number]]
        assert r.bye in without and score[r.bye] == min(score[p] for p in without)
    assert len({frozenset(g.players) for g in games}) == len(games)


def perfect_pairing_exists(players: list[str], banned: set[frozenset[str]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in banned and perfect_pairing_exists([p for p in rest if p != other], banned)
        for other in rest
    )


def fewest_repeats(players: list[str], banned: set[frozenset[str]]) -> int:
    """The fewest repeated pairs in any round of ``players`` (any one sitting out when odd)."""
    if len(players) % 2:
        return min(fewest_repeats([q for q in players if q != p], banned) for p in players)
    if not players:
        return 0
    first, rest = players[0], players[1:]
    return min(
        (frozenset((first, other)) in banned) + fewest_repeats([p for p in rest if p != other], banned)
        for other in rest
    )


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_swiss_finds_a_pairing_exactly_when_one_exists(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 11), label="players")
    players = names(n)
    all_pairs = list(itertools.combinations(players, 2))
    met = data.draw(st.lists(st.sampled_from(all_pairs), unique=True, max_size=len(all_pairs)), label="met")
    had_bye = data.draw(st.lists(st.sampled_from(players), unique=True), label="byes") if n % 2 else []
    games = [GameResult(pair, (121, 100) if i % 3 else (95, 121)) for i, pair in enumerate(met)]
    banned = {frozenset(pair) for pair in met}
    feasible_byes = (
        [p for p in players if perfect_pairing_exists([q for q in players if q != p], banned)] if n % 2 else [None]
    )
    if (n % 2 == 0 and not perfect_pairing_exists(players, banned)) or not feasible_byes:
        # No round without a repeat: the fewest repeats any round has, found by trying them all.
        r = swiss_pairings(players, games, STANDARD, byes=had_bye)
        seats = [q for q in players if q != r.bye]
        assert sorted(name for p in r.pairings for name in p.players) == sorted(seats)
        assert set(r.repeats) == {p.players for p in r.pairings if frozenset(p.players) in banned}
        assert len(r.repeats) == fewest_repeats(players, banned)
        return
    r = swiss_pairings(players, games, STANDARD, byes=had_bye)
    seated = [name for p in r.pairings for name in p.players]
    assert sorted(seated + ([r.bye] if r.bye else [])) == sorted(players)
    assert not {frozenset(p.players) for p in r.pairings} & banned
    assert r.bye in feasible_byes
    if n % 2:
        # The bye: the lowest-ranked player who can sit out without one, else the lowest-ranked who can.
        ranking = [s.player for s in swiss_ranking(players, games, STANDARD, byes=had_bye)]
        without = [p for p in feasible_byes if p not in had_bye] or feasible_byes
        assert r.bye == max(without, key=ranking.index)


def test_swiss_bye_when_the_whole_bottom_group_cannot_sit_out() -> None:
    # Three leaders have each beaten all 1,020 others: with 1,023 players one leader must sit
    # out (the others cannot, as the rest of the bottom group would be odd). Trying every bottom
    # player in turn took a matching each (15 s); one search finds the bye.
    bottom = [f"b{j:04d}" for j in range(1020)]
    leaders = ["a0", "a1", "a2"]
    games = [GameResult((a, b), (121, 100)) for a in leaders for b in bottom]
    r = swiss_pairings(leaders + bottom, games, STANDARD)
    assert r.number == 1021 and r.bye == "a2"  # one more than the most games anyone has played
    # The leaders' group: a0 v a1; the bottom group of 1,020 level players: top half v bottom half.
    assert [p.players for p in r.pairings] == [("a0", "a1"), *zip(bottom[:510], bottom[510:])]


def test_swiss_second_bye_before_a_repeat() -> None:
    # Seven players, five of whom have sat out once; s2 and s5 have not, but with either of them out
    # the other six cannot all meet someone new (checked here by trying every pairing of them), so the
    # bye goes a second time, to the lowest-ranked player whose absence leaves a round without repeats.
    played = [
        ("s0", "s3"),
        ("s1", "s4"),
        ("s2", "s5"),
        ("s3", "s4"),
        ("s5", "s6"),
        ("s2", "s1"),
        ("s3", "s5"),
        ("s4", "s6"),
        ("s2", "s0"),
        ("s3", "s2"),
        ("s5", "s1"),
        ("s6", "s0"),
        ("s5", "s4"),
        ("s2", "s6"),
        ("s0", "s1"),
    ]
    games = [GameResult(pair, (121, 100)) for pair in played]
    players, byes = [f"s{i}" for i in range(7)], ["s6", "s0", "s1", "s4", "s3"]
    met = {frozenset(pair) for pair in played}

    def pairable(field: list[str]) -> bool:
        if not field:
            return True
        first, rest = field[0], field[1:]
        return any(frozenset((first, other)) not in met and pairable([p for p in rest if p != other]) for other in rest)

    assert not any(pairable([p for p in players if p != out]) for out in ("s2", "s5"))
    r = swiss_pairings(players, games, STANDARD, byes=byes)
    assert r.bye in byes and pairable([p for p in players if p != r.bye])
    assert not any(frozenset(p.players) in met for p in r.pairings)
    ranking = [s.player for s in swiss_ranking(players, games, STANDARD, byes=byes)]
    lower = ranking[ranking.index(r.bye) + 1 :]  # nobody ranked below the bye could have taken it
    assert not any(pairable([p for p in players if p != out]) for out in lower)


def test_swiss_pairs_each_stranded_player_with_the_one_they_have_not_met() -> None:
    # x_k has met everyone but c_k, so c_k must meet x_k; the c's sit where the top half of the big
    # score group would choose them first. Every such refused choice used to search the whole field
    # (53 s with 8 of them); starting from the stranded end refuses it at once.
    g = 8
    x, c, d = ([f"{t}{k}" for k in range(g)] for t in "xcd")
    high, low = [f"h{i:03d}" for i in range(500)], [f"l{i:03d}" for i in range(1024 - 3 * g - 500)]
    games = [
        GameResult((p, x[k]), (121, 91 if p in high else 110 if p in low else 100))
        for k in range(g)
        for p in [*high, *low, *d, *(c[j] for j in range(g) if j != k)]
    ]
    games += [GameResult((x[k], x[j]), (121, 100)) for k in range(g) for j in range(k + 1, g)]
    games += [GameResult((c[k], d[k]), (121, 100)) for k in range(g)]
    r = swiss_pairings([*high, *c, *low, *d, *x], games, STANDARD)
    pairs = {frozenset(p.players) for p in r.pairings}
    assert r.bye is None and len(pairs) == 512 and not pairs & {frozenset(g.players) for g in games}
    assert {frozenset((c[k], x[k])) for k in range(g)} <= pairs
