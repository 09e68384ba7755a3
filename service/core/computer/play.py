"""The computer player behind ``{type: auto, seat}``: a legal, sound move for a seat that may act.

It decides from what that seat could see at the table (its own dealt cards, the starter once
cut, the cards played and by whom, the count, who said go, the pegs, the hand being shown)
and never from the pack or another seat's hand: the players (:mod:`.players`) get the seat's
view (:func:`service.core.game.views.view`, the one a client gets) and nothing else. A seat the computer plays is played
at its level (``state.computer``); ``auto`` asked for a person's seat plays at ``standard``.

>>> from .play import new_game
>>> from ..rules import preset
>>> state, _ = new_game(preset("six_card"), seed=5, dealer=0)
>>> action = choose(state, 1)
>>> action.type, len(action.cards)
('discard', 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..game.actions import AUTO, Action
from ..game.engine import apply as apply_move
from ..game.engine import new_game as deal
from ..game.engine import next_game as deal_next
from ..game.engine import verify
from ..game.events import Numbered, numbered
from ..game.state import GameState, may_act
from ..rules import Rules
from ..scoring.match import MatchContext, MatchRules
from ..vocabulary import Level
from . import players


def level_of(state: GameState, seat: int) -> Level:
    """The level the computer plays ``seat`` at (``standard`` for a person's seat)."""
    level = state.computer[seat] if state.computer else None
    return level or "standard"


def choose(state: GameState, seat: int) -> Action:
    """A legal move for ``seat``, which may act in ``state``, at the seat's level."""
    return players.choose(state, seat, level_of(state, seat))


def new_game(
    rules: Rules,
    seed: int,
    dealer: int | None = None,
    *,
    deck: Sequence[Card] | None = None,
    game_id: str = "",
    computer: Sequence[Level | None] = (),
    match: MatchRules | MatchContext | None = None,
) -> tuple[GameState, list[Numbered]]:
    """The engine's new game (:func:`service.core.game.engine.new_game`, the same arguments),
    then every move of the seats the computer plays, until a person must act. The events
    come numbered with the move each belongs to (the opening's: 0)."""
    state, events = deal(rules, seed, dealer, deck=deck, game_id=game_id, computer=computer, match=match)
    return play_computers(state, numbered(state.moves, events))


def next_game(state: GameState, seed: int, game_id: str) -> tuple[GameState, list[Numbered]]:
    """The engine's next game of a match, then the computer's moves up to a person's turn."""
    following, events = deal_next(state, seed, game_id)
    return play_computers(following, numbered(following.moves, events))


def apply(state: GameState, action: Action) -> tuple[GameState, list[Numbered]]:
    """Play ``action`` (``auto``: the move the computer chooses for that seat, at its level),
    then every move of the seats the computer plays, until a person has a choice to make (or
    the game is over); the events numbered with their moves. Refusals are the engine's: its
    ``apply`` verifies the move (once)."""
    if action.type == AUTO:
        verify(state, action)  # the seat may act: the engine's refusals, before anything is chosen
        state, events = apply_move(state, choose(state, action.seat), by_computer=True)
    else:
        state, events = apply_move(state, action)
    return play_computers(state, numbered(state.moves, events))


def play_computers(state: GameState, happened: list[Numbered]) -> tuple[GameState, list[Numbered]]:
    """Play every move of the seats the computer plays, in turn, until a person must act or the
    game is over (in the discard, the computer's seats throw at once, as at the table); each
    move's events are numbered with it."""
    while not state.over:
        seats = [seat for seat in may_act(state) if state.plays_itself(seat)]
        if not seats:
            break
        state, more = apply_move(state, choose(state, seats[0]), by_computer=True)
        happened += numbered(state.moves, more)
    return state, happened


__all__ = ["choose", "level_of", "new_game", "next_game", "apply", "play_computers"]
