"""The token codec: a game state as a small, versioned dict for the sealed token, and back.

This is not the wire format (a client never sees it: it is sealed, see
``service/api/state_token.py``) but the plaintext inside the seal. It is small on purpose:
cards as single letters, short keys, and nothing that can be derived. Hands are not stored
(they are the deck's dealt cards less each seat's discards, less the cards played), nor is
the starter (the card the cut turns), nor the crib (the pack's card and the discards).

:func:`decode_state` rebuilds what :func:`encode_state` leaves out and re-checks every
invariant (:func:`.invariants.check_state`), so a state that does not make sense is refused
even if the key that sealed it leaked. ``decode_state(encode_state(s)) == s`` for every
reachable state.

>>> from .engine import new_game
>>> from .rules import resolve
>>> state, _ = new_game(resolve("six_card", {"target": 61}), seed=3, dealer=0)
>>> data = encode_state(state)
>>> data["r"], decode_state(data) == state
({'n': 'six_card', 'o': {'skunk_lines': [31], 'target': 61}}, True)
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Card, card_from_index
from .errors import CribbageError, InvalidState
from .invariants import check_state
from .matches import FORMATS as MATCH_FORMATS
from .matches import MAX_LENGTH, NEXT_FIRST_DEALER, MatchContext, MatchRules
from .pegging import Play
from .rules import Rules, changes, resolve
from .state import LEVELS, MAX_CLAIM, MAX_SEED, PHASES, GameState, build_crib, deal_cards, starter_of

STATE_VERSION = 2  # 2: the game's id, its move count and the seats the computer plays (and, optional, its match)
MAX_DEAL_NO = 100_000
MAX_MOVES = 1_000_000
MAX_MATCH_GAMES = 2 * MAX_LENGTH  # a match of first to 99 match points ends within 197 games

# One letter per card (index 0..51: AC AD AH AS 2C ...).
_LETTERS = string.ascii_letters
_CARD_BY_LETTER = {letter: card_from_index(i) for i, letter in enumerate(_LETTERS)}
_LETTER_OF = {card: letter for letter, card in _CARD_BY_LETTER.items()}


def card_letter(card: Card) -> str:
    """The one-letter code of a card (``AC`` is ``a``, ``KS`` is ``Z``)."""
    return _LETTER_OF[card]


def letters(cards: Sequence[Card]) -> str:
    return "".join([_LETTER_OF[card] for card in cards])


def cards_from_letters(text: str) -> tuple[Card, ...]:
    """Cards from their one-letter codes; anything else is an :class:`InvalidState`."""
    try:
        return tuple([_CARD_BY_LETTER[letter] for letter in text])
    except KeyError:
        raise InvalidState("the state names a card that does not exist") from None


# --- rules --------------------------------------------------------------------------------------


def encode_rules(rules: Rules) -> dict[str, Any]:
    """The preset's name plus :func:`.rules.changes` (a fresh dict each call: the cached
    changes are tuples, so nothing a caller does to this dict reaches the cache)."""
    out: dict[str, Any] = {"n": rules.name}
    diff = changes(rules)
    if diff:
        out["o"] = {name: list(value) if isinstance(value, tuple) else value for name, value in diff}
    return out


def decode_rules(data: Any) -> Rules:
    if not isinstance(data, Mapping):
        raise InvalidState("the state has no rules")
    try:
        options = data.get("o")
        if options is not None and not isinstance(options, Mapping):
            raise InvalidState("the state's options are not an object")
        return resolve(data["n"], options)
    except (CribbageError, KeyError, TypeError, AttributeError, ValueError) as error:
        message = error.message if isinstance(error, CribbageError) else str(error)
        raise InvalidState(f"the state's rules are not valid: {message}") from None


# --- the state -----------------------------------------------------------------------------------


def encode_state(state: GameState) -> dict[str, Any]:
    """A small JSON-ready dict of ``state`` (versioned; cards as letters; nothing derivable)."""
    rules = state.rules
    dealt = deal_cards(rules, state.deck, state.dealer)
    out: dict[str, Any] = {
        "v": STATE_VERSION,
        "r": encode_rules(rules),
        "s": state.seed,
        "f": state.first_dealer,
        "n": state.deal_no,
        "d": state.dealer,
        "p": PHASES.index(state.phase),
        "k": letters(state.deck),
        "x": [letters([c for c in dealt[seat] if c not in state.hands[seat]]) for seat in range(rules.players)],
        "sc": list(state.scores),
        "bk": list(state.backs),
        "log": state.log,
    }
    if state.cut_for_deal:
        out["c"] = 1
    if state.starter is not None:
        out["t"] = 1
    play = state.play
    if play is not None:
        out["y"] = letters(play.played)
        out["l"] = len(play.pile)
        out["u"] = play.turn
        out["a"] = play.last
        out["g"] = sum(1 << seat for seat, passed in enumerate(play.passed) if passed)
        out["z"] = play.go_streak
    if state.phase == "show":
        out["w"] = state.show_step
        if state.claim is not None:
            out["cl"] = state.claim
    if state.winner is not None:
        out["win"] = state.winner
    if state.draw:
        out["dr"] = 1
    if state.opening_deck is not None:
        out["od"] = letters(state.opening_deck)
    if state.game_id:
        out["id"] = state.game_id
    if state.moves:
        out["m"] = state.moves
    if state.computer:
        out["cp"] = [LEVELS.index(level) + 1 if level is not None else 0 for level in state.computer]
    if state.match is not None:
        out["mt"] = encode_match(state.match)
    return out


def encode_match(match: MatchContext) -> list[int]:
    """A match's progress as one list of small numbers (``mt``): the format's index, the
    length, a skunk's and a double skunk's points, whether a triple skunk wins (0/1), the next
    first dealer rule's index, who dealt first in game 1, then the scores of the games before
    this one, two a game. Some 20 bytes for a best of 3 (measured in tests/test_state_codec.py).

    >>> encode_match(MatchContext(MatchRules("best_of", 5, 2, 3, True), 1, ((121, 95),)))
    [0, 5, 2, 3, 1, 0, 1, 121, 95]
    """
    rules = match.rules
    return [MATCH_FORMATS.index(rules.format), rules.length, rules.skunk_points, rules.double_skunk_points,
            int(rules.triple_skunk_wins), NEXT_FIRST_DEALER.index(rules.next_first_dealer), match.first_dealer,
            *(score for game in match.games for score in game)]


def _match(data: Mapping[str, Any]) -> MatchContext | None:
    """The match the game is part of (``mt``, :func:`encode_match`), checked as a request's
    match rules are; the games' results are checked with the state (:mod:`.invariants`)."""
    codes = data.get("mt")
    if codes is None:
        return None
    if (not isinstance(codes, list) or not 7 <= len(codes) <= 7 + 2 * MAX_MATCH_GAMES or len(codes) % 2 == 0
            or not all(type(code) is int and 0 <= code <= 1_000_000 for code in codes)):
        raise InvalidState("the state's match is not a list of its numbers")
    format_index, length, skunk, double, triple, dealer_rule, first_dealer, *scores = codes
    if format_index >= len(MATCH_FORMATS) or dealer_rule >= len(NEXT_FIRST_DEALER) or triple > 1 or first_dealer > 1:
        raise InvalidState("the state's match names no such rule")
    try:
        rules = MatchRules(MATCH_FORMATS[format_index], length, skunk, double, bool(triple),
                           NEXT_FIRST_DEALER[dealer_rule])
    except CribbageError as error:
        raise InvalidState(f"the state's match rules are not valid: {error.message}") from None
    return MatchContext(rules, first_dealer, tuple(zip(scores[::2], scores[1::2])))


