"""/v1/pegging/score and /v1/pegging/sequence: the docs/rules.md cases through HTTP, and every kind
of bad input as problem+json naming the field."""

from __future__ import annotations

import os
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.rules import resolve
from tests.support.cases import CARD_CASES, P8_HANDS, SEQUENCE_CASES
from tests.support.problems import expect_problem
from tests.support.reference_play import REF_DECK, RefPlay, ref_card

DEFAULT_FOR = {2: "six_card", 3: "three_player", 4: "four_player"}


def pointers(body: dict[str, Any]) -> list[str]:
    return [error["pointer"] for error in body.get("errors", [])]


def plays_json(text: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for entry in text.split():
        seat, what = entry.split(":")
        out.append({"seat": int(seat), "go": True} if what == "go" else {"seat": int(seat), "card": what})
    return out


def sequence_body(
    variant: str, options: dict[str, str] | None, leader: int, hands: str | None, plays: str
) -> dict[str, Any]:
    players = resolve(variant).players
    body: dict[str, Any] = {"players": players, "leader": leader, "plays": plays_json(plays)}
    if variant != DEFAULT_FOR[players]:
        body["variant"] = variant
    if options:
        body["options"] = options
    if hands is not None:
        body["hands"] = [hand.split() for hand in hands.split("|")]
    return body


# --------------------------------------------------------------------------------------------
# /v1/pegging/score


@pytest.mark.parametrize(("case", "pile", "card", "points", "kinds"), CARD_CASES, ids=[c[0] for c in CARD_CASES])
def test_card_cases_through_the_api(
    client: FlaskClient, case: str, pile: str, card: str, points: int, kinds: list[str]
) -> None:
    response = client.post("/v1/pegging/score", json={"pile": pile.split(), "card": card})
    assert response.status_code == 200, response.json
    body = response.json
    assert body["points"] == points
    assert sum(item["points"] for item in body["items"]) == points
    assert sorted(item["kind"] for item in body["items"]) == sorted(kinds)
    assert body["pile"] == [*pile.split(), card]
    values = {"A": 1, "J": 10, "Q": 10, "K": 10}
    assert body["count"] == sum(values.get(c[:-1], 0) or int(c[:-1]) for c in body["pile"])
    for item in body["items"]:
        assert item["cards"] == body["pile"][-len(item["cards"]) :]


def test_spellings_are_accepted_and_answers_are_canonical(client: FlaskClient) -> None:
    body = client.post("/v1/pegging/score", json={"pile": ["ts", "jh"], "card": "qd"}).json
    assert body["pile"] == ["10S", "JH", "QD"] and body["count"] == 30
    assert body["items"] == [{"kind": "run", "name": "run of three", "cards": ["10S", "JH", "QD"], "points": 3}]


@pytest.mark.parametrize(
    ("body", "pointer", "slug"),
    [
        ({"pile": ["10S", "10D", "5C"], "card": "7H"}, "/card", "illegal-play"),  # past 31
        ({"pile": ["10S", "5C"], "card": "5c"}, "/card", "duplicate-card"),  # already in the pile
        ({"pile": ["10S", "10D", "10C", "5H"], "card": "AH"}, "/pile", "illegal-play"),  # a pile of 35
        ({"pile": ["10S", "5C", "5C"], "card": "AH"}, "/pile/2", "duplicate-card"),  # a pile repeats a card
        ({"pile": ["10S", "10D", "10C", "AH"], "card": "AS"}, "/pile", "illegal-play"),  # that count is over
    ],
)
def test_score_rejections(client: FlaskClient, body: dict[str, Any], pointer: str, slug: str) -> None:
    answer = expect_problem(client.post("/v1/pegging/score", json=body), 422)
    assert pointers(answer) == [pointer]
    assert answer["type"].endswith(slug) and answer["detail"]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"pile": []}, "/card"),
        ({"pile": [], "card": "1S"}, "/card"),
        ({"pile": ["XX"], "card": "5S"}, "/pile/0"),
        ({"pile": [], "card": "5S", "extra": 1}, ""),
        ({"pile": ["AS"] * 14, "card": "5S"}, "/pile"),
    ],
)
def test_score_contract_violations(client: FlaskClient, body: dict[str, Any], pointer: str) -> None:
    answer = expect_problem(client.post("/v1/pegging/score", json=body), 400)
    assert pointer in pointers(answer)


