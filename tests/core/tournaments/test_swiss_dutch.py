"""Swiss pairings against an independent pairer written from the FIDE Dutch rules
(tests/support/fide_dutch.py): over hundreds of rounds of simulated events the service's round
never has a larger total score difference (the sum over its pairs of the two players' scores'
difference), never a repeat where the reference avoids one, and the same bye."""

from __future__ import annotations

import pytest

from service.core.rules import STANDARD
from service.core.scoring.results import GameResult
from service.core.tournaments.schedules import swiss_pairings
from tests.support.swiss_events import AT_64, AT_64_MORE, EVENTS, LARGER, compare_event


def never_worse(n: int, seed: int) -> None:
    for c in compare_event(n, 7, seed):
        if c.reference >= 0:
            assert c.ours <= c.reference, c


@pytest.mark.parametrize(("n", "seed"), EVENTS)
def test_swiss_never_worse_than_the_fide_dutch_reference(n: int, seed: int) -> None:
    never_worse(n, seed)


@pytest.mark.exhaustive
@pytest.mark.parametrize(("n", "seed"), LARGER)
def test_swiss_never_worse_than_the_reference_in_larger_fields(n: int, seed: int) -> None:
    never_worse(n, seed)


@pytest.mark.parametrize(("n", "seed"), AT_64)
def test_swiss_never_worse_than_the_reference_at_64_players(n: int, seed: int) -> None:
    never_worse(n, seed)


@pytest.mark.exhaustive
@pytest.mark.parametrize(("n", "seed"), AT_64_MORE)
def test_swiss_never_worse_than_the_reference_at_63_and_64_more_events(n: int, seed: int) -> None:
    never_worse(n, seed)


def test_a_transposition_inside_the_group() -> None:
    # After two rounds (every game 121-100, so spreads are level and seeding breaks ties): p1 and
    # p5 on 4 points; p3 p4 p7 p8 on 2 (S1 = p3 p4, S2 = p7 p8); p2 and p6 on 0. p3 has met p7:
    # the next candidate in the Dutch order is the transposition p3-p8, p4-p7, inside the group.
    played = [
        ("p1", "p2"),
        ("p3", "p7"),
        ("p5", "p6"),
        ("p4", "p8"),
        ("p1", "p3"),
        ("p5", "p4"),
        ("p7", "p2"),
        ("p8", "p6"),
    ]
    games = [GameResult(pair, (121, 100)) for pair in played]
    r = swiss_pairings([f"p{i}" for i in range(1, 9)], games, STANDARD)
    assert [p.players for p in r.pairings] == [("p1", "p5"), ("p3", "p8"), ("p4", "p7"), ("p2", "p6")]
