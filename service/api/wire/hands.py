"""Wire shapes of hand scoring: ``HandRequest`` in, ``HandScore`` (with its ``ClaimCheck``) out.

The hand is the hottest path of the service, so its request has a hand-written loader,
:func:`load_hand`, beside the marshmallow schema that defines it (a test holds the two equal
on every example): the schema's ``load`` cost a fifth of a scoring request in-process, the
largest single part of what the request spends beyond ``/healthz``; the contract has
already checked every field, so what is left is turning card strings into cards.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from marshmallow import Schema, fields, post_load

from ...core.cards import CARD_TEXT, Card, parse_card
from ...core.rules import Rules, resolve
from ...core.scoring.claims import ClaimCheck
from ...core.scoring.show import ShowScore
from . import encoder, request_schema, texts
from .common import CardField, WithRules, cards


class HandRequest(NamedTuple):
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    claimed: int | None
    muggins: bool
    rules: Rules


@request_schema("HandRequest")
class HandRequestSchema(WithRules):
    hand = fields.List(CardField(), required=True)
    starter = CardField(required=True)
    crib = fields.Boolean(load_default=False)
    claimed = fields.Integer(load_default=None)
    muggins = fields.Boolean(load_default=None)

    @post_load
    def to_request(self, data: dict[str, Any], **kwargs: Any) -> HandRequest:
        rules = data["rules"]
        muggins = rules.muggins if data["muggins"] is None else data["muggins"]
        return HandRequest(tuple(data["hand"]), data["starter"], data["crib"], data["claimed"], muggins, rules)


def load_hand(data: dict[str, Any]) -> HandRequest:
    """A contract-valid ``HandRequest`` as :class:`HandRequestSchema` loads it, by hand (see
    the module docstring for why)."""
    claimed = data.get("claimed")
    rules = resolve(data.get("variant", "six_card"), data.get("options"))
    return HandRequest(
        tuple(parse_card(text) for text in data["hand"]),
        parse_card(data["starter"]),
        data.get("crib", False),
        None if claimed is None else int(claimed),  # 12.0 is a JSON integer
        data.get("muggins", rules.muggins),  # the top-level flag, else the rules' option
        rules,
    )


@request_schema("HandBatchRequest")
class HandBatchSchema(Schema):
    """The entries stay raw: each is checked against ``HandRequest`` and loaded on its own."""

    hands = fields.List(fields.Raw(allow_none=True), required=True)


@encoder("HandBatchEntry")
def batch_entry(score: dict[str, Any] | None = None, problem: dict[str, Any] | None = None) -> dict[str, Any]:
    """One entry of a batch: its score, or the problem that stopped it."""
    return {"ok": True, "score": score} if problem is None else {"ok": False, "problem": problem}


@encoder("HandBatchResult")
def batch_result(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"results": entries}


@encoder("ClaimCheck")
def claim_check(check: ClaimCheck) -> dict[str, Any]:
    return {
        "claimed": check.claimed,
        "actual": check.actual,
        "correct": check.correct,
        "pegged": check.pegged,
        "muggins_points": check.muggins_points,
        "opponent_points": check.opponent_points,
    }


@encoder("HandScore")
def hand_score(request: HandRequest, score: ShowScore, check: ClaimCheck | None) -> dict[str, Any]:
    spoken, combinations = texts.show_texts(score.items, score.total)
    out: dict[str, Any] = {
        "total": score.total,
        "by_kind": score.by_kind(),
        "items": texts.named_items(score.items),
        "combinations": combinations,
        "spoken": spoken,
        "hand": cards(request.hand),
        "starter": CARD_TEXT[request.starter],
        "crib": request.crib,
    }
    if check is not None:
        out["claim"] = claim_check(check)
    return out
