"""Folding a game's events gives every view the service answers, over random games of every variant.

Each game is played through the HTTP API as phones would play it: every person's seat keeps
its own table (:class:`tests.support.fold.FoldedTable`, written from the contract alone),
acts when it may (several seats may in the discard, in any order), and sends the last move it
showed as ``since_move``, so its answer holds what it missed and then its own move; now and
then a seat (or a spectator) catches up with ``/view``. After every answer the seat's folded
table must be the view it was given (pegs, count, pile, played, cards held, hand, phase and
the rest), every event must come once, in move order, and a seat that counts its crib by hand
sees that crib in ``counting``.

About one game in fifty (:data:`CONCEDE_SHARE`) is conceded at a random moment by one of the
seats a person plays (any of them, whoever's turn it is), in every variant; and every
:data:`MATCH_EVERY`-th two-player game is a best of 3, each next game started with
``/v1/games/next-game`` and folded from its own start (a new ``game_id``, its moves counted from 0
again, every table new: a phone keys what it showed by game).

The fast tier plays :data:`FAST_GAMES` games, one conceded game of three and one match; the
``playouts`` tier at least 300 (every variant and option in turn; ``CRIBBAGE_FOLD_GAMES`` sets how
many), in :data:`SLICES` tests that ``pytest -n`` spreads over its processes.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.fold import FoldedTable

Json = dict[str, Any]

FAST_GAMES = 5
CONCEDE_SHARE = 0.02  # of the games, conceded at a random moment
MATCH_EVERY = 10  # of the two-player games, every tenth a best of 3 (its games in place of the one)
MATCH = {"format": "best_of", "length": 3}
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
    """One game's phones: a table per person's seat and one for a spectator. ``concede``: the game
    is conceded (by one of the people's seats, at a random moment); ``match``: it starts a best of 3."""

    def __init__(
        self, client: FlaskClient, variant: str, rules: Json, seed: int, *, concede: bool = False, match: bool = False
    ) -> None:
        self.client = client
        self.rules = rules
        self.rng = random.Random(seed)
        options = options_for(variant, rules["players"], self.rng)
        computer = computer_seats(rules["players"], self.rng)
        self.people = [seat for seat in range(rules["players"]) if seat not in {c["seat"] for c in computer}]
        self.concede_after = self.rng.randint(1, 40) if concede else None  # answers before the concession
        starter = self.rng.choice([None, *self.people])
        body = {"variant": variant, "options": options, "seed": seed, "computer": computer, "seat": starter}
        answer = self.post("/v1/games", body | ({"match": MATCH} if match else {}), 201)
        self.table = answer["credentials"]["table"]
        self.conceded = 0  # games conceded
        self.begin(starter, answer)

    def begin(self, seat: int | None, answer: Json) -> None:
        """A game starts (a new one, or a match's next): every phone's table from nothing, and
        the answer shown on ``seat``'s."""
        rules = self.rules
        self.game_id = answer["view"]["game_id"]
        self.state = answer["state"]
        self.move = answer["view"]["move"]
        self.tables = {
            seat: FoldedTable(seat, rules["players"], rules["partnerships"], rules["crib_from_deck"])
            for seat in [None, *self.people]
        }
        self.shown(seat, answer)
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
        conceding = self.concede_after is not None and self.answers >= self.concede_after
        seat = self.rng.choice(self.people if conceding else self.to_act)  # any person concedes, at any turn
        behind = self.tables[seat].shown_up_to
        if conceding:
            action = {"type": "concede", "seat": seat}
        else:
            legal = self.post("/v1/games/view", self.body(seat))["legal_actions"]
            action = choose(self.rng, seat, legal)
        body = self.body(seat, action=action)
        if behind != self.move or self.rng.random() < 0.5:  # behind: its move, with what it missed first
            body["since_move"] = behind  # (up to date, now and then: it replays nothing)
        answer = self.post("/v1/games/act", body)
        if conceding:
            self.conceded += 1
            over = answer["events"][-1]
            assert over["type"] == "game_over" and over["ended_by"]["kind"] == "conceded", over
            side = seat % len(answer["view"]["pegs"])
            assert over["outcome"]["conceded_by"] == side and over["winner"] not in (None, side), over
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

    def play_match(self) -> int:
        """A best of 3 to its end: each game played out (and folded from its own start), then
        the next one started by a seat, or the table, with ``/v1/games/next-game``. Returns the
        games played."""
        games = 1
        while True:
            self.play_out()
            match = self.post("/v1/games/view", self.body(None))["view"]["match"]
            if match["over"]:
                assert max(match["games_won"]) == 2 or games == 3, match
                return games
            asking = self.rng.choice([None, *self.people])  # with the table's credential: every new one comes back
            body = self.body(asking) | {"credential": self.table}
            answer = self.post("/v1/games/next-game", body, 201)
            self.table = answer["credentials"]["table"]
            assert answer["view"]["game_id"] != self.game_id and answer["view"]["match"]["game"] == games + 1
            assert [event["move"] for event in answer["events"]][:1] == [0], "a next game counts its moves from 0"
            self.begin(asking, answer)
            self.concede_after = None
            games += 1


@pytest.fixture
def rules_of(client: FlaskClient) -> dict[str, Json]:
    """Each variant's rules, as a client learns them (``GET /v1/variants``)."""
    return {entry["name"]: entry["rules"] for entry in client.get("/v1/variants").get_json()["variants"]}


def conceded_at(number: int) -> bool:
    """One round of the variants in fifty (:data:`CONCEDE_SHARE`) is conceded: each variant's game of that round."""
    return number // len(VARIANTS) % round(1 / CONCEDE_SHARE) == 17


def match_at(number: int, rules_of: dict[str, Json]) -> bool:
    """Every tenth round's two-player games (the variants whose rules say two players) are a best of 3
    (:data:`MATCH_EVERY`)."""
    players = rules_of[VARIANTS[number % len(VARIANTS)]]["players"]
    return players == 2 and number // len(VARIANTS) % MATCH_EVERY == MATCH_EVERY - 1


def play_games(client: FlaskClient, rules_of: dict[str, Json], numbers: Iterable[int]) -> dict[str, int]:
    """Play the games numbered ``numbers``: each number's variant in turn, conceded
    (:func:`conceded_at`) or a best of 3 (:func:`match_at`, its every game counted). Returns the
    games played per variant, and (as ``conceded`` and ``matches``) how many were conceded and how
    many matches."""
    played = dict.fromkeys(rules_of, 0)
    assert set(played) == set(VARIANTS), "a new variant is played here too"
    played |= {"conceded": 0, "matches": 0}
    for number in numbers:
        variant = VARIANTS[number % len(VARIANTS)]
        rules = rules_of[variant]
        match = match_at(number, rules_of)
        game = Game(client, variant, rules, seed=number + 1, concede=conceded_at(number), match=match)
        played[variant] += game.play_match() if match else 1
        if not match:
            game.play_out()
        played["conceded"] += game.conceded
        played["matches"] += match
    return played


def test_folding_the_events_gives_every_view(client: FlaskClient, rules_of: dict[str, Json]) -> None:
    played = play_games(client, rules_of, range(FAST_GAMES))
    assert all(played[variant] for variant in VARIANTS)


def test_folding_a_conceded_game_and_a_match(client: FlaskClient, rules_of: dict[str, Json]) -> None:
    """The fast tier's concession (a game of three, where any of the three people may give up) and best of 3 (the
    first game conceded, so it ends soon; the next ones played out)."""
    three = Game(client, "three_player", rules_of["three_player"], seed=3, concede=True)
    three.play_out()
    match = Game(client, "six_card", rules_of["six_card"], seed=10, concede=True, match=True)
    assert match.play_match() >= 2
    assert three.conceded == match.conceded == 1


# The long run in slices (every sixth game each), so that the processes of ``pytest -n`` share them
# (one test of 300 games was the long tier's longest by far); together they play every game once.
SLICES = 6
LONG_RANGE = range(FAST_GAMES, FAST_GAMES + LONG_GAMES)


def test_the_slices_play_every_long_game_once(rules_of: dict[str, Json]) -> None:
    games = [number for part in range(SLICES) for number in LONG_RANGE[part::SLICES]]
    assert sorted(games) == list(LONG_RANGE) and len(games) >= 300
    assert min(sum(1 for number in games if number % len(VARIANTS) == v) for v in range(len(VARIANTS))) >= 60
    # about one in fifty conceded, every variant among them, and a dozen best of 3 (a game may end before its concession)
    assert {number % len(VARIANTS) for number in games if conceded_at(number)} == set(range(len(VARIANTS)))
    assert sum(match_at(number, rules_of) for number in games) >= 10


@pytest.mark.playouts
@pytest.mark.parametrize("part", range(SLICES))
def test_folding_the_events_gives_every_view_over_many_games(
    client: FlaskClient, rules_of: dict[str, Json], part: int
) -> None:
    played = play_games(client, rules_of, LONG_RANGE[part::SLICES])
    assert sum(played[variant] for variant in VARIANTS) >= 300 // SLICES
    assert min(played[variant] for variant in VARIANTS) >= 60 // SLICES
