"""Wire shapes of scoreboards: the client-held ``Board``, its requests and updates.

A board travels as plain JSON and comes back whole with every request. Loading one
(:func:`load_board`) resolves its rules, checks each member that only restates them
(``players``, ``sides``, ``target`` ... and the ``outcome``) against what the rules and the
pegs say, and leaves the cribbage checks to :func:`~service.core.boards.check_board`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, post_load

from ...core.boards.board import Board, BoardUpdate, DealItems, DealTotals, Move, Pegs, check_board
from ...core.errors import CribbageError, InvalidBoard
from ...core.rules import Rules, merge_shortcuts, resolve, rules_for_table
from ...core.vocabulary import PegKind
from . import encoder, request_schema
from .common import OptionsField, options, outcome

# The members of a board that restate its rules or follow from the pegs: checked, never trusted.
_RESTATED = ("players", "partnerships", "sides", "target", "fixed_deals")


@encoder("Board")
def board(value: Board) -> dict[str, Any]:
    result = value.outcome
    game_rules = value.rules
    return {
        "variant": game_rules.name,
        "options": options(game_rules),
        "players": game_rules.players,
        "partnerships": game_rules.partnerships,
        "sides": game_rules.sides,
        "target": value.target,
        "fixed_deals": game_rules.fixed_deals,
        "first_dealer": value.first_dealer,
        "dealer": value.dealer,
        "deal": value.deal,
        "stage": value.stage,
        "shown": value.shown,
        "pegs": [{"front": p.front, "back": p.back} for p in value.pegs],
        "over": value.over,
        "winner": value.winner,
        "outcome": None if result is None else outcome(result),
    }


@encoder("BoardMove")
def move(value: Move) -> dict[str, Any]:
    return {
        "side": value.side,
        "kind": value.kind,
        "points": value.points,
        "seat": value.seat,
        "front": value.front,
        "back": value.back,
    }


@encoder("BoardUpdate")
def update(value: BoardUpdate) -> dict[str, Any]:
    return {"board": board(value.board), "moves": [move(m) for m in value.moves]}


def load_board(data: dict[str, Any], pointer: str = "/board") -> Board:
    """A contract-valid board back from the client, checked whole (an :class:`InvalidBoard`
    names the first member that disagrees)."""
    try:
        game_rules = resolve(data["variant"], data.get("options") or {})
    except CribbageError as error:
        raise error.under(pointer, otherwise="/options") from None
    for name in _RESTATED:
        expected = {
            "players": game_rules.players,
            "partnerships": game_rules.partnerships,
            "sides": game_rules.sides,
            "fixed_deals": game_rules.fixed_deals,
            "target": None if game_rules.fixed_deals is not None else game_rules.target,
        }[name]
        if data[name] != expected:
            raise InvalidBoard(
                f"{name} is {data[name]!r} but the board's rules say {expected!r}", pointer=f"{pointer}/{name}"
            )
    checked = check_board(
        game_rules,
        int(data["first_dealer"]),
        data["dealer"],
        int(data["deal"]),
        data["stage"],
        int(data["shown"]),
        tuple(Pegs(int(p["front"]), int(p["back"])) for p in data["pegs"]),
        data["over"] is True,
        data["winner"],
        pointer,
    )
    stated = data["outcome"]
    if stated != (None if checked.outcome is None else outcome(checked.outcome)):
        raise InvalidBoard("the outcome does not follow from the pegs", pointer=f"{pointer}/outcome")
    return checked


class BoardField(fields.Field[Board]):
    """A client-held board, checked whole."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Board:
        return load_board(value)


class DealField(fields.Field[DealTotals | DealItems]):
    """One number per side (``DealTotals``), or the itemised counting order (``DealItems``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> DealTotals | DealItems:
        if "scores" in value:
            return DealTotals(tuple(int(v) for v in value["scores"]))
        return DealItems(
            heels=int(value.get("heels", 0)),
            pegging=tuple(int(v) for v in value["pegging"]),
            hands=tuple(int(v) for v in value["hands"]),
            crib=int(value["crib"]),
        )


@dataclass(frozen=True, slots=True)
class NewBoard:
    rules: Rules
    dealer: int


@dataclass(frozen=True, slots=True)
class PegRequest:
    board: Board
    side: int
    points: int
    kind: PegKind


@dataclass(frozen=True, slots=True)
class DealRequest:
    board: Board
    deal: DealTotals | DealItems


@request_schema("CreateBoardRequest")
class CreateBoardSchema(Schema):
    variant = fields.String(load_default=None)
    players = fields.Integer(load_default=None)
    partnerships = fields.Boolean(load_default=None)
    dealer = fields.Integer(required=True)
    target = fields.Integer(load_default=None)
    fixed_deals = fields.Integer(load_default=None)
    scheme = fields.String(load_default=None)
    options = OptionsField(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> NewBoard:
        shortcuts = {"target": data["target"], "fixed_deals": data["fixed_deals"], "scheme": data["scheme"]}
        merged = merge_shortcuts(data["options"], shortcuts)
        return NewBoard(rules_for_table(data["players"], data["variant"], merged, data["partnerships"]), data["dealer"])


@request_schema("PegRequest")
class PegSchema(Schema):
    board = BoardField(required=True)
    side = fields.Integer(required=True)
    points = fields.Integer(required=True)
    kind = fields.String(load_default="other")

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> PegRequest:
        return PegRequest(data["board"], data["side"], data["points"], data["kind"])


@request_schema("DealRequest")
class DealSchema(Schema):
    board = BoardField(required=True)
    deal = DealField(required=True)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> DealRequest:
        return DealRequest(data["board"], data["deal"])
