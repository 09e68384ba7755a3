"""Hand and crib scoring: ``/v1/hands/score`` and ``/v1/hands/score-batch``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.errors import CribbageError
from ..core.scoring.claims import check_claim
from ..core.scoring.show import score_show
from .contract import SPEC, ContractViolation
from .language import speaks
from .loading import body, loader
from .wire import texts
from .wire.hands import HandRequest, batch_entry, batch_result, hand_score
from .wire.problems import contract_problem, rules_problem

bp = Blueprint("hands", __name__, url_prefix="/v1/hands")
load_entry = loader("HandRequest")


def score_one(request: HandRequest, pointer: str = "") -> dict[str, Any]:
    """Score and (when a claim is given) judge one hand request; errors point under
    ``pointer`` (the entry of a batch)."""
    try:
        score = score_show(request.hand, request.starter, is_crib=request.crib, rules=request.rules)
    except CribbageError as error:  # pointers from the core are relative to this hand
        raise error.under(pointer) from None
    check = None
    if request.claimed is not None:
        check = check_claim(
            score.total, request.claimed, muggins=request.muggins, overclaim_policy=request.rules.overclaim_policy
        )
    return hand_score(request, score, check)


@bp.post("/score")
@speaks
@body("scoreHand")
def score(request: HandRequest) -> dict[str, Any]:
    return score_one(request)


@bp.post("/score-batch")
@speaks
@body("scoreHandBatch")
def score_batch(hands: list[Any]) -> dict[str, Any]:
    results: list[dict[str, Any]] = []
    for index, item in enumerate(hands):
        pointer = f"/hands/{index}"
        try:
            SPEC.check("#/components/schemas/HandRequest", item, pointer)
            try:
                request = load_entry(item)
            except CribbageError as error:  # the core's pointers are relative to this hand
                raise error.under(pointer) from None
            results.append(batch_entry(score=score_one(request, pointer)))
        except ContractViolation as error:
            results.append(batch_entry(problem=contract_problem(error, texts.language())))
        except CribbageError as error:
            results.append(batch_entry(problem=rules_problem(error, texts.language())))
    return batch_result(results)
