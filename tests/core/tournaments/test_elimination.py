"""Single- and double-elimination brackets that advance (service/core/tournaments/elimination.py), checked
by playing them out: what elimination means (one loss out, or two), counted independently of
the bracket's own bookkeeping, and hand-worked four-player brackets."""

from __future__ import annotations

import random

import pytest

from service.core.errors import InvalidEvent, InvalidScore
from service.core.scoring.match import MatchRules
from service.core.tournaments.elimination import EliminationState, elimination
from tests.support.director_events import random_scores


def play_out(entrants: int, seed: int, **options: bool) -> tuple[EliminationState, list[tuple[int, int, int]]]:
    """Play a bracket to its end with random results, the ready match to play chosen at random.
    Returns the final state and the matches in the order played: (id, winner, loser) seeds."""
    rnd = random.Random(seed)
    results: dict[int, list[tuple[int, int]]] = {}
    played: list[tuple[int, int, int]] = []
    state = elimination(entrants, results=results, **options)
    while not state.over:
        assert state.ready, "a bracket that is not over always has a match to play"
        # Some of the matches that can be played now, at random (at least one): they are played
        # at the same time, so their players were all still in when they began.
        now = [m for m in state.ready if rnd.random() < 0.5] or [rnd.choice(state.ready)]
        for match_id in now:
            results[match_id] = [random_scores(rnd)]
        state = elimination(entrants, results=results, **options)
        for match_id in now:
            m = state.matches[match_id - 1]
            assert m.winner is not None and m.loser is not None
            played.append((match_id, m.winner, m.loser))
    return state, played


@pytest.mark.parametrize("reset", [True, False])
@pytest.mark.parametrize("entrants", range(5, 65))
def test_double_elimination_played_out_has_one_champion_and_nobody_loses_three_times(
    entrants: int, reset: bool
) -> None:
    state, played = play_out(entrants, entrants * 7 + reset, double=True, bracket_reset=reset)
    losses = [0] * (entrants + 1)
    for _, winner, loser in played:
        assert losses[winner] < 2 and losses[loser] < 2, "someone out after two losses played on"
        losses[loser] += 1  # (matches played together never share a player, so order is safe)
    champion = state.champion
    assert champion is not None
    assert max(losses) <= 2 and losses[champion] <= 1
    out = [s for s in range(1, entrants + 1) if losses[s] == 2]
    if reset:
        # Nobody goes out on one loss, so everyone but the champion has exactly two.
        assert sorted([*out, champion]) == list(range(1, entrants + 1))
        assert len(played) in (2 * entrants - 2, 2 * entrants - 1)
    else:
        # The one exception without a reset: the winners' champion losing the only final.
        assert len(out) >= entrants - 2 and len(played) == 2 * entrants - 2
    assert [e.seed for e in state.standing if not e.eliminated] == [champion]
    assert [e.matches_lost for e in state.standing] == losses[1:]


@pytest.mark.parametrize("entrants", range(2, 65))
def test_single_elimination_played_out(entrants: int) -> None:
    state, played = play_out(entrants, entrants)
    assert len(played) == entrants - 1  # each match puts one player out
    losers = [loser for _, _, loser in played]
    assert len(set(losers)) == entrants - 1 and state.champion not in losers
    size = 1 << (entrants - 1).bit_length()
    byes = [m.seeds[0] for m in state.matches if m.status == "bye"]
    assert sorted(byes) == list(range(1, size - entrants + 1))  # byes to the top seeds


def test_four_player_double_elimination_with_the_reset_played() -> None:
    results = {
        1: [(121, 100)],  # W1: seed 1 beats 4
        2: [(121, 110)],  # W1: seed 2 beats 3
        4: [(90, 121)],  # L1: 4 v 3, seed 3 wins; 4 is out
        3: [(121, 111)],  # W final: 1 beats 2, who drops to the losers' final
        5: [(100, 121)],  # L final: 3 v 2, seed 2 wins; 3 is out
        6: [(99, 121)],  # grand final: 1 v 2, seed 2 wins: both have one loss
    }
    state = elimination(4, players=["ann", "bob", "cy", "dee"], double=True, results=results)
    final, reset = state.matches[5], state.matches[6]
    assert (final.seeds, final.winner) == ((1, 2), 2)
    assert (reset.status, reset.seeds, state.ready, state.champion) == ("ready", (1, 2), (7,), None)
    assert [(e.player, e.matches_lost, e.eliminated) for e in state.standing] == [
        ("ann", 1, False),
        ("bob", 1, False),
        ("cy", 2, True),
        ("dee", 2, True),
    ]
    done = elimination(4, double=True, results={**results, 7: [(121, 117)]})
    assert done.champion == 1 and done.standing[1].eliminated and done.ready == ()


