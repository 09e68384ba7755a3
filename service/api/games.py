"""Games: ``/v1/games`` (start), ``/act``, ``/view``, ``/history``, ``/record`` and
``/next-game`` (a match's next game). The server keeps nothing.

A front-end starts a game, then sends one action at a time with the state token it was last
given, and renders the view and the events that come back. Each view is thin: the contract
has checked the body and its wire loader has turned it into core values (:mod:`.loading`),
:func:`open_seated` opens the token (:mod:`.state_token`, with the game's secret beside the
state), checks it (:func:`~service.core.game.codec.decode_state`) and the seat's credential,
and one engine function does the rest.

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
from ..core.game.events import Numbered, numbered_for
from ..core.game.record import events_since, history, record
from ..core.game.state import GameState
from ..core.game.views import check_seat, view_with_moves
from ..core.refusals import said
from ..core.vocabulary import Level
from . import seats, state_token
from .language import speaks
from .loading import body
from .serving import extension
from .wire.games import GameRequest, NewGame, credentials, game_response, game_started, seen
from .wire.games import history as encode_history
from .wire.games import record as encode_record

bp = Blueprint("games", __name__, url_prefix="/v1/games")


@bp.record_once
def _install(setup: BlueprintSetupState) -> None:
    app = cast(Flask, setup.app)
    state_token.install(app, app.extensions["cribbage.config"].state_keys)


def read_game(token: str) -> tuple[GameState, seats.GameSecret, bool]:
    """The game in a state token, its secret (:mod:`.seats`), and whether the token is past
    ``CRIBBAGE_STATE_TTL``: the reads that show a game (its view, its history, the record and
    review of a finished game) take an expired token and seal no new one; the only moves that do
    are those that play nothing on from the old position: a concession whose result no position
    changes (:func:`concedes_when_expired`) and a finished game's next game in its match
    (docs/client-guide.md, "An expired game")."""
    ttl = extension("cribbage.config").state_ttl
    data, expired = state_token.sealer().open_aged(token, ttl)
    state = decode_state(data, sealed=True)
    return state, seats.GameSecret.of(data), expired


def open_game(token: str) -> tuple[GameState, seats.GameSecret]:
    """The game in a state token that is not past its time to live, and its secret."""
    state, secret, expired = read_game(token)
    if expired:
        raise state_token.expired_token(extension("cribbage.config").state_ttl)
    return state, secret


def read_seated(
    token: str, seat: int | None, credential: str | None, acting: int | None = None
) -> tuple[GameState, seats.GameSecret, bool]:
    """:func:`read_game`, once ``seat`` is one of its seats and ``credential`` is good for it
    (and for the seat ``acting``, whose move it is); ``seat`` ``None`` is a spectator."""
    state, secret, expired = read_game(token)
    check_seat(state, seat)
    seats.authorize(state, secret, (seat, acting), credential)
    return state, secret, expired


def open_seated(
    token: str, seat: int | None, credential: str | None, acting: int | None = None
) -> tuple[GameState, seats.GameSecret]:
    """The game in ``token`` and its secret, as :func:`read_seated` checks them, refused once
    the token is past its time to live (to play on, ask for hints, start a match's next game)."""
    state, secret, expired = read_seated(token, seat, credential, acting)
    if expired:
        raise state_token.expired_token(extension("cribbage.config").state_ttl)
    return state, secret


def concedes_when_expired(state: GameState) -> bool:
    """Whether a token past its time to live may still concede ``state``: when two sides play a
    game to a target (every game of a match), the other side wins and the conceder loses by what
    its own pegs show (docs/rules.md 8.4); pegs only rise, so an older position never costs the
    conceder less, and the match it is part of can go on (``/next-game`` takes a finished game's
    expired token). In a game of three the pegs rank the two left, so an old position could
    choose the winner; in a fixed-deals game the margin is on both totals: not those."""
    return state.rules.sides == 2 and state.rules.fixed_deals is None


def _answer(
    state: GameState,
    secret: seats.GameSecret,
    happened: Iterable[Numbered],
    seat: int | None,
    issued: dict[str, Any] | None = None,
    missed: Iterable[Numbered] = (),
    expired_token: str | None = None,
) -> dict[str, Any]:
    """The answer of a move or a new game; ``expired_token``: the expired token it was made from,
    whose age the new one keeps (an expired game's concession, and its match's next game, are
    expired in turn: they show and settle, never play on)."""
    data = secret.seal_into(encode_state(state))
    sealer = state_token.sealer()
    token = sealer.seal(data) if expired_token is None else sealer.seal_as_old(data, expired_token)
    seen_now, shown = view_with_moves(state, seat), [*missed, *numbered_for(happened, seat)]
    expired = expired_token is not None
    if issued is None:
        return game_response(seen_now, token, shown, expired=expired)
    return game_started(seen_now, token, shown, issued, expired=expired)


@bp.post("")
@speaks
@body("createGame")
def create(request: NewGame) -> tuple[dict[str, Any], int]:
    if request.seed is not None and not extension("cribbage.config").client_seeds:
        raise IllegalAction(said("client_seed_off"), pointer="/seed")
    levels: list[Level | None] = [None] * request.rules.players
    for index, (seat, level) in enumerate(request.computer):
        if not 0 <= seat < len(levels):
            raise IllegalAction(said("no_such_seat", seat=seat, players=len(levels)), pointer=f"/computer/{index}/seat")
        if levels[seat] is not None:
            raise IllegalAction(said("seat_twice", seat=seat), pointer=f"/computer/{index}/seat")
        levels[seat] = level
    if request.seat is not None and 0 <= request.seat < len(levels) and levels[request.seat] is not None:
        raise IllegalAction(said("seat_is_computers", seat=request.seat), pointer="/seat")
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
def act(request: GameRequest) -> dict[str, Any]:
    action = request.action
    assert action is not None  # the contract requires it
    state, secret, expired = read_seated(request.state, request.seat, request.credential, action.seat)
    if expired and not (action.type == "concede" and concedes_when_expired(state)):
        raise state_token.expired_token(extension("cribbage.config").state_ttl)
    since = request.since_move
    missed = () if since is None else events_since(state, request.seat, since)  # what the seat has not shown yet
    state, happened = apply(state, action)
    return _answer(
        state, secret, happened, request.seat, missed=missed, expired_token=request.state if expired else None
    )


@bp.post("/view")
@speaks
@body("viewGame")
def show(request: GameRequest) -> dict[str, Any]:
    state, _, expired = read_seated(request.state, request.seat, request.credential)
    since = None if request.since_move is None else events_since(state, request.seat, request.since_move)
    return seen(view_with_moves(state, request.seat), since, expired=expired)


@bp.post("/history")
@speaks
@body("gameHistory")
def game_history(request: GameRequest) -> dict[str, Any]:
    state, _, expired = read_seated(request.state, request.seat, request.credential)
    return encode_history(history(state, request.seat), expired=expired)


@bp.post("/next-game")
@speaks
@body("nextGame")
def match_next_game(request: GameRequest) -> tuple[dict[str, Any], int]:
    """The next game of a finished game's match. Every caller with the same finished game gets
    the same next game (:mod:`.seats`); the credentials handed out are those the caller's
    credential was good for: the table's brings the new table's and every seat's, a seat's that
    seat's, none (a spectator) none."""
    finished, finished_secret, expired = read_seated(request.state, request.seat, request.credential)
    if expired and not finished.over:  # a finished game plays nothing on: its next game is the same for all
        raise state_token.expired_token(extension("cribbage.config").state_ttl)
    game_id, seed, secret = finished_secret.next_game(finished)
    state, happened = next_game(finished, seed, game_id)
    if finished_secret.is_table(finished.game_id, request.credential):
        issued = _every_credential(state, secret)
    else:  # a seat's own new credential; a spectator's, none
        mine = () if request.seat is None else ((request.seat, secret.credential(state.game_id, request.seat)),)
        issued = credentials(None, mine)
    old = request.state if expired else None
    return _answer(state, secret, happened, request.seat, issued, expired_token=old), 201


@bp.post("/record")
@speaks
@body("recordGame")
def game_record(request: GameRequest) -> dict[str, Any]:
    return encode_record(record(read_game(request.state)[0]))  # a finished game's, even once expired
