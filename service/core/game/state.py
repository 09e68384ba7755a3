"""The game state: one frozen value per position, the layout of a deal, and whose turn it is.

A :class:`GameState` is everything the engine needs to continue a game and nothing it can
work out: the current deal's deck order (all 52 cards, so every card has a place), what each
seat still holds, the crib, the starter once cut, the play in progress (the
:class:`~.pegging.Play` machine), the show's progress, the pegs, and a compact log of every
action (from which :mod:`.record` replays the whole game). The engine (:mod:`.engine`)
moves it; :mod:`.codec` writes it for the sealed token; :mod:`.invariants` checks it.

>>> from ..rules import preset
>>> from ..cards import DECK
>>> rules = preset("six_card")
>>> dealt = deal_cards(rules, DECK, dealer=1)
>>> [len(hand) for hand in dealt], str(dealt[0][0]), str(dealt[1][0])
([6, 6], 'AC', 'AD')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import Card
from ..errors import InvalidState
from ..refusals import said
from ..rules import Rules
from ..scoring.match import MatchContext
from ..scoring.outcome import Outcome, conceded, outcome
from ..scoring.pegging import Play
from ..vocabulary import LEVELS, PHASES, Level, Phase

MAX_CLAIM = 29  # no hand or crib scores more; a claim above it is absurd, not an over-claim
# No game here lasts longer: a fixed-deals game has at most this many deals, and a race to the
# target still on after this many (a huge target, or every count claimed as 0) ends there,
# decided on totals. A game's record, history and token stay bounded (a 121 game takes ~10).
MAX_GAME_DEALS = 100
MAX_SEED = 2**63 - 1  # a game's seed, when it starts and when a token is opened (the contract's bound too)
# In the action log, a concession: this mark, then the conceding seat's digit. It is a game's
# last action, so the log's end says whether (and by whom) the game was conceded.
CONCEDE_MARK = "-"


class DealStart(NamedTuple):
    """Where a deal began (after its cards were dealt, and three for last if it scores then):
    its number, the moves made before its first, and each side's front and back peg. Only for
    deals after the first (the first begins where the game does). The state keeps those of its
    deal and the one before (``deal_starts``), so that the events since a recent move are
    replayed from the deal that move was made in, not from the game's start (:mod:`.record`)."""

    deal: int
    moves: int
    scores: tuple[int, ...]
    backs: tuple[int, ...]


class GameState(NamedTuple):
    """One position of a game. Every field is immutable; the engine returns new states
    (``state._replace(...)``).

    A NamedTuple rather than a frozen dataclass, as :class:`~.cards.Card` is: a move makes a
    new state several times over (each peg, each play), and ``dataclasses.replace`` cost five
    times ``_replace``, half of what a move cost the engine.

    ``hands``: in the discard phase the cards each seat holds (dealt, less any discard); from
    the cut on, the hand each seat kept (in the play, ``play.hands`` says what is left).
    ``crib``: the card(s) from the pack, then each seat's discards in seat order.
    ``scores``/``backs``: each side's front and back peg. ``show_step``: the next entry of
    the counting order (manual counting); ``claim``: the count just claimed there, while an
    opponent may call muggins on it. ``winner`` (a side) or ``draw`` end the game; the phase
    then stays the one the game ended in. ``log``: every action so far, compactly
    (:mod:`.record`). ``opening_deck``: a scripted first deal (tests, replays of real games).
    ``game_id``: the game's name, for whoever keeps only its latest state (a relay);
    ``moves``: how many actions it has taken (a later state of the same game has more).
    ``computer``: per seat, the level the computer plays it at, or ``None`` for a person (empty:
    every seat is a person's). ``match``: the match the game is part of (its rules, who dealt
    first in its first game, the scores of the games before this one), or ``None``.
    ``deal_starts``: where the deal before this one and this one began (:class:`DealStart`,
    from the second deal on; empty in a state sealed before they were kept).
    """

    rules: Rules
    seed: int
    first_dealer: int
    cut_for_deal: bool
    deal_no: int
    dealer: int
    phase: Phase
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
    game_id: str = ""
    moves: int = 0
    computer: tuple[Level | None, ...] = ()
    match: MatchContext | None = None
    deal_starts: tuple[DealStart, ...] = ()

    @property
    def over(self) -> bool:
        return self.winner is not None or self.draw

    @property
    def conceded_by(self) -> int | None:
        """The seat that conceded the game (its last action, in the log), or ``None``."""
        log = self.log
        return int(log[-1]) if len(log) >= 2 and log[-2] == CONCEDE_MARK and "0" <= log[-1] <= "9" else None

    @property
    def conceding_side(self) -> int | None:
        """The side of the seat that conceded the game, or ``None``."""
        seat = self.conceded_by
        return None if seat is None else self.rules.side_of(seat)

    def plays_itself(self, seat: int) -> bool:
        """Whether the computer plays ``seat`` (the game says so: no one acts for it); a seat the
        game does not have is not the computer's (acting for it is refused as a move)."""
        return 0 <= seat < len(self.computer) and self.computer[seat] is not None

    @property
    def current_play(self) -> Play:
        """The play in progress: there is one throughout the play phase (:mod:`.invariants`
        checks it), and asking outside it is an :class:`InvalidState`."""
        if self.play is None:
            raise InvalidState(said("s_no_play"))
        return self.play

    @property
    def starter_card(self) -> Card:
        """The starter: cut from the play on (:mod:`.invariants` checks it), and asking before
        the cut is an :class:`InvalidState`."""
        if self.starter is None:
            raise InvalidState(said("s_no_starter"))
        return self.starter

    @property
    def pone(self) -> int:
        """The seat on the dealer's left: it is dealt to first, cuts, leads and counts first."""
        return (self.dealer + 1) % self.rules.players


