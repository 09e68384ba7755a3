"""The play (pegging): one scorer for one card in its count, and the play as a pure state machine.

:func:`score_play` is the only place a played card is scored; the pegging endpoints, the
game engine and the computer player all call it. :class:`Play` is one deal's play: who is
to act, the cards of the current count, who has said go. :func:`play_card` and
:func:`say_go` return a new ``Play`` and a :class:`PlayStep` saying what scored, for whom.

Goes are explicit: a seat that cannot play says go, the count ends when every seat that
still holds cards has said go in it (a go holds to the count's end, which only rises) (or, under ``bicycle_three_hand``, at
the second go in a row), and the seat that played the last card scores 1 for the go. 31
scores 2 and ends the count with no go point; the last card of the whole play scores 1
unless it made 31. The next count is led by the next seat after the last player that still
holds cards. In the five-card game the play ends with the first count.

>>> from ..cards import parse_cards
>>> [(i.kind, i.points) for i in score_play(parse_cards("4S 6D"), parse_cards("5C")[0])]
[('fifteen', 2), ('run', 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import CARD_VALUE, Card, check_distinct
from ..errors import DuplicateCard, IllegalPlay, WrongCardCount
from ..items import ScoreItem
from ..refusals import said
from ..rules import Rules
from ..vocabulary import PairKind

PAIR_KINDS: dict[int, tuple[PairKind, int]] = {2: ("pair", 2), 3: ("pair_royal", 6), 4: ("double_pair_royal", 12)}


def pile_count(pile: Sequence[Card]) -> int:
    """The count: the sum of the values of the cards played since the last reset."""
    return sum(map(CARD_VALUE.__getitem__, pile))


def check_pile(pile: Sequence[Card]) -> int:
    """Raise unless ``pile`` could be a count in progress; return its count."""
    check_distinct(pile, lambda index: f"/pile/{index}", "card_twice_in_pile")
    count = pile_count(pile)
    if count > 31:
        raise IllegalPlay(said("pile_past_31", count=count), pointer="/pile")
    return count


def score_play(pile: Sequence[Card], card: Card) -> tuple[ScoreItem, ...]:
    """What ``card`` scores when played onto ``pile`` (the cards of the current count).

    Fifteen and thirty-one (2 each), the pair family for trailing cards of its rank (2, 6,
    12), and the longest run among the last k cards in any order (k points). Go and
    last-card points are not scored here: they depend on what the other players can do.

    >>> from ..cards import parse_cards
    >>> [(i.kind, i.points) for i in score_play(parse_cards("10S 5D 8C"), parse_cards("8S")[0])]
    [('thirty_one', 2), ('pair', 2)]
    """
    count = pile_count(pile) + card.value
    if card in pile:
        raise DuplicateCard(said("card_in_pile", card=card), pointer="/card")
    if count > 31:
        raise IllegalPlay(said("past_31", card=card, count=count - card.value, total=count), pointer="/card")
    seq = (*pile, card)
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem("fifteen", seq, 2))
    elif count == 31:
        items.append(ScoreItem("thirty_one", seq, 2))
    same = 1
    while same < len(seq) and seq[-1 - same].rank == card.rank:
        same += 1
    if same >= 2:
        kind, points = PAIR_KINDS[same]
        items.append(ScoreItem(kind, seq[-same:], points))
    else:
        # A run needs distinct ranks, so it cannot end in a pair; test every window, longest first.
        for length in range(len(seq), 2, -1):
            window = seq[-length:]
            ranks = {c.rank for c in window}
            if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
                items.append(ScoreItem("run", window, length))
                break
    return tuple(items)


def play_points(pile: Sequence[Card], card: Card) -> int:
    """What ``card`` scores on ``pile``, all told (the computer players weigh cards by it).

    >>> from ..cards import parse_cards
    >>> play_points(parse_cards("5S 5D"), parse_cards("5C")[0])  # fifteen 2 and a pair royal 6
    8
    """
    return sum(item.points for item in score_play(pile, card))


class PlayStep(NamedTuple):
    """What one play or go did: who acted, the count after it, what scored (for whom, in
    order), and whether the count ended (``reset``) or the whole play did (``play_over``)."""

    seat: int
    card: Card | None
    count: int  # type: ignore[assignment]  # shadows tuple.count, which nothing needs on a step
    scores: tuple[tuple[int, ScoreItem], ...]
    reset: bool
    play_over: bool


class Play(NamedTuple):
    """One deal's play. ``hands`` are the cards each seat still holds, when known (the game
    engine always knows them; a tournament tool checking a play after the fact may not, and
    then only ``held``, the number of cards left, is tracked and goes are taken on trust).

    A NamedTuple, as :class:`~.state.GameState` is: ``_replace`` on a tuple costs a fraction
    of ``dataclasses.replace``, and the engine replaces both on every move."""

    players: int
    turn: int | None
    held: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    pile: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    last: int | None = None
    passed: tuple[bool, ...] = ()
    go_streak: int = 0
    single_count: bool = False
    bicycle_go: bool = False
    # The count of the cards played since the last reset, kept as the pile grows (the play
    # reads it at every step); it shadows ``tuple.count``, which nothing needs on a play.
    count: int = 0  # type: ignore[assignment]

    @property
    def over(self) -> bool:
        return self.turn is None

    def can_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a card that fits under 31 (unknown hands: assumed yes)."""
        if self.held[seat] == 0:
            return False
        if self.hands is None:
            return True
        room = 31 - self.count
        return any(card.value <= room for card in self.hands[seat])

    def playable(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play now (known hands only)."""
        if self.hands is None:
            return ()
        room = 31 - self.count
        return tuple(card for card in self.hands[seat] if card.value <= room)


def start_play(rules: Rules, leader: int, hands: Sequence[Sequence[Card]] | None = None) -> Play:
    """The play of one deal, led by ``leader``, with each seat's kept cards if known."""
    if not 0 <= leader < rules.players:
        raise IllegalPlay(said("no_such_seat", seat=leader, players=rules.players), pointer="/leader")
    known: tuple[tuple[Card, ...], ...] | None = None
    if hands is not None:
        if len(hands) != rules.players:
            raise WrongCardCount(said("hands_per_seat", players=rules.players), pointer="/hands")
        known = tuple(tuple(hand) for hand in hands)
        for seat, hand in enumerate(known):
            if len(hand) != rules.hand_size:
                raise WrongCardCount(
                    said("hand_in_play", seat=seat, count=len(hand), size=rules.hand_size),
                    pointer=f"/hands/{seat}",
                )
        size = rules.hand_size  # every hand has that many cards now: position -> (seat, index)
        check_distinct(
            [card for hand in known for card in hand], lambda at: f"/hands/{at // size}/{at % size}", "card_dealt_twice"
        )
    held = tuple(len(h) for h in known) if known is not None else (rules.hand_size,) * rules.players
    return Play(
        players=rules.players,
        turn=leader,
        held=held,
        hands=known,
        passed=(False,) * rules.players,
        single_count=rules.single_count_play,
        bicycle_go=rules.multi_go_rule == "bicycle_three_hand",
    )


def _next_seat(play: Play, after: int, *, skip_passed: bool) -> int | None:
    """The first seat after ``after`` (clockwise, ``after`` itself last) holding cards."""
    for step in range(1, play.players + 1):
        seat = (after + step) % play.players
        if play.held[seat] and not (skip_passed and play.passed[seat]):
            return seat
    return None


def _check_turn(play: Play, seat: int) -> None:
    if play.turn is None:
        raise IllegalPlay(said("play_over"))
    if not 0 <= seat < play.players:
        raise IllegalPlay(said("no_such_seat", seat=seat, players=play.players), pointer="/seat")
    if seat != play.turn:
        raise IllegalPlay(said("not_seats_turn", turn=play.turn, seat=seat), pointer="/seat")


def _end_count(play: Play, seat: int, scores: list[tuple[int, ScoreItem]], card: Card | None) -> tuple[Play, PlayStep]:
    """Close the count: the go point (unless 31 or the last card already scored), then the
    next leader, or the end of the play."""
    count = play.count
    last = play.last
    assert last is not None  # a count only ends after a card was played
    if count != 31 and not any(item.kind == "last_card" for _, item in scores):
        scores.append((last, ScoreItem("go", play.pile[-1:], 1)))
    leader = _next_seat(play, last, skip_passed=False)
    over = play.single_count or leader is None
    ended = play._replace(
        turn=None if over else leader,
        pile=(),
        count=0,
        passed=(False,) * play.players,
        go_streak=0,
        last=None,
    )
    return ended, PlayStep(seat, card, count, tuple(scores), True, over)


def check_card(play: Play, seat: int, card: Card) -> None:
    """Raise unless ``seat`` may play ``card`` now (the engine asks before it acts)."""
    _check_turn(play, seat)
    if card in play.played:
        raise DuplicateCard(said("card_played", card=card), pointer="/card")
    if play.hands is not None and card not in play.hands[seat]:
        raise IllegalPlay(said("not_held", seat=seat, card=card), pointer="/card", legal_cards=play.playable(seat))
    if play.count + card.value > 31:
        known = {} if play.hands is None else {"legal_cards": play.playable(seat)}  # none known without hands
        raise IllegalPlay(
            said("past_31", card=card, count=play.count, total=play.count + card.value), pointer="/card", **known
        )


def check_go(play: Play, seat: int) -> None:
    """Raise unless ``seat`` may say go now: with known hands, only when it cannot play;
    without them, never while the count is 21 or less (any card, at most 10, still fits)."""
    _check_turn(play, seat)
    if play.can_play(seat) and play.hands is not None:
        raise IllegalPlay(
            said("can_play_no_go", seat=seat, cards=", ".join(str(c) for c in play.playable(seat))),
            pointer="/go",
            legal_cards=play.playable(seat),
        )
    if play.held[seat] and play.count <= 21:
        raise IllegalPlay(said("count_low_no_go", count=play.count), pointer="/go")


def play_card(play: Play, seat: int, card: Card) -> tuple[Play, PlayStep]:
    """``seat`` plays ``card``: scored by :func:`score_play`, then the count may end."""
    check_card(play, seat, card)
    items = score_play(play.pile, card)
    scores = [(seat, item) for item in items]
    hands = play.hands
    if hands is not None:
        hands = tuple(tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(hands))
    held = tuple(n - 1 if s == seat else n for s, n in enumerate(play.held))
    count = play.count + CARD_VALUE[card]
    after = play._replace(
        hands=hands,
        held=held,
        pile=(*play.pile, card),
        played=(*play.played, card),
        last=seat,
        go_streak=0,
        count=count,
    )
    if not any(held) and count != 31:
        scores.append((seat, ScoreItem("last_card", (card,), 1)))
    if count == 31 or not any(held):
        return _end_count(after, seat, scores, card)
    nxt = _next_seat(after, seat, skip_passed=True)
    if nxt is None:  # everyone else has passed and this seat is out of cards
        return _end_count(after, seat, scores, card)
    after = after._replace(turn=nxt)
    return after, PlayStep(seat, card, count, tuple(scores), False, False)


def say_go(play: Play, seat: int) -> tuple[Play, PlayStep]:
    """``seat`` cannot play (see :func:`check_go`)."""
    check_go(play, seat)
    passed = tuple(True if s == seat else p for s, p in enumerate(play.passed))
    after = play._replace(passed=passed, go_streak=play.go_streak + 1)
    nxt = _next_seat(after, seat, skip_passed=True)
    if nxt is None or (after.bicycle_go and after.go_streak >= 2):
        return _end_count(after, seat, [], None)
    return after._replace(turn=nxt), PlayStep(seat, None, after.count, (), False, False)
