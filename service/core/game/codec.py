"""The token codec: a game state as a small, versioned dict for the sealed token, and back.

This is not the wire format (a client never sees it: it is sealed, see
``service/api/state_token.py``) but the plaintext inside the seal. It is small on purpose:
cards as single letters, short keys, and nothing that can be derived (but where the deal and the one before
began, ``ds``: a replay's result kept so that ``since_move`` replays one or two deals, not the game). Hands are not stored
(they are the deck's dealt cards less each seat's discards, less the cards played), nor is
the starter (the card the cut turns), nor the crib (the pack's card and the discards).

:func:`decode_state` rebuilds what :func:`encode_state` leaves out and checks every field and
invariant (:func:`.invariants.check_state`) of a dict from outside; a dict from a token this
service sealed (``sealed=True``) is only rebuilt, and checked after all if the rebuild cannot read
it. ``decode_state(encode_state(s)) == s`` for every reachable state.

>>> from .engine import new_game
>>> from ..rules import resolve
>>> state, _ = new_game(resolve("six_card", {"target": 61}), seed=3, dealer=0)
>>> data = encode_state(state)
>>> data["r"], decode_state(data) == state
({'n': 'six_card', 'o': {'skunk_lines': [31], 'target': 61}}, True)
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import Card, card_from_index
from ..errors import CribbageError, InvalidState
from ..refusals import said
from ..rules import Rules, changes, resolve
from ..scoring.match import FORMATS as MATCH_FORMATS
from ..scoring.match import MAX_LENGTH, NEXT_FIRST_DEALER, MatchContext, MatchRules
from ..scoring.pegging import Play, pile_count
from ..vocabulary import Level, Phase
from .invariants import check_state
from .state import LEVELS, MAX_CLAIM, MAX_SEED, PHASES, DealStart, GameState, crib_from_pack, deal_cards, starter_of

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


def letters(cards: Iterable[Card]) -> str:
    return "".join(map(_LETTER_OF.__getitem__, cards))


def cards_from_letters(text: str) -> tuple[Card, ...]:
    """Cards from their one-letter codes; anything else is an :class:`InvalidState`."""
    try:
        return tuple([_CARD_BY_LETTER[letter] for letter in text])
    except KeyError:
        raise InvalidState(said("s_card")) from None


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
        raise InvalidState(said("s_no_rules"))
    try:
        options = data.get("o")
        if options is not None and not isinstance(options, Mapping):
            raise InvalidState(said("s_options"))
        return resolve(data["n"], options)
    except (CribbageError, KeyError, TypeError, AttributeError, ValueError) as error:
        reason = (error.said or error.message) if isinstance(error, CribbageError) else str(error)
        raise InvalidState(said("s_rules", reason=reason)) from None


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
        "x": [letters([c for c in cards if c not in hand]) for cards, hand in zip(dealt, state.hands, strict=True)],
        "sc": list(state.scores),
        "bk": list(state.backs),
        "log": state.log,
    }
    if state.cut_for_deal:
        out["c"] = 1
    if state.starter is not None:
        out["t"] = 1
    if state.play is not None:
        _encode_play(out, state.play)
    _encode_show_and_record(out, state)
    return out


def _encode_play(out: dict[str, Any], play: Play) -> None:
    """The play's fields: what was played, the count's length, who is to play and who played last, the goes."""
    out["y"] = letters(play.played)
    out["l"] = len(play.pile)
    out["u"] = play.turn
    out["a"] = play.last
    out["g"] = sum(1 << seat for seat, passed in enumerate(play.passed) if passed)
    out["z"] = play.go_streak


def _encode_show_and_record(out: dict[str, Any], state: GameState) -> None:
    """The fields written only when they are not their defaults: the show's, the result, the record's."""
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
        if state.match.conceded:  # per game before this one: 0 played out, 1 + the side that conceded it
            out["mx"] = [0 if side is None else 1 + side for side in state.match.conceded]
    if state.deal_starts:  # a cache of the replay (record.events_since): per deal, its number, moves, pegs
        out["ds"] = [[begun.deal, begun.moves, *begun.scores, *begun.backs] for begun in state.deal_starts]


def _deal_starts(data: Mapping[str, Any], sides: int) -> tuple[DealStart, ...]:
    """Where this deal and the one before began (``ds``: per deal its number, the moves before
    it, the front pegs, the back pegs; left out in the first deal and in states sealed before
    it was kept); whether they fit the game is :mod:`.invariants`' to check."""
    codes = data.get("ds")
    if codes is None:
        return ()
    if not (
        isinstance(codes, list)
        and 1 <= len(codes) <= 2
        and all(
            isinstance(entry, list)
            and len(entry) == 2 + 2 * sides
            and all(type(code) is int and 0 <= code <= MAX_MOVES for code in entry)
            for entry in codes
        )
    ):
        raise InvalidState(said("s_deal_starts"))
    return tuple(
        DealStart(entry[0], entry[1], tuple(entry[2 : 2 + sides]), tuple(entry[2 + sides :])) for entry in codes
    )