# --- the layout of a deal -------------------------------------------------------------------


def deal_cards(rules: Rules, deck: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's dealt cards: one at a time from the top, starting on the dealer's left (so
    seat ``s`` gets every ``players``-th card of the dealt ones, from the ``(s - dealer - 1) %
    players``-th on)."""
    players = rules.players
    dealt = tuple(deck[: players * rules.cards_dealt])
    return tuple(dealt[(seat - dealer - 1) % players :: players] for seat in range(players))


def crib_from_pack(rules: Rules, deck: Sequence[Card]) -> tuple[Card, ...]:
    """The card(s) dealt from the pack straight to the crib (three players: one)."""
    start = rules.players * rules.cards_dealt
    return tuple(deck[start : start + rules.crib_from_deck])


def starter_of(rules: Rules, deck: Sequence[Card]) -> Card:
    """The starter: the card the cut turns, the next one after the deal."""
    return deck[rules.players * rules.cards_dealt + rules.crib_from_deck]


def build_crib(
    rules: Rules, deck: Sequence[Card], dealt: Sequence[Sequence[Card]], hands: Sequence[Sequence[Card]]
) -> tuple[Card, ...]:
    """The crib in its canonical order: the pack's card(s), then each seat's discards."""
    crib = list(crib_from_pack(rules, deck))
    for seat in range(rules.players):
        held = set(hands[seat])
        crib.extend(card for card in dealt[seat] if card not in held)
    return tuple(crib)


def show_order(state: GameState) -> tuple[tuple[int, bool], ...]:
    """The counting order: clockwise from the dealer's left, the dealer, then the crib."""
    players = state.rules.players
    return (*tuple(((state.dealer + 1 + i) % players, False) for i in range(players)), (state.dealer, True))


def shown_cards(state: GameState, step: int) -> tuple[int, bool, tuple[Card, ...]]:
    """Entry ``step`` of the show: its owner, whether it is the crib, and its cards."""
    seat, is_crib = show_order(state)[step]
    return seat, is_crib, state.crib if is_crib else state.hands[seat]


def window_holder(rules: Rules, claimant: int) -> int:
    """The opponent who may call muggins on ``claimant``'s count: the next seat clockwise on
    another side (the other player; in partnerships the left-hand opponent)."""
    side = rules.side_of(claimant)
    for step in range(1, rules.players):
        seat = (claimant + step) % rules.players
        if rules.side_of(seat) != side:
            return seat
    raise InvalidState(said("s_no_opponent"))  # pragma: no cover - rules forbid one side


def final_outcome(state: GameState) -> Outcome:
    """The outcome of a finished game: on totals when no side reached the target (a
    fixed-deals game, or a race stopped by :data:`MAX_GAME_DEALS`); a conceded game's as
    :func:`~service.core.scoring.outcome.conceded` scores it."""
    rules = state.rules
    side = state.conceding_side
    if side is not None:
        return conceded(state.scores, rules, side)
    reached = rules.fixed_deals is None and max(state.scores) >= rules.target
    return outcome(state.scores, rules, on_totals=not reached)


# --- whose turn ---------------------------------------------------------------------------------


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


__all__ = [
    "GameState",
    "DealStart",
    "PHASES",
    "MAX_CLAIM",
    "MAX_GAME_DEALS",
    "final_outcome",
    "MAX_SEED",
    "CONCEDE_MARK",
    "LEVELS",
    "deal_cards",
    "crib_from_pack",
    "starter_of",
    "build_crib",
    "show_order",
    "shown_cards",
    "window_holder",
    "pending_discards",
    "current_player",
    "may_act",
]
