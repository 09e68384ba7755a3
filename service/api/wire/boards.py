"""Wire shapes of scoreboards: the client-held ``Board``, its requests and updates.

A board travels as plain JSON and comes back whole with every request. Loading one
(:func:`load_board`) resolves its rules, checks each member that only restates them
(``players``, ``sides``, ``target`` ... and the ``outcome``) against what the rules and the
pegs say, and leaves the cribbage checks to :func:`~service.core.boards.check_board`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.boards.board import Board, BoardUpdate, DealItems, DealTotals, Move, Pegs
from ...core.boards.checks import check_board
from ...core.errors import CribbageError, InvalidBoard
from ...core.refusals import said
from ...core.rules import Rules, resolve, rules_for_table
from ...core.vocabulary import PegKind
from . import encoder, loader
from .common import at_shortcut, merge_shortcuts, options, outcome

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
        game_rules = resolve(data["variant"], data.get("options"))
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
                said("board_rules_differ", name=name, value=data[name], expected=expected), pointer=f"{pointer}/{name}"
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
        raise InvalidBoard(said("outcome_not_pegs"), pointer=f"{pointer}/outcome")
    return checked


@loader("DealTotals")
def load_deal_totals(value: dict[str, Any]) -> DealTotals:
    """One number per side."""
    return DealTotals(tuple(value["scores"]))


@loader("DealItems")
def load_deal_items(value: dict[str, Any]) -> DealItems:
    """The itemised counting order."""
    return DealItems(
        heels=value["heels"], pegging=tuple(value["pegging"]), hands=tuple(value["hands"]), crib=value["crib"]
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


@loader("CreateBoardRequest")
def load_create(data: dict[str, Any]) -> NewBoard:
    shortcuts = {name: data.get(name) for name in ("target", "fixed_deals", "scheme")}
    merged = merge_shortcuts(data.get("options"), shortcuts)
    try:
        rules = rules_for_table(data.get("players"), data.get("variant"), merged, data.get("partnerships"))
    except CribbageError as error:
        raise at_shortcut(error, data.get("options"), shortcuts) from None
    return NewBoard(rules, data["dealer"])


@loader("PegRequest")
def load_peg(data: dict[str, Any]) -> PegRequest:
    return PegRequest(load_board(data["board"]), data["side"], data["points"], data["kind"])


@loader("DealRequest")
def load_deal(data: dict[str, Any]) -> DealRequest:
    deal = data["deal"]
    return DealRequest(load_board(data["board"]), load_deal_totals(deal) if "scores" in deal else load_deal_items(deal))
