"""Elimination brackets that advance: single or double elimination, byes to the top seeds, and
the bracket's state from the results so far.

The winners' bracket is the ACC playoff bracket of :func:`service.core.tournaments.brackets.bracket`
(standard seeding, seed ``s`` against ``size + 1 - s``; the byes, size minus entrants, fall to
the top seeds: docs/rules.md 8.1), with every entrant in it. A double-elimination bracket adds the
losers' bracket and a grand final:

* Losers' round 1 pairs the losers of winners' round 1 in bracket order. Each later winners'
  round r drops its losers into a losers' round of their own, against the survivors so far
  (their order reversed in one drop-in round and swapped by halves in the next, so that a
  player does not at once meet the one who just lost beside them), and between two drop-in
  rounds the survivors play each other. So ``2 (k - 1)`` losers' rounds for a bracket of
  ``2^k``, and every entrant is out after two losses.
* The grand final: the winners' champion (no loss) against the losers' champion (one loss).
  With ``bracket_reset`` (the default) a win by the losers' champion levels them at one loss
  each and a second final is played, so that nobody is eliminated by a first loss; without it
  the first final decides (quicker, but the winners' champion can go out on one loss).
* A bye leaves a slot empty; a losers'-bracket match fed only by byes is left out, and a match
  with one empty slot is a ``bye``: its one player goes through without playing.

A result (by match id) is the games of that match, each the two slots' scores in slot order:
one game decides it, or, with :class:`~service.core.scoring.match.MatchRules`, the match they make
(best of 3, first to 7 match points, ...). Match status: ``waiting`` (a player not known yet),
``ready`` (both known, no result: it can be played now), ``played``, ``bye``, and
``not_needed`` (the reset final after the winners' champion won the first).

>>> state = elimination(4, double=True, results={1: [(121, 100)], 2: [(121, 90)]})
>>> [(m.id, m.bracket, m.round, m.seeds, m.status) for m in state.matches]  # doctest: +NORMALIZE_WHITESPACE
[(1, 'winners', 1, (1, 4), 'played'), (2, 'winners', 1, (2, 3), 'played'),
 (3, 'winners', 2, (1, 2), 'ready'), (4, 'losers', 1, (4, 3), 'ready'),
 (5, 'losers', 2, (None, None), 'waiting'), (6, 'final', 1, (None, None), 'waiting'),
 (7, 'final', 2, (None, None), 'waiting')]
>>> state.ready, state.champion
((3, 4), None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import CribbageError, InvalidEvent
from ..refusals import said
from ..rules import STANDARD, Rules
from ..scoring.match import MatchRules, match_state
from ..scoring.results import GameResult, outcomes, raise_together
from ..vocabulary import BracketName, BracketStatus, SourceKind
from .brackets import MAX_QUALIFIERS, Bracket, bracket

Games = Sequence[Sequence[int]]  # a bracket match's result: its games, scores in slot order


@dataclass(frozen=True, slots=True)
class Source:
    """Where a slot's player comes from: ``seed`` (``ref`` the seed), the ``winner`` or the
    ``loser`` of an earlier match (``ref`` its id), or ``none`` (a bye: nobody)."""

    kind: SourceKind
    ref: int | None = None


NOBODY = Source("none")


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A match and its state. ``bracket``: ``winners``, ``losers`` or ``final`` (round 2 of the
    final is the reset). ``seeds``: who is in each slot, when known. ``winner``/``loser``: seeds,
    once decided (a bye has a winner and no loser)."""

    id: int
    bracket: BracketName
    round: int
    sources: tuple[Source, Source]
    seeds: tuple[int | None, int | None]
    status: BracketStatus
    winner: int | None
    loser: int | None


@dataclass(frozen=True, slots=True)
class Entrant:
    """An entrant's record so far: matches won and lost, and whether still in."""

    seed: int
    player: str | None
    matches_won: int
    matches_lost: int
    eliminated: bool


