"""/v1/hands/score and /v1/hands/score-batch: worked cases through HTTP, and every kind of bad input."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.support.cases import SHOW_CASES
from tests.support.problems import expect_problem


@pytest.mark.parametrize(("case", "hand", "starter", "crib", "expected"), SHOW_CASES, ids=[c[0] for c in SHOW_CASES])
def test_worked_cases_through_the_api(
    client: FlaskClient, case: str, hand: str, starter: str, crib: bool, expected: int
) -> None:
    response = client.post("/v1/hands/score", json={"hand": hand.split(), "starter": starter, "crib": crib})
    assert response.status_code == 200, response.json
    body = response.json
    assert body["total"] == expected
    assert sum(item["points"] for item in body["items"]) == expected
    assert sum(body["by_kind"].values()) == expected


def test_spellings_are_accepted_and_answers_are_canonical(client: FlaskClient) -> None:
    body = client.post("/v1/hands/score", json={"hand": ["ts", "jh", "qd", "kc"], "starter": "5s"}).json
    assert body["hand"] == ["10S", "JH", "QD", "KC"] and body["starter"] == "5S"
    assert body["total"] == 12
    assert all(card in ("10S", "JH", "QD", "KC", "5S") for item in body["items"] for card in item["cards"])


def test_the_29_hand_lists_every_reason(client: FlaskClient) -> None:
    body = client.post("/v1/hands/score", json={"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}).json
    kinds = [item["kind"] for item in body["items"]]
    assert kinds.count("fifteen") == 8 and kinds.count("pair") == 6 and kinds.count("nobs") == 1
    assert body["by_kind"] == {"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}


@pytest.mark.parametrize(
    ("claimed", "muggins", "expected"),
    [
        # G9: worth 14, claimed 12 under muggins: the opponent may take 2.
        (12, True, {"actual": 14, "correct": False, "pegged": 12, "muggins_points": 2, "opponent_points": 0}),
        (12, False, {"actual": 14, "correct": False, "pegged": 12, "muggins_points": 0, "opponent_points": 0}),
        # G10: claimed 16 is corrected to 14.
        (16, True, {"actual": 14, "correct": False, "pegged": 14, "muggins_points": 0, "opponent_points": 0}),
        (14, True, {"actual": 14, "correct": True, "pegged": 14, "muggins_points": 0, "opponent_points": 0}),
    ],
)
def test_claims(client: FlaskClient, claimed: int, muggins: bool, expected: dict[str, object]) -> None:
    body = client.post("/v1/hands/score", json={**WORTH_14, "claimed": claimed, "muggins": muggins}).json
    assert body["total"] == 14
    assert body["claim"] == {"claimed": claimed, **expected}


# Worth 14, counted by hand: 6+9 four ways (8), 6+6+3 (2), the pair of sixes and of nines (4).
WORTH_14 = {"hand": ["6H", "6D", "9S", "9C"], "starter": "3C"}


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"hand": ["5S", "5H", "5X", "JC"], "starter": "5C"}, "/hand/2"),
        ({"hand": ["5S", "5H", "5D", "JC"], "starter": "1C"}, "/starter"),
        ({"hand": ["5S", "5H", "5D", "JC", "6D"], "starter": "5C"}, "/hand"),
        ({"hand": ["5S", "5H"], "starter": "5C"}, "/hand"),
        ({"hand": "5S 5H 5D JC", "starter": "5C"}, "/hand"),
        ({"hand": ["5S", "5H", "5D", "JC"], "starter": 5}, "/starter"),
        ({"hand": ["5S", "5H", "5D", "JC"], "starter": "5C", "crib": "yes"}, "/crib"),
        ({"hand": ["5S", "5H", "5D", "JC"]}, "/starter"),
        ({"starter": "5C"}, "/hand"),
        ({"hand": ["5S", "5H", "5D", "JC"], "starter": "5C", "colour": "red"}, ""),
        ({"hand": ["5S", "5H", "5D", "JC"], "starter": "5H\n"}, "/starter"),
        ({"hand": ["5S", "5H", "5D", "JC"], "starter": "5C", "claimed": -1}, "/claimed"),
        # No hand or crib scores more than 29 (docs/rules.md 2): a claim of 30 is impossible, not an
        # over-claim to correct, as in a game's manual counting.
        ({"hand": ["5S", "5H", "5D", "JC"], "starter": "5C", "claimed": 30}, "/claimed"),
    ],
)
def test_contract_violations_are_400_naming_the_field(client: FlaskClient, body: dict, pointer: str) -> None:  # type: ignore[type-arg]
    problem = expect_problem(client.post("/v1/hands/score", json=body), 400)
    assert pointer in [error["pointer"] for error in problem["errors"]]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"hand": ["5S", "5S", "5D", "JC"], "starter": "5C"}, "/hand/1"),
        ({"hand": ["5S", "5h", "5D", "JC"], "starter": "5H"}, "/starter"),
        ({"hand": ["5S", "10H", "TH", "JC"], "starter": "5C"}, "/hand/2"),
        ({"hand": ["5S", "5H", "5D"], "starter": "5C", "crib": True}, "/hand"),
    ],
)
def test_rules_violations_are_422_naming_the_field(client: FlaskClient, body: dict, pointer: str) -> None:  # type: ignore[type-arg]
    problem = expect_problem(client.post("/v1/hands/score", json=body), 422)
    assert problem["errors"][0]["pointer"] == pointer
    assert problem["detail"]


def test_not_json_is_415(client: FlaskClient) -> None:
    expect_problem(client.post("/v1/hands/score", data="5S 5H", content_type="text/plain"), 415)


@pytest.mark.parametrize("content_type", ["application/json; charset=latin-1", 'application/json; Charset="UTF-16"'])
def test_a_charset_other_than_utf8_is_415(client: FlaskClient, content_type: str) -> None:
    body = '{"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}'
    problem = expect_problem(
        client.post("/v1/hands/score", data=body.encode("latin-1"), content_type=content_type), 415
    )
    assert "UTF-8" in problem["detail"]
    for fine in (
        "application/json; charset=utf-8",
        "application/json; charset=UTF8",
        "application/json; foo=1",
        "application/json; charset=us-ascii",
    ):
        assert client.post("/v1/hands/score", data=body, content_type=fine).json["total"] == 29


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br"])
def test_a_body_with_a_content_coding_is_415_naming_identity(client: FlaskClient, coding: str) -> None:
    body = b'{"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}'
    response = client.post(
        "/v1/hands/score", data=body, content_type="application/json", headers={"Content-Encoding": coding}
    )
    problem = expect_problem(response, 415)
    assert "Content-Encoding" in problem["detail"] and response.headers["Accept-Encoding"] == "identity"
    for identity in ("identity", "IDENTITY", "", "identity, identity"):
        answer = client.post(
            "/v1/hands/score", data=body, content_type="application/json", headers={"Content-Encoding": identity}
        )
        assert answer.json["total"] == 29, identity


def test_malformed_json_is_400_problem(client: FlaskClient) -> None:
    expect_problem(client.post("/v1/hands/score", data="{", content_type="application/json"), 400)


def test_oversized_body_is_413(client: FlaskClient) -> None:
    expect_problem(client.post("/v1/hands/score", data="[" + "1," * 40000 + "1]", content_type="application/json"), 413)


def test_wrong_method_is_405_with_allow(client: FlaskClient) -> None:
    response = client.get("/v1/hands/score")
    expect_problem(response, 405)
    assert "POST" in response.headers["Allow"]


def test_unknown_path_is_404(client: FlaskClient) -> None:
    expect_problem(client.get("/v1/nothing-here"), 404)


def test_batch_scores_in_order_and_isolates_bad_entries(client: FlaskClient) -> None:
    hands = [
        {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"},
        {"hand": ["5S", "5S", "5D", "JC"], "starter": "5C"},
        {"hand": ["zz"], "starter": "5C"},
        {"hand": ["AH", "2H", "3H", "4H"], "starter": "9S", "crib": True},
    ]
    results = client.post("/v1/hands/score-batch", json={"hands": hands}).json["results"]
    assert [r["ok"] for r in results] == [True, False, False, True]
    assert results[0]["score"]["total"] == 29 and results[3]["score"]["total"] == 8
    assert results[1]["problem"]["status"] == 422
    assert results[1]["problem"]["errors"][0]["pointer"] == "/hands/1/hand/1"
    assert results[2]["problem"]["status"] == 400
    assert "/hands/2/hand/0" in [e["pointer"] for e in results[2]["problem"]["errors"]]


def test_batch_over_its_limit_is_400(client: FlaskClient) -> None:
    hands = [{"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}] * 501
    problem = expect_problem(client.post("/v1/hands/score-batch", json={"hands": hands}), 400)
    assert problem["errors"][0]["pointer"] == "/hands"


def test_empty_batch_is_400(client: FlaskClient) -> None:
    expect_problem(client.post("/v1/hands/score-batch", json={"hands": []}), 400)


def test_a_whole_number_float_is_an_integer(client: FlaskClient) -> None:
    # JSON Schema counts 12.0 as an integer, so the contract lets it through; it must act as 12.
    body = client.post("/v1/hands/score", json={**WORTH_14, "claimed": 12.0, "muggins": True}).json
    assert body["claim"]["claimed"] == 12 and type(body["claim"]["claimed"]) is int
    assert body["claim"]["muggins_points"] == 2


def test_malformed_json_is_a_contract_violation_at_the_root(client: FlaskClient) -> None:
    problem = expect_problem(client.post("/v1/hands/score", data='{"hand": [5', content_type="application/json"), 400)
    assert problem["errors"][0]["pointer"] == "" and "not valid JSON" in problem["detail"]
    # where the parser stopped (line 2, column 3: after the newline), in the player's language, and no parser English
    response = client.post(
        "/v1/hands/score", data='{"hand":\n  x}', content_type="application/json", headers={"Accept-Language": "de"}
    )
    detail = expect_problem(response, 400)["errors"][0]["detail"]
    assert detail == "der Inhalt ist kein gültiges JSON (Zeile 2, Spalte 3)"


def test_contract_errors_are_bounded(client: FlaskClient) -> None:
    # Thousands of bad entries must not turn into a megabyte of answer.
    response = client.post("/v1/pegging/score", json={"pile": ["x"] * 3000, "card": "x"})
    problem = expect_problem(response, 400)
    assert len(problem["errors"]) <= 20 and problem["truncated"] is True
    assert all(len(error["detail"]) <= 200 for error in problem["errors"])
    assert len(response.get_data()) < 20_000


def test_muggins_comes_from_the_flag_or_else_from_the_options(client: FlaskClient) -> None:
    # The 29 hand claimed as 27: 2 points missed, which an opponent may take only under muggins.
    claim = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C", "claimed": 27}
    cases = [
        ({}, 0),
        ({"muggins": True}, 2),
        ({"options": {"muggins": True}}, 2),
        ({"options": {"muggins": True}, "muggins": False}, 0),
    ]
    for extra, takes in cases:
        answer = client.post("/v1/hands/score", json={**claim, **extra}).get_json()
        assert answer["claim"]["muggins_points"] == takes, extra


def test_texts_follow_accept_language_and_the_lang_override(client: FlaskClient) -> None:
    # docs/texts.md: the 29 hand is counted with its fifteens first, then the double pair royal and nobs.
    hand = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
    english = client.post("/v1/hands/score", json=hand)
    assert english.headers["Content-Language"] == "en" and "Accept-Language" in english.headers["Vary"]
    assert english.json["spoken"].startswith("fifteen two, fifteen four") and english.json["spoken"].endswith(
        "twenty-nine"
    )
    swedish = client.post("/v1/hands/score", json=hand, headers={"Accept-Language": "sv-SE, en;q=0.5"})
    assert swedish.headers["Content-Language"] == "sv" and swedish.json["spoken"].startswith("femton två")
    german = client.post("/v1/hands/score?lang=de", json=hand, headers={"Accept-Language": "sv"})
    assert german.headers["Content-Language"] == "de" and german.json["spoken"].startswith("fünfzehn zwei")
    # the structured answer is the same in every language
    for key in ("total", "by_kind", "hand", "starter"):
        assert english.json[key] == swedish.json[key] == german.json[key]
    assert [i["kind"] for i in english.json["items"]] == [i["kind"] for i in german.json["items"]]
    expect_problem(client.post("/v1/hands/score?lang=fr", json=hand), 400)
