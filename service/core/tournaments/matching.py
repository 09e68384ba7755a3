"""A maximum matching of a general graph (Edmonds' blossom algorithm), kept while its vertices are
paired off: the oracle that tells a Swiss pairing whether the players still unpaired can all be paired."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


class Matching:
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

    def snapshot(self) -> tuple[list[int], list[bool]]:
        """The matching as it is, for :meth:`restore` when a search backs out of a choice."""
        return self.mate.copy(), self.alive.copy()

    def restore(self, saved: tuple[list[int], list[bool]]) -> None:
        self.mate[:], self.alive[:] = saved

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


__all__ = ["Matching"]
