"""Who plays whom: a round-robin schedule, and Swiss pairings for the next round.

docs/rules.md 8.1 finds no ACC-mandated pairing algorithm ("the service should accept an explicit
schedule or generate a round-robin / rotating schedule"); these are the two a director needs.

**Round robin** (:func:`round_robin`) by the circle method: one player stays put while the
others rotate one place a round, so after ``n - 1`` rounds (``n`` when ``n`` is odd, one
player sitting out each round) every pair has met exactly once.

>>> for r in round_robin(["ann", "bob", "cy", "dee"]).rounds:
...     print(r.number, [p.players for p in r.pairings], r.bye)
1 [('ann', 'dee'), ('bob', 'cy')] None
2 [('ann', 'cy'), ('dee', 'bob')] None
3 [('ann', 'bob'), ('cy', 'dee')] None

**Swiss** (:func:`swiss_pairings`), for fields too large to play everyone: players are ranked by
game points so far, each score group is split into a top and a bottom half that meet (the
FIDE Dutch system's first principle: 1 v 5, 2 v 6, 3 v 7, 4 v 8 in a group of eight), a player
left over floats down to the next group, nobody meets an opponent twice, and with an odd field
the bye goes to the lowest-ranked player who has not had one (among those whose absence leaves
the rest pairable without a repeat; when no such player is without a bye, a second bye comes
before a repeated pairing, again to the lowest-ranked who can take it). The pairing never fails when a
pairing without repeats exists: each choice is accepted only if the players still unpaired can
all be paired (Edmonds' blossom algorithm keeps a perfect matching of them at hand, and a
choice that breaks it must be repaired by one augmenting path, or is refused).

>>> first = swiss_pairings([f"p{i}" for i in range(1, 9)], [], STANDARD)
>>> [p.players for p in first.pairings]
[('p1', 'p5'), ('p2', 'p6'), ('p3', 'p7'), ('p4', 'p8')]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..errors import InvalidEvent
from ..refusals import said
from ..rules import STANDARD, Rules
from ..scoring.results import GameResult, outcomes


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two players at one board (table), numbered from 1 in each round."""

    board: int
    players: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its pairings by board, and the player sitting out (``None`` when nobody)."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: str | None


@dataclass(frozen=True, slots=True)
class Schedule:
    players: tuple[str, ...]
    rounds: tuple[Round, ...]


MAX_PLAYERS = 1024  # 523,776 games in a full round robin: past that nobody prints the schedule


def distinct_names(players: Sequence[str], pointer: str = "/players", *, least: int = 2) -> tuple[str, ...]:
    """The players as a tuple, or :class:`InvalidEvent` for a name given twice or too few names.

    >>> distinct_names(["ann", "bob", "ann"])
    Traceback (most recent call last):
    ...
    service.core.errors.InvalidEvent: 'ann' is named twice
    """
    if not least <= len(players) <= MAX_PLAYERS:
        raise InvalidEvent(
            said("event_players_range", least=least, most=MAX_PLAYERS, count=len(players)), pointer=pointer
        )
    seen: set[str] = set()
    for index, name in enumerate(players):
        if name in seen:
            raise InvalidEvent(said("named_twice", name=name), pointer=f"{pointer}/{index}")
        seen.add(name)
    return tuple(players)


