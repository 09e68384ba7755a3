"""The wire code and ``openapi.yaml`` cannot drift apart unnoticed.

* Every request body's component has a loader, which loads what the contract describes into
  the core's values (hand-built expectations below).
* Every encoder's answers, over realistic domain values (whole games of every variant, hands,
  plays, boards, tournaments, advice, problems), are valid against its component, and between
  them use every property the component declares (so the contract names nothing the code never
  sends, and the code sends nothing the contract does not name).
* Every operation's JSON answer is a component that has an encoder, and every request body a
  component that has a loader.

A field added on one side only fails here, not as a 500 (or a silent omission) in production.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import jsonschema_rs
import pytest

from service.api import wire
from service.api.contract import ContractViolation
from service.api.loading import load
from service.api.wire import advice as wire_advice
from service.api.wire import boards as wire_boards
from service.api.wire import coach as wire_coach
from service.api.wire import common as wire_common
from service.api.wire import director as wire_events
from service.api.wire import events as wire_event_file
from service.api.wire import games as wire_games
from service.api.wire import hands as wire_hands
from service.api.wire import meta as wire_meta
from service.api.wire import pegging as wire_pegging
from service.api.wire import problems as wire_problems
from service.api.wire import ratings as wire_ratings
from service.api.wire import tournaments as wire_tournaments
from service.core.boards import board as boards
from service.core.cards import parse_card, parse_cards
from service.core.computer import advice, coach, review
from service.core.computer.play import apply, new_game
from service.core.errors import CribbageError, IllegalAction
from service.core.game import events, record, views
from service.core.game.actions import ACTIONS, AUTO
from service.core.game.engine import Action, legal_actions, may_act
from service.core.rules import DESCRIPTIONS, OPTION_NAMES, STANDARD, preset, resolve, variant_names
from service.core.scoring import claims, sequence, show
from service.core.scoring.match import MatchRules, match_state
from service.core.scoring.outcome import outcome
from service.core.scoring.results import GameResult
from service.core.tournaments import brackets as tournament
from service.core.tournaments.crosstable import crosstable, game_logs
from service.core.tournaments.cut import Playoff, seeds
from service.core.tournaments.elimination import elimination
from service.core.tournaments.event_views import CrossCheck, event_crosstable, event_standings
from service.core.tournaments.event_views import cross_check as checked_tables
from service.core.tournaments.match_standings import MatchResult, match_standings
from service.core.tournaments.movements import fixed_games
from service.core.tournaments.roster import Roster
from service.core.tournaments.schedules import round_robin, swiss_pairings, swiss_ranking
from service.core.tournaments.standings import standings as standings_of
from service.ratings import Prior, rate
from tests.support.contract import openapi_document
from tests.support.event_files import every_kind_ledger
from tests.support.kinds import core_event_kinds

SPEC = openapi_document()
COMPONENTS = SPEC["components"]["schemas"]


def resolve_ref(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def properties(name: str) -> tuple[set[str], set[str]]:
    """A component's property names and required names (over every branch of a oneOf/allOf)."""
    schema = COMPONENTS[name]
    names: set[str] = set()
    required: set[str] = set()
    for branch in [schema, *schema.get("oneOf", []), *schema.get("allOf", []), *schema.get("anyOf", [])]:
        names |= set(resolve_ref(branch).get("properties", {}))
    for branch in [schema, *schema.get("allOf", [])]:  # what every body must have (not one branch's)
        required |= set(resolve_ref(branch).get("required", []))
    return names, required


@cache
def validator(name: str) -> Any:
    return jsonschema_rs.Draft202012Validator(
        {"$ref": f"#/components/schemas/{name}", "components": SPEC["components"]}
    )


# --- requests ------------------------------------------------------------------------------------


