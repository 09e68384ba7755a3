"""``/v1/games/hints`` and ``/v1/games/review`` over HTTP: who may ask (the trust rules of
``/v1/games/view`` with a seat), that nothing changes and nothing hidden is shown, and the
refusals (a seat that may not act, a game not over)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.test_seats import cards_in, credentials_of, post

Json = dict[str, Any]


def start(client: FlaskClient, **extra: Any) -> Json:
    return post(client, "/v1/games", {"variant": "six_card", "seed": 21, "dealer": 0, "seat": 0, **extra}, 201)


def test_hints_need_the_seats_credential_or_the_tables(client: FlaskClient) -> None:
    game = start(client)
    state, own, table = game["state"], credentials_of(game), game["credentials"]["table"]
    for seat in (0, 1):
        mine = post(client, "/v1/games/hints", {"state": state, "seat": seat, "credential": own[seat]})
        assert mine["seat"] == seat and mine["phase"] == "discard" and len(mine["moves"]) == 15
        assert post(client, "/v1/games/hints", {"state": state, "seat": seat, "credential": table}) == mine
        refused = post(client, "/v1/games/hints", {"state": state, "seat": seat, "credential": own[1 - seat]}, 403)
        assert refused["type"].endswith("seat-credential-wrong") and not cards_in(refused)
        missing = post(client, "/v1/games/hints", {"state": state, "seat": seat}, 403)
        assert missing["type"].endswith("seat-credential-missing")
    # a spectator (no seat) cannot ask: the contract wants a seat
    post(client, "/v1/games/hints", {"state": state}, 400)


def test_the_computers_seat_is_no_ones(client: FlaskClient) -> None:
    game = start(client, computer=[{"seat": 1}])
    table = game["credentials"]["table"]
    refused = post(client, "/v1/games/hints", {"state": game["state"], "seat": 1, "credential": table}, 403)
    assert refused["type"].endswith("seat-played-by-computer")
    # without a credential too: no credential exists for it, so "it is missing" would send the client looking for one
    for path in ("/v1/games/hints", "/v1/games/view"):
        refused = post(client, path, {"state": game["state"], "seat": 1}, 403)
        assert refused["type"].endswith("seat-played-by-computer"), path


def test_hints_change_nothing_and_a_seat_that_may_not_act_is_a_422(client: FlaskClient) -> None:
    game = start(client)
    own = credentials_of(game)
    state = game["state"]
    before = post(client, "/v1/games/view", {"state": state, "seat": 0, "credential": own[0]})
    hinted = post(client, "/v1/games/hints", {"state": state, "seat": 0, "credential": own[0]})
    assert "state" not in hinted  # no new state: the game is where it was
    assert post(client, "/v1/games/view", {"state": state, "seat": 0, "credential": own[0]}) == before
    # the best hint is a legal move, accepted as it is given
    moved = post(
        client,
        "/v1/games/act",
        {"state": state, "seat": 0, "credential": own[0], "action": hinted["moves"][0]["action"]},
    )
    refused = post(client, "/v1/games/hints", {"state": moved["state"], "seat": 0, "credential": own[0]}, 422)
    assert "waiting for the discard of seat 1" in refused["detail"] and refused["to_act"] == [1]


@pytest.mark.parametrize("variant", ["six_card", "four_player"])
def test_no_hint_or_review_shows_a_card_the_seat_may_not_see(client: FlaskClient, variant: str) -> None:
    """A whole game of random and hinted moves: every hint holds only the asking seat's own cards
    and cards the table has seen; the review of each seat only what that seat was shown."""
    game = post(client, "/v1/games", {"variant": variant, "seed": 5, "dealer": 0, "options": {"fixed_deals": 4}}, 201)
    own = credentials_of(game)
    players = len(own)
    rng = random.Random(variant)
    public: set[str] = set()
    while game["view"]["phase"] != "over":
        state = game["state"]
        seat = game["view"]["to_act"][0]
        view = post(client, "/v1/games/view", {"state": state, "seat": seat, "credential": own[seat]})
        hinted = post(client, "/v1/games/hints", {"state": state, "seat": seat, "credential": own[seat]})
        assert cards_in(hinted) <= public | cards_in(view)
        action = hinted["moves"][0]["action"] if rng.random() < 0.5 else rng.choice(view["legal_actions"])
        game = post(client, "/v1/games/act", {"state": state, "action": action, "credential": own[seat]})
        public |= {c for e in game["events"] if e["type"] in ("starter", "play", "show") for c in cards_in(e)}
    for seat in range(players):
        body = {"state": game["state"], "seat": seat, "credential": own[seat]}
        seen = cards_in(post(client, "/v1/games/history", body))  # everything the seat was shown
        reviewed = post(client, "/v1/games/review", body)
        assert reviewed["seat"] == seat and cards_in(reviewed) <= seen
        assert [p["phase"] for p in reviewed["phases"]] == ["discard", "play"]
        assert reviewed["phases"][0]["decisions"] == 4


def test_a_review_waits_for_the_end_and_follows_the_seat_rules(client: FlaskClient) -> None:
    game = start(client, computer=[{"seat": 1}], options={"fixed_deals": 2})
    own, table = credentials_of(game), game["credentials"]["table"]
    early = post(client, "/v1/games/review", {"state": game["state"], "seat": 0, "credential": own[0]}, 422)
    assert early["type"].endswith("game-not-over")
    while game["view"]["phase"] != "over":
        game = post(
            client,
            "/v1/games/act",
            {"state": game["state"], "seat": 0, "credential": own[0], "action": {"type": "auto", "seat": 0}},
        )
    body = {"state": game["state"], "seat": 0, "credential": own[0]}
    reviewed = post(client, "/v1/games/review", body)
    # seat 0 played `auto` (the standard player); the review compares with hard's moves, and a
    # decision where the two agree loses nothing (the core test plays hard's moves: zero in all)
    assert reviewed["compared_with"] == "hard" and reviewed["lost"]["value"] >= 0
    assert any(d["made"] == d["compared"] for d in reviewed["decisions"])
    assert all(d["lost"]["value"] == 0 for d in reviewed["decisions"] if d["made"] == d["compared"])
    assert post(client, "/v1/games/review", {**body, "credential": table}) == reviewed
    post(client, "/v1/games/review", {"state": game["state"], "seat": 0}, 403)
    computer = post(client, "/v1/games/review", {"state": game["state"], "seat": 1, "credential": own[0]}, 403)
    assert computer["type"].endswith("seat-played-by-computer")


def test_the_hints_reasons_are_said_in_the_players_language(client: FlaskClient) -> None:
    game = start(client)
    body = {"state": game["state"], "seat": 0, "credential": credentials_of(game)[0]}
    english = client.post("/v1/games/hints", json=body)
    german = client.post("/v1/games/hints?lang=de", json=body)
    assert (english.headers["Content-Language"], german.headers["Content-Language"]) == ("en", "de")
    en, de = english.get_json(), german.get_json()
    assert [m["action"] for m in de["moves"]] == [m["action"] for m in en["moves"]]  # only the words differ
    for said_en, said_de in zip(en["moves"], de["moves"], strict=True):
        hand, crib, peg = said_en["reasons"]  # the means, and the pegging estimate beside every move
        mean, low, high = re.fullmatch(r"hand (\d+\.\d\d) on average \((\d+) to (\d+)\)", hand).groups()  # type: ignore[union-attr]
        owner = re.fullmatch(r"(your|the opponent's) crib (\d+\.\d\d) on average", crib).groups()  # type: ignore[union-attr]
        estimate = re.fullmatch(r"pegging ([+-]\d+\.\d\d) estimated", peg).group(1)  # type: ignore[union-attr]
        comma = str.maketrans(".", ",")
        whose = {"your": "deine Krippe", "the opponent's": "die Krippe des Gegners"}[owner[0]]
        assert said_de["reasons"] == [
            f"Hand {mean.translate(comma)} im Schnitt ({low} bis {high})",
            f"{whose} {owner[1].translate(comma)} im Schnitt",
            f"Ausspielen geschätzt {estimate.translate(comma)}",
        ]
