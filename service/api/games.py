"""Games: ``/v1/games`` (start), ``/act``, ``/view`` and ``/record``. The server keeps nothing.

A front-end starts a game, then sends one action at a time with the state token it was last
given, and renders the view and the events that come back. Each view is thin: the contract
has checked the body, marshmallow turns it into core values, the token is opened
(:mod:`.state_token`) and checked (:func:`~service.core.state_codec.decode_state`), and one
engine function does the rest.

``seat`` picks whose eyes the view, the events and ``legal_actions`` are for: that seat's
hand and its moves when it may act. Without it the answer is for a spectator: no hand, no
legal actions (they would show the hand of the seat to act).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any, cast

from flask import Blueprint, Flask
from flask.blueprints import BlueprintSetupState

from ..core.engine import apply, new_game
from ..core.events import Event, events_for
from ..core.record import record
from ..core.state import MAX_SEED, GameState
from ..core.state_codec import decode_state, encode_state
from ..core.views import check_seat, seen_by
from . import state_token
from .spec import body
from .wire.games import ActSchema, NewGameSchema, RecordSchema, ViewSchema, game_response, seen
from .wire.games import record as encode_record

bp = Blueprint("games", __name__, url_prefix="/v1/games")
new_game_request = NewGameSchema()
act_request = ActSchema()
view_request = ViewSchema()
record_request = RecordSchema()


@bp.record_once
def _install(setup: BlueprintSetupState) -> None:
    app = cast(Flask, setup.app)
    state_token.install(app, app.extensions["cribbage.config"].state_keys)


def _open(token: str) -> GameState:
    return decode_state(state_token.sealer().open(token))


def _answer(state: GameState, happened: Iterable[Event], seat: int | None) -> dict[str, Any]:
    token = state_token.sealer().seal(encode_state(state))
    return game_response(seen_by(state, seat), token, events_for(happened, seat))


@bp.post("")
@body("createGame")
def create(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    request = new_game_request.load(data)
    seed = request.seed if request.seed is not None else secrets.randbelow(MAX_SEED + 1)
    state, happened = new_game(request.rules, seed, request.dealer)
    return _answer(state, happened, request.seat), 201


@bp.post("/act")
@body("actGame")
def act(data: dict[str, Any]) -> dict[str, Any]:
    request = act_request.load(data)
    state = _open(request.state)
    check_seat(state, request.seat)
    assert request.action is not None  # the contract requires it
    state, happened = apply(state, request.action)
    return _answer(state, happened, request.seat)


@bp.post("/view")
@body("viewGame")
def show(data: dict[str, Any]) -> dict[str, Any]:
    request = view_request.load(data)
    return seen(seen_by(_open(request.state), request.seat))


@bp.post("/record")
@body("recordGame")
def game_record(data: dict[str, Any]) -> dict[str, Any]:
    return encode_record(record(_open(record_request.load(data).state)))
