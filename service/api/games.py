"""Games: ``/v1/games`` (start), ``/act``, ``/view``, ``/history``, ``/record`` and
``/next-game`` (a match's next game). The server keeps nothing.

A front-end starts a game, then sends one action at a time with the state token it was last
given, and renders the view and the events that come back. Each view is thin: the contract
has checked the body, marshmallow turns it into core values, the token is opened
(:mod:`.state_token`, with the game's secret beside the state) and checked (:func:`~service.core.state_codec.decode_state`), and one
engine function does the rest.

``seat`` picks whose eyes the view, the events and ``legal_actions`` are for: that seat's
hand and its moves when it may act, with that seat's ``credential`` (:mod:`.seats`; the
answer that starts a game hands them out). Without it the answer is for a spectator: no hand,
no legal actions (they would show the hand of the seat to act). Acting for a seat needs its
credential too; the seats the computer plays are played by the server, after every move.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from flask import Blueprint, Flask
from flask.blueprints import BlueprintSetupState

from ..core.computer.play import apply, new_game, next_game
from ..core.errors import IllegalAction
from ..core.game.codec import decode_state, encode_state
from ..core.game.events import Event, events_for
from ..core.game.record import events_since, history, record
from ..core.game.state import GameState
from ..core.game.views import check_seat, seen_by
from . import seats, state_token
from .language import speaks
from .serving import extension
from .spec import body
from .wire.games import (
    HistorySchema,
    NewGameSchema,
    NextGameSchema,
    RecordSchema,
    ViewSchema,
    credentials,
    game_response,
    load_act,
    seen,
)
from .wire.games import history as encode_history
from .wire.games import record as encode_record

bp = Blueprint("games", __name__, url_prefix="/v1/games")
new_game_request = NewGameSchema()
view_request = ViewSchema()
record_request = RecordSchema()
history_request = HistorySchema()
next_game_request = NextGameSchema()


@bp.record_once
def _install(setup: BlueprintSetupState) -> None:
    app = cast(Flask, setup.app)
    state_token.install(app, app.extensions["cribbage.config"].state_keys)


def open_game(token: str) -> tuple[GameState, seats.GameSecret]:
    """The game in a state token, and its secret (:mod:`.seats`)."""
    ttl = extension("cribbage.config").state_ttl
    data = state_token.sealer().open(token, ttl)
    state = decode_state(data, sealed=True)
    return state, seats.GameSecret.of(data)


def _answer(
    state: GameState,
    secret: seats.GameSecret,
    happened: Iterable[Event],
    seat: int | None,
    issued: dict[str, Any] | None = None,
) -> dict[str, Any]:
    token = state_token.sealer().seal(secret.seal_into(encode_state(state)))
    return game_response(seen_by(state, seat), token, events_for(happened, seat), issued)


@bp.post("")
@speaks
@body("createGame")
def create(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    request = new_game_request.load(data)
    if request.seed is not None and not extension("cribbage.config").client_seeds:
        raise IllegalAction(
            "this server deals every game from a secret seed of its own: a client's seed is refused "
            "here (CRIBBAGE_CLIENT_SEEDS is off)",
            pointer="/seed",
        )
    levels: list[str | None] = [None] * request.rules.players
    for index, (seat, level) in enumerate(request.computer):
        if not 0 <= seat < len(levels):
            raise IllegalAction(
                f"seat {seat} does not exist with {len(levels)} players", pointer=f"/computer/{index}/seat"
            )
        if levels[seat] is not None:
            raise IllegalAction(f"seat {seat} is listed twice", pointer=f"/computer/{index}/seat")
        levels[seat] = level
    if request.seat is not None and 0 <= request.seat < len(levels) and levels[request.seat] is not None:
        raise IllegalAction(
            f"seat {request.seat} is the computer's: its cards are shown to no one; ask for a "
            "seat a person plays, or none (a spectator)",
            pointer="/seat",
        )
    game_id = seats.new_game_id()
    state, happened = new_game(
        request.rules,
        seats.chance_seed(request.seed),
        request.dealer,
        game_id=game_id,
        computer=levels if request.computer else (),
        match=request.match,
    )
    check_seat(state, request.seat)
    secret = seats.GameSecret.fresh()
    return _answer(state, secret, happened, request.seat, _every_credential(state, secret)), 201


def _every_credential(state: GameState, secret: seats.GameSecret) -> dict[str, Any]:
    """The table credential of a new game and every person's seat's."""
    game_id = state.game_id
    return credentials(
        secret.credential(game_id, None),
        [
            (seat, secret.credential(game_id, seat))
            for seat in range(state.rules.players)
            if not state.plays_itself(seat)
        ],
    )


@bp.post("/act")
@speaks
@body("actGame")
def act(data: dict[str, Any]) -> dict[str, Any]:
    request = load_act(data)
    state, secret = open_game(request.state)
    check_seat(state, request.seat)
    action = request.action
    assert action is not None  # the contract requires it
    seats.authorize(state, secret, (request.seat, action.seat), request.credential)
    state, happened = apply(state, action)
    return _answer(state, secret, happened, request.seat)


@bp.post("/view")
@speaks
@body("viewGame")
def show(data: dict[str, Any]) -> dict[str, Any]:
    request = view_request.load(data)
    state, secret = open_game(request.state)
    check_seat(state, request.seat)
    seats.authorize(state, secret, (request.seat,), request.credential)
    since = None if request.since_move is None else events_since(state, request.seat, request.since_move)
    return seen(seen_by(state, request.seat), since)


@bp.post("/history")
@speaks
@body("gameHistory")
def game_history(data: dict[str, Any]) -> dict[str, Any]:
    request = history_request.load(data)
    state, secret = open_game(request.state)
    check_seat(state, request.seat)
    seats.authorize(state, secret, (request.seat,), request.credential)
    return encode_history(history(state, request.seat))


@bp.post("/next-game")
@speaks
@body("nextGame")
def match_next_game(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The next game of a finished game's match. Every caller with the same finished game gets
    the same next game (:mod:`.seats`); the credentials handed out are those the caller's
    credential was good for: the table's brings the new table's and every seat's, a seat's that
    seat's, none (a spectator) none."""
    request = next_game_request.load(data)
    finished, finished_secret = open_game(request.state)
    check_seat(finished, request.seat)
    seats.authorize(finished, finished_secret, (request.seat,), request.credential)
    game_id, seed, secret = finished_secret.next_game(finished)
    state, happened = next_game(finished, seed, game_id)
    if finished_secret.is_table(finished.game_id, request.credential):
        issued: dict[str, Any] | None = _every_credential(state, secret)
    elif request.seat is not None:
        issued = credentials(None, [(request.seat, secret.credential(state.game_id, request.seat))])
    else:
        issued = None
    return _answer(state, secret, happened, request.seat, issued), 201


@bp.post("/record")
@speaks
@body("recordGame")
def game_record(data: dict[str, Any]) -> dict[str, Any]:
    return encode_record(record(open_game(record_request.load(data).state)[0]))
