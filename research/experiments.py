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
from collections.abc import Callable, Iterator, Sequence

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


Weight = Callable[[int, tuple[int, ...], list], int]  # type: ignore[type-arg]  # opponent._policy_weight's shape


def _hands_at(ranks: tuple[int, ...], turns: list) -> Iterator[tuple]:  # type: ignore[type-arg]
    """Each card the opponent played (:func:`~service.core.computer.players.opponent.their_turns`)
    as played from a hand that also holds ``ranks``: (pile, count, rank, that hand, the rank
    counts it could not see then, the cards the seat still held), as ``opponent._policy_weight`` reads them."""
    for pile, count, rank, later, unseen, holds in turns:
        sees = list(unseen)
        for r in ranks:
            sees[r] -= 1
        yield pile, count, rank, tuple(sorted((rank, *later, *ranks))), tuple(sees), holds


def _with_policy(weight_of: Weight) -> Player:
    """``hard`` whose opponent hands are weighed by ``weight_of`` instead of its own policy."""

    def player(state: GameState, seat: int) -> Action:
        from service.core.computer.players import opponent

        saved = opponent._policy_weight
        opponent._policy_weight = weight_of
        try:
            return hard.choose(view(state, seat))
        finally:
            opponent._policy_weight = saved

    return player


def _mixed_weight(weight: int, ranks: tuple[int, ...], turns: list) -> int:  # type: ignore[type-arg]
    """The policy's weight of a hand as a mixture of opponents: :data:`POLICY` times for a card
    ``standard`` would have played, else :data:`TOOK_MOST` times for one that scored the most it
    could (a greedy or expected-value player's card), else once."""
    from service.core.computer.players import opponent

    for pile, count, rank, hand, sees, holds in _hands_at(ranks, turns):
        if opponent.standard_plays(pile, count, hand, sees, holds, rank):
            weight *= opponent.POLICY
        elif _greedy_plays(pile, count, hand, rank):
            weight *= opponent.TOOK_MOST
    return weight


EXPERIMENTS["mix"] = _with_policy(_mixed_weight)


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


class _Fused(_Plain):
    """:class:`_Plain` that also walks a drawn hand from a root card to the seat's next choice
    (two ranks or more it may play): the opponent's replies as the search has them, the seat's
    forced cards and goes on the way. What the seat sees there (the pile, the count, its hand,
    the goes, how many cards the opponent holds) is the same for every drawn hand that leads
    to it, so its choice there is taken once for all of them (the most summed over them),
    not hand by hand as the search does (strategy fusion, one level deep)."""

    def walk(self, state: tuple, acc: int):  # type: ignore[no-untyped-def,type-arg]
        """``(None, value)`` when the play ends before the seat chooses again, else
        ``(observed, {rank: value})``: every value the signed points from the root on."""
        from service.core.computer.players.search import _leader, _options

        while True:
            pile, count, h0, h1, turn, p0, p1, last = state
            options = _options(pile, count, h0 if turn == 0 else h1, turn == 1 and self.greedy)
            if not options:  # go
                if turn == 0 and h1 and not p1:
                    state = (pile, count, h0, h1, 1, True, p1, last)
                    continue
                if turn == 1 and h0 and not p0:
                    state = (pile, count, h0, h1, 0, p0, True, last)
                    continue
                go = count != 31
                acc += (1 if last == 0 else -1) if go else 0
                leader = None if self.single else _leader(h0, h1, last)
                if leader is None:
                    return None, acc
                state = ((), 0, h0, h1, leader, False, False, None)
                continue
            if turn == 0 and len(options) >= 2:
                observed = (pile, count, h0, p0, p1, last, len(h1))
                return observed, {r: acc + self._card(pile, count, h0, h1, 0, p0, p1, r) for r in options}
            if turn == 0:
                rank = options[0]
            else:
                rank = min(options, key=lambda r: self._card(pile, count, h0, h1, 1, p0, p1, r))
            step = self._step(pile, count, h0, h1, turn, p0, p1, rank)
            acc += step[0]
            if step[1] is None:
                return None, acc
            state = step[1]

    def _step(self, pile, count, h0, h1, turn, p0, p1, rank):  # type: ignore[no-untyped-def]
        """As :meth:`_Plain._card`, one card on: its signed points (with a count it closes) and the next node."""
        from service.core.computer.players.ranks import peg
        from service.core.computer.players.search import _leader

        points = peg(pile, rank)
        count += rank if rank < 10 else 10
        if turn == 0:
            i = h0.index(rank)
            h0 = h0[:i] + h0[i + 1 :]
            mine, theirs, passed_other = h0, h1, p1
        else:
            i = h1.index(rank)
            h1 = h1[:i] + h1[i + 1 :]
            mine, theirs, passed_other = h1, h0, p0
        sign = 1 if turn == 0 else -1
        if not h0 and not h1:
            return sign * (points + (count != 31)), None
        if count == 31 or (not (theirs and not passed_other) and not mine):
            go = count != 31
            signed = sign * points + (sign if go else 0)
            leader = None if self.single else _leader(h0, h1, turn)
            if leader is None:
                return signed, None
            return signed, ((), 0, h0, h1, leader, False, False, None)
        pile = (*pile, rank)
        if theirs and not passed_other:
            return sign * points, (pile, count, h0, h1, 1 - turn, p0, p1, turn)
        return sign * points, (pile, count, h0, h1, turn, p0, p1, turn)