def request_components() -> Iterator[tuple[str, str]]:
    for path, operations in SPEC["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if content:
                yield f"{method} {path}", content["schema"]["$ref"].rsplit("/", 1)[1]


def test_every_request_body_is_a_component_with_a_loader() -> None:
    missing = [(op, name) for op, name in request_components() if name not in wire.LOADERS]
    assert not missing


EVENT_BODIES = [
    {"games": [{"players": ["ann", "bob"], "scores": [121, 95]}, {"players": ["bob", "=cy"], "scores": [88.0, 121]}]},
    {
        "games": [{"players": ["a", "b", "c"], "scores": [121, 100, 50]}],
        "scheme": "bar_league",
        "tiebreakers": ["games_won", "head_to_head"],
        "target": 121,
        "options": {"skunk_lines": [91, 61, 31]},
    },
    {"games": [{"players": ["a", "b"], "scores": [61, 30]}], "variant": "five_card"},
]


def games_of(body: dict[str, Any]) -> tuple[GameResult, ...]:
    return tuple(GameResult(tuple(g["players"]), tuple(int(x) for x in g["scores"])) for g in body["games"])


def test_an_events_games_load_as_results() -> None:
    two, three, five = EVENT_BODIES
    assert load("StandingsRequest", dict(two)) == wire_tournaments.StandingsRequest(games_of(two), resolve("six_card"))
    assert load("StandingsRequest", dict(three)).rules == resolve(
        "three_player",
        {
            "skunk_lines": [91, 61, 31],
            "target": 121,
            "game_point_scheme": "bar_league",
            "tiebreakers": ["games_won", "head_to_head"],
        },
    )
    assert load("StandingsRequest", dict(five)).rules == resolve("five_card")
    logs = load("GameLogsRequest", {**two, "players": ["ann", "zed"], "byes": ["cy"]})
    assert logs == wire_events.GameLogsRequest(games_of(two), resolve("six_card"), ("ann", "zed"), ("cy",))
    swiss = load("SwissRequest", {"players": ["a", "b", "c"]})
    assert swiss == wire_events.SwissRequest(("a", "b", "c"), (), (), resolve("six_card"))


def test_match_standings_load_as_results_and_match_rules() -> None:
    matches = [
        {"players": ["ann", "=bob"], "games": [[121, 100], [95, 121], [121, 110]]},
        {"players": ["cy", "ann"], "games": [[121, 60]]},
    ]
    loaded = load("MatchStandingsRequest", {"matches": matches})
    assert loaded.matches == (
        MatchResult(("ann", "=bob"), ((121, 100), (95, 121), (121, 110))),
        MatchResult(("cy", "ann"), ((121, 60),)),
    )
    assert loaded.match == MatchRules()  # no settings: a best of three, as MatchSettings' defaults say
    assert loaded.rules == resolve("six_card")
    settings = {"format": "first_to", "length": 7, "skunk_points": 1}
    assert load("MatchStandingsRequest", {"matches": matches, "match": settings}).match == MatchRules(
        "first_to", 7, 1, 1, False, "loser"
    )


def test_a_hand_loads_as_cards_and_rules() -> None:
    HandRequest = wire_hands.HandRequest
    assert load("HandRequest", {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}) == HandRequest(
        tuple(parse_cards("5S 5H 5D JC")), parse_card("5C"), False, None, False, resolve("six_card")
    )
    body = {"hand": ["th", "jh", "qh"], "starter": "kh", "crib": False, "variant": "five_card"}
    assert load("HandRequest", body) == HandRequest(
        tuple(parse_cards("10H JH QH")), parse_card("KH"), False, None, False, resolve("five_card")
    )
    body = {
        "hand": ["AH", "2H", "3H", "4H"],
        "starter": "9S",
        "crib": True,
        "claimed": 12,
        "options": {"crib_flush": "four_or_five", "muggins": True},
    }
    rules = resolve("six_card", {"crib_flush": "four_or_five", "muggins": True})
    assert load("HandRequest", body) == HandRequest(
        tuple(parse_cards("AH 2H 3H 4H")), parse_card("9S"), True, 12, True, rules
    )
    assert load("HandRequest", {**body, "muggins": False}).muggins is False  # the flag over the option


# --- answers -------------------------------------------------------------------------------------------


@cache
def played_games() -> list[tuple[Any, list[Any], list[Any]]]:
    """Whole games of every variant (muggins on and off): final state, every event, every seen."""
    games = []
    for variant, options in [
        ("six_card", {}),
        ("six_card", {"muggins": True, "overclaim_policy": "correct_and_award_2"}),
        ("five_card", {}),
        ("three_player", {"muggins": True}),
        ("four_player", {}),
        ("four_player_individual", {"fixed_deals": 4}),
    ]:
        for seed in range(3):
            rng = random.Random(seed)
            rules = resolve(variant, options)
            computer = [None, *["standard"] * (rules.players - 1)] if seed == 1 else []
            state, happened = new_game(rules, seed, game_id=f"game-{seed}", computer=computer)
            every = list(happened)
            seen = [views.view_with_moves(state, seat) for seat in (None, 0)]
            while not state.over:
                seat = rng.choice(may_act(state))
                moves = legal_actions(state, seat)
                action = rng.choice(moves) if rng.random() < 0.5 else Action("auto", seat)
                if seed == 2 and state.moves == 9 * rules.players:  # the third game of each: conceded
                    action = Action("concede", seat)
                state, happened = apply(state, action)
                every += happened
                seen.append(views.view_with_moves(state, seat))
            games.append((state, every, seen))
    return games


def test_the_played_games_include_conceded_ones() -> None:
    """So that every answer's encoder meets a conceded game (its outcome, ending, match game)."""
    assert sum(state.conceded_by is not None for state, _, _ in played_games()) >= 4


@cache
def coached() -> tuple[list[Any], list[Any]]:
    """Hints at every position of a game with manual counting and one without (every phase),
    and the reviews of both games' seats."""
    hinted, reviewed = [], []
    for variant, options in [("six_card", {"muggins": True, "fixed_deals": 2}), ("four_player", {"fixed_deals": 4})]:
        rules = resolve(variant, options)
        state, _ = new_game(rules, 4, 0)
        rng = random.Random(4)
        while not state.over:
            seat = may_act(state)[0]
            hinted.append(coach.hints(state, seat))
            state, _ = apply(
                state, rng.choice(legal_actions(state, seat)) if rng.random() < 0.3 else Action("auto", seat)
            )
        reviewed += [review.review(state, seat) for seat in range(rules.players)]
    return hinted, reviewed


def playoff_answer(ledger: Any) -> Any:
    """The playoff answer of the every-kind event file: its top three seeded."""
    line = event_standings(ledger, STANDARD, qualifiers=3).cut
    assert line is not None
    order = seeds(line, (), Roster.of([e.name for e in ledger.entries]))
    return wire_event_file.event_playoff(Playoff(line, "standings", tournament.bracket(3, 3, players=order)))


def samples() -> dict[str, list[Callable[[], Any]]]:
    """Calls of every encoder on realistic values."""
    games = played_games()
    ledger = every_kind_ledger()
    hinted, reviewed = coached()
    hand = load("HandRequest", {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C", "claimed": 27, "muggins": True})
    plain = load("HandRequest", {"hand": ["2S", "7H", "9D", "KC"], "starter": "4C"})
    score29 = show.score_show(hand.hand, hand.starter)
    check = claims.check_claim(29, 27, muggins=True)
    plays = [(0, parse_card("KS")), (1, parse_card("10H")), (0, parse_card("KD")), (1, None), (0, None)]
    played = sequence.score_sequence(
        resolve("six_card"), 0, plays, [parse_cards("KS KD 2S 2D"), parse_cards("10H 7C 2H 2C")]
    )
    unknown = sequence.score_sequence(resolve("six_card"), 0, plays[:2])
    board = boards.new_board(preset("five_card"), 0)
    over = boards.score_deal(
        boards.score_deal(board.board, boards.DealTotals((40, 30))).board, boards.DealTotals((25, 10))
    )
    fixed = boards.score_deal(
        boards.new_board(resolve("six_card", {"fixed_deals": 2}), 0).board, boards.DealTotals((5, 7))
    )
    fixed = boards.score_deal(fixed.board, boards.DealTotals((5, 7)))
    results = (GameResult(("ann", "bob"), (121, 80)), GameResult(("bob", "cy"), (121, 119)))
    table = standings_of(results, preset("six_card"))
    named = tournament.bracket(5, 5, players=["ann", "bob", "cy", "dee", "eve"])
    advised = advice.discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card"))
    event_games = (*results, GameResult(("cy", "ann"), (121, 55)), GameResult(("ann", "dee", "eve"), (121, 100, 99)))
    fixed_event = (GameResult(("ann", "bob"), (50, 50)),)
    crossed = crosstable(event_games[:3], preset("six_card"))
    logs = game_logs(event_games[:3], preset("six_card"), players=["ann", "zed"])
    fixed_logs = game_logs(fixed_event, resolve("six_card", {"fixed_deals": 2}))
    fixed_cross = crosstable(fixed_event, resolve("six_card", {"fixed_deals": 2}))
    schedule = round_robin(["ann", "bob", "cy"])
    swiss_games = [GameResult(("ann", "bob"), (121, 100))]
    swiss = (swiss_pairings(["ann", "bob", "cy"], swiss_games), swiss_ranking(["ann", "bob", "cy"], swiss_games))
    rated = rate(swiss_games, players=["dee"], initial=[Prior("eve", 30.0, 2.0)])
    match_rules = MatchRules("best_of", 5, 2, 3, True)
    fixed_match = MatchRules("fixed", 2)
    decided = match_state([(121, 95), (80, 121), (121, 25)], match_rules=match_rules, first_dealer=0)
    going = match_state([(121, 95)], match_rules=fixed_match)
    drawn = match_state([(121, 95), (95, 121)], match_rules=fixed_match, first_dealer=1)
    table_of_matches = match_standings(
        [MatchResult(("ann", "bob"), ((121, 100), (121, 85))), MatchResult(("cy", "dee"), ((121, 95), (95, 121)))],
        match_rules=fixed_match,
    )
    bracket_single = elimination(3, players=["ann", "bob", "cy"], results={2: [(121, 100)], 3: [(121, 90)]})
    bracket_double = elimination(
        4,
        double=True,
        results={1: [(121, 100)], 2: [(90, 121)], 3: [(121, 80)], 4: [(121, 80)], 5: [(121, 80)], 6: [(80, 121)]},
    )
    records = [record.record(state) for state, _, _ in games]
    every_event = [event for _, happened, _ in games for event in happened]
    viewers = [None, 0, 1, 2, 3]
    issued = wire_games.credentials("T" * 24, [(0, "A" * 24), (2, "B" * 24)])
    refused: CribbageError
    try:
        sequence.score_sequence(
            resolve("six_card"),
            0,
            [(0, parse_card("KS")), (1, None)],
            [parse_cards("KS KD 2S 2D"), parse_cards("10H 7C 2H 2C")],
        )
    except CribbageError as error:
        refused = error
    state, _ = new_game(preset("six_card"), 1, 0)
    illegal = IllegalAction("no", pointer="/action", legal_actions=legal_actions(state, 1), to_act=[1])
    behind: CribbageError
    try:
        record.events_since(state, None, state.moves + 1)
    except CribbageError as error:
        behind = error
    return {
        "ScoreItem": [lambda: wire_common.item(score29.items[0])],
        "Rules": [
            lambda name=name: wire_common.rules(resolve(name, {"no_heels_at_or_above": 50})) for name in variant_names()
        ],
        "Outcome": [
            lambda: wire_common.outcome(outcome([121, 80], preset("six_card"))),
            lambda: wire_common.outcome(outcome([50, 50], resolve("six_card", {"fixed_deals": 2}))),
        ],
        "ClaimCheck": [lambda: wire_hands.claim_check(check)],
        "HandScore": [
            lambda: wire_hands.hand_score(hand, score29, check),
            lambda: wire_hands.hand_score(plain, show.score_show(plain.hand, plain.starter), None),
        ],
        "HandBatchEntry": [
            lambda: wire_hands.batch_entry(score=wire_hands.hand_score(hand, score29, None)),
            lambda: wire_hands.batch_entry(problem=wire_problems.rules_problem(refused)),
        ],
        "HandBatchResult": [
            lambda: wire_hands.batch_result([wire_hands.batch_entry(problem=wire_problems.rules_problem(refused))])
        ],
        "PeggingCardScore": [
            lambda: wire_pegging.card_score(sequence.score_card(parse_cards("10S 5D"), parse_card("5C")))
        ],
        "PeggingScoreItem": [lambda: wire_pegging.scored_item(1, score29.items[0])],
        "PeggingStep": [
            lambda index=index, value=value: wire_pegging.step(index, value) for index, value in enumerate(played.steps)
        ],
        "PeggingSequence": [lambda: wire_pegging.sequence(played), lambda: wire_pegging.sequence(unknown)],
        "GameAction": [
            lambda: (
                [wire_games.action(a) for _, _, seen in games for s in seen for a in s.legal_actions]
                + [wire_games.action(a.action) for r in records for d in r.deals for a in d.actions]
            )
        ],
        "GameEvent": [
            lambda: (
                [wire_games.event(seen) for viewer in viewers[:3] for seen in events.numbered_for(every_event, viewer)]
                + [wire_games.event(e) for e in every_event]
            )
        ],
        "GameView": [lambda: [wire_games.view(s.view) for _, _, seen in games for s in seen]],
        "GameSeen": [
            lambda: wire_games.seen(games[0][2][1]),
            lambda: wire_games.seen(games[0][2][1], events.numbered_for(games[0][1][:8], 1)),
            lambda: wire_games.seen(games[0][2][1], expired=True),
        ],
        "GameResponse": [lambda: wire_games.game_response(games[0][2][1], "gAAAAA", games[0][1][:5])],
        "GameStarted": [lambda: wire_games.game_started(games[0][2][1], "gAAAAA", games[0][1][:5], issued)],
        "SeatCredentials": [
            lambda: issued,
            lambda: wire_games.credentials(None, [(1, "C" * 24)]),
            lambda: wire_games.credentials(None, []),
        ],
        "GameMatch": [
            lambda: wire_games.game_match(views.MatchView(2, match_rules, going)),
            lambda: wire_games.game_match(views.MatchView(3, match_rules, decided)),
        ],
        "GameRecord": [lambda: [wire_games.record(r) for r in records]],
        "DealRecord": [lambda: [wire_games.deal_record(d) for r in records for d in r.deals]],
        "RecordedAction": [
            lambda: [wire_games.recorded_action(a) for r in records for d in r.deals for a in d.actions]
        ],
        "GameEnding": [lambda: [wire_games.ending(r.ended_by) for r in records]],
        "FinishedDeal": [
            lambda: [
                wire_games.finished_deal(d)
                for state, _, _ in games[:4]
                for seat in (None, 0)
                for d in record.history(state, seat)
            ]
        ],
        "GameHistory": [
            lambda: wire_games.history(record.history(games[0][0], 1)),
            lambda: wire_games.history(record.history(games[2][0], 1), expired=True),
        ],
        "Board": [
            lambda: wire_boards.board(board.board),
            lambda: wire_boards.board(over.board),
            lambda: wire_boards.board(fixed.board),
        ],
        "BoardMove": [lambda: wire_boards.move(board.moves[0])],
        "BoardUpdate": [lambda: wire_boards.update(board), lambda: wire_boards.update(over)],
        "Standing": [lambda: wire_tournaments.standing(table.rows[0])],
        "StandingsResult": [lambda: wire_tournaments.standings(table)],
        "BracketMatch": [
            lambda: wire_tournaments.match(named, named.rounds[0][0]),
            lambda: wire_tournaments.match(named, named.rounds[-1][0]),
        ],
        "Bracket": [lambda: wire_tournaments.bracket(named), lambda: wire_tournaments.bracket(tournament.bracket(16))],
        "CrosstableCell": [lambda: wire_events.cross_cell(crossed.rows[0].cells[0])],
        "CrosstableRow": [lambda: wire_events.cross_row(crossed.rows[0])],
        "Crosstable": [lambda: wire_events.crosstable(crossed), lambda: wire_events.crosstable(fixed_cross)],
        "GameLogEntry": [lambda: wire_events.log_entry(logs[0].entries[0])],
        "GameLog": [lambda: wire_events.game_log(logs[0]), lambda: wire_events.game_log(logs[-1])],
        "GameLogs": [lambda: wire_events.game_logs(logs), lambda: wire_events.game_logs(fixed_logs)],
        "Pairing": [lambda: wire_events.pairing(schedule.rounds[0].pairings[0])],
        "ScheduleRound": [lambda r=r: wire_events.schedule_round(r) for r in schedule.rounds],
        "Schedule": [lambda: wire_events.schedule(schedule)],
        "SwissStanding": [lambda: wire_events.swiss_standing(1, swiss[1][0])],
        "SwissPairings": [lambda: wire_events.swiss_pairings(swiss)],
        "Rating": [lambda: wire_ratings.rating(1, rated[0])],
        "RatingList": [lambda: wire_ratings.ratings(rated), lambda: wire_ratings.ratings(())],
        "MatchRules": [lambda: wire_events.match_rules(match_rules), lambda: wire_events.match_rules(fixed_match)],
        "MatchGame": [
            lambda: wire_events.match_game(decided.games[0]),
            lambda: wire_events.match_game(decided.games[-1]),
        ],
        "MatchState": [
            lambda: wire_events.match_state(decided, match_rules),
            lambda: wire_events.match_state(going, fixed_match),
            lambda: wire_events.match_state(drawn, fixed_match),
        ],
        "MatchStanding": [lambda: wire_events.match_standing(table_of_matches.rows[0])],
        "MatchStandingsResult": [lambda: wire_events.match_standings(table_of_matches)],
        "EliminationSlot": [
            lambda m=m, i=i: wire_events.slot(bracket_double, m.seeds[i], m.sources[i])
            for m in bracket_double.matches
            for i in (0, 1)
        ],
        "EliminationMatch": [
            lambda m=m: wire_events.elimination_match(bracket_single, m) for m in bracket_single.matches
        ],
        "EliminationRound": [lambda: wire_events.elimination_round(bracket_double.rounds[0])],
        "EliminationEntrant": [lambda: wire_events.entrant(bracket_single.standing[0])],
        "EliminationState": [
            lambda: wire_events.elimination(bracket_single),
            lambda: wire_events.elimination(bracket_double),
        ],
        "EventTable": [lambda t=t: wire_event_file.table_check(t) for t in ledger.tables],
        "EventStandingsResult": [
            lambda: wire_event_file.event_standings(event_standings(ledger, STANDARD, 1)),
            lambda: wire_event_file.event_standings(event_standings(ledger, STANDARD)),
        ],
        "EventCrosstable": [lambda: wire_event_file.event_crosstable(event_crosstable(ledger, STANDARD))],
        "EventCrossCheck": [
            lambda: wire_event_file.cross_check(checked_tables(ledger)),
            lambda: wire_event_file.cross_check(CrossCheck(ledger.tables, ((1, "ann"),), 1)),
        ],
        "EventCut": [lambda: wire_event_file.event_cut(event_standings(ledger, STANDARD, qualifiers=2).cut)],
        "EventPlayoff": [lambda: playoff_answer(ledger)],
        "FixedGames": [
            lambda: wire_event_file.fixed_games(fixed_games(["ann", "bob", "cy", "dee", "eve"], 3)),
            lambda: wire_event_file.fixed_games(fixed_games(["ann", "bob", "cy", "dee"], 3)),
        ],
        "ExactMean": [lambda: wire_advice.exact(advised.best.net)],
        "DiscardOption": [lambda: wire_advice.option(advised.best)],
        "DiscardAdvice": [lambda: wire_advice.advice(advised)],
        "GameHints": [lambda h=h: wire_coach.hints(h) for h in hinted],
        "MoveHint": [lambda h=h: wire_coach.hint(h.moves[0]) for h in hinted],
        "DiscardHintFigures": [
            lambda: wire_coach.discard_figures(next(h for h in hinted if h.phase == "discard").moves[0].discard)
        ],
        "PlayHintFigures": [lambda m=m: wire_coach.play_figures(m.play) for h in hinted for m in h.moves if m.play],
        "GameReview": [lambda r=r: wire_coach.review(r) for r in reviewed],
        "ReviewDecision": [lambda d=d: wire_coach.decision(d) for r in reviewed for d in r.decisions],
        "ReviewPhase": [lambda p=p: wire_coach.phase(p) for r in reviewed for p in r.phases],
        "Health": [wire_meta.health],
        "Readiness": [lambda: wire_meta.readiness({"spec": "loaded"})],
        "Variant": [lambda: wire_meta.variant("six_card", DESCRIPTIONS["six_card"], preset("six_card"))],
        "VariantList": [
            lambda: wire_meta.variant_list([(n, DESCRIPTIONS[n], preset(n)) for n in variant_names()], OPTION_NAMES)
        ],
        "Problem": [
            lambda: wire_problems.rules_problem(refused),
            lambda: wire_problems.rules_problem(illegal),
            lambda: wire_problems.rules_problem(behind),
            lambda: wire_problems.contract_problem(ContractViolation([{"pointer": "/hand", "detail": "x"}], True)),
            lambda: wire_problems.problem_body("not-found", "nothing here", lang="de"),
            lambda: wire_problems.problem_body(
                "not-acceptable", "no", available=["application/json", "text/csv", "text/html"]
            ),
            lambda: wire_problems.problem_body(
                "body-too-large", "big", lang="sv", limit=65536, setting="CRIBBAGE_MAX_BODY_BYTES"
            ),
        ],
    }


# Components whose samples come as lists of answers (every one of many games).
LISTED = {
    "GameAction",
    "GameEvent",
    "GameView",
    "GameRecord",
    "DealRecord",
    "RecordedAction",
    "GameEnding",
    "FinishedDeal",
}


def test_every_encoder_has_samples() -> None:
    assert set(wire.ENCODERS) == set(samples())


@pytest.mark.parametrize("component", sorted(wire.ENCODERS))
def test_encoder_answers_are_valid_and_use_every_property(component: str) -> None:
    answers: list[Any] = []
    for call in samples()[component]:
        answer = call()
        answers += answer if isinstance(answer, list) and component in LISTED else [answer]
    assert answers
    used: set[str] = set()
    for answer in answers:
        errors = [error.message for error in validator(component).iter_errors(answer)]
        assert not errors, (component, errors[:3], answer)
        used |= set(answer)
    names, _ = properties(component)
    assert used == names, (component, "never sent:", names - used, "not in the contract:", used - names)


def response_components() -> Iterator[tuple[str, str]]:
    for path, operations in SPEC["paths"].items():
        for method, operation in operations.items():
            for status, answer in operation["responses"].items():
                content = answer.get("content", {}).get("application/json") if "content" in answer else None
                if status.startswith("2") and content:
                    yield f"{method} {path} {status}", content["schema"]["$ref"].rsplit("/", 1)[1]


def test_every_answer_is_a_component_with_an_encoder() -> None:
    found = list(response_components())
    assert len(found) >= 18
    missing = [(op, name) for op, name in found if name not in wire.ENCODERS]
    assert not missing


def every_kind_of_legal_action() -> list[Action]:
    """Legal actions of every kind the core lists, from games played until each kind turned up
    (manual counting gives ``count``, ``muggins`` and ``accept``)."""
    rnd = random.Random(11)
    found: dict[str, list[Action]] = {}
    for variant, options in (("six_card", {"muggins": True}), ("four_player", {"muggins": True})):
        state, _ = new_game(resolve(variant, options), seed=5, dealer=0)
        for _ in range(400):
            if state.over:
                break
            seat = may_act(state)[0]
            legal = legal_actions(state, seat)
            for one in legal:
                found.setdefault(one.type, [])
                if len(found[one.type]) < 12:
                    found[one.type].append(one)
            state, _ = apply(state, rnd.choice(legal))
    return [one for kind in found.values() for one in kind]


def test_a_move_loads_as_the_action_a_client_was_sent() -> None:
    """Actions of every kind the contract names, written by the ``action`` encoder as a client
    gets them back, load as the core's actions they were."""
    listed = [*every_kind_of_legal_action(), Action("auto", 0), Action("concede", 1)]  # the two never listed
    assert {one.type for one in listed} == set(COMPONENTS["GameAction"]["discriminator"]["mapping"])
    for core_action in listed:
        wire_action = wire_games.action(core_action)
        assert load("GameAction", dict(wire_action)) == core_action
        for extra, seat, credential in (({}, None, None), ({"seat": 1, "credential": "A" * 24}, 1, "A" * 24)):
            body = {"state": "gAAAA", "action": wire_action, **extra}
            assert load("ActRequest", body) == wire_games.GameRequest("gAAAA", seat, credential, core_action)


def sample_events() -> dict[type[events.Event], events.Event]:
    """One event of each kind the played games produced, as dealt and as each viewer sees it."""
    every = [event for _, happened, _ in played_games() for _, event in happened]
    seen = [events.visible_to(event, viewer) for event in every for viewer in (None, 0, 1)]
    return {type(event): event for event in every + seen}


def test_each_kind_has_an_entry_in_every_table() -> None:
    """An event kind or action kind added in one table and not the others fails here (a missing
    encoder or loader would otherwise be a 500, or a field silently dropped, in production)."""
    kinds = core_event_kinds()
    assert kinds == set(events.VISIBILITY)
    assert kinds == set(wire_games.EVENT_ENCODERS)
    samples = {kind: wire_games.event(events.Numbered(1, one)) for kind, one in sample_events().items()}
    assert set(samples) == kinds, "a sample of every event kind"
    event_types = {encoded["type"] for encoded in samples.values()}
    assert event_types == set(COMPONENTS["GameEvent"]["discriminator"]["mapping"])
    action_kinds = {*ACTIONS, AUTO}
    assert action_kinds == set(wire_games.ACTION_PAYLOADS)
    assert action_kinds == set(COMPONENTS["GameAction"]["discriminator"]["mapping"])
