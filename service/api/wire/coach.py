"""Wire shapes of hints and game reviews (the numbers as :func:`.advice.exact` means)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.computer.coach import DiscardFigures, Hint, Hints, PlayFigures
from ...core.computer.review import Decision, PhaseSummary, Review
from ...core.texts.reasons import say_reason
from . import encoder, loader, texts
from .advice import exact
from .common import cards, items
from .games import action


@dataclass(frozen=True, slots=True)
class CoachRequest:
    state: str
    seat: int
    credential: str | None


@loader("HintsRequest")
@loader("ReviewRequest")
def load_coach(data: dict[str, Any]) -> CoachRequest:
    """A game (in progress for hints, finished for a review), the seat, and that seat's credential."""
    return CoachRequest(data["state"], data["seat"], data.get("credential"))


def _maybe(value: Fraction | None) -> dict[str, Any] | None:
    return None if value is None else exact(value)


@encoder("DiscardHintFigures")
def discard_figures(value: DiscardFigures) -> dict[str, Any]:
    return {
        "keep": cards(value.keep),
        "expected_hand": exact(value.hand),
        "hand_min": value.hand_min,
        "hand_max": value.hand_max,
        "expected_crib": exact(value.crib),
        "net": exact(value.net),
        "pegging": _maybe(value.pegging),
        "with_pegging": _maybe(value.with_pegging),
    }


@encoder("PlayHintFigures")
def play_figures(value: PlayFigures) -> dict[str, Any]:
    return {
        "points": value.points,
        "items": items(value.items),
        "count": value.count,
        "reply": exact(value.reply),
        "risk": exact(value.risk),
        "replier": value.replier,
    }


@encoder("MoveHint")
def hint(value: Hint, rank: int = 1) -> dict[str, Any]:
    return {
        "rank": rank,
        "action": action(value.action),
        "value": exact(value.value),
        "reasons": [say_reason(reason, texts.language()) for reason in value.reasons],
        "discard": None if value.discard is None else discard_figures(value.discard),
        "play": None if value.play is None else play_figures(value.play),
    }


@encoder("GameHints")
def hints(value: Hints) -> dict[str, Any]:
    return {
        "seat": value.seat,
        "phase": value.phase,
        "crib_owner": value.crib_owner,
        "assumption": None if value.assumption is None else say_reason(value.assumption, texts.language()),
        "pegging_samples": value.pegging_deals,
        "moves": [hint(move, rank) for rank, move in enumerate(value.moves, 1)],
    }


@encoder("ReviewDecision")
def decision(value: Decision) -> dict[str, Any]:
    return {
        "move": value.move,
        "deal": value.deal,
        "phase": value.phase,
        "made": action(value.made),
        "compared": action(value.compared),
        "made_value": exact(value.made_value),
        "compared_value": exact(value.compared_value),
        "lost": exact(value.lost),
    }


@encoder("ReviewPhase")
def phase(value: PhaseSummary) -> dict[str, Any]:
    return {"phase": value.phase, "decisions": value.decisions, "lost": exact(value.lost), "mean": exact(value.mean)}


@encoder("GameReview")
def review(value: Review) -> dict[str, Any]:
    return {
        "seat": value.seat,
        "compared_with": value.compared_with,
        "lost": exact(value.lost),
        "phases": [phase(p) for p in value.phases],
        "decisions": [decision(d) for d in value.decisions],
    }