def _searched(state: GameState, seat: int) -> tuple[SeatView, list[Card]] | Action:
    """The seat's view and legal cards where ``hard`` searches the play for points (two
    players, no race, a choice of ranks), else ``hard``'s own move."""
    from service.core.computer.players import search
    from service.core.computer.players.ranks import trim

    seen = view(state, seat)
    if not (seen.phase == "play" and seen.rules.players == 2 and sum(seen.held) <= hard.SEARCH_CARDS):
        return hard.choose(seen)
    me, opp, count, rules = seen.own_seat, 1 - seen.own_seat, seen.count, seen.rules
    legal = [c for c in seen.hand if count + c.value <= 31]
    needs = (rules.target - seen.scores[rules.side_of(me)], rules.target - seen.scores[rules.side_of(opp)])
    if len({c.rank for c in legal}) == 1 or (min(needs) <= search.RACE and rules.fixed_deals is None):
        return hard.choose(seen)
    trim()
    return seen, legal


def _fused(state: GameState, seat: int) -> Action:
    """``hard`` whose search takes the seat's next choice once for every drawn hand that leads to
    what it would see there (:class:`_Fused`), not per hand; the race as ``hard``."""
    from service.core.computer.players import search
    from service.core.computer.players.opponent import draws, possible_cards

    searched = _searched(state, seat)
    if isinstance(searched, Action):
        return searched
    seen, legal = searched
    opp, count, rules = 1 - seen.own_seat, seen.count, seen.rules
    possible = possible_cards(seen, opp)
    holds = seen.held[opp]
    rng = search._rng(seen)
    pile = tuple(c.rank for c in seen.pile_cards)
    mine = tuple(sorted(c.rank for c in seen.hand))
    passed = (False, opp in seen.gone)
    solver = _Fused(rules.single_count_play, True)
    hands = draws(seen, possible, holds, rng, True, True, True) if len(possible) >= holds else []
    ranks = sorted({c.rank for c in legal})
    ended = {r: 0 for r in ranks}
    later: dict[int, dict[tuple, dict[int, int]]] = {r: {} for r in ranks}  # type: ignore[type-arg]
    samples = 0
    while samples < len(hands) and (samples < search.MIN_SAMPLES or solver.nodes < search.BUDGET):
        theirs = tuple(sorted(c.rank for c in hands[samples]))
        for rank in ranks:
            root = solver._step(pile, count, mine, theirs, 0, passed[0], passed[1], rank)
            if root[1] is None:
                ended[rank] += root[0]
                continue
            observed, values = solver.walk(root[1], root[0])
            if observed is None:
                ended[rank] += values
                continue
            sums = later[rank].setdefault(observed, {})
            for option, value in values.items():
                sums[option] = sums.get(option, 0) + value
        samples += 1
    if not samples:
        return hard.choose(seen)
    totals = {r: ended[r] + sum(max(s.values()) for s in later[r].values()) for r in ranks}
    best = max(ranks, key=lambda r: (totals[r], r))
    return Action("play", seat, card=max(c for c in legal if c.rank == best))


EXPERIMENTS["fused"] = _fused


