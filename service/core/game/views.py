"""What one seat sees at the table: the one observer (as OpenSpiel's), for clients and the computer.

:func:`view` builds a :class:`SeatView` for a seat, or for a spectator (``None``): never
another seat's hidden cards, the pack, or the crib before it is shown. Only this seat's own
cards (as dealt, and as held now), how many cards each seat holds, the starter once cut, the
cards played (with who played them), the current count, the hands shown so far (and, in
manual counting, the hand or crib the seat lays down to count), the pegs, and the result once
the game is over. The events of a step are filtered for a seat by
:func:`.events.events_for`; both are the only ways game information leaves the core for a
seat. The computer players decide from this same view, so they see only what a seat sees.

>>> from .engine import new_game
>>> from ..rules import preset
>>> state, _ = new_game(preset("six_card"), seed=7, dealer=0)
>>> seen = view(state, 1)
>>> seen.phase, len(seen.hand), seen.held, view(state, None).hand, len(seen.unseen)
('discard', 6, (6, 6), (), 46)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple

from ..cards import DECK, Card
from ..errors import IllegalAction
from ..rules import Rules
from ..scoring.match import MatchRules, MatchState
from ..scoring.outcome import Outcome
from ..vocabulary import Level, ViewPhase
from .actions import Action
from .engine import legal_actions
from .state import GameState, current_player, deal_cards, final_outcome, may_act, show_order, shown_cards


class SidePegs(NamedTuple):
    side: int
    seats: tuple[int, ...]
    front: int
    back: int


class ShownHand(NamedTuple):
    seat: int
    crib: bool
    cards: tuple[Card, ...]


class Claim(NamedTuple):
    """The count just claimed in manual counting, while an opponent may call muggins."""

    seat: int
    crib: bool
    claimed: int


class MatchView(NamedTuple):
    """The match a game is part of, as of this game: its number in the match, the match's
    rules, and the match scored with the games before it and, once it is over, this one."""

    game: int
    rules: MatchRules
    state: MatchState


class SeatView(NamedTuple):
    """One seat's view of the table (``seat`` ``None``: a spectator, who holds no cards).

    ``hand``: this seat's cards now (dealt, kept, or still to play), sorted; ``dealt``: its
    cards as they were dealt, in the order of the deal (it threw the ones it no longer holds
    or has played). ``held``: how many cards each seat holds. ``discarded``: whether each
    seat has thrown to the crib. ``pile``: the cards of the current count with who played
    them; ``played``: every card played in this deal's play (none once it is over: the seats
    pick their cards up for the show, as the ``play_over`` event says). ``gone``: seats that have said go in this
    count. ``turn``: the seat to act; ``to_act``: every seat that may (several in the
    discard). ``shown``: the hands (and the crib) counted so far in the show; ``claim``: the
    count just claimed, while an opponent may call muggins; ``counting``: in manual counting,
    the hand or the crib this seat is to count now, which it lays face up to count (the table
    sees it in ``shown`` once claimed). ``match``: the match the game is part of, or ``None``.

    This is also the computer's only input (:mod:`service.core.computer.players`): the
    properties below are what it works out from the view, built when asked. Plain properties,
    not cached ones: a NamedTuple has no room for a cache, and a frozen dataclass (which has)
    cost about four times as much to build, on every game answer; the computer binds what it
    reads more than once.
    """

    seat: int | None
    game_id: str
    move: int
    computer: tuple[Level | None, ...]
    rules: Rules
    deal: int
    dealer: int
    phase: ViewPhase
    turn: int | None
    to_act: tuple[int, ...]
    pegs: tuple[SidePegs, ...]
    hand: tuple[Card, ...]
    dealt: tuple[Card, ...]
    held: tuple[int, ...]
    discarded: tuple[bool, ...]
    crib_size: int
    starter: Card | None
    count: int  # type: ignore[assignment]  # shadows tuple.count, which nothing needs on a view
    pile: tuple[tuple[int, Card], ...]
    played: tuple[tuple[int, Card], ...]
    gone: tuple[int, ...]
    shown: tuple[ShownHand, ...]
    claim: Claim | None
    counting: ShownHand | None
    winner: int | None
    draw: bool
    outcome: Outcome | None
    match: MatchView | None = None

    @property
    def own_seat(self) -> int:
        """``seat``, for a seat's view (a spectator's has none)."""
        if self.seat is None:
            raise ValueError("a spectator's view has no seat")
        return self.seat

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def side(self) -> int:
        return self.rules.side_of(self.own_seat)

    @property
    def partner_deals(self) -> bool:
        """In partnerships, whether the seat's partner (not the seat) deals."""
        rules = self.rules
        return rules.partnerships and not self.is_dealer and rules.side_of(self.own_seat) == rules.side_of(self.dealer)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (its front peg)."""
        return tuple(pegs.front for pegs in self.pegs)

    @property
    def pile_cards(self) -> tuple[Card, ...]:
        """The cards of the current count, in order."""
        return tuple(card for _, card in self.pile)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played this deal, in order."""
        return tuple(card for _, card in self.played)

    @property
    def played_by(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards it has played this deal, in order."""
        return tuple(tuple(card for who, card in self.played if who == seat) for seat in range(self.rules.players))

    @property
    def kept(self) -> tuple[Card, ...]:
        """The cards this seat kept (still held or played), in the order of the deal."""
        kept = {*self.hand, *(card for who, card in self.played if who == self.seat)}
        return tuple(card for card in self.dealt if card in kept)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat has not seen (:func:`unseen_cards`)."""
        return unseen_cards(self.dealt, (card for _, card in self.played), self.starter)


def unseen_cards(dealt: Iterable[Card], played: Iterable[Card], starter: Card | None) -> tuple[Card, ...]:
    """The cards a seat has not seen, in the pack's order: not dealt to it, not played, not
    the starter."""
    seen = {*dealt, *played}
    if starter is not None:
        seen.add(starter)
    return tuple(card for card in DECK if card not in seen)


class ViewWithMoves(NamedTuple):
    """A seat's view with its legal moves: what a game answer carries for one seat."""

    view: SeatView
    legal_actions: tuple[Action, ...]


@cache
def side_seats(players: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side (partners share one: seats 0 and 2 are side 0)."""
    return tuple(tuple(seat for seat in range(players) if seat % sides == side) for side in range(sides))


def check_seat(state: GameState, seat: int | None) -> None:
    """Raise unless ``seat`` (whose eyes an answer is for) sits at this table."""
    if seat is not None and not 0 <= seat < state.rules.players:
        raise IllegalAction(f"seat {seat} does not exist with {state.rules.players} players", pointer="/seat")


def view_with_moves(state: GameState, seat: int | None) -> ViewWithMoves:
    """The view and the legal actions for ``seat`` (a spectator, ``None``, has no moves:
    listing the moves of the seat to act would show its hand)."""
    check_seat(state, seat)
    return ViewWithMoves(view(state, seat), () if seat is None else tuple(legal_actions(state, seat)))


def _pegs(state: GameState) -> tuple[SidePegs, ...]:
    rules = state.rules
    return tuple(map(SidePegs, range(rules.sides), side_seats(rules.players, rules.sides), state.scores, state.backs))


def _the_play(
    state: GameState,
) -> tuple[int, tuple[tuple[int, Card], ...], tuple[tuple[int, Card], ...], tuple[int, ...]]:
    """The play's public part: the count, the pile and the cards played (with who played
    them), and the seats that have said go."""
    play = state.play
    if play is None:
        return 0, (), (), ()
    owners = {card: owner for owner, hand in enumerate(state.hands) for card in hand}
    return (
        play.count,
        tuple((owners[card], card) for card in play.pile),
        tuple((owners[card], card) for card in play.played),
        tuple(seat for seat in range(state.rules.players) if play.passed[seat]),
    )


def _the_show(state: GameState, seat: int | None) -> tuple[tuple[ShownHand, ...], Claim | None, ShownHand | None]:
    """The show so far: the hands counted, the claim pending, and what ``seat`` is to count."""
    if state.phase != "show":
        return (), None, None
    last = state.show_step if (state.claim is not None or state.over) else state.show_step - 1
    shown = tuple(ShownHand(*shown_cards(state, index)) for index in range(last + 1))
    if state.claim is not None:
        owner, is_crib = show_order(state)[state.show_step]
        return shown, Claim(owner, is_crib, state.claim), None
    if state.over:
        return shown, None, None
    counted = ShownHand(*shown_cards(state, state.show_step))
    return shown, None, counted if counted.seat == seat else None


def _match(state: GameState) -> MatchView | None:
    match = state.match
    if match is None:
        return None
    return MatchView(match.game, match.rules, match.so_far(state.rules, state.scores if state.over else None))


def view(state: GameState, seat: int | None = None) -> SeatView:
    """What ``seat`` sees at the table (``None``: a spectator)."""
    rules = state.rules
    play = state.play
    holding: Sequence[Sequence[Card]] = play.hands if play is not None and play.hands is not None else state.hands
    count, pile, played, gone = _the_play(state)
    shown, claim, counting = _the_show(state, seat)
    return SeatView(
        seat=seat,
        game_id=state.game_id,
        move=state.moves,
        computer=state.computer,
        rules=rules,
        deal=state.deal_no,
        dealer=state.dealer,
        phase="over" if state.over else state.phase,
        turn=current_player(state),
        to_act=may_act(state),
        pegs=_pegs(state),
        hand=() if seat is None else tuple(sorted(holding[seat])),
        dealt=() if seat is None else deal_cards(rules, state.deck, state.dealer)[seat],
        held=tuple(len(hand) for hand in holding),
        discarded=tuple(len(hand) == rules.hand_size for hand in state.hands),
        crib_size=len(state.crib),
        starter=state.starter,
        count=count,
        pile=pile,
        played=played,
        gone=gone,
        shown=shown,
        claim=claim,
        counting=counting,
        winner=state.winner,
        draw=state.draw,
        outcome=final_outcome(state) if state.over else None,
        match=_match(state),
    )


__all__ = [
    "SeatView",
    "MatchView",
    "SidePegs",
    "ShownHand",
    "Claim",
    "ViewWithMoves",
    "view",
    "view_with_moves",
    "check_seat",
    "unseen_cards",
]
