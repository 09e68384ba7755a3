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

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from ..errors import InvalidEvent
from ..refusals import said
from ..rules import STANDARD, Rules
from ..scoring.outcome import Outcome
from ..scoring.results import GameResult, outcomes
from .dutch import pair_brackets
from .matching import Matching
from .weighted_matching import HeaviestMatching


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
    repeats: tuple[tuple[str, str], ...] = ()  # pairs meeting again: only when no round avoids it


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
    awarded: Mapping[str, tuple[int, int]] | None = None,
    results: Sequence[Outcome] | None = None,
) -> tuple[SwissStanding, ...]:
    """The field ranked for pairing: score, then wins, then spread, then the order ``players``
    were given in (the seeding). A bye counts as a plain win: the game points of a win with no
    skunk and one win (``rules.game_points[0]``), the ACC award for an opponent who does not
    play (docs/rules.md 8.1, "awarded a win"), with no spread. ``withdrawn``: players who left
    the event, named in ``games`` (and ``byes``) but not paired, never among ``players``
    (their games count for their opponents);
    ``awarded``: game points and spread a director gave outside the games (a late entry's, a
    half bye's points), as the standings count them; ``results``: the games' outcomes when the
    caller has them already (an event's forfeits are outcomes no pair of scores gives)."""
    names = distinct_names(players)
    index = {name: i for i, name in enumerate(names)}
    if rules.sides != 2:
        raise InvalidEvent(said("swiss_two_sided"), pointer="/variant")
    if results is None:
        results = outcomes(games, rules)
    gone = frozenset(withdrawn)
    for w, name in enumerate(withdrawn):
        if name in index:
            raise InvalidEvent(said("withdrawn_playing", name=name), pointer=f"/withdrawn/{w}")
    for g, game in enumerate(games):
        for slot, name in enumerate(game.players):
            if name not in index and name not in gone:
                raise InvalidEvent(said("not_a_player", name=name), pointer=f"/games/{g}/players/{slot}")
    bye_count = dict.fromkeys(names, 0)
    for b, name in enumerate(byes):
        if name not in index:
            if name in gone:
                continue  # a bye of a player who has left ranks no one now
            raise InvalidEvent(said("not_a_player", name=name), pointer=f"/byes/{b}")
        bye_count[name] += 1
    win_points = rules.game_points[0]
    given = awarded or {}
    score = {name: bye_count[name] * win_points + given.get(name, (0, 0))[0] for name in names}
    wins = dict(bye_count)
    spread = {name: given.get(name, (0, 0))[1] for name in names}
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
    awarded: Mapping[str, tuple[int, int]] | None = None,
    results: Sequence[Outcome] | None = None,
    fixed: Sequence[tuple[str, str]] = (),
    avoid: Sequence[tuple[str, str]] = (),
) -> Round:
    """The next round's pairings from the results so far (``games``, and the players who have
    had a ``byes`` each; ``withdrawn``, ``awarded`` and ``results`` as :func:`swiss_ranking` takes them), with
    the pairs a director ``fixed`` by hand and never pairing two players to ``avoid`` (family,
    teammates).

    Players are ranked by :func:`swiss_ranking` and paired bracket by bracket in the Dutch order
    (:mod:`.dutch`): inside a score group top half against bottom half, then transpositions and
    exchanges, and a player moves down to the next group only when nothing inside the group
    works. No two players meet twice when a round without a repeat exists. With an odd field the
    bye goes to the lowest-ranked player without a bye whose absence leaves the rest pairable;
    only if there is none does a second bye fall to someone (again from the bottom). When every
    possible round has a repeat, the round with the fewest repeats, named in ``repeats`` (and a
    bye, if any, by the same order among the byes that allow so few); when the players a round
    without repeats leaves over are pairs to avoid, that round is looked for over the whole field
    (:func:`_fewest_repeats`), and :class:`InvalidEvent` comes only when no round at all keeps
    the pairs to avoid apart. The round's ``number`` is one more than the most rounds anyone has had.

    >>> games = [GameResult(("p1", "p3"), (121, 100)), GameResult(("p2", "p4"), (121, 100))]
    >>> [p.players for p in swiss_pairings(["p1", "p2", "p3", "p4"], games).pairings]
    [('p1', 'p2'), ('p3', 'p4')]
    """
    ranked = swiss_ranking(players, games, rules, byes=byes, withdrawn=withdrawn, awarded=awarded, results=results)
    n = len(ranked)
    position = {s.player: i for i, s in enumerate(ranked)}
    fixed_pairs = _director_pairs(fixed, position, "/fixed")
    # a standing list of pairs to keep apart may name a player who has withdrawn: that pair is moot
    gone = frozenset(withdrawn)
    avoided = _director_pairs(
        [p for p in avoid if not gone & set(p)],
        position,
        "/avoid",
        skipped=[i for i, p in enumerate(avoid) if gone & set(p)],
    )
    banned = [{position[o] for o in s.opponents if o in position} for s in ranked]  # not the withdrawn
    shunned: list[set[int]] = [set() for _ in ranked]
    for a, b in avoided:
        shunned[a].add(b)
        shunned[b].add(a)
    seated = _seat_fixed(fixed_pairs, shunned)
    field = frozenset(i for i in range(n) if i not in seated)
    allowed = [field - {i} - banned[i] - shunned[i] if i in field else frozenset() for i in range(n)]
    number = 1 + max(s.games + s.byes for s in ranked)
    matching = Matching(allowed, [i in field for i in range(n)])
    matching.maximise()
    fresh = matching.mate.copy()  # a largest set of pairs without a repeat, before the bye is set aside
    bye = _bye(ranked, matching, field)
    scores = [s.score for s in ranked]
    left = [v for v in sorted(field) if v != bye and matching.mate[v] == -1]
    again = _least_bad(scores, left, shunned)
    if again is None:
        # The players left over meet only pairs to avoid: the whole field is weighed instead.
        bye, left = _fewest_repeats(ranked, field, banned, shunned, fresh, number)
        again = _least_bad(scores, left, shunned)
        assert again is not None, "the weighed round pairs the players it repeats"
        seated_again = set(left)
        matching = Matching(allowed, [i in field and i != bye and i not in seated_again for i in range(n)])
        paired = matching.maximise()
        assert paired, "the weighed round pairs the others without a repeat"
    else:
        for v in left:
            matching.alive[v] = False
    rest = [v for v in range(n) if matching.alive[v]]
    pairs = sorted([*fixed_pairs, *again, *pair_brackets(scores, allowed, matching, rest)], key=min)
    return Round(
        number,
        tuple(Pairing(board, (ranked[min(p)].player, ranked[max(p)].player)) for board, p in enumerate(pairs, 1)),
        None if bye is None else ranked[bye].player,
        tuple(
            (ranked[min(p)].player, ranked[max(p)].player)
            for p in pairs
            if ranked[p[0]].player in ranked[p[1]].opponents
        ),
    )


