"""A list of game results, checked all at once: what the event tools stand on.

An event's games arrive as one list (30,000 for 250 players is an ordinary weekend), so two
things matter that do not for one game. Every invalid game is reported in one answer, not the
first only: :func:`game_problems` scans the whole list and keeps the first
:data:`MAX_PROBLEMS` problems, each with a JSON pointer (``/games/<i>/...``), and
:func:`outcomes` raises them together (or returns every game's outcome). And the tally is fast: a game's
:func:`~service.core.scoring.outcome.outcome` depends only on its scores and the rules, and an event
has a few hundred distinct score lines, so each is worked out once per request
(:func:`outcomes`), not once per game (``benchmarks/tournament_scale.py`` measures it; a plain
reference in the tests gives the same answers).

>>> from ..rules import STANDARD
>>> bad = [GameResult(("ann", "bob"), (121, 90)), GameResult(("cy", "cy"), (121, 90)),
...        GameResult(("ann", "dee"), (120, 100)), GameResult(("bob",), (121,))]
>>> for problem in game_problems(bad, STANDARD).problems:
...     print(problem.pointer, "|", problem.detail)
/games/1/players/1 | 'cy' is named twice in one game
/games/2/scores | no side has reached the target of 121: the game is not over
/games/3/players | a game here has 2 sides, one player each; this one names 1

The standings built on these checks are :mod:`service.core.tournaments.standings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import CribbageError, InvalidScore
from ..refusals import Said, said
from ..rules import Rules
from .outcome import Outcome, conceded, outcome


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: the players (one name per side) and their final scores; or, with
    ``conceded_by`` (a side), a game that side conceded, with the scores as they stood
    (:func:`~service.core.scoring.outcome.conceded`)."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    conceded_by: int | None = None


MAX_PROBLEMS = 50  # enough to fix a scorecard batch in one pass; a whole bad upload is not echoed back


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with one game: where (a JSON pointer into the request) and what."""

    pointer: str
    detail: Said | str  # a refusal, said in the answer's language (service.core.texts.refusals)


@dataclass(frozen=True, slots=True)
class GameProblems:
    """The problems of a list of games: the first ``limit`` of them, and how many there are.

    ``total`` counts every problem found, ``invalid_games`` the games with at least one.
    """

    problems: tuple[Problem, ...]
    total: int
    invalid_games: int

    @property
    def truncated(self) -> bool:
        return self.total > len(self.problems)


def _problems_of(
    game: GameResult,
    rules: Rules,
    where: str,
    judged: dict[tuple[int, ...], Outcome | CribbageError],
    scores_at: str = "/scores",
) -> list[Problem]:
    """Everything wrong with one game's shape (each of it), then its scores (the first problem
    :func:`outcome` finds, since one bad score line says what is wrong with the rest), the
    scores at ``scores_at`` in the game (``""``: the game is its score line)."""
    found: list[Problem] = []
    if len(game.players) != rules.sides:
        found.append(Problem(f"{where}/players", said("res_sides", sides=rules.sides, count=len(game.players))))
    if len(game.scores) != len(game.players):
        found.append(Problem(f"{where}{scores_at}", said("res_one_score")))
    seen: set[str] = set()
    for slot, name in enumerate(game.players):
        if name in seen:
            found.append(Problem(f"{where}/players/{slot}", said("res_named_twice", name=name)))
        seen.add(name)
    if len(game.scores) == rules.sides:
        result = judge(game.scores, rules, judged, game.conceded_by)
        if isinstance(result, CribbageError):
            pointer = result.pointer or "/scores"
            if pointer.startswith("/scores"):  # outcome() points into the score line as "/scores/..."
                pointer = scores_at + pointer.removeprefix("/scores")
            found.append(Problem(where + pointer, result.words))
    return found


def judge(
    scores: tuple[int, ...],
    rules: Rules,
    judged: dict[tuple[int, ...], Outcome | CribbageError],
    conceded_by: int | None = None,
) -> Outcome | CribbageError:
    """The outcome of a score line, or the error it raises, worked out once per request (a
    conceded game's, each time: they are few)."""
    key = tuple(scores)
    result = judged.get(key) if conceded_by is None else None
    if result is None:
        try:
            result = outcome(key, rules) if conceded_by is None else conceded(key, rules, conceded_by)
        except CribbageError as error:
            result = error
        if conceded_by is None:
            judged[key] = result
    return result


