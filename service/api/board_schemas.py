"""marshmallow conversion for the scoreboard and tournament requests (issue 5).

Bodies reach these schemas only after ``openapi.yaml`` has accepted them, so the work here
is turning dicts into core values: a client-held board into a checked
:class:`~service.core.boards.Board`, a deal into its one-number or itemised form, and the
rule shortcuts (``target``, ``scheme``, ``tiebreakers``) into ``Rules``.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load

from ..core.boards import Board, DealItems, DealTotals, board_from_dict
from ..core.errors import InvalidRules
from ..core.rules import Rules, resolve
from ..core.tournament import GameResult

# The preset a request means when it names none, by its number of sides.
VARIANT_BY_SIDES = {2: "six_card", 3: "three_player", 4: "four_player_individual"}
# Top-level shortcuts and the option each stands for.
SHORTCUTS = {"target": "target", "scheme": "game_point_scheme", "tiebreakers": "tiebreakers",
             "fixed_deals": "fixed_deals"}


def merged_options(data: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the shortcuts folded in; a shortcut that contradicts its option is a 422."""
    options = dict(data.get("options") or {})
    for shortcut, option in SHORTCUTS.items():
        if data.get(shortcut) is None:
            continue
        if option in options and options[option] != data[shortcut]:
            raise InvalidRules(f"{shortcut} and options.{option} disagree", pointer=f"/{shortcut}")
        options[option] = data[shortcut]
    return options


def request_rules(data: dict[str, Any], variant: str) -> tuple[Rules, dict[str, Any]]:
    """The rules a request names (``variant`` when it gives none) and the options used."""
    options = merged_options(data)
    return resolve(data.get("variant") or variant, options), options


class BoardField(fields.Field):
    """A client-held board, checked whole by the core."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Board:
        return board_from_dict(value)


class DealField(fields.Field):
    """One number per side, or the itemised counting order."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> DealTotals | DealItems:
        if "scores" in value:
            return DealTotals(tuple(int(v) for v in value["scores"]))
        return DealItems(
            heels=int(value.get("heels", 0)),
            pegging=tuple(int(v) for v in value["pegging"]),
            hands=tuple(int(v) for v in value["hands"]),
            crib=int(value["crib"]),
        )


class CreateBoardSchema(Schema):
    variant = fields.String(load_default=None)
    players = fields.Integer(load_default=None)
    partnerships = fields.Boolean(load_default=None)
    dealer = fields.Integer(required=True)
    target = fields.Integer(load_default=None)
    fixed_deals = fields.Integer(load_default=None)
    scheme = fields.String(load_default=None)
    options = fields.Dict(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        players, partnerships = data["players"], data["partnerships"]
        variant = data["variant"]
        if variant is None:
            players = players or 2
            if partnerships and players != 4:
                raise InvalidRules("partnerships need four players", pointer="/partnerships")
            variant = "four_player" if players == 4 and partnerships is not False else VARIANT_BY_SIDES[players]
        rules, options = request_rules(data, variant)
        if players is not None and players != rules.players:
            raise InvalidRules(f"the {rules.name} variant has {rules.players} players", pointer="/players")
        if partnerships is not None and partnerships != rules.partnerships:
            raise InvalidRules(f"the {rules.name} variant {'has' if rules.partnerships else 'has no'} partnerships",
                               pointer="/partnerships")
        return {"rules": rules, "dealer": data["dealer"]}


class PegSchema(Schema):
    board = BoardField(required=True)
    side = fields.Integer(required=True)
    points = fields.Integer(required=True)
    kind = fields.String(load_default="other")


class DealSchema(Schema):
    board = BoardField(required=True)
    deal = DealField(required=True)


class OutcomeSchema(Schema):
    scores = fields.List(fields.Integer(), required=True)
    variant = fields.String(load_default=None)
    target = fields.Integer(load_default=None)
    scheme = fields.String(load_default=None)
    options = fields.Dict(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        rules, _ = request_rules(data, VARIANT_BY_SIDES[len(data["scores"])])
        return {"scores": tuple(data["scores"]), "rules": rules}


class GameSchema(Schema):
    players = fields.List(fields.String(), required=True)
    scores = fields.List(fields.Integer(), required=True)

    @post_load
    def to_game(self, data: dict[str, Any], **kwargs: Any) -> GameResult:
        return GameResult(tuple(data["players"]), tuple(data["scores"]))


class StandingsSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
    variant = fields.String(load_default=None)
    target = fields.Integer(load_default=None)
    scheme = fields.String(load_default=None)
    tiebreakers = fields.List(fields.String(), load_default=None)
    options = fields.Dict(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        sides = len(data["games"][0].players)
        rules, _ = request_rules(data, VARIANT_BY_SIDES[sides])
        return {"games": data["games"], "rules": rules}


class BracketSchema(Schema):
    entrants = fields.Integer(load_default=None)
    players = fields.List(fields.String(), load_default=None)
    qualifiers = fields.Integer(load_default=None)
    one_in = fields.Integer(load_default=4)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        players = data["players"]
        entrants = data["entrants"] if data["entrants"] is not None else len(players)
        return {"entrants": entrants, "qualifiers": data["qualifiers"], "one_in": data["one_in"],
                "players": None if players is None else tuple(players)}


create_board_schema = CreateBoardSchema()
peg_schema = PegSchema()
deal_schema = DealSchema()
outcome_schema = OutcomeSchema()
standings_schema = StandingsSchema()
bracket_schema = BracketSchema()
