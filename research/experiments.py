"""Experimental players for :mod:`research.duel` and :mod:`research.ladder` (never shipped).

Ceilings and slow prototypes, measured before anything goes into ``hard``:

* ``cheatpeg``: ``hard`` that, in the play, sees the opponent's hand (the exact play-out,
  hands open): how much any pegging inference can give at most.
* ``pegsim``: ``hard`` whose discard adds to each of the best options' net the mean point
  balance of the play with the kept cards (hands open, solved exactly) against opponent
  hands drawn from the unseen cards: how much pegging-aware discards can give.
* ``cheatev``: ``cheatpeg`` whose search has the opponent play as ``ev`` does: how much a model of
  the opponent's play gives when its hand is known; ``evopp``: that model over drawn hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from service.core.cards import Card
from service.core.computer.advice import discard_advice
from service.core.computer.players import hard
from service.core.computer.players.search import _Plain
from service.core.game.actions import Action
from service.core.game.engine import GameState
from service.core.game.views import SeatView, view

Player = Callable[[GameState, int], Action]


def _cheat_card(state: GameState, seat: int, modelled: bool = False) -> Action:
    """The card of a seat that sees the opponent's hand: its best reply in the search, or
    (``modelled``) the card ``ev`` would play with what it truly saw."""
    seen = view(state, seat)
    play = state.play
    assert play is not None and play.hands is not None
    opp = 1 - seat
    legal = [c for c in seen.hand if seen.count + c.value <= 31]
    if len({c.rank for c in legal}) == 1:
        return Action("play", seat, card=max(legal))
    single = seen.rules.single_count_play
    solver = (
        _ModelledOpponent(single, _rank_counts(view(state, opp).unseen, less=seen.hand)) if modelled else _Plain(single)
    )
    mine = tuple(sorted(c.rank for c in seen.hand))
    theirs = tuple(sorted(c.rank for c in play.hands[opp]))
    pile = tuple(c.rank for c in seen.pile_cards)
    best = max(
        {c.rank for c in legal},
        key=lambda r: (solver.after_card(pile, (mine, theirs), 0, (False, opp in seen.gone), r, (0, 0), seen.count), r),
    )
    return Action("play", seat, card=max(c for c in legal if c.rank == best))


def cheatpeg(state: GameState, seat: int) -> Action:
    if state.phase == "play" and state.rules.players == 2:
        return _cheat_card(state, seat)
    return hard.choose(view(state, seat))


def peg_balance(keep: tuple[int, ...], is_dealer: bool, opponents: list[tuple[int, ...]]) -> float:
    """Mean play balance (own points less the opponent's) of ranks ``keep``, hands open."""
    total = 0
    for theirs in opponents:
        solver = _Plain(False)
        if is_dealer:  # the pone (seat 0) leads
            total -= solver._node((), 0, theirs, keep, 0, False, False, None)
        else:
            total += solver._node((), 0, keep, theirs, 0, False, False, None)
    return total / len(opponents)


def pegsim_discard(seen: SeatView, *, samples: int = 16, within: float = 2.0, weight: float = 1.0) -> Action:
    options = discard_advice(seen.dealt, seen.is_dealer, seen.rules).options
    top = float(options[0].net)
    rng = random.Random(sum((i + 1) * c.index for i, c in enumerate(seen.dealt)))
    unseen = [c.rank for c in seen.unseen]
    opponents = [tuple(sorted(rng.sample(unseen, 4))) for _ in range(samples)]
    cache: dict[tuple[int, ...], float] = {}
    best = None
    for option in options:
        if float(option.net) < top - within:
            break
        ranks = tuple(sorted(c.rank for c in option.keep))
        if ranks not in cache:
            cache[ranks] = peg_balance(ranks, seen.is_dealer, opponents)
        key = float(option.net) + weight * cache[ranks]
        if best is None or key > best[0]:
            best = (key, option)
    assert best is not None
    return Action("discard", seen.own_seat, cards=best[1].discard)


def pegsim(state: GameState, seat: int) -> Action:
    seen = view(state, seat)
    if seen.phase == "discard" and seen.rules.players == 2:
        return pegsim_discard(seen)
    return hard.choose(seen)


def pegsim_half(state: GameState, seat: int) -> Action:
    seen = view(state, seat)
    if seen.phase == "discard" and seen.rules.players == 2:
        return pegsim_discard(seen, weight=0.5)
    return hard.choose(seen)


EXPERIMENTS: dict[str, Player] = {"cheatpeg": cheatpeg, "pegsim": pegsim, "pegsim_half": pegsim_half}


def _big(state: GameState, seat: int, budget: int, samples: int) -> Action:
    from service.core.computer.players import opponent, search

    seen = view(state, seat)
    if seen.phase == "play" and seen.rules.players == 2 and sum(seen.held) <= hard.SEARCH_CARDS:
        saved = opponent.MAX_SAMPLES
        opponent.MAX_SAMPLES = samples
        try:
            return Action("play", seat, card=search.choose_card(seen, budget=budget))
        finally:
            opponent.MAX_SAMPLES = saved
    return hard.choose(seen)


EXPERIMENTS["big"] = lambda state, seat: _big(state, seat, 30_000, 200)
EXPERIMENTS["small"] = lambda state, seat: _big(state, seat, 1_000, 48)
EXPERIMENTS["b9k"] = lambda state, seat: _big(state, seat, 9_000, 96)
EXPERIMENTS["b6k"] = lambda state, seat: _big(state, seat, 6_000, 64)


def _pegsim64(state: GameState, seat: int) -> Action:
    seen = view(state, seat)
    if seen.phase == "discard" and seen.rules.players == 2:
        return pegsim_discard(seen, samples=64, within=1.5)
    return hard.choose(seen)


EXPERIMENTS["pegsim64"] = _pegsim64


def _took(state: GameState, seat: int, factor: int) -> Action:
    """``hard`` without its policy, weighing a hand that took the most points ``factor`` times."""
    from service.core.computer.players import opponent

    saved = opponent.TOOK_MOST
    opponent.TOOK_MOST = factor
    try:
        return hard.choose(view(state, seat), frozenset({"policy"}))
    finally:
        opponent.TOOK_MOST = saved


EXPERIMENTS["took30"] = lambda state, seat: _took(state, seat, 30)
EXPERIMENTS["took2"] = lambda state, seat: _took(state, seat, 2)


def _search_with(state: GameState, seat: int, **options: object) -> Action:
    from service.core.computer.players import search

    seen = view(state, seat)
    if seen.phase == "play" and seen.rules.players == 2 and sum(seen.held) <= hard.SEARCH_CARDS:
        return Action("play", seat, card=search.choose_card(seen, **options))  # type: ignore[arg-type]
    return hard.choose(seen)


def with_options(spec: str) -> Player:
    """``hard`` whose play search takes options ``a/b=2/...`` (a flag, or a value for a
    module constant of :mod:`service.core.computer.players.search` or :mod:`~service.core.computer.players.opponent`
    in capitals, such as ``MAX_SAMPLES=16``)."""
    from service.core.computer.players import opponent, search

    flags: dict[str, object] = {}
    constants: dict[str, int] = {}
    for part in spec.split("/"):
        key, _, value = part.partition("=")
        if key.isupper():
            constants[key] = int(value)
        else:
            flags[key] = int(value) if value else True

    def player(state: GameState, seat: int) -> Action:
        modules = {key: search if hasattr(search, key) else opponent for key in constants}
        saved = {key: getattr(modules[key], key) for key in constants}
        for key, value in constants.items():
            setattr(modules[key], key, value)
        try:
            return _search_with(state, seat, **flags)
        finally:
            for key, value in saved.items():
                setattr(modules[key], key, value)

    return player


def _mixed_weight(weight: int, ranks: tuple[int, ...], turns: list) -> int:  # type: ignore[type-arg]
    """The policy's weight of a hand as a mixture of opponents: :data:`POLICY` times for a card
    ``standard`` would have played, else :data:`TOOK_MOST` times for one that scored the most it
    could (a greedy or expected-value player's card), else once."""
    from service.core.computer.players import opponent
    from service.core.computer.players.ranks import peg

    for pile, count, rank, later, unseen, holds in turns:
        hand = tuple(sorted((rank, *later, *ranks)))
        sees = list(unseen)
        for r in ranks:
            sees[r] -= 1
        if opponent.standard_plays(pile, count, hand, tuple(sees), holds, rank):
            weight *= opponent.POLICY
        elif peg(pile, rank) >= max(peg(pile, r) for r in hand if count + (r if r < 10 else 10) <= 31):
            weight *= opponent.TOOK_MOST
    return weight


def _mix(state: GameState, seat: int) -> Action:
    """``hard`` whose opponent model is a mixture (:func:`_mixed_weight`)."""
    from service.core.computer.players import opponent

    saved = opponent._policy_weight
    opponent._policy_weight = _mixed_weight
    try:
        return hard.choose(view(state, seat))
    finally:
        opponent._policy_weight = saved


EXPERIMENTS["mix"] = _mix


def _now(state: GameState, seat: int) -> Action:
    """``hard`` as shipped now, under another name (a duel then plays it rather than a remembered baseline)."""
    return hard.choose(view(state, seat))


EXPERIMENTS["hard"] = _now


def _pegtab(state: GameState, seat: int, weight: float) -> Action:
    """``hard`` whose two-player discard (away from the race) adds ``weight`` times the hints'
    pegging estimate (the generated table: greedy play against every hand) to each net."""
    from service.core.computer.coach_pegging import pegging_estimates

    seen = view(state, seat)
    need = seen.rules.target - seen.scores[seen.side]
    if seen.phase != "discard" or seen.rules.players != 2 or need <= hard.RACE_KEEP:
        return hard.choose(seen)
    options = discard_advice(seen.dealt, seen.is_dealer, seen.rules).options
    pegs = pegging_estimates(seen.rules, [o.keep for o in options], seat=seat, dealer=state.dealer)
    best = max(range(len(options)), key=lambda i: (float(options[i].net) + weight * float(pegs[i] or 0), -i))
    return Action("discard", seat, cards=options[best].discard)


EXPERIMENTS["pegtab"] = lambda state, seat: _pegtab(state, seat, 1.0)
EXPERIMENTS["pegtab_half"] = lambda state, seat: _pegtab(state, seat, 0.5)


def _rank_counts(cards: Sequence[Card], less: Sequence[Card] = ()) -> list[int]:
    """How many of each rank (index 1..13) ``cards`` hold, less those of ``less``."""
    counts = [0] * 14
    for card in cards:
        counts[card.rank] += 1
    for card in less:
        counts[card.rank] -= 1
    return counts


class _ModelledOpponent(_Plain):
    """The play with hands open, the opponent (seat 1) playing as ``ev`` does (the card with the
    most points now less the mean points of a reply by any card it has not seen, the higher rank
    of equals) instead of its best reply (``greedy=False``) or its most points now. ``unseen``: the
    opponent's unseen rank counts (index 1..13) less seat 0's hand at the root, so that at any
    position they are those plus seat 0's hand there (seat 0's cards played since are on the pile)."""

    def __init__(self, single_count: bool, unseen: list[int]) -> None:
        super().__init__(single_count)
        self.unseen = unseen

    def _node(self, pile, count, h0, h1, turn, p0, p1, last):  # type: ignore[no-untyped-def]
        from service.core.computer.players.ranks import VALUES, peg

        legal = sorted({r for r in h1 if count + VALUES[r] <= 31}) if turn == 1 else []
        if not legal:
            return super()._node(pile, count, h0, h1, turn, p0, p1, last)
        key = (pile, h0, h1, turn, p0, p1, last)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        unseen = self._unseen_at(h0, h1)
        n = sum(unseen)

        def value(rank: int) -> tuple[float, int]:
            now = peg(pile, rank)
            total = count + VALUES[rank]
            if total == 31 or not n:
                return now, rank
            after = (*pile, rank)
            reply = sum(k * peg(after, q) for q, k in enumerate(unseen) if k and total + VALUES[q] <= 31)
            return now - reply / n, rank

        chosen = max(legal, key=value)
        best = self._card(pile, count, h0, h1, 1, p0, p1, chosen)
        self.memo[key] = best
        return best

    def _unseen_at(self, h0: tuple[int, ...], h1: tuple[int, ...]) -> list[int]:
        unseen = list(self.unseen)
        for r in h0:
            unseen[r] += 1
        return unseen


def _cheat_modelled(state: GameState, seat: int) -> Action:
    """``cheatpeg`` whose search has the opponent play as ``ev`` would (with what it truly saw)."""
    if state.phase == "play" and state.rules.players == 2:
        return _cheat_card(state, seat, modelled=True)
    return hard.choose(view(state, seat))


EXPERIMENTS["cheatev"] = _cheat_modelled


class _ModelledShared(_ModelledOpponent):
    """:class:`_ModelledOpponent` for drawn hands, one memo for every drawn hand: the opponent's
    unseen cards at a position are the seat's unseen ones and its own throw, plus seat 0's hand
    there, less the opponent's hand there (so a card it played in the search still counts as
    unseen to it, and its own throw too: a few cards off)."""

    def _unseen_at(self, h0: tuple[int, ...], h1: tuple[int, ...]) -> list[int]:
        unseen = super()._unseen_at(h0, h1)
        for r in h1:
            unseen[r] -= 1
        return unseen


def _evopp(state: GameState, seat: int) -> Action:
    """``hard`` whose play search has the opponent play as ``ev`` would (one memo for the drawn hands)."""
    from service.core.computer.players import search

    seen = view(state, seat)
    if not (seen.phase == "play" and seen.rules.players == 2 and sum(seen.held) <= hard.SEARCH_CARDS):
        return hard.choose(seen)
    thrown = [card for card in seen.dealt if card not in seen.kept]  # unseen to the opponent
    base = _rank_counts([*seen.unseen, *thrown], less=seen.hand)  # the hand: added back at each position
    original = search._Plain
    search._Plain = lambda single, greedy=False: _ModelledShared(single, base)  # type: ignore[assignment,misc]
    try:
        return Action("play", seat, card=search.choose_card(seen))
    finally:
        search._Plain = original  # type: ignore[misc]


EXPERIMENTS["evopp"] = _evopp
