"""Wire shapes of games: the requests, actions, views, events and records.

An action (the contract's discriminated ``GameAction``) carries, besides ``type`` and
``seat``, what :data:`ACTION_PAYLOADS` lists for its kind, which the loader and the encoder
share. A new action kind is one entry there, beside its entry in
``service.core.game.actions.ACTIONS`` and its schema in the contract; a test fails until all
three agree. Events are encoded
one function per kind (:data:`EVENT_ENCODERS`), from the typed events of
``service.core.game.events``, after the core has filtered them for the viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...core.cards import CARD_TEXT, parse_card
from ...core.game import events as ev
from ...core.game.actions import Action
from ...core.game.record import DealRecord, FinishedDeal, GameRecord, RecordedAction
from ...core.game.views import MatchView, SeatView, ViewWithMoves
from ...core.rules import Rules
from ...core.scoring.match import MatchRules
from ...core.vocabulary import Level
from . import encoder, loader, texts
from .common import card_list, card_or_none, cards, items, named_rules, outcome, rules
from .director import load_match_settings, match_state

# --- requests -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewGame:
    rules: Rules
    seed: int | None
    dealer: int | None
    seat: int | None
    computer: tuple[tuple[int, Level], ...]  # (seat, level) for each seat the computer plays
    match: MatchRules | None = None


class GameRequest(NamedTuple):
    """A request about a game in progress: its sealed ``state``, the ``seat`` whose eyes the
    answer is for, and (for ``/act``) the ``action``, (for ``/act`` and ``/view``) ``since_move``."""

    state: str
    seat: int | None
    credential: str | None = None
    action: Action | None = None
    since_move: int | None = None


@loader("ComputerSeat")
def load_computer_seat(data: dict[str, Any]) -> tuple[int, Level]:
    return data["seat"], data["level"]


@loader("NewGameRequest")
def load_new_game(data: dict[str, Any]) -> NewGame:
    match = data.get("match")
    return NewGame(
        named_rules(data),
        data.get("seed"),
        data.get("dealer"),
        data.get("seat"),
        tuple([load_computer_seat(seat) for seat in data["computer"]]),
        None if match is None else load_match_settings(match),
    )


@dataclass(frozen=True, slots=True)
class Payload:
    """One field an action carries besides ``type`` and ``seat``: its name on the wire and on
    :class:`~service.core.game.actions.Action`, and how it is read and written."""

    name: str
    load: Callable[[Any], Any]
    dump: Callable[[Any], Any]


# What each kind of action carries, one entry per kind: the loader (:func:`load_action`) and the
# encoder (:func:`action`) both read it, so a new kind's fields cannot reach one and not the
# other (a test holds this table, the core's ACTIONS and the contract equal).
ACTION_PAYLOADS: dict[str, tuple[Payload, ...]] = {
    "discard": (Payload("cards", card_list, cards),),
    "play": (Payload("card", parse_card, str),),
    "count": (Payload("claimed", int, int),),
    "muggins": (Payload("points", int, int),),
    "accept": (),
    "concede": (),
    "auto": (),
}


@loader("GameAction")
def load_action(data: dict[str, Any]) -> Action:
    kind = data["type"]
    return Action(kind, data["seat"], **{field.name: field.load(data[field.name]) for field in ACTION_PAYLOADS[kind]})


@loader("ActRequest")
def load_act(data: dict[str, Any]) -> GameRequest:
    return GameRequest(
        data["state"], data.get("seat"), data.get("credential"), load_action(data["action"]), data.get("since_move")
    )


@loader("HistoryRequest")
@loader("NextGameRequest")
def load_seated(data: dict[str, Any]) -> GameRequest:
    """The finished or running game, whose eyes, and that seat's credential."""
    return GameRequest(data["state"], data.get("seat"), data.get("credential"))


@loader("ViewGameRequest")
def load_view(data: dict[str, Any]) -> GameRequest:
    """A history's fields, and the events since a move."""
    return GameRequest(data["state"], data.get("seat"), data.get("credential"), since_move=data.get("since_move"))


@loader("RecordGameRequest")
def load_record(data: dict[str, Any]) -> GameRequest:
    return GameRequest(data["state"], None)


# --- actions out ------------------------------------------------------------------------------------


@encoder("GameAction")
def action(value: Action) -> dict[str, Any]:
    """An action in the shape a client sends it back."""
    out: dict[str, Any] = {"type": value.type, "seat": value.seat}
    for field in ACTION_PAYLOADS[value.type]:
        out[field.name] = field.dump(getattr(value, field.name))
    return out


# --- events -------------------------------------------------------------------------------------------


def _seat_cards(pairs: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    return [{"seat": seat, "card": CARD_TEXT[card]} for seat, card in pairs]


def _deal(e: ev.Deal) -> dict[str, Any]:
    return {"type": "deal", "deal": e.deal, "dealer": e.dealer, "hands": [cards(hand) for hand in e.hands]}


def _deal_seen(e: ev.DealSeen) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "deal", "deal": e.deal, "dealer": e.dealer, "cards_each": e.cards_each}
    if e.hand is not None:
        out["hand"] = cards(e.hand)
    return out


