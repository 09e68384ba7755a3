"""What happens in a game, as typed values, and what each seat may see of each kind.

Every step of the engine returns events: one frozen value per thing that happened (pokerkit
keeps its operations the same way). ``kind`` is the name a client sees. An event holds the
whole truth (a :class:`Deal` holds every seat's cards), so the record of a finished game can
show everything; what goes to one seat is decided here, and only here, by
:data:`VISIBILITY`: an explicit rule per event kind saying what the seat the private cards
belong to, its partner, its opponents and a spectator may see. It is an allow-list: an
event kind without a rule is a bug that :func:`visible_to` refuses (``KeyError``), and a
test fails for it before any client could see its cards.

Private cards in cribbage are few: the cards dealt to a seat (until played or shown) and the
cards it throws to the crib (until the crib is shown). Partners do not show each other their
hands, so a partner sees what an opponent sees. Everything else at the table is public.

>>> from ..cards import parse_cards
>>> deal = Deal(deal=1, dealer=0, hands=(parse_cards("AS 2S 3S 4S 5S 6S"), parse_cards("AH 2H 3H 4H 5H 6H")))
>>> visible_to(deal, 1)
DealSeen(deal=1, dealer=0, cards_each=6, hand=(Card(rank=1, suit='H'), Card(rank=2, suit='H'), Card(rank=3, suit='H'), Card(rank=4, suit='H'), Card(rank=5, suit='H'), Card(rank=6, suit='H')))
>>> visible_to(Discard(seat=0, cards=parse_cards("5S 6S")), 1)
DiscardSeen(seat=0, count=2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..cards import Card
from ..items import ScoreItem
from ..scoring.outcome import Outcome
from ..vocabulary import EventKind, ScoreKind


class Event:
    """Base of every event; ``kind`` is its name on the wire."""

    __slots__ = ()
    kind: ClassVar[EventKind]


@dataclass(frozen=True, slots=True)
class CutForDeal(Event):
    """Each player cut a card for the first deal; players tied for it cut again."""

    kind: ClassVar[EventKind] = "cut_for_deal"
    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A deal: every seat's cards, in seat order (private: see :class:`DealSeen`)."""

    kind: ClassVar[EventKind] = "deal"
    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class DealSeen(Event):
    """A deal as one seat sees it: its own ``hand`` (sorted; ``None`` for a spectator) and
    how many cards each seat was dealt."""

    kind: ClassVar[EventKind] = "deal"
    deal: int
    dealer: int
    cards_each: int
    hand: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """A seat threw ``cards`` to the crib (private: see :class:`DiscardSeen`)."""

    kind: ClassVar[EventKind] = "discard"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DiscardSeen(Event):
    """Another seat's discard: only how many cards went to the crib."""

    kind: ClassVar[EventKind] = "discard"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Starter(Event):
    kind: ClassVar[EventKind] = "starter"
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    kind: ClassVar[EventKind] = "play"
    seat: int
    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class Go(Event):
    """A seat that could not play said go (the engine says every go by itself)."""

    kind: ClassVar[EventKind] = "go"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CountReset(Event):
    """The count ended (31, or no one could play); ``leader`` leads the next (``None``: no
    one does, the game having been won by the points that ended the count)."""

    kind: ClassVar[EventKind] = "count_reset"
    leader: int | None


@dataclass(frozen=True, slots=True)
class PlayOver(Event):
    """Every card is played (or, with a single count, the count ended): each seat picks up
    the cards it played, and holds its kept hand again for the show."""

    kind: ClassVar[EventKind] = "play_over"


@dataclass(frozen=True, slots=True)
class Show(Event):
    """A hand (or the crib) is laid down to be counted; ``claimed`` in manual counting."""

    kind: ClassVar[EventKind] = "show"
    seat: int
    crib: bool
    cards: tuple[Card, ...]
    claimed: int | None = None