@dataclass(frozen=True, slots=True)
class BracketRound:
    bracket: BracketName
    round: int
    matches: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EliminationState:
    """The bracket as it stands. ``ready``: ids of the matches that can be played now (who plays
    next). ``champion``: a seed, once the last match is decided. ``players``: names by seed."""

    double: bool
    bracket_reset: bool
    entrants: int
    size: int
    players: tuple[str, ...] | None
    matches: tuple[BracketMatch, ...]
    ready: tuple[int, ...]
    champion: int | None
    standing: tuple[Entrant, ...]

    @property
    def over(self) -> bool:
        return self.champion is not None

    @property
    def rounds(self) -> tuple[BracketRound, ...]:
        """The matches grouped by bracket and round, in playing order."""
        groups: dict[tuple[BracketName, int], list[int]] = {}
        for m in self.matches:
            groups.setdefault((m.bracket, m.round), []).append(m.id)
        return tuple(BracketRound(b, r, tuple(ids)) for (b, r), ids in groups.items())

    def name(self, seed: int | None) -> str | None:
        """The player of a seed, when players were named."""
        return None if seed is None or self.players is None else self.players[seed - 1]


@dataclass(frozen=True, slots=True)
class _Spec:
    id: int
    bracket: BracketName
    round: int
    sources: tuple[Source, Source]


def _structure(
    entrants: int, players: Sequence[str] | None, double: bool, bracket_reset: bool
) -> tuple[int, tuple[str, ...] | None, list[_Spec]]:
    """The bracket's matches in playing order (every source refers to an earlier match)."""
    if not 2 <= entrants <= MAX_QUALIFIERS:
        raise InvalidEvent(said("bracket_entrants", most=MAX_QUALIFIERS, count=entrants), pointer="/entrants")
    winners = bracket(entrants, entrants, players=players)
    specs, bye_ids = _winners_specs(winners)
    if not double:
        return winners.size, winners.players, specs
    rounds = [[m.id for m in matches] for matches in winners.rounds]
    losers_champion = _LosersBracket(specs, bye_ids).build(rounds)
    next_id = len(specs) + 1
    final = (Source("winner", rounds[-1][0]), losers_champion)
    specs.append(_Spec(next_id, "final", 1, final))
    if bracket_reset:
        specs.append(_Spec(next_id + 1, "final", 2, final))
    return winners.size, winners.players, specs


def _winners_specs(winners: Bracket) -> tuple[list[_Spec], set[int]]:
    """The winners' bracket's matches, and the ids of its byes."""
    specs: list[_Spec] = []
    bye_ids: set[int] = set()
    for number, matches in enumerate(winners.rounds, start=1):
        for m in matches:
            if m.winners_of is None:
                assert m.high_seed is not None
                low = NOBODY if m.low_seed is None else Source("seed", m.low_seed)
                sources = (Source("seed", m.high_seed), low)
                if m.low_seed is None:
                    bye_ids.add(m.id)
            else:
                sources = (Source("winner", m.winners_of[0]), Source("winner", m.winners_of[1]))
            specs.append(_Spec(m.id, "winners", number, sources))
    return specs, bye_ids