def encode_match(match: MatchContext) -> list[int]:
    """A match's progress as one list of small numbers (``mt``): the format's index, the
    length, a skunk's and a double skunk's points, whether a triple skunk wins (0/1), the next
    first dealer rule's index, who dealt first in game 1, then the scores of the games before
    this one, two a game. Some 20 bytes for a best of 3 (measured in tests/core/game/test_state_codec.py).

    >>> encode_match(MatchContext(MatchRules("best_of", 5, 2, 3, True), 1, ((121, 95),)))
    [0, 5, 2, 3, 1, 0, 1, 121, 95]
    """
    rules = match.rules
    return [
        MATCH_FORMATS.index(rules.format),
        rules.length,
        rules.skunk_points,
        rules.double_skunk_points,
        int(rules.triple_skunk_wins),
        NEXT_FIRST_DEALER.index(rules.next_first_dealer),
        match.first_dealer,
        *(score for game in match.games for score in game),
    ]


def _match(data: Mapping[str, Any]) -> MatchContext | None:
    """The match the game is part of (``mt``, :func:`encode_match`), checked as a request's
    match rules are; the games' results are checked with the state (:mod:`.invariants`)."""
    codes = data.get("mt")
    if codes is None:
        return None
    if (
        not isinstance(codes, list)
        or not 7 <= len(codes) <= 7 + 2 * MAX_MATCH_GAMES
        or len(codes) % 2 == 0
        or not all(type(code) is int and 0 <= code <= 1_000_000 for code in codes)
    ):
        raise InvalidState(said("s_match_list"))
    format_index, length, skunk, double, triple, dealer_rule, first_dealer, *scores = codes
    if format_index >= len(MATCH_FORMATS) or dealer_rule >= len(NEXT_FIRST_DEALER) or triple > 1 or first_dealer > 1:
        raise InvalidState(said("s_match_rule"))
    try:
        rules = MatchRules(
            MATCH_FORMATS[format_index], length, skunk, double, bool(triple), NEXT_FIRST_DEALER[dealer_rule]
        )
    except CribbageError as error:
        raise InvalidState(said("s_match_rules", reason=error.said or error.message)) from None
    games = tuple(zip(scores[::2], scores[1::2]))
    return MatchContext(rules, first_dealer, games, _conceded_games(data, len(games)))


def _conceded_games(data: Mapping[str, Any], games: int) -> tuple[int | None, ...]:
    """Which of a match's games before this one were conceded, and by which side (``mx``: one
    code a game, 0 played out, 1 + the side that conceded it; left out when none was)."""
    codes = data.get("mx")
    if codes is None:
        return ()
    if (
        not isinstance(codes, list)
        or len(codes) != games
        or not all(type(code) is int and 0 <= code <= 2 for code in codes)
        or not any(codes)
    ):
        raise InvalidState(said("s_conceded"))
    return tuple(None if code == 0 else code - 1 for code in codes)