def test_not_json_is_415(client: FlaskClient) -> None:
    expect_problem(client.post("/v1/pegging/score", data="pile=5S", content_type="text/plain"), 415)
    expect_problem(client.post("/v1/pegging/sequence", data="x", content_type="text/plain"), 415)


# --------------------------------------------------------------------------------------------
# /v1/pegging/sequence


@pytest.mark.parametrize(
    ("case", "variant", "options", "leader", "hands", "plays", "totals", "points", "complete", "turn"),
    SEQUENCE_CASES,
    ids=[c[0] for c in SEQUENCE_CASES],
)
def test_sequence_cases_through_the_api(
    client: FlaskClient,
    case: str,
    variant: str,
    options: dict[str, str] | None,
    leader: int,
    hands: str | None,
    plays: str,
    totals: list[int],
    points: dict[int, int],
    complete: bool,
    turn: int | None,
) -> None:
    response = client.post("/v1/pegging/sequence", json=sequence_body(variant, options, leader, hands, plays))
    assert response.status_code == 200, response.json
    body = response.json
    assert body["variant"] == variant
    assert body["totals"]["seats"] == totals
    if variant == "four_player":
        assert body["totals"]["sides"] == [totals[0] + totals[2], totals[1] + totals[3]]
    else:
        assert body["totals"]["sides"] == totals
    assert body["complete"] is complete and body["turn"] == turn
    assert len(body["plays"]) == len(plays.split())
    for index, step in enumerate(body["plays"]):
        assert step["index"] == index
        assert step["points"] == points.get(index, 0), index
        assert sum(item["points"] for item in step["items"]) == step["points"]
    assert body["resets"] == [i for i, step in enumerate(body["plays"]) if step["reset"]]
    per_seat = [0] * len(totals)
    for step in body["plays"]:
        for item in step["items"]:
            per_seat[item["seat"]] += item["points"]
    assert per_seat == totals


def test_the_go_point_names_the_seat_that_played_the_last_card(client: FlaskClient) -> None:
    # P12: K, Q, 4, 5 (29); the pone says go, then the dealer: the point is the dealer's, for his 5.
    body = client.post(
        "/v1/pegging/sequence",
        json=sequence_body("six_card", None, 0, "KS 4D 6C 7H|QH 5C 8S 9D", "0:KS 1:QH 0:4D 1:5C 0:go 1:go"),
    ).json
    go = body["plays"][5]
    assert go["go"] is True and go["card"] is None and go["seat"] == 1 and go["reset"] is True
    assert go["items"] == [{"seat": 1, "kind": "go", "name": "a go", "cards": ["5C"], "points": 1}]
    assert body["plays"][4]["items"] == [] and body["plays"][4]["count"] == 29
    assert body["turn"] == 0 and body["count"] == 0 and body["pile"] == []
    assert body["hands"] == [["6C", "7H"], ["8S", "9D"]] and body["held"] == [2, 2]


def test_the_last_card_is_named(client: FlaskClient) -> None:
    body = client.post(
        "/v1/pegging/sequence",
        json=sequence_body("six_card", None, 0, P8_HANDS, "0:KS 1:10H 0:KD 1:go 0:go 1:7C 0:2S 1:2H 0:2D 1:2C"),
    ).json
    last = body["plays"][-1]
    assert {(i["kind"], i["points"]) for i in last["items"]} == {
        ("fifteen", 2),
        ("double_pair_royal", 12),
        ("last_card", 1),
    }
    dpr = next(i for i in last["items"] if i["kind"] == "double_pair_royal")
    assert dpr["cards"] == ["2S", "2H", "2D", "2C"] and dpr["seat"] == 1
    assert last["play_over"] is True and body["complete"] is True and body["turn"] is None


def test_partial_play_without_hands(client: FlaskClient) -> None:
    body = client.post(
        "/v1/pegging/sequence", json={"players": 2, "leader": 1, "plays": [{"seat": 1, "card": "5h"}]}
    ).json
    assert body["hands"] is None and body["held"] == [4, 3] and body["turn"] == 0
    assert body["pile"] == ["5H"] and body["count"] == 5 and body["complete"] is False


def test_empty_play(client: FlaskClient) -> None:
    body = client.post("/v1/pegging/sequence", json={"players": 3, "leader": 2, "plays": []}).json
    assert body["plays"] == [] and body["turn"] == 2 and body["totals"] == {"seats": [0, 0, 0], "sides": [0, 0, 0]}


