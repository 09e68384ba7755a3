"""The invariants of a game state: what every reachable position satisfies.

:func:`check_state` runs wherever a state comes from outside the engine's own hands: when
:mod:`.codec` decodes a dict not known to be sealed by this service (or one sealed that its
rebuild cannot read), and in the playout tests after every step. A token this service sealed
is trusted to hold a state the engine made (its key vouches for it), so it is not checked again.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from ..cards import DECK
from ..errors import CribbageError, InvalidState
from ..refusals import Said, said
from ..scoring.match import MatchContext
from ..scoring.pegging import pile_count
from ..vocabulary import Phase
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

# How a phase is said inside a refusal ("seat 1 holds 5 cards in the play phase").
_PHASE_WORDS: dict[Phase, str] = {"discard": "ph_discard", "play": "ph_play", "show": "ph_show"}


def _need(ok: bool, message: Said) -> None:
    if not ok:
        raise InvalidState(message)


# --- the checks, in the order they run: a later one may rely on an earlier one having passed ---------


def _phase(state: GameState) -> None:
    _need(state.phase in PHASES, said("i_phase"))


def _deck(state: GameState) -> None:
    deck = state.deck
    _need(
        len(deck) == 52 and len(set(deck)) == 52 and set(deck) == set(DECK),
        said("i_deck"),
    )


def _deal(state: GameState) -> None:
    rules = state.rules
    players = rules.players
    _need(0 <= state.dealer < players and 0 <= state.first_dealer < players, said("i_dealer"))
    _need(state.deal_no >= 1, said("i_deal_from_1"))
    _need(state.dealer == (state.first_dealer + state.deal_no - 1) % players, said("i_deal_left"))
    if rules.fixed_deals is not None:
        _need(state.deal_no <= rules.fixed_deals, said("i_too_many_deals"))


def _cards(state: GameState) -> None:
    """Hands, crib and starter: what the deck dealt, each card in one place."""
    rules = state.rules
    _need(len(state.hands) == rules.players, said("i_hand_per_seat"))
    dealt = deal_cards(rules, state.deck, state.dealer)
    sizes = (rules.cards_dealt, rules.hand_size) if state.phase == "discard" else (rules.hand_size,)
    for seat, hand in enumerate(state.hands):
        _need(set(hand) <= set(dealt[seat]) and len(set(hand)) == len(hand), said("i_not_dealt", seat=seat))
        _need(
            len(hand) in sizes, said("i_hand_size", seat=seat, count=len(hand), phase=said(_PHASE_WORDS[state.phase]))
        )
    _need(state.crib == build_crib(rules, state.deck, dealt, state.hands), said("i_crib"))
    _starter(state)
    # Every card has one place: the pack, or a seat's dealt cards, the crib from the pack, the starter.
    placed = (
        [c for hand in dealt for c in hand] + list(crib_from_pack(rules, state.deck)) + [starter_of(rules, state.deck)]
    )
    _need(len(set(placed)) == len(placed), said("i_two_places"))


def _starter(state: GameState) -> None:
    rules = state.rules
    if state.phase != "discard":
        _need(len(state.crib) == 4, said("i_crib_four"))
        _need(state.starter == starter_of(rules, state.deck), said("i_starter"))
    elif pending_discards(state):
        _need(state.starter is None, said("i_no_starter"))
    else:  # every seat has discarded, so the cut was made, and his heels ended the game
        _need(
            state.over and state.starter == starter_of(rules, state.deck) and state.starter.rank == 11,
            said("i_cut_follows"),
        )


def _play(state: GameState) -> None:
    play = state.play
    if state.phase == "play":
        _need(play is not None, said("i_play_needed"))
    elif state.phase == "discard":
        _need(play is None, said("i_no_play_yet"))
    if play is None:
        return
    rules = state.rules
    _need(state.phase == "play", said("i_play_outside"))
    kept = {c for hand in state.hands for c in hand}
    _need(set(play.played) <= kept, said("s_played_unheld"))
    _need(pile_count(play.pile) <= 31, said("i_past_31"))
    _need(play.count == pile_count(play.pile), said("i_count_pile"))
    _need(play.pile == play.played[len(play.played) - len(play.pile) :], said("i_count_cards"))
    _need(play.single_count == rules.single_count_play, said("i_play_rules"))
    _need(play.bicycle_go == (rules.multi_go_rule == "bicycle_three_hand"), said("i_play_rules"))
    if play.pile:
        _need(play.last is not None and play.pile[-1] in state.hands[play.last], said("i_last_player"))
    else:
        _need(play.last is None and not any(play.passed) and play.go_streak == 0, said("i_go_no_count"))
    _need(play.go_streak <= sum(play.passed), said("i_goes"))
    _play_turn(state)


def _play_turn(state: GameState) -> None:
    play = state.play
    assert play is not None  # checked by _play, the one caller
    if play.turn is None:
        _need(state.over, said("i_play_ended"))
        return
    players = state.rules.players
    _need(play.held[play.turn] > 0, said("i_no_cards"))
    if play.last is not None:  # in a count, play passes clockwise from the last card, skipping goes
        after_last = [(play.last + k) % players for k in range(1, players + 1)]
        waiting = [s for s in after_last if play.held[s] and not play.passed[s]]
        _need(bool(waiting) and waiting[0] == play.turn, said("i_out_of_turn"))
    _need(not play.passed[play.turn], said("i_said_go"))
    if not state.over:
        _need(play.can_play(play.turn), said("i_forced_go"))


def _show(state: GameState) -> None:
    rules = state.rules
    if state.phase != "show":
        _need(state.show_step == 0 and state.claim is None, said("i_show_outside"))
        return
    _need(0 <= state.show_step <= rules.players, said("i_show_step"))
    if not state.over:
        _need(rules.muggins, said("i_show_waits"))
    _need(state.claim is None or (rules.muggins and 0 <= state.claim <= MAX_CLAIM), said("i_claim_outside"))


def _scores(state: GameState) -> None:
    rules = state.rules
    sides = rules.sides
    _need(len(state.scores) == sides == len(state.backs), said("i_peg_pairs"))
    _need(all(0 <= b <= f for b, f in zip(state.backs, state.scores)), said("i_back_ahead"))
    target_game = rules.fixed_deals is None
    seat = state.conceded_by
    if seat is not None:  # conceded: the pegs where they stood, the result the concession's
        _need(0 <= seat < rules.players, said("i_concede_seat"))
        _need(not target_game or all(s < rules.target for s in state.scores), said("i_concede_target"))
        result = final_outcome(state)
        _need(state.winner == result.winner and state.draw == result.draw, said("i_concede_result"))
    elif state.winner is not None:
        _need(0 <= state.winner < sides and not state.draw, said("i_winner"))
        if target_game:
            _need(state.scores[state.winner] == rules.target, said("i_winner_hole"))
            _need(sum(1 for s in state.scores if s >= rules.target) == 1, said("i_one_reaches"))
        else:
            _need(state.scores[state.winner] == max(state.scores), said("i_winner_most"))
    elif target_game:
        _need(all(s < rules.target for s in state.scores), said("i_reached_not_over"))
        _need(not state.draw, said("i_no_draws"))


def _progress(state: GameState) -> None:
    if not state.over:
        _need(current_player(state) is not None, said("i_no_one_to_act"))
    _need(
        not state.computer or (len(state.computer) == state.rules.players and None in state.computer),
        said("i_computer_seats"),
    )
    _need(state.moves >= 0, said("i_moves"))
    if state.opening_deck is not None:
        _need(len(state.opening_deck) == 52 and set(state.opening_deck) == set(DECK), said("i_opening_deck"))


def _deal_starts(state: GameState) -> None:
    """Where the deal before this one and this one began: consecutive deals ending with this
    one, from the second on, in move order, each peg at most where it stands now, no back peg
    ahead of its front (that they are where the replay puts them is :mod:`.record`'s to check)."""
    starts = state.deal_starts
    if not starts:
        return
    sides = state.rules.sides
    _need(len(starts) <= 2 and starts[-1].deal == state.deal_no, said("i_ds_end"))
    _need(starts[0].deal >= 2 and starts[-1].deal - starts[0].deal == len(starts) - 1, said("i_ds_follow"))
    _need(all(a.moves < b.moves for a, b in pairwise(starts)), said("i_ds_order"))
    for begun in starts:
        _need(begun.moves <= state.moves and len(begun.scores) == sides == len(begun.backs), said("i_ds_pegs"))
        _need(all(0 <= b <= f for b, f in zip(begun.backs, begun.scores)), said("i_ds_back"))
        _need(all(f <= now for f, now in zip(begun.scores, state.scores)), said("i_ds_peg_back"))


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
        raise InvalidState(said("s_match_two"))
    try:
        before = match.so_far(state.rules)
    except CribbageError as error:
        raise InvalidState(said("s_match_invalid", reason=error.said or error.message)) from None
    if before.over:
        raise InvalidState(said("s_match_was_over"))
    if match.games:
        if state.cut_for_deal or state.first_dealer != before.next_first_dealer:
            raise InvalidState(said("s_match_first_dealer"))
    elif state.first_dealer != match.first_dealer:
        raise InvalidState(said("s_match_dealer"))


__all__ = ["check_state"]
