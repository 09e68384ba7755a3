"""Wire shapes of hand scoring: ``HandRequest`` in, ``HandScore`` (with its ``ClaimCheck``) out."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.cards import CARD_TEXT, Card, parse_card
from ...core.rules import Rules
from ...core.scoring.claims import ClaimCheck
from ...core.scoring.show import ShowScore
from . import encoder, loader, texts
from .common import cards, named_rules


class HandRequest(NamedTuple):
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    claimed: int | None
    muggins: bool
    rules: Rules


@loader("HandRequest")
def load_hand(data: dict[str, Any]) -> HandRequest:
    rules = named_rules(data)
    muggins = data.get("muggins")
    return HandRequest(
        tuple([parse_card(text) for text in data["hand"]]),
        parse_card(data["starter"]),
        data["crib"],
        data.get("claimed"),
        rules.muggins if muggins is None else muggins,  # the top-level flag, else the rules' option
        rules,
    )


@loader("HandBatchRequest")
def load_batch(data: dict[str, Any]) -> list[Any]:
    """The entries stay raw: each is checked against ``HandRequest`` and loaded on its own."""
    hands: list[Any] = data["hands"]
    return hands


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