def _int(data: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise InvalidState(said("s_field_range", field=key))
    return value


def _opt_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    return None if data.get(key) is None else _int(data, key, low, high)


def _str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise InvalidState(said("s_field_text", field=key))
    return value


def check_fields(data: Any) -> Rules:
    """Raise :class:`InvalidState` unless ``data`` has every field :func:`encode_state` writes,
    each of its type and in its range, and the cards fit together (each discard from the seat's
    dealt cards, no card played twice, each played card from a hand); return its rules.

    What a state from outside the seal must pass before :func:`rebuild` may read it: the rebuild
    trusts every field, as it may for a dict that came out of a seal this service made.
    """
    if not isinstance(data, Mapping):
        raise InvalidState(said("s_not_object"))
    if data.get("v") != STATE_VERSION:
        raise InvalidState(said("s_version", version=data.get("v"), reads=STATE_VERSION))
    rules = decode_rules(data.get("r"))
    players, sides = rules.players, rules.sides
    dealer = _int(data, "d", 0, players - 1)
    phase = PHASES[_int(data, "p", 0, len(PHASES) - 1)]
    kept = _kept_cards(data, rules, dealer)
    _check_pegs(data, sides)
    for key, low, high in (("s", 0, MAX_SEED), ("f", 0, players - 1), ("n", 1, MAX_DEAL_NO)):
        _int(data, key, low, high)
    _int(data, "m", 0, MAX_MOVES, 0)
    _opt_int(data, "win", 0, sides - 1)
    _str(data, "log")
    if phase == "show":
        _int(data, "w", 0, players, 0)
        _opt_int(data, "cl", 0, MAX_CLAIM)
    if data.get("od") is not None:
        cards_from_letters(_str(data, "od"))
    if "id" in data:
        _str(data, "id")
    if "y" in data:
        _check_play(data, kept, players)
    _computer(data, players)
    _match(data)
    _deal_starts(data, sides)
    return rules


def _kept_cards(data: Mapping[str, Any], rules: Rules, dealer: int) -> set[Card]:
    """The cards the seats kept, once the deck (``k``) is a deck and each discard (``x``) fits the seat's deal."""
    players = rules.players
    deck = cards_from_letters(_str(data, "k"))
    if len(deck) != 52 or len(set(deck)) != 52:
        raise InvalidState(said("s_deck"))
    dealt = deal_cards(rules, deck, dealer)
    discards = data.get("x")
    if not isinstance(discards, list) or len(discards) != players:
        raise InvalidState(said("s_discards"))
    kept: set[Card] = set()
    for seat, text in enumerate(discards):
        if not isinstance(text, str):
            raise InvalidState(said("s_discard_text"))
        thrown = cards_from_letters(text)
        if (
            len(thrown) not in (0, rules.discards)
            or not set(thrown) <= set(dealt[seat])
            or len(set(thrown)) != len(thrown)
        ):
            raise InvalidState(said("s_discard_fit", seat=seat))
        kept.update(card for card in dealt[seat] if card not in thrown)
    return kept


def _check_pegs(data: Mapping[str, Any], sides: int) -> None:
    scores, backs = data.get("sc"), data.get("bk")
    if not (isinstance(scores, list) and isinstance(backs, list) and len(scores) == sides == len(backs)):
        raise InvalidState(said("s_pegs"))
    if not all(type(v) is int and 0 <= v <= 1_000_000 for v in (*scores, *backs)):
        raise InvalidState(said("s_peg_range"))


def _check_play(data: Mapping[str, Any], kept: set[Card], players: int) -> None:
    """The play's fields: each card played once, from a hand; the seats and goes in range."""
    played = cards_from_letters(_str(data, "y"))
    _int(data, "l", 0, len(played))
    if len(set(played)) != len(played):
        raise InvalidState(said("s_played_twice"))
    if not set(played) <= kept:
        raise InvalidState(said("s_played_unheld"))
    _opt_int(data, "u", 0, players - 1)
    _opt_int(data, "a", 0, players - 1)
    _int(data, "g", 0, (1 << players) - 1)
    _int(data, "z", 0, players)


def _computer(data: Mapping[str, Any], players: int) -> tuple[Level | None, ...]:
    """Who the computer plays (``cp``: per seat 0 for a person, else 1 + the level's index)."""
    codes = data.get("cp")
    if codes is None:
        return ()
    if not isinstance(codes, list) or len(codes) != players:
        raise InvalidState(said("s_computer_seats"))
    levels: list[Level | None] = []
    for code in codes:
        if type(code) is not int or not 0 <= code <= len(LEVELS):
            raise InvalidState(said("s_computer_level"))
        levels.append(LEVELS[code - 1] if code else None)
    return tuple(levels)


_COMPUTER_CODES = (None, *LEVELS)


def rebuild(data: Mapping[str, Any], rules: Rules) -> GameState:
    """The state ``data`` describes, with what :func:`encode_state` leaves out worked out
    again (hands, crib, starter, the play's hands). Trusts every field: ``data`` came out of
    a seal this service made, or passed :func:`check_fields`."""
    dealer = data["d"]
    deck = tuple(map(_CARD_BY_LETTER.__getitem__, data["k"]))
    dealt = deal_cards(rules, deck, dealer)
    discards = data["x"]
    hands = tuple(
        tuple([c for c in cards if _LETTER_OF[c] not in text]) if text else cards
        for cards, text in zip(dealt, discards, strict=True)
    )
    crib = (
        *crib_from_pack(rules, deck),
        *(c for cards, text in zip(dealt, discards, strict=True) if text for c in cards if _LETTER_OF[c] in text),
    )
    play = _rebuild_play(data, rules, hands) if "y" in data else None
    phase: Phase = PHASES[data["p"]]
    opening = data.get("od")
    codes = data.get("cp")
    return GameState(
        rules,
        data["s"],
        data["f"],
        data.get("c") == 1,
        data["n"],
        dealer,
        phase,
        deck,
        hands,
        crib,
        starter_of(rules, deck) if data.get("t") == 1 else None,
        play,
        data.get("w", 0) if phase == "show" else 0,
        data.get("cl") if phase == "show" else None,
        tuple(data["sc"]),
        tuple(data["bk"]),
        data.get("win"),
        data.get("dr") == 1,
        data["log"],
        None if opening is None else tuple(map(_CARD_BY_LETTER.__getitem__, opening)),
        data.get("id", ""),
        data.get("m", 0),
        () if codes is None else tuple(map(_COMPUTER_CODES.__getitem__, codes)),
        _match(data),
        _deal_starts(data, rules.sides),
    )


def _rebuild_play(data: Mapping[str, Any], rules: Rules, hands: tuple[tuple[Card, ...], ...]) -> Play:
    """The play ``data`` describes (``y`` and its fields), its hands what is left of ``hands``."""
    players = rules.players
    played = tuple(map(_CARD_BY_LETTER.__getitem__, data["y"]))
    pile_len = data["l"]
    gone = set(played)
    passed_bits = data["g"]
    remaining = tuple(tuple(c for c in hand if c not in gone) for hand in hands)
    pile = played[len(played) - pile_len :] if pile_len else ()
    return Play(
        players,
        data.get("u"),
        tuple(map(len, remaining)),
        remaining,
        pile,
        played,
        data.get("a"),
        tuple(bool(passed_bits >> seat & 1) for seat in range(players)),
        data["z"],
        rules.single_count_play,
        rules.multi_go_rule == "bicycle_three_hand",
        pile_count(pile),
    )


def decode_state(data: Any, *, sealed: bool = False) -> GameState:
    """Read a dict written by :func:`encode_state`, rebuild what it leaves out, and check every
    invariant. Anything wrong is an :class:`InvalidState`.

    ``sealed``: the dict comes out of an authenticated token this service sealed, so it was
    written by :func:`encode_state` from a state the engine made: every field is there with its
    type and range, and every invariant the engine keeps holds. Neither check is made again
    (they were two thirds of the decoding); only the version is read, so a token of a format
    this server does not know is still refused by name, and a dict the rebuild cannot read (no
    engine writes one) is checked after all, so it is refused with its reason.
    """
    if sealed and isinstance(data, Mapping) and data.get("v") == STATE_VERSION:
        try:
            return rebuild(data, decode_rules(data["r"]))
        except (LookupError, TypeError, ValueError, AttributeError):
            pass  # not what this service seals (a leaked key?): the checks below say what is wrong
    state = rebuild(data, check_fields(data))
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
