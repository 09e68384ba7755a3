"""How a finished game ends: winner, margin, skunk level, game points and the ACC spread.

One small pure function, :func:`outcome`, shared by the scoreboards, the tournament tools
and the game engine, so a game scores the same whichever way it was played.
docs/rules.md section 7 (skunk lines), 8 (game points, spread) and 9.4 (fixed number of deals).

>>> from ..rules import STANDARD
>>> result = outcome([121, 90], STANDARD)
>>> result.winner, result.margin, result.skunk, result.game_points, result.spread
(0, 31, 'skunk', (3, 0), (31, -31))
>>> outcome([95, 121], STANDARD).winner
1

A game with no winner, or two, is not a finished game; nor is a winner past the target (the
winner pegs out in the game hole, exactly the target, and the game ends there):

>>> outcome([125, 90], STANDARD)
Traceback (most recent call last):
...
service.core.errors.InvalidScore: a finished game's winner has exactly the target of 121 (the game ends when a peg reaches the game hole), not 125

>>> outcome([120, 100], STANDARD)
Traceback (most recent call last):
...
service.core.errors.InvalidScore: no side has reached the target of 121: the game is not over
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidScore
from ..refusals import said
from ..rules import Rules
from ..vocabulary import SKUNK_NAMES, GamePointScheme, Skunk
from .reach import total_bound


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one finished game, per side (a side is a player, or a partnership).

    ``scores``: final scores (the winner's is the target in a game to a target: docs/rules.md 5).
    ``winner``: the winning side, or ``None`` for a drawn fixed-deals game.
    ``margin``: the winner's lead over the runner-up (0 in a draw).
    ``skunk_level``: 0 none, 1 skunk, 2 double, 3 triple, judged on the runner-up's score;
    ``skunked``: the level each side lost by (0 for the winner), for games of three.
    ``game_points``: per side, from the scheme (losers score 0).
    ``spread``: per side, the ACC point differential; zero-sum.
    ``conceded_by``: the side that conceded the game (:func:`conceded`), or ``None`` when it
    was played to its end.
    """

    scores: tuple[int, ...]
    winner: int | None
    margin: int
    skunk_level: int
    skunked: tuple[int, ...]
    game_points: tuple[int, ...]
    spread: tuple[int, ...]
    scheme: GamePointScheme
    skunk_lines: tuple[int, ...]
    fixed_deals: bool
    conceded_by: int | None = None

    @property
    def skunk(self) -> Skunk:
        """The skunk level's name: ``none skunk double_skunk triple_skunk``."""
        return SKUNK_NAMES[self.skunk_level]

    @property
    def draw(self) -> bool:
        return self.winner is None


def skunk_level(loser: int, lines: Sequence[int]) -> int:
    """How many skunk lines a loser's score is strictly below (docs/rules.md 7).

    >>> [skunk_level(score, (91, 61, 31)) for score in (91, 90, 61, 60, 31, 30)]
    [0, 1, 1, 2, 2, 3]
    """
    return sum(1 for line in lines if loser < line)


def outcome(scores: Sequence[int], rules: Rules, *, on_totals: bool = False) -> Outcome:
    """The outcome of a finished game, from each side's final score.

    A game to a target (``rules.target``) is won by the one side that reached it, with exactly
    the target (the game ends when a peg reaches the game hole, so no finished game has a score
    past it: ``[125, 90]`` or ``[1210, 95]`` is a mistake on a scorecard, not a win). A fixed-deals game (``rules.fixed_deals``) is compared
    on totals (docs/rules.md 9.4): the highest total wins, an equal highest total is a draw, and
    no skunk lines apply (the rules name none for it). Game points come from
    ``rules.game_point_scheme``; the spread is the winner's capped score minus each loser's,
    credited to the winner and debited to that loser.

    Games of three sides: the margin and the skunk level are judged against the runner-up
    (ACC defines a skunk as a win by 31 or more points, and the margin is over the closest
    opponent); ``skunked`` also gives each loser's own level.

    ``on_totals``: a race to the target that did not finish (a game still on after
    :data:`~.state.MAX_GAME_DEALS` deals) is decided as a fixed-deals game is.
    """
    if len(scores) != rules.sides:
        raise InvalidScore(said("scores_count", count=len(scores), sides=rules.sides), pointer="/scores")
    for index, score in enumerate(scores):
        if score < 0:
            raise InvalidScore(said("score_negative"), pointer=f"/scores/{index}")
    _within_reach(scores, rules)
    fixed = rules.fixed_deals is not None or on_totals
    if fixed:
        final, winner, lines = _on_totals(scores)
    else:
        final, winner, lines = _to_target(scores, rules)
    sides = range(len(final))
    if winner is None:
        zeros = tuple(0 for _ in sides)
        return Outcome(final, None, 0, 0, zeros, zeros, zeros, rules.game_point_scheme, lines, fixed)
    return _won(final, winner, rules, lines, fixed)


def _won(final: tuple[int, ...], winner: int, rules: Rules, lines: tuple[int, ...], fixed: bool) -> Outcome:
    """The outcome of a game that side ``winner`` won with these ``final`` scores: margin and
    skunk level against the runner-up, each loser's own level, game points and spread."""
    sides = range(len(final))
    top = final[winner]
    runner_up = max(final[side] for side in sides if side != winner)
    skunked = tuple(0 if side == winner else skunk_level(final[side], lines) for side in sides)
    level = skunk_level(runner_up, lines)
    points = rules.game_points[level]
    game_points = tuple(points if side == winner else 0 for side in sides)
    losses = tuple(0 if side == winner else top - final[side] for side in sides)
    spread = tuple(sum(losses) if side == winner else -losses[side] for side in sides)
    return Outcome(
        final, winner, top - runner_up, level, skunked, game_points, spread, rules.game_point_scheme, lines, fixed
    )


