"""The phases of a deal, as the rules play them out: deal, discard, cut, play, show, next deal.

Each function takes a :class:`Step` (the state and the events of one engine call, built up
as the rules play out) and moves it on through every forced step that follows, until a seat
has a choice to make or the game is over: the cut after the last discard, a go when nothing
can be played, the end of a count, the show when counting is automatic, the next deal. The
game ends at once when a side reaches the target (even mid-play or mid-show) or after the
last of a fixed number of deals.

Nothing is scored here: a played card is scored by :func:`.pegging.score_play` (through the
:class:`.pegging.Play` machine), a hand or crib by :func:`.show.score_show`, claims by
:mod:`.claims`, and the end of the game by :func:`.outcome.outcome`. Which phase accepts
which action is :mod:`.actions`' table; the contract is :mod:`.engine`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from ..cards import JACK, Card
from ..items import ScoreItem
from ..rules import HEELS_POINTS, THREE_FOR_LAST_POINTS
from ..scoring.claims import check_claim, muggins_award
from ..scoring.outcome import Outcome, conceded
from ..scoring.pegging import PlayStep, play_card, say_go, start_play
from ..scoring.show import score_show
from ..vocabulary import ItemKind, ScoreKind
from .chance import shuffled_deck
from .events import (
    CardPlayed,
    CountReset,
    Deal,
    Discard,
    Ending,
    Event,
    GameOver,
    Go,
    Muggins,
    PlayOver,
    Score,
    Settled,
    Show,
    Starter,
)
from .state import (
    MAX_GAME_DEALS,
    DealStart,
    GameState,
    build_crib,
    crib_from_pack,
    deal_cards,
    final_outcome,
    pending_discards,
    show_order,
    shown_cards,
    starter_of,
    window_holder,
)


class Step:
    """The state and events of one engine call, built up as the rules play out; ``move``: the
    number of the move being played (``None`` for the game's opening)."""

    __slots__ = ("events", "move", "state")

    def __init__(self, state: GameState, events: Iterable[Event] = (), move: int | None = None) -> None:
        self.state = state
        self.events: list[Event] = list(events)
        self.move = move

    def set(self, **changes: Any) -> None:
        self.state = self.state._replace(**changes)

    def peg(
        self, seat: int, points: int, kind: ScoreKind, items: Iterable[ScoreItem], claimed: int | None = None
    ) -> bool:
        """Peg ``points`` for ``seat``'s side; True if that ended the game (the target)."""
        state = self.state
        rules = state.rules
        side = rules.side_of(seat)
        front = state.scores[side] + points
        back = state.scores[side] if points else state.backs[side]
        won = rules.fixed_deals is None and front >= rules.target
        if won:
            front = rules.target  # the winner's peg sits in the game hole
        pegged = front - state.scores[side]
        self.state = state._replace(
            scores=tuple(front if i == side else v for i, v in enumerate(state.scores)),
            backs=tuple(back if i == side else v for i, v in enumerate(state.backs)),
            winner=side if won else None,
        )
        self.events.append(Score(seat, side, kind, points, tuple(items), front, back, pegged, claimed))
        if won:
            self.finish()
        return won

    def finish(self) -> None:
        """The game is over: the result, from the outcome rules (on totals when no side
        reached the target: a fixed-deals game, or the deal limit), and what ended it (the
        score just pegged, when it reached the target)."""
        state = self.state
        rules = state.rules
        result = final_outcome(state)
        last = self.events[-1] if self.events else None
        if isinstance(last, Score) and rules.fixed_deals is None and last.front >= rules.target:
            ending = Ending(state.deal_no, self.move, last.seat, last.side, last.score_kind)
        else:
            ending = Ending(
                state.deal_no, self.move, None, None, "fixed_deals" if rules.fixed_deals is not None else "deal_limit"
            )
        self._end(result, ending)

    def _end(self, result: Outcome, ending: Ending) -> None:
        self.state = self.state._replace(winner=result.winner, draw=result.winner is None)
        self.events.append(GameOver(result, ending))

    def concede(self, seat: int) -> None:
        """``seat`` concedes the game for its side (docs/rules.md 8.4): the game is over where it
        stands, the pegs as they are."""
        state = self.state
        side = state.rules.side_of(seat)
        self._end(conceded(state.scores, state.rules, side), Ending(state.deal_no, self.move, seat, side, "conceded"))


# --- the deal and the discard ------------------------------------------------------------------


def dealt(state: GameState, deal_no: int, dealer: int, deck: tuple[Card, ...]) -> GameState:
    """``state`` with deal ``deal_no`` dealt from ``deck`` by ``dealer``: the hands, the pack's
    card(s) in the crib, nothing cut, played or counted yet."""
    rules = state.rules
    return state._replace(
        deal_no=deal_no,
        dealer=dealer,
        phase="discard",
        deck=deck,
        hands=deal_cards(rules, deck, dealer),
        crib=crib_from_pack(rules, deck),
        starter=None,
        play=None,
        show_step=0,
        claim=None,
    )


def start_deal(step: Step, deal_no: int, dealer: int, deck: tuple[Card, ...]) -> None:
    rules = step.state.rules
    step.state = dealt(step.state, deal_no, dealer, deck)
    step.events.append(Deal(deal_no, dealer, step.state.hands))
    if rules.three_for_last == "every_deal" or (rules.three_for_last == "game_start" and deal_no == 1):
        step.peg(
            step.state.pone,
            THREE_FOR_LAST_POINTS,
            "three_for_last",
            (ScoreItem("three_for_last", (), THREE_FOR_LAST_POINTS),),
        )
    if deal_no > 1:  # where this deal began, after the deal before (the first begins with the game)
        state = step.state
        begun = DealStart(deal_no, step.move or 0, state.scores, state.backs)
        step.set(deal_starts=(*state.deal_starts[-1:], begun))


def discard(step: Step, seat: int, cards: tuple[Card, ...]) -> None:
    state = step.state
    rules = state.rules
    hands = tuple(tuple(c for c in hand if c not in cards) if s == seat else hand for s, hand in enumerate(state.hands))
    crib = build_crib(rules, state.deck, deal_cards(rules, state.deck, state.dealer), hands)
    step.set(hands=hands, crib=crib)
    step.events.append(Discard(seat, cards))
    if not pending_discards(step.state):
        cut(step)


def cut(step: Step) -> None:
    """The starter is turned; a jack is his heels (2 to the dealer); then the play begins."""
    state = step.state
    rules = state.rules
    starter = starter_of(rules, state.deck)
    step.set(starter=starter)
    step.events.append(Starter(starter))
    if starter.rank == JACK:
        allowed = rules.heels_allowed(state.scores[rules.side_of(state.dealer)])
        if allowed and step.peg(state.dealer, HEELS_POINTS, "heels", (ScoreItem("heels", (starter,), HEELS_POINTS),)):
            return
    step.set(phase="play", play=start_play(rules, state.pone, state.hands))


# --- the play -------------------------------------------------------------------------------------


def play(step: Step, seat: int, card: Card) -> None:
    machine, result = play_card(step.state.current_play, seat, card)
    step.set(play=machine)
    step.events.append(CardPlayed(seat, card, result.count))
    _after_play(step, result)


def _peg_play(step: Step, result: PlayStep) -> bool:
    """Peg what a play or a go scored, one score per seat in order; True if the game ended."""
    groups: list[tuple[int, list[ScoreItem]]] = []
    for seat, item in result.scores:
        if groups and groups[-1][0] == seat:
            groups[-1][1].append(item)
        else:
            groups.append((seat, [item]))
    for seat, items in groups:
        items = _until_won(step.state, seat, items)
        kinds = {item.kind for item in items}
        kind: ScoreKind = _COUNT_ENDS[items[0].kind] if kinds <= _COUNT_ENDS.keys() else "play"
        if step.peg(seat, sum(item.points for item in items), kind, items):
            return True
    return False


# Scored when a count ends, after the card that ended it: pegged as a score of their own kind.
_COUNT_ENDS: dict[ItemKind, ScoreKind] = {"go": "go", "last_card": "last_card"}


def _until_won(state: GameState, seat: int, items: list[ScoreItem]) -> list[ScoreItem]:
    """``items`` without a go or last-card point that would follow the card's own points once
    they reach the target: the game ends at that card and nothing further is scored
    (docs/rules.md 5, case G3). The card's own combinations are scored together, as one card's points."""
    rules = state.rules
    if rules.fixed_deals is not None:
        return items
    own = [item for item in items if item.kind not in _COUNT_ENDS]
    if own and len(own) < len(items) and state.scores[rules.side_of(seat)] + sum(i.points for i in own) >= rules.target:
        return own
    return items


def _after_play(step: Step, result: PlayStep) -> None:
    """Score a step, end the count or the play if it did, then say every forced go."""
    while True:
        if _peg_play(step, result):
            if result.reset:  # the points that ended the count won: the count ends with no one to lead
                step.events.insert(-1, CountReset(None))  # before the game over
            return
        machine = step.state.current_play
        seat = machine.turn
        if seat is None:  # no one to play: the play is over (``result.play_over``)
            step.events.append(PlayOver())
            start_show(step)
            return
        if result.reset:
            step.events.append(CountReset(seat))
        if machine.can_play(seat):
            return
        machine, result = say_go(machine, seat)
        step.set(play=machine)
        step.events.append(Go(seat, result.count))


# --- the show ----------------------------------------------------------------------------------------


def start_show(step: Step) -> None:
    step.set(phase="show", play=None, show_step=0, claim=None)
    state = step.state
    if state.rules.muggins:
        return  # each owner counts in turn
    for index in range(len(show_order(state))):
        step.set(show_step=index)
        seat, is_crib, cards = shown_cards(state, index)
        score = score_show(cards, state.starter_card, is_crib=is_crib, rules=state.rules)
        step.events.append(Show(seat, is_crib, cards))
        if step.peg(seat, score.total, "crib" if is_crib else "hand", score.items):
            return
    end_deal(step)


def end_deal(step: Step) -> None:
    state = step.state
    rules = state.rules
    if state.deal_no >= (rules.fixed_deals or MAX_GAME_DEALS):  # the last deal, or the deal limit
        step.finish()
        return
    deal_no = state.deal_no + 1
    start_deal(step, deal_no, (state.dealer + 1) % rules.players, shuffled_deck(state.seed, deal_no))


def count(step: Step, seat: int, claimed: int) -> None:
    """Manual counting: the owner claims; an under-claim pegs what was claimed (an opponent
    may take the rest with muggins), an over-claim is corrected (and, under the chosen
    policy, the opponent scores)."""
    state = step.state
    rules = state.rules
    owner, is_crib, cards = shown_cards(state, state.show_step)
    actual = score_show(cards, state.starter_card, is_crib=is_crib, rules=rules).total
    check = check_claim(actual, claimed, muggins=True, overclaim_policy=rules.overclaim_policy)
    kind: Literal["crib", "hand"] = "crib" if is_crib else "hand"
    step.events.append(Show(owner, is_crib, cards, claimed))
    if step.peg(owner, check.pegged, kind, (ScoreItem(kind, cards, check.pegged),), claimed=claimed):
        return
    if check.opponent_points:
        holder = window_holder(rules, owner)
        if step.peg(
            holder, check.opponent_points, "overclaim", (ScoreItem("overclaim", cards, check.opponent_points),)
        ):
            return
    step.set(claim=claimed)


def settle(step: Step, called: int | None) -> None:
    """The muggins window closes: with a call (``called`` points) or by accepting the count.
    Then the true count is shown with its reasons, and the show moves on."""
    state = step.state
    rules = state.rules
    owner, is_crib, cards = shown_cards(state, state.show_step)
    assert state.claim is not None
    score = score_show(cards, state.starter_card, is_crib=is_crib, rules=rules)
    missed = max(0, score.total - state.claim)
    holder = window_holder(rules, owner)
    if called is not None:
        step.events.append(Muggins(holder, owner, called))
    step.events.append(Settled(owner, is_crib, state.claim, score.total, score.items))
    step.set(claim=None)  # the window is closed, even if the award below wins the game
    if called is not None:
        to_caller, to_claimant = muggins_award(missed, called)
        if to_caller and step.peg(holder, to_caller, "muggins", (ScoreItem("muggins", cards, to_caller),)):
            return
        if to_claimant and step.peg(owner, to_claimant, "penalty", (ScoreItem("penalty", (), to_claimant),)):
            return
    if state.show_step + 1 < len(show_order(state)):
        step.set(show_step=state.show_step + 1, claim=None)
    else:
        end_deal(step)


__all__ = ["Step", "dealt", "start_deal", "discard", "cut", "play", "start_show", "end_deal", "count", "settle"]
