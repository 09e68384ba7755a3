"""The qualification cut (ACC rule 13.2b: one in four entrants, fractions rounded up) and the
playoff seeds, on standings written by hand: ties at the line shown and never broken by the
service, every tie among the qualifiers that decides a bye, an opponent or a seed left to the
director's ``tie_break`` (a cut of the cards), a withdrawn player never a qualifier."""

from __future__ import annotations

from typing import Any

import pytest

from service.core.errors import InvalidEvent
from service.core.tournaments.brackets import bracket
from service.core.tournaments.cut import Cut, cut, seeds
from service.core.tournaments.roster import Roster
from service.core.tournaments.standings import Standing, Standings


def table(*ranks: int) -> Standings:
    """Players p1, p2, ... holding the given ranks (equal ranks: equal on every key)."""
    rows = tuple(Standing(rank, f"p{i}", 3, 0, 3, 0, 100 - rank, 0, 0) for i, rank in enumerate(ranks, start=1))
    return Standings(rows, ("game_points", "games_won", "spread"), "acc")


def roster(count: int) -> Roster:
    return Roster.of([f"p{i}" for i in range(1, count + 1)])


def line_of(ranks: tuple[int, ...], qualifiers: int | None = None, withdrawn: dict[str, int] | None = None) -> Cut:
    found = cut(table(*ranks), withdrawn or {}, 5, qualifiers)
    assert found is not None
    return found


def refused(line: Cut, tie_break: list[str], ratings: Any = None) -> list[tuple[str, str]]:
    """The (pointer, detail) of every problem in the one answer."""
    with pytest.raises(InvalidEvent) as caught:
        seeds(line, tie_break, roster(len(line.ranks) + 2), ratings)
    errors = caught.value.extra.get("errors") or [{"pointer": caught.value.pointer, "detail": caught.value.said}]
    return [(e["pointer"], str(e["detail"])) for e in errors]


@pytest.mark.parametrize(("entrants", "qualifiers"), [(8, 2), (9, 3), (64, 16), (65, 17), (121, 31), (124, 31)])
def test_one_in_four_rounded_up(entrants: int, qualifiers: int) -> None:
    line = line_of(tuple(range(1, entrants + 1)))
    assert line.qualifiers == qualifiers and not line.tied
    assert [line.marks[f"p{i}"] for i in range(1, entrants + 1)] == ["qualified"] * qualifiers + ["out"] * (
        entrants - qualifiers
    )


def test_a_tie_across_the_line_is_shown_with_the_places_it_shares() -> None:
    # ranks 1, 2, 3, 3, 3, 6, 7, 8: two places left for three players sharing rank 3
    line = line_of((1, 2, 3, 3, 3, 6, 7, 8), qualifiers=4)
    assert line.tied == ("p3", "p4", "p5") and line.places == 2
    assert [line.marks[f"p{i}"] for i in range(1, 9)] == ["qualified"] * 2 + ["tied"] * 3 + ["out"] * 3
    assert refused(line, []) == [
        (
            "/tie_break",
            "3 players are tied at the cut line for 2 places ('p3', 'p4', 'p5'): name the 2 who go through,"
            " best first, in `tie_break`",
        )
    ]
    # the director's order: p5 then p3 (seeds 3 and 4), names as the roster compares them
    assert seeds(line, [" p5 ", "p3"], roster(8)) == ("p1", "p2", "p5", "p3")


def test_one_place_at_the_line_is_said_in_the_singular() -> None:
    line = line_of((1, 2, 3, 3, 5, 6, 7, 8), qualifiers=3)
    assert line.tied == ("p3", "p4") and line.places == 1
    assert refused(line, []) == [
        (
            "/tie_break",
            "2 players are tied at the cut line for the last place ('p3', 'p4'): name the one who goes through"
            " in `tie_break`",
        )
    ]
    assert seeds(line, ["p4"], roster(8)) == ("p1", "p2", "p4")


def test_every_wrong_tie_break_name_is_refused_with_its_pointer_in_one_answer() -> None:
    line = line_of((1, 2, 3, 3, 3, 6, 7, 8), qualifiers=4)
    problems = refused(line, ["p5", "p5", "P3", "zed", "p7"])
    assert [p for p, _ in problems] == ["/tie_break/1", "/tie_break/2", "/tie_break/3", "/tie_break", "/tie_break/4"]
    details = [d for _, d in problems]
    assert details[0] == "'p5' is named twice"
    assert "did you mean 'p3'?" in details[1]  # case: the roster's rules, reported not matched
    assert details[2] == "'zed' is not on the roster"
    assert "for 2 places" in details[3]  # only p5 named: the line still open
    assert details[4].startswith("'p7' is not tied with another player")


