"""The computer's levels: legal at every level, carried by the game, and each as described.

* Every level only ever makes legal moves, in every variant (short random playouts against a
  random player, muggins on so that counts and calls come up too).
* A level is part of the game: the token keeps it (``standard`` keeps its old code 1), the
  view and the record show it, and the contract's enum is exactly ``LEVELS``.
* ``easy`` does what its docstring says, on hands whose numbers are worked out here.
* ``hard`` knows its partner: in a four-player position where the next seat to play is its
  partner, it offers the partner points; the same position with that seat an opponent (the
  individual four-player game) makes it play the card that offers least.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.core.cards import parse_card, parse_cards
from service.core.computer.play import apply, new_game
from service.core.computer.players import PLAYERS, choose, easy, hard, standard
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import Action, legal_actions, may_act
from service.core.game.record import record
from service.core.game.state import LEVELS
from service.core.game.views import Claim, SeatView, ShownHand, view
from service.core.rules import preset, resolve
from tests.support.contract import openapi_document
from tests.support.players import RandomPlayer
from tests.support.views import seat_view
from tools.tables import table_script

VARIANTS = ["six_card", "five_card", "three_player", "four_player", "four_player_individual"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_level_only_makes_legal_moves(variant: str, level: str) -> None:
    rules = resolve(variant, {"muggins": True, "target": 61})
    kinds: set[str] = set()
    for game in range(2):
        randoms = {seat: RandomPlayer(10 * game + seat) for seat in range(rules.players) if (seat + game) % 2}
        state, _ = new_game(rules, seed=100 + game)
        while not state.over:
            seat = may_act(state)[0]
            if seat in randoms:
                action = randoms[seat](state, seat)
            else:
                action = choose(state, seat, level)
                assert action in legal_actions(state, seat), (level, action)
                kinds.add(action.type)
            state, _ = apply(state, action)
    assert {"discard", "play", "count"} <= kinds


def test_the_levels_are_the_players_and_the_contract_enum() -> None:
    assert LEVELS[0] == "standard" and set(LEVELS) == {"easy", "standard", "hard"} == set(PLAYERS)
    spec = openapi_document()
    schemas = spec["components"]["schemas"]
    assert schemas["ComputerLevel"]["enum"] == list(LEVELS)
    assert schemas["ComputerSeat"]["properties"]["level"]["allOf"] == [{"default": "standard"}]


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_survives_the_token_and_shows_in_the_view_and_record(level: str) -> None:
    state, _ = new_game(preset("six_card"), seed=4, dealer=0, computer=(None, level))
    assert state.computer == (None, level)
    data = encode_state(state)
    assert data["cp"] == [0, LEVELS.index(level) + 1]
    assert decode_state(data).computer == (None, level)
    assert view(state, 0).computer == (None, level)
    rng = RandomPlayer(1)
    while not state.over:
        state, _ = apply(state, rng(state, 0))
    assert record(state).computer == (None, level)


def test_standard_keeps_its_token_code() -> None:
    assert LEVELS.index("standard") + 1 == 1


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_api_starts_a_game_at_a_level_and_shows_it(client: FlaskClient, level: str) -> None:
    game = client.post(
        "/v1/games", json={"variant": "six_card", "seed": 9, "seat": 0, "computer": [{"seat": 1, "level": level}]}
    ).get_json()
    assert game["view"]["computer"] == [{"seat": 1, "level": level}]
    answer: dict[str, Any] = game
    credential = game["credentials"]["seats"][0]["credential"]
    while answer["view"]["phase"] != "over":
        answer = client.post(
            "/v1/games/act",
            json={"state": answer["state"], "action": {"type": "auto", "seat": 0}, "seat": 0, "credential": credential},
        ).get_json()
        assert answer["view"]["computer"] == [{"seat": 1, "level": level}]
    assert client.post("/v1/games/record", json={"state": answer["state"]}).get_json()["computer"] == [
        {"seat": 1, "level": level}
    ]


def test_an_unknown_level_is_a_400(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={"computer": [{"seat": 1, "level": "grandmaster"}]})
    assert response.status_code == 400


# --- easy -----------------------------------------------------------------------------------


def discard_seen(cards: str, dealer: bool) -> SeatView:
    dealt = tuple(parse_cards(cards))
    return seat_view(preset("six_card"), 0, 0 if dealer else 1, "discard", hand=tuple(sorted(dealt)), dealt=dealt)


def test_easy_keeps_the_most_points_on_their_own() -> None:
    # 5-J-Q-K: 5+J, 5+Q, 5+K (6) and the run J-Q-K (3) = 9; 4-5-6-J: 4+5+6, 5+J (4) and 4-5-6 (3) = 7.
    action = easy.choose(discard_seen("4H 5C 6D JS QH KD", dealer=False))
    assert sorted(action.cards) == sorted(parse_cards("4H 6D"))
    # Three fives and a jack: 4 fifteens (8) and a pair royal (6) = 14, thrown as pone all the same.
    action = easy.choose(discard_seen("5S 5H 5D JC 2H 7S", dealer=False))
    assert sorted(action.cards) == sorted(parse_cards("2H 7S"))
    # Nothing scores: it keeps the four highest cards (ties keep the picture cards).
    assert sorted(easy.choose(discard_seen("AC 3D 7H 9S JD KC", dealer=True)).cards) == sorted(parse_cards("AC 3D"))
    assert easy.kept_points(parse_cards("5S 5H 5D JC")) == 14


def play_seen(hand: str, pile: str, rules: str = "six_card") -> SeatView:
    played = tuple((1, card) for card in parse_cards(pile))
    return seat_view(
        preset(rules),
        0,
        1,
        "play",
        starter=parse_card("KS"),
        hand=tuple(sorted(parse_cards(hand))),
        pile=played,
        played=played,
        held=(len(hand.split()), 3),
    )


def test_easy_takes_the_points_on_offer() -> None:
    # On 10-5 (15): the 5 pairs (2); the ace and the king score nothing.
    assert easy.choose(play_seen("AC 5H KD", "10S 5D")).card == parse_card("5H")
    # On 7-8: the 9 and the 6 both make a run of three; the tie goes to the higher card.
    assert easy.choose(play_seen("3D 6H 9C", "7S 8D")).card == parse_card("9C")
    # Nothing scores: it leads its highest card.
    assert easy.choose(play_seen("2C 4D QH", "")).card == parse_card("QH")


def test_easy_counts_exactly_and_never_calls_muggins() -> None:
    hand = ShownHand(0, False, tuple(parse_cards("5S 5H 5D JC")))
    base = seat_view(preset("six_card"), 0, 1, "show", starter=parse_card("5C"), hand=hand.cards, counting=hand)
    # The same four cards as seat 1's hand, claimed at 12: seat 0 may call muggins.
    claimed = base._replace(shown=(hand._replace(seat=1),), claim=Claim(1, False, 12), counting=None)
    assert easy.choose(base) == Action("count", 0, claimed=29)
    assert easy.choose(claimed) == Action("accept", 0)
    assert standard.choose(claimed) == Action("muggins", 0, points=17)


# --- hard: partners -------------------------------------------------------------------------


def partner_position(variant: str) -> SeatView:
    """Seat 0 to play onto K-Q-2 (22) late in the play. Seats 1 and 3 have played all their
    cards, so the next seat to play is seat 2, holding one card. A 3 (25) lets that seat score
    with a 6 (31), a 3 (pair), a 4 or an ace (runs of three); an 8 (30) only with an ace (31).
    Neither scores for seat 0 now."""
    rules = preset(variant)
    played = (parse_cards("9H JD"), parse_cards("4D 7C 9C KH"), parse_cards("10S 5D QC"), parse_cards("6D 7D 9S 2C"))
    pile = ((1, parse_card("KH")), (2, parse_card("QC")), (3, parse_card("2C")))
    earlier = tuple((seat, card) for seat, cards in enumerate(played) for card in cards if (seat, card) not in pile)
    return seat_view(
        rules,
        0,
        3,
        "play",
        dealt=tuple(parse_cards("3C 8D 9H JD AS")),
        starter=parse_card("10H"),
        hand=tuple(parse_cards("3C 8D")),
        pile=pile,
        played=earlier + pile,
        held=(2, 0, 1, 0),
    )


def test_hard_feeds_its_partner_and_starves_an_opponent() -> None:
    partners = partner_position("four_player")
    assert partners.rules.side_of(2) == partners.side
    assert hard.choose(partners).card == parse_card("3C")
    # standard takes seat 2 for the next opponent, and so offers it the least
    assert standard.choose(partners).card == parse_card("8D")
    assert hard.choose(partners, frozenset({"partner"})).card == parse_card("8D")
    alone = partner_position("four_player_individual")
    assert hard.choose(alone).card == parse_card("8D")


def test_the_view_shows_the_seat_only_what_it_may_see() -> None:
    state, _ = new_game(preset("six_card"), seed=11, dealer=0)
    seen = view(state, 1)
    assert set(seen.dealt) == set(state.hands[1]) and not set(seen.dealt) & set(state.hands[0])
    assert len(seen.unseen) == 46 and not set(seen.unseen) & set(seen.dealt)


def test_auto_for_a_persons_seat_plays_at_standard_and_a_computer_seat_at_its_level() -> None:
    from service.core.computer import play as computer

    state, _ = new_game(preset("six_card"), seed=21, dealer=1, computer=(None, "easy"))
    assert computer.level_of(state, 0) == "standard" and computer.level_of(state, 1) == "easy"
    while not state.over:  # every move of seat 0 is auto: standard's move, then easy's replies
        expected, _ = apply(state, choose(state, 0, "standard"))
        state, _ = apply(state, Action("auto", 0))
        assert state._replace(log=expected.log) == expected


# --- hard's tables and its inference -------------------------------------------------------------


def test_the_keep_model_says_what_a_sensible_player_keeps() -> None:
    from service.core.computer.keep_model import SCALE, keep_weight, keep_weights

    assert keep_weight((5, 5, 10, 11), is_dealer=False) > 5 * SCALE > 5 * keep_weight((1, 6, 9, 13), False)
    assert keep_weights((5,), 3, True)[0] == keep_weight((1, 1, 1, 5), True)
    assert keep_weights((), 4, False)[-1] == keep_weight((13, 13, 13, 13), False)


def test_a_small_keep_model_rebuild_is_deterministic_and_well_formed() -> None:
    from tools.tables import build_keep_model as builder

    text = builder.build(150, 3)
    assert builder.build(150, 3, workers=2) == text  # the same over two processes
    assert text.startswith('"""GENERATED by `python -m tools.tables.build_keep_model --deals 150 --seed 3`')
    namespace: dict[str, Any] = {}
    exec(compile(text, "table", "exec"), namespace)
    for role in builder.ROLES:
        weights = namespace["TABLES"][role]
        assert len(weights) == 1820 and min(weights) > 0


