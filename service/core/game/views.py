"""What one seat sees at the table (OpenSpiel's observer, apart from the game's contract).

:func:`view` builds a :class:`SeatView` for a seat, or for a spectator (``None``): never
another seat's hidden cards, the pack, or the crib before it is shown. Only this seat's own
hand, how many cards each seat holds, the starter once cut, the cards played (with who played
them), the current count, the hands shown so far, the pegs, and the result once the game is
over. The events of a step are filtered for a seat by :func:`.events.events_for`; both are
the only ways game information leaves the core for a seat.

>>> from .engine import new_game
>>> from ..rules import preset
>>> state, _ = new_game(preset("six_card"), seed=7, dealer=0)
>>> seen = view(state, 1)
>>> seen.phase, len(seen.hand or ()), seen.held, view(state, None).hand is None
('discard', 6, (6, 6), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from ..cards import Card
from ..errors import IllegalAction
from ..rules import Rules
from ..scoring.match import MatchRules, MatchState
from ..scoring.outcome import Outcome
from ..vocabulary import Level, ViewPhase
from .actions import Action
from .engine import legal_actions
from .state import GameState, current_player, final_outcome, may_act, show_order, shown_cards


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
    """One seat's view of the table (``seat`` ``None``: a spectator, who sees no hand).

    ``hand``: this seat's cards now (dealt, kept, or still to play). ``held``: how many cards
    each seat holds. ``discarded``: whether each seat has thrown to the crib. ``pile``: the
    cards of the current count with who played them; ``played``: every card played this
    deal. ``gone``: seats that have said go in this count. ``turn``: the seat to act;
    ``to_act``: every seat that may (several in the discard). ``match``: the match the game is
    part of, or ``None``.
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
    hand: tuple[Card, ...] | None
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
    winner: int | None
    draw: bool
    outcome: Outcome | None
    match: MatchView | None = None


class Seen(NamedTuple):
    """A view with the moves that go with it: what a game answer carries for one seat."""

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


def seen_by(state: GameState, seat: int | None) -> Seen:
    """The view and the legal actions for ``seat`` (a spectator, ``None``, has no moves:
    listing the moves of the seat to act would show its hand)."""
    check_seat(state, seat)
    return Seen(view(state, seat), () if seat is None else tuple(legal_actions(state, seat)))


def view(state: GameState, seat: int | None = None) -> SeatView:
    """What ``seat`` sees at the table (``None``: a spectator)."""
    rules = state.rules
    players = rules.players
    play = state.play
    owners = {card: owner for owner, hand in enumerate(state.hands) for card in hand}
    holding: Sequence[Sequence[Card]] = play.hands if play is not None and play.hands is not None else state.hands
    shown: list[ShownHand] = []
    claim: Claim | None = None
    if state.phase == "show":
        last = state.show_step if (state.claim is not None or state.over) else state.show_step - 1
        shown = [ShownHand(*shown_cards(state, index)) for index in range(last + 1)]
        if state.claim is not None:
            owner, is_crib = show_order(state)[state.show_step]
            claim = Claim(owner, is_crib, state.claim)
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
        pegs=tuple(
            SidePegs(side, seats, front, back)
            for side, seats, front, back in zip(
                range(rules.sides), side_seats(players, rules.sides), state.scores, state.backs, strict=True
            )
        ),
        hand=None if seat is None else tuple(sorted(holding[seat])),
        held=tuple(len(hand) for hand in holding),
        discarded=tuple(len(hand) == rules.hand_size for hand in state.hands),
        crib_size=len(state.crib),
        starter=state.starter,
        count=0 if play is None else play.count,
        pile=() if play is None else tuple((owners[c], c) for c in play.pile),
        played=() if play is None else tuple((owners[c], c) for c in play.played),
        gone=() if play is None else tuple(s for s in range(players) if play.passed[s]),
        shown=tuple(shown),
        claim=claim,
        winner=state.winner,
        draw=state.draw,
        outcome=final_outcome(state) if state.over else None,
        match=None
        if state.match is None
        else MatchView(
            state.match.game, state.match.rules, state.match.so_far(rules, state.scores if state.over else None)
        ),
    )


__all__ = ["SeatView", "MatchView", "SidePegs", "ShownHand", "Claim", "Seen", "view", "seen_by", "check_seat"]