def _ev_would_play(pile: tuple[int, ...], count: int, hand: Sequence[Card], unseen: list[int]) -> int:
    """The rank ``ev`` plays (:func:`tests.support.population.ev_card`) from ``hand`` with ``unseen`` ranks unseen."""
    from service.core.computer.players.ranks import VALUES, peg

    def value(card: Card) -> tuple[float, int]:
        now = peg(pile, card.rank)
        total = count + card.value
        if total == 31 or not unseen:
            return now, card.rank
        after = (*pile, card.rank)
        return now - sum(peg(after, r) for r in unseen if total + VALUES[r] <= 31) / len(unseen), card.rank

    return max((c for c in hand if count + c.value <= 31), key=value).rank


def _plays_as_ev(seen: SeatView, state: GameState, kept: Sequence[Card], dealt: Sequence[Card]) -> bool:
    """Whether an opponent that kept ``kept`` of ``dealt`` and plays as ``ev`` would have played
    this deal's cards so far, and said go where it did (its own card at each of its turns)."""
    from service.core.cards import DECK
    from service.core.scoring.pegging import play_card, say_go, start_play

    me, opp = seen.own_seat, 1 - seen.own_seat
    hands: list[Sequence[Card]] = [(), ()]
    hands[me], hands[opp] = seen.kept, kept
    play = start_play(seen.rules, 1 - state.dealer, hands)
    known = {*dealt, state.starter}
    deck = [c for c in DECK if c not in known]
    for who, card in seen.played:
        while play.turn != who or play.count + card.value > 31:
            if play.turn is None or play.can_play(play.turn):
                return False
            play, _ = say_go(play, play.turn)
        if who == opp:
            assert play.hands is not None
            out = set(play.played)
            unseen = [c.rank for c in deck if c not in out]
            if _ev_would_play(tuple(c.rank for c in play.pile), play.count, play.hands[opp], unseen) != card.rank:
                return False
        play, _ = play_card(play, who, card)
    while play.turn != me:
        if play.turn is None or play.can_play(play.turn):
            return False
        play, _ = say_go(play, play.turn)
    return True


ORACLE_HANDS = 48
ORACLE_TRIES = 1_500


def _oracle_hands(
    seen: SeatView, state: GameState, rng: random.Random, *, throw: bool = True, plays: bool = True
) -> list[list[Card]]:
    """Opponent hands drawn from the exact posterior for an opponent that is ``ev``: its six cards
    dealt at random around what the seat knows (its played cards among them), kept only if ``ev``
    would have thrown and played as it did."""
    from service.core.cards import DECK

    opp = 1 - seen.own_seat
    played = seen.played_by[opp]
    known = {*seen.dealt, state.starter, *played}
    pool = [c for c in DECK if c not in known]
    out: list[list[Card]] = []
    for _ in range(ORACLE_TRIES):
        dealt = [*played, *rng.sample(pool, 6 - len(played))]
        if throw:  # the four ev keeps
            options = discard_advice(tuple(dealt), state.dealer == opp, seen.rules).options
            thrown = max(options, key=lambda o: o.net).discard
            kept = [c for c in dealt if c not in thrown]
        else:  # any four with the cards played
            kept = dealt[:4]
        if any(c not in kept for c in played) or (plays and not _plays_as_ev(seen, state, kept, dealt)):
            continue
        out.append([c for c in kept if c not in played])
        if len(out) >= ORACLE_HANDS:
            break
    return out


def _oracle(state: GameState, seat: int, modelled: bool, throw: bool = True, plays: bool = True) -> Action:
    """``hard`` whose drawn hands come from the exact posterior of an ``ev`` opponent
    (:func:`_oracle_hands`; ``modelled``: its search has the opponent play as ``ev`` too): the
    most a model of that one opponent can give without seeing its cards."""
    from service.core.computer.players import search

    searched = _searched(state, seat)
    if isinstance(searched, Action):
        return searched
    seen, legal = searched
    opp, count, rules = 1 - seen.own_seat, seen.count, seen.rules
    hands = _oracle_hands(seen, state, search._rng(seen), throw=throw, plays=plays)
    if not hands:
        return hard.choose(seen)
    thrown = [card for card in seen.dealt if card not in seen.kept]
    solver = (
        _ModelledShared(rules.single_count_play, _rank_counts([*seen.unseen, *thrown], less=seen.hand))
        if modelled
        else _Plain(rules.single_count_play, True)
    )
    pile = tuple(c.rank for c in seen.pile_cards)
    mine = tuple(sorted(c.rank for c in seen.hand))
    passed = (False, opp in seen.gone)
    totals: dict[int, int] = {}
    samples = 0
    while samples < len(hands) and (samples < search.MIN_SAMPLES or solver.nodes < search.BUDGET):
        theirs = tuple(sorted(c.rank for c in hands[samples]))
        for rank in {c.rank for c in legal}:
            totals[rank] = totals.get(rank, 0) + solver.after_card(pile, (mine, theirs), 0, passed, rank, (0, 0), count)
        samples += 1
    best = max(totals, key=lambda r: (totals[r], r))
    return Action("play", seat, card=max(c for c in legal if c.rank == best))


