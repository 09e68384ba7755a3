"""/v1/boards, /v1/boards/peg, /v1/boards/deal through HTTP: whole games, G1-G3, and every kind of bad input."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.problems import expect_problem


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post("/v1/boards", json=body)
    assert response.status_code == 201, response.json
    return response.json


def peg(client: FlaskClient, board: dict[str, Any], side: int, points: int, kind: str | None = None):
    body: dict[str, Any] = {"board": board, "side": side, "points": points}
    if kind:
        body["kind"] = kind
    return client.post("/v1/boards/peg", json=body)


def deal(client: FlaskClient, board: dict[str, Any], **parts: Any):
    return client.post("/v1/boards/deal", json={"board": board, "deal": parts})


def test_create_boards(client: FlaskClient) -> None:
    two = create(client, players=2, dealer=1)["board"]
    assert (two["variant"], two["target"], two["sides"], two["dealer"], two["deal"]) == ("six_card", 121, 2, 1, 1)
    assert two["pegs"] == [{"front": 0, "back": 0}] * 2 and two["over"] is False and two["outcome"] is None
    partners = create(client, players=4, dealer=3, target=61)["board"]
    assert (partners["variant"], partners["sides"], partners["target"], partners["partnerships"]) == (
        "four_player",
        2,
        61,
        True,
    )
    singles = create(client, players=4, partnerships=False, dealer=0)["board"]
    assert (singles["variant"], singles["sides"]) == ("four_player_individual", 4)
    three = create(client, players=3, dealer=2, fixed_deals=6)["board"]
    assert (three["target"], three["fixed_deals"], three["sides"]) == (None, 6, 3)
    five = create(client, variant="five_card", dealer=0)
    assert five["board"]["target"] == 61 and five["board"]["pegs"][1]["front"] == 3
    assert five["moves"] == [{"side": 1, "kind": "three_for_last", "points": 3, "seat": 1, "front": 3, "back": 0}]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"players": 2}, 400),  # no dealer
        ({"players": 5, "dealer": 0}, 400),
        ({"players": 2, "dealer": 0, "colour": "red"}, 400),
        ({"players": 2, "dealer": 2}, 422),  # not a seat of a two-player game
        ({"players": 3, "partnerships": True, "dealer": 0}, 422),
        ({"variant": "six_card", "players": 3, "dealer": 0}, 422),
        ({"players": 2, "target": 61, "options": {"target": 121}, "dealer": 0}, 422),
        ({"players": 3, "fixed_deals": 4, "dealer": 0}, 422),  # not a multiple of the players
    ],
)
def test_create_errors(client: FlaskClient, body: dict[str, Any], status: int) -> None:
    expect_problem(client.post("/v1/boards", json=body), status)


def test_a_whole_game_by_deals_with_the_deal_rotating(client: FlaskClient) -> None:
    board = create(client, players=2, dealer=0)["board"]
    totals = [0, 0]
    # (dealer's side total, pone's total) per deal; reference: plain sums, dealer alternating
    plan = [(20, 10), (15, 8), (12, 20), (25, 9), (10, 14), (11, 16)]
    for number, (a, b) in enumerate(plan):
        assert board["dealer"] == number % 2 and board["deal"] == number + 1
        response = deal(client, board, scores=[a, b])
        assert response.status_code == 200, response.json
        board = response.json["board"]
        totals = [totals[0] + a, totals[1] + b]
        assert [p["front"] for p in board["pegs"]] == totals
    assert totals == [93, 77] and not board["over"]
    # side 1 goes out with 44 (77 + 44 = 121); side 0's 5 is what it had pegged by then
    response = deal(client, board, scores=[5, 44])
    board = response.json["board"]
    assert board["over"] and board["winner"] == 1
    assert [p["front"] for p in board["pegs"]] == [98, 121]
    assert board["outcome"]["skunk"] == "none" and board["outcome"]["game_points"] == [0, 2]
    assert board["outcome"]["spread"] == [-23, 23]
    expect_problem(deal(client, board, scores=[1, 1]), 422, "game-over")
    expect_problem(peg(client, board, 0, 2, "fifteen"), 422, "game-over")


def play_to(client: FlaskClient, fronts: tuple[int, int], dealer: int = 0) -> dict[str, Any]:
    """A board with the given scores, reached by whole deals (the dealer then deals again)."""
    board = create(client, players=2, dealer=dealer)["board"]
    response = deal(client, board, scores=[fronts[0] - fronts[0] // 2, fronts[1] - fronts[1] // 2])
    board = response.json["board"]
    response = deal(client, board, scores=[fronts[0] // 2, fronts[1] // 2])
    assert response.status_code == 200, response.json
    board = response.json["board"]
    assert [p["front"] for p in board["pegs"]] == list(fronts) and board["dealer"] == dealer
    return board


def test_g1_the_pone_goes_out_on_the_hand(client: FlaskClient) -> None:
    board = play_to(client, (117, 110))  # seat 0 deals; seat 1 is the pone
    # itemised: the dealer pegs 3 (120), the pone 5 (115); the pone's 6 wins before the dealer's 29
    response = deal(client, board, heels=0, pegging=[3, 5], hands=[6, 29], crib=8)
    assert response.status_code == 200, response.json
    body = response.json
    assert body["board"]["winner"] == 1 and [p["front"] for p in body["board"]["pegs"]] == [120, 121]
    assert [(m["side"], m["kind"], m["points"]) for m in body["moves"]] == [
        (0, "pegging", 3),
        (1, "pegging", 5),
        (1, "hand", 6),
    ]
    # the same, one score at a time
    for side, points, kind in ((0, 3, "pegging"), (1, 5, "pegging")):
        board = peg(client, board, side, points, kind).json["board"]
    response = peg(client, board, 1, 6, "hand")
    assert response.json["board"]["winner"] == 1
    expect_problem(peg(client, response.json["board"], 0, 29, "hand"), 422, "game-over")


def test_g2_the_dealer_wins_on_heels(client: FlaskClient) -> None:
    board = play_to(client, (119, 100))
    response = peg(client, board, 0, 2, "heels")
    assert response.json["board"]["winner"] == 0
    assert response.json["moves"][0] == {"side": 0, "kind": "heels", "points": 2, "seat": 0, "front": 121, "back": 119}
    response = deal(client, board, heels=2, pegging=[0, 12], hands=[10, 10], crib=0)
    assert response.json["board"]["winner"] == 0
    assert [p["front"] for p in response.json["board"]["pegs"]] == [121, 100]


def test_g3_a_fifteen_at_120(client: FlaskClient) -> None:
    board = play_to(client, (120, 60))
    response = peg(client, board, 0, 2, "fifteen")
    board = response.json["board"]
    assert board["winner"] == 0 and board["outcome"]["skunk"] == "double_skunk"
    assert board["outcome"]["game_points"] == [3, 0]


def test_both_sides_past_the_target_asks_for_the_itemised_form(client: FlaskClient) -> None:
    board = play_to(client, (110, 112))
    body = expect_problem(deal(client, board, scores=[12, 10]), 422, "ambiguous-deal")
    assert "itemised" in body["detail"] and body["sides"] == [0, 1]
    assert body["errors"][0]["pointer"] == "/deal/scores"
    # itemised, the order decides: the pone's hand is counted before the dealer's
    response = deal(client, board, heels=0, pegging=[4, 2], hands=[8, 8], crib=0)
    assert response.json["board"]["winner"] == 1


@pytest.mark.parametrize(
    ("side", "points", "kind", "status", "slug"),
    [
        (0, -1, "fifteen", 400, "contract-violation"),  # negative
        (0, 30, "other", 400, "contract-violation"),  # more than any single score
        (0, 20, "pair", 422, "invalid-score"),  # a pair is 2
        (1, 19, "hand", 422, "invalid-score"),  # no hand scores 19
        (0, 3, "heels", 422, "invalid-score"),
        (2, 2, "fifteen", 422, "invalid-score"),  # no side 2 in a two-player game
        (4, 2, "fifteen", 400, "contract-violation"),
        (0, 2, "flush", 400, "contract-violation"),  # not a kind a board pegs
        (0, 8, "hand", 422, "illegal-action"),  # the pone's hand comes first
    ],
)
def test_bad_pegs(client: FlaskClient, side: int, points: int, kind: str, status: int, slug: str) -> None:
    board = create(client, players=2, dealer=0)["board"]
    expect_problem(peg(client, board, side, points, kind), status, slug)


@pytest.mark.parametrize(
    ("parts", "status"),
    [
        ({"scores": [200, 0]}, 422),  # more than a deal can give the dealer (120)
        ({"scores": [0, 90]}, 422),  # or the pone (89)
        ({"scores": [-1, 0]}, 400),
        ({"scores": [251, 0]}, 400),
        ({"scores": [1, 1, 1]}, 422),  # a side that does not exist
        ({"pegging": [61, 0], "hands": [0, 0], "crib": 0}, 422),
        ({"pegging": [0, 0], "hands": [0, 26], "crib": 0}, 422),
        ({"pegging": [0, 0], "hands": [0, 0], "crib": 30}, 400),
        ({"heels": 1, "pegging": [0, 0], "hands": [0, 0], "crib": 0}, 400),
        ({"pegging": [0, 0], "hands": [0, 0]}, 400),
        ({"scores": [1, 1], "crib": 0}, 400),
    ],
)
def test_bad_deals(client: FlaskClient, parts: dict[str, Any], status: int) -> None:
    board = create(client, players=2, dealer=0)["board"]
    expect_problem(deal(client, board, **parts), status)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda b: b["pegs"][0].update(front=10, back=12),  # back peg ahead of the front
        lambda b: b["pegs"][1].update(front=121, back=100),  # at the game hole but not over
        lambda b: b.update(dealer=1),  # not the dealer the deal number gives
        lambda b: b.update(winner=1),
        lambda b: b.update(sides=3),
        lambda b: b.update(target=61),
        lambda b: b.update(stage="show"),
    ],
)
def test_tampered_boards_are_a_422(client: FlaskClient, tamper) -> None:
    board = play_to(client, (30, 20))
    tamper(board)
    body = expect_problem(peg(client, board, 0, 2, "fifteen"), 422, "invalid-board")
    assert body["errors"][0]["pointer"].startswith("/board/")


@pytest.mark.parametrize(
    "tamper",
    [
        lambda b: b.update(secret="x"),
        lambda b: b["pegs"][0].update(colour="red"),
        lambda b: b.pop("pegs"),
        lambda b: b.update(deal=0),
        lambda b: b["pegs"][0].update(front=-5),
        lambda b: b.update(stage="crib"),
        lambda b: b.update(outcome={"winner": 0}),
    ],
)
def test_boards_that_break_the_contract_are_a_400(client: FlaskClient, tamper) -> None:
    board = create(client, players=2, dealer=0)["board"]
    tamper(board)
    expect_problem(peg(client, board, 0, 2, "fifteen"), 400, "contract-violation")


def test_three_players_and_partnerships_in_show_order(client: FlaskClient) -> None:
    board = create(client, players=3, dealer=2)["board"]
    for seat, points in ((0, 4), (1, 6), (2, 8)):
        board = peg(client, board, seat, points, "hand").json["board"]
    response = peg(client, board, 2, 5, "crib")
    board = response.json["board"]
    assert [p["front"] for p in board["pegs"]] == [4, 6, 13] and board["dealer"] == 0
    partners = create(client, players=4, dealer=0)["board"]
    response = deal(client, partners, heels=2, pegging=[9, 7], hands=[4, 6, 8, 10], crib=3)
    # show order from seat 1: seats 1, 2, 3, 0 -> sides 1, 0, 1, 0; the dealer's side 0 has heels and crib
    assert [p["front"] for p in response.json["board"]["pegs"]] == [2 + 9 + 6 + 10 + 3, 7 + 4 + 8]
    assert response.json["board"]["dealer"] == 1


def test_fixed_deals_through_the_api(client: FlaskClient) -> None:
    board = create(client, players=2, dealer=0, fixed_deals=2)["board"]
    board = deal(client, board, scores=[100, 50]).json["board"]
    response = deal(client, board, scores=[50, 60])
    board = response.json["board"]
    assert board["over"] and board["winner"] == 0 and [p["front"] for p in board["pegs"]] == [150, 110]
    assert board["outcome"]["margin"] == 40 and board["outcome"]["fixed_deals"] is True


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        # 2 deals do not go round 3 players: the rule is at fault where the request set it
        ({"players": 3, "dealer": 0, "fixed_deals": 2}, "/fixed_deals"),
        ({"players": 3, "dealer": 0, "options": {"fixed_deals": 2}}, "/options/fixed_deals"),
        ({"variant": "four_player", "dealer": 0, "fixed_deals": 6}, "/fixed_deals"),
    ],
)
def test_a_rule_refused_points_where_the_request_sets_it(
    client: FlaskClient, body: dict[str, Any], pointer: str
) -> None:
    problem = expect_problem(client.post("/v1/boards", json=body), 422)
    assert [e["pointer"] for e in problem["errors"]] == [pointer]


def test_a_deal_that_is_plainly_itemised_is_explained_by_the_itemised_form(client: FlaskClient) -> None:
    # {pegging} names a member of the itemised form only: what that form lacks is said, at its place.
    board = client.post("/v1/boards", json={"players": 2, "dealer": 0}).json["board"]
    problem = expect_problem(client.post("/v1/boards/deal", json={"board": board, "deal": {"pegging": [1, 2]}}), 400)
    assert sorted(e["pointer"] for e in problem["errors"]) == ["/deal/crib", "/deal/hands"]
