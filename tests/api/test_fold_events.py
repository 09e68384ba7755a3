"""Folding a game's events gives every view the service answers, over random games of every variant.

Each game is played through the HTTP API as phones would play it: every person's seat keeps
its own table (:class:`tests.support.fold.FoldedTable`, written from the contract alone),
acts when it may (several seats may in the discard, in any order), and sends the last move it
showed as ``since_move``, so its answer holds what it missed and then its own move; now and
then a seat (or a spectator) catches up with ``/view``. After every answer the seat's folded
table must be the view it was given (pegs, count, pile, played, cards held, hand, phase and
the rest), every event must come once, in move order, and a seat that counts its crib by hand
sees that crib in ``counting``.

The fast tier plays :data:`FAST_GAMES` games; the ``playouts`` tier at least 300 (every
variant and option in turn; ``CRIBBAGE_FOLD_GAMES`` sets how many), in :data:`SLICES` tests
that ``pytest -n`` spreads over its processes.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.fold import FoldedTable

Json = dict[str, Any]

FAST_GAMES = 5
LONG_GAMES = max(300, int(os.environ.get("CRIBBAGE_FOLD_GAMES", "300")))
VARIANTS = ("six_card", "five_card", "three_player", "four_player", "four_player_individual")
LEVELS = ("easy", "standard", "hard")


def options_for(variant: str, players: int, rng: random.Random) -> Json:
    """Random options, the ones that change what the events say drawn often: manual counting
    (and its over-claim policies), short targets (games won in the play, the show, the cut),
    fixed deals (draws), three for last, the go rules."""
    options: Json = {}
    if rng.random() < 0.5:
        options["muggins"] = True
        options["overclaim_policy"] = rng.choice(["correct", "correct_and_award_excess", "correct_and_award_2"])
    if rng.random() < 0.2:
        options["fixed_deals"] = players * rng.randint(1, 2)  # every seat deals as often
    else:
        options["target"] = rng.choice([15, 31, 61, 61, 121])
    if rng.random() < 0.2:
        options["three_for_last"] = rng.choice(["game_start", "every_deal"])
    if variant == "three_player" and rng.random() < 0.5:
        options["multi_go_rule"] = "bicycle_three_hand"
    if rng.random() < 0.2:
        options["heels_can_peg_out"] = False
    return options


def computer_seats(players: int, rng: random.Random) -> list[Json]:
    """Up to every seat but one played by the computer, at random levels (half the games none)."""
    if rng.random() < 0.5:
        return []
    seats = rng.sample(range(players), rng.randint(1, players - 1))
    return [{"seat": seat, "level": rng.choice(LEVELS)} for seat in sorted(seats)]


def choose(rng: random.Random, seat: int, legal: list[Json]) -> Json:
    """A legal move at random, or ``auto``; a claim in manual counting mostly the computer's
    (random claims are legal but make games long)."""
    if not legal or rng.random() < 0.3 or (legal[0]["type"] == "count" and rng.random() < 0.8):
        return {"type": "auto", "seat": seat}
    return rng.choice(legal)


class Game:
    """One game's phones: a table per person's seat and one for a spectator."""

    def __init__(self, client: FlaskClient, variant: str, rules: Json, seed: int) -> None:
        self.client = client
        self.rng = random.Random(seed)
        options = options_for(variant, rules["players"], self.rng)
        computer = computer_seats(rules["players"], self.rng)
        self.people = [seat for seat in range(rules["players"]) if seat not in {c["seat"] for c in computer}]
        starter = self.rng.choice([None, *self.people])
        answer = self.post(
            "/v1/games",
            {"variant": variant, "options": options, "seed": seed, "computer": computer, "seat": starter},
            201,
        )
        self.table = answer["credentials"]["table"]
        self.state = answer["state"]
        self.move = answer["view"]["move"]
        self.tables = {
            seat: FoldedTable(seat, rules["players"], rules["partnerships"], rules["crib_from_deck"])
            for seat in [None, *self.people]
        }
        self.shown(starter, answer)
        self.to_act: list[int] = answer["view"]["to_act"]
        self.over = answer["view"]["phase"] == "over"
        self.answers = 1

    def post(self, path: str, body: Json, status: int = 200) -> Json:
        response = self.client.post(path, json=body)
        assert response.status_code == status, response.get_json()
        answer: Json = response.get_json()
        return answer

    def shown(self, seat: int | None, answer: Json) -> None:
        """The seat's phone shows an answer: its events (each once, in order), then its view."""
        table = self.tables[seat]
        assert all(event["move"] <= answer["view"]["move"] for event in answer.get("events", []))
        table.take(answer.get("events", []))
        table.check(answer["view"])

    def act(self) -> None:
        seat = self.rng.choice(self.to_act)
        behind = self.tables[seat].shown_up_to
        if behind == self.move:  # up to date: the plain request, which replays nothing
            legal = self.post("/v1/games/view", self.body(seat))["legal_actions"]
            body = self.body(seat, action=choose(self.rng, seat, legal))
            if self.rng.random() < 0.5:
                body["since_move"] = behind
        else:  # behind: its move, with what it missed first
            legal = self.post("/v1/games/view", self.body(seat))["legal_actions"]
            body = self.body(seat, action=choose(self.rng, seat, legal), since_move=behind)
        answer = self.post("/v1/games/act", body)
        moves = [event["move"] for event in answer["events"]]
        assert moves == sorted(moves) and moves[0] > behind, moves
        self.shown(seat, answer)
        self.state, self.move = answer["state"], answer["view"]["move"]
        self.to_act, self.over = answer["view"]["to_act"], answer["view"]["phase"] == "over"
        self.answers += 1

    def catch_up(self, seat: int | None) -> None:
        """A phone (or a spectator's screen) catches up with ``/view`` and ``since_move``."""
        behind = self.tables[seat].shown_up_to
        answer = self.post("/v1/games/view", self.body(seat, since_move=behind))
        assert all(event["move"] > behind for event in answer["events"])
        self.shown(seat, answer)

    def body(self, seat: int | None, **more: Any) -> Json:
        body: Json = {"state": self.state, **more}
        if seat is not None:
            body |= {"seat": seat, "credential": self.table}
        return body

    def play_out(self) -> int:
        while not self.over:
            self.act()
            if self.rng.random() < 0.15:
                self.catch_up(self.rng.choice([None, *self.people]))
        for seat in self.tables:
            self.catch_up(seat)
        return self.answers