def _director_pairs(
    pairs: Sequence[tuple[str, str]], position: dict[str, int], pointer: str, skipped: Sequence[int] = ()
) -> list[tuple[int, int]]:
    """A director's pairs as rank indices: each of two different entered players. ``skipped``: the
    indices, in the list as sent, of lines left out before (so a pointer names the line sent)."""
    found: list[tuple[int, int]] = []
    sent = [i for i in range(len(pairs) + len(skipped)) if i not in set(skipped)]
    for i, pair in zip(sent, pairs, strict=True):
        for j, name in enumerate(pair):
            if name not in position:
                raise InvalidEvent(said("not_a_player", name=name), pointer=f"{pointer}/{i}/{j}")
        if pair[0] == pair[1]:
            raise InvalidEvent(said("plays_themself", name=pair[0]), pointer=f"{pointer}/{i}/1")
        found.append((position[pair[0]], position[pair[1]]))
    return found


def _seat_fixed(fixed: list[tuple[int, int]], shunned: list[set[int]]) -> set[int]:
    """The players seated by hand: each in one fixed pair, and no fixed pair one to avoid."""
    seated: set[int] = set()
    for i, (a, b) in enumerate(fixed):
        for j, v in enumerate((a, b)):
            if v in seated:
                raise InvalidEvent(said("two_fixed_pairs"), pointer=f"/fixed/{i}/{j}")
            seated.add(v)
        if b in shunned[a]:
            raise InvalidEvent(said("fixed_avoided"), pointer=f"/fixed/{i}")
    return seated


