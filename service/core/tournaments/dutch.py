"""A Swiss round paired bracket by bracket in the order of the FIDE Dutch system (C.04.3).

The players still to pair, in rank order, fall into score groups. Each group, with the players
who floated down into it from above (they come first), is a *bracket*, paired top down:

1. As many pairs as possible inside the bracket (FIDE C.6: the fewest players moved down), such
   that everyone below can still be paired without a repeat (C.4, the completion criterion): the
   :class:`~.matching.Matching` kept on every player still unpaired says so for each pair tried;
   then as many of the players who floated in paired as can be (C.6 again: they are not moved
   down twice while a resident could go instead).
2. Among the pairings with that many pairs, the first in the Dutch order: the players who floated
   in take the highest residents; then the residents' top half (S1) meets the bottom half (S2), 1 v 5,
   2 v 6 ... in a group of eight; when that pair is taken or would strand the rest, the next of S2
   (a transposition), then one of S1 from the bottom of S1 (an exchange); a player is moved down
   only when nothing inside the bracket works, and the lowest first.
3. Whoever is left floats down into the next bracket.

The search is complete (every pairing of the bracket can be reached) and bounded: a bracket
tries at most ``BUDGET_BASE + BUDGET_PER_PLAYER * size`` pairs over all the numbers of pairs it
tries, and then takes the pairs the matching already holds inside it, which always work. So more players move down only when the search
cannot find a way to keep them, and the round is always paired.

>>> everyone = frozenset(range(6))
>>> allowed = [everyone - {v} for v in range(6)]
>>> allowed[0] -= {2}; allowed[2] -= {0}  # 0 and 2 have met: 0 takes 3, a transposition
>>> from .matching import Matching
>>> m = Matching(allowed, [True] * 6); m.maximise()
True
>>> pair_brackets([2, 2, 2, 2, 0, 0], allowed, m, list(range(6)))
[(0, 3), (1, 2), (4, 5)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .matching import Matching

FLOAT = -1  # the choice of moving a player down into the next bracket
# Pairs tried (each one check of the matching) in a bracket, past which the search stops: a
# bracket of 64 tries up to 576 pairs; an ordinary round tries one per pair it makes.
BUDGET_PER_PLAYER = 8
BUDGET_BASE = 64


def pair_brackets(
    scores: Sequence[int], allowed: Sequence[frozenset[int]], matching: Matching, unpaired: Sequence[int]
) -> list[tuple[int, int]]:
    """The pairs of the ``unpaired`` players (indices in rank order, ``scores`` by index, scores
    never rising), each pair one ``matching`` (perfect on them) accepts, in the Dutch order."""
    groups: list[list[int]] = []
    for v in unpaired:
        if groups and scores[groups[-1][0]] == scores[v]:
            groups[-1].append(v)
        else:
            groups.append([v])
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    for residents in groups:
        bracket = floaters + residents
        chosen = _pair_bracket(bracket, len(floaters), allowed, matching)
        pairs.extend(chosen)
        taken = {v for pair in chosen for v in pair}
        floaters = [v for v in bracket if v not in taken]
    assert not floaters, "the matching was perfect: the last bracket pairs everyone left"
    return pairs


def _pair_bracket(
    bracket: list[int], movers: int, allowed: Sequence[frozenset[int]], matching: Matching
) -> list[tuple[int, int]]:
    """The bracket's pairs: the most it can hold (tried from the most possible down to the number
    the matching holds inside it already), the first such pairing in the Dutch order."""
    position = {v: i for i, v in enumerate(bracket)}
    mate = matching.mate
    held = [(v, mate[v]) for v in bracket if position.get(mate[v], -1) > position[v]]
    most = len(bracket) // 2
    upper = most if len(held) == most else _most_pairs(bracket, allowed)
    bound = BUDGET_BASE + BUDGET_PER_PLAYER * len(bracket)
    budget = [bound]  # pairs tried, shared by every number of pairs tried
    # The choices of movers to keep are bounded apart from the pairs tried (as many): a search that
    # fails at once spends no budget, and there are 2^movers of them (a field built for it took 21 s).
    choices = bound
    for k in range(upper, len(held) - 1, -1):
        # The fewest of the players who floated in moved down again (all of them paired if the
        # bracket can), and of those, the lowest first (the reference's order: C.6, then the
        # highest of them paired).
        for again in range(movers - min(movers, k), movers + 1):
            for kept in combinations(bracket[:movers], movers - again):
                floating = frozenset(bracket[:movers]) - frozenset(kept)
                found = _Search(bracket, movers, k, allowed, matching, budget, floating).run()
                choices -= 1
                if found is not None or budget[0] <= 0 or choices <= 0:
                    break
            if found is not None:
                return found
            if budget[0] <= 0 or choices <= 0:
                break
        if budget[0] <= 0 or choices <= 0:
            break
    for a, b in held:  # mates already: always accepted
        matching.pair_off(a, b)
    return held


def _most_pairs(bracket: list[int], allowed: Sequence[frozenset[int]]) -> int:
    """How many pairs the bracket's players could make among themselves, ignoring everyone else."""
    inside = frozenset(bracket)
    alive = [False] * len(allowed)
    local: list[frozenset[int]] = [frozenset()] * len(allowed)
    for v in bracket:
        alive[v] = True
        local[v] = allowed[v] & inside
    own = Matching(local, alive)
    own.maximise()
    return sum(own.mate[v] != -1 for v in bracket) // 2


