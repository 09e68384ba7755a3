"""The pegging endpoints' core: one card onto a count, and a whole play checked after the fact.

Both are thin on purpose. A card is scored only by :func:`.pegging.score_play`, and a play
is walked only by the :class:`.pegging.Play` state machine that the game engine also uses,
so a front-end pegging card by card, a tournament tool checking a finished play and the
engine can never disagree. What this module adds is what a caller outside the engine needs:
checks on a pile the client sent, plays given as a list (errors point at ``/plays/<i>``),
and the totals per seat and per side (which variant a bare player count means is
:func:`.rules.rules_for_table`'s).

>>> from ..cards import parse_cards
>>> score_card(parse_cards("4S 6D"), parse_cards("5C")[0]).points
5
>>> pone, dealer = parse_cards("KS 4D 6C 7H"), parse_cards("QH 5C 8S 9D")
>>> plays = [(0, pone[0]), (1, dealer[0]), (0, pone[1]), (1, dealer[1]), (0, None), (1, None),
...          (0, pone[2]), (1, dealer[2]), (0, pone[3]), (1, dealer[3])]
>>> result = score_sequence(rules_for_table(2), 0, plays, [pone, dealer])
>>> result.seat_totals(), result.complete
((3, 6), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card
from ..errors import CribbageError, IllegalPlay
from ..items import ScoreItem
from ..refusals import said
from ..rules import Rules, rules_for_table
from .pegging import Play, PlayStep, check_pile, play_card, say_go, score_play, start_play

# One entry of a play: ``(seat, card)``, or ``(seat, None)`` for a go.
PlayInput = tuple[int, Card | None]


class PlayEntry(NamedTuple):
    """A play entry the core offers (a legal move): ``card`` ``None`` is a go."""

    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class CardScore:
    """What one card scored on its count: the items, and the pile and count it leaves."""

    pile: tuple[Card, ...]
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def count(self) -> int:
        return sum(card.value for card in self.pile)


def score_card(pile: Sequence[Card], card: Card) -> CardScore:
    """Score ``card`` played onto ``pile`` (the cards since the count last reset, in order).

    The pile is checked first (no card twice, not past 31, and not already at 31: a count
    of 31 is over and the next card starts a new one), so every error names the right field.
    Go and last-card points are not scored here: they depend on what the other players hold.

    >>> from ..cards import parse_cards
    >>> score_card(parse_cards("10S 10D 10C"), parse_cards("AH")[0]).items
    (ScoreItem(kind='thirty_one', cards=(Card(rank=10, suit='S'), Card(rank=10, suit='D'), Card(rank=10, suit='C'), Card(rank=1, suit='H')), points=2),)
    """
    if check_pile(pile) == 31:
        raise IllegalPlay(said("pile_at_31"), pointer="/pile")
    items = score_play(pile, card)
    return CardScore((*pile, card), items)


@dataclass(frozen=True, slots=True)
class SequenceScore:
    """A whole play (or its beginning): every step in order and where the play stands."""

    rules: Rules
    leader: int
    steps: tuple[PlayStep, ...]
    final: Play

    @property
    def complete(self) -> bool:
        """Whether the play is over (every card played, or the five-card game's one count)."""
        return self.final.over

    def seat_totals(self) -> tuple[int, ...]:
        """Points pegged by each seat over the steps."""
        totals = [0] * self.rules.players
        for step in self.steps:
            for seat, item in step.scores:
                totals[seat] += item.points
        return tuple(totals)

    def side_totals(self) -> tuple[int, ...]:
        """Points per scoring side (partners pooled; otherwise one side per seat)."""
        totals = [0] * self.rules.sides
        for seat, points in enumerate(self.seat_totals()):
            totals[self.rules.side_of(seat)] += points
        return tuple(totals)

    @property
    def resets(self) -> tuple[int, ...]:
        """The indexes of the entries that ended a count."""
        return tuple(index for index, step in enumerate(self.steps) if step.reset)


def legal_plays(play: Play) -> list[PlayEntry]:
    """What the seat to act may do, as play entries (known hands only): each card that fits,
    or ``(seat, None)``, a go, when none does."""
    if play.turn is None or play.hands is None:
        return []
    cards = play.playable(play.turn)
    if not cards:
        return [PlayEntry(play.turn, None)]
    return [PlayEntry(play.turn, card) for card in cards]


def score_sequence(
    rules: Rules,
    leader: int,
    plays: Sequence[PlayInput],
    hands: Sequence[Sequence[Card]] | None = None,
) -> SequenceScore:
    """Walk ``plays`` through the play state machine from ``leader``'s lead.

    Goes are explicit entries: a seat that cannot play says go, once per count. With
    ``hands`` every card must come from that seat's hand and a go while able is refused;
    without them only what the plays themselves show is checked (turns, 31, repeats, and a
    go at a count that a card the seat plays later would have fitted). The
    first illegal entry raises with a pointer such as ``/plays/3/card`` and, when hands are
    known, the actions that were legal there.
    """
    play = start_play(rules, leader, hands)
    steps: list[PlayStep] = []
    goes: list[tuple[int, int, int]] = []  # without hands: (entry, seat, count) of each go
    for index, (seat, card) in enumerate(plays):
        if card is not None and hands is None and card not in play.played:
            _check_goes(goes, seat, card, index)  # the earlier go is the first fault (a duplicate is its own)
        count = play.count
        try:
            play, step = say_go(play, seat) if card is None else play_card(play, seat, card)
        except CribbageError as error:
            error.under(f"/plays/{index}")
            if "legal_actions" not in error.extra and play.hands is not None and not play.over:
                error.extra["legal_actions"] = legal_plays(play)
            raise
        if card is None:
            goes.append((index, seat, count))
        steps.append(step)
    return SequenceScore(rules, leader, tuple(steps), play)


def _check_goes(goes: Sequence[tuple[int, int, int]], seat: int, card: Card, index: int) -> None:
    """Without hands, a card played shows the seat held it all through the play: a go it said
    earlier at a count that card would have fitted was a go while able, refused at that go."""
    for at, who, count in goes:
        if who == seat and count + card.value <= 31:
            raise IllegalPlay(
                said("go_while_held", seat=seat, count=count, card=card, played=f"/plays/{index}"), pointer="/go"
            ).under(f"/plays/{at}")


__all__ = [
    "CardScore",
    "SequenceScore",
    "PlayInput",
    "PlayEntry",
    "legal_plays",
    "rules_for_table",
    "score_card",
    "score_sequence",
]