def _bye(ranked: Sequence[SwissStanding], matching: Matching, field: frozenset[int]) -> int | None:
    """Who sits out (set aside in ``matching``, a maximum one): nobody when the ``field`` is even.

    One search finds every player whose bye leaves the others pairable (the even vertices of
    :meth:`Matching.exposable`); the bye goes to the lowest-ranked of them without a bye, else
    the lowest-ranked of them. When no round avoids a repeat, the same from each player left
    unpaired finds those whose bye costs no extra repeat.
    """
    if len(field) % 2 == 0:
        return None
    free = [v for v in sorted(field) if matching.mate[v] == -1]
    can = [False] * len(ranked)
    for root in free:
        can = [a or b for a, b in zip(can, matching.exposable(root))]
    bye = min((i for i in field if can[i]), key=lambda i: (ranked[i].byes > 0, -i))
    if len(free) == 1:
        matching.set_aside(bye)
    else:
        fresh = Matching(matching.allowed, [alive and v != bye for v, alive in enumerate(matching.alive)])
        fresh.maximise()
        matching.mate[:], matching.alive[:] = fresh.mate, fresh.alive
    return bye


def _least_bad(scores: Sequence[int], left: list[int], shunned: list[set[int]]) -> list[tuple[int, int]] | None:
    """The pairs of the players no round without a repeat can seat (they have met all the others
    left): as few as can be, in the Dutch order, never a pair to avoid; ``None`` when the pairs to
    avoid leave these players no pairing among themselves (:func:`_fewest_repeats` looks further)."""
    if not left:
        return []
    group = frozenset(left)
    allowed = [group - {v} - shunned[v] if v in group else frozenset() for v in range(len(scores))]
    matching = Matching(allowed, [v in group for v in range(len(scores))])
    if not matching.maximise():
        return None
    return pair_brackets(scores, allowed, matching, left)


def _fewest_repeats(
    ranked: Sequence[SwissStanding],
    field: frozenset[int],
    banned: list[set[int]],
    shunned: list[set[int]],
    fresh: list[int],
    number: int,
) -> tuple[int | None, list[int]]:
    """The bye and the players paired again of the round with the fewest repeats over the whole
    ``field``, never a pair to avoid: for when the players a round without repeats leaves over
    cannot be paired apart, so the repeats must fall elsewhere. :class:`InvalidEvent` when no
    round keeps the pairs to avoid apart.

    A maximum-weight matching of the largest size (Edmonds' primal-dual method,
    :class:`.weighted_matching.HeaviestMatching`): a fresh pair weighs ``2 * unit``, a repeat ``unit``, so every
    fewer repeat outweighs anything the bye adds. With an odd field a phantom player joins, and
    the pair with the phantom is the bye; it weighs less than ``unit``, the more for a player
    without a bye and then for a lower-ranked one (the bye's order, as :func:`_bye` gives it).
    Only the players :func:`_hard_core` keeps are weighed (the others pair fresh among
    themselves whatever the kept ones do); ``fresh`` (the largest set of pairs without a repeat,
    a mate for each player or -1) starts the search, so it needs a step only for each pair it
    must add.
    """
    count = len(ranked)

    def bye_weight(v: int) -> int:
        return v + (count if ranked[v].byes == 0 else 0)

    order = sorted(field)
    odd = len(order) % 2
    hard, kept = _hard_core(order, field, banned, shunned, odd, bye_weight)
    unit = 2 * count  # more than any bye's weight
    local = {v: i for i, v in enumerate(kept)}
    size = len(kept)
    neighbours: list[list[int]] = []
    lighter: list[dict[int, int]] = []
    for v in kept:
        # A hard player meets anyone kept as they are; two easy players kept stand for a fresh
        # pair of the rest (a place-holder, whether they have met or not).
        exact = v in hard
        neighbours.append([local[w] for w in kept if w != v and (w not in shunned[v] or not (exact or w in hard))])
        lighter.append(
            {local[w]: unit for w in banned[v] if w in local and w not in shunned[v] and (exact or w in hard)}
        )
    total = size
    if odd:  # the phantom, whose partner sits out
        for i, v in enumerate(kept):
            neighbours[i].append(size)
            lighter[i][size] = bye_weight(v)
        neighbours.append(list(range(size)))
        lighter.append({i: lighter[i][size] for i in range(size)})
        total += 1
    easy = [local[v] for v in kept if v not in hard]
    if total % 2 and easy:  # a dummy takes one easy player off to the rest
        for i in easy:
            neighbours[i].append(total)
        neighbours.append(easy)
        lighter.append({})
        total += 1
    start = [local.get(fresh[v], -1) for v in kept] + [-1] * (total - size)
    mate = HeaviestMatching(neighbours, lighter, 2 * unit, start).solve()
    if -1 in mate:
        raise InvalidEvent(said("no_pairing_apart", round=number), pointer="/avoid")
    bye = kept[mate[size]] if odd else None
    again = [
        v
        for i, v in enumerate(kept)
        if mate[i] < size and kept[mate[i]] in banned[v] and (v in hard or kept[mate[i]] in hard)
    ]
    return bye, again