def test_no_reset_needed_when_the_winners_champion_wins_the_final() -> None:
    results = {1: [(121, 100)], 2: [(121, 110)], 4: [(90, 121)], 3: [(121, 111)], 5: [(100, 121)], 6: [(121, 99)]}
    state = elimination(4, double=True, results=results)
    assert (state.matches[6].status, state.champion) == ("not_needed", 1)
    with pytest.raises(InvalidEvent, match="first final decided") as info:
        elimination(4, double=True, results={**results, 7: [(121, 99)]})
    assert info.value.pointer == "/results/7"


def test_without_a_reset_the_first_final_decides() -> None:
    results = {1: [(121, 100)], 2: [(121, 110)], 4: [(90, 121)], 3: [(121, 111)], 5: [(100, 121)], 6: [(99, 121)]}
    state = elimination(4, double=True, bracket_reset=False, results=results)
    assert len(state.matches) == 6 and state.champion == 2 and state.standing[0].eliminated


def test_two_entrants_double_elimination_is_a_rematch() -> None:
    state = elimination(2, double=True, results={1: [(100, 121)]})
    assert [(m.id, m.bracket, m.seeds, m.status) for m in state.matches] == [
        (1, "winners", (1, 2), "played"),
        (2, "final", (2, 1), "ready"),
        (3, "final", (2, 1), "waiting"),
    ]


def test_byes_in_the_losers_bracket_are_byes_and_empty_matches_are_left_out() -> None:
    # Five entrants in an eight bracket: seeds 1-3 have byes, so winners' round 1 has one loser.
    state = elimination(5, double=True)
    losers_round_1 = [m for m in state.matches if m.bracket == "losers" and m.round == 1]
    assert [(m.sources[0].kind, m.sources[1].kind, m.status) for m in losers_round_1] == [("none", "loser", "bye")]
    assert all(not (m.sources[0].kind == m.sources[1].kind == "none") for m in state.matches)


def test_a_bracket_match_decided_by_a_best_of_three() -> None:
    rules = MatchRules("best_of", 3, skunk_points=1, double_skunk_points=1)
    state = elimination(2, results={1: [(121, 100), (110, 121), (90, 121)]}, match_rules=rules)
    assert state.champion == 2
    with pytest.raises(InvalidEvent, match="not over") as info:
        elimination(2, results={1: [(121, 100)]}, match_rules=rules)
    assert info.value.pointer == "/results/1/games"


@pytest.mark.parametrize(
    ("results", "error", "pointer"),
    [
        ({9: [(121, 100)]}, InvalidEvent, "/results/9"),  # no such match
        ({3: [(121, 100)]}, InvalidEvent, "/results/3"),  # players not known yet
        ({1: [(121, 100), (121, 90)]}, InvalidEvent, "/results/1/games"),  # two games, no match rules
        ({1: [(120, 100)]}, InvalidScore, "/results/1/games/0"),  # not a finished game
    ],
)
def test_results_that_do_not_fit_are_refused(results, error, pointer) -> None:
    with pytest.raises(error) as info:
        elimination(4, results=results)
    assert info.value.pointer == pointer


def test_a_bye_is_not_played() -> None:
    with pytest.raises(InvalidEvent, match="bye") as info:
        elimination(3, results={1: [(121, 100)]})
    assert info.value.pointer == "/results/1"


def test_every_bad_result_is_reported_but_not_what_waits_on_one() -> None:
    # Four entrants: match 1 (seeds 1 v 4) and 2 (2 v 3) feed the final, match 3. Match 1's result is
    # no finished game, match 2 has a draw-free but unfinished line, match 9 does not exist; the
    # final's result waits on match 1, whose refusal is the error, not the final's.
    with pytest.raises(InvalidEvent) as info:
        elimination(4, results={1: [(120, 100)], 2: [(100, 90)], 3: [(121, 100)], 9: [(121, 0)]})
    pointers = [e["pointer"] for e in info.value.extra["errors"]]
    assert pointers == ["/results/9", "/results/1/games/0", "/results/2/games/0"]
