"""A matching of the largest size and, among those, of the greatest weight, in a general graph:
the Swiss pairing's fallback when no round keeps every pair to avoid apart without repeats
(:func:`.schedules.swiss_pairings`: a fresh pair weighs more than a repeat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class HeaviestMatching:
    """Edmonds' primal-dual method for a matching of the largest size and, among those, of the
    greatest weight, in a general graph (Galil, "Efficient algorithms for finding maximum
    matching in graphs", ACM Computing Surveys 18, 1986: the variant with least-slack edges kept
    per blossom, O(n^3)).

    Vertices ``0 .. n-1``; ``neighbours[v]`` are those ``v`` may be paired with; an edge weighs
    ``lighter[v][w]`` if there is such an entry, else ``heaviest`` (no edge weighs more). ``mate``
    starts the search: pairs of edges of weight ``heaviest`` only (so every dual variable may
    start at half of it, and those pairs are tight). Non-trivial blossoms are numbered
    ``n .. 2n-1``; a dual variable is kept doubled (integers throughout); an edge between two
    blossoms' vertices is a pair ``(x, y)``, read from ``x``'s side.

    Each stage labels the unmatched vertices S and grows alternating trees from them along tight
    edges (zero slack), shrinking each odd cycle of S vertices into a blossom; an edge between two
    trees is an augmenting path. When none is tight, the duals move by the least slack that keeps
    them feasible (S down, T up, blossoms the other way), making a new edge tight or a T-blossom's
    dual zero (the blossom is opened). A stage that finds no path ends the search: the matching
    is then of the largest size and, among those, of the greatest weight.
    """

    def __init__(
        self, neighbours: Sequence[Sequence[int]], lighter: Sequence[Mapping[int, int]], heaviest: int, mate: list[int]
    ) -> None:
        n = len(neighbours)
        self.n = n
        self.neighbours = neighbours
        self.lighter = lighter
        self.heaviest = heaviest
        self.mate = list(mate)
        self.dual = [heaviest] * n + [0] * n
        self.top = list(range(n))  # the outermost blossom holding each vertex
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]  # from the base round the cycle
        self.links: list[list[tuple[int, int]]] = [[] for _ in range(2 * n)]  # child i to child i + 1
        self.base = list(range(n)) + [-1] * n
        self.unused = list(range(2 * n - 1, n - 1, -1))
        # A stage's labels: 1 S, 2 T (5 marks an S-blossom while a cycle is traced); the edge
        # (outside, inside) each labelled blossom was reached by; least-slack edges.
        self.label = [0] * (2 * n)
        self.came: list[tuple[int, int] | None] = [None] * (2 * n)
        self.best: list[tuple[int, int] | None] = [None] * (2 * n)
        self.best_list: list[list[tuple[int, int]] | None] = [None] * (2 * n)
        self.tight = bytearray(n * n)
        self.queue: list[int] = []

    def solve(self) -> list[int]:
        """Each vertex's mate, or -1."""
        while self._stage():
            for b in range(self.n, 2 * self.n):
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == 1 and self.dual[b] == 0:
                    self._expand(b, True)
        return self.mate

    def _slack(self, x: int, y: int) -> int:
        return self.dual[x] + self.dual[y] - 2 * self.lighter[x].get(y, self.heaviest)

    def _leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        found: list[int] = []
        stack = [b]
        while stack:
            c = stack.pop()
            if c < self.n:
                found.append(c)
            else:
                stack.extend(self.children[c])
        return found

    def _allow(self, x: int, y: int) -> None:
        self.tight[x * self.n + y if x < y else y * self.n + x] = 1

    def _stage(self) -> bool:
        """One augmenting path found and used (true), or none is left (false)."""
        n = self.n
        self.label = [0] * (2 * n)
        self.best = [None] * (2 * n)
        self.best_list = [None] * (2 * n)
        self.tight = bytearray(n * n)
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and self.label[self.top[v]] == 0:
                self._assign(v, 1, None)
        while True:
            if self._grow():
                return True
            if not self._adjust():
                return False

    def _grow(self) -> bool:
        """Label along tight edges until the queue of S vertices is empty (false) or a path is
        found and augmented (true); note the least-slack edge to each vertex and S-blossom."""
        n, top, label, best, tight = self.n, self.top, self.label, self.best, self.tight
        while self.queue:
            v = self.queue.pop()
            for w in self.neighbours[v]:
                bv, bw = top[v], top[w]
                if bv == bw:
                    continue
                key = v * n + w if v < w else w * n + v
                gap = 0
                if not tight[key]:
                    gap = self._slack(v, w)
                    if gap <= 0:
                        tight[key] = 1
                if tight[key]:
                    if label[bw] == 0:  # a free blossom: T, and its mate S
                        self._assign(w, 2, (v, w))
                    elif label[bw] == 1:  # another S-blossom: a new blossom or a path
                        base = self._scan(v, w)
                        if base < 0:
                            self._augment(v, w)
                            return True
                        self._add_blossom(base, v, w)
                    elif label[w] == 0:  # inside a T-blossom: reachable, should it be opened
                        label[w] = 2
                        self.came[w] = (v, w)
                elif label[bw] == 1:
                    edge = best[bv]
                    if edge is None or gap < self._slack(*edge):
                        best[bv] = (v, w)
                elif label[w] == 0:
                    edge = best[w]
                    if edge is None or gap < self._slack(*edge):
                        best[w] = (v, w)
        return False

    def _assign(self, w: int, kind: int, came: tuple[int, int] | None) -> None:
        """Label ``w``'s blossom ``kind`` (1 S, 2 T), reached by ``came``; a T-blossom's mate is S."""
        b = self.top[w]
        self.label[w] = self.label[b] = kind
        self.came[w] = self.came[b] = came
        self.best[w] = self.best[b] = None
        if kind == 1:
            self.queue.extend(self._leaves(b))
        else:
            base = self.base[b]
            partner = self.mate[base]
            self._assign(partner, 1, (base, partner))

    def _scan(self, v: int, w: int) -> int:
        """Trace back from the S vertices ``v`` and ``w`` to their roots, in turn: the base of the
        blossom where the two paths meet, or -1 for two trees (an augmenting path)."""
        path: list[int] = []
        base = -1
        x, y = v, w
        while x != -1 or y != -1:
            b = self.top[x]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            came = self.came[b]
            if came is None:
                x = -1
            else:
                t = self.top[came[0]]  # the T-blossom before, and the S vertex before it
                before = self.came[t]
                assert before is not None
                x = before[0]
            if y != -1:
                x, y = y, x
        for b in path:
            self.label[b] = 1
        return base

    def _add_blossom(self, base: int, v: int, w: int) -> None:
        """Shrink the cycle through the tight edge ``(v, w)`` between two S vertices into a new
        S-blossom with ``base``; its T vertices become S (queued)."""
        top, came = self.top, self.came
        bb, bv, bw = top[base], top[v], top[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        children: list[int] = []
        links: list[tuple[int, int]] = []
        while bv != bb:  # from v's side back to the base: each child's link is toward the base
            self.parent[bv] = b
            children.append(bv)
            edge = came[bv]
            assert edge is not None
            links.append(edge)
            bv = top[edge[0]]
        children.append(bb)
        children.reverse()
        links.reverse()
        links.append((v, w))
        while bw != bb:  # from w's side back to the base, links read forward
            self.parent[bw] = b
            children.append(bw)
            edge = came[bw]
            assert edge is not None
            links.append((edge[1], edge[0]))
            bw = top[edge[0]]
        self.children[b], self.links[b] = children, links
        self.label[b] = 1
        came[b] = came[bb]
        self.dual[b] = 0
        for x in self._leaves(b):
            if self.label[top[x]] == 2:
                self.queue.append(x)
            top[x] = b
        self._gather_best(b)

    def _gather_best(self, b: int) -> None:
        """The new blossom's least-slack edge to each other S-blossom, from its children's."""
        top, label = self.top, self.label
        nearest: dict[int, tuple[int, int]] = {}
        for c in self.children[b]:
            listed = self.best_list[c]
            edges = [(x, y) for x in self._leaves(c) for y in self.neighbours[x]] if listed is None else listed
            for x, y in edges:
                if top[y] == b:
                    x, y = y, x
                by = top[y]
                if by != b and label[by] == 1:
                    known = nearest.get(by)
                    if known is None or self._slack(x, y) < self._slack(*known):
                        nearest[by] = (x, y)
            self.best_list[c] = None
            self.best[c] = None
        listed = list(nearest.values())
        self.best_list[b] = listed
        self.best[b] = min(listed, key=lambda e: self._slack(*e), default=None)

    def _adjust(self) -> bool:  # noqa: C901 (the four kinds of step, each a short loop)
        """Move the duals by the least slack that keeps them feasible and act on the edge or
        blossom that sets it; false when nothing bounds the step (no augmenting path is left)."""
        n, top, label, parent, dual = self.n, self.top, self.label, self.parent, self.dual
        delta = -1
        kind = 0
        edge: tuple[int, int] | None = None
        blossom = -1
        for v in range(n):  # a free vertex's least slack to an S vertex
            near = self.best[v]
            if label[top[v]] == 0 and near is not None:
                d = self._slack(*near)
                if kind == 0 or d < delta:
                    delta, kind, edge = d, 2, near
        for b in range(2 * n):  # half the least slack between two S-blossoms
            near = self.best[b]
            if parent[b] == -1 and label[b] == 1 and near is not None:
                d = self._slack(*near) // 2
                if kind == 0 or d < delta:
                    delta, kind, edge = d, 3, near
        for b in range(n, 2 * n):  # a T-blossom's dual
            if self.base[b] >= 0 and parent[b] == -1 and label[b] == 2 and (kind == 0 or dual[b] < delta):
                delta, kind, blossom = dual[b], 4, b
        if kind == 0:
            return False
        for v in range(n):
            if label[top[v]] == 1:
                dual[v] -= delta
            elif label[top[v]] == 2:
                dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and parent[b] == -1:
                if label[b] == 1:
                    dual[b] += delta
                elif label[b] == 2:
                    dual[b] -= delta
        if kind == 4:
            self._expand(blossom, False)
        else:
            assert edge is not None
            x, y = edge
            self._allow(x, y)
            self.queue.append(x if label[top[x]] == 1 else y)
        return True

    def _expand(self, b: int, end_of_stage: bool) -> None:
        """Open blossom ``b`` into its children (at the end of a stage, those of dual zero too:
        opened in turn, not by recursion, since blossoms nest as deep as half the vertices)."""
        n = self.n
        opening = [b]
        while opening:
            b = opening.pop()
            for c in self.children[b]:
                self.parent[c] = -1
                if c < n:
                    self.top[c] = c
                elif end_of_stage and self.dual[c] == 0:
                    opening.append(c)
                else:
                    for v in self._leaves(c):
                        self.top[v] = c
            if not end_of_stage and self.label[b] == 2:
                self._relabel_opened(b)
            self.label[b] = -1
            self.came[b] = None
            self.children[b], self.links[b] = [], []
            self.base[b] = -1
            self.best_list[b] = None
            self.best[b] = None
            self.unused.append(b)

    def _hop(self, b: int, i: int, step: int) -> tuple[int, int]:
        """The link from child ``i`` of ``b`` to the next child ``step`` (1 or -1) round the cycle."""
        links = self.links[b]
        if step == 1:
            return links[i % len(links)]
        x, y = links[(i - 1) % len(links)]
        return y, x

    def _relabel_opened(self, b: int) -> None:
        """Label the children of the T-blossom ``b`` just opened: the even path from the child it
        was entered by to its base alternate T and S; of the others, those reachable become T."""
        children, label, came = self.children[b], self.label, self.came
        size = len(children)
        entered = came[b]
        assert entered is not None
        entry = self.top[entered[1]]
        i = children.index(entry)
        step = 1 if i & 1 else -1
        while i % size:
            here, there = self._hop(b, i, step)  # matched: the T child's base and its mate
            label[entered[1]] = label[there] = 0
            self._assign(entered[1], 2, entered)
            self._allow(here, there)
            i += step
            here, there = self._hop(b, i, step)
            self._allow(here, there)
            entered = (here, there)
            i += step
        first = children[0]
        label[entered[1]] = label[first] = 2
        came[entered[1]] = came[first] = entered
        self.best[first] = None
        i += step
        while children[i % size] != entry:
            c = children[i % size]
            i += step
            if label[c] == 1:
                continue
            reached = next((v for v in self._leaves(c) if label[v] != 0), -1)
            if reached >= 0:
                label[reached] = 0
                label[self.mate[self.base[c]]] = 0
                self._assign(reached, 2, came[reached])

    def _augment_blossom(self, b: int, v: int) -> None:
        """Rematch inside blossom ``b`` so that its vertex ``v`` becomes the base: along the even
        side of its cycle from the child holding ``v`` to the base, each sub-blossom on a newly
        matched link rematched to that link's end in turn (a list of work, not recursion)."""
        work = [(b, v)]
        while work:
            b, v = work.pop()
            t = v
            while self.parent[t] != b:
                t = self.parent[t]
            if t >= self.n:
                work.append((t, v))
            children = self.children[b]
            size = len(children)
            i = j = children.index(t)
            step = 1 if i & 1 else -1
            while j % size:
                j += step
                here, there = self._hop(b, j, step)
                if children[j % size] >= self.n:
                    work.append((children[j % size], here))
                j += step
                if children[j % size] >= self.n:
                    work.append((children[j % size], there))
                self.mate[here], self.mate[there] = there, here
            self.children[b] = children[i:] + children[:i]
            self.links[b] = self.links[b][i:] + self.links[b][:i]
            self.base[b] = v

    def _augment(self, v: int, w: int) -> None:
        """Flip the augmenting path through the tight edge ``(v, w)`` between two trees."""
        for s, partner in ((v, w), (w, v)):
            while True:
                bs = self.top[s]
                if bs >= self.n:
                    self._augment_blossom(bs, s)
                self.mate[s] = partner
                came = self.came[bs]
                if came is None:
                    break  # the root, unmatched until now
                bt = self.top[came[0]]
                before = self.came[bt]
                assert before is not None
                s, inside = before
                if bt >= self.n:
                    self._augment_blossom(bt, inside)
                self.mate[inside] = s
                partner = inside


__all__ = ["HeaviestMatching"]