def _hard_core(
    order: list[int],
    field: frozenset[int],
    banned: list[set[int]],
    shunned: list[set[int]],
    odd: int,
    bye_weight: Callable[[int], int],
) -> tuple[frozenset[int], list[int]]:
    """The players :func:`_fewest_repeats` must weigh (the *hard* ones, and some *easy* ones as
    their partners), in rank order; everyone when no bound below leaves out anyone.

    The ``k`` players with the most others they cannot meet fresh (met or to avoid) are hard,
    the others easy, each with fewer than ``bound`` such others, for the least ``k`` with
    ``len(order) - 2 * k - odd >= 2 * bound``. Whatever partners the hard players and the bye
    take, at least ``2 * bound`` easy players are left, each able to meet fresh all but fewer
    than ``bound`` of them, that is at least half of them: they pair off fresh (Dirac: a graph
    of ``m >= 3`` vertices each of degree ``m / 2`` or more has a Hamiltonian cycle). So the
    round with the fewest repeats is the best pairing of the hard players (and the bye) with
    each other and with easy partners. Each hard player keeps only its first ``k + odd`` easy
    partners of either kind, fresh or a repeat (the bye its ``k + odd`` first in the bye's
    order): of any best pairing's partners outside those, each can be traded for one of the
    kept, which the other hard players cannot all be using.
    """
    cannot = {v: len((banned[v] | shunned[v]) & field) for v in order}
    by_cannot = sorted(order, key=lambda v: -cannot[v])
    for k in range(len(order)):
        bound = cannot[by_cannot[k]] + 1
        if len(order) - 2 * k - odd >= 2 * bound:
            break
    else:
        return frozenset(order), order
    hard = frozenset(by_cannot[:k])
    easy = [v for v in order if v not in hard]
    quota = k + odd
    partners: set[int] = set()
    for q in by_cannot[:k]:
        taken = [0, 0]  # fresh partners kept, repeated ones kept
        for w in easy:
            if w in shunned[q]:
                continue
            kind = int(w in banned[q])
            if taken[kind] < quota:
                taken[kind] += 1
                partners.add(w)
                if taken[1 - kind] == quota == taken[kind]:
                    break
    if odd:
        partners.update(sorted(easy, key=bye_weight, reverse=True)[:quota])
    if k + len(partners) >= len(order):
        return frozenset(order), order
    return hard, sorted(hard | partners)


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
