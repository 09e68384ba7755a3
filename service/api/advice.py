"""Discard advice: ``POST /v1/hands/discard-advice``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.computer.advice import discard_advice
from .language import speaks
from .loading import body
from .wire.advice import AdviceRequest, advice

bp = Blueprint("advice", __name__, url_prefix="/v1/hands")


@bp.post("/discard-advice")
@speaks
@body("discardAdvice")
def advise(request: AdviceRequest) -> dict[str, Any]:
    return advice(
        discard_advice(
            request.cards,
            request.dealer,
            request.rules,
            partner_deals=request.partner_deals,
            crib_model=request.crib_model,
        )
    )