def _show(e: ev.Show) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "show", "seat": e.seat, "crib": e.crib, "cards": cards(e.cards)}
    if e.claimed is not None:
        out["claimed"] = e.claimed
    return out


def _counted_show(e: ev.Score) -> bool:
    """A hand or crib the service counted (its reasons), not a claim pegged as made."""
    return e.score_kind in ("hand", "crib") and not (e.items and e.items[0].kind in ("hand", "crib"))


def _score(e: ev.Score) -> dict[str, Any]:
    """A score with what the player says: a play's points, a hand or crib counted (with its
    combinations: the automatic show's reasons), or an award (a claim, a penalty)."""
    combinations = None
    if e.score_kind in ("play", "go", "last_card"):
        spoken = texts.play(e.items, 0)
    elif _counted_show(e):
        spoken, combinations = texts.show_texts(e.items, e.points)
    else:
        spoken = texts.award(e.items[0])
    out: dict[str, Any] = {
        "type": "score",
        "seat": e.seat,
        "side": e.side,
        "kind": e.score_kind,
        "points": e.points,
        "cards": cards(e.cards),
        "items": items(e.items),
        "front": e.front,
        "back": e.back,
        "pegged": e.pegged,
        "spoken": spoken,
    }
    if e.claimed is not None:
        out["claimed"] = e.claimed
    if combinations is not None:
        out["combinations"] = combinations
    return out


def _settled(e: ev.Settled) -> dict[str, Any]:
    spoken, combinations = texts.show_texts(e.items, e.actual)
    return {
        "type": "settled",
        "seat": e.seat,
        "crib": e.crib,
        "claimed": e.claimed,
        "actual": e.actual,
        "items": items(e.items),
        "combinations": combinations,
        "spoken": spoken,
    }


@encoder("GameEnding")
def ending(value: ev.Ending) -> dict[str, Any]:
    return {"deal": value.deal, "move": value.move, "seat": value.seat, "side": value.side, "kind": value.kind}


EVENT_ENCODERS: dict[type[ev.Event], Callable[[Any], dict[str, Any]]] = {
    ev.CutForDeal: lambda e: {"type": "cut_for_deal", "rounds": [_seat_cards(r) for r in e.rounds], "dealer": e.dealer},
    ev.Deal: _deal,
    ev.DealSeen: _deal_seen,
    ev.Discard: lambda e: {"type": "discard", "seat": e.seat, "cards": cards(e.cards)},
    ev.DiscardSeen: lambda e: {"type": "discard", "seat": e.seat, "count": e.count},
    ev.Starter: lambda e: {"type": "starter", "card": CARD_TEXT[e.card]},
    ev.CardPlayed: lambda e: {"type": "play", "seat": e.seat, "card": CARD_TEXT[e.card], "count": e.count},
    ev.Go: lambda e: {"type": "go", "seat": e.seat, "count": e.count},
    ev.CountReset: lambda e: {"type": "count_reset", "leader": e.leader},
    ev.PlayOver: lambda e: {"type": "play_over"},
    ev.Show: _show,
    ev.Score: _score,
    ev.Muggins: lambda e: {"type": "muggins", "seat": e.seat, "against": e.against, "called": e.called},
    ev.Settled: _settled,
    ev.GameOver: lambda e: {
        "type": "game_over",
        "winner": e.winner,
        "draw": e.draw,
        "outcome": outcome(e.outcome),
        "ended_by": ending(e.ending),
    },
}


@encoder("GameEvent")
def event(value: ev.Numbered) -> dict[str, Any]:
    """An event with the move it belongs to."""
    out = EVENT_ENCODERS[type(value.event)](value.event)
    out["move"] = value.move
    return out


def events(values: Iterable[ev.Numbered]) -> list[dict[str, Any]]:
    return [event(value) for value in values]


# --- views, answers, records ------------------------------------------------------------------------


