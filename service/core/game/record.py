"""The record of a finished game, replayed from its seed and its action log.

A state carries a compact log of every action (:func:`.actions.encode_action`); with the
seed (and a scripted first deck, if any) that is the whole game. :func:`replay` plays it
again and checks that it ends in the very state given; :func:`record` turns the replay into
a :class:`GameRecord`: every deal with all the hands dealt, the crib, the starter, the
actions and the full events, and the outcome. Only for a finished game: while it is played
a record would show the hidden cards.

>>> from .engine import apply, legal_actions, may_act, new_game
>>> from ..rules import resolve
>>> state, _ = new_game(resolve("six_card", {"fixed_deals": 2}), seed=11, dealer=0)
>>> while not state.over:
...     state, _ = apply(state, legal_actions(state, may_act(state)[0])[0])
>>> game = record(state)
>>> len(game.deals), game.actions == sum(len(d.actions) for d in game.deals)
(2, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card
from ..errors import CribbageError, GameNotOver, InvalidState, StateBehind
from ..refusals import said
from ..rules import Rules
from ..scoring.outcome import Outcome
from .actions import Action, decode_action, log_offset
from .chance import shuffled_deck
from .codec import encode_state
from .engine import apply, new_game
from .events import CutForDeal, Deal, Discard, Ending, Event, GameOver, Numbered, Starter, numbered, numbered_for
from .phases import dealt
from .state import DealStart, GameState, crib_from_pack, current_player, final_outcome


@dataclass(frozen=True, slots=True)
class RecordedAction:
    """One move of the game: what was done, its number in the game (from 1), and whether the
    computer chose it (for a seat it plays, or asked with ``auto``)."""

    move: int
    action: Action
    by_computer: bool


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal of a finished game: every seat's dealt cards and the cards it kept, the card(s)
    dealt from the pack to the crib, the whole crib, the starter (``None`` if the game ended
    before the cut), the moves made in it and everything that happened (each event with the
    move it belongs to)."""

    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kept: tuple[tuple[Card, ...], ...]
    from_pack: tuple[Card, ...]
    crib: tuple[Card, ...]
    starter: Card | None
    actions: tuple[RecordedAction, ...]
    events: tuple[Numbered, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    rules: Rules
    seed: int
    game_id: str
    first_dealer: int
    computer: tuple[str | None, ...]
    cut_for_deal: CutForDeal | None
    deals: tuple[DealRecord, ...]
    ended_by: Ending
    outcome: Outcome

    @property
    def actions(self) -> int:
        """How many moves the game took."""
        return sum(len(entry.actions) for entry in self.deals)


Steps = list[tuple[GameState, RecordedAction, list[Event]]]


def positions(state: GameState) -> tuple[list[Event], Steps]:
    """Play the game again from its seed and its log: the opening events, then every move with
    the position it was made in and its events. The replay must end in ``state`` itself (an
    :class:`InvalidState` otherwise). A game review (:mod:`service.core.computer.review`) reads the positions."""
    # The first dealer as the game was started: cut for, chosen, or (a match's later game) the match's to name.
    named_by_match = state.match is not None and bool(state.match.games)
    dealer = None if state.cut_for_deal or named_by_match else state.first_dealer
    current, opening = new_game(
        state.rules,
        state.seed,
        dealer,
        deck=state.opening_deck,
        game_id=state.game_id,
        computer=state.computer,
        match=state.match,
    )
    return opening, _replayed(current, 0, state)


def _replayed(current: GameState, at: int, state: GameState) -> Steps:
    """Play ``state``'s log on from character ``at`` (where ``current`` stands): every move with
    the position it was made in and its events; the replay must end in ``state`` itself."""
    steps: Steps = []
    log = state.log
    try:
        while at < len(log):
            action, by_computer, size = decode_action(log[at:], current, current_player(current) or 0)
            at += size
            before = current
            current, events = apply(current, action, by_computer=by_computer)
            steps.append((before, RecordedAction(current.moves, action, by_computer), events))
    except (CribbageError, IndexError, ValueError) as error:
        reason = (error.said or error.message) if isinstance(error, CribbageError) else str(error)
        raise InvalidState(said("s_log_no_replay", reason=reason)) from None
    kept = len(state.deal_starts)  # fewer when its game began before they were kept: the rest must agree
    if kept < len(current.deal_starts):
        current = current._replace(deal_starts=current.deal_starts[len(current.deal_starts) - kept :])
    if encode_state(current) != encode_state(state):
        raise InvalidState(said("s_log_other_state"))
    return steps


def _steps_from(state: GameState, begun: DealStart) -> Steps:
    """The moves of ``state``'s game from deal ``begun.deal`` on, replayed from where that deal
    began (:class:`~.state.DealStart`): the deal dealt again from the seed, the pegs as they
    stood, the log from its first action. The replay must end in ``state`` itself."""
    rules = state.rules
    dealer = (state.dealer - (state.deal_no - begun.deal)) % rules.players
    kept = state.deal_starts[: state.deal_starts.index(begun) + 1]  # the deal starts as they were then
    start = dealt(state, begun.deal, dealer, shuffled_deck(state.seed, begun.deal))._replace(
        scores=begun.scores, backs=begun.backs, winner=None, draw=False, moves=begun.moves, deal_starts=kept
    )
    at = log_offset(state.log, state, begun.moves)
    return _replayed(start._replace(log=state.log[:at]), at, state)


def replay(state: GameState) -> tuple[list[Event], list[tuple[RecordedAction, list[Event]]]]:
    """Play the game again from its seed and its log: the opening events, then every move with
    its events (:func:`positions`, without the positions)."""
    opening, steps = positions(state)
    return opening, [(done, events) for _, done, events in steps]


@dataclass
class _DealBuilder:
    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    from_pack: tuple[Card, ...]
    thrown: list[Card] = field(default_factory=list)
    starter: Card | None = None
    actions: list[RecordedAction] = field(default_factory=list)
    events: list[Numbered] = field(default_factory=list)

    def build(self) -> DealRecord:
        kept = tuple(tuple(c for c in hand if c not in self.thrown) for hand in self.hands)
        return DealRecord(
            self.deal,
            self.dealer,
            self.hands,
            kept,
            self.from_pack,
            tuple(sorted((*self.from_pack, *self.thrown))),
            self.starter,
            tuple(self.actions),
            tuple(self.events),
        )


def _deals(state: GameState) -> tuple[CutForDeal | None, list[_DealBuilder], Ending | None]:
    """Replay the game and split it into deals: the cut for the deal, every deal so far (the
    last one perhaps unfinished) and what ended the game (its ``game_over`` event's ending;
    ``None`` while it goes on)."""
    opening, steps = replay(state)
    rules = state.rules
    deals: list[_DealBuilder] = []
    cut: CutForDeal | None = None
    ending: Ending | None = None

    def take(events: list[Event], move: int | None) -> None:
        nonlocal cut, ending
        for event in events:
            if isinstance(event, Deal):
                first = event.deal == 1 and state.opening_deck is not None
                deck = state.opening_deck if first and state.opening_deck else shuffled_deck(state.seed, event.deal)
                deals.append(_DealBuilder(event.deal, event.dealer, event.hands, crib_from_pack(rules, deck)))
            elif isinstance(event, CutForDeal):
                cut = event
            elif isinstance(event, GameOver):
                ending = event.ending
            if not deals:
                continue
            entry = deals[-1]
            entry.events.append(Numbered(move or 0, event))
            if isinstance(event, Starter):
                entry.starter = event.card
            elif isinstance(event, Discard):
                entry.thrown.extend(event.cards)

    take(opening, None)
    for done, events in steps:
        deals[-1].actions.append(done)  # the deal the move was made in, before any deal it led to
        take(events, done.move)
    return cut, deals, ending


def record(state: GameState) -> GameRecord:
    """The full record of a finished game; refused while it is still being played
    (:class:`GameNotOver`): it would show the hidden cards."""
    if not state.over:
        raise GameNotOver(said("record_early"), pointer="/state")
    cut, deals, ending = _deals(state)
    assert ending is not None  # a finished game's last event is its game_over
    return GameRecord(
        state.rules,
        state.seed,
        state.game_id,
        state.first_dealer,
        state.computer,
        cut,
        tuple(entry.build() for entry in deals),
        ending,
        final_outcome(state),
    )


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    """A finished deal as one seat saw it: its own dealt cards (``None`` for a spectator) and
    every event as that seat was shown it, with the move it belongs to."""

    deal: int
    dealer: int
    hand: tuple[Card, ...] | None
    events: tuple[Numbered, ...]


def history(state: GameState, seat: int | None) -> tuple[FinishedDeal, ...]:
    """The deals of the game that are finished (all of them once it is over), as ``seat`` saw
    them: a review screen may show them while the game goes on, and nothing of the deal in
    progress is in it."""
    _, deals, _ = _deals(state)
    finished = deals if state.over else deals[:-1]
    return tuple(
        FinishedDeal(
            entry.deal,
            entry.dealer,
            None if seat is None else tuple(sorted(entry.hands[seat])),
            tuple(numbered_for(entry.events, seat)),
        )
        for entry in finished
    )


def events_since(state: GameState, seat: int | None, move: int) -> tuple[Numbered, ...]:
    """Everything that happened after the view numbered ``move`` (``-1``: from the game's
    opening, the cut for the deal and the first deal, numbered 0), in order, as ``seat`` may
    see it, each event with its move: what a seat that did not make the last moves (the other
    phone of a shared game) needs to animate them. Nothing is replayed when ``move`` is the
    state's; the game is replayed from the deal move ``move + 1`` was made in when it is this
    deal or the one before (the state keeps where they began: ``deal_starts``), else from its
    start (its cost then grows with the game, bounded by the deal limit)."""
    if not -1 <= move <= state.moves:
        raise StateBehind(said("since_move_range", move=state.moves), pointer="/since_move", move=state.moves)
    if move == state.moves:
        return ()
    begun = [start for start in state.deal_starts if start.moves <= move]
    if begun:
        steps = [(done, events) for _, done, events in _steps_from(state, begun[-1])]
        happened = []
    else:
        opening, steps = replay(state)
        happened = numbered(0, opening) if move < 0 else []
    for recorded, events in steps:
        if recorded.move > move:
            happened += numbered(recorded.move, events)
    return tuple(numbered_for(happened, seat))


__all__ = [
    "GameRecord",
    "DealRecord",
    "RecordedAction",
    "Ending",
    "FinishedDeal",
    "record",
    "history",
    "replay",
    "positions",
    "events_since",
]
