"""The actions a seat may take, one table entry per kind (pokerkit's verify/can/act trio).

Each :class:`ActionKind` knows everything about its kind: when the game waits for it, the
legal actions of that kind for a seat, how to check one and put it in normal form, how to
play it out (a :mod:`.phases` function), and how to write it in the game's compact log and
read it back. The engine dispatches through :data:`ACTIONS`; so does the log. A new action
is one entry here, one payload in ``service/api/wire/games.py`` (``ACTION_PAYLOADS``) and one schema in ``openapi.yaml``.

``auto`` is not an action but a request: the engine asks the computer player
(:mod:`service.core.computer`) for the move and verifies that instead. A ``go`` is never a choice: the
engine says every forced go by itself (a seat to play can always play).

A ``concede`` is accepted from any seat a person plays while the game is not over, whoever's
turn it is (``anytime``), and never listed among the legal actions (the computer players choose
among those, so the computer never concedes).

>>> [kind.name for kind in ACTIONS.values()]
['discard', 'play', 'count', 'muggins', 'accept', 'concede']
>>> from ..cards import parse_cards
>>> encode_action(Action("discard", 1, cards=parse_cards("5S 6S")))
'1tx'
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from ..cards import Card
from ..errors import CribbageError, IllegalAction, InvalidState
from ..refusals import Said, said
from ..scoring.pegging import check_card
from ..vocabulary import ActionType, Auto
from . import phases
from .codec import card_letter, cards_from_letters
from .state import CONCEDE_MARK, MAX_CLAIM, GameState

AUTO: Auto = "auto"
COMPUTER_MARK = "~"  # in the log, before a move the computer chose
# Small numbers (claims, muggins calls) in one character, after a marker in the log.
LOG_DIGITS = string.digits + string.ascii_letters


class Action(NamedTuple):
    """One action, in the shape a client sends (``type`` decides which fields matter).

    ``discard``: ``cards``; ``play``: ``card``; ``count``: ``claimed`` (manual counting);
    ``muggins``: ``points`` called against the claim just made; ``accept``: let that claim
    stand; ``concede``: ``seat`` gives the game up for its side; ``auto``: the engine chooses
    for ``seat``.

    A NamedTuple, as :class:`~.cards.Card` is: a move lists its legal actions (fifteen for
    a six-card discard), and a frozen dataclass cost twice as much to make.
    """

    type: ActionType | Auto
    seat: int
    cards: tuple[Card, ...] = ()
    card: Card | None = None
    claimed: int | None = None
    points: int | None = None

    def sort_key(self) -> tuple[int, int, tuple[int, ...], int]:
        """Legal actions are listed in this order: by kind, seat, cards, then number."""
        cards = tuple(c.index for c in self.cards) if self.cards else ((self.card.index,) if self.card else ())
        number = self.claimed if self.claimed is not None else (self.points or 0)
        return ORDER.get(self.type, len(ORDER)), self.seat, cards, number


@dataclass(frozen=True, slots=True)
class ActionKind:
    """Everything about one kind of action.

    ``awaited(state)``: whether the game waits for this kind now (for a seat that may act);
    ``listed(state, seat)``: its legal actions, sorted; ``check(state, action)``: the action
    in normal form, or a :class:`CribbageError` saying why not (pointer under ``/action``);
    ``perform(step, action)``: play it out; ``encode(action)``: its log text, which starts
    with one of ``marks``; ``decode(text, seat)``: the action back from its log text.
    ``anytime``: accepted from any seat while the game is not over, whoever's turn it is (the
    game never waits for it: ``awaited`` is false and ``listed`` empty).
    """

    name: ActionType
    awaited: Callable[[GameState], bool]
    listed: Callable[[GameState, int], list[Action]]
    check: Callable[[GameState, Action], Action]
    perform: Callable[[phases.Step, Action], None]
    encode: Callable[[Action], str]
    decode: Callable[[str, int], Action]
    marks: str
    size: Callable[[GameState], int]  # characters of log text (after the mark) for this game
    anytime: bool = False


def _refuse(message: str | Said, pointer: str) -> IllegalAction:
    return IllegalAction(message, pointer=pointer)


# --- discard -----------------------------------------------------------------------------------------


def _discards(state: GameState, seat: int) -> list[Action]:
    return [
        Action("discard", seat, cards=combo) for combo in combinations(sorted(state.hands[seat]), state.rules.discards)
    ]


def _check_discard(state: GameState, action: Action) -> Action:
    wanted = state.rules.discards
    if len(action.cards) != wanted:
        raise _refuse(said("discard_count", wanted=wanted, count=len(action.cards)), "/action/cards")
    if len(set(action.cards)) != len(action.cards):
        raise _refuse(said("discard_twice"), "/action/cards")
    hand = state.hands[action.seat]
    for index, card in enumerate(action.cards):
        if card not in hand:
            raise _refuse(said("not_held", seat=action.seat, card=card), f"/action/cards/{index}")
    return Action("discard", action.seat, cards=tuple(sorted(action.cards)))


def _decode_discard(text: str, seat: int) -> Action:
    return Action("discard", int(text[0]), cards=cards_from_letters(text[1:]))


# --- play ----------------------------------------------------------------------------------------------


def _plays(state: GameState, seat: int) -> list[Action]:
    return [Action("play", seat, card=card) for card in sorted(state.current_play.playable(seat))]


def _check_play(state: GameState, action: Action) -> Action:
    if action.card is None:
        raise _refuse(said("play_names_card"), "/action/card")
    try:  # the play machine's own checks, answered with this game's legal actions
        check_card(state.current_play, action.seat, action.card)
    except CribbageError as error:
        raise _refuse(error.said or error.message, "/action/card") from None
    return Action("play", action.seat, card=action.card)


def _perform_play(step: phases.Step, action: Action) -> None:
    assert action.card is not None
    phases.play(step, action.seat, action.card)


def _decode_play(text: str, seat: int) -> Action:
    return Action("play", seat, card=cards_from_letters(text)[0])


# --- manual counting -------------------------------------------------------------------------------


def _counting(state: GameState) -> bool:
    return state.phase == "show" and state.claim is None


def _answering(state: GameState) -> bool:
    return state.phase == "show" and state.claim is not None


def _numbered(name: ActionType, seat: int, number: int) -> Action:
    """A count (``claimed``) or a muggins call (``points``): the two kinds that carry a number."""
    return Action(name, seat, claimed=number) if name == "count" else Action(name, seat, points=number)


def _number(action: Action) -> int | None:
    return action.claimed if action.type == "count" else action.points


def _check_number(name: ActionType, low: int) -> Callable[[GameState, Action], Action]:
    field = "claimed" if name == "count" else "points"
    what = "claim_range" if name == "count" else "muggins_range"

    def check(state: GameState, action: Action) -> Action:
        number = _number(action)
        if number is None or not low <= number <= MAX_CLAIM:
            raise _refuse(said(what, most=MAX_CLAIM), f"/action/{field}")
        return _numbered(name, action.seat, number)

    return check


def _number_codec(name: ActionType, mark: str) -> tuple[Callable[[Action], str], Callable[[str, int], Action]]:
    def encode(action: Action) -> str:
        return mark + LOG_DIGITS[_number(action) or 0]

    def decode(text: str, seat: int) -> Action:
        return _numbered(name, seat, LOG_DIGITS.index(text[1]))

    return encode, decode


_encode_count, _decode_count = _number_codec("count", "#")
_encode_muggins, _decode_muggins = _number_codec("muggins", "!")


def _settle(step: phases.Step, action: Action) -> None:
    phases.settle(step, action.points if action.type == "muggins" else None)


# --- concede ---------------------------------------------------------------------------------------


def _check_concede(state: GameState, action: Action) -> Action:
    if state.plays_itself(action.seat):
        raise _refuse(said("computer_never_concedes", seat=action.seat), "/action/seat")
    return Action("concede", action.seat)


# --- the table ------------------------------------------------------------------------------------


def _play_phase(state: GameState) -> bool:
    return state.phase == "play"


ACTIONS: dict[ActionType, ActionKind] = {
    kind.name: kind
    for kind in (
        ActionKind(
            name="discard",
            awaited=lambda state: state.phase == "discard",
            listed=_discards,
            check=_check_discard,
            perform=lambda step, action: phases.discard(step, action.seat, action.cards),
            encode=lambda action: str(action.seat) + "".join(card_letter(c) for c in action.cards),
            decode=_decode_discard,
            marks=string.digits,
            size=lambda state: 1 + state.rules.discards,
        ),
        ActionKind(
            name="play",
            awaited=_play_phase,
            listed=_plays,
            check=_check_play,
            perform=_perform_play,
            encode=lambda action: card_letter(action.card) if action.card else "",
            decode=_decode_play,
            marks=string.ascii_letters,
            size=lambda state: 1,
        ),
        ActionKind(
            name="count",
            awaited=_counting,
            listed=lambda state, seat: [Action("count", seat, claimed=k) for k in range(MAX_CLAIM + 1)],
            check=_check_number("count", 0),
            perform=lambda step, action: phases.count(step, action.seat, action.claimed or 0),
            encode=_encode_count,
            decode=_decode_count,
            marks="#",
            size=lambda state: 2,
        ),
        ActionKind(
            name="muggins",
            awaited=_answering,
            listed=lambda state, seat: [Action("muggins", seat, points=k) for k in range(1, MAX_CLAIM + 1)],
            check=_check_number("muggins", 1),
            perform=_settle,
            encode=_encode_muggins,
            decode=_decode_muggins,
            marks="!",
            size=lambda state: 2,
        ),
        ActionKind(
            name="accept",
            awaited=_answering,
            listed=lambda state, seat: [Action("accept", seat)],
            check=lambda state, action: Action("accept", action.seat),
            perform=_settle,
            encode=lambda action: "=",
            decode=lambda text, seat: Action("accept", seat),
            marks="=",
            size=lambda state: 1,
        ),
        ActionKind(
            name="concede",
            awaited=lambda state: False,
            listed=lambda state, seat: [],
            check=_check_concede,
            perform=lambda step, action: step.concede(action.seat),
            encode=lambda action: CONCEDE_MARK + str(action.seat),
            decode=lambda text, seat: Action("concede", int(text[1])),
            marks=CONCEDE_MARK,
            size=lambda state: 2,
            anytime=True,
        ),
    )
}
ORDER: dict[str, int] = {name: index for index, name in enumerate(ACTIONS)}
_BY_MARK = {mark: kind for kind in ACTIONS.values() for mark in kind.marks}


def awaited_kinds(state: GameState) -> tuple[ActionType, ...]:
    """The kinds of action the game waits for now."""
    return tuple(name for name, kind in ACTIONS.items() if kind.awaited(state))


def encode_action(action: Action) -> str:
    """An action in the compact log: a card letter for a play, ``<seat><letters>`` for a
    discard, ``#n`` a claim, ``!n`` a muggins call, ``=`` an accept, ``-<seat>`` a concession."""
    if action.type == AUTO:
        raise InvalidState(said("s_auto_logged"))
    return ACTIONS[action.type].encode(action)