@pytest.fixture
def rules_of(client: FlaskClient) -> dict[str, Json]:
    """Each variant's rules, as a client learns them (``GET /v1/variants``)."""
    return {entry["name"]: entry["rules"] for entry in client.get("/v1/variants").get_json()["variants"]}


def play_games(client: FlaskClient, rules_of: dict[str, Json], games: range) -> dict[str, int]:
    played = dict.fromkeys(rules_of, 0)
    assert set(played) == set(VARIANTS), "a new variant is played here too"
    for number in games:
        variant = VARIANTS[number % len(VARIANTS)]
        Game(client, variant, rules_of[variant], seed=number).play_out()
        played[variant] += 1
    return played


def test_folding_the_events_gives_every_view(client: FlaskClient, rules_of: dict[str, Json]) -> None:
    played = play_games(client, rules_of, range(FAST_GAMES))
    assert all(played.values())


# The long run in slices (every sixth game each), so that the processes of ``pytest -n`` share them
# (one test of 300 games was the long tier's longest by far); together they play every game once.
SLICES = 6
LONG_RANGE = range(FAST_GAMES, FAST_GAMES + LONG_GAMES)


def test_the_slices_play_every_long_game_once() -> None:
    games = [number for part in range(SLICES) for number in LONG_RANGE[part::SLICES]]
    assert sorted(games) == list(LONG_RANGE) and len(games) >= 300
    assert min(sum(1 for number in games if number % len(VARIANTS) == v) for v in range(len(VARIANTS))) >= 60


@pytest.mark.playouts
@pytest.mark.parametrize("part", range(SLICES))
def test_folding_the_events_gives_every_view_over_many_games(
    client: FlaskClient, rules_of: dict[str, Json], part: int
) -> None:
    played = play_games(client, rules_of, LONG_RANGE[part::SLICES])
    assert sum(played.values()) >= 300 // SLICES and min(played.values()) >= 60 // SLICES
