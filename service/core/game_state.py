"""The game state: one frozen value per position, its actions, and a compact, checked dict form.

A :class:`GameState` is everything the engine needs to continue a game and nothing it can
work out: the current deal's deck order (all 52 cards, so every card has a place), what each
seat still holds, the crib, the starter once cut, the play in progress (the
:class:`~.pegging.Play` machine), the show's progress, the pegs, and a compact log of every
action (from which ``record`` replays the whole game). The engine (:mod:`.engine`) moves it.

:func:`to_dict` writes a small, versioned dict (cards as single letters, short keys, nothing
that can be derived) for the sealed token; :func:`from_dict` reads it back and re-checks
every invariant (:func:`check_state`), so a state that does not make sense is refused even
if the key that sealed it leaked. ``from_dict(to_dict(s)) == s`` for every reachable state.

>>> from .rules import preset
>>> from .cards import DECK
>>> rules = preset("six_card")
>>> dealt = deal_cards(rules, DECK, dealer=1)
>>> [len(hand) for hand in dealt], str(dealt[0][0]), str(dealt[1][0])
([6, 6], 'AC', 'AD')
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from .cards import DECK, Card, card_from_index
from .errors import InvalidRules, InvalidState
from .pegging import Play, pile_count
from .rules import Rules, preset

STATE_VERSION = 1
PHASES = ("discard", "play", "show")
ACTION_TYPES = ("discard", "play", "go", "count", "muggins", "accept", "auto")
MAX_CLAIM = 29  # no hand or crib scores more; a claim above it is absurd, not an over-claim

# One letter per card (index 0..51: AC AD AH AS 2C ...): the compact encodings use it.
_LETTERS = string.ascii_letters
_CARD_BY_LETTER = {letter: card_from_index(i) for i, letter in enumerate(_LETTERS)}
_LETTER_OF = {card: letter for letter, card in _CARD_BY_LETTER.items()}
# Small numbers (claims, muggins calls) in one character, after a marker in the log.
LOG_DIGITS = string.digits + string.ascii_letters


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


@dataclass(frozen=True, slots=True)
class Action:
    """One action, in the shape a client sends (``type`` decides which fields matter).

    ``discard``: ``cards``; ``play``: ``card``; ``go``; ``count``: ``claimed`` (manual
    counting); ``muggins``: ``points`` called against the claim just made; ``accept``: let
    that claim stand; ``auto``: the engine chooses for ``seat``.
    """

    type: str
    seat: int
    cards: tuple[Card, ...] = ()
    card: Card | None = None
    claimed: int | None = None
    points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.type == "discard":
            out["cards"] = [str(c) for c in self.cards]
        elif self.type == "play":
            out["card"] = str(self.card)
        elif self.type == "count":
            out["claimed"] = self.claimed
        elif self.type == "muggins":
            out["points"] = self.points
        return out

    def sort_key(self) -> tuple[int, int, tuple[int, ...], int]:
        """Legal actions are listed in this order: by type, seat, cards, then number."""
        cards = tuple(c.index for c in self.cards) if self.cards else ((self.card.index,) if self.card else ())
        number = self.claimed if self.claimed is not None else (self.points or 0)
        return ACTION_TYPES.index(self.type), self.seat, cards, number


@dataclass(frozen=True, slots=True)
class GameState:
    """One position of a game. Every field is immutable; the engine returns new states.

    ``hands``: in the discard phase the cards each seat holds (dealt, less any discard); from
    the cut on, the hand each seat kept (in the play, ``play.hands`` says what is left).
    ``crib``: the card(s) from the pack, then each seat's discards in seat order.
    ``scores``/``backs``: each side's front and back peg. ``show_step``: the next entry of
    the counting order (manual counting); ``claim``: the count just claimed there, while an
    opponent may call muggins on it. ``winner`` (a side) or ``draw`` end the game; the phase
    then stays the one the game ended in. ``log``: every action so far, compactly.
    """

    rules: Rules
    seed: int
    first_dealer: int
    cut_for_deal: bool
    deal_no: int
    dealer: int
    phase: str
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    starter: Card | None
    play: Play | None
    show_step: int
    claim: int | None
    scores: tuple[int, ...]
    backs: tuple[int, ...]
    winner: int | None
    draw: bool
    log: str
    opening_deck: tuple[Card, ...] | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None or self.draw

    @property
    def pone(self) -> int:
        """The seat on the dealer's left: it is dealt to first, cuts, leads and counts first."""
        return (self.dealer + 1) % self.rules.players


