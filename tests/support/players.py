"""Test opponents for the computer player, and the seeded strength games they play.

They live with the tests, not in ``service.core``: they are yardsticks, not features.
``research/strength.py`` (1,000+ games per opponent) and ``tests/strength/test_strength.py`` (a
bounded CI run) both use them, so the two measure exactly the same thing.

A *player* is ``(state, seat) -> Action``; it is asked only when ``seat`` may act.

* :class:`RandomPlayer`: uniform over ``legal_actions(state, seat)``, from its own
  ``random.Random(seed)``.
* :class:`GreedyPlayer`: the "points now" player.

  - **Discard**: keeps the cards whose own show points, with no starter, are highest
    (:func:`kept_points`: fifteens, pairs, runs, and a flush of the kept cards). No nobs (it
    needs a starter) and no thought for the crib or the pegging. Ties go to the option that
    throws the highest cards (the *last* tied option in ``legal_actions`` order, which lists
    discards by card index, rank first): that keeps low cards, which peg better.
  - **Play**: the card that scores most now by :func:`service.core.pegging.score_play`
    (fifteen, 31, pairs, runs; go and last-card points are not the card's). Ties go to the
    highest card (the last tied card in ``legal_actions`` order: rank, then suit C D H S),
    keeping low cards to squeeze in under 31 later.
  - **Show** (muggins on only): claims the exact count and calls muggins for exactly what an
    opponent missed, as the computer does, so the show is not where the two differ.

  Those two tie-breaks are the strongest of the simple ones tried, over seeds 0..999: with
  both ties to the *first* option instead (keep the high cards, play the lowest card) the
  computer won 724 of 1,000 games; with only the play's ties to the highest card, 662; with
  both as above, 602.

:func:`strength_game` plays one seeded two-player game of the computer against an opponent;
game ``seed`` puts the computer in seat ``seed % 2`` and gives the first deal to seat
``(seed // 2) % 2``, so over consecutive seeds seats and first deal alternate evenly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from service.core.cards import Card
from service.core.computer import play as computer
from service.core.computer.play import apply, new_game
from service.core.game.engine import Action, GameState, legal_actions, may_act
from service.core.rules import Rules, preset
from service.core.scoring.pegging import score_play
from tests.support.wire import wire

Player = Callable[[GameState, int], Action]
OPPONENTS = ("random", "greedy")
PEGGING_KINDS = ("play", "go", "last_card")


def kept_points(cards: Sequence[Card]) -> int:
    """Show points of ``cards`` alone (no starter): 2 for every subset adding to 15, 2 for
    every pair of equal rank, the longest run's length for each such run (3 cards or more),
    and a flush (all of one suit) worth one point a card.

    >>> from service.core.cards import parse_cards
    >>> kept_points(parse_cards("5S 5H 5D JC"))     # four fifteens (8), a pair royal (6)
    14
    >>> kept_points(parse_cards("2H 3H 4H 9H"))     # run of three, 2+4+9 = 15, a flush
    9
    >>> kept_points(parse_cards("3C 3D 4H 5S"))     # 3+3+4+5 = 15, one pair, two runs of three
    10
    >>> kept_points(parse_cards("AC 3D 7H QS"))
    0
    """
    points = 0
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(min(c.rank, 10) for c in subset) == 15:
                points += 2
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            points += 2
    for size in range(len(cards), 2, -1):
        runs = 0
        for subset in combinations(cards, size):
            ranks = sorted(c.rank for c in subset)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            points += runs * size
            break
    if len({c.suit for c in cards}) == 1:
        points += len(cards)
    return points


class RandomPlayer:
    """A uniformly random legal action, from ``random.Random(seed)``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: GameState, seat: int) -> Action:
        return self.rng.choice(legal_actions(state, seat))


class GreedyPlayer:
    """The "points now" player (the module docstring defines it exactly)."""

    def __call__(self, state: GameState, seat: int) -> Action:
        legal = legal_actions(state, seat)
        kind = legal[0].type
        if kind == "discard":
            hand = state.hands[seat]
            scores = [kept_points([c for c in hand if c not in a.cards]) for a in legal]
            return legal[max(range(len(legal)), key=lambda i: (scores[i], i))]
        if kind == "play":
            assert state.play is not None
            pile = state.play.pile
            scores = [sum(item.points for item in score_play(pile, a.card)) for a in legal if a.card is not None]
            return legal[max(range(len(legal)), key=lambda i: (scores[i], i))]
        return computer.choose(state, seat)  # the show with muggins on: exact claims and calls


def computer_player(state: GameState, seat: int) -> Action:
    """The player under test: exactly what ``{type: auto}`` does."""
    return computer.choose(state, seat)


def make_opponent(name: str, seed: int) -> Player:
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer()
    raise ValueError(f"unknown opponent {name!r}; known: {OPPONENTS}")


@dataclass(frozen=True)
class GameResult:
    """One strength game, from the computer's side."""

    seed: int
    computer_seat: int
    first_dealer: int
    won: bool
    scores: tuple[int, int]  # (computer, opponent)
    deals: int
    points: dict[str, Counter[str]] = field(default_factory=dict)  # "computer"/"opponent" -> kind -> points


def play_tallied(
    players: Sequence[Player], rules: Rules, seed: int, dealer: int
) -> tuple[GameState, list[Counter[str]], int]:
    """A whole game through the engine, each seat moved by its player: the final state, each
    side's points by kind (every pegging kind as ``pegging``), and the number of deals."""
    state, _ = new_game(rules, seed, dealer)
    deals = 1
    points: list[Counter[str]] = [Counter() for _ in players]
    while not state.over:
        seat = may_act(state)[0]
        state, events = apply(state, players[seat](state, seat))
        for event in wire(events):
            if event["type"] == "score":
                kind = "pegging" if event["kind"] in PEGGING_KINDS else event["kind"]
                points[event["side"]][kind] += event["points"]
            elif event["type"] == "deal":
                deals += 1
    return state, points, deals


def strength_game(opponent: str, seed: int, rules: Rules | None = None) -> GameResult:
    """One seeded two-player game (muggins off unless ``rules`` say otherwise) of the computer
    against ``opponent``, through the engine."""
    rules = preset("six_card") if rules is None else rules
    me = seed % 2
    dealer = (seed // 2) % 2
    players: list[Player] = [computer_player, computer_player]
    players[1 - me] = make_opponent(opponent, seed)
    state, sides, deals = play_tallied(players, rules, seed, dealer)
    points = {"computer": sides[me], "opponent": sides[1 - me]}
    return GameResult(seed, me, dealer, state.winner == me, (state.scores[me], state.scores[1 - me]), deals, points)
