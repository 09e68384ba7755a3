"""Hints: a seat's legal moves, ranked, with the reasons, from what that seat can see.

:func:`hints` answers for a seat that may act; it decides only from what the seat could see at
the table (its own cards, the starter once cut, the cards played, the count, the hand being
shown; the cards it has not seen as its view counts them,
:func:`~service.core.game.views.unseen_cards`), and never changes the game.

**The first hint is the move of the strongest level** (:data:`STRONGEST`, ``hard``), the
move the game review (:mod:`.review`) compares with: a seat that always takes the first hint
loses nothing in its review. The figures beside every move are the exact ones below, and the
moves after the first are in their order.

* **Discard**: every option of :func:`.advice.discard_advice`, with its exact numbers (hand
  mean, crib mean, net: hand plus the crib when the seat's side owns it, minus it otherwise),
  **in advice's order** (the net, then its tie rules; ``hard`` throws the best net too,
  except within 24 points of the target in the two-player game, where it keeps the cards
  likeliest to go out), and beside each an estimate of the play's balance for the kept
  cards (:mod:`.coach_pegging`, looked up in a table) and ``with_pegging``, the net plus that
  estimate. The estimate is shown, never ranked on: it is how the cards peg between plain
  players, with the thrown cards not taken out of the other hands.
* **Play**: every legal card with what it scores now, the expected points of the reply of
  the next seat to play when that is an opponent (its hand a uniformly random set, of the
  size it holds, of the cards the seat has not seen; it plays its highest-scoring card), the
  risk (the chance that reply scores 2 or more), and the net (now less the reply). After
  ``hard``'s card (its search of the rest of the play, :mod:`.players.search`), ranked by
  the net, then the smaller risk, then the higher card.
* **Counting** (manual counting): the exact count first; in the muggins window, a call for
  exactly the points missed first (or accepting when none were).

Every number is a :class:`~fractions.Fraction`. :func:`move_value` is the same ranking key
for any legal move, which the game review (:mod:`.review`) uses.

>>> from .play import new_game
>>> from ..rules import preset
>>> state, _ = new_game(preset("six_card"), seed=5, dealer=0)
>>> advice = hints(state, 1)
>>> advice.phase, len(advice.moves), advice.crib_owner
('discard', 15, 'opponent')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TypeVar

from ..cards import Card
from ..errors import GameOver, IllegalAction
from ..game.actions import Action
from ..game.engine import describe_turn
from ..game.state import GameState, deal_cards, may_act, shown_cards
from ..game.views import unseen_cards, view
from ..items import ScoreItem
from ..refusals import said
from ..scoring.claims import check_claim, muggins_award
from ..scoring.pegging import Play, play_card, play_points, say_go
from ..scoring.show import score_show
from ..texts.phrases import item_key
from ..texts.reasons import Item, Reason, reason
from ..vocabulary import CribOwner, Level, MovePhase
from .advice import DiscardAdvice, assumption_text, discard_advice
from .coach_pegging import pegging_deals, pegging_estimates
from .players import choose, hard

RISK_POINTS = 2  # a reply "scores" when it makes at least this much: 15, 31, a pair or better
# The level whose move the first hint is, and the review compares with: the strongest. Its
# moves are deterministic for a position, so a seat that follows every first hint loses
# nothing in its review.
STRONGEST: Level = "hard"
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DiscardFigures:
    """A discard's numbers: advice's exact means (``crib`` is the crib's mean; ``net`` adds it
    or takes it away by the crib's owner) and the play's estimated balance for the kept cards."""

    keep: tuple[Card, ...]
    hand: Fraction
    hand_min: int
    hand_max: int
    crib: Fraction
    net: Fraction
    pegging: Fraction | None
    with_pegging: Fraction | None


@dataclass(frozen=True, slots=True)
class PlayFigures:
    """A card's numbers: the points it scores now (and why), the next opponent's expected reply,
    the chance that reply scores 2 or more, the count after the card, and who replies."""

    points: int
    items: tuple[ScoreItem, ...]
    count: int
    reply: Fraction
    risk: Fraction
    replier: int | None


@dataclass(frozen=True, slots=True)
class Hint:
    """One legal move, its value (the ranking key: a discard's net, a card's net, a claim's
    points kept) and short reasons; the figures of its phase."""

    action: Action
    value: Fraction
    reasons: tuple[Reason, ...]  # said in a language by service.core.texts.reasons
    discard: DiscardFigures | None = None
    play: PlayFigures | None = None


@dataclass(frozen=True, slots=True)
class Hints:
    """A seat's moves, best first. ``crib_owner``, ``assumption`` and ``pegging_deals`` (how
    many deals of the other hands each pegging estimate is over) in the discard only."""

    seat: int
    phase: MovePhase
    moves: tuple[Hint, ...]
    crib_owner: CribOwner | None = None
    assumption: Reason | None = None
    pegging_deals: int | None = None


# --- discard ----------------------------------------------------------------------------------


def _partner_deals(state: GameState, seat: int) -> bool:
    rules = state.rules
    return rules.partnerships and seat != state.dealer and rules.side_of(seat) == rules.side_of(state.dealer)


def _first(items: Sequence[T], at: int) -> tuple[T, ...]:
    """``items`` with the one at ``at`` moved first, the others in their order."""
    return (items[at], *items[:at], *items[at + 1 :])


def strongest_discard(state: GameState, seat: int, advice: DiscardAdvice) -> Action:
    """The throw of :data:`STRONGEST` for ``seat``, from ``advice`` (its dealt cards' advice)."""
    return Action("discard", seat, cards=hard.discard(view(state, seat), lambda *_, **__: advice))


def discard_hints(state: GameState, seat: int, *, pegging: bool = True, first: bool = True) -> Hints:
    """Every discard of ``seat``'s dealt cards: ``first``, the strongest level's throw, then
    the others in advice's order (``pegging``: with the play's estimate beside each; the
    review values a throw without either)."""
    rules = state.rules
    dealt = state.hands[seat]
    advice = discard_advice(dealt, seat == state.dealer, rules, partner_deals=_partner_deals(state, seat))
    options = advice.options
    if first:
        thrown = sorted(strongest_discard(state, seat, advice).cards)
        options = _first(options, next(i for i, o in enumerate(options) if sorted(o.discard) == thrown))
    estimates: list[Fraction | None] = [None] * len(options)
    if pegging:
        estimates = pegging_estimates(rules, [o.keep for o in options], seat=seat, dealer=state.dealer)
    moves = []
    for option, peg in zip(options, estimates, strict=True):
        reasons = [
            reason("hand_mean", mean=option.hand, low=option.hand_min, high=option.hand_max),
            reason(f"crib_mean_{advice.crib_owner}", mean=option.crib),
        ]
        if peg is not None:
            reasons.append(reason("pegging_estimate", sign="+" if peg >= 0 else "", estimate=peg))
        figures = DiscardFigures(
            option.keep,
            option.hand,
            option.hand_min,
            option.hand_max,
            option.crib,
            option.net,
            peg,
            None if peg is None else option.net + peg,
        )
        moves.append(Hint(Action("discard", seat, cards=option.discard), option.net, tuple(reasons), discard=figures))
    deals = pegging_deals(rules) if pegging else None
    return Hints(seat, "discard", tuple(moves), advice.crib_owner, assumption_text(rules), deals)


# --- play -------------------------------------------------------------------------------------


def _unseen(state: GameState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` has not seen in the play."""
    play = state.current_play
    return unseen_cards(deal_cards(state.rules, state.deck, state.dealer)[seat], play.played, state.starter_card)


def _reply(after: Play, count: int, unseen: Sequence[Card], holds: int) -> tuple[Fraction, Fraction]:
    """The expected points of the best reply onto ``after`` by a seat holding ``holds`` of
    ``unseen`` (uniformly), and the chance it scores :data:`RISK_POINTS` or more."""
    by_rank: dict[int, list[Card]] = {}
    for card in unseen:
        by_rank.setdefault(card.rank, []).append(card)
    replies = []
    for cards in by_rank.values():
        if count + cards[0].value <= 31:
            replies.append((play_points(after.pile, cards[0]), len(cards)))
    replies.sort(reverse=True)
    total = comb(len(unseen), holds)
    expected = 0
    risky = 0
    covered = 0
    none_before = total
    for points, size in replies:
        covered += size
        none_after = comb(len(unseen) - covered, holds)
        expected += (none_before - none_after) * points
        if points >= RISK_POINTS:
            risky += none_before - none_after
        none_before = none_after
    return Fraction(expected, total), Fraction(risky, total)


def _play_figures(state: GameState, seat: int, card: Card, unseen: Sequence[Card]) -> PlayFigures:
    play = state.current_play
    # The public transition only (no hands): who is to play next follows from the cards held
    # and the goes said, which every seat sees.
    after, step = play_card(play._replace(hands=None), seat, card)
    scores = step.scores
    assert play.hands is not None
    if all(play.held[s] == 0 or (play.passed and play.passed[s]) for s in range(play.players) if s != seat):
        # Every other seat is out of cards or has said go: whether the count ends on this card,
        # a go for it, follows from the seat's own hand alone, so it scores now (the engine says
        # the seat's forced go at once, as here).
        own = tuple(hand if s == seat else () for s, hand in enumerate(play.hands))
        known, known_step = play_card(play._replace(hands=own), seat, card)
        scores = known_step.scores
        if not known_step.reset and known.turn == seat and not known.can_play(seat):
            scores += say_go(known, seat)[1].scores
    items = tuple(item for s, item in scores if s == seat)
    points = sum(item.points for item in items)
    rules = state.rules
    replier = after.turn
    if step.reset or replier is None or rules.side_of(replier) == rules.side_of(seat):
        return PlayFigures(points, items, step.count, Fraction(0), Fraction(0), None)
    reply, risk = _reply(after, step.count, unseen, after.held[replier])
    return PlayFigures(points, items, step.count, reply, risk, replier)


def _play_reasons(card: Card, figures: PlayFigures) -> tuple[Reason, ...]:
    reasons = [reason("scores_for", item=Item(item.kind, item_key(item)), points=item.points) for item in figures.items]
    if not reasons:
        reasons.append(reason("scores_nothing", count=figures.count))
    if figures.replier is None:
        reasons.append(reason("no_reply" if figures.count != 31 else "count_restarts"))
    else:
        reasons.append(reason("reply_mean", mean=figures.reply))
        if figures.risk:
            reasons.append(reason("reply_risk", chance=figures.risk * 100, points=RISK_POINTS))
    return tuple(reasons)


def play_hints(state: GameState, seat: int) -> Hints:
    """Every card ``seat`` may play: first the strongest level's card, then the others by net
    (then the smaller risk, the higher card)."""
    play = state.current_play
    assert play.hands is not None
    unseen = _unseen(state, seat)
    moves = []
    for card in play.playable(seat):
        figures = _play_figures(state, seat, card, unseen)
        value = figures.points - figures.reply
        moves.append(Hint(Action("play", seat, card=card), value, _play_reasons(card, figures), play=figures))
    moves.sort(
        key=lambda h: (
            -h.value,
            h.play.risk if h.play else 0,
            -h.action.card.rank if h.action.card else 0,
            h.action.card.index if h.action.card else 0,
        )
    )
    chosen = choose(state, seat, STRONGEST)
    return Hints(seat, "play", _first(moves, next(i for i, h in enumerate(moves) if h.action == chosen)))


# --- counting ---------------------------------------------------------------------------------


def _shown(state: GameState) -> tuple[int, bool, tuple[Card, ...], int]:
    owner, is_crib, cards = shown_cards(state, state.show_step)
    return owner, is_crib, cards, score_show(cards, state.starter_card, is_crib=is_crib, rules=state.rules).total


def _claim_value(state: GameState, claimed: int) -> Fraction:
    """What a claim is worth to the claimant: the points it keeps, less what it gives away
    (an opponent's muggins on an under-claim, an over-claim's award)."""
    actual = _shown(state)[3]
    check = check_claim(actual, claimed, muggins=True, overclaim_policy=state.rules.overclaim_policy)
    return Fraction(check.pegged - check.muggins_points - check.opponent_points)


def _call_value(state: GameState, called: int | None) -> Fraction:
    """What a muggins call (``None``: accepting) is worth to the caller's side."""
    if called is None or state.claim is None:
        return Fraction(0)
    to_caller, to_claimant = muggins_award(max(0, _shown(state)[3] - state.claim), called)
    return Fraction(to_caller - to_claimant)


def count_hints(state: GameState, seat: int) -> Hints:
    """The exact count; in the muggins window, the call for exactly what was missed, and accepting."""
    _, is_crib, _, actual = _shown(state)
    if state.claim is None:
        hint = Hint(
            Action("count", seat, claimed=actual),
            _claim_value(state, actual),
            (reason("count_crib" if is_crib else "count_hand", actual=actual),),
        )
        return Hints(seat, "count", (hint,))
    missed = max(0, actual - state.claim)
    accept = Hint(Action("accept", seat), Fraction(0), (reason("claimed_of", claimed=state.claim, actual=actual),))
    if not missed:
        return Hints(seat, "muggins", (accept,))
    call = Hint(
        Action("muggins", seat, points=missed),
        _call_value(state, missed),
        (reason("missed_take", missed=missed, actual=actual),),
    )
    return Hints(seat, "muggins", (call, accept))


# --- any phase --------------------------------------------------------------------------------


def check_may_act(state: GameState, seat: int) -> None:
    """Raise unless ``seat`` may act now (what the game waits for, in the message)."""
    if state.over:
        raise GameOver(said("hint_over"), pointer="/state", to_act=[])
    if seat not in may_act(state):
        raise IllegalAction(
            said("may_not_act", seat=seat, turn=describe_turn(state)), pointer="/seat", to_act=list(may_act(state))
        )


def hints(state: GameState, seat: int) -> Hints:
    """``seat``'s legal moves, best first, with the reasons (it must be able to act now)."""
    check_may_act(state, seat)
    if state.phase == "discard":
        return discard_hints(state, seat)
    if state.phase == "play":
        return play_hints(state, seat)
    return count_hints(state, seat)


def move_value(state: GameState, action: Action) -> Fraction:
    """The ranking key of a legal ``action`` in ``state``: a discard's exact net, a card's net,
    a claim's or a call's points (for the review: the best move has the highest)."""
    seat = action.seat
    if action.type == "discard":
        thrown = tuple(sorted(action.cards))
        for hint in discard_hints(state, seat, pegging=False, first=False).moves:
            if tuple(sorted(hint.action.cards)) == thrown:
                return hint.value
        raise IllegalAction(said("cannot_throw", seat=seat), pointer="/action/cards")
    if action.type == "play":
        assert action.card is not None
        figures = _play_figures(state, seat, action.card, _unseen(state, seat))
        return figures.points - figures.reply
    if action.type == "count":
        return _claim_value(state, action.claimed or 0)
    return _call_value(state, action.points if action.type == "muggins" else None)


__all__ = [
    "Hints",
    "Hint",
    "DiscardFigures",
    "PlayFigures",
    "hints",
    "move_value",
    "check_may_act",
    "discard_hints",
    "play_hints",
    "count_hints",
    "RISK_POINTS",
    "STRONGEST",
    "strongest_discard",
]