@pytest.mark.parametrize(
    ("case", "body", "pointer"),
    [
        ("out-of-turn", {"players": 2, "leader": 0, "plays": plays_json("0:KS 0:KD")}, "/plays/1/seat"),
        ("past-31", {"players": 2, "leader": 0, "plays": plays_json("0:KS 1:10H 0:KD 1:2H")}, "/plays/3/card"),
        ("already-played", {"players": 2, "leader": 0, "plays": plays_json("0:KS 1:KS")}, "/plays/1/card"),
        (
            "not-in-hand",
            {
                "players": 2,
                "leader": 0,
                "hands": [h.split() for h in P8_HANDS.split("|")],
                "plays": plays_json("0:KS 1:9H"),
            },
            "/plays/1/card",
        ),
        (
            "go-while-able",
            {
                "players": 2,
                "leader": 0,
                "hands": [h.split() for h in P8_HANDS.split("|")],
                "plays": plays_json("0:KS 1:10H 0:KD 1:go 0:go 1:7C 0:go"),
            },
            "/plays/6/go",
        ),
        ("seat-out-of-range", {"players": 2, "leader": 0, "plays": plays_json("0:KS 3:10H")}, "/plays/1/seat"),
        (
            "seat-out-of-range-3p",
            {"players": 3, "leader": 0, "plays": plays_json("0:KS 1:QH 2:9C 3:go")},
            "/plays/3/seat",
        ),
        ("leader-out-of-range", {"players": 2, "leader": 2, "plays": []}, "/leader"),
        ("variant-for-other-players", {"players": 3, "leader": 0, "variant": "five_card", "plays": []}, "/variant"),
        ("four-for-two", {"players": 2, "leader": 0, "variant": "four_player", "plays": []}, "/variant"),
        (
            "hand-size",
            {"players": 2, "leader": 0, "hands": [["KS", "KD", "2S"], ["10H", "7C", "2H", "2C"]], "plays": []},
            "/hands/0",
        ),
        (
            "hands-per-seat",
            {"players": 3, "leader": 0, "hands": [h.split() for h in P8_HANDS.split("|")], "plays": []},
            "/hands",
        ),
        (
            "dealt-twice",
            {"players": 2, "leader": 0, "hands": [["KS", "KD", "2S", "2D"], ["10H", "7C", "2H", "KS"]], "plays": []},
            "/hands/1/3",
        ),
        ("go-on-an-empty-count", {"players": 2, "leader": 0, "plays": plays_json("0:go")}, "/plays/0/go"),
        (
            "after-the-play",
            {
                "players": 2,
                "leader": 0,
                "variant": "five_card",
                "plays": plays_json("0:AS 1:AH 0:2S 1:2H 0:3S 1:3H 0:4S"),
            },
            "/plays/6",
        ),
    ],
)
def test_sequence_rejections(client: FlaskClient, case: str, body: dict[str, Any], pointer: str) -> None:
    answer = expect_problem(client.post("/v1/pegging/sequence", json=body), 422)
    assert pointers(answer) == [pointer]
    assert answer["detail"]


def test_rejections_with_hands_carry_the_legal_actions(client: FlaskClient) -> None:
    body = {
        "players": 2,
        "leader": 0,
        "hands": [h.split() for h in P8_HANDS.split("|")],
        "plays": plays_json("0:KS 1:go"),
    }
    answer = expect_problem(client.post("/v1/pegging/sequence", json=body), 422)
    assert sorted(a["card"] for a in answer["legal_actions"]) == ["10H", "2C", "2H", "7C"]
    assert all(a["seat"] == 1 for a in answer["legal_actions"])


