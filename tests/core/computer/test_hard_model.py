"""``hard``'s model of a sensible opponent in the play: ``standard``'s choice, over ranks, and the
expected-value rule's.

* :func:`~service.core.computer.players.opponent.standard_plays` holds true of the rank the real
  ``standard`` player (:mod:`service.core.computer.players.standard`) plays, and of no other, at every
  one of its decisions in the first plays of many games, from exactly what it sees.
* :func:`~service.core.computer.players.opponent.mean_reply_plays` holds true of the rank the
  population's expected-value player (``tests/support/population.py``, written apart from the
  service) plays, and of no other, at each of its decisions in the first plays of many games.
* :func:`~service.core.computer.players.opponent.their_turns` rebuilds, from the seat's own view later
  in the deal, each position the opponent played from: the pile, the count, its card, its
  later cards and whether the seat could still play; the cards it had not seen are right but
  for what it alone knows (its own discards and the cards it still holds).
* The policy weighing makes the opponent's real hand likelier among the hands searched.
* The search's points over ranks (:func:`~service.core.computer.players.ranks.peg`) are the rules'
  points for the same cards (:func:`~service.core.pegging.play_points`) on every pile of a
  count that random and run-heavy plays reach.
* ``hard``'s card does not depend on what its caches hold (the review asks it again later, in
  another process, after other decisions): the same with every cache emptied before each
  decision, and after the decisions of other games in reverse order; and a trim leaves no
  cache over its bound.
"""

from __future__ import annotations

import random
from collections import Counter

from service.core.cards import DECK
from service.core.computer.play import apply, new_game
from service.core.computer.players import choose
from service.core.computer.players import standard as standard_level
from service.core.computer.players.opponent import (
    draws,
    mean_reply_plays,
    possible_cards,
    standard_plays,
    their_turns,
)
from service.core.computer.players.ranks import CACHES, peg, trim
from service.core.computer.players.search import choose_card
from service.core.game.engine import may_act
from service.core.game.state import GameState
from service.core.game.views import SeatView, view
from service.core.rules import preset
from service.core.scoring.pegging import play_points
from tests.support.population import ev_card, ev_player


def _counts(cards: object) -> tuple[int, ...]:
    counts = [0] * 14
    for card in cards:  # type: ignore[attr-defined]
        counts[card.rank] += 1
    return tuple(counts)


def _first_plays(seeds: range) -> list[tuple[GameState, int, SeatView]]:
    """Every position of the first deal's play of a standard-vs-standard game, per seed."""
    out = []
    for seed in seeds:
        state, _ = new_game(preset("six_card"), seed, seed % 2)
        while state.deal_no == 1 and not state.over:
            seat = may_act(state)[0]
            if state.phase == "play":
                out.append((state, seat, view(state, seat)))
            state, _ = apply(state, choose(state, seat, "standard"))
    return out


def test_the_model_plays_the_rank_standard_plays() -> None:
    positions = _first_plays(range(60))
    assert len(positions) > 400
    for _, seat, seen in positions:
        card = standard_level.play(seen).card
        assert card is not None
        pile = tuple(c.rank for c in seen.pile_cards)
        hand = tuple(sorted(c.rank for c in seen.hand))
        unseen = _counts(seen.unseen)
        holds = standard_level.next_holds(seen)
        others = {c.rank for c in seen.hand if seen.count + c.value <= 31} - {card.rank}
        assert standard_plays(pile, seen.count, hand, unseen, holds, card.rank), (seat, seen)
        assert not any(standard_plays(pile, seen.count, hand, unseen, holds, rank) for rank in others)


def test_the_rule_plays_the_rank_the_expected_value_player_plays() -> None:
    checked = 0
    for seed in range(60):
        state, _ = new_game(preset("six_card"), seed, seed % 2)
        while state.deal_no == 1 and not state.over:
            seat = may_act(state)[0]
            if state.phase == "play":
                seen = view(state, seat)
                card = ev_card(seen)
                pile = tuple(c.rank for c in seen.pile_cards)
                hand = tuple(sorted(c.rank for c in seen.hand))
                unseen = _counts(seen.unseen)
                others = {c.rank for c in seen.hand if seen.count + c.value <= 31} - {card.rank}
                assert mean_reply_plays(pile, seen.count, hand, unseen, card.rank), (seat, seen)
                assert not any(mean_reply_plays(pile, seen.count, hand, unseen, rank) for rank in others)
                checked += 1
            state, _ = apply(state, ev_player(state, seat))
    assert checked > 400