# --- the layout of a deal -------------------------------------------------------------------


def deal_cards(rules: Rules, deck: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's dealt cards: one at a time from the top, starting on the dealer's left."""
    return _deal_cards(rules.players, rules.cards_dealt, tuple(deck), dealer)


@lru_cache(maxsize=64)
def _deal_cards(players: int, cards_dealt: int, deck: tuple[Card, ...], dealer: int) -> tuple[tuple[Card, ...], ...]:
    dealt: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players * cards_dealt):
        dealt[(dealer + 1 + i) % players].append(deck[i])
    return tuple(tuple(hand) for hand in dealt)


def crib_from_pack(rules: Rules, deck: Sequence[Card]) -> tuple[Card, ...]:
    """The card(s) dealt from the pack straight to the crib (three players: one)."""
    start = rules.players * rules.cards_dealt
    return tuple(deck[start : start + rules.crib_from_deck])


def starter_of(rules: Rules, deck: Sequence[Card]) -> Card:
    """The starter: the card the cut turns, the next one after the deal."""
    return deck[rules.players * rules.cards_dealt + rules.crib_from_deck]


def build_crib(rules: Rules, deck: Sequence[Card], dealt: Sequence[Sequence[Card]],
               hands: Sequence[Sequence[Card]]) -> tuple[Card, ...]:
    """The crib in its canonical order: the pack's card(s), then each seat's discards."""
    crib = list(crib_from_pack(rules, deck))
    for seat in range(rules.players):
        held = set(hands[seat])
        crib.extend(card for card in dealt[seat] if card not in held)
    return tuple(crib)


def show_order(state: GameState) -> tuple[tuple[int, bool], ...]:
    """The counting order: clockwise from the dealer's left, the dealer, then the crib."""
    players = state.rules.players
    return tuple(((state.dealer + 1 + i) % players, False) for i in range(players)) + ((state.dealer, True),)


def window_holder(rules: Rules, claimant: int) -> int:
    """The opponent who may call muggins on ``claimant``'s count: the next seat clockwise on
    another side (the other player; in partnerships the left-hand opponent)."""
    side = rules.side_of(claimant)
    for step in range(1, rules.players):
        seat = (claimant + step) % rules.players
        if rules.side_of(seat) != side:
            return seat
    raise InvalidState("no opponent to call muggins")  # pragma: no cover - rules forbid one side


def pending_discards(state: GameState) -> tuple[int, ...]:
    """Seats that still have to discard, from the dealer's left."""
    players = state.rules.players
    order = ((state.dealer + 1 + i) % players for i in range(players))
    return tuple(seat for seat in order if len(state.hands[seat]) == state.rules.cards_dealt)


def current_player(state: GameState) -> int | None:
    """The seat to act (in the discard phase, the first that has not discarded), or ``None``
    once the game is over."""
    if state.over:
        return None
    if state.phase == "discard":
        pending = pending_discards(state)
        return pending[0] if pending else None
    if state.phase == "play":
        return None if state.play is None else state.play.turn
    step = show_order(state)[state.show_step]
    return step[0] if state.claim is None else window_holder(state.rules, step[0])


def may_act(state: GameState) -> tuple[int, ...]:
    """Every seat that may act now: in the discard phase any seat that has not discarded
    (discards are simultaneous at the table), otherwise the one seat to act."""
    if state.over:
        return ()
    if state.phase == "discard":
        return pending_discards(state)
    seat = current_player(state)
    return () if seat is None else (seat,)


# --- the compact dict ---------------------------------------------------------------------------


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """The rules as the preset's name plus the fields that differ from it."""
    return dict(_rules_to_dict(rules))


@lru_cache(maxsize=256)
def _rules_to_dict(rules: Rules) -> dict[str, Any]:
    base = preset(rules.name)
    out: dict[str, Any] = {"n": rules.name}
    changed = {}
    for field in fields(rules):
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            changed[field.name] = list(value) if isinstance(value, tuple) else value
    if changed:
        out["o"] = changed
    return out


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """The rules back from :func:`rules_to_dict` (cached: a server sees few rule sets)."""
    try:
        name = data["n"]
        changes = data.get("o")
        if not changes:
            return preset(name)
        key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in dict(changes).items()))
        return _rules(name, key)
    except (InvalidRules, KeyError, TypeError, AttributeError, ValueError) as error:
        raise InvalidState(f"the state's rules are not valid: {error}") from None


