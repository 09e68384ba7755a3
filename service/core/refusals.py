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


class Choices(NamedTuple):
    """Values a refusal offers instead, said joined by the language's "or"."""

    values: tuple[str, ...]


def _value(value: Any, templates: Mapping[str, str]) -> Any:
    """A parameter as said: a clause in the same language, choices joined by "or"."""
    if isinstance(value, Said):
        return say(value, templates)
    if isinstance(value, Choices):
        return templates["_or"].join(value.values)
    return value


# English, the default language, and the one the errors' messages (and the log) are in.
REFUSALS: dict[str, str] = {
    "_or": " or ",  # what joins choices (a Choices parameter)
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
    # scoreboards, outcomes, rules, matches, events
    "b_dealer_range": "dealer must be a seat from 0 to {last}",
    "b_over": "this board's game is over: it takes no more scores",
    "b_no_side": "there is no side {side}: this board has sides 0 to {last}",
    "b_max_deals": "a board keeps at most {most} deals",
    "b_play_over": "the play is over: the show has begun",
    "b_heels_side": "his heels belongs to the dealer's side ({side})",
    "b_heels_at_cut": "his heels is pegged at the cut, before any other score of the deal",
    "b_crib_next": "every hand has been counted: the crib is next",
    "b_next_hand": "the next hand to count is seat {seat}'s (side {side})",
    "b_crib_last": "the crib is counted last: {count} hand(s) first",
    "b_crib_side": "the crib belongs to the dealer's side ({side})",
    "b_ambiguous": "sides {a} and {b} both reach {target} here, and only the order of the scores can say who got there first: send this deal itemised, or the play one score at a time (/v1/boards/peg)",
    "b_pegging_now": "this deal is already being pegged score by score: finish it with /v1/boards/peg",
    "b_deal_most": "side {side} cannot score {points} in one deal (at most {most})",
    "b_play_most": "side {side} cannot peg {points} in one deal's play (at most {most}: {per_card} a card)",
    "claim_negative": "a claim cannot be negative",
    "muggins_positive": "a muggins call names a positive number of points",
    "scores_count": "{count} scores for a game of {sides} sides",
    "score_negative": "a score cannot be negative",
    "not_reached": "no side has reached the target of {target}: the game is not over",
    "both_reached": "sides {a} and {b} both reached the target of {target}: a game has one winner (the first to reach the target)",
    "hands_per_seat": "give one hand per seat ({players})",
    "hand_in_play": "seat {seat} holds {count} cards; a hand in the play has {size}",
    "give_hands": "give {players} hands of {cards} cards",
    "give_crib": "give {count} crib card(s) from the pack",
    "keep_size": "a hand keeps 3 or 4 cards, not {count}",
    "throw_size": "a seat throws 1 or 2 cards to the crib, not {count}",
    "no_partnerships": "{variant} has no partnerships, so no partner deals",
    "both_deal": "the seat and its partner cannot both deal",
    "dealt_size": "the {variant} game deals {cards} cards to a seat, not {count}",
    "crib_model_throws": "the {model} crib model weighs two discards of the opponent's, so the seat throws 2 cards, not {count}",
    "crib_model_games": "the learned crib model covers the two-player games ({games}), not {variant}",
    "unknown_variant": "unknown variant {name!r}; known: {known}",
    "unknown_option": "unknown option {name!r}",
    "partnerships_four": "partnerships need four players",
    "players_range": "a game has 2, 3 or 4 players, not {players}",
    "variant_players": "{variant} is played by {players} players, not {count}",
    "variant_partnerships": "the {variant} variant has partnerships",
    "variant_no_partnerships": "the {variant} variant has no partnerships",
    "match_both": "give a scheme or the points of a skunk and a double skunk, not both",
    "match_sides": "a match is played between two players or two partnerships",
    "first_dealer_side": "the first dealer is side 0 or side 1",
    "match_was_over": "the match was over after game {index}",
    "match_over_drawn": "the match is over: drawn, {high} match points to {low}",
    "match_over_won": "the match is over: side {side} won it, {high} match points to {low}",
    "match_over_triple": "the match is over: side {side} won it by a triple skunk, {high} match points to {low}",
    "event_players_most": "an event here has at most {most} players; these games name {count}",
    "bracket_entrants": "an elimination bracket has 2 to {most} entrants, not {count}",
    "one_game_decides": "one game decides a match here (no match rules given), not {count}",
    "bracket_drawn_game": "a bracket match needs a winner, not a drawn game",
    "bracket_match_drawn": "a bracket match needs a winner: this match is drawn",
    "bracket_match_not_over": "a bracket match needs a winner: this match is not over ({a}-{b})",
    "playoff_two": "a playoff needs at least two entrants",
    "players_for_entrants": "{count} players named for {entrants} entrants",
    "named_twice": "{name!r} is named twice",
    "qualify_range": "between 2 and {most} of {entrants} entrants can qualify, not {count}",
    "match_two_players": "a match is between two different players",
    "match_not_over": "the match is not over (match points {a}-{b})",
    "event_players_range": "between {least} and {most} players, not {count}",
    "swiss_two_sided": "Swiss pairings are for two-sided games",
    "not_a_player": "{name!r} is not one of the players",
    "options_disagree": "{shortcut} and options.{option} disagree",
    "board_rules_differ": "{name} is {value!r} but the board's rules say {expected!r}",
    "outcome_not_pegs": "the outcome does not follow from the pegs",
    "r_whole": "target, fixed_deals, no_heels_at_or_above and skunk_lines are whole numbers",
    "r_players": "players must be 2, 3 or 4",
    "r_crib_of_4": "discards and crib cards from the deck must make a crib of 4",
    "r_not_enough": "not enough cards to deal",
    "r_target": "target must be between 1 and 10000",
    "r_fixed_range": "fixed_deals must be between 1 and 1000",
    "r_fixed_multiple": "fixed_deals must be a multiple of the number of players",
    "r_one_of": "{option} must be one of {values}",
    "r_tiebreakers_from": "tiebreakers must be taken from {values}",
    "r_tiebreaker_twice": "a tiebreaker is listed twice",
    "r_skunk_lines": "skunk_lines are at most three falling scores between 1 and the target",
    "r_no_heels": "no_heels_at_or_above must be between 1 and the target",
    "m_length": "length must be a whole number from 1 to {most}",
    "m_best_of_odd": "a best-of match has an odd number of games (an even one can end level)",
    "m_skunk_points": "skunk_points must be a whole number from 1 to 10",
    "m_double_skunk_points": "double_skunk_points must be a whole number from skunk_points to 10",
    "m_scheme": "match points come from one of {values}, not {scheme!r}",
    "r_keeps": "a hand keeps 3 or 4 cards",
    "no_result_bye": "match {match} cannot have a result: a bye is not played",
    "no_result_not_needed": "match {match} cannot have a result: the first final decided the bracket",
    "no_result_waiting": "match {match} cannot have a result: its players are not both known yet",
    # hints
    "hint_over": "the game is over: no moves to hint at",
    "may_not_act": "seat {seat} may not act now: {turn}",
    "cannot_throw": "seat {seat} cannot throw those cards",
}