@dataclass(frozen=True, slots=True)
class Score(Event):
    """A peg moves: ``points`` for ``seat``'s ``side`` for the reasons in ``items``;
    ``front`` and ``back`` are the side's pegs after it. ``pegged``: how far the front peg
    moved, ``points`` except for the peg that wins, which stops in the game hole (the target). ``score_kind``: ``play`` (a card's
    points, with its go or last-card point when it earned one), ``go``, ``last_card``,
    ``heels``, ``three_for_last``, ``hand``, ``crib``, ``muggins``, ``penalty`` or
    ``overclaim``."""

    kind: ClassVar[EventKind] = "score"
    seat: int
    side: int
    score_kind: ScoreKind
    points: int
    items: tuple[ScoreItem, ...]
    front: int
    back: int
    pegged: int
    claimed: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the reasons name, each once, in order."""
        return tuple(dict.fromkeys(card for item in self.items for card in item.cards))


@dataclass(frozen=True, slots=True)
class Muggins(Event):
    """``seat`` called muggins on ``against``'s count for ``called`` points."""

    kind: ClassVar[EventKind] = "muggins"
    seat: int
    against: int
    called: int


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """The muggins window closed: the true count and its reasons."""

    kind: ClassVar[EventKind] = "settled"
    seat: int
    crib: bool
    claimed: int
    actual: int
    items: tuple[ScoreItem, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind: ClassVar[EventKind] = "game_over"
    outcome: Outcome

    @property
    def winner(self) -> int | None:
        return self.outcome.winner

    @property
    def draw(self) -> bool:
        return self.outcome.draw


# --- who sees what -------------------------------------------------------------------------------

# A rule takes the event and the viewing seat (None: a spectator) and returns what that viewer
# may see of it.
Rule = Callable[[Any, "int | None"], Event]


def public(event: Event, seat: int | None) -> Event:
    """Seen by everyone as it is: nothing in it is private."""
    return event


def deal_seen(event: Deal, seat: int | None) -> DealSeen:
    """A seat sees its own dealt cards; its partner, its opponents and a spectator see only
    how many each seat was dealt."""
    hand = None if seat is None else tuple(sorted(event.hands[seat]))
    return DealSeen(event.deal, event.dealer, len(event.hands[0]), hand)


def discard_seen(event: Discard, seat: int | None) -> Discard | DiscardSeen:
    """The seat that threw sees its cards; everyone else (its partner too: the crib is
    dealt face down) sees how many went."""
    return event if seat == event.seat else DiscardSeen(event.seat, len(event.cards))


VISIBILITY: dict[type[Event], Rule] = {
    CutForDeal: public,  # cut face up in front of everyone
    Deal: deal_seen,
    Discard: discard_seen,
    Starter: public,  # turned face up
    CardPlayed: public,
    Go: public,
    CountReset: public,
    PlayOver: public,
    Show: public,  # the show lays the hand or crib face up
    Score: public,  # its reasons name only cards already played or shown, or the starter
    Muggins: public,
    Settled: public,  # the cards of a hand just shown
    GameOver: public,
    # What a viewer is given is already redacted: it stays as it is (a record replays them).
    DealSeen: public,
    DiscardSeen: public,
}


def visible_to(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` (``None``: a spectator) may see it. An event kind with no rule
    in :data:`VISIBILITY` raises ``KeyError``: private unless said otherwise."""
    return VISIBILITY[type(event)](event, seat)


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them, in order."""
    return [VISIBILITY[type(event)](event, seat) for event in events]


class Numbered(NamedTuple):
    """An event with the move it belongs to: the game's move counter (a view's ``move``)
    right after that move; ``0`` for the game's opening (the cut for the deal, the first
    deal). A client that has shown everything up to move ``K`` skips the events numbered
    ``K`` or less, so each is shown once however the answers overlap."""

    move: int
    event: Event


def numbered(move: int, events: Iterable[Event]) -> list[Numbered]:
    """``events``, all of move ``move``."""
    return [Numbered(move, event) for event in events]


def numbered_for(happened: Iterable[Numbered], seat: int | None) -> list[Numbered]:
    """Numbered events as ``seat`` may see them (:func:`events_for`), in order."""
    return [Numbered(move, VISIBILITY[type(event)](event, seat)) for move, event in happened]


__all__ = [
    "Event",
    "CutForDeal",
    "Deal",
    "DealSeen",
    "Discard",
    "DiscardSeen",
    "Starter",
    "CardPlayed",
    "Go",
    "CountReset",
    "PlayOver",
    "Show",
    "Score",
    "Muggins",
    "Settled",
    "GameOver",
    "VISIBILITY",
    "visible_to",
    "events_for",
    "Numbered",
    "numbered",
    "numbered_for",
]
