"""Fixed games per player (the usual ACC day) checked against what a director would check by
hand on the printed movement: every player at one table a round, nobody meeting anyone twice,
the set number of games each (a bye counted as one), at most one bye each, and under
``one_side_moves`` home players staying put while every visitor moves up one table a round."""

from __future__ import annotations

import pytest

from service.core.errors import InvalidEvent
from service.core.tournaments.movements import fixed_games, most_games

FIELDS = [
    (n, g)
    for n in (2, 3, 4, 5, 7, 9, 10, 16, 17, 33, 64, 65)
    for g in sorted({1, min(2, n - 1), n // 2 or 1, most_games(n)})
]


@pytest.mark.parametrize(("field", "games"), FIELDS)
def test_every_player_meets_new_opponents_each_round(field: int, games: int) -> None:
    names = [f"p{i}" for i in range(1, field + 1)]
    day = fixed_games(names, games)
    assert len(day.rounds) == games
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for number, r in enumerate(day.rounds, start=1):
        assert r.number == number
        seated = [name for p in r.pairings for name in p.players]
        boards = [p.board for p in r.pairings]
        assert len(set(boards)) == len(boards) and all(1 <= b <= day.tables for b in boards)
        # everyone once: seated, or the one bye of an odd field
        assert sorted(seated + ([r.bye] if r.bye else [])) == sorted(names)
        assert (r.bye is not None) == (field % 2 == 1)
        for p in r.pairings:
            pair = frozenset(p.players)
            assert pair not in met
            met.add(pair)
        byes += [r.bye] if r.bye else []
    assert len(byes) == len(set(byes))  # a player sits out at most once
    assert len(met) == (field * games - len(byes)) // 2


@pytest.mark.parametrize("field", [4, 5, 10, 11, 64, 65])
def test_one_side_moves_home_stays_visitors_move_up_one_table(field: int) -> None:
    names = [f"p{i}" for i in range(1, field + 1)]
    tables = (field + 1) // 2
    day = fixed_games(names, tables)
    assert day.movement == "one_side_moves" and day.tables == tables
    for name, stops in day.itineraries():
        seat = names.index(name)
        start = seat // 2 + 1  # two to a table in the order given
        played = [s for s in stops if s.table is not None]
        if seat % 2 == 0:  # home: the same table all day
            assert {s.table for s in played} == {start}
        else:  # visitor: one table up each round, from the last back to table 1
            assert [s.table for s in stops] == [(start - 1 + r) % tables + 1 for r in range(tables)]


def test_a_small_field_playing_nearly_everyone_is_a_round_robin() -> None:
    day = fixed_games(["a", "b", "c", "d", "e", "f", "g", "h", "i"], 8)  # a club night: 9 players
    assert day.movement == "round_robin"
    assert sum(1 for _, stops in day.itineraries() for s in stops if s.table is None) == 8


@pytest.mark.parametrize(("field", "games"), [(8, 8), (9, 10), (2, 2)])
def test_more_games_than_different_opponents_is_refused(field: int, games: int) -> None:
    with pytest.raises(InvalidEvent) as caught:
        fixed_games([f"p{i}" for i in range(field)], games)
    assert caught.value.pointer == "/games"


def test_a_field_as_large_as_an_event_roster() -> None:
    day = fixed_games([f"p{i}" for i in range(4096)], 32)
    assert day.movement == "one_side_moves" and len(day.rounds) == 32
    assert all(len(r.pairings) == 2048 for r in day.rounds)
    with pytest.raises(InvalidEvent) as caught:
        fixed_games(["a", "b", "a"], 1)
    assert caught.value.pointer == "/players/2"


def test_the_answer_is_bounded_by_its_names_bytes_times_the_games() -> None:
    # 4,096 names of 32 bytes (4 digits and 28 letters) for 32 games: 4,096 x 32 x 32 = 4,194,304
    # bytes of names, exactly the bound (4 MiB); 48-letter names are half as many bytes again.
    day = fixed_games([f"{i:04d}" + "x" * 28 for i in range(4096)], 32)
    assert len(day.rounds) == 32
    with pytest.raises(InvalidEvent) as caught:
        fixed_games([f"{i:04d}" + "x" * 44 for i in range(4096)], 32)
    assert caught.value.pointer == "/games"
    assert caught.value.message == (
        "the names take 196608 bytes (UTF-8), times 32 games 6291456, more than the 4194304 one answer holds:"
        " fewer games, or shorter names"
    )
    # four bytes a character in UTF-8: 1,024 names of 48 such characters are 196,608 bytes, so 21
    # games (4,128,768) fit and 22 (4,325,376) do not
    wide = [chr(0x20001 + i) + "\U00020000" * 47 for i in range(1024)]
    assert len(fixed_games(wide, 21).rounds) == 21
    with pytest.raises(InvalidEvent) as caught:
        fixed_games(wide, 22)
    assert "times 22 games 4325376" in caught.value.message
