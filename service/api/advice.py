"""Discard advice: ``POST /v1/hands/discard-advice``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from marshmallow import fields

from ..core.advice import discard_advice
from .schemas import CardField, WithRules
from .spec import body

bp = Blueprint("advice", __name__, url_prefix="/v1/hands")


class DiscardAdviceSchema(WithRules):
    """The dealt cards, whether the seat deals (or its partner does), and the variant."""

    cards = fields.List(CardField(), required=True)
    dealer = fields.Boolean(required=True)
    partner_deals = fields.Boolean(load_default=False)


advice_schema = DiscardAdviceSchema()


@bp.post("/discard-advice")
@body("discardAdvice")
def advise(data: dict[str, Any]) -> dict[str, Any]:
    request = advice_schema.load(data)
    advice = discard_advice(
        request["cards"], request["dealer"], request["rules"], partner_deals=request["partner_deals"]
    )
    return advice.to_dict()