class _LosersBracket:
    """The losers' bracket, added to ``specs`` match by match (ids after the winners' bracket's)."""

    def __init__(self, specs: list[_Spec], bye_ids: set[int]) -> None:
        self.specs = specs
        self.bye_ids = bye_ids
        self.next_id = len(specs) + 1
        self.void: set[int] = set()  # losers'-bracket matches no one can reach (both slots fed by byes)

    def loser(self, match_id: int) -> Source:
        return NOBODY if match_id in self.bye_ids else Source("loser", match_id)

    def winner(self, match_id: int) -> Source:
        return NOBODY if match_id in self.void else Source("winner", match_id)

    def add(self, number: int, a: Source, b: Source) -> int:
        if a == NOBODY and b == NOBODY:
            key = -(len(self.void) + 1)  # a placeholder id that stands for nobody
            self.void.add(key)
            return key
        self.specs.append(_Spec(self.next_id, "losers", number, (a, b)))
        if NOBODY in (a, b):
            self.bye_ids.add(self.next_id)
        self.next_id += 1
        return self.next_id - 1

    def build(self, rounds: list[list[int]]) -> Source:
        """Add the losers' bracket of the winners' ``rounds`` (match ids); return where its champion comes from."""
        if len(rounds) == 1:
            return Source("loser", rounds[-1][0])
        first = rounds[0]
        survivors = [
            self.winner(self.add(1, self.loser(first[i]), self.loser(first[i + 1]))) for i in range(0, len(first), 2)
        ]
        lb_round = 1
        for r, ids in enumerate(rounds[1:], start=2):
            dropped = [self.loser(i) for i in ids]
            # Alternate the drop-in order so a player does not meet at once the one beside them.
            dropped = dropped[::-1] if r % 2 == 0 else dropped[len(dropped) // 2 :] + dropped[: len(dropped) // 2]
            lb_round += 1
            survivors = [self.winner(self.add(lb_round, s, d)) for s, d in zip(survivors, dropped)]
            if len(survivors) > 1:
                lb_round += 1
                survivors = [
                    self.winner(self.add(lb_round, survivors[i], survivors[i + 1])) for i in range(0, len(survivors), 2)
                ]
        return survivors[0]


def _decide(games: Games, rules: Rules, match_rules: MatchRules | None, where: str) -> int:
    """The winning slot of a bracket match from its games (one game, or a match)."""
    if match_rules is None:
        if len(games) != 1:
            raise InvalidEvent(said("one_game_decides", count=len(games)), pointer=f"{where}/games")
        (result,) = outcomes(
            [GameResult(("slot 0", "slot 1"), tuple(games[0]))], rules, base=f"{where}/games", scores_at=""
        )
        if result.winner is None:
            raise InvalidEvent(said("bracket_drawn_game"), pointer=f"{where}/games/0")
        return result.winner
    state = match_state(games, rules, match_rules, pointer=where)
    if not state.over or state.winner is None:
        raise InvalidEvent(
            said("bracket_match_drawn")
            if state.over
            else said("bracket_match_not_over", a=state.points[0], b=state.points[1]),
            pointer=f"{where}/games",
        )
    return state.winner


def elimination(
    entrants: int,
    *,
    players: Sequence[str] | None = None,
    double: bool = False,
    bracket_reset: bool = True,
    results: Mapping[int, Games] | None = None,
    rules: Rules = STANDARD,
    match_rules: MatchRules | None = None,
) -> EliminationState:
    """A single- or double-elimination bracket for ``entrants`` (seeded in the order of
    ``players`` when named), advanced by ``results``: match id to the games that decided it,
    each game's scores in the match's slot order. Errors point at ``/results/<id>...``: an
    unknown match, a result for a match whose players are not both known yet (or a bye, or a
    reset final that is not needed), an invalid game, a match with no winner; every bad result
    in one error (:func:`~service.core.scoring.results.raise_together`), but not the matches waiting
    only on a refused one.

    >>> single = elimination(3, players=["ann", "bob", "cy"], results={2: [(90, 121)], 3: [(121, 70)]})
    >>> [(m.id, m.seeds, m.status, m.winner) for m in single.matches]
    [(1, (1, None), 'bye', 1), (2, (2, 3), 'played', 3), (3, (1, 3), 'played', 1)]
    >>> single.name(single.champion)
    'ann'
    """
    if rules.sides != 2:  # every match of a bracket is between two sides
        raise InvalidEvent(said("match_sides"), pointer="/variant")
    size, names, specs = _structure(entrants, players, double, bracket_reset)
    given = dict(results or {})
    ids = {spec.id for spec in specs}
    errors: list[CribbageError] = [
        InvalidEvent(said("no_such_match", match=match_id, count=len(specs)), pointer=f"/results/{match_id}")
        for match_id in given
        if match_id not in ids
    ]
    progress = _Progress(given, rules, match_rules, errors)
    for spec in specs:
        progress.advance(spec)
    raise_together(errors, "results")
    states = progress.states
    champion = _champion(states, double)
    standing = _standing(states, specs, entrants, names, bracket_reset)
    ready = tuple(m.id for m in states if m.status == "ready")
    return EliminationState(
        double, bracket_reset and double, entrants, size, names, tuple(states), ready, champion, standing
    )


# Why a match that is not ``ready`` cannot have a result, by its status.
_NO_RESULT = {"bye": "no_result_bye", "not_needed": "no_result_not_needed", "waiting": "no_result_waiting"}


class _Progress:
    """The bracket's matches decided one by one in playing order, from the ``given`` results;
    the errors of the refused results are added to ``errors``."""

    def __init__(
        self, given: dict[int, Games], rules: Rules, match_rules: MatchRules | None, errors: list[CribbageError]
    ) -> None:
        self.given = given
        self.rules = rules
        self.match_rules = match_rules
        self.errors = errors
        self.refused: set[int] = set()  # matches whose result was refused: who comes out of them is unknown
        self.won: dict[int, int | None] = {}
        self.lost: dict[int, int | None] = {}
        self.states: list[BracketMatch] = []

    def player(self, source: Source) -> int | None:
        if source.kind == "seed":
            return source.ref
        decided = self.won if source.kind == "winner" else self.lost if source.kind == "loser" else {}
        return decided.get(source.ref or 0)

    def status(self, spec: _Spec, seeds: tuple[int | None, int | None]) -> BracketStatus:
        """The match's status before its result (if any) is read."""
        if spec.bracket == "final" and spec.round == 2:
            first = self.states[-1]
            if first.status == "played" and first.winner == first.seeds[0]:
                return "not_needed"  # the winners' champion won: no loss to level
            return "waiting" if first.status != "played" else "ready"
        if NOBODY in spec.sources:
            return "bye"
        return "ready" if None not in seeds else "waiting"

    def advance(self, spec: _Spec) -> None:
        """Decide the match ``spec`` from its players and its result, if any."""
        seeds = (self.player(spec.sources[0]), self.player(spec.sources[1]))
        status = self.status(spec, seeds)
        winner = loser = None
        if status == "bye":
            winner = seeds[0] if spec.sources[1] == NOBODY else seeds[1]
        upstream = {s.ref for s in spec.sources if s.kind in ("winner", "loser")}
        if spec.bracket == "final" and spec.round == 2:
            upstream.add(self.states[-1].id)
        if spec.id in self.given and status == "waiting" and self.refused & upstream:
            self.refused.add(spec.id)  # waiting only on a refused result: that one is the error
        elif spec.id in self.given:
            where = f"/results/{spec.id}"
            try:
                if status != "ready":
                    raise InvalidEvent(said(_NO_RESULT[status], match=spec.id), pointer=where)
                side = _decide(self.given[spec.id], self.rules, self.match_rules, where)
            except CribbageError as error:
                self.errors.append(error)
                self.refused.add(spec.id)
            else:
                winner, loser = seeds[side], seeds[1 - side]
                status = "played"
        self.won[spec.id], self.lost[spec.id] = winner, loser
        self.states.append(BracketMatch(spec.id, spec.bracket, spec.round, spec.sources, seeds, status, winner, loser))


def _standing(
    states: Sequence[BracketMatch],
    specs: Sequence[_Spec],
    entrants: int,
    names: tuple[str, ...] | None,
    bracket_reset: bool,
) -> tuple[Entrant, ...]:
    """Each entrant's matches won and lost, and whether out (a loss that feeds no losers'
    match and is not levelled by a reset final)."""
    feeds = {s.ref for spec in specs for s in spec.sources if s.kind == "loser"}
    wins = [0] * entrants
    losses = [0] * entrants
    out = [False] * entrants
    for m in states:
        if m.status != "played" or m.winner is None or m.loser is None:
            continue
        wins[m.winner - 1] += 1
        losses[m.loser - 1] += 1
        reset_follows = m.bracket == "final" and m.round == 1 and bracket_reset and m.winner == m.seeds[1]
        if m.id not in feeds and not reset_follows:
            out[m.loser - 1] = True
    return tuple(
        Entrant(s, None if names is None else names[s - 1], wins[s - 1], losses[s - 1], out[s - 1])
        for s in range(1, entrants + 1)
    )


def _champion(matches: Sequence[BracketMatch], double: bool) -> int | None:
    """Single: the final's winner. Double: the first final's winner if it needs no reset (won by
    the winners' champion, or no reset is played), else the reset's."""
    if not double:
        return matches[-1].winner
    finals = [m for m in matches if m.bracket == "final"]
    first = finals[0]
    if first.status == "played" and (len(finals) == 1 or first.winner == first.seeds[0]):
        return first.winner
    return finals[1].winner if len(finals) > 1 else None


__all__ = [
    "Source",
    "BracketMatch",
    "BracketRound",
    "Entrant",
    "EliminationState",
    "elimination",
]
