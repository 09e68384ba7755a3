"""The invariants of a game state: what every reachable position satisfies.

:func:`check_state` runs wherever a state comes from outside the engine's own hands: when a
sealed token is opened (:mod:`.codec`), so a state that does not make sense is refused
even if the key that sealed it leaked, and in the playout tests after every step.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from ..cards import DECK
from ..errors import CribbageError, InvalidState
from ..scoring.match import MatchContext
from ..scoring.pegging import pile_count
from .state import (
    MAX_CLAIM,
    PHASES,
    GameState,
    build_crib,
    crib_from_pack,
    current_player,
    deal_cards,
    final_outcome,
    pending_discards,
    starter_of,
)


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise InvalidState(message)


# --- the checks, in the order they run: a later one may rely on an earlier one having passed ---------


def _phase(state: GameState) -> None:
    _need(state.phase in PHASES, "unknown phase")


def _deck(state: GameState) -> None:
    deck = state.deck
    _need(
        len(deck) == 52 and len(set(deck)) == 52 and set(deck) == set(DECK),
        "the deck must hold each of the 52 cards once",
    )


def _deal(state: GameState) -> None:
    rules = state.rules
    players = rules.players
    _need(0 <= state.dealer < players and 0 <= state.first_dealer < players, "no such dealer")
    _need(state.deal_no >= 1, "the deal number starts at 1")
    _need(state.dealer == (state.first_dealer + state.deal_no - 1) % players, "the deal passes to the left each deal")
    if rules.fixed_deals is not None:
        _need(state.deal_no <= rules.fixed_deals, "more deals than the game has")


def _cards(state: GameState) -> None:
    """Hands, crib and starter: what the deck dealt, each card in one place."""
    rules = state.rules
    _need(len(state.hands) == rules.players, "one hand per seat")
    dealt = deal_cards(rules, state.deck, state.dealer)
    sizes = (rules.cards_dealt, rules.hand_size) if state.phase == "discard" else (rules.hand_size,)
    for seat, hand in enumerate(state.hands):
        _need(
            set(hand) <= set(dealt[seat]) and len(set(hand)) == len(hand), f"seat {seat} holds cards it was not dealt"
        )
        _need(len(hand) in sizes, f"seat {seat} holds {len(hand)} cards in the {state.phase} phase")
    _need(state.crib == build_crib(rules, state.deck, dealt, state.hands), "the crib is not the discards")
    _starter(state)
    # Every card has one place: the pack, or a seat's dealt cards, the crib from the pack, the starter.
    placed = (
        [c for hand in dealt for c in hand] + list(crib_from_pack(rules, state.deck)) + [starter_of(rules, state.deck)]
    )
    _need(len(set(placed)) == len(placed), "a card is in two places")


def _starter(state: GameState) -> None:
    rules = state.rules
    if state.phase != "discard":
        _need(len(state.crib) == 4, "the crib holds 4 cards after the discard")
        _need(state.starter == starter_of(rules, state.deck), "the starter is the card the cut turns")
    elif pending_discards(state):
        _need(state.starter is None, "no starter before the cut")
    else:  # every seat has discarded, so the cut was made, and his heels ended the game
        _need(
            state.over and state.starter == starter_of(rules, state.deck) and state.starter.rank == 11,
            "the cut follows the last discard",
        )


def _play(state: GameState) -> None:
    play = state.play
    if state.phase == "play":
        _need(play is not None, "the play phase needs a play")
    elif state.phase == "discard":
        _need(play is None, "no play before the cut")
    if play is None:
        return
    rules = state.rules
    _need(state.phase == "play", "a play outside the play phase")
    kept = {c for hand in state.hands for c in hand}
    _need(set(play.played) <= kept, "a played card was not in a hand")
    _need(pile_count(play.pile) <= 31, "the count is past 31")
    _need(play.count == pile_count(play.pile), "the count is not the pile's")
    _need(play.pile == play.played[len(play.played) - len(play.pile) :], "the count's cards are not the last played")
    _need(play.single_count == rules.single_count_play, "the play does not follow the rules")
    _need(play.bicycle_go == (rules.multi_go_rule == "bicycle_three_hand"), "the play does not follow the rules")
    if play.pile:
        _need(play.last is not None and play.pile[-1] in state.hands[play.last], "the last card's player is wrong")
    else:
        _need(play.last is None and not any(play.passed) and play.go_streak == 0, "a go with no count")
    _need(play.go_streak <= sum(play.passed), "more goes in a row than goes")
    _play_turn(state)


def _play_turn(state: GameState) -> None:
    play = state.play
    assert play is not None  # checked by _play, the one caller
    if play.turn is None:
        _need(state.over, "the play ended but the game did not move on")
        return
    players = state.rules.players
    _need(play.held[play.turn] > 0, "the seat to play holds no cards")
    if play.last is not None:  # in a count, play passes clockwise from the last card, skipping goes
        after_last = [(play.last + k) % players for k in range(1, players + 1)]
        waiting = [s for s in after_last if play.held[s] and not play.passed[s]]
        _need(bool(waiting) and waiting[0] == play.turn, "the seat to play is out of turn")
    _need(not play.passed[play.turn], "the seat to play has said go")
    if not state.over:
        _need(play.can_play(play.turn), "the seat to play cannot play (its go is forced)")


def _show(state: GameState) -> None:
    rules = state.rules
    if state.phase != "show":
        _need(state.show_step == 0 and state.claim is None, "a show step outside the show")
        return
    _need(0 <= state.show_step <= rules.players, "no such step of the show")
    if not state.over:
        _need(rules.muggins, "the show waits for no one unless counting is manual")
    _need(state.claim is None or (rules.muggins and 0 <= state.claim <= MAX_CLAIM), "a claim outside manual counting")


def _scores(state: GameState) -> None:
    rules = state.rules
    sides = rules.sides
    _need(len(state.scores) == sides == len(state.backs), "one peg pair per side")
    _need(all(0 <= b <= f for b, f in zip(state.backs, state.scores)), "a back peg is ahead of its front peg")
    target_game = rules.fixed_deals is None
    seat = state.conceded_by
    if seat is not None:  # conceded: the pegs where they stood, the result the concession's
        _need(0 <= seat < rules.players, "no such seat conceded")
        _need(not target_game or all(s < rules.target for s in state.scores), "a side reached the target")
        result = final_outcome(state)
        _need(state.winner == result.winner and state.draw == result.draw, "not the conceded game's result")
    elif state.winner is not None:
        _need(0 <= state.winner < sides and not state.draw, "no such winner")
        if target_game:
            _need(state.scores[state.winner] == rules.target, "the winner's peg sits in the game hole")
            _need(sum(1 for s in state.scores if s >= rules.target) == 1, "one side reaches the target")
        else:
            _need(state.scores[state.winner] == max(state.scores), "the winner has the most points")
    elif target_game:
        _need(all(s < rules.target for s in state.scores), "a side has reached the target but the game is not over")
        _need(not state.draw, "a game to a target has no draws")


def _progress(state: GameState) -> None:
    if not state.over:
        _need(current_player(state) is not None, "no seat to act in a game in progress")
    _need(
        not state.computer or (len(state.computer) == state.rules.players and None in state.computer),
        "the computer plays some seats, and at least one is a person's",
    )
    _need(state.moves >= 0, "a game's moves count from 0")
    if state.opening_deck is not None:
        _need(len(state.opening_deck) == 52 and set(state.opening_deck) == set(DECK), "the opening deck is not a deck")


def _deal_starts(state: GameState) -> None:
    """Where the deal before this one and this one began: consecutive deals ending with this
    one, from the second on, in move order, each peg at most where it stands now, no back peg
    ahead of its front (that they are where the replay puts them is :mod:`.record`'s to check)."""
    starts = state.deal_starts
    if not starts:
        return
    sides = state.rules.sides
    _need(len(starts) <= 2 and starts[-1].deal == state.deal_no, "the deal starts end with this deal")
    _need(starts[0].deal >= 2 and starts[-1].deal - starts[0].deal == len(starts) - 1, "the deal starts follow on")
    _need(all(a.moves < b.moves for a, b in pairwise(starts)), "the deal starts are in move order")
    for begun in starts:
        _need(begun.moves <= state.moves and len(begun.scores) == sides == len(begun.backs), "a deal start's pegs")
        _need(all(0 <= b <= f for b, f in zip(begun.backs, begun.scores)), "a deal start's back peg ahead")
        _need(all(f <= now for f, now in zip(begun.scores, state.scores)), "a peg went back after a deal start")


def _match(state: GameState) -> None:
    if state.match is not None:
        check_match(state, state.match)


CHECKS: tuple[Callable[[GameState], None], ...] = (
    _phase,
    _deck,
    _deal,
    _cards,
    _play,
    _show,
    _scores,
    _progress,
    _deal_starts,
    _match,
)
"""The invariants, one entry per part of the state, each raising :class:`InvalidState` on a fault."""


def check_state(state: GameState) -> None:
    """Raise :class:`InvalidState` unless ``state`` is a position a game can reach.

    Every one of the 52 cards has exactly one place (the pack, a hand, the crib, the starter
    or the cards played), hands and crib have the sizes of the phase, the count is at most 31,
    the seat to act fits the phase, and scores are below the target unless the game is over
    (and then exactly one side, the winner, is at it). The checks are :data:`CHECKS`, in order.
    """
    for check in CHECKS:
        check(state)


def check_match(state: GameState, match: MatchContext) -> None:
    """A game of a match: two players; the games before it valid and the match not over after
    them; its first dealer the one the match names (after the first game; in the first, the
    match records this game's own first dealer)."""
    if state.rules.players != 2:
        raise InvalidState("a match is played by two players")
    try:
        before = match.so_far(state.rules)
    except CribbageError as error:
        raise InvalidState(f"the state's match is not valid: {error.message}") from None
    if before.over:
        raise InvalidState("the state's match was over before this game")
    if match.games:
        if state.cut_for_deal or state.first_dealer != before.next_first_dealer:
            raise InvalidState("the match says who deals first in this game")
    elif state.first_dealer != match.first_dealer:
        raise InvalidState("the match's first dealer is this game's")


__all__ = ["check_state"]