def _int(data: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise InvalidState(f"the state's field {key!r} is missing or out of range")
    return value


def _opt_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    return None if data.get(key) is None else _int(data, key, low, high)


def _str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise InvalidState(f"the state's field {key!r} is missing or not text")
    return value


def _hands(data: Mapping[str, Any], rules: Rules, dealt: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's hand: its dealt cards less its discard (``x``)."""
    discards = data.get("x")
    if not isinstance(discards, list) or len(discards) != rules.players:
        raise InvalidState("the state needs one discard entry per seat")
    hands: list[tuple[Card, ...]] = []
    for seat, text in enumerate(discards):
        if not isinstance(text, str):
            raise InvalidState("a discard entry is not text")
        thrown = cards_from_letters(text)
        if len(thrown) not in (0, rules.discards) or not set(thrown) <= set(dealt[seat]) or len(set(thrown)) != len(thrown):
            raise InvalidState(f"seat {seat}'s discard does not fit its dealt cards")
        hands.append(tuple(c for c in dealt[seat] if c not in thrown))
    return tuple(hands)


def _play(data: Mapping[str, Any], rules: Rules, hands: tuple[tuple[Card, ...], ...]) -> Play | None:
    """The play in progress (``y`` the cards played, ``l`` how many make the count, ...)."""
    if "y" not in data:
        return None
    players = rules.players
    played = cards_from_letters(_str(data, "y"))
    pile_len = _int(data, "l", 0, len(played))
    played_set = set(played)
    if len(played_set) != len(played):
        raise InvalidState("a card was played twice")
    remaining = tuple(tuple(c for c in hand if c not in played_set) for hand in hands)
    passed_bits = _int(data, "g", 0, (1 << players) - 1)
    return Play(
        players=players,
        turn=_opt_int(data, "u", 0, players - 1),
        held=tuple(len(h) for h in remaining),
        hands=remaining,
        pile=played[len(played) - pile_len :] if pile_len else (),
        played=played,
        last=_opt_int(data, "a", 0, players - 1),
        passed=tuple(bool(passed_bits >> seat & 1) for seat in range(players)),
        go_streak=_int(data, "z", 0, players),
        single_count=rules.single_count_play,
        bicycle_go=rules.multi_go_rule == "bicycle_three_hand",
    )


def _computer(data: Mapping[str, Any], players: int) -> tuple[str | None, ...]:
    """Who the computer plays (``cp``: per seat 0 for a person, else 1 + the level's index)."""
    codes = data.get("cp")
    if codes is None:
        return ()
    if not isinstance(codes, list) or len(codes) != players:
        raise InvalidState("the state's computer seats do not fit the table")
    levels: list[str | None] = []
    for code in codes:
        if type(code) is not int or not 0 <= code <= len(LEVELS):
            raise InvalidState("the state names no such computer level")
        levels.append(LEVELS[code - 1] if code else None)
    return tuple(levels)


def decode_state(data: Any, *, sealed: bool = False) -> GameState:
    """Read a dict written by :func:`encode_state`, rebuild what it leaves out, and check every
    invariant. Anything wrong is an :class:`InvalidState`.

    ``sealed``: the dict comes out of an authenticated token this service sealed, so it was
    written by :func:`encode_state` from a state the engine made, and the invariants the engine
    keeps hold already; the whole-state check (:func:`.invariants.check_state`, about a third of
    the decoding) is skipped. The field-by-field reading below stays: it is what rebuilding
    needs anyway, and it still refuses what no engine writes.
    """
    if not isinstance(data, Mapping):
        raise InvalidState("the state is not an object")
    if data.get("v") != STATE_VERSION:
        raise InvalidState(f"unsupported state version {data.get('v')!r} (this server reads {STATE_VERSION})")
    rules = decode_rules(data.get("r"))
    players, sides = rules.players, rules.sides
    dealer = _int(data, "d", 0, players - 1)
    phase = PHASES[_int(data, "p", 0, len(PHASES) - 1)]
    deck = cards_from_letters(_str(data, "k"))
    if len(deck) != 52 or len(set(deck)) != 52:
        raise InvalidState("the deck does not hold each of the 52 cards once")
    dealt = deal_cards(rules, deck, dealer)
    hands = _hands(data, rules, dealt)
    scores, backs = data.get("sc"), data.get("bk")
    if not (isinstance(scores, list) and isinstance(backs, list) and len(scores) == sides == len(backs)):
        raise InvalidState("the state needs a front and a back peg per side")
    if not all(type(v) is int and 0 <= v <= 1_000_000 for v in (*scores, *backs)):
        raise InvalidState("a peg is out of range")
    state = GameState(
        rules=rules,
        seed=_int(data, "s", 0, MAX_SEED),
        first_dealer=_int(data, "f", 0, players - 1),
        cut_for_deal=data.get("c") == 1,
        deal_no=_int(data, "n", 1, MAX_DEAL_NO),
        dealer=dealer,
        phase=phase,
        deck=deck,
        hands=hands,
        crib=build_crib(rules, deck, dealt, hands),
        starter=starter_of(rules, deck) if data.get("t") == 1 else None,
        play=_play(data, rules, hands),
        show_step=_int(data, "w", 0, players, 0) if phase == "show" else 0,
        claim=_opt_int(data, "cl", 0, MAX_CLAIM) if phase == "show" else None,
        scores=tuple(scores),
        backs=tuple(backs),
        winner=_opt_int(data, "win", 0, sides - 1),
        draw=data.get("dr") == 1,
        log=_str(data, "log"),
        opening_deck=None if data.get("od") is None else cards_from_letters(_str(data, "od")),
        game_id=_str(data, "id") if "id" in data else "",
        moves=_int(data, "m", 0, MAX_MOVES, 0),
        computer=_computer(data, players),
        match=_match(data),
    )
    if not sealed:
        check_state(state)
    return state


__all__ = [
    "STATE_VERSION",
    "encode_state",
    "decode_state",
    "encode_rules",
    "encode_match",
    "decode_rules",
    "card_letter",
    "letters",
    "cards_from_letters",
]
