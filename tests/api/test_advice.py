"""/v1/hands/discard-advice through HTTP: the numbers, the shape, and every kind of bad input."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.problems import expect_problem
from tests.support.reference import card as ref_card
from tests.support.reference import reference_total

URL = "/v1/hands/discard-advice"
DECK = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "CDHS"]


def _fraction(exact: dict[str, Any]) -> Fraction:
    assert exact["denominator"] >= 1
    value = Fraction(exact["numerator"], exact["denominator"])
    assert value.denominator == exact["denominator"]  # lowest terms
    assert exact["value"] == pytest.approx(float(value))
    return value


def _advise(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.json
    return response.json  # type: ignore[no-any-return]


def test_dealer_keeps_five_five_five_jack(client: FlaskClient) -> None:
    body = _advise(client, cards=["5S", "5H", "5D", "JC", "2H", "7S"], dealer=True)
    assert body["variant"] == "six_card" and body["dealer"] is True and body["crib_owner"] == "self"
    assert body["starters"] == 46 and body["crib_outcomes"] == 46 * comb(45, 2)
    assert "uniformly random" in body["assumption"]
    assert len(body["options"]) == 15
    best = body["options"][0]
    assert sorted(best["keep"]) == sorted(["5S", "5H", "5D", "JC"]) and sorted(best["discard"]) == ["2H", "7S"]
    # Counted by hand in tests/core/computer/test_advice.py: 766 points over the 46 starters.
    assert _fraction(best["expected_hand"]) == Fraction(766, 46)
    assert (best["hand_min"], best["hand_max"]) == (14, 29)


def test_every_option_is_consistent_and_sorted(client: FlaskClient) -> None:
    for dealer in (True, False):
        body = _advise(client, cards=["7H", "8D", "9C", "KS", "2H", "3D"], dealer=dealer)
        assert body["crib_owner"] == ("self" if dealer else "opponent")
        nets = []
        splits = set()
        for option in body["options"]:
            hand, crib, net = (_fraction(option[k]) for k in ("expected_hand", "expected_crib", "net"))
            assert net == (hand + crib if dealer else hand - crib)
            assert option["hand_min"] <= hand <= option["hand_max"]
            assert sorted(option["keep"] + option["discard"]) == sorted(["7H", "8D", "9C", "KS", "2H", "3D"])
            splits.add(tuple(sorted(option["discard"])))
            nets.append(net)
        assert nets == sorted(nets, reverse=True)
        assert len(splits) == 15


def test_hand_mean_matches_the_reference_scorer(client: FlaskClient) -> None:
    cards = ["7H", "8D", "9C", "KS", "2H", "3D"]
    body = _advise(client, cards=cards, dealer=False)
    for option in body["options"][:3]:
        keep = [ref_card(c) for c in option["keep"]]
        scores = [reference_total(keep, ref_card(s)) for s in DECK if s not in cards]
        assert _fraction(option["expected_hand"]) == Fraction(sum(scores), 46)
        assert (option["hand_min"], option["hand_max"]) == (min(scores), max(scores))


def test_spellings_are_accepted_and_answers_are_canonical(client: FlaskClient) -> None:
    body = _advise(client, cards=["ts", "jh", "qd", "kc", "5s", "Th"], dealer=False)
    assert body["cards"] == ["5S", "10H", "10S", "JH", "QD", "KC"]
    assert all(c in body["cards"] for option in body["options"] for c in option["keep"] + option["discard"])


@pytest.mark.parametrize(
    ("variant", "cards", "options", "keep", "starters", "outcomes"),
    [
        ("five_card", ["5S", "6H", "4D", "JC", "9S"], 10, 3, 47, 47 * comb(46, 2)),
        ("three_player", ["5S", "6H", "4D", "JC", "9S"], 5, 4, 47, 47 * comb(46, 3)),
        ("four_player", ["5S", "6H", "4D", "JC", "9S"], 5, 4, 47, 47 * comb(46, 3)),
        ("four_player_individual", ["5S", "6H", "4D", "JC", "9S"], 5, 4, 47, 47 * comb(46, 3)),
    ],
)
def test_other_variants(
    client: FlaskClient, variant: str, cards: list[str], options: int, keep: int, starters: int, outcomes: int
) -> None:
    body = _advise(client, cards=cards, dealer=False, variant=variant)
    assert body["variant"] == variant and len(body["options"]) == options
    assert body["starters"] == starters and body["crib_outcomes"] == outcomes
    assert all(len(o["keep"]) == keep and len(o["discard"]) == 5 - keep for o in body["options"])
    if variant != "five_card":
        assert "other 3 crib cards" in body["assumption"]


def test_the_pack_card_is_named_in_the_three_player_assumption(client: FlaskClient) -> None:
    body = _advise(client, cards=["5S", "6H", "4D", "JC", "9S"], dealer=True, variant="three_player")
    assert "card from the pack" in body["assumption"]


def test_partner_deals_counts_the_crib_for_the_seat(client: FlaskClient) -> None:
    cards = ["4H", "5H", "6C", "10D", "KS"]
    partner = _advise(client, cards=cards, dealer=False, partner_deals=True, variant="four_player")
    own = _advise(client, cards=cards, dealer=True, variant="four_player")
    against = _advise(client, cards=cards, dealer=False, variant="four_player")
    assert partner["crib_owner"] == "partner" and against["crib_owner"] == "opponent"
    assert [o["net"] for o in partner["options"]] == [o["net"] for o in own["options"]]
    assert [o["net"] for o in partner["options"]] != [o["net"] for o in against["options"]]


def test_a_four_card_crib_flush_option_raises_the_crib_mean(client: FlaskClient) -> None:
    cards = ["2H", "8H", "KS", "QD", "5C", "JC"]
    plain = _advise(client, cards=cards, dealer=True)
    loose = _advise(client, cards=cards, dealer=True, options={"crib_flush": "four_or_five"})

    def crib(body: dict[str, Any], discard: list[str]) -> Fraction:
        (option,) = [o for o in body["options"] if sorted(o["discard"]) == sorted(discard)]
        return _fraction(option["expected_crib"])

    # Throwing two hearts: a four-card crib flush needs both opponent cards to be hearts (11 of
    # the 46 unseen are hearts) and now scores 4 when the starter is not a heart (35 of the 44
    # left); with a heart starter both rules score the 5-card flush.
    extra = Fraction(comb(11, 2), comb(46, 2)) * Fraction(35, 44) * 4
    assert crib(loose, ["2H", "8H"]) - crib(plain, ["2H", "8H"]) == extra
    assert crib(loose, ["KS", "QD"]) == crib(plain, ["KS", "QD"])


@pytest.mark.parametrize(
    ("variant", "cards"),
    [
        ("six_card", ["5S", "5H", "5D", "JC", "2H"]),
        ("five_card", ["5S", "5H", "5D", "JC", "2H", "7S"]),
        ("three_player", ["5S", "5H", "5D", "JC", "2H", "7S"]),
        ("four_player", ["5S", "5H", "5D", "JC", "2H", "7S"]),
    ],
)
def test_a_count_the_variant_does_not_deal_is_a_422(client: FlaskClient, variant: str, cards: list[str]) -> None:
    body = expect_problem(client.post(URL, json={"cards": cards, "dealer": True, "variant": variant}), 422)
    assert body["type"].endswith("wrong-card-count")
    assert body["errors"][0]["pointer"] == "/cards"


def test_a_duplicate_card_is_a_422_pointing_at_it(client: FlaskClient) -> None:
    body = expect_problem(client.post(URL, json={"cards": ["5S", "5H", "5D", "JC", "jc", "7S"], "dealer": True}), 422)
    assert body["type"].endswith("duplicate-card")
    assert body["errors"][0]["pointer"] == "/cards/4"


def test_partner_deals_without_partnerships_is_a_422(client: FlaskClient) -> None:
    body = expect_problem(
        client.post(URL, json={"cards": ["5S", "5H", "5D", "JC", "2H", "7S"], "dealer": False, "partner_deals": True}),
        422,
    )
    assert body["errors"][0]["pointer"] == "/partner_deals"
    body = expect_problem(
        client.post(
            URL,
            json={
                "cards": ["5S", "5H", "5D", "JC", "2H"],
                "dealer": True,
                "partner_deals": True,
                "variant": "four_player",
            },
        ),
        422,
    )
    assert body["errors"][0]["pointer"] == "/partner_deals"


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"cards": ["5S", "5H", "5D", "JC"], "dealer": True}, "/cards"),
        ({"cards": ["5S", "5H", "5D", "JC", "2H", "7S", "8S"], "dealer": True}, "/cards"),
        ({"cards": ["5S", "5H", "5D", "JC", "2H", "1S"], "dealer": True}, "/cards/5"),
        ({"cards": ["5S", "5H", "5D", "JC", "2H", "7S"]}, "/dealer"),
        ({"cards": ["5S", "5H", "5D", "JC", "2H", "7S"], "dealer": "yes"}, "/dealer"),
        ({"cards": ["5S", "5H", "5D", "JC", "2H", "7S"], "dealer": True, "variant": "nine_card"}, "/variant"),
        ({"cards": ["5S", "5H", "5D", "JC", "2H", "7S"], "dealer": True, "hint": 1}, ""),
    ],
)
def test_a_body_that_breaks_the_contract_is_a_400(client: FlaskClient, body: dict[str, Any], pointer: str) -> None:
    problem = expect_problem(client.post(URL, json=body), 400)
    assert pointer in [e["pointer"] for e in problem["errors"]]


def test_not_json_is_a_415(client: FlaskClient) -> None:
    expect_problem(client.post(URL, data="5S 5H", content_type="text/plain"), 415)


# --- the crib model -----------------------------------------------------------------------------


def test_the_answer_says_which_crib_model_it_used(client: FlaskClient) -> None:
    cards = ["5S", "5H", "6D", "9C", "KS", "QH"]
    uniform = _advise(client, cards=cards, dealer=True)
    assert uniform["crib_model"] == "uniform" and "uniformly random" in uniform["assumption"]
    assert _advise(client, cards=cards, dealer=True, crib_model="uniform") == uniform
    learned = _advise(client, cards=cards, dealer=True, crib_model="learned")
    assert learned["crib_model"] == "learned" and "learned" in learned["assumption"]
    # Only the crib changes: the same hands, the same count of arrangements.
    assert learned["crib_outcomes"] == uniform["crib_outcomes"] == 46 * comb(45, 2)
    hands = {tuple(o["keep"]): o["expected_hand"] for o in uniform["options"]}
    assert all(hands[tuple(o["keep"])] == o["expected_hand"] for o in learned["options"])


def test_learned_weighs_a_dealers_fives_by_a_pone_that_keeps_its_own(client: FlaskClient) -> None:
    """The dealer throwing 5-5: a pone seldom adds 5s or 5-makers, so the crib is worth less
    than if the pone threw at random; the pone's own throw of 5-5 into a dealer that throws
    the cards that go with 5s is worth more."""
    cards = ["5S", "5H", "6D", "9C", "KS", "QH"]

    def crib_of_fives(dealer: bool, model: str) -> Fraction:
        body = _advise(client, cards=cards, dealer=dealer, crib_model=model)
        return next(_fraction(o["expected_crib"]) for o in body["options"] if sorted(o["discard"]) == ["5H", "5S"])

    assert crib_of_fives(True, "learned") < crib_of_fives(True, "uniform") < crib_of_fives(False, "learned")


@pytest.mark.parametrize("variant", ["three_player", "four_player", "four_player_individual"])
def test_learned_crib_model_is_a_422_beyond_two_players(client: FlaskClient, variant: str) -> None:
    body = expect_problem(
        client.post(
            URL,
            json={"cards": ["5S", "5H", "5D", "JC", "2H"], "dealer": True, "variant": variant, "crib_model": "learned"},
        ),
        422,
    )
    assert body["errors"][0]["pointer"] == "/crib_model"


def test_an_unknown_crib_model_is_a_contract_violation(client: FlaskClient) -> None:
    expect_problem(
        client.post(URL, json={"cards": ["5S", "5H", "5D", "JC", "2H", "7S"], "dealer": True, "crib_model": "psychic"}),
        400,
    )


def test_the_assumption_is_said_in_the_answers_language(client: FlaskClient) -> None:
    # As the hints' assumption is: the same words (docs/texts.md), chosen by ?lang or Accept-Language.
    body = {"cards": ["5S", "5H", "5D", "JC", "2H", "7S"], "dealer": True}
    swedish = client.post("/v1/hands/discard-advice?lang=sv", json=body)
    assert swedish.status_code == 200 and swedish.headers["Content-Language"] == "sv"
    assert swedish.get_json()["assumption"].startswith("Handens medelvärden gäller alla 46 vändkort du inte kan se.")
    german = client.post("/v1/hands/discard-advice", json=body, headers={"Accept-Language": "de"})
    assert german.headers["Content-Language"] == "de" and german.get_json()["options"] == swedish.get_json()["options"]
    english = client.post("/v1/hands/discard-advice", json=body).get_json()
    assert english["assumption"].startswith("Hand means are over all 46 starters you cannot see.")


@pytest.mark.parametrize("path", ["/v1/hands/discard-advice", "/v1/games/review"])
def test_a_language_the_service_does_not_speak_is_a_400_here_too(client: FlaskClient, path: str) -> None:
    problem = expect_problem(client.post(f"{path}?lang=fr", json={}), 400, "contract-violation")
    assert problem["errors"][0]["parameter"] == "lang"


def test_a_requests_language_does_not_outlive_it(client: FlaskClient) -> None:
    # A worker serves request after request in one context: an encoder called after a Swedish
    # answer (outside any request) speaks the default again.
    from service.api.wire.advice import advice as advice_dict
    from service.core.cards import parse_cards
    from service.core.computer.advice import discard_advice
    from service.core.rules import preset

    body = {"cards": ["5S", "5H", "5D", "JC", "2H", "7S"], "dealer": True}
    assert client.post("/v1/hands/discard-advice?lang=sv", json=body).headers["Content-Language"] == "sv"
    alone = advice_dict(discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card")))
    assert alone["assumption"].startswith("Hand means are over all 46 starters")


def test_a_problems_language_does_not_outlive_it_either(client: FlaskClient) -> None:
    # A refusal in Swedish is written after its view has returned: its language is chosen then, held nowhere.
    from service.api.wire.advice import advice as advice_dict
    from service.core.cards import parse_cards
    from service.core.computer.advice import discard_advice
    from service.core.rules import preset

    refused = client.post("/v1/hands/discard-advice?lang=sv", json={"cards": ["5S"], "dealer": True})
    assert refused.status_code == 400 and refused.headers["Content-Language"] == "sv"
    alone = advice_dict(discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card")))
    assert alone["assumption"].startswith("Hand means are over all 46 starters")
