"""The invariants of a game state: what every reachable position satisfies.

:func:`check_state` runs wherever a state comes from outside the engine's own hands: when a
sealed token is opened (:mod:`.state_codec`), so a state that does not make sense is refused
even if the key that sealed it leaked, and in the playout tests after every step.
"""

from __future__ import annotations

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
    pending_discards,
    starter_of,
)


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
    need(
        len(state.deck) == 52 and len(set(state.deck)) == 52 and set(state.deck) == set(DECK),
        "the deck must hold each of the 52 cards once",
    )
    need(0 <= state.dealer < players and 0 <= state.first_dealer < players, "no such dealer")
    need(state.deal_no >= 1, "the deal number starts at 1")
    need(state.dealer == (state.first_dealer + state.deal_no - 1) % players, "the deal passes to the left each deal")
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
        need(
            state.over and state.starter == starter_of(rules, state.deck) and state.starter.rank == 11,
            "the cut follows the last discard",
        )
    # Every card has one place: the pack, or a seat's dealt cards, the crib from the pack, the starter.
    placed = (
        [c for hand in dealt for c in hand] + list(crib_from_pack(rules, state.deck)) + [starter_of(rules, state.deck)]
    )
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
        need(play.count == pile_count(play.pile), "the count is not the pile's")
        need(play.pile == play.played[len(play.played) - len(play.pile) :], "the count's cards are not the last played")
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
        need(
            state.claim is None or (rules.muggins and 0 <= state.claim <= MAX_CLAIM), "a claim outside manual counting"
        )
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
    need(
        not state.computer or (len(state.computer) == players and None in state.computer),
        "the computer plays some seats, and at least one is a person's",
    )
    need(state.moves >= 0, "a game's moves count from 0")
    if state.opening_deck is not None:
        need(len(state.opening_deck) == 52 and set(state.opening_deck) == set(DECK), "the opening deck is not a deck")
    if state.match is not None:
        check_match(state, state.match)


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