def round_robin(players: Sequence[str]) -> Schedule:
    """Every pair of ``players`` exactly once, by the circle method.

    With an even field the first player stays at board 1 and the others rotate one seat each
    round; ``n - 1`` rounds. With an odd field a phantom player joins and whoever draws the
    phantom sits out (the round's ``bye``): ``n`` rounds, each player sitting out once.
    Boards are numbered in seat order; within a pairing the order carries no meaning (the
    first deal is cut for, docs/rules.md 6).

    >>> [r.bye for r in round_robin(["a", "b", "c"]).rounds]
    ['a', 'b', 'c']
    """
    names = distinct_names(players)
    seats: list[str | None] = [*names, None] if len(names) % 2 else list(names)
    size = len(seats)
    fixed, ring = seats[0], seats[1:]
    rounds: list[Round] = []
    for number in range(1, size):
        # Rotating the ring one place a round moves everyone past everyone else exactly once.
        shift = (number - 1) % len(ring)
        order = [fixed, *ring[len(ring) - shift :], *ring[: len(ring) - shift]]
        pairings: list[Pairing] = []
        bye = None
        for seat in range(size // 2):
            a, b = order[seat], order[size - 1 - seat]
            if a is None or b is None:
                bye = b if a is None else a
            else:
                pairings.append(Pairing(len(pairings) + 1, (a, b)))
        rounds.append(Round(number, tuple(pairings), bye))
    return Schedule(names, tuple(rounds))


# --- Swiss ------------------------------------------------------------------------------------


class _Matching:
    """A maximum matching of a general graph by Edmonds' blossom algorithm, kept while vertices
    are paired off and removed one pair at a time.

    Vertices are ``0 .. n-1``; ``allowed[v]`` are the vertices ``v`` may be paired with.
    (The search is the textbook one: grow an alternating tree from a free vertex, shrink each
    odd cycle found into its base, stop at another free vertex.)
    """

    def __init__(self, allowed: Sequence[frozenset[int]], alive: Sequence[bool]) -> None:
        self.allowed = allowed
        self.alive = list(alive)
        self.mate = [-1] * len(allowed)

    def maximise(self) -> bool:
        """Match greedily, then augment from each free vertex; true if every live vertex is matched.

        A free vertex with no augmenting path now never gains one later in this loop (Edmonds),
        so one pass over the vertices gives a maximum matching.
        """
        mate, alive = self.mate, self.alive
        for v, others in enumerate(self.allowed):
            if alive[v] and mate[v] == -1:
                for w in others:
                    if alive[w] and mate[w] == -1:
                        mate[v], mate[w] = w, v
                        break
        for v in range(len(mate)):
            if alive[v] and mate[v] == -1:
                self._augment_from(v)
        return all(mate[v] != -1 for v in range(len(mate)) if alive[v])

    def pair_off(self, a: int, b: int) -> bool:
        """Remove ``a`` and ``b`` as a pair if the others can still all be matched; else change nothing.

        The matching is perfect on entry. If it pairs ``a`` with ``b`` already, nothing to do.
        Otherwise taking ``a`` and ``b`` out frees their two mates, and the rest is perfectly
        matchable exactly when an augmenting path joins those two (Berge).
        """
        mate, alive = self.mate, self.alive
        a2, b2 = mate[a], mate[b]
        alive[a] = alive[b] = False
        mate[a] = mate[b] = -1
        if a2 == b:
            return True
        mate[a2] = mate[b2] = -1
        # Either end finds the path if there is one; when there is none the search explores all it
        # can reach first, so start from the end with fewer partners: a player cut off from nearly
        # the whole field (the one a refused pairing strands) fails at once, where the other end
        # would search the whole field, once for every refused choice.
        start = a2 if len(self.allowed[a2]) <= len(self.allowed[b2]) else b2
        if self._augment_from(start):
            return True
        alive[a] = alive[b] = True
        mate[a], mate[a2], mate[b], mate[b2] = a2, a, b2, b
        return False

    def set_aside(self, v: int) -> None:
        """Remove ``v``, which :meth:`exposable` allowed, keeping every other vertex matched.

        ``v``'s mate is left free beside the one free vertex there was, and an augmenting path
        joins the two, since a perfect matching without ``v`` exists.
        """
        partner = self.mate[v]
        self.alive[v] = False
        self.mate[v] = -1
        if partner != -1:
            self.mate[partner] = -1
            found = self._augment_from(partner)
            assert found, "set_aside takes only a vertex exposable() allowed"

    def exposable(self, root: int) -> list[bool]:
        """With a maximum matching leaving only ``root`` free, the vertices some maximum matching
        leaves free: those without which the others can all be matched.

        They are the even (outer) vertices of the alternating tree grown from ``root``, blossoms
        included (the Gallai-Edmonds decomposition): one search, where trying each vertex in turn
        took a whole matching each.
        """
        even = [False] * len(self.mate)
        found = self._augment_from(root, even)
        assert not found, "the matching was not maximum"
        return even

    def _augment_from(self, root: int, used: list[bool] | None = None) -> bool:  # noqa: C901 (Edmonds: one search over shared arrays, kept whole for speed)
        mate, alive, allowed = self.mate, self.alive, self.allowed
        n = len(mate)
        if used is not None:
            used[root] = True
        reachable = False
        for to in allowed[root]:
            # A free neighbour is the shortest augmenting path, and in the dense graphs of a
            # Swiss round (few have met) the usual one: take it before growing a tree, whose
            # every blossom costs a pass over all the vertices. No live neighbour: no path, and
            # nothing to set up (a refused pairing often strands a player so).
            if alive[to]:
                reachable = True
                if mate[to] == -1:
                    mate[root], mate[to] = to, root
                    return True
        if not reachable:
            return False
        if used is None:
            used = [False] * n
            used[root] = True
        parent = [-1] * n
        base = list(range(n))
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, stop: int, child: int, blossom: list[bool]) -> None:
            while base[v] != stop:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in allowed[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    # An odd cycle: shrink it into its base and keep growing from its vertices.
                    stop = common_base(v, to)
                    blossom = [False] * n
                    mark(v, stop, to, blossom)
                    mark(to, stop, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = stop
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:  # flip the path: every edge on it changes sides
                            back = parent[to]
                            after = mate[back]
                            mate[to], mate[back] = back, to
                            to = after
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False


@dataclass(frozen=True, slots=True)
class SwissStanding:
    """A player's place for pairing: ``score`` is game points plus a plain win's worth per bye."""

    player: str
    score: int
    games: int
    games_won: int
    spread: int
    byes: int
    opponents: frozenset[str]


def swiss_ranking(
    players: Sequence[str],
    games: Sequence[GameResult],
    rules: Rules = STANDARD,
    *,
    byes: Sequence[str] = (),
    withdrawn: Collection[str] = (),
    awarded: Mapping[str, int] | None = None,
) -> tuple[SwissStanding, ...]:
    """The field ranked for pairing: score, then wins, then spread, then the order ``players``
    were given in (the seeding). A bye counts as a plain win: the game points of a win with no
    skunk and one win (``rules.game_points[0]``), the ACC award for an opponent who does not
    play (docs/rules.md 8.1, "awarded a win"), with no spread. ``withdrawn``: players who left
    the event, named in ``games`` but not paired (their games count for their opponents);
    ``awarded``: game points a director gave outside the games (a late entry's)."""
    names = distinct_names(players)
    index = {name: i for i, name in enumerate(names)}
    if rules.sides != 2:
        raise InvalidEvent(said("swiss_two_sided"), pointer="/rules")
    results = outcomes(games, rules)
    gone = frozenset(withdrawn)
    for g, game in enumerate(games):
        for slot, name in enumerate(game.players):
            if name not in index and name not in gone:
                raise InvalidEvent(said("not_a_player", name=name), pointer=f"/games/{g}/players/{slot}")
    bye_count = dict.fromkeys(names, 0)
    for b, name in enumerate(byes):
        if name not in index:
            raise InvalidEvent(said("not_a_player", name=name), pointer=f"/byes/{b}")
        bye_count[name] += 1
    win_points = rules.game_points[0]
    score = {name: bye_count[name] * win_points + (awarded or {}).get(name, 0) for name in names}
    wins = dict(bye_count)
    spread = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    met: dict[str, set[str]] = {name: set() for name in names}
    for game, result in zip(games, results):
        first, second = game.players
        met.setdefault(first, set()).add(second)
        met.setdefault(second, set()).add(first)
        for side, name in enumerate(game.players):
            if name not in index:
                continue
            played[name] += 1
            score[name] += result.game_points[side]
            spread[name] += result.spread[side]
            wins[name] += result.winner == side
    ranked = sorted(names, key=lambda p: (-score[p], -wins[p], -spread[p], index[p]))
    return tuple(
        SwissStanding(p, score[p], played[p], wins[p], spread[p], bye_count[p], frozenset(met[p])) for p in ranked
    )


def swiss_pairings(
    players: Sequence[str],
    games: Sequence[GameResult],
    rules: Rules = STANDARD,
    *,
    byes: Sequence[str] = (),
    withdrawn: Collection[str] = (),
    awarded: Mapping[str, int] | None = None,
) -> Round:
    """The next round's pairings from the results so far (``games``, and the players who have
    had a ``byes`` each; ``withdrawn`` and ``awarded`` as :func:`swiss_ranking` takes them).

    Players are ranked by :func:`swiss_ranking`. The top unpaired player of the top score group
    takes, among the players in their group, the one half-way down it (top half against bottom
    half, the Dutch system), then the others further down, then those above; a player alone in
    a group floats down to the highest-ranked player below. No two players meet twice. With an
    odd field the bye goes to the lowest-ranked player without a bye whose absence leaves the
    rest pairable; only if there is none does a second bye fall to someone (again from the
    bottom). Every choice is accepted only if everyone still unpaired can still be paired, so a
    pairing is found whenever one exists; :class:`InvalidEvent` when none does (after a full
    round robin, say). The round's ``number`` is one more than the most rounds anyone has had.

    >>> games = [GameResult(("p1", "p3"), (121, 100)), GameResult(("p2", "p4"), (121, 100))]
    >>> [p.players for p in swiss_pairings(["p1", "p2", "p3", "p4"], games).pairings]
    [('p1', 'p2'), ('p3', 'p4')]
    """
    ranked = swiss_ranking(players, games, rules, byes=byes, withdrawn=withdrawn, awarded=awarded)
    n = len(ranked)
    position = {s.player: i for i, s in enumerate(ranked)}
    everyone = frozenset(range(n))
    allowed = [everyone - {i, *(position[o] for o in s.opponents if o in position)} for i, s in enumerate(ranked)]
    number = 1 + max(s.games + s.byes for s in ranked)
    matching = _Matching(allowed, [True] * n)
    matching.maximise()
    bye = _bye(ranked, matching, number)
    pairings = _pair_down(ranked, allowed, matching, [i for i in range(n) if i != bye])
    return Round(number, tuple(pairings), None if bye is None else ranked[bye].player)


def _bye(ranked: Sequence[SwissStanding], matching: _Matching, number: int) -> int | None:
    """Who sits out round ``number`` (set aside in ``matching``, a maximum one): nobody in an
    even field; :class:`InvalidEvent` when more than the one bye's player is left unpaired."""
    n = len(ranked)
    free = [v for v in range(n) if matching.mate[v] == -1]
    if n % 2 and len(free) == 1:
        # One search finds every player whose bye leaves the others pairable (see
        # _Matching.exposable); the bye goes to the lowest-ranked of them without a bye, else
        # the lowest-ranked of them. Trying each player from the bottom took a matching each:
        # cubic time when the bottom group cannot take it.
        even = matching.exposable(free[0])
        bye = min((i for i in range(n) if even[i]), key=lambda i: (ranked[i].byes > 0, -i))
        matching.set_aside(bye)
        return bye
    if free:
        raise InvalidEvent(
            said("no_pairing", number=number),
            pointer="/games",
        )
    return None


def _pair_down(
    ranked: Sequence[SwissStanding], allowed: Sequence[frozenset[int]], matching: _Matching, unpaired: list[int]
) -> list[Pairing]:
    """The pairings of the ``unpaired`` (rank order), top first, each choice one that ``matching`` (perfect) accepts."""
    pairings: list[Pairing] = []
    while unpaired:
        top = unpaired[0]
        group = [i for i in unpaired if ranked[i].score == ranked[top].score]
        half = max(1, len(group) // 2)
        preference = group[half:] + group[half - 1 : 0 : -1] + unpaired[len(group) :]
        # The matching holds a partner for ``top`` among these, so some choice is accepted.
        partner = next(b for b in preference if b in allowed[top] and matching.pair_off(top, b))
        pairings.append(Pairing(len(pairings) + 1, (ranked[top].player, ranked[partner].player)))
        unpaired = [i for i in unpaired if i not in (top, partner)]
    return pairings


__all__ = [
    "Pairing",
    "Round",
    "Schedule",
    "SwissStanding",
    "distinct_names",
    "round_robin",
    "swiss_ranking",
    "swiss_pairings",
]
