"""The computer player behind ``{type: auto, seat}``: a legal, sound move for a seat that may act.

It decides from what that seat could see at the table (its own dealt cards, the starter once
cut, the cards played, the count, the hand being shown) and never from the pack or another
seat's hand. The decisions themselves are :mod:`.strategy`'s: the discard with the best exact
net expectation (:mod:`.advice`), pegging one reply deep, the exact count as a claim, and a
muggins call for exactly what an opponent missed. This module only gathers what the seat
sees and turns the answer into an :class:`~.game_state.Action`.

>>> from .engine import new_game
>>> from .rules import preset
>>> state, _ = new_game(preset("six_card"), seed=5, dealer=0)
>>> action = choose(state, 1)
>>> action.type, len(action.cards)
('discard', 2)
"""

from __future__ import annotations

from .actions import Action
from .cards import DECK
from .show import score_show
from .state import GameState, deal_cards, shown_cards
from .strategy import choose_claim, choose_discard, choose_play, muggins_call


def choose(state: GameState, seat: int) -> Action:
    """A legal move for ``seat``, which may act in ``state``."""
    rules = state.rules
    if state.phase == "discard":
        partner_deals = rules.partnerships and seat != state.dealer and rules.side_of(seat) == rules.side_of(state.dealer)
        thrown = choose_discard(state.hands[seat], seat == state.dealer, rules, partner_deals=partner_deals)
        return Action("discard", seat, cards=tuple(thrown))
    if state.phase == "play":
        play = state.play
        assert play is not None and play.hands is not None and state.starter is not None
        seen = set(deal_cards(rules, state.deck, state.dealer)[seat]) | set(play.played) | {state.starter}
        unseen = [card for card in DECK if card not in seen]
        holds = 0
        for step in range(1, rules.players):
            other = (seat + step) % rules.players
            if play.held[other] and not play.passed[other]:
                holds = play.held[other]
                break
        card = choose_play(play.hands[seat], play.pile, play.count, unseen, opponent_holds=holds)
        assert card is not None  # a seat to play can always play: the engine says every forced go
        return Action("play", seat, card=card)
    _, is_crib, cards = shown_cards(state, state.show_step)
    assert state.starter is not None
    if state.claim is None:
        return Action("count", seat, claimed=choose_claim(cards, state.starter, is_crib=is_crib, rules=rules))
    actual = score_show(cards, state.starter, is_crib=is_crib, rules=rules).total
    called = muggins_call(actual, state.claim)
    return Action("muggins", seat, points=called) if called else Action("accept", seat)


__all__ = ["choose"]