def test_the_opponents_positions_are_rebuilt_from_the_seats_view() -> None:
    checked = 0
    for seed in range(30):
        positions = _first_plays(range(seed, seed + 1))
        last_state, _, _ = positions[-1]
        for viewer in (0, 1):
            opp = 1 - viewer
            seen = view(last_state, viewer)
            theirs = [(s, p) for s, seat, p in positions if seat == opp and len(p.played) < len(seen.played)]
            turns = their_turns(seen, opp)
            assert len(turns) == len(theirs) == len(seen.played_by[opp])
            dealt = Counter(c.rank for c in view(last_state, opp).dealt)
            kept = Counter(c.rank for c in seen.played_by[opp]) + Counter(c.rank for c in last_state.play.hands[opp])
            discards = dealt - kept
            still = Counter(c.rank for c in last_state.play.hands[opp])
            for (pile, count, rank, later, unseen, holds), (_, then) in zip(turns, theirs):
                card = standard_level.play(then).card
                assert card is not None and rank == card.rank
                assert pile == tuple(c.rank for c in then.pile_cards) and count == then.count
                assert holds == standard_level.next_holds(then)
                assert list(later) == [c.rank for c in seen.played_by[opp][len(then.played_by[opp]) + 1 :]]
                truth = _counts(then.unseen)
                # What it alone knew: its discards, and the cards it still holds now.
                assert [unseen[r] - still[r] - discards[r] for r in range(14)] == list(truth), seed
                checked += 1
    assert checked > 100


def test_weighing_by_standards_plays_finds_the_real_hand_more_often() -> None:
    hits = {True: 0, False: 0}
    for state, seat, seen in _first_plays(range(40)):
        opp = 1 - seat
        if len(seen.played_by[opp]) < 2 or not seen.held[opp]:
            continue
        assert state.play is not None
        real = sorted(c.rank for c in state.play.hands[opp])
        possible = possible_cards(seen, opp)
        for policy in (True, False):
            drawn = draws(seen, possible, seen.held[opp], random.Random(7), True, True, policy)
            hits[policy] += sum(sorted(c.rank for c in hand) == real for hand in drawn[:48])
    assert hits[True] > 1.5 * hits[False] > 0, hits


def _empty_caches() -> None:
    for cached, _ in CACHES:
        cached.cache_clear()  # type: ignore[attr-defined]


def test_hards_card_does_not_depend_on_its_caches() -> None:
    positions = [
        (seat, seen)
        for _, seat, seen in _first_plays(range(100, 116))
        if len({c.rank for c in seen.hand if seen.count + c.value <= 31}) > 1
    ]
    assert len(positions) > 60
    _empty_caches()
    warm = [choose_card(seen) for _, seen in positions]
    backwards = [choose_card(seen) for _, seen in reversed(positions)][::-1]
    cold = []
    for _, seen in positions:
        _empty_caches()
        cold.append(choose_card(seen))
    assert warm == backwards == cold


def test_a_trim_leaves_every_cache_within_its_bound() -> None:
    for _, _, seen in _first_plays(range(200, 212)):
        choose_card(seen)
    assert any(cached.cache_info().currsize > 0 for cached, _ in CACHES)  # type: ignore[attr-defined]
    bounds = list(CACHES)
    CACHES[:] = [(cached, 10) for cached, _ in bounds]
    try:
        trim()
        assert all(cached.cache_info().currsize <= 10 for cached, _ in CACHES)  # type: ignore[attr-defined]
    finally:
        CACHES[:] = bounds


def test_the_searchs_points_over_ranks_are_the_rules_points() -> None:
    rng = random.Random(13)
    checked = 0
    for _ in range(4000):
        # Runs need piles of near ranks: draw half the piles from a narrow band of ranks.
        low = rng.randint(1, 9)
        pool = [c for c in DECK if low <= c.rank <= low + 4] if rng.random() < 0.5 else list(DECK)
        cards = rng.sample(pool, rng.randint(1, 8))
        pile, count = [], 0
        for card in cards:
            if count + card.value > 31:
                break
            assert peg(tuple(c.rank for c in pile), card.rank) == play_points(pile, card), (pile, card)
            pile.append(card)
            count += card.value
            checked += 1
    assert checked > 10_000
