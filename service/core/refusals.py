"""The refusals the core says in words: a key per refusal, its English template, its parameters.

A refusal is raised as data (:class:`Said`: a key of :data:`REFUSALS` and the values it names),
so the words can be said in the player's language later: the English message is this module's
template filled in (the error's ``message``, unchanged), and ``service.core.texts.refusals``
holds the same templates in the other languages (``docs/texts.md``, "Problems"). Parameters are
numbers, cards, codes of the contract (variant names, action types) or another :class:`Said` (a
clause said in the same language), never English words.

>>> str(said("past_31", card="9H", count=25, total=34))
'9H would take the count from 25 to 34, past 31'
>>> str(said("not_your_turn", seat=1, turn=said("turn_play", seat=0)))
"it is not seat 1's turn: seat 0 is to play"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Said(NamedTuple):
    """A refusal as data: ``key`` names its template, ``params`` fill it."""

    key: str
    params: Mapping[str, Any]

    def __str__(self) -> str:
        return say(self, REFUSALS)


def said(key: str, **params: Any) -> Said:
    """The refusal ``key`` with its parameters (a key of :data:`REFUSALS`, checked here)."""
    if key not in REFUSALS:
        raise KeyError(f"no refusal {key!r}: add its template to service/core/refusals.py")
    return Said(key, params)


def say(words: Said, templates: Mapping[str, str]) -> str:
    """``words`` with ``templates`` (one language's): nested clauses said the same way."""
    values = {name: _value(v, templates) for name, v in words.params.items()}
    return templates[words.key].format(**values)


def _value(value: Any, templates: Mapping[str, str]) -> Any:
    """A parameter as said: a clause in the same language, a tuple of choices joined by "or"."""
    if isinstance(value, Said):
        return say(value, templates)
    if isinstance(value, tuple):
        return templates["_or"].join(map(str, value))
    return value


# English, the default language, and the one the errors' messages (and the log) are in.
REFUSALS: dict[str, str] = {
    "_or": " or ",  # what joins choices (a tuple parameter)
    # cards
    "not_a_card": "{text!r} is not a card (rank A 2-10 J Q K, then suit C D H S)",
    "card_twice": "{card} appears twice",
    "card_twice_in_hand": "{card} appears twice in the hand",
    "card_twice_in_pile": "{card} appears twice in the pile",
    "card_more_than_once": "{card} appears more than once",
    "card_given_twice": "{card} is given twice",
    "card_dealt_twice": "{card} is dealt twice",
    "starter_in_hand": "the starter {starter} is also in the hand",
    "crib_size": "a crib holds 4 cards, not {count}",
    "hand_size": "a hand holds 4 cards (3 in the five-card game), not {count}",
    # the play
    "pile_past_31": "the pile counts {count}, past 31",
    "card_in_pile": "{card} is already in the pile",
    "past_31": "{card} would take the count from {count} to {total}, past 31",
    "play_over": "the play is over",
    "no_such_seat": "seat {seat} does not exist with {players} players",
    "not_seats_turn": "it is seat {turn}'s turn, not seat {seat}'s",
    "card_played": "{card} has already been played",
    "not_held": "seat {seat} does not hold {card}",
    "can_play_no_go": "seat {seat} can play ({cards}), so may not say go",
    "count_low_no_go": "the count is {count}: any card fits under 31, so no go",
    "pile_at_31": "the pile already counts 31: that count is over and the next card starts a new one",
    # a game's moves
    "game_over": "the game is over: no more actions",
    "unknown_action": "unknown action type {type!r}",
    "not_your_turn": "it is not seat {seat}'s turn: {turn}",
    "not_now": "a {type} is not allowed now: {turn} ({wanted})",
    "turn_discard": "waiting for the discard of seat {seat}",
    "turn_discards": "waiting for the discards of seats {seats} and {last}",
    "turn_play": "seat {seat} is to play",
    "turn_count": "seat {seat} is to count",
    "turn_answer": "seat {seat} may call muggins or accept the count",
    "discard_count": "discard exactly {wanted} card(s) to the crib, not {count}",
    "discard_twice": "the same card is discarded twice",
    "play_names_card": "a play names a card",
    "claim_range": "a claim is a count from 0 to {most}",
    "muggins_range": "muggins is called for 1 to {most} points",
    "auto_by_computer": "the computer chooses an auto move: service.core.computer.apply plays it",
    # starting a game
    "seed_range": "the seed must be between 0 and {most}",
    "client_seed_off": "this server deals every game from a secret seed of its own: a client's seed is refused "
    "here (CRIBBAGE_CLIENT_SEEDS is off)",
    "too_many_deals": "a game here has at most {most} deals (its record must stay small), not {deals}",
    "computer_seats": "say for each of the {players} seats whether the computer plays it; "
    "at least one seat is a person's",
    "computer_level": "the computer plays at one of the levels {levels}",
    "match_players": "a match here is played by two players, not {players}",
    "match_deals_first": "the match says who deals first in its later games",
    "seat_twice": "seat {seat} is listed twice",
    "seat_is_computers": "seat {seat} is the computer's: its cards are shown to no one; ask for a "
    "seat a person plays, or none (a spectator)",
    "deck_cards": "a deck holds each of the 52 cards once",
    "no_match": "this game is not part of a match: start one with `match` to play the next game",
    "next_game_early": "the game is not over: its match's next game starts when it ends",
    "record_early": "the record of a game is available once it is over",
    "review_early": "a game is reviewed once it is over",
    "since_move_range": "since_move must be between -1 and this state's move, {move}",
    "no_texts": "no texts in {lang!r}; choose one of {languages}",
    # hints
    "hint_over": "the game is over: no moves to hint at",
    "may_not_act": "seat {seat} may not act now: {turn}",
    "cannot_throw": "seat {seat} cannot throw those cards",
}
