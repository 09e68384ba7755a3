"""Domain errors. The core knows nothing of HTTP: the API layer maps each class to a status.

Every error has a ``slug`` (stable, machine-readable, used in the problem ``type``), a
readable message, an optional ``pointer`` (a JSON pointer into the request, when the caller
knows which field was wrong) and extra members for the problem document. The message is given
as :class:`~.refusals.Said` (a refusal's key and parameters) so that it can be said in the
player's language (``service.core.texts.refusals``); English text alone is still taken, and
is then said in English whatever the language.
"""

from __future__ import annotations

from typing import Any

from .refusals import Said


class CribbageError(Exception):
    """Base class: a well-formed request that the rules of cribbage forbid."""

    slug = "rules-violation"
    title = "The rules of cribbage forbid this"

    def __init__(self, message: str | Said, *, pointer: str | None = None, **extra: Any) -> None:
        super().__init__(str(message))
        self.message = str(message)
        # The message as data, to be said in another language (service.core.texts.refusals);
        # None for a message given as English text only.
        self.said = message if isinstance(message, Said) else None
        self.pointer = pointer
        self.extra = extra

    @property
    def words(self) -> Said | str:
        """The message as data when it was given so, else its text (to say it again, in a list)."""
        return self.message if self.said is None else self.said

    def under(self, prefix: str = "", otherwise: str = "") -> CribbageError:
        """Move the error's JSON pointer under ``prefix`` (where the part it is about sits in
        the request: ``/hands/3``, ``/board``), using ``otherwise`` when the error has no
        pointer of its own; return self. The one place pointers are rewritten.

        >>> CribbageError("bad", pointer="/card").under("/plays/2").pointer
        '/plays/2/card'
        >>> CribbageError("bad").under("/board", otherwise="/options").pointer
        '/board/options'
        """
        self.pointer = prefix + (self.pointer or otherwise)
        return self


class InvalidCard(CribbageError):
    slug = "invalid-card"
    title = "Not a card"


class DuplicateCard(CribbageError):
    slug = "duplicate-card"
    title = "The same card appears twice"


class WrongCardCount(CribbageError):
    slug = "wrong-card-count"
    title = "Wrong number of cards"


class InvalidRules(CribbageError):
    slug = "invalid-rules"
    title = "These rule options do not fit together"


class IllegalPlay(CribbageError):
    slug = "illegal-play"
    title = "That play is not allowed"


class IllegalAction(CribbageError):
    slug = "illegal-action"
    title = "That action is not allowed now"


class InvalidState(CribbageError):
    slug = "invalid-state"
    title = "The game state is not valid"


class InvalidScore(CribbageError):
    slug = "invalid-score"
    title = "That score is not possible"


class StateBehind(CribbageError):
    """A ``since_move`` past the state's own ``move``: the client has shown moves this state does
    not have (it acts on, or views, an older token than its last answer). ``move`` says where the
    state is, so the client can send its newest token instead."""

    slug = "state-behind"
    title = "The state is older than the move given"


class GameOver(CribbageError):
    slug = "game-over"
    title = "The game is already over"


class GameNotOver(CribbageError):
    slug = "game-not-over"
    title = "The game is still being played"


class MatchOver(CribbageError):
    slug = "match-over"
    title = "The match is already over"


class InvalidBoard(CribbageError):
    slug = "invalid-board"
    title = "The scoreboard is not consistent"


class AmbiguousDeal(CribbageError):
    slug = "ambiguous-deal"
    title = "Only the counting order can decide this deal"


class InvalidEvent(CribbageError):
    slug = "invalid-event"
    title = "The event's data do not fit together"
