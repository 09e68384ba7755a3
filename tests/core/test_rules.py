"""Rules: the presets of docs/rules.md section 11 and the invariants every combination must keep."""

from __future__ import annotations

import pytest

from service.core.errors import InvalidRules
from service.core.rules import preset, resolve, variant_names


def test_presets_match_the_rules_reference() -> None:
    six, five, three, four = (preset(n) for n in ("six_card", "five_card", "three_player", "four_player"))
    assert (six.players, six.cards_dealt, six.discards, six.hand_size, six.target) == (2, 6, 2, 4, 121)
    assert (five.cards_dealt, five.hand_size, five.target, five.single_count_play) == (5, 3, 61, True)
    assert five.three_for_last == "game_start" and five.skunk_lines == (31,)
    assert (three.players, three.cards_dealt, three.discards, three.crib_from_deck) == (3, 5, 1, 1)
    assert (four.players, four.partnerships, four.sides) == (4, True, 2)
    assert [four.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert six.skunk_lines == (91, 61, 31) and six.game_points == (2, 3, 3, 3)
    for name in variant_names():
        rules = preset(name)
        assert rules.players * rules.discards + rules.crib_from_deck == 4


def test_aliases_from_the_rules_reference() -> None:
    assert preset("six_card_2p") == preset("six_card")
    assert preset("four_player_partners") == preset("four_player")


def test_options_apply_and_move_dependent_defaults() -> None:
    assert resolve("six_card", {"target": 61}).skunk_lines == (31,)
    assert resolve("six_card", {"target": 61, "skunk_lines": [41]}).skunk_lines == (41,)
    assert resolve("six_card", {"game_point_scheme": "bar_league"}).tiebreakers[2] == "skunks"
    assert resolve("three_player", {"multi_go_rule": "bicycle_three_hand"}).multi_go_rule == "bicycle_three_hand"


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("seven_card", {}),
        ("six_card", {"colour": "red"}),
        ("six_card", {"target": 0}),
        ("six_card", {"fixed_deals": 3}),
        ("three_player", {"fixed_deals": 4}),
        ("six_card", {"skunk_lines": [61, 91]}),
        ("six_card", {"skunk_lines": [200]}),
        ("six_card", {"tiebreakers": ["spread", "spread"]}),
        ("six_card", {"crib_flush": "sometimes"}),
        ("six_card", {"no_heels_at_or_above": 500}),
    ],
)
def test_bad_rules_are_refused(variant: str, options: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidRules):
        resolve(variant, options)


def test_whole_number_floats_become_ints_and_share_the_cache() -> None:
    # JSON allows 5.0 where an integer is asked for; it must never reach a score as a float.
    rules = resolve("six_card", {"target": 5.0, "skunk_lines": [3.0]})
    assert type(rules.target) is int and rules.target == 5
    assert all(type(line) is int for line in rules.skunk_lines)
    assert type(resolve("six_card", {"target": 5}).target) is int


def test_hoyle_lurch_is_the_half_way_line() -> None:
    # docs/rules.md 7 and 8.2: the lurch is the loser below half the game, a double game.
    assert resolve("six_card", {"game_point_scheme": "hoyle_lurch"}).game_points == (1, 1, 2, 2)
    assert resolve("five_card", {"game_point_scheme": "hoyle_lurch"}).game_points == (1, 2, 2, 2)
    assert resolve("six_card", {"target": 181, "game_point_scheme": "hoyle_lurch"}).game_points == (1, 1, 1, 2)
