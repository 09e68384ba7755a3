"""Rating lists (service/ratings.py) against the Plackett-Luce update worked by hand from Weng and
Lin's paper (JMLR 12, 2011, algorithm 4, the model openskill implements) and against what any
rating list must do, and ``POST /v1/tournaments/ratings`` over HTTP."""

from __future__ import annotations

import math

import pytest
from flask.testing import FlaskClient

from service.core.errors import CribbageError
from service.core.scoring.results import GameResult
from service.ratings import BETA, Prior, rate


def hand_update(winner: tuple[float, float], loser: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """One two-player game by Weng-Lin's Plackett-Luce update (kappa = 0.0001 floor on the variance
    factor; gamma = sigma_i / c, openskill's default), written out from the paper's formulas. As
    openskill does by default, each sigma first grows by the dynamics factor tau = 25 / 300 (the
    paper's additive drift between games)."""
    tau = 25 / 300
    (mu1, s1), (mu2, s2) = winner, loser
    s1, s2 = math.hypot(s1, tau), math.hypot(s2, tau)
    c = math.sqrt(s1**2 + s2**2 + 2 * BETA**2)
    e1, e2 = math.exp(mu1 / c), math.exp(mu2 / c)
    p1 = e1 / (e1 + e2)  # the chance the winner places first among both
    p2 = e2 / (e1 + e2)
    # The winner is ranked first: its own sum runs over the one set {both}; the loser's over both sets.
    omega1 = s1**2 / c * (1 - p1)
    omega2 = s2**2 / c * (-p2 + (1 - (e2 / e2)))  # second place: -p2 in the set {both}, 1 - 1 in {loser}
    delta1 = (s1 / c) * s1**2 / c**2 * p1 * (1 - p1)
    delta2 = (s2 / c) * s2**2 / c**2 * (p2 * (1 - p2) + 1 * (1 - 1))
    return (
        (mu1 + omega1, s1 * math.sqrt(max(1 - delta1, 0.0001))),
        (mu2 + omega2, s2 * math.sqrt(max(1 - delta2, 0.0001))),
    )


def test_one_game_moves_both_ratings_as_the_paper_says() -> None:
    (ann, bob) = hand_update((25.0, 25 / 3), (25.0, 25 / 3))
    table = {r.player: r for r in rate([GameResult(("ann", "bob"), (121, 95))])}
    assert table["ann"].mu == pytest.approx(ann[0]) and table["ann"].sigma == pytest.approx(ann[1])
    assert table["bob"].mu == pytest.approx(bob[0]) and table["bob"].sigma == pytest.approx(bob[1])
    assert table["ann"].mu - 25 == pytest.approx(25 - table["bob"].mu)  # zero-sum between equals


def test_a_season_carries_forward_and_newcomers_are_listed() -> None:
    (ann, cy) = hand_update((27.5, 6.1), (25.0, 25 / 3))
    table = rate([GameResult(("cy", "ann"), (88, 121))], players=["dee"], initial=[Prior("ann", 27.5, 6.1)])
    # Ranked by mu - 3 sigma: ann about 8.6, dee (new) 0, cy (a loss, still uncertain) below 0.
    assert ann[0] - 3 * ann[1] > 0 > cy[0] - 3 * cy[1]
    assert [r.player for r in table] == ["ann", "dee", "cy"]
    assert table[0].mu == pytest.approx(ann[0]) and table[2].mu == pytest.approx(cy[0])
    assert (table[1].mu, table[1].sigma, table[1].games) == (25.0, pytest.approx(25 / 3), 0)


def test_more_wins_rate_higher_and_a_draw_moves_nobody_apart() -> None:
    # A round robin of four where p1 beats everyone, p2 beats p3 and p4, p3 beats p4: the list is p1..p4.
    games = [GameResult((f"p{a}", f"p{b}"), (121, 100)) for a in range(1, 5) for b in range(a + 1, 5)]
    assert [r.player for r in rate(games)] == ["p1", "p2", "p3", "p4"]
    from service.core.rules import resolve

    drawn = rate([GameResult(("a", "b"), (80, 80))], resolve("six_card", {"fixed_deals": 2}))
    assert drawn[0].mu == pytest.approx(drawn[1].mu)


def test_a_game_conceded_while_ahead_rates_its_winner_first() -> None:
    # ann gave up at 100-40: bob won (docs/rules.md 8.4), so the update is bob's win, as the paper's.
    (bob, ann) = hand_update((25.0, 25 / 3), (25.0, 25 / 3))
    table = {r.player: r for r in rate([GameResult(("ann", "bob"), (100, 40), conceded_by=0)])}
    assert table["bob"].mu == pytest.approx(bob[0]) and table["ann"].mu == pytest.approx(ann[0])


def test_a_bad_game_is_refused_as_the_standings_refuse_it() -> None:
    with pytest.raises(CribbageError):
        rate([GameResult(("a", "b"), (121, 121))])


def test_ratings_over_http_seed_a_swiss_round_one(client: FlaskClient) -> None:
    body = {
        "players": ["dee"],
        "initial": [{"player": "cy", "mu": 30, "sigma": 2}],
        "games": [{"players": ["ann", "bob"], "scores": [121, 95]}],
    }
    answer = client.post("/v1/tournaments/ratings", json=body).json
    assert answer["seeding"] == ["cy", "ann", "dee", "bob"] == [r["player"] for r in answer["ratings"]]
    assert answer["ratings"][0] == {"rank": 1, "player": "cy", "rating": 24.0, "mu": 30.0, "sigma": 2.0, "games": 0}
    first = client.post("/v1/tournaments/swiss-pairings", json={"players": answer["seeding"]}).json
    assert [p["players"] for p in first["round"]["pairings"]] == [["cy", "dee"], ["ann", "bob"]]
    refused = client.post("/v1/tournaments/ratings", json={"initial": [{"player": "a", "mu": 1, "sigma": 0}]})
    assert refused.status_code == 400


def test_a_rating_list_has_at_most_4096_players_in_the_asked_language(client: FlaskClient) -> None:
    newcomers = [f"n{i}" for i in range(4095)]
    body = {"games": [{"players": ["ann", "bob"], "scores": [121, 100]}], "players": newcomers}
    refused = client.post("/v1/tournaments/ratings", json=body, headers={"Accept-Language": "de"})
    assert refused.status_code == 422 and refused.json["type"].endswith("invalid-event"), refused.json
    assert refused.json["detail"] == "eine Ratingliste hat hier höchstens 4096 Spieler; diese nennt 4097"
    english = client.post("/v1/tournaments/ratings", json=body).json
    assert english["detail"] == "a rating list here has at most 4096 players; this one names 4097"
    assert client.post("/v1/tournaments/ratings", json={**body, "players": newcomers[:-1]}).status_code == 200


def test_a_game_of_three_given_up_rates_the_winner_over_the_conceder_only() -> None:
    # a gave up at 111-50-50: b wins and a loses, and c neither wins nor loses (docs/rules.md 8.4),
    # so the update is the Plackett-Luce one of b over a alone (openskill itself, beta 25), not the
    # order of the pegs (which would put a first); c keeps a newcomer's rating, listed, no game rated.
    from openskill.models import PlackettLuce

    model = PlackettLuce(beta=BETA)
    a, b = ([model.rating()] for _ in range(2))
    expected = model.rate([a, b], ranks=[2, 1])
    table = {r.player: r for r in rate([GameResult(("a", "b", "c"), (111, 50, 50), conceded_by=0)])}
    assert [table[name].mu for name in "ab"] == pytest.approx([team[0].mu for team in expected])
    assert (table["c"].mu, table["c"].sigma, table["c"].games) == pytest.approx((25, 25 / 3, 0))
    assert [r.player for r in table.values()] == ["b", "c", "a"]