def _scan(
    games: Sequence[GameResult], rules: Rules, limit: int, base: str, scores_at: str = "/scores"
) -> tuple[list[Outcome | None], GameProblems]:
    judged: dict[tuple[int, ...], Outcome | CribbageError] = {}
    results: list[Outcome | None] = []
    kept: list[Problem] = []
    total = invalid = 0
    sides = rules.sides
    for index, game in enumerate(games):
        players, scores = game.players, game.scores
        # The common case, a well-formed game whose score line was seen before, in a few lookups.
        if len(players) == sides == len(scores) and len(set(players)) == sides:
            side = game.conceded_by
            result = (
                (judged.get(scores) or judge(scores, rules, judged))
                if side is None
                else judge(scores, rules, judged, side)
            )
            if isinstance(result, Outcome):
                results.append(result)
                continue
        found = _problems_of(game, rules, f"{base}/{index}", judged, scores_at)
        assert found  # the fast path above only falls through for a game with a problem
        invalid += 1
        total += len(found)
        kept.extend(found[: max(0, limit - len(kept))])
        results.append(None)
    return results, GameProblems(tuple(kept), total, invalid)


def game_problems(
    games: Sequence[GameResult], rules: Rules, *, limit: int = MAX_PROBLEMS, base: str = "/games"
) -> GameProblems:
    """Every problem in a list of games (the first ``limit`` kept), each pointed at
    ``<base>/<index>/...``: a wrong number of players or scores, a name given twice in a game,
    and a score line that is not a finished game (no winner, two winners, a negative score)."""
    return _scan(games, rules, limit, base)[1]


def outcomes(
    games: Sequence[GameResult],
    rules: Rules,
    *,
    limit: int = MAX_PROBLEMS,
    base: str = "/games",
    scores_at: str = "/scores",
) -> tuple[Outcome, ...]:
    """Each game's outcome, in order; or, if any game is invalid, :class:`InvalidScore` listing
    them all. ``scores_at``: where a game's scores are in it as the request has it (``""`` when
    each game is just its score line, as in the match tools).

    The error's ``pointer`` is the first problem's (so a caller that shows one place still shows
    the right one); ``extra["errors"]`` holds every kept problem as ``{pointer, detail}`` and
    ``extra["truncated"]`` is true when more were found than kept. The API layer's problem
    document already spreads ``extra`` into its members.
    """
    results, found = _scan(games, rules, limit, base, scores_at)
    if found.total:
        first = found.problems[0] if found.problems else Problem(base, said("res_invalid"))
        message = first.detail if found.total == 1 else _summary(found)
        raise InvalidScore(
            message,
            pointer=first.pointer,
            errors=[{"pointer": p.pointer, "detail": p.detail} for p in found.problems],
            **({"truncated": True} if found.truncated else {}),
        )
    return tuple(r for r in results if r is not None)


def _summary(found: GameProblems) -> Said:
    """What a list of invalid games says as a whole (its ``errors`` say each problem)."""
    if found.truncated:
        return said("res_many_first", count=found.invalid_games, total=found.total, kept=len(found.problems))
    if found.invalid_games == 1:
        return said("res_one", total=found.total)
    return said("res_many", count=found.invalid_games, total=found.total)


# What raise_together says of several invalid lists of ``what``: all of them, or the first listed.
_TOGETHER: dict[str, tuple[str, str]] = {
    "matches": ("together_matches", "together_matches_first"),
    "results": ("together_results", "together_results_first"),
}


def raise_together(errors: Sequence[CribbageError], what: str, limit: int = MAX_PROBLEMS) -> None:
    """Raise nothing for no errors, the one error for one; for several, an error of the first's
    kind listing every problem as :func:`outcomes` does (``extra["errors"]``, the first ``limit``,
    ``truncated`` past them), for lists of ``what`` (matches, results) each checked on its own.

    >>> from ..errors import InvalidEvent
    >>> raise_together([InvalidEvent("a", pointer="/m/0"), InvalidEvent("b", pointer="/m/2")], "matches")
    Traceback (most recent call last):
    ...
    service.core.errors.InvalidEvent: 2 matches are not valid (2 problems)
    """
    if len(errors) <= 1:
        if errors:
            raise errors[0]
        return
    kept: list[dict[str, str | None]] = []
    total = 0
    truncated = False
    for error in errors:
        listed = error.extra.get("errors") or [{"pointer": error.pointer, "detail": error.words}]
        truncated = truncated or bool(error.extra.get("truncated"))
        total += len(listed)
        kept.extend(listed[: max(0, limit - len(kept))])
    truncated = truncated or total > len(kept)
    first = errors[0]
    all_of, first_of = _TOGETHER[what]
    raise type(first)(
        said(first_of, count=len(errors), total=total, kept=len(kept))
        if truncated
        else said(all_of, count=len(errors), total=total),
        pointer=first.pointer,
        errors=kept,
        **({"truncated": True} if truncated else {}),
    )


__all__ = [
    "GameResult",
    "MAX_PROBLEMS",
    "Problem",
    "GameProblems",
    "game_problems",
    "judge",
    "outcomes",
    "raise_together",
]