@lru_cache(maxsize=256)
def _rules(name: str, changes: tuple[tuple[str, Any], ...]) -> Rules:
    return replace(preset(name), **dict(changes))


def to_dict(state: GameState) -> dict[str, Any]:
    """A small JSON-ready dict of ``state`` (versioned; cards as letters; nothing derivable).

    Hands are not stored: they are the deck's dealt cards less each seat's discards, less
    the cards played. The starter is not stored either: it is the card the cut turns.
    """
    rules = state.rules
    dealt = deal_cards(rules, state.deck, state.dealer)
    out: dict[str, Any] = {
        "v": STATE_VERSION,
        "r": rules_to_dict(rules),
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
    return out


def _int(data: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise InvalidState(f"the state's field {key!r} is missing or out of range")
    return value


def _opt_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    return None if data.get(key) is None else _int(data, key, low, high)


def _str(data: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise InvalidState(f"the state's field {key!r} is missing or not text")
    return value


def from_dict(data: Any) -> GameState:
    """Read a dict written by :func:`to_dict`, rebuild what it leaves out, and check every
    invariant (:func:`check_state`). Anything wrong is an :class:`InvalidState`."""
    if not isinstance(data, Mapping):
        raise InvalidState("the state is not an object")
    if data.get("v") != STATE_VERSION:
        raise InvalidState(f"unsupported state version {data.get('v')!r} (this server reads {STATE_VERSION})")
    rules_data = data.get("r")
    if not isinstance(rules_data, Mapping):
        raise InvalidState("the state has no rules")
    rules = rules_from_dict(rules_data)
    players, sides = rules.players, rules.sides
    seed = _int(data, "s", 0, 2**64)
    first_dealer = _int(data, "f", 0, players - 1)
    deal_no = _int(data, "n", 1, 100_000)
    dealer = _int(data, "d", 0, players - 1)
    phase = PHASES[_int(data, "p", 0, len(PHASES) - 1)]
    deck = cards_from_letters(_str(data, "k"))
    if len(deck) != 52 or len(set(deck)) != 52:
        raise InvalidState("the deck does not hold each of the 52 cards once")
    discards_data = data.get("x")
    if not isinstance(discards_data, list) or len(discards_data) != players:
        raise InvalidState("the state needs one discard entry per seat")
    dealt = deal_cards(rules, deck, dealer)
    hands_list: list[tuple[Card, ...]] = []
    for seat, text in enumerate(discards_data):
        if not isinstance(text, str):
            raise InvalidState("a discard entry is not text")
        thrown = cards_from_letters(text)
        if len(thrown) not in (0, rules.discards) or not set(thrown) <= set(dealt[seat]) or len(set(thrown)) != len(thrown):
            raise InvalidState(f"seat {seat}'s discard does not fit its dealt cards")
        hands_list.append(tuple(c for c in dealt[seat] if c not in thrown))
    hands = tuple(hands_list)
    crib = build_crib(rules, deck, dealt, hands)
    starter = starter_of(rules, deck) if data.get("t") == 1 else None
    play: Play | None = None
    if "y" in data:
        played = cards_from_letters(_str(data, "y"))
        pile_len = _int(data, "l", 0, len(played))
        turn = _opt_int(data, "u", 0, players - 1)
        last = _opt_int(data, "a", 0, players - 1)
        passed_bits = _int(data, "g", 0, (1 << players) - 1)
        go_streak = _int(data, "z", 0, players)
        played_set = set(played)
        if len(played_set) != len(played):
            raise InvalidState("a card was played twice")
        remaining = tuple(tuple(c for c in hand if c not in played_set) for hand in hands)
        play = Play(
            players=players,
            turn=turn,
            held=tuple(len(h) for h in remaining),
            hands=remaining,
            pile=played[len(played) - pile_len :] if pile_len else (),
            played=played,
            last=last,
            passed=tuple(bool(passed_bits >> seat & 1) for seat in range(players)),
            go_streak=go_streak,
            single_count=rules.single_count_play,
            bicycle_go=rules.multi_go_rule == "bicycle_three_hand",
        )
    scores = data.get("sc")
    backs = data.get("bk")
    if not (isinstance(scores, list) and isinstance(backs, list) and len(scores) == sides == len(backs)):
        raise InvalidState("the state needs a front and a back peg per side")
    if not all(type(v) is int and 0 <= v <= 1_000_000 for v in (*scores, *backs)):
        raise InvalidState("a peg is out of range")
    od = data.get("od")
    opening = None if od is None else cards_from_letters(_str(data, "od"))
    state = GameState(
        rules=rules,
        seed=seed,
        first_dealer=first_dealer,
        cut_for_deal=data.get("c") == 1,
        deal_no=deal_no,
        dealer=dealer,
        phase=phase,
        deck=deck,
        hands=hands,
        crib=crib,
        starter=starter,
        play=play,
        show_step=_int(data, "w", 0, players, 0) if phase == "show" else 0,
        claim=_opt_int(data, "cl", 0, MAX_CLAIM) if phase == "show" else None,
        scores=tuple(scores),
        backs=tuple(backs),
        winner=_opt_int(data, "win", 0, sides - 1),
        draw=data.get("dr") == 1,
        log=_str(data, "log"),
        opening_deck=opening,
    )
    check_state(state)
    return state


# --- invariants ---------------------------------------------------------------------------------


def check_state(state: GameState) -> None:
    """Raise :class:`InvalidState` unless ``state`` is a position a game can reach.

    Every one of the 52 cards has exactly one place (the pack, a hand, the crib, the starter
    or the cards played), hands and crib have the sizes of the phase, the count is at most 31,
    the seat to act fits the phase, and scores are below the target unless the game is over
    (and then exactly one side, the winner, is at it).
    """
    rules = state.rules
    players = rules.players

    def need(ok: bool, message: str) -> None:
        if not ok:
            raise InvalidState(message)

    need(state.phase in PHASES, "unknown phase")
    need(len(state.deck) == 52 and len(set(state.deck)) == 52 and set(state.deck) == set(DECK),
         "the deck must hold each of the 52 cards once")
    need(0 <= state.dealer < players and 0 <= state.first_dealer < players, "no such dealer")
    need(state.deal_no >= 1, "the deal number starts at 1")
    need(state.dealer == (state.first_dealer + state.deal_no - 1) % players,
         "the deal passes to the left each deal")
    if rules.fixed_deals is not None:
        need(state.deal_no <= rules.fixed_deals, "more deals than the game has")
    need(len(state.hands) == players, "one hand per seat")
    dealt = deal_cards(rules, state.deck, state.dealer)
    for seat in range(players):
        hand = state.hands[seat]
        need(set(hand) <= set(dealt[seat]) and len(set(hand)) == len(hand), f"seat {seat} holds cards it was not dealt")
        sizes = (rules.cards_dealt, rules.hand_size) if state.phase == "discard" else (rules.hand_size,)
        need(len(hand) in sizes, f"seat {seat} holds {len(hand)} cards in the {state.phase} phase")
    need(state.crib == build_crib(rules, state.deck, dealt, state.hands), "the crib is not the discards")
    if state.phase != "discard":
        need(len(state.crib) == 4, "the crib holds 4 cards after the discard")
        need(state.starter == starter_of(rules, state.deck), "the starter is the card the cut turns")
    elif pending_discards(state):
        need(state.starter is None, "no starter before the cut")
    else:  # every seat has discarded, so the cut was made, and his heels ended the game
        need(state.over and state.starter == starter_of(rules, state.deck) and state.starter.rank == 11,
             "the cut follows the last discard")
    # Every card has one place: the pack, or a seat's dealt cards, the crib from the pack, the starter.
    placed = [c for hand in dealt for c in hand] + list(crib_from_pack(rules, state.deck)) + [starter_of(rules, state.deck)]
    need(len(set(placed)) == len(placed), "a card is in two places")
    # The play.
    play = state.play
    if state.phase == "play":
        need(play is not None, "the play phase needs a play")
    elif state.phase == "discard":
        need(play is None, "no play before the cut")
    if play is not None:
        need(state.phase == "play", "a play outside the play phase")
        kept = {c for hand in state.hands for c in hand}
        need(set(play.played) <= kept, "a played card was not in a hand")
        need(pile_count(play.pile) <= 31, "the count is past 31")
        need(play.pile == play.played[len(play.played) - len(play.pile):], "the count's cards are not the last played")
        need(play.single_count == rules.single_count_play, "the play does not follow the rules")
        need(play.bicycle_go == (rules.multi_go_rule == "bicycle_three_hand"), "the play does not follow the rules")
        if play.pile:
            need(play.last is not None and play.pile[-1] in state.hands[play.last], "the last card's player is wrong")
        else:
            need(play.last is None and not any(play.passed) and play.go_streak == 0, "a go with no count")
        need(play.go_streak <= sum(play.passed), "more goes in a row than goes")
        if play.turn is not None:
            need(play.held[play.turn] > 0, "the seat to play holds no cards")
            if play.last is not None:  # in a count, play passes clockwise from the last card, skipping goes
                after_last = [(play.last + k) % players for k in range(1, players + 1)]
                waiting = [s for s in after_last if play.held[s] and not play.passed[s]]
                need(bool(waiting) and waiting[0] == play.turn, "the seat to play is out of turn")
            need(not play.passed[play.turn], "the seat to play has said go")
            if not state.over:
                need(play.can_play(play.turn), "the seat to play cannot play (its go is forced)")
        else:
            need(state.over, "the play ended but the game did not move on")
    # The show.
    if state.phase == "show":
        need(0 <= state.show_step <= players, "no such step of the show")
        if not state.over:
            need(rules.muggins, "the show waits for no one unless counting is manual")
        need(state.claim is None or (rules.muggins and 0 <= state.claim <= MAX_CLAIM), "a claim outside manual counting")
    else:
        need(state.show_step == 0 and state.claim is None, "a show step outside the show")
    # Scores.
    sides = rules.sides
    need(len(state.scores) == sides == len(state.backs), "one peg pair per side")
    need(all(0 <= b <= f for b, f in zip(state.backs, state.scores)), "a back peg is ahead of its front peg")
    target_game = rules.fixed_deals is None
    if state.winner is not None:
        need(0 <= state.winner < sides and not state.draw, "no such winner")
        if target_game:
            need(state.scores[state.winner] == rules.target, "the winner's peg sits in the game hole")
            need(sum(1 for s in state.scores if s >= rules.target) == 1, "one side reaches the target")
        else:
            need(state.scores[state.winner] == max(state.scores), "the winner has the most points")
    elif target_game:
        need(all(s < rules.target for s in state.scores), "a side has reached the target but the game is not over")
        need(not state.draw, "a game to a target has no draws")
    if not state.over:
        need(current_player(state) is not None, "no seat to act in a game in progress")
    if state.opening_deck is not None:
        need(len(state.opening_deck) == 52 and set(state.opening_deck) == set(DECK), "the opening deck is not a deck")


__all__ = [
    "Action",
    "GameState",
    "ACTION_TYPES",
    "LOG_DIGITS",
    "MAX_CLAIM",
    "PHASES",
    "STATE_VERSION",
    "to_dict",
    "from_dict",
    "check_state",
    "current_player",
    "may_act",
    "show_order",
    "window_holder",
    "deal_cards",
    "starter_of",
    "crib_from_pack",
    "build_crib",
    "card_letter",
    "letters",
    "cards_from_letters",
]
