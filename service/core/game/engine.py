"""The game engine's contract: whole games of every variant, one pure step at a time.

The contract is OpenSpiel's, with pokerkit's verify/apply split:

* :func:`new_game` ``(rules, seed, dealer=None)`` cuts for the first deal (unless ``dealer``
  is given), deals, and returns the first state with its events;
* :func:`current_player`, :func:`may_act`, :func:`legal_actions` (sorted, in the shape a
  client sends back), :func:`verify` (raises :class:`~.errors.IllegalAction` with the legal
  actions attached, and returns the action in normal form), :func:`apply`
  ``-> (state, events)``, :func:`is_terminal`, :func:`winner`.

What a seat may see is :mod:`.views` (and :mod:`.events`); the record of a finished game and
the action log are :mod:`.record`; each action kind is an entry of :mod:`.actions`; the
rules of each phase are :mod:`.phases`; chance is :mod:`.chance`.

>>> from ..rules import preset
>>> state, events = new_game(preset("six_card"), seed=7, dealer=0)
>>> state.phase, current_player(state), [e.kind for e in events]
('discard', 1, ['deal'])
>>> len(legal_actions(state, 1))        # every pair of six cards
15
>>> state, events = apply(state, legal_actions(state, 1)[0])
>>> state, events = apply(state, legal_actions(state, 0)[0])
>>> state.phase, state.starter is not None
('play', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import DECK, Card
from ..errors import CribbageError, GameNotOver, GameOver, IllegalAction, WrongCardCount
from ..refusals import Choices, Said, said
from ..rules import Rules
from ..scoring.match import MatchContext, MatchRules
from ..vocabulary import Level
from .actions import ACTIONS, AUTO, COMPUTER_MARK, Action, awaited_kinds, encode_action
from .chance import arrange_deck, cut_for_deal, shuffled_deck
from .events import CutForDeal, Event
from .phases import Step, start_deal
from .state import LEVELS, MAX_GAME_DEALS, MAX_SEED, GameState, current_player, may_act


def new_game(
    rules: Rules,
    seed: int,
    dealer: int | None = None,
    *,
    deck: Sequence[Card] | None = None,
    game_id: str = "",
    computer: Sequence[Level | None] = (),
    match: MatchRules | MatchContext | None = None,
) -> tuple[GameState, list[Event]]:
    """A new game: the cut for the first deal (unless ``dealer`` is given), then the deal.

    ``deck`` fixes the first deal's card order (tests and scripted deals, see
    :func:`.chance.arrange_deck`); later deals come from ``seed``. ``computer``: per seat, the
    level the computer plays it at, or ``None`` for a person (empty: all people); at least one
    seat is a person's. The engine only records the levels: the computer's moves are made by
    :mod:`service.core.computer.play` (its ``new_game`` plays them up to a person's turn). ``game_id``
    names the game (the caller makes it unique). ``match``: the rules of a match this game
    starts (two players), or the context of a later game of one (:func:`next_game` makes it),
    whose first dealer the match decides: no cut, no ``dealer``.
    """
    seats = tuple(computer)
    _check_new_game(rules, seed, seats, match)
    events: list[Event] = []
    dealer = _first_dealer(rules, seed, dealer, match, events)
    cut = bool(events)  # the cut for the deal is the only event yet
    opening = _opening_deck(deck)
    first = opening if opening is not None else shuffled_deck(seed, 1)
    state = GameState(
        rules=rules,
        seed=seed,
        first_dealer=dealer,
        cut_for_deal=cut,
        deal_no=1,
        dealer=dealer,
        phase="discard",
        deck=first,
        hands=(),
        crib=(),
        starter=None,
        play=None,
        show_step=0,
        claim=None,
        scores=(0,) * rules.sides,
        backs=(0,) * rules.sides,
        winner=None,
        draw=False,
        log="",
        opening_deck=opening,
        game_id=game_id,
        computer=seats,
        match=None if match is None else match if isinstance(match, MatchContext) else MatchContext(match, dealer),
    )
    step = Step(state, events)
    start_deal(step, 1, dealer, first)
    return step.state, step.events


def _check_new_game(
    rules: Rules, seed: int, seats: tuple[str | None, ...], match: MatchRules | MatchContext | None
) -> None:
    """Refuse a seed, a game length, computer seats or a match this service does not play."""
    if not 0 <= seed <= MAX_SEED:
        raise IllegalAction(said("seed_range", most=MAX_SEED), pointer="/seed")
    if rules.fixed_deals is not None and rules.fixed_deals > MAX_GAME_DEALS:
        raise IllegalAction(
            said("too_many_deals", most=MAX_GAME_DEALS, deals=rules.fixed_deals),
            pointer="/options/fixed_deals",
        )
    if seats and (len(seats) != rules.players or all(level is not None for level in seats)):
        raise IllegalAction(
            said("computer_seats", players=rules.players),
            pointer="/computer",
        )
    if any(level is not None and level not in LEVELS for level in seats):
        raise IllegalAction(said("computer_level", levels=str(LEVELS)), pointer="/computer")
    if match is not None and rules.players != 2:
        raise IllegalAction(said("match_players", players=rules.players), pointer="/match")


def _first_dealer(
    rules: Rules, seed: int, dealer: int | None, match: MatchRules | MatchContext | None, events: list[Event]
) -> int:
    """Who deals first: the match's choice in its later games, else ``dealer``, else the cut (added to ``events``)."""
    if isinstance(match, MatchContext) and match.games:
        if dealer is not None:
            raise IllegalAction(said("match_deals_first"), pointer="/dealer")
        return match.opening_dealer(rules)
    if dealer is None:
        dealer, rounds = cut_for_deal(rules, seed)
        events.append(CutForDeal(tuple(tuple(rnd) for rnd in rounds), dealer))
    elif not 0 <= dealer < rules.players:
        raise IllegalAction(said("no_such_seat", seat=dealer, players=rules.players), pointer="/dealer")
    return dealer


def _opening_deck(deck: Sequence[Card] | None) -> tuple[Card, ...] | None:
    """The first deal's card order a caller fixed, once it is a whole deck."""
    if deck is None:
        return None
    opening = tuple(deck)
    if len(opening) != 52 or set(opening) != set(DECK):
        raise WrongCardCount(said("deck_cards"), pointer="/deck")
    return opening


def next_game(state: GameState, seed: int, game_id: str) -> tuple[GameState, list[Event]]:
    """The next game of the match the finished game ``state`` is part of: the same rules and
    seats, the match's score carried on, the first deal to the side the match's rules name
    (the loser of ``state``, by default). :class:`IllegalAction` outside a match,
    :class:`GameNotOver` while ``state`` is played, :class:`~.errors.MatchOver` once it ended
    the match."""
    if state.match is None:
        raise IllegalAction(said("no_match"), pointer="/state")
    if not state.over:
        raise GameNotOver(said("next_game_early"), pointer="/state")
    return new_game(
        state.rules,
        seed,
        game_id=game_id,
        computer=state.computer,
        match=state.match.following(state.rules, state.scores, state.conceding_side),
    )


def is_terminal(state: GameState) -> bool:
    return state.over


def winner(state: GameState) -> int | None:
    """The winning side (a seat, or a partnership), or ``None`` (in play, or a draw)."""
    return state.winner


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """What ``seat`` (default: the seat to act) may do now, sorted, in the client's shape.

    Discard: every set of cards of the right size. Play: every card that fits under 31 (a
    seat to play always has one: the engine says every forced go). Manual counting: a
    ``count`` for every claim from 0 to 29; then for the opponent who may call muggins,
    ``muggins`` for 1 to 29 points and ``accept``. ``auto`` is always accepted from a seat
    that may act and is not listed, nor is ``concede`` (accepted from a person's seat at any
    time before the game is over). Another seat, or a finished game: nothing.
    """
    if seat is None:
        seat = current_player(state)
    if seat is None or seat not in may_act(state):
        return []
    return [action for name in awaited_kinds(state) for action in ACTIONS[name].listed(state, seat)]


# How an action is said inside a refusal, in each language: as a thing done ("a play is not
# allowed now") and as what a seat may do instead ("(count or muggins)").
_AN_ACTION: dict[str, str] = {
    "discard": "act_discard",
    "play": "act_play",
    "count": "act_count",
    "muggins": "act_muggins",
    "accept": "act_accept",
    "concede": "act_concede",
}
_DOING: dict[str, str] = {
    "discard": "do_discard",
    "play": "do_play",
    "count": "do_count",
    "muggins": "do_muggins",
    "accept": "do_accept",
    "concede": "do_concede",
}


def describe_turn(state: GameState) -> Said:
    """Whose turn it is and for what, in words (a clause of refusals)."""
    seats = may_act(state)
    if state.phase == "discard":
        if len(seats) == 1:
            return said("turn_discard", seat=seats[0])
        return said("turn_discards", seats=", ".join(map(str, seats[:-1])), last=seats[-1])
    if state.phase == "play":
        return said("turn_play", seat=seats[0])
    return said("turn_count" if state.claim is None else "turn_answer", seat=seats[0])


def verify(state: GameState, action: Action) -> Action:
    """Check ``action`` against the rules and return it in normal form (``auto``, accepted from
    any seat that may act, is returned as it is: :mod:`service.core.computer.play` chooses the move
    and checks it here again). A refused action raises :class:`IllegalAction` (or
    :class:`GameOver`) with a readable message, a pointer into ``/action``, the actions that
    seat may take (``legal_actions``) and the seats that may act (``to_act``)."""
    rules = state.rules
    seat = action.seat

    def refuse(message: str | Said, pointer: str) -> CribbageError:
        legal = legal_actions(state, seat) if 0 <= seat < rules.players else []
        return IllegalAction(message, pointer=pointer, legal_actions=legal, to_act=list(may_act(state)))

    if state.over:
        raise GameOver(said("game_over"), pointer="/action", legal_actions=[], to_act=[])
    kind = None if action.type == AUTO else ACTIONS.get(action.type)
    if kind is None and action.type != AUTO:
        raise refuse(said("unknown_action", type=action.type), "/action/type")
    if not 0 <= seat < rules.players:
        raise refuse(said("no_such_seat", seat=seat, players=rules.players), "/action/seat")
    anytime = kind is not None and kind.anytime  # a concession: whoever's turn it is
    if seat not in may_act(state) and not anytime:
        raise refuse(said("not_your_turn", seat=seat, turn=describe_turn(state)), "/action/seat")
    if kind is None:  # auto: the computer's to choose
        return action
    if not (anytime or kind.awaited(state)):
        wanted = Choices(tuple(said(_DOING[name]) for name in awaited_kinds(state)))
        words = said(_AN_ACTION[action.type])
        raise refuse(said("not_now", action=words, turn=describe_turn(state), wanted=wanted), "/action/type")
    try:
        return kind.check(state, action)
    except CribbageError as error:
        raise refuse(error.said or error.message, error.pointer or "/action") from None


def apply(state: GameState, action: Action, *, by_computer: bool = False) -> tuple[GameState, list[Event]]:
    """Verify ``action`` and play it out, with every forced step after it (a go nobody can
    avoid, the show when no one counts by hand). Returns the new state and everything that
    happened, in order. ``by_computer`` marks the move in the log as the computer's choice (a
    replay says which moves the computer made). ``auto`` is refused here: the computer package
    turns it into a move first."""
    chosen = verify(state, action)
    if chosen.type == AUTO:
        raise IllegalAction(said("auto_by_computer"), pointer="/action/type")
    step = Step(state, move=state.moves + 1)
    ACTIONS[chosen.type].perform(step, chosen)
    mark = COMPUTER_MARK if by_computer else ""
    step.set(log=state.log + mark + encode_action(chosen), moves=state.moves + 1)
    return step.state, step.events


__all__ = [
    "Action",
    "GameState",
    "Event",
    "new_game",
    "next_game",
    "MAX_GAME_DEALS",
    "legal_actions",
    "verify",
    "apply",
    "current_player",
    "may_act",
    "is_terminal",
    "winner",
    "describe_turn",
    "arrange_deck",
    "shuffled_deck",
]
