"""The qualification cut (ACC rule 13.2b: one in four entrants, fractions rounded up) on
standings written by hand, ties at the line shown and never broken by the service."""

from __future__ import annotations

import pytest

from service.core.errors import InvalidEvent
from service.core.tournaments.cut import cut, seeds
from service.core.tournaments.standings import Standing, Standings


def table(*ranks: int) -> Standings:
    """Players p1, p2, ... holding the given ranks (equal ranks: equal on every key)."""
    rows = tuple(Standing(rank, f"p{i}", 3, 0, 3, 0, 100 - rank, 0, 0) for i, rank in enumerate(ranks, start=1))
    return Standings(rows, ("game_points", "games_won", "spread"), "acc")


@pytest.mark.parametrize(("entrants", "qualifiers"), [(8, 2), (9, 3), (64, 16), (65, 17), (121, 31), (124, 31)])
def test_one_in_four_rounded_up(entrants: int, qualifiers: int) -> None:
    line = cut(table(*range(1, entrants + 1)), {}, 7)
    assert line.qualifiers == qualifiers and not line.tied
    assert [line.marks[f"p{i}"] for i in range(1, entrants + 1)] == ["qualified"] * qualifiers + ["out"] * (
        entrants - qualifiers
    )


def test_a_tie_across_the_line_is_shown_with_the_places_it_shares() -> None:
    # ranks 1, 2, 3, 3, 3, 6, 7, 8: two places left for three players sharing rank 3
    line = cut(table(1, 2, 3, 3, 3, 6, 7, 8), {}, 5, qualifiers=4)
    assert line.tied == ("p3", "p4", "p5") and line.places == 2
    assert [line.marks[f"p{i}"] for i in range(1, 9)] == ["qualified"] * 2 + ["tied"] * 3 + ["out"] * 3
    with pytest.raises(InvalidEvent) as refused:
        seeds(line)
    assert refused.value.pointer == "/tie_break" and "p3, p4, p5" in refused.value.message
    assert seeds(line, ["p5", "p3"]) == ("p1", "p2", "p5", "p3")
    for wrong in (["p5", "p7"], ["p5", "p5"]):  # not tied; named twice
        with pytest.raises(InvalidEvent) as refused:
            seeds(line, wrong)
        assert refused.value.pointer == "/tie_break/1"


def test_a_tie_that_ends_at_the_line_is_no_tie() -> None:
    line = cut(table(1, 2, 2, 4, 5, 6, 7, 8), {}, 5, qualifiers=3)
    assert not line.tied and seeds(line) == ("p1", "p2", "p3")


def test_a_player_who_left_takes_no_place() -> None:
    line = cut(table(1, 2, 3, 4, 5, 6, 7, 8), {"p1": 3, "p2": 5}, 5)  # p1 left after round 3 of 5
    assert line.marks["p1"] == "withdrawn" and line.marks["p2"] == "qualified"
    assert seeds(line) == ("p2", "p3")