# ACC 11.4b: the opponent of a player who forfeits or refuses to play "is awarded a win by ten
# spread points (when applicable)" (docs/rules.md 8.4).
FORFEIT_SPREAD = 10


def conceded(scores: Sequence[int], rules: Rules, side: int) -> Outcome:
    """The outcome of a game that side ``side`` conceded with these scores on the board
    (docs/rules.md 8.4): it loses, whatever the pegs say, and never for less than playing on
    could cost it. The winner is scored against the conceder as if it pegged out there and
    then: the skunk lines judged on the conceder's pegs (in a fixed-deals game, none), and a
    margin, the spread taken from the conceder, of the target less the conceder's pegs (in a
    fixed-deals game, the winner's total less the conceder's), at least the
    :data:`FORFEIT_SPREAD` a forfeit gives (ACC 11.4b). Playing on, the conceder's pegs could only
    rise, so conceding a lost game never saves game points, match points or spread. The scores
    stay as they stood: no side reached the target. A conceded game always has a winner (the one
    who gives up never gets a draw out of it).

    With more than two sides the winner is the one ahead of those left; the others neither win
    nor lose anything (no game points, no spread). Level pegs among them go to the first from
    the conceder's left, the next seat clockwise (a service choice: no source speaks of a game
    of three given up; docs/rules.md 8.4).

    >>> from ..rules import STANDARD, resolve
    >>> result = conceded([100, 40], STANDARD, side=0)
    >>> result.winner, result.margin, result.skunk, result.game_points, result.spread, result.scores
    (1, 21, 'none', (0, 2), (-21, 21), (100, 40))
    >>> conceded([40, 100], STANDARD, side=0).skunk, conceded([40, 100], STANDARD, side=0).spread
    ('double_skunk', (-81, 81))
    >>> conceded([115, 60], STANDARD, side=0).spread  # a forfeit's 10 at least
    (-10, 10)
    >>> result = conceded([80, 50, 50], resolve("three_player"), side=2)
    >>> result.winner, result.draw, result.game_points, result.spread
    (0, False, (3, 0, 0), (71, 0, -71))
    """
    sides = rules.sides
    if len(scores) != sides:
        raise InvalidScore(said("scores_count", count=len(scores), sides=sides), pointer="/scores")
    if not 0 <= side < sides:
        raise InvalidScore(said("no_side_in_game", side=side, sides=sides), pointer="/conceded_by")
    for index, score in enumerate(scores):
        if score < 0:
            raise InvalidScore(said("score_negative"), pointer=f"/scores/{index}")
        if rules.fixed_deals is None and score >= rules.target:
            raise InvalidScore(
                said("conceded_after_target", side=index, target=rules.target), pointer=f"/scores/{index}"
            )
    _within_reach(scores, rules)
    final = tuple(scores)
    # The sides left, from the conceder's left clockwise; max() keeps the first of equals.
    left = [(side + step) % sides for step in range(1, sides)]
    winner = max(left, key=lambda other: final[other])
    fixed = rules.fixed_deals is not None
    lines = () if fixed else rules.skunk_lines
    level = skunk_level(final[side], lines)
    top = final[winner] if fixed else rules.target
    margin = max(FORFEIT_SPREAD, top - final[side])
    skunked = tuple(level if index == side else 0 for index in range(sides))
    game_points = tuple(rules.game_points[level] if index == winner else 0 for index in range(sides))
    spread = tuple(margin if index == winner else -margin if index == side else 0 for index in range(sides))
    return Outcome(
        final, winner, margin, level, skunked, game_points, spread, rules.game_point_scheme, lines, fixed, side
    )


def _within_reach(scores: Sequence[int], rules: Rules) -> None:
    """A fixed-deals game's totals are no more than its deals can give each side (a game to a
    target is held to the target instead): ``[1000000, 0]`` over two deals is a scorecard's
    mistake (:func:`.reach.total_bound`, manual counting's awards included; docs/rules.md 9.4)."""
    if rules.fixed_deals is None:
        return
    for side, score in enumerate(scores):
        if score > total_bound(rules, rules.fixed_deals, side):
            raise InvalidScore(said("b_deal_points", points=score, deals=rules.fixed_deals), pointer=f"/scores/{side}")


def _on_totals(scores: Sequence[int]) -> tuple[tuple[int, ...], int | None, tuple[int, ...]]:
    """A game compared on totals: the scores as they are, the one highest side (none when tied), no skunk lines."""
    final = tuple(scores)
    best = max(final)
    leaders = [side for side, score in enumerate(final) if score == best]
    return final, leaders[0] if len(leaders) == 1 else None, ()


def _to_target(scores: Sequence[int], rules: Rules) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """A game to a target: the scores, the one side that reached it (with exactly the target), the skunk lines."""
    reached = [side for side, score in enumerate(scores) if score >= rules.target]
    if not reached:
        raise InvalidScore(said("not_reached", target=rules.target), pointer="/scores")
    if len(reached) > 1:
        raise InvalidScore(
            said("both_reached", a=reached[0], b=reached[1], target=rules.target),
            pointer=f"/scores/{reached[1]}",
        )
    winner = reached[0]
    if scores[winner] != rules.target:
        raise InvalidScore(said("winner_exact", target=rules.target, score=scores[winner]), pointer=f"/scores/{winner}")
    return tuple(scores), winner, rules.skunk_lines


__all__ = ["Outcome", "outcome", "conceded", "FORFEIT_SPREAD", "skunk_level", "SKUNK_NAMES"]
