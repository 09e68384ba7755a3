"""marshmallow converts: contract-valid dicts in, domain values out.

Bodies reach these schemas only after ``openapi.yaml`` has accepted them (see ``spec``),
so a ``ValidationError`` here means the yaml and the code have drifted: that is a bug and
becomes a 500, which schemathesis reports. Responses are built by the core values'
``to_dict`` methods, which are plain and fast.

One exception, measured: a hand to score is converted by :func:`load_hand` without
marshmallow. Its load cost about 19 us of a 105 us scoring request in-process, the largest
single part of what the request spends beyond ``/healthz``, and the hand is the hottest
path of the service; the contract has already checked every field, so what is left is
turning card strings into cards.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_load

from ..core.cards import Card, parse_card
from ..core.errors import CribbageError
from ..core.rules import Rules, resolve


class CardField(fields.Field):
    """A card in any accepted spelling in, the canonical string out."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Card:
        return parse_card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


def rules_from(data: dict[str, Any]) -> Rules:
    """The rules a request names: ``variant`` (default ``six_card``) with its ``options``."""
    return resolve(data.get("variant", "six_card"), data.get("options"))


class WithRules(Schema):
    """A request that names a variant and options: loading it adds the resolved ``rules``."""

    variant = fields.String(load_default="six_card")
    options = fields.Dict(load_default=None)

    @post_load
    def add_rules(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data["rules"] = rules_from(data)
        return data


def load_hand(data: dict[str, Any]) -> dict[str, Any]:
    """Convert one contract-valid hand request (see the module docstring for why by hand)."""
    return {
        "hand": tuple(parse_card(text) for text in data["hand"]),
        "starter": parse_card(data["starter"]),
        "crib": data.get("crib", False),
        "claimed": None if data.get("claimed") is None else int(data["claimed"]),  # 12.0 is a JSON integer
        "muggins": data.get("muggins", False),
        "rules": rules_from(data),
    }


def under(error: CribbageError, pointer: str) -> CribbageError:
    """``error`` with its JSON pointer moved under ``pointer`` (an item of a batch)."""
    error.pointer = pointer + (error.pointer or "")
    return error