def test_the_win_table_is_a_chance_from_each_score() -> None:
    from service.core.computer.win import SCALE, chance
    from service.core.computer.win_table import PONE_WINS

    assert len(PONE_WINS) == 121 and {len(row) for row in PONE_WINS} == {121}
    assert all(0 <= x <= SCALE for row in PONE_WINS for x in row)
    assert 0.40 * SCALE < PONE_WINS[0][0] < 0.50 * SCALE  # the first dealer is the favourite
    assert chance(119, 60, deals_next=False) > 0.9 * SCALE and chance(60, 119, deals_next=False) < 0.1 * SCALE
    # More points never hurt (within one part of rounding).
    assert all(PONE_WINS[p + 1][d] >= PONE_WINS[p][d] - 1 for p in range(120) for d in range(121))
    assert all(PONE_WINS[p][d + 1] <= PONE_WINS[p][d] + 1 for p in range(121) for d in range(120))


def test_a_small_win_table_rebuild_is_deterministic() -> None:
    from tools.tables import build_win_table as builder

    deals = [builder.record(seed) for seed in range(40)]
    assert table_script.parallel_map(builder.record, range(40), workers=2) == deals  # the same over two processes
    assert all(sum(points for _, points in deal) > 0 for deal in deals)  # the last card scores at least
    table = builder.solve(deals)
    assert builder.solve(deals) == table
    text = builder.render(table, 40, 0)
    namespace: dict[str, Any] = {}
    exec(compile(text, "table", "exec"), namespace)
    assert [list(row) for row in namespace["PONE_WINS"]] == table