@pytest.mark.parametrize(
    ("hands", "plays", "legal"),
    [
        ("KS 5D QS 3D|10H 7C 2H 2C", "0:KS 1:10H 0:5D 1:7C", ["2H", "2C"]),  # 25 + 7 is 32: the twos still fit
        ("KS QS 5D 3D|10H 2C 10C 9C", "0:KS 1:10H 0:QS 1:2C", []),  # 30: nothing fits, the seat must say go
    ],
)
def test_a_card_past_31_is_refused_with_the_cards_that_fit(
    client: FlaskClient, hands: str, plays: str, legal: list[str]
) -> None:
    """With the hands known, a card that would pass 31 is refused with the cards the seat could
    play (as a card it does not hold is); without them, none are named."""
    body = {"players": 2, "leader": 0, "hands": [h.split() for h in hands.split("|")], "plays": plays_json(plays)}
    answer = expect_problem(client.post("/v1/pegging/sequence", json=body), 422, "illegal-play")
    assert answer["legal_cards"] == legal
    del body["hands"]
    assert "legal_cards" not in expect_problem(client.post("/v1/pegging/sequence", json=body), 422, "illegal-play")


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"players": 2, "leader": 0}, "/plays"),
        ({"players": 5, "leader": 0, "plays": []}, "/players"),
        ({"players": 2, "leader": 4, "plays": []}, "/leader"),
        ({"players": 2, "leader": 0, "plays": [{"seat": 0, "card": "KS", "go": True}]}, "/plays/0"),
        # An entry that is plainly a card play or a go is explained by that form's own rule, at
        # the member at fault; one that is neither (both members) at the entry.
        ({"players": 2, "leader": 0, "plays": [{"seat": 0, "go": False}]}, "/plays/0/go"),
        ({"players": 2, "leader": 0, "plays": [{"seat": 0, "card": "ZZ"}]}, "/plays/0/card"),
        ({"players": 2, "leader": 0, "plays": [{"seat": 0, "card": "1S"}]}, "/plays/0/card"),
        ({"players": 2, "leader": 0, "plays": [{"seat": 4, "card": "AS"}]}, "/plays/0/seat"),
        ({"players": 2, "leader": 0, "plays": [{"seat": -1, "go": True}]}, "/plays/0/seat"),
        ({"players": 2, "leader": 0, "plays": [{"card": "AS"}]}, "/plays/0/seat"),
        ({"players": 2, "leader": 0, "plays": [], "variant": "six_card_2p"}, "/variant"),
        ({"players": 2, "leader": 0, "plays": [], "options": {"multi_go_rule": "sometimes"}}, "/options/multi_go_rule"),
        ({"players": 2, "leader": 0, "plays": [{"seat": 0, "card": "AS"}] * 101}, "/plays"),
    ],
)
def test_sequence_contract_violations(client: FlaskClient, body: dict[str, Any], pointer: str) -> None:
    answer = expect_problem(client.post("/v1/pegging/sequence", json=body), 400)
    assert pointer in pointers(answer), pointers(answer)


# --------------------------------------------------------------------------------------------
# Random legal plays through HTTP agree with the reference in tests/core/scoring/test_pegging.py.


@settings(max_examples=400 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else 40)
@given(
    variant=st.sampled_from(["six_card", "five_card", "three_player", "four_player"]),
    bicycle=st.booleans(),
    deck=st.permutations(REF_DECK),
    data=st.data(),
)
def test_random_plays_through_the_api(
    client: FlaskClient, variant: str, bicycle: bool, deck: list[str], data: st.DataObject
) -> None:
    rules = resolve(variant)
    hands = [deck[s * rules.hand_size : (s + 1) * rules.hand_size] for s in range(rules.players)]
    leader = data.draw(st.integers(0, rules.players - 1))
    ref = RefPlay([[ref_card(c) for c in h] for h in hands], leader, rules.single_count_play, bicycle)
    names = {ref_card(c): c for c in REF_DECK}
    plays: list[dict[str, Any]] = []
    totals = [0] * rules.players
    while ref.turn is not None:
        seat = ref.turn
        options = ref.playable()
        if options:
            choice = data.draw(st.sampled_from(options))
            scored = ref.play(choice)
            plays.append({"seat": seat, "card": names[choice]})
        else:
            scored = ref.go()
            plays.append({"seat": seat, "go": True})
        for who, points in scored.items():
            totals[who] += points
    body: dict[str, Any] = {"players": rules.players, "leader": leader, "plays": plays, "hands": hands}
    if variant == "five_card":
        body["variant"] = variant
    if bicycle:
        body["options"] = {"multi_go_rule": "bicycle_three_hand"}
    response = client.post("/v1/pegging/sequence", json=body)
    assert response.status_code == 200, response.json
    answer = response.json
    assert answer["totals"]["seats"] == totals and answer["complete"] is True
    for step in answer["plays"]:
        assert step["points"] == sum(item["points"] for item in step["items"])