def test_a_tie_among_the_qualifiers_that_decides_a_bye_needs_the_directors_order() -> None:
    # six qualifiers: a bracket of 8, byes to seeds 1 and 2; p2 and p3 share rank 2, so the
    # order between them decides who has the second bye
    line = line_of((1, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24), 6)
    assert not line.tied
    assert refused(line, []) == [
        (
            "/tie_break",
            "'p2', 'p3' are tied for seeds 2 to 3, which decides who has a first-round bye: order at least 1 of"
            " them in `tie_break`, best first (the director's tie-break game or cut of the cards)",
        )
    ]
    assert seeds(line, ["p3"], roster(24)) == ("p1", "p3", "p2", "p4", "p5", "p6")


def test_a_tie_that_decides_who_meets_whom_or_only_the_higher_seed() -> None:
    four = line_of((1, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), 4)  # seeds 1 and 2 tied
    assert "which decides who meets whom" in refused(four, [])[0][1]  # 1 v 4 and 2 v 3
    assert seeds(four, ["p2", "p1"], roster(16)) == ("p2", "p1", "p3", "p4")
    three = line_of((1, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12), 3)  # a bracket of 4: seed 1's bye, 2 v 3
    assert "which of the two is the higher seed of their match" in refused(three, [])[0][1]
    three_decided = seeds(three, ["p3", "p2"], roster(12))
    assert three_decided == ("p1", "p3", "p2")
    assert bracket(3, 3, players=three_decided).name(2) == "p3"


def test_a_whole_tied_group_named_or_all_but_one() -> None:
    line = line_of((1, 1, 1, 1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), 4)  # all four qualifiers tied
    assert "order at least 3 of them" in refused(line, ["p4", "p2"])[0][1]
    assert seeds(line, ["p4", "p2", "p1"], roster(16)) == ("p4", "p2", "p1", "p3")  # the one left out: last
    assert seeds(line, ["p4", "p2", "p1", "p3"], roster(16)) == ("p4", "p2", "p1", "p3")


def test_a_tie_that_ends_at_the_line_is_no_tie() -> None:
    line = line_of((1, 2, 3, 3, 5, 6, 7, 8), qualifiers=4)
    assert not line.tied and line.marks["p4"] == "qualified"
    # p3 and p4 share rank 3 inside the qualifiers: seeds 3 and 4 (1 v 4, 2 v 3) decide opponents
    assert seeds(line, ["p4"], roster(8)) == ("p1", "p2", "p4", "p3")


def test_a_withdrawn_player_never_qualifies_and_the_next_takes_the_place() -> None:
    # p1 left after round 3 of 5, p2 after round 5 (the last counted): neither plays the playoff
    line = line_of((1, 2, 3, 4, 5, 6, 7, 8, 9), withdrawn={"p1": 3, "p2": 5})
    assert line.marks["p1"] == line.marks["p2"] == "withdrawn"
    assert line.qualifiers == 3 and line.entrants == 9  # one in four of the entrants, the leavers counted
    assert seeds(line, [], roster(9)) == ("p3", "p4", "p5")
    # eight places of nine with one leaver: p9 takes p2's place, and the cut and the bracket agree
    eight = line_of((1, 2, 3, 4, 5, 6, 7, 8, 9), qualifiers=8, withdrawn={"p2": 4})
    order = seeds(eight, [], roster(9))
    assert order == ("p1", "p3", "p4", "p5", "p6", "p7", "p8", "p9")
    assert eight.qualifiers == len(order) == bracket(8, 8, players=order).qualifiers


def test_more_places_than_players_still_in_is_refused() -> None:
    with pytest.raises(InvalidEvent) as caught:
        cut(table(1, 2, 3, 4, 5, 6, 7, 8), {"p8": 2}, 5, 8)
    assert caught.value.pointer == "/qualifiers"
    assert caught.value.message == "8 qualifiers from 8 players, 7 of them still in the event: a playoff takes 2 to 7"
    assert cut(table(1, 2, 3), {"p1": 1, "p2": 1}, 5) is None  # one player left: no cut to show


def test_seeding_by_ratings_the_standings_and_then_the_director_break_equal_ratings() -> None:
    line = line_of((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), 4)
    # p3 rated best; p1 and p4 rated alike (the standings put p1 first); p2 last
    ratings = {"p1": (10.0, 20.0), "p2": (5.0, 20.0), "p3": (12.0, 20.0), "p4": (10.0, 20.0)}
    assert seeds(line, [], roster(16), ratings) == ("p3", "p1", "p4", "p2")
    assert refused(line, ["p1"], ratings)[0][1].startswith("'p1' is not tied")  # the standings tell them apart
    tied = line_of((1, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), 4)  # p2, p3 equal in the standings too
    same = {"p1": (1.0, 2.0), "p2": (9.0, 20.0), "p3": (9.0, 20.0), "p4": (0.0, 1.0)}
    assert "'p2', 'p3' are tied for seeds 1 to 2" in refused(tied, [], same)[0][1]
    assert seeds(tied, ["p3"], roster(16), same) == ("p3", "p2", "p1", "p4")
