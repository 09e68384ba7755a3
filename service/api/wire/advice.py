"""Wire shapes of discard advice."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.cards import Card
from ...core.computer.advice import DiscardAdvice, DiscardOption
from ...core.rules import Rules
from ...core.texts.reasons import say_reason
from ...core.vocabulary import CribModelName
from . import encoder, loader, texts
from .common import card_list, cards, named_rules


@dataclass(frozen=True, slots=True)
class AdviceRequest:
    cards: tuple[Card, ...]
    dealer: bool
    partner_deals: bool
    crib_model: CribModelName
    rules: Rules


@loader("DiscardAdviceRequest")
def load_advice(data: dict[str, Any]) -> AdviceRequest:
    """The dealt cards, whether the seat deals (or its partner does), the crib model and the variant."""
    return AdviceRequest(
        card_list(data["cards"]), data["dealer"], data["partner_deals"], data["crib_model"], named_rules(data)
    )


@encoder("ExactMean")
def exact(value: Fraction) -> dict[str, Any]:
    """A fraction for JSON: its float, and its numerator and denominator in lowest terms."""
    return {"value": float(value), "numerator": value.numerator, "denominator": value.denominator}


@encoder("DiscardOption")
def option(value: DiscardOption) -> dict[str, Any]:
    return {
        "keep": cards(value.keep),
        "discard": cards(value.discard),
        "expected_hand": exact(value.hand),
        "hand_min": value.hand_min,
        "hand_max": value.hand_max,
        "expected_crib": exact(value.crib),
        "net": exact(value.net),
    }


@encoder("DiscardAdvice")
def advice(value: DiscardAdvice) -> dict[str, Any]:
    return {
        "cards": cards(value.cards),
        "variant": value.variant,
        "dealer": value.dealer,
        "crib_owner": value.crib_owner,
        "starters": value.starters,
        "crib_outcomes": value.crib_outcomes,
        "crib_model": value.crib_model,
        "assumption": say_reason(value.assumption, texts.language()),
        "options": [option(o) for o in value.options],
    }
