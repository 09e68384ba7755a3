"""A game review: every decision of one seat in a finished game, beside the move the comparison
player would have made from the same position, and the expected points lost.

The positions come from replaying the sealed game (:func:`.record.positions`). For each move
the seat made (every discard and play; with manual counting every count, muggins call and
accept) the review gives the move made, the move :data:`COMPARED_WITH` would make there
(:func:`compared_move`; the comparison player is :data:`.coach.STRONGEST`, whose move is the first hint), and the points lost:
the comparison move's value less the made move's, by the hints' ranking key
(:func:`.coach.move_value`: a discard's exact net, a card's net of the expected reply, a
claim's points kept less what an opponent may take by muggins, as the computer always does), floored at 0 (a move the ranking rates above the comparison player's
loses nothing) and exactly 0 when the two moves are the same. Cards of one rank are the same
move in the play (suits never score there). Then a summary per phase.

Everything in a review is what the seat saw: its own cards, and the cards the table saw.
Cost: the replay, then one discard advice and a few play evaluations per deal; a 100-deal
game (the engine's limit) is the worst case (docs/worst-cases.md).

>>> from ..game.engine import Action, may_act
>>> from .play import apply, new_game
>>> from ..rules import resolve
>>> state, _ = new_game(resolve("six_card", {"fixed_deals": 2}), seed=11, dealer=0)
>>> while not state.over:
...     state, _ = apply(state, Action("auto", may_act(state)[0]))
>>> done = review(state, 1)
>>> [(p.phase, p.decisions, p.lost) for p in done.phases]
[('discard', 2, Fraction(0, 1)), ('play', 8, Fraction(0, 1))]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import GameNotOver
from ..game.actions import Action
from ..game.record import positions
from ..game.state import GameState
from ..refusals import said
from ..vocabulary import MOVE_PHASES, Level, MovePhase
from .coach import STRONGEST, move_value
from .players import choose

# The comparison player: the strongest level, whose move is also the first hint (its moves
# are deterministic for a position, so a seat that played them loses nothing).
COMPARED_WITH: Level = STRONGEST
PHASES = MOVE_PHASES
# Always in a review, even with no such move; counts and muggins calls only when the seat made one.
ALWAYS_SUMMARISED: tuple[MovePhase, ...] = ("discard", "play")
_PHASE_OF: dict[str, MovePhase] = {
    "discard": "discard",
    "play": "play",
    "count": "count",
    "muggins": "muggins",
    "accept": "muggins",
}  # a concession is no decision of play: the review leaves it out


def compared_move(state: GameState, seat: int) -> Action:
    """The move of the player named :data:`COMPARED_WITH`, for ``seat`` in ``state``."""
    return choose(state, seat, COMPARED_WITH)


@dataclass(frozen=True, slots=True)
class Decision:
    """One move of the seat: its number in the game, the deal, the phase, the move made, the
    comparison player's move, both values and the points lost (at least 0)."""

    move: int
    deal: int
    phase: MovePhase
    made: Action
    compared: Action
    made_value: Fraction
    compared_value: Fraction
    lost: Fraction


@dataclass(frozen=True, slots=True)
class PhaseSummary:
    phase: MovePhase
    decisions: int
    lost: Fraction

    @property
    def mean(self) -> Fraction:
        return self.lost / self.decisions if self.decisions else Fraction(0)


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    compared_with: Level
    decisions: tuple[Decision, ...]
    phases: tuple[PhaseSummary, ...]

    @property
    def lost(self) -> Fraction:
        return sum((p.lost for p in self.phases), Fraction(0))


def _same(made: Action, other: Action) -> bool:
    if made.type == "play" and other.type == "play":
        return made.card is not None and other.card is not None and made.card.rank == other.card.rank
    if made.type == "discard" and other.type == "discard":
        return sorted(made.cards) == sorted(other.cards)
    return made == other


def decide(state: GameState, made: Action) -> Decision:
    """One decision: ``made`` by its seat in ``state``, against the comparison player's move."""
    compared = compared_move(state, made.seat)
    if _same(made, compared):
        value = move_value(state, made)
        made_value = compared_value = value
    else:
        made_value, compared_value = move_value(state, made), move_value(state, compared)
    lost = max(Fraction(0), compared_value - made_value)
    return Decision(
        state.moves + 1, state.deal_no, _PHASE_OF[made.type], made, compared, made_value, compared_value, lost
    )


def review(state: GameState, seat: int) -> Review:
    """The review of ``seat``'s decisions in the finished game ``state``."""
    if not state.over:
        raise GameNotOver(said("review_early"), pointer="/state")
    _, steps = positions(state)
    decisions = tuple(
        decide(before, done.action)
        for before, done, _ in steps
        if done.action.seat == seat and done.action.type in _PHASE_OF
    )
    summaries = []
    for phase in PHASES:
        mine = [d for d in decisions if d.phase == phase]
        if mine or phase in ALWAYS_SUMMARISED:
            summaries.append(PhaseSummary(phase, len(mine), sum((d.lost for d in mine), Fraction(0))))
    return Review(seat, COMPARED_WITH, decisions, tuple(summaries))


__all__ = ["Review", "Decision", "PhaseSummary", "review", "decide", "compared_move", "COMPARED_WITH"]