EXPERIMENTS["oracle"] = lambda state, seat: _oracle(state, seat, False)
EXPERIMENTS["oracleev"] = lambda state, seat: _oracle(state, seat, True)
EXPERIMENTS["oracle_throw"] = lambda state, seat: _oracle(state, seat, False, plays=False)
EXPERIMENTS["oracle_plays"] = lambda state, seat: _oracle(state, seat, False, throw=False)


def _greedy_plays(pile: tuple[int, ...], count: int, hand: tuple[int, ...], rank: int) -> bool:
    """Whether ``rank`` scores the most a card of ``hand`` that fits could score now."""
    from service.core.computer.players.ranks import VALUES, peg

    return peg(pile, rank) >= max(peg(pile, r) for r in hand if count + VALUES[r] <= 31)


def _kind_plays(
    kind: str, pile: tuple[int, ...], count: int, hand: tuple[int, ...], unseen: tuple[int, ...], holds: int, rank: int
) -> bool:
    """Whether a player of ``kind`` (``standard``, ``ev``: the expected-value rule, ``greedy``)
    plays ``rank`` from ``hand``."""
    from service.core.computer.players import opponent

    if kind == "standard":
        return opponent.standard_plays(pile, count, hand, unseen, holds, rank)
    if kind == "ev":
        return opponent.mean_reply_plays(pile, count, hand, unseen, rank)
    return _greedy_plays(pile, count, hand, rank)


def _either(kinds: tuple[str, ...]) -> Weight:
    """A policy weight: :data:`POLICY` times for each card the opponent played that any of
    ``kinds`` would have played."""
    from service.core.computer.players import opponent

    def weight_of(weight: int, ranks: tuple[int, ...], turns: list) -> int:  # type: ignore[type-arg]
        for pile, count, rank, hand, sees, holds in _hands_at(ranks, turns):
            if any(_kind_plays(kind, pile, count, hand, sees, holds, rank) for kind in kinds):
                weight *= opponent.POLICY
        return weight

    return weight_of


EXPERIMENTS["policyev"] = _with_policy(_either(("ev",)))
EXPERIMENTS["mixev"] = _with_policy(_either(("standard", "ev")))


def _mixture(kinds: tuple[str, ...]) -> Weight:
    """A policy weight as a mixture over kinds of player, each as likely: for each kind, the
    product over the opponent's cards of :data:`POLICY` where that kind would have played the
    card from the hand (else 1), summed over the kinds (one kind plays the whole deal)."""
    from service.core.computer.players import opponent

    def weight_of(weight: int, ranks: tuple[int, ...], turns: list) -> int:  # type: ignore[type-arg]
        products = dict.fromkeys(kinds, 1)
        for pile, count, rank, hand, sees, holds in _hands_at(ranks, turns):
            for kind in kinds:
                if _kind_plays(kind, pile, count, hand, sees, holds, rank):
                    products[kind] *= opponent.POLICY
        return weight * sum(products.values())

    return weight_of


EXPERIMENTS["mix2"] = _with_policy(_mixture(("standard", "ev")))
EXPERIMENTS["mix3"] = _with_policy(_mixture(("standard", "ev", "greedy")))


def _standard_only(weight: int, ranks: tuple[int, ...], turns: list) -> int:  # type: ignore[type-arg]
    """The policy weight before the mixture (session 9): :data:`POLICY` for each card ``standard``
    would have played, doubled as the posterior now doubles the hands it does not check."""
    return 2 * _either(("standard",))(weight, ranks, turns)


EXPERIMENTS["before"] = _with_policy(_standard_only)  # hard whose policy is standard's alone, as before the mixture