def decode_action(log: str, state: GameState, seat: int) -> tuple[Action, bool, int]:
    """The action at the start of ``log`` (``seat``: the seat to act, for kinds that do not
    write it), whether the computer chose it, and how many characters it took; text that is no
    action is an :class:`InvalidState`."""
    by_computer = log[:1] == COMPUTER_MARK
    text = log[1:] if by_computer else log
    kind = _BY_MARK.get(text[:1])
    size = 0 if kind is None else kind.size(state)
    if kind is None or len(text) < size:
        raise InvalidState(said("s_log_unread", text=log[:3]))
    return kind.decode(text[:size], seat), by_computer, size + by_computer


def log_offset(log: str, state: GameState, moves: int) -> int:
    """Where in ``log`` (of ``state``'s game) the action after the first ``moves`` ones begins:
    each action's length is its kind's for these rules, so no state is needed to skip them."""
    at = 0
    for _ in range(moves):
        by_computer = log[at : at + 1] == COMPUTER_MARK
        kind = _BY_MARK.get(log[at + by_computer : at + by_computer + 1])
        if kind is None:
            raise InvalidState(said("s_log_unread", text=log[at : at + 3]))
        at += by_computer + kind.size(state)
    return at


__all__ = [
    "Action",
    "log_offset",
    "ActionKind",
    "ACTIONS",
    "AUTO",
    "COMPUTER_MARK",
    "LOG_DIGITS",
    "awaited_kinds",
    "encode_action",
    "decode_action",
]
