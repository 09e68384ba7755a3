"""Checking a claimed count against the true one (muggins, over-claims): docs/rules.md section 10.

>>> check_claim(14, 12, muggins=True)
ClaimCheck(claimed=12, actual=14, correct=False, pegged=12, muggins_points=2, opponent_points=0)
>>> check_claim(14, 16).pegged
14
>>> check_claim(14, 16, overclaim_policy="correct_and_award_2").opponent_points
2
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidScore
from ..refusals import said


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """What a claim earns. ``pegged``: what the claimant keeps; ``muggins_points``: what an
    opponent may take for an under-claim (muggins on); ``opponent_points``: what an opponent
    scores for an over-claim under the chosen policy."""

    claimed: int
    actual: int
    correct: bool
    pegged: int
    muggins_points: int
    opponent_points: int


def check_claim(actual: int, claimed: int, *, muggins: bool = False, overclaim_policy: str = "correct") -> ClaimCheck:
    """Judge ``claimed`` against ``actual``.

    An under-claim pegs what was claimed (the missed points are lost); with muggins on an
    opponent may take them (the ACC rule: never more than was missed). An over-claim is
    corrected to the true count; the historic policies also give the opponent the excess
    (Foster) or a flat 2 (Hoyle-BSD).
    """
    if claimed < 0:
        raise InvalidScore(said("claim_negative"), pointer="/claimed")
    if claimed <= actual:
        missed = actual - claimed
        return ClaimCheck(claimed, actual, missed == 0, claimed, missed if muggins else 0, 0)
    excess = claimed - actual
    opponent = {"correct": 0, "correct_and_award_excess": excess, "correct_and_award_2": 2}[overclaim_policy]
    return ClaimCheck(claimed, actual, False, actual, 0, opponent)


def muggins_award(missed: int, called: int) -> tuple[int, int]:
    """An opponent's muggins call for ``called`` points when ``missed`` were missed.

    Returns ``(to_caller, to_claimant)``: the caller takes the lesser of what was called
    and what was missed; a wrong call (nothing was missed) gives the called points to the
    claimant as a penalty (ACC 10.4a).

    >>> muggins_award(2, 3), muggins_award(0, 2)
    ((2, 0), (0, 2))
    """
    if called <= 0:
        raise InvalidScore(said("muggins_positive"), pointer="/action/points")
    if missed == 0:
        return 0, called
    return min(missed, called), 0
