"""Games: ``/v1/games`` (start), ``/act``, ``/view`` and ``/record``. The server keeps nothing.

A front-end starts a game, then sends one action at a time with the state token it was last
given, and renders the view and the events that come back. Each view is thin: the contract
has checked the body, marshmallow turns it into core values, the token is opened
(:mod:`.state_token`) and checked (:func:`~service.core.game_state.from_dict`), and one
engine function does the rest.

``seat`` picks whose eyes the view, the events and ``legal_actions`` are for: that seat's
hand and its moves when it may act. Without it the answer is for a spectator: no hand, no
legal actions (they would show the hand of the seat to act).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint
from flask.blueprints import BlueprintSetupState
from marshmallow import Schema, fields, post_load

from ..core.engine import apply, check_seat, events_for, new_game, record, seen_by
from ..core.game_state import Action, GameState, from_dict, to_dict
from . import state_token
from .schemas import CardField, WithRules
from .spec import body

bp = Blueprint("games", __name__, url_prefix="/v1/games")


@bp.record_once
def _install(setup: BlueprintSetupState) -> None:
    config = setup.app.extensions["cribbage.config"]
    state_token.install(setup.app, config.state_keys)


class NewGameSchema(WithRules):
    seed = fields.Integer(load_default=None)
    dealer = fields.Integer(load_default=None, allow_none=True)
    seat = fields.Integer(load_default=None, allow_none=True)


class ActionSchema(Schema):
    type = fields.String(required=True)
    seat = fields.Integer(required=True)
    cards = fields.List(CardField(), load_default=list)
    card = CardField(load_default=None)
    claimed = fields.Integer(load_default=None)
    points = fields.Integer(load_default=None)

    @post_load
    def to_action(self, data: dict[str, Any], **kwargs: Any) -> Action:
        return Action(data["type"], data["seat"], cards=tuple(data["cards"]), card=data["card"],
                      claimed=data["claimed"], points=data["points"])


class ActSchema(Schema):
    state = fields.String(required=True)
    action = fields.Nested(ActionSchema, required=True)
    seat = fields.Integer(load_default=None, allow_none=True)


class ViewSchema(Schema):
    state = fields.String(required=True)
    seat = fields.Integer(load_default=None, allow_none=True)


new_game_schema = NewGameSchema()
act_schema = ActSchema()
view_schema = ViewSchema()


def _open(token: str) -> GameState:
    return from_dict(state_token.sealer().open(token))


def _answer(state: GameState, events: list[dict[str, Any]], seat: int | None) -> dict[str, Any]:
    return {
        **seen_by(state, seat),
        "state": state_token.sealer().seal(to_dict(state)),
        "events": events_for(events, seat),
    }


@bp.post("")
@body("createGame")
def create(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    request = new_game_schema.load(data)
    seed = request["seed"] if request["seed"] is not None else secrets.randbits(63)
    state, events = new_game(request["rules"], seed, request["dealer"])
    return _answer(state, events, request["seat"]), 201


@bp.post("/act")
@body("actGame")
def act(data: dict[str, Any]) -> dict[str, Any]:
    request = act_schema.load(data)
    state = _open(request["state"])
    check_seat(state, request["seat"])
    state, events = apply(state, request["action"])
    return _answer(state, events, request["seat"])


@bp.post("/view")
@body("viewGame")
def show(data: dict[str, Any]) -> dict[str, Any]:
    request = view_schema.load(data)
    return seen_by(_open(request["state"]), request["seat"])


@bp.post("/record")
@body("recordGame")
def game_record(data: dict[str, Any]) -> dict[str, Any]:
    return record(_open(view_schema.load(data)["state"]))