def _options(bracket: list[int], movers: int, open_: list[int], top: int, needed: int) -> list[int]:
    """Whom ``top`` (the highest player still open) tries, in the Dutch order, then :data:`FLOAT`.

    A player who floated in takes the highest resident first, then another who floated in. A
    resident of the bracket's top half S1 (the first ``needed`` open residents) takes S2 in order
    (a transposition when not the first), then S1 from its bottom (an exchange).
    """
    floaters = set(bracket[:movers])
    others = [v for v in open_ if v != top]
    if top in floaters:
        choices = [v for v in others if v not in floaters] + [v for v in others if v in floaters]
    else:
        residents = [v for v in open_ if v not in floaters]
        s1, s2 = residents[1:needed], residents[needed:]
        choices = s2 + s1[::-1]
    return [*choices, FLOAT]


class _Search:
    """The first pairing of ``k`` pairs in the Dutch order that ``matching`` accepts pair by pair
    (left applied to it) in which, of the ``movers`` (the players who floated in, first in
    ``bracket``), exactly those in ``floating`` move down again (:meth:`run`; ``None``, the
    matching as it was, when none is found within ``budget``).

    A depth-first search with its stack kept by hand (a bracket can be deeper than Python's
    recursion): each frame is the player deciding, the choices left, and the choice applied.
    For each way the movers are paired (the head), the residents are searched twice: first with
    no resident moved down while it is the highest left, so only those no pair takes, the
    lowest, float (S2's transpositions), then with it (the exchanges); only then does the head
    change (FIDE's order: the movers' pairs, then transpositions, then exchanges)."""

    def __init__(
        self,
        bracket: list[int],
        movers: int,
        k: int,
        allowed: Sequence[frozenset[int]],
        matching: Matching,
        budget: list[int],
        floating: frozenset[int],
    ) -> None:
        self.bracket, self.movers, self.k, self.allowed = bracket, movers, k, allowed
        self.matching, self.budget, self.floating = matching, budget, floating
        self.position = {v: i for i, v in enumerate(bracket)}
        self.open = list(bracket)
        self.pairs: list[tuple[int, int]] = []
        self.stack: list[_Frame] = []
        self.entry = matching.snapshot()
        self.exchanges = False  # the residents' second search, under the current head

    def run(self) -> list[tuple[int, int]] | None:
        stack = self.stack
        if self.descend():
            return self.pairs
        while stack:
            frame = stack[-1]
            if frame.applied is not None:
                self.take_back(frame)
            self.next_choice(frame)
            if frame.applied is not None:
                if self.position[frame.top] < self.movers:
                    self.exchanges = False  # a new head: its residents start with the transpositions
                if self.descend():
                    return self.pairs
                continue
            stack.pop()
            if self.first_resident(frame) and not self.exchanges:
                self.exchanges = True  # the transpositions are spent: the same residents, with exchanges
                self.descend()
        self.matching.restore(self.entry)
        return None

    def descend(self) -> bool:
        """Push the frame of the highest player left; True once ``k`` pairs are made."""
        needed = self.k - len(self.pairs)
        if needed == 0:
            return True
        top = self.open[0]
        choices = _options(self.bracket, self.movers, self.open, top, needed)
        if self.position[top] < self.movers:  # a mover floats again exactly when it is one of ``floating``
            choices = [FLOAT] if top in self.floating else choices[:-1]
        elif not self.exchanges:
            choices = choices[:-1]
        self.stack.append(_Frame(top, choices[::-1]))
        return False

    def first_resident(self, frame: _Frame) -> bool:
        """Whether ``frame`` (just popped) was the residents' first under its head."""
        mover = self.movers
        return self.position[frame.top] >= mover and (not self.stack or self.position[self.stack[-1].top] < mover)

    def take_back(self, frame: _Frame) -> None:
        """Undo ``frame``'s choice (coming back from below)."""
        assert frame.applied is not None
        if frame.applied[0] != FLOAT:
            self.matching.restore(frame.applied[1])
            b = self.pairs.pop()[1]
            where = self.position[b]
            self.open.insert(next((i for i, w in enumerate(self.open) if self.position[w] > where), len(self.open)), b)
        self.open.insert(0, frame.top)
        frame.applied = None

    def next_choice(self, frame: _Frame) -> None:
        """Apply ``frame``'s next choice that works, if any is left."""
        while frame.choices and frame.applied is None:
            b = frame.choices.pop()
            if b == FLOAT:
                if 2 * (self.k - len(self.pairs)) <= len(self.open) - 1:
                    self.open.remove(frame.top)
                    frame.applied = (FLOAT, self.entry)
            elif b in self.allowed[frame.top] and self.budget[0] > 0:
                self.budget[0] -= 1
                saved = self.matching.snapshot()
                if self.matching.pair_off(frame.top, b):
                    self.open.remove(frame.top)
                    self.open.remove(b)
                    self.pairs.append((frame.top, b))
                    frame.applied = (b, saved)


class _Frame:
    """One decision of :class:`_Search`: who decides, the choices left (last first), the one applied."""

    __slots__ = ("applied", "choices", "top")

    def __init__(self, top: int, choices: list[int]) -> None:
        self.top = top
        self.choices = choices
        self.applied: tuple[int, tuple[list[int], list[bool]]] | None = None


__all__ = ["pair_brackets"]
