"""Matches: a series of games between two players (or partnerships), scored in match points.

The Swedish rule text (Seed-sv2 in docs/rules.md, section "Match") defines it; in English:

    A match (rather like tennis) consists of more than one game, often an odd number. Match
    points are pegged on the cribbage board in holes kept for them (on a spiral board often a
    line of 5 or 7 holes at the bottom). In a two-player game a player scores one match point
    for winning a game; the opponent starts as dealer in the next game. A player who lurches
    (British) or skunks (US) the opponent, reaching 121 before the opponent has 91, wins two
    match points for that game. A double skunk (121 before the opponent reaches 61) scores three
    or four match points, by local convention. A triple skunk (121 before the opponent reaches
    31) wins the match outright. Double and triple skunks are not part of the official rules
    and are optional. There are several formats for scoring match points.

So a :class:`MatchRules` holds: the format and its length (``best_of`` an odd number of
games, first to a majority of them; ``first_to`` a number of match points, the board's line of
holes; ``fixed``, exactly that many games, the most match points winning and an equal count a
drawn match), the match points for a skunk and a double skunk (the ``points`` of a plain win are
always 1; setting a level's points equal to the level below switches it off), and whether a
triple skunk wins outright. A format called "best of" counts games: unless told otherwise a
skunk scores 1 there, as in the ACC's "best 2 of 3" playoffs, so the name says what decides the
match (docs/rules.md 8.3); ``first_to`` and ``fixed`` count the Swedish text's match points (a
skunk 2), and the ``swedish`` scheme (:data:`MATCH_SCHEMES`) asks for them by name in any format. Skunk levels come from :func:`~service.core.scoring.outcome.outcome`
with the game's :class:`~service.core.rules.Rules` (its ``skunk_lines``), as for every other
score in the service. :func:`match_state` scores a match so far: the score, whether it is over,
the winner, and who deals first in the next game (the loser of the last: the Swedish text;
docs/rules.md 6 records the EB11 "winner deals" and "alternate" practices, offered as options).

>>> state = match_state([(121, 95), (80, 121), (121, 25)], match_rules=MatchRules(
...     "best_of", 5, skunk_points=2, double_skunk_points=3, triple_skunk_wins=True), first_dealer=0)
>>> state.points, state.over, state.winner, state.decided_by
((4, 2), True, 0, 'triple_skunk')
>>> [game.first_dealer for game in state.games]
[0, 1, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidEvent, InvalidRules, MatchOver
from ..refusals import Said, said
from ..rules import GAME_POINT_SCHEMES, STANDARD, Rules
from ..vocabulary import FORMATS, NEXT_FIRST_DEALER, DecidedBy, MatchFormat, NextFirstDealer
from .outcome import Outcome
from .results import GameResult, outcomes

MAX_LENGTH = 99  # games (or match points): a long evening is 21


@dataclass(frozen=True, slots=True)
class MatchRules:
    """How a match is played and scored (see the module text for the source).

    ``format``/``length``: ``best_of`` N (odd) ends when a side has N // 2 + 1 match points
    (games, with the default points: every win scores 1);
    ``first_to`` P ends at P match points; ``fixed`` N ends after N games. A plain win scores
    1 match point, a skunk ``skunk_points`` (2 in the Swedish text; 1 counts games only, as in
    ACC playoffs, "best 2 of 3"), a double skunk ``double_skunk_points`` (3 or 4 by local
    convention; equal to ``skunk_points`` when double skunks are not played), and a triple skunk
    the double's points or, with ``triple_skunk_wins``, the match. ``next_first_dealer``: who
    deals first in the next game, ``loser`` of the last (the Swedish text), ``winner`` (EB11),
    or ``alternate``; after a drawn game (fixed-deal rules) the first deal always alternates.
    """

    format: MatchFormat = "best_of"
    length: int = 3
    skunk_points: int = 1
    double_skunk_points: int = 1
    triple_skunk_wins: bool = False
    next_first_dealer: NextFirstDealer = "loser"

    def __post_init__(self) -> None:
        def need(ok: bool, field: str, key: str, **params: Any) -> None:
            if not ok:
                raise InvalidRules(said(key, **params), pointer=f"/match/{field}")

        need(self.format in FORMATS, "format", "r_one_of", option="format", values=str(FORMATS))
        need(
            type(self.length) is int and 1 <= self.length <= MAX_LENGTH,
            "length",
            "m_length",
            most=MAX_LENGTH,
        )
        need(
            self.format != "best_of" or self.length % 2 == 1,
            "length",
            "m_best_of_odd",
        )
        need(
            type(self.skunk_points) is int and 1 <= self.skunk_points <= 10,
            "skunk_points",
            "m_skunk_points",
        )
        need(
            type(self.double_skunk_points) is int and self.skunk_points <= self.double_skunk_points <= 10,
            "double_skunk_points",
            "m_double_skunk_points",
        )
        need(
            self.next_first_dealer in NEXT_FIRST_DEALER,
            "next_first_dealer",
            "r_one_of",
            option="next_first_dealer",
            values=str(NEXT_FIRST_DEALER),
        )

    @property
    def target(self) -> int | None:
        """The match points that win the match, or ``None`` for a fixed number of games.

        >>> MatchRules("best_of", 5).target, MatchRules("first_to", 7).target, MatchRules("fixed", 4).target
        (3, 7, None)
        """
        return {"best_of": self.length // 2 + 1, "first_to": self.length}.get(self.format)

    def points_for(self, level: int) -> int:
        """Match points for a game won at a skunk level (0 none, 1 skunk, 2 double, 3 triple).

        >>> [MatchRules(skunk_points=2, double_skunk_points=4).points_for(level) for level in range(4)]
        [1, 2, 4, 4]
        """
        return (1, self.skunk_points, self.double_skunk_points, self.double_skunk_points)[level]


# The match points of a skunk and a double skunk, by name: the Swedish text's own (a skunk 2,
# double skunks not played: "not part of the official rules"), and its two local conventions for
# the double skunk, the game-point schemes that score a plain win 1 (docs/rules.md 8.2).
MATCH_SCHEMES: dict[str, tuple[int, int]] = {
    "swedish": (2, 2),
    **{name: (p[1], p[2]) for name, p in GAME_POINT_SCHEMES.items() if p[0] == 1 and name != "hoyle_lurch"},
}


def match_rules_for_scheme(
    scheme: str,
    format: MatchFormat = "best_of",
    length: int = 3,
    *,
    triple_skunk_wins: bool = False,
    next_first_dealer: NextFirstDealer = "loser",
) -> MatchRules:
    """Match rules whose points are one of :data:`MATCH_SCHEMES`: ``swedish`` (a skunk 2, no
    double skunk), and ``match_1_2_3`` and ``match_1_2_4`` (docs/rules.md 8.2), the Swedish text's
    two conventions for the double skunk.

    >>> r = match_rules_for_scheme("swedish", "best_of", 3)
    >>> r.skunk_points, r.double_skunk_points, r.target
    (2, 2, 2)

    >>> r = match_rules_for_scheme("match_1_2_4", "first_to", 7)
    >>> r.skunk_points, r.double_skunk_points, r.target
    (2, 4, 7)
    """
    points = MATCH_SCHEMES.get(scheme)
    if points is None:
        raise InvalidRules(said("m_scheme", values=str(list(MATCH_SCHEMES)), scheme=scheme), pointer="/match/scheme")
    return MatchRules(format, length, points[0], points[1], triple_skunk_wins, next_first_dealer)


def match_rules_from(
    format: MatchFormat = "best_of",
    length: int = 3,
    *,
    scheme: str | None = None,
    skunk_points: int | None = None,
    double_skunk_points: int | None = None,
    triple_skunk_wins: bool = False,
    next_first_dealer: NextFirstDealer = "loser",
) -> MatchRules:
    """Match rules as a request gives them: the points from a ``scheme``
    (:func:`match_rules_for_scheme`) or given one by one, never both. Unless said otherwise a
    skunk scores 1 in a ``best_of`` (it counts games, as its name says) and 2 in the match-point
    formats (``first_to``, ``fixed``: the Swedish text), and a double skunk what a skunk does (so
    double skunks score nothing extra until they are given points).

    >>> match_rules_from("best_of", 3).skunk_points, match_rules_from("first_to", 7).skunk_points
    (1, 2)

    >>> match_rules_from("first_to", 7, skunk_points=2, double_skunk_points=3).points_for(2)
    3
    >>> match_rules_from(scheme="match_1_2_3", skunk_points=2)
    Traceback (most recent call last):
    ...
    service.core.errors.InvalidRules: give a scheme or the points of a skunk and a double skunk, not both
    """
    if scheme is not None:
        if skunk_points is not None or double_skunk_points is not None:
            raise InvalidRules(said("match_both"), pointer="/match/scheme")
        return match_rules_for_scheme(
            scheme, format, length, triple_skunk_wins=triple_skunk_wins, next_first_dealer=next_first_dealer
        )
    skunk = (1 if format == "best_of" else 2) if skunk_points is None else skunk_points
    double = skunk if double_skunk_points is None else double_skunk_points
    return MatchRules(format, length, skunk, double, triple_skunk_wins, next_first_dealer)


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of a match: its number (from 1), the side that dealt first (``None`` if not
    known: the first game's deal is cut for), final scores (the winner's capped at the target),
    the winning side (``None`` for a drawn fixed-deal game), its skunk level, the match
    points it gave each side, and the side that conceded it (``None``: played out)."""

    number: int
    first_dealer: int | None
    scores: tuple[int, ...]
    winner: int | None
    skunk_level: int
    match_points: tuple[int, int]
    conceded_by: int | None = None


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match so far. ``points``: match points per side; ``games_won`` per side; ``over``;
    ``winner`` (a side, ``None`` while it goes on or when drawn); ``draw``; ``decided_by``:
    ``points`` (reached the target), ``triple_skunk``, ``games`` (a fixed number played) or
    ``None``; ``next_game`` and ``next_first_dealer`` (``None`` once over, or when the dealer
    is not known); ``target``: the match points that win, ``None`` for a fixed number of games."""

    games: tuple[MatchGame, ...]
    points: tuple[int, int]
    games_won: tuple[int, int]
    target: int | None
    over: bool
    winner: int | None
    draw: bool
    decided_by: DecidedBy | None
    next_game: int | None
    next_first_dealer: int | None


SIDES = ("side 0", "side 1")  # a match's games name no players, only sides


def match_state(
    games: Sequence[Sequence[int]],
    rules: Rules = STANDARD,
    match_rules: MatchRules = MatchRules(),
    *,
    first_dealer: int | None = None,
    pointer: str = "",
    conceded: Sequence[int | None] = (),
) -> MatchState:
    """Score a match from its games so far, each the two sides' final scores, in order.

    ``first_dealer`` is the side that dealt first in game 1 (``None`` when not recorded; every
    later game's first dealer follows from the results). ``conceded``: per game (from the
    first; missing ones are ``None``), the side that conceded it, its scores as they stood: the
    other side won it as if it pegged out there and then (docs/rules.md 8.4); the match goes on. Invalid games are all reported at
    once (:func:`~service.core.scoring.results.outcomes`, pointers ``<pointer>/games/<i>/...``); a game
    after the match was already decided is an :class:`InvalidEvent`.

    >>> s = match_state([(121, 100), (95, 121)], match_rules=MatchRules("best_of", 3))
    >>> s.points, s.over, s.next_game, s.next_first_dealer
    ((1, 1), False, 3, 0)
    """
    if rules.sides != 2:
        raise InvalidEvent(said("match_sides"), pointer="/variant")
    if first_dealer not in (None, 0, 1):
        raise InvalidEvent(said("first_dealer_side"), pointer=f"{pointer}/first_dealer")
    if len(conceded) > len(games):
        raise InvalidEvent(
            said("match_conceded_count", count=len(conceded), games=len(games)), pointer=f"{pointer}/conceded"
        )
    gave_up = tuple(conceded) + (None,) * (len(games) - len(conceded))
    results = outcomes(
        [GameResult(SIDES, tuple(scores), side) for scores, side in zip(games, gave_up, strict=False)],
        rules,
        base=f"{pointer}/games",
        scores_at="",  # each game is its score line
    )
    target = match_rules.target
    points, won = [0, 0], [0, 0]
    played: list[MatchGame] = []
    dealer = first_dealer
    winner: int | None = None
    decided_by: DecidedBy | None = None
    for index, result in enumerate(results):
        if decided_by is not None:
            raise InvalidEvent(said("match_was_over", index=index), pointer=f"{pointer}/games/{index}")
        gained = [0, 0]
        if result.winner is not None:
            gained[result.winner] = match_rules.points_for(result.skunk_level)
            won[result.winner] += 1
            points[result.winner] += gained[result.winner]
        played.append(
            MatchGame(
                index + 1,
                dealer,
                result.scores,
                result.winner,
                result.skunk_level,
                (gained[0], gained[1]),
                result.conceded_by,
            )
        )
        winner, decided_by = _decision(match_rules, result, points, len(played))
        dealer = _next_dealer(result.winner, dealer, match_rules.next_first_dealer)
    over = decided_by is not None
    return MatchState(
        tuple(played),
        (points[0], points[1]),
        (won[0], won[1]),
        target,
        over,
        winner,
        over and winner is None,
        decided_by,
        None if over else len(played) + 1,
        None if over else dealer,
    )


def _decision(
    match_rules: MatchRules, result: Outcome, points: list[int], played: int
) -> tuple[int | None, DecidedBy | None]:
    """Whether the match is decided after ``played`` games, the last one's ``result``: its winner
    (``None`` for a draw) and how (``None``: not decided yet)."""
    target = match_rules.target
    if result.winner is not None and result.skunk_level >= 3 and match_rules.triple_skunk_wins:
        return result.winner, "triple_skunk"
    if target is not None and max(points) >= target:
        return points.index(max(points)), "points"
    if target is None and played == match_rules.length:
        return (None if points[0] == points[1] else points.index(max(points))), "games"
    return None, None


def _next_dealer(winner: int | None, dealer: int | None, rule: NextFirstDealer) -> int | None:
    """Who deals first in the next game. A drawn game has no loser: the deal alternates."""
    if winner is None or rule == "alternate":
        return None if dealer is None else 1 - dealer
    return 1 - winner if rule == "loser" else winner


@dataclass(frozen=True, slots=True)
class MatchContext:
    """A game's place in a match it is played in (the game API keeps it in the game's state):
    the match's rules, the side that dealt first in the match's first game, and the final
    scores of the games before this one, side 0 first; ``conceded``: for those games, the side
    that conceded each (``None``: played out), or empty when none was conceded.

    >>> context = MatchContext(MatchRules("best_of", 3), first_dealer=0)
    >>> second = context.following(STANDARD, (121, 100))
    >>> second.games, second.game, second.opening_dealer(STANDARD)
    (((121, 100),), 2, 1)
    >>> second.following(STANDARD, (121, 80)).games
    Traceback (most recent call last):
    ...
    service.core.errors.MatchOver: the match is over: side 0 won it, 2 match points to 0
    """

    rules: MatchRules
    first_dealer: int
    games: tuple[tuple[int, ...], ...] = ()
    conceded: tuple[int | None, ...] = ()

    @property
    def game(self) -> int:
        """This game's number in the match, from 1."""
        return len(self.games) + 1

    def so_far(self, rules: Rules, scores: Sequence[int] | None = None, conceded_by: int | None = None) -> MatchState:
        """The match before this game, or with it once it ended with ``scores`` (conceded by
        the side ``conceded_by``, if it was)."""
        if scores is None:
            return match_state(self.games, rules, self.rules, first_dealer=self.first_dealer, conceded=self.conceded)
        gave_up = (*self.conceded, *(None,) * (len(self.games) - len(self.conceded)), conceded_by)
        return match_state(
            (*self.games, tuple(scores)), rules, self.rules, first_dealer=self.first_dealer, conceded=gave_up
        )

    def opening_dealer(self, rules: Rules) -> int:
        """Who deals first in this game: the side the match's rules say (the loser of the last
        game, by default); :class:`MatchOver` if the games before it ended the match."""
        before = self.so_far(rules)
        if before.next_first_dealer is None:
            raise MatchOver(_over(before), pointer="/state")
        return before.next_first_dealer

    def following(self, rules: Rules, scores: Sequence[int], conceded_by: int | None = None) -> MatchContext:
        """The next game's context, after this one ended with ``scores`` (conceded by the side
        ``conceded_by``, if it was); :class:`MatchOver` if it ended the match."""
        after = self.so_far(rules, scores, conceded_by)
        if after.over:
            raise MatchOver(_over(after), pointer="/state")
        gave_up = tuple(game.conceded_by for game in after.games)
        return MatchContext(
            self.rules,
            self.first_dealer,
            tuple(game.scores for game in after.games),
            gave_up if any(side is not None for side in gave_up) else (),
        )


def _over(state: MatchState) -> Said:
    high, low = max(state.points), min(state.points)
    if state.winner is None:
        return said("match_over_drawn", high=high, low=low)
    key = "match_over_triple" if state.decided_by == "triple_skunk" else "match_over_won"
    return said(key, side=state.winner, high=high, low=low)


__all__ = [
    "FORMATS",
    "NEXT_FIRST_DEALER",
    "MatchRules",
    "match_rules_for_scheme",
    "match_rules_from",
    "MATCH_SCHEMES",
    "MatchGame",
    "MatchState",
    "match_state",
    "MatchContext",
]