@pytest.mark.exhaustive
def test_the_shipped_keep_model_is_what_the_script_builds_from_its_seed() -> None:
    """The full rebuild (about 2.5 minutes of CPU, over the cores): byte for byte the shipped module."""
    from tools.tables import build_keep_model as builder

    assert builder.build(workers=table_script.default_workers()) == builder.TABLE.read_text()


@pytest.mark.exhaustive
def test_the_shipped_win_table_is_what_the_script_builds_from_its_seed() -> None:
    """The full rebuild (about a minute of CPU, its deals played over the cores): byte for byte the shipped module."""
    from tools.tables import build_win_table as builder

    assert builder.build(workers=table_script.default_workers()) == builder.TABLE.read_text()


def _play_position(seed: int, plays: int) -> SeatView:
    """Seat 1's view after ``plays`` cards of the first deal's play (both seats at standard)."""
    state, _ = new_game(preset("six_card"), seed, 0)
    while not (state.phase == "play" and state.play is not None and len(state.play.played) >= plays):
        seat = may_act(state)[0]
        state, _ = apply(state, choose(state, seat, "standard"))
    return view(state, state.play.turn if state.play and state.play.turn is not None else 1)


def test_hard_reads_every_pile_the_opponent_played_on() -> None:
    from service.core.computer.players.opponent import their_plays

    seen = _play_position(3, 5)
    opp = 1 - seen.own_seat
    history = their_plays(seen, opp)
    assert [rank for _, _, rank, _ in history] == [c.rank for c in seen.played_by[opp]]
    for pile, room, _, _ in history:
        assert sum(min(r, 10) for r in pile) == 31 - room < 31


def test_hard_weighs_the_hands_the_opponent_kept_and_stays_deterministic() -> None:
    import random

    from service.core.computer.players.opponent import draws, possible_cards
    from service.core.computer.players.search import choose_card

    seen = _play_position(11, 1)  # the dealer answers the lead
    opp = 1 - seen.own_seat
    possible = possible_cards(seen, opp)
    inferred = draws(seen, possible, seen.held[opp], random.Random(1), True)
    uniform = draws(seen, possible, seen.held[opp], random.Random(1), False)
    assert len(inferred) == len(uniform)
    assert sum(c.rank == 5 for hand in inferred for c in hand) > sum(c.rank == 5 for hand in uniform for c in hand)
    assert choose_card(seen) == choose_card(seen)  # the same position, the same card
