"""The game engine: whole games of every variant, one pure step at a time.

The contract is OpenSpiel's, with pokerkit's verify/apply split:

* :func:`new_game` ``(rules, seed, dealer=None)`` cuts for the first deal (unless ``dealer``
  is given), deals, and returns the first state with its events;
* :func:`current_player`, :func:`legal_actions` (sorted, in the shape a client sends back),
  :func:`verify` (raises :class:`~.errors.IllegalAction` with the legal actions attached, and
  returns the action in normal form), :func:`apply` ``-> (state, events)``,
  :func:`is_terminal`, :func:`winner`;
* :func:`view` (what one seat may see), :func:`events_for` (the events as one seat may see
  them) and :func:`record` (the whole finished game, replayed from its log).

Phases: deal -> discard -> cut (his heels) -> play -> show -> next deal, until a side reaches
the target (at once, at the very score, even mid-play or mid-show) or a fixed number of
deals is done. Forced steps happen by themselves and are reported as events: the cut, a go
when nothing can be played, the end of a count, the show when counting is automatic, the next
deal. The engine scores nothing itself: a played card is scored by :func:`.pegging.score_play`
(through the :class:`.pegging.Play` machine), a hand or crib by :func:`.show.score_show`,
claims by :mod:`.claims`, and the end of the game by :func:`.outcome.outcome`.

Chance is explicit: each deal's shuffle comes from ``random.Random`` seeded with the game's
seed and the deal number (never the global generator), so the same seed and the same actions
give the same game, card for card.

>>> from .rules import preset
>>> state, events = new_game(preset("six_card"), seed=7, dealer=0)
>>> state.phase, current_player(state), [e["type"] for e in events]
('discard', 1, ['deal'])
>>> len(legal_actions(state, 1))        # every pair of six cards
15
>>> state, events = apply(state, legal_actions(state, 1)[0])
>>> state, events = apply(state, Action("auto", 0))
>>> state.phase, state.starter is not None
('play', True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from . import computer
from .cards import DECK, JACK, Card
from .claims import check_claim, muggins_award
from .errors import CribbageError, DuplicateCard, GameNotOver, GameOver, IllegalAction, InvalidState, WrongCardCount
from .game_state import (
    ACTION_TYPES,
    LOG_DIGITS,
    MAX_CLAIM,
    Action,
    GameState,
    build_crib,
    card_letter,
    cards_from_letters,
    crib_from_pack,
    current_player,
    deal_cards,
    may_act,
    pending_discards,
    show_order,
    starter_of,
    to_dict,
    window_holder,
)
from .items import ScoreItem
from .outcome import outcome
from .pegging import PlayStep, check_card, check_go, play_card, say_go, start_play
from .rules import HEELS_POINTS, THREE_FOR_LAST_POINTS, Rules
from .show import score_show

Event = dict[str, Any]
MAX_SEED = 2**64 - 1


# --- chance ---------------------------------------------------------------------------------------


def shuffled_deck(seed: int, deal_no: int) -> tuple[Card, ...]:
    """The deck for deal ``deal_no`` of the game with ``seed``: a fresh generator per deal.

    >>> shuffled_deck(1, 1) == shuffled_deck(1, 1) != shuffled_deck(1, 2)
    True
    """
    deck = list(DECK)
    random.Random(f"cribbage-deal:{seed}:{deal_no}").shuffle(deck)
    return tuple(deck)


def cut_for_deal(rules: Rules, seed: int) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Each player cuts a card; the lowest (``deal_cut_winner: high``: highest) rank deals.
    Players tied for it cut again, from a reshuffled pack. Returns the dealer and every round.

    >>> from .rules import preset
    >>> dealer, rounds = cut_for_deal(preset("six_card"), 3)
    >>> dealer in (0, 1) and len(rounds[0]) == 2
    True
    """
    rng = random.Random(f"cribbage-cut:{seed}")
    contenders = list(range(rules.players))
    rounds: list[list[tuple[int, Card]]] = []
    while True:
        cards = rng.sample(DECK, len(contenders))
        this_round = list(zip(contenders, cards))
        rounds.append(this_round)
        ranks = [card.rank for card in cards]
        best = min(ranks) if rules.deal_cut_winner == "low" else max(ranks)
        contenders = [seat for seat, card in this_round if card.rank == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def arrange_deck(rules: Rules, dealer: int, hands: Sequence[Sequence[Card]], starter: Card,
                 crib: Sequence[Card] = ()) -> tuple[Card, ...]:
    """A deck that deals ``hands`` (each seat's dealt cards, in seat order), the crib card(s)
    from the pack, and turns ``starter``; the other cards follow in deck order. For scripted
    deals (tests, replays of real games): pass it to :func:`new_game` as ``deck``.

    >>> from .rules import preset
    >>> from .cards import parse_cards, parse_card
    >>> deck = arrange_deck(preset("six_card"), 1, [parse_cards("AS 2S 3S 4S 5S 6S"),
    ...                     parse_cards("AH 2H 3H 4H 5H 6H")], parse_card("JD"))
    >>> [str(c) for c in deal_cards(preset("six_card"), deck, 1)[0]], str(starter_of(preset("six_card"), deck))
    (['AS', '2S', '3S', '4S', '5S', '6S'], 'JD')
    """
    players = rules.players
    if len(hands) != players or any(len(hand) != rules.cards_dealt for hand in hands):
        raise WrongCardCount(f"give {players} hands of {rules.cards_dealt} cards", pointer="/hands")
    if len(crib) != rules.crib_from_deck:
        raise WrongCardCount(f"give {rules.crib_from_deck} crib card(s) from the pack", pointer="/crib")
    top: list[Card] = [DECK[0]] * (players * rules.cards_dealt)
    for seat, hand in enumerate(hands):
        for k, card in enumerate(hand):
            top[k * players + (seat - dealer - 1) % players] = card
    top.extend(crib)
    top.append(starter)
    if len(set(top)) != len(top):
        raise DuplicateCard("a card is given twice", pointer="/hands")
    used = set(top)
    return tuple(top) + tuple(card for card in DECK if card not in used)


# --- the engine's bookkeeping ----------------------------------------------------------------------


class _Step:
    """The state and events of one call, built up as the rules play out."""

    __slots__ = ("state", "events")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []

    def set(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)

    def peg(self, seat: int, points: int, kind: str, items: Iterable[ScoreItem], **extra: Any) -> bool:
        """Peg ``points`` for ``seat``'s side; True if that ended the game (the target)."""
        state = self.state
        rules = state.rules
        side = rules.side_of(seat)
        front = state.scores[side] + points
        back = state.scores[side] if points else state.backs[side]
        won = rules.fixed_deals is None and front >= rules.target
        if won:
            front = rules.target  # the winner's peg sits in the game hole
        self.state = replace(
            state,
            scores=tuple(front if i == side else v for i, v in enumerate(state.scores)),
            backs=tuple(back if i == side else v for i, v in enumerate(state.backs)),
            winner=side if won else None,
        )
        reasons = [item.to_dict() for item in items]
        event: Event = {
            "type": "score",
            "seat": seat,
            "side": side,
            "kind": kind,
            "points": points,
            "cards": list(dict.fromkeys(card for item in reasons for card in item["cards"])),
            "items": reasons,
            "front": front,
            "back": back,
        }
        event.update(extra)
        self.events.append(event)
        if won:
            self.finish()
        return won

    def finish(self) -> None:
        """The game is over: the result, from the outcome rules."""
        result = outcome(self.state.scores, self.state.rules)
        self.state = replace(self.state, winner=result.winner, draw=result.winner is None)
        self.events.append({"type": "game_over", "winner": result.winner, "draw": result.draw,
                            "outcome": result.to_dict()})


def _start_deal(step: _Step, deal_no: int, dealer: int, deck: tuple[Card, ...]) -> None:
    rules = step.state.rules
    dealt = deal_cards(rules, deck, dealer)
    step.set(deal_no=deal_no, dealer=dealer, phase="discard", deck=deck, hands=dealt,
             crib=crib_from_pack(rules, deck), starter=None, play=None, show_step=0, claim=None)
    step.events.append({"type": "deal", "deal": deal_no, "dealer": dealer,
                        "hands": [[str(c) for c in hand] for hand in dealt]})
    if rules.three_for_last == "every_deal" or (rules.three_for_last == "game_start" and deal_no == 1):
        step.peg(step.state.pone, THREE_FOR_LAST_POINTS, "three_for_last",
                  (ScoreItem("three_for_last", (), THREE_FOR_LAST_POINTS),))


def new_game(rules: Rules, seed: int, dealer: int | None = None, *,
             deck: Sequence[Card] | None = None) -> tuple[GameState, list[Event]]:
    """A new game: the cut for the first deal (unless ``dealer`` is given), then the deal.

    ``deck`` fixes the first deal's card order (tests and scripted deals, see
    :func:`arrange_deck`); later deals come from ``seed``.
    """
    if not 0 <= seed <= MAX_SEED:
        raise IllegalAction(f"the seed must be between 0 and {MAX_SEED}", pointer="/seed")
    events: list[Event] = []
    cut = dealer is None
    if dealer is None:
        dealer, rounds = cut_for_deal(rules, seed)
        events.append({
            "type": "cut_for_deal",
            "rounds": [[{"seat": seat, "card": str(card)} for seat, card in rnd] for rnd in rounds],
            "dealer": dealer,
        })
    elif not 0 <= dealer < rules.players:
        raise IllegalAction(f"seat {dealer} does not exist with {rules.players} players", pointer="/dealer")
    opening: tuple[Card, ...] | None = None
    if deck is not None:
        opening = tuple(deck)
        if len(opening) != 52 or set(opening) != set(DECK):
            raise WrongCardCount("a deck holds each of the 52 cards once", pointer="/deck")
    first = opening if opening is not None else shuffled_deck(seed, 1)
    sides = rules.sides
    state = GameState(
        rules=rules, seed=seed, first_dealer=dealer, cut_for_deal=cut, deal_no=1, dealer=dealer,
        phase="discard", deck=first, hands=(), crib=(), starter=None, play=None, show_step=0, claim=None,
        scores=(0,) * sides, backs=(0,) * sides, winner=None, draw=False, log="", opening_deck=opening,
    )
    step = _Step(state)
    step.events = events
    _start_deal(step, 1, dealer, first)
    return step.state, step.events


# --- the contract -----------------------------------------------------------------------------------


def is_terminal(state: GameState) -> bool:
    return state.over


def winner(state: GameState) -> int | None:
    """The winning side (a seat, or a partnership), or ``None`` (in play, or a draw)."""
    return state.winner


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """What ``seat`` (default: the seat to act) may do now, sorted, in the client's shape.

    Discard: every set of cards of the right size. Play: every card that fits under 31 (a go
    only when none does, which the engine then says by itself). Manual counting: a ``count``
    for every claim from 0 to 29; then for the opponent who may call muggins, ``accept`` and
    ``muggins`` for 1 to 29 points. ``auto`` is always accepted from a seat that may act and
    is not listed. Another seat, or a finished game: nothing.
    """
    if seat is None:
        seat = current_player(state)
    if seat is None or seat not in may_act(state):
        return []
    rules = state.rules
    if state.phase == "discard":
        hand = sorted(state.hands[seat])
        return [Action("discard", seat, cards=combo) for combo in combinations(hand, rules.discards)]
    if state.phase == "play":
        assert state.play is not None
        playable = sorted(state.play.playable(seat))
        if not playable:
            return [Action("go", seat)]
        return [Action("play", seat, card=card) for card in playable]
    if state.claim is None:
        return [Action("count", seat, claimed=k) for k in range(MAX_CLAIM + 1)]
    return [Action("muggins", seat, points=k) for k in range(1, MAX_CLAIM + 1)] + [Action("accept", seat)]


def _describe_turn(state: GameState) -> str:
    seats = may_act(state)
    if state.phase == "discard":
        return "waiting for the discard of seat " + " and ".join(str(s) for s in seats)
    if state.phase == "play":
        return f"seat {seats[0]} is to play"
    if state.claim is None:
        return f"seat {seats[0]} is to count"
    return f"seat {seats[0]} may call muggins or accept the count"


def _expected_types(state: GameState) -> tuple[str, ...]:
    if state.phase == "discard":
        return ("discard",)
    if state.phase == "play":
        return ("play", "go")
    return ("count",) if state.claim is None else ("muggins", "accept")


def verify(state: GameState, action: Action) -> Action:
    """Check ``action`` against the rules and return it in normal form (``auto`` becomes the
    move the computer player chooses). A refused action raises :class:`IllegalAction` (or
    :class:`GameOver`) with a readable message, a pointer into ``/action``, the actions that
    seat may take (``legal_actions``) and the seats that may act (``to_act``)."""
    rules = state.rules
    seat = action.seat

    def refuse(message: str, pointer: str = "/action") -> CribbageError:
        legal = legal_actions(state, seat) if 0 <= seat < rules.players else []
        return IllegalAction(message, pointer=pointer, legal_actions=[a.to_dict() for a in legal],
                             to_act=list(may_act(state)))

    if state.over:
        raise GameOver("the game is over: no more actions", pointer="/action", legal_actions=[], to_act=[])
    if action.type not in ACTION_TYPES:
        raise refuse(f"unknown action type {action.type!r}", "/action/type")
    if not 0 <= seat < rules.players:
        raise refuse(f"seat {seat} does not exist with {rules.players} players", "/action/seat")
    if seat not in may_act(state):
        raise refuse(f"it is not seat {seat}'s turn: {_describe_turn(state)}", "/action/seat")
    if action.type == "auto":
        chosen = computer.choose(state, seat)
        return verify(state, chosen)
    if action.type not in _expected_types(state):
        wanted = " or ".join(_expected_types(state))
        raise refuse(f"a {action.type} is not allowed now: {_describe_turn(state)} ({wanted})", "/action/type")
    if action.type == "discard":
        hand = state.hands[seat]
        if len(action.cards) != rules.discards:
            raise refuse(f"discard exactly {rules.discards} card(s) to the crib, not {len(action.cards)}",
                         "/action/cards")
        if len(set(action.cards)) != len(action.cards):
            raise refuse("the same card is discarded twice", "/action/cards")
        for i, card in enumerate(action.cards):
            if card not in hand:
                raise refuse(f"seat {seat} does not hold {card}", f"/action/cards/{i}")
        return Action("discard", seat, cards=tuple(sorted(action.cards)))
    if action.type in ("play", "go"):
        play = state.play
        assert play is not None and play.hands is not None
        if action.type == "play" and action.card is None:
            raise refuse("a play names a card", "/action/card")
        try:  # the play machine's own checks, answered with this game's legal actions
            if action.type == "go":
                check_go(play, seat)
                return Action("go", seat)
            assert action.card is not None
            check_card(play, seat, action.card)
            return Action("play", seat, card=action.card)
        except CribbageError as error:
            raise refuse(error.message, "/action/type" if action.type == "go" else "/action/card") from None
    if action.type == "count":
        if action.claimed is None or not 0 <= action.claimed <= MAX_CLAIM:
            raise refuse(f"a claim is a count from 0 to {MAX_CLAIM}", "/action/claimed")
        return Action("count", seat, claimed=action.claimed)
    if action.type == "muggins":
        if action.points is None or not 1 <= action.points <= MAX_CLAIM:
            raise refuse(f"muggins is called for 1 to {MAX_CLAIM} points", "/action/points")
        return Action("muggins", seat, points=action.points)
    return Action("accept", seat)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Verify ``action`` and play it out, with every forced step after it, until a seat has
    a choice to make (or the game is over). Returns the new state and what happened."""
    action = verify(state, action)
    step = _Step(state)
    if action.type == "discard":
        _discard(step, action.seat, action.cards)
    elif action.type == "play":
        assert action.card is not None
        _play(step, action.seat, action.card)
    elif action.type == "go":
        _go(step, action.seat)
    elif action.type == "count":
        assert action.claimed is not None
        _count(step, action.seat, action.claimed)
    else:
        _settle(step, action.points if action.type == "muggins" else None)
    step.set(log=state.log + encode_action(action))
    return step.state, step.events


# --- the phases --------------------------------------------------------------------------------------


def _discard(step: _Step, seat: int, cards: tuple[Card, ...]) -> None:
    state = step.state
    rules = state.rules
    hands = tuple(tuple(c for c in hand if c not in cards) if s == seat else hand for s, hand in enumerate(state.hands))
    crib = build_crib(rules, state.deck, deal_cards(rules, state.deck, state.dealer), hands)
    step.set(hands=hands, crib=crib)
    step.events.append({"type": "discard", "seat": seat, "cards": [str(c) for c in cards]})
    if not pending_discards(step.state):
        _cut(step)


def _cut(step: _Step) -> None:
    """The starter is turned; a jack is his heels (2 to the dealer); then the play begins."""
    state = step.state
    rules = state.rules
    starter = starter_of(rules, state.deck)
    step.set(starter=starter)
    step.events.append({"type": "starter", "card": str(starter)})
    if starter.rank == JACK:
        allowed = rules.heels_allowed(state.scores[rules.side_of(state.dealer)])
        if allowed and step.peg(state.dealer, HEELS_POINTS, "heels", (ScoreItem("heels", (starter,), HEELS_POINTS),)):
            return
    play = start_play(rules, state.pone, state.hands)
    step.set(phase="play", play=play)


def _play(step: _Step, seat: int, card: Card) -> None:
    assert step.state.play is not None
    play, result = play_card(step.state.play, seat, card)
    step.set(play=play)
    step.events.append({"type": "play", "seat": seat, "card": str(card), "count": result.count})
    _after(step, result)


def _go(step: _Step, seat: int) -> None:
    assert step.state.play is not None
    play, result = say_go(step.state.play, seat)
    step.set(play=play)
    step.events.append({"type": "go", "seat": seat, "count": result.count})
    _after(step, result)


def _peg_play(step: _Step, result: PlayStep) -> bool:
    """Peg what a play or a go scored, one score per seat in order; True if the game ended."""
    groups: list[tuple[int, list[ScoreItem]]] = []
    for seat, item in result.scores:
        if groups and groups[-1][0] == seat:
            groups[-1][1].append(item)
        else:
            groups.append((seat, [item]))
    for seat, items in groups:
        kinds = {item.kind for item in items}
        kind = "play" if kinds - {"go", "last_card"} else items[0].kind
        if step.peg(seat, sum(item.points for item in items), kind, items):
            return True
    return False


def _after(step: _Step, result: PlayStep) -> None:
    """Score a step, end the count or the play if it did, then say every forced go."""
    while True:
        if _peg_play(step, result):
            return
        play = step.state.play
        assert play is not None
        if result.play_over:
            step.events.append({"type": "play_over"})
            _start_show(step)
            return
        if result.reset:
            step.events.append({"type": "count_reset", "leader": play.turn})
        seat = play.turn
        assert seat is not None
        if play.can_play(seat):
            return
        play, result = say_go(play, seat)
        step.set(play=play)
        step.events.append({"type": "go", "seat": seat, "count": result.count})


def _start_show(step: _Step) -> None:
    step.set(phase="show", play=None, show_step=0, claim=None)
    state = step.state
    if state.rules.muggins:
        return  # each owner counts in turn
    assert state.starter is not None
    for index, (seat, is_crib) in enumerate(show_order(state)):
        step.set(show_step=index)
        cards = state.crib if is_crib else state.hands[seat]
        score = score_show(cards, state.starter, is_crib=is_crib, rules=state.rules)
        step.events.append({"type": "show", "seat": seat, "crib": is_crib, "cards": [str(c) for c in cards]})
        if step.peg(seat, score.total, "crib" if is_crib else "hand", score.items):
            return
    _end_deal(step)


def _end_deal(step: _Step) -> None:
    state = step.state
    rules = state.rules
    if rules.fixed_deals is not None and state.deal_no >= rules.fixed_deals:
        step.finish()
        return
    deal_no = state.deal_no + 1
    _start_deal(step, deal_no, (state.dealer + 1) % rules.players, shuffled_deck(state.seed, deal_no))


def _shown(state: GameState) -> tuple[int, bool, tuple[Card, ...]]:
    seat, is_crib = show_order(state)[state.show_step]
    return seat, is_crib, state.crib if is_crib else state.hands[seat]


def _count(step: _Step, seat: int, claimed: int) -> None:
    """Manual counting: the owner claims; an under-claim pegs what was claimed (an opponent
    may take the rest with muggins), an over-claim is corrected (and, under the chosen
    policy, the opponent scores)."""
    state = step.state
    rules = state.rules
    owner, is_crib, cards = _shown(state)
    assert state.starter is not None
    actual = score_show(cards, state.starter, is_crib=is_crib, rules=rules).total
    check = check_claim(actual, claimed, muggins=True, overclaim_policy=rules.overclaim_policy)
    kind = "crib" if is_crib else "hand"
    step.events.append({"type": "show", "seat": owner, "crib": is_crib, "cards": [str(c) for c in cards],
                        "claimed": claimed})
    if step.peg(owner, check.pegged, kind, (ScoreItem(kind, cards, check.pegged),), claimed=claimed):
        return
    if check.opponent_points:
        holder = window_holder(rules, owner)
        if step.peg(holder, check.opponent_points, "overclaim", (ScoreItem("overclaim", cards, check.opponent_points),)):
            return
    step.set(claim=claimed)


def _settle(step: _Step, called: int | None) -> None:
    """The muggins window closes: with a call (``called`` points) or by accepting the count.
    Then the true count is shown with its reasons, and the show moves on."""
    state = step.state
    rules = state.rules
    owner, is_crib, cards = _shown(state)
    assert state.starter is not None and state.claim is not None
    score = score_show(cards, state.starter, is_crib=is_crib, rules=rules)
    missed = max(0, score.total - state.claim)
    holder = window_holder(rules, owner)
    if called is not None:
        step.events.append({"type": "muggins", "seat": holder, "against": owner, "called": called})
    step.events.append({"type": "settled", "seat": owner, "crib": is_crib, "claimed": state.claim,
                        "actual": score.total, "items": [item.to_dict() for item in score.items]})
    if called is not None:
        to_caller, to_claimant = muggins_award(missed, called)
        if to_caller and step.peg(holder, to_caller, "muggins", (ScoreItem("muggins", cards, to_caller),)):
            return
        if to_claimant and step.peg(owner, to_claimant, "penalty", (ScoreItem("penalty", (), to_claimant),)):
            return
    if state.show_step + 1 < len(show_order(state)):
        step.set(show_step=state.show_step + 1, claim=None)
    else:
        _end_deal(step)


# --- what a seat may see ------------------------------------------------------------------------------


def _owners(state: GameState) -> dict[Card, int]:
    return {card: seat for seat, hand in enumerate(state.hands) for card in hand}


def check_seat(state: GameState, seat: int | None) -> None:
    """Raise unless ``seat`` (whose eyes an answer is for) sits at this table."""
    if seat is not None and not 0 <= seat < state.rules.players:
        raise IllegalAction(f"seat {seat} does not exist with {state.rules.players} players", pointer="/seat")


def seen_by(state: GameState, seat: int | None) -> dict[str, Any]:
    """The ``view`` and ``legal_actions`` for ``seat`` (a spectator, ``None``, has no moves:
    listing the moves of the seat to act would show its hand)."""
    check_seat(state, seat)
    return {
        "view": view(state, seat),
        "legal_actions": [] if seat is None else [a.to_dict() for a in legal_actions(state, seat)],
    }


def view(state: GameState, seat: int | None = None) -> dict[str, Any]:
    """What ``seat`` sees at the table (``None``: a spectator, who sees no hand).

    Never another seat's hidden cards, the pack or the crib before it is shown: only this
    seat's own hand, how many cards each seat holds, the starter once cut, the cards played
    (with who played them), the current count, the hands shown so far, the pegs, and the
    result once the game is over.
    """
    rules = state.rules
    players = rules.players
    play = state.play
    owners = _owners(state)
    if play is not None and play.hands is not None:
        holding: Sequence[Sequence[Card]] = play.hands
    else:
        holding = state.hands
    shown: list[dict[str, Any]] = []
    claim: dict[str, Any] | None = None
    if state.phase == "show":
        order = show_order(state)
        last = state.show_step if (state.claim is not None or state.over) else state.show_step - 1
        for index in range(last + 1):
            owner, is_crib = order[index]
            cards = state.crib if is_crib else state.hands[owner]
            shown.append({"seat": owner, "crib": is_crib, "cards": [str(c) for c in cards]})
        if state.claim is not None:
            owner, is_crib = order[state.show_step]
            claim = {"seat": owner, "crib": is_crib, "claimed": state.claim}
    result = outcome(state.scores, rules).to_dict() if state.over else None
    return {
        "seat": seat,
        "variant": rules.name,
        "players": players,
        "partnerships": rules.partnerships,
        "target": rules.target if rules.fixed_deals is None else None,
        "fixed_deals": rules.fixed_deals,
        "muggins": rules.muggins,
        "deal": state.deal_no,
        "dealer": state.dealer,
        "phase": "over" if state.over else state.phase,
        "turn": current_player(state),
        "to_act": list(may_act(state)),
        "pegs": [
            {"side": side, "seats": [s for s in range(players) if rules.side_of(s) == side],
             "front": state.scores[side], "back": state.backs[side]}
            for side in range(rules.sides)
        ],
        "hand": None if seat is None else [str(c) for c in sorted(holding[seat])],
        "held": [len(hand) for hand in holding],
        "discarded": [len(hand) == rules.hand_size for hand in state.hands],
        "crib_size": len(state.crib),
        "starter": None if state.starter is None else str(state.starter),
        "count": 0 if play is None else play.count,
        "pile": [] if play is None else [{"seat": owners[c], "card": str(c)} for c in play.pile],
        "played": [] if play is None else [{"seat": owners[c], "card": str(c)} for c in play.played],
        "gone": [] if play is None else [s for s in range(players) if play.passed[s]],
        "shown": shown,
        "claim": claim,
        "winner": state.winner,
        "draw": state.draw,
        "outcome": result,
    }


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them: a deal shows only its own hand, another seat's
    discard only how many cards went to the crib. (``None``: a spectator.)"""
    out: list[Event] = []
    for event in events:
        kind = event["type"]
        if kind == "deal":
            hands = event["hands"]
            redacted = {k: v for k, v in event.items() if k != "hands"}
            redacted["cards_each"] = len(hands[0])
            if seat is not None:
                redacted["hand"] = sorted(hands[seat], key=_card_order)
            out.append(redacted)
        elif kind == "discard" and event["seat"] != seat:
            out.append({"type": "discard", "seat": event["seat"], "count": len(event["cards"])})
        else:
            out.append(event)
    return out


_ORDER = {str(card): i for i, card in enumerate(DECK)}


def _card_order(text: str) -> int:
    return _ORDER[text]


# --- the log and the record --------------------------------------------------------------------------


def encode_action(action: Action) -> str:
    """An action in the compact log: a card letter for a play, ``<seat><letters>`` for a
    discard, ``.`` a go, ``#n`` a claim, ``!n`` a muggins call, ``=`` an accept."""
    if action.type == "play":
        assert action.card is not None
        return card_letter(action.card)
    if action.type == "discard":
        return str(action.seat) + "".join(card_letter(c) for c in action.cards)
    if action.type == "go":
        return "."
    if action.type == "count":
        assert action.claimed is not None
        return "#" + LOG_DIGITS[action.claimed]
    if action.type == "muggins":
        assert action.points is not None
        return "!" + LOG_DIGITS[action.points]
    return "="


def replay(state: GameState) -> tuple[GameState, list[tuple[Action, list[Event]]], list[Event]]:
    """Play the game again from its seed and its log: the first events, then every action
    with its events. The replay must end in ``state`` itself."""
    rules = state.rules
    current, opening = new_game(rules, state.seed, None if state.cut_for_deal else state.first_dealer,
                                deck=state.opening_deck)
    steps: list[tuple[Action, list[Event]]] = []
    log = state.log
    i = 0
    try:
        while i < len(log):
            mark = log[i]
            seat = current_player(current)
            if mark.isdigit():
                cards = cards_from_letters(log[i + 1 : i + 1 + rules.discards])
                action = Action("discard", int(mark), cards=cards)
                i += 1 + rules.discards
            elif mark in "#!":
                number = LOG_DIGITS.index(log[i + 1])
                action = Action("count", seat or 0, claimed=number) if mark == "#" else Action("muggins", seat or 0, points=number)
                i += 2
            elif mark == ".":
                action, i = Action("go", seat or 0), i + 1
            elif mark == "=":
                action, i = Action("accept", seat or 0), i + 1
            else:
                action, i = Action("play", seat or 0, card=cards_from_letters(mark)[0]), i + 1
            current, events = apply(current, action)
            steps.append((action, events))
    except (CribbageError, IndexError, ValueError) as error:
        raise InvalidState(f"the game's log does not replay: {error}") from None
    if to_dict(current) != to_dict(state):
        raise InvalidState("the game's log does not replay to this state")
    return current, steps, opening


def record(state: GameState) -> dict[str, Any]:
    """The full record of a finished game: the rules, the seed, every deal (all hands dealt,
    the crib, the starter) with its actions and events, and the outcome. Refused while the
    game is still being played (:class:`GameNotOver`): it would show the hidden cards."""
    if not state.over:
        raise GameNotOver("the record of a game is available once it is over", pointer="/state")
    _, steps, opening = replay(state)
    rules = state.rules
    deals: list[dict[str, Any]] = []
    preamble: list[Event] = []

    def take(events: list[Event]) -> None:
        for event in events:
            if event["type"] == "deal":
                number = event["deal"]
                deck = state.opening_deck if number == 1 and state.opening_deck else shuffled_deck(state.seed, number)
                deals.append({"deal": number, "dealer": event["dealer"], "hands": event["hands"],
                              "crib": [str(c) for c in crib_from_pack(rules, deck)],
                              "starter": None, "actions": [], "events": []})
            if not deals:
                preamble.append(event)
                continue
            entry = deals[-1]
            entry["events"].append(event)
            if event["type"] == "starter":
                entry["starter"] = event["card"]
            elif event["type"] == "discard":
                entry["crib"] = entry["crib"] + event["cards"]

    take(opening)
    for action, events in steps:
        entry = deals[-1]  # the deal the action was made in, before any deal it led to
        entry["actions"].append(action.to_dict())
        take(events)
    for entry in deals:
        entry["crib"] = sorted(entry["crib"], key=_card_order)
    return {
        "variant": rules.name,
        "rules": rules.to_dict(),
        "seed": state.seed,
        "first_dealer": state.first_dealer,
        "cut_for_deal": preamble[0] if preamble else None,
        "deals": deals,
        "actions": sum(len(entry["actions"]) for entry in deals),
        "outcome": outcome(state.scores, rules).to_dict(),
    }


__all__ = [
    "Action",
    "GameState",
    "Event",
    "new_game",
    "legal_actions",
    "verify",
    "apply",
    "current_player",
    "may_act",
    "is_terminal",
    "winner",
    "view",
    "events_for",
    "record",
    "replay",
    "arrange_deck",
    "shuffled_deck",
    "cut_for_deal",
    "encode_action",
]