@encoder("GameView")
def view(value: SeatView) -> dict[str, Any]:
    game_rules = value.rules
    claim = value.claim
    counting = value.counting
    return {
        "seat": value.seat,
        "game_id": value.game_id,
        "move": value.move,
        "computer": [{"seat": seat, "level": level} for seat, level in enumerate(value.computer) if level],
        "variant": game_rules.name,
        "players": game_rules.players,
        "partnerships": game_rules.partnerships,
        "target": game_rules.target if game_rules.fixed_deals is None else None,
        "fixed_deals": game_rules.fixed_deals,
        "muggins": game_rules.muggins,
        "deal": value.deal,
        "dealer": value.dealer,
        "phase": value.phase,
        "turn": value.turn,
        "to_act": list(value.to_act),
        "pegs": [{"side": p.side, "seats": list(p.seats), "front": p.front, "back": p.back} for p in value.pegs],
        "hand": None if value.seat is None else cards(value.hand),
        "held": list(value.held),
        "discarded": list(value.discarded),
        "crib_size": value.crib_size,
        "starter": card_or_none(value.starter),
        "count": value.count,
        "pile": _seat_cards(value.pile),
        "played": _seat_cards(value.played),
        "gone": list(value.gone),
        "shown": [{"seat": s.seat, "crib": s.crib, "cards": cards(s.cards)} for s in value.shown],
        "claim": None if claim is None else {"seat": claim.seat, "crib": claim.crib, "claimed": claim.claimed},
        "counting": None
        if counting is None
        else {"seat": counting.seat, "crib": counting.crib, "cards": cards(counting.cards)},
        "winner": value.winner,
        "draw": value.draw,
        "outcome": None if value.outcome is None else outcome(value.outcome),
        "match": None if value.match is None else game_match(value.match),
    }


@encoder("GameMatch")
def game_match(value: MatchView) -> dict[str, Any]:
    return {"game": value.game, **match_state(value.state, value.rules)}


@encoder("GameSeen")
def seen(
    value: ViewWithMoves, happened: Iterable[ev.Numbered] | None = None, *, expired: bool = False
) -> dict[str, Any]:
    """A view and its moves, with the events asked for (``since_move``) when there are some;
    ``expired``: the token is past its time to live, so no move is accepted (and none listed)."""
    moves = () if expired else value.legal_actions
    out = {"view": view(value.view), "legal_actions": [action(a) for a in moves], "expired": expired}
    if happened is not None:
        out["events"] = events(happened)
    return out


@encoder("SeatCredentials")
def credentials(table: str | None, seats: Iterable[tuple[int, str]]) -> dict[str, Any]:
    """The credentials handed out: ``table`` is left out when a seat's player (not the table's
    device) started a match's next game."""
    out: dict[str, Any] = {"seats": [{"seat": seat, "credential": credential} for seat, credential in seats]}
    if table is not None:
        out["table"] = table
    return out


@encoder("GameResponse")
def game_response(
    value: ViewWithMoves, token: str, happened: Iterable[ev.Numbered], *, expired: bool = False
) -> dict[str, Any]:
    """A move's answer: the view and moves for the viewer, the new token, and the events as the
    viewer may see them (already filtered by the core); ``expired``: the new token is sealed as
    old as an expired one (an expired game's concession, its match's next game), so, as in
    :func:`seen`, no move is listed."""
    return {
        "view": view(value.view),
        "legal_actions": [] if expired else [action(a) for a in value.legal_actions],
        "state": token,
        "events": events(happened),
        "expired": expired,
    }


@encoder("GameStarted")
def game_started(
    value: ViewWithMoves,
    token: str,
    happened: Iterable[ev.Numbered],
    issued: dict[str, Any],
    *,
    expired: bool = False,
) -> dict[str, Any]:
    """A new game's answer: a move's, with the seat credentials it hands out (``issued``)."""
    return {**game_response(value, token, happened, expired=expired), "credentials": issued}


@encoder("RecordedAction")
def recorded_action(value: RecordedAction) -> dict[str, Any]:
    return {"move": value.move, "action": action(value.action), "computer": value.by_computer}


@encoder("DealRecord")
def deal_record(value: DealRecord) -> dict[str, Any]:
    return {
        "deal": value.deal,
        "dealer": value.dealer,
        "hands": [cards(hand) for hand in value.hands],
        "kept": [cards(hand) for hand in value.kept],
        "from_pack": cards(value.from_pack),
        "crib": cards(value.crib),
        "starter": card_or_none(value.starter),
        "actions": [recorded_action(a) for a in value.actions],
        "events": events(value.events),
    }


@encoder("FinishedDeal")
def finished_deal(value: FinishedDeal) -> dict[str, Any]:
    return {
        "deal": value.deal,
        "dealer": value.dealer,
        "hand": None if value.hand is None else cards(value.hand),
        "events": events(value.events),
    }


@encoder("GameHistory")
def history(deals: Iterable[FinishedDeal], *, expired: bool = False) -> dict[str, Any]:
    return {"deals": [finished_deal(deal) for deal in deals], "expired": expired}


@encoder("GameRecord")
def record(value: GameRecord) -> dict[str, Any]:
    return {
        "variant": value.rules.name,
        "rules": rules(value.rules),
        "game_id": value.game_id,
        "first_dealer": value.first_dealer,
        "computer": [{"seat": seat, "level": level} for seat, level in enumerate(value.computer) if level],
        "cut_for_deal": None if value.cut_for_deal is None else event(ev.Numbered(0, value.cut_for_deal)),
        "deals": [deal_record(entry) for entry in value.deals],
        "actions": value.actions,
        "ended_by": ending(value.ended_by),
        "outcome": outcome(value.outcome),
    }
