"""What one seat can see at the table, and nothing more: the only input a computer player gets.

:func:`see` copies out of a :class:`~service.core.game.state.GameState` what the seat saw dealt
and what the table showed (the starter, every card played and by whom, who said go, the
pegs, the hand being shown) and leaves behind the pack, the other seats' hands and the
crib. A player that takes a :class:`Seen` therefore cannot cheat, whatever it computes.

>>> from ..play import new_game
>>> from ...rules import preset
>>> state, _ = new_game(preset("six_card"), seed=5, dealer=0)
>>> seen = see(state, 1)
>>> seen.phase, len(seen.dealt), seen.starter, seen.is_dealer
('discard', 6, None, False)
"""

from __future__ import annotations

from typing import NamedTuple

from ...cards import DECK, Card
from ...game.state import GameState, deal_cards, shown_cards
from ...rules import Rules
from ...vocabulary import Phase


class Seen(NamedTuple):
    """One seat's view of a position.

    ``dealt``: its cards as dealt; ``kept``: the cards it kept (from the cut on, else
    ``dealt``). In the play: ``hand`` (its cards still held), ``pile`` and ``count`` (the
    current count), ``played_by`` (per seat, the cards it has played this deal, in order),
    ``held`` (per seat, how many cards it still holds), ``passed`` (per seat, whether it has
    said go in this count), ``played`` (every card played this deal, in order) and ``turn``. In the show: ``shown`` (the cards being counted),
    ``is_crib`` and ``claim``. ``scores`` are per side.
    """

    rules: Rules
    seat: int
    dealer: int
    phase: Phase
    scores: tuple[int, ...]
    dealt: tuple[Card, ...]
    kept: tuple[Card, ...]
    starter: Card | None = None
    hand: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()
    count: int = 0  # type: ignore[assignment]  # the count in the play (it shadows tuple.count)
    played_by: tuple[tuple[Card, ...], ...] = ()
    held: tuple[int, ...] = ()
    passed: tuple[bool, ...] = ()
    shown: tuple[Card, ...] = ()
    is_crib: bool = False
    claim: int | None = None
    played: tuple[Card, ...] = ()  # in the play: every card played this deal, in order

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def partner_deals(self) -> bool:
        """In partnerships, whether the seat's partner (not the seat) deals."""
        rules = self.rules
        return rules.partnerships and not self.is_dealer and rules.side_of(self.seat) == rules.side_of(self.dealer)

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    def unseen(self) -> tuple[Card, ...]:
        """The cards the seat has not seen: not dealt to it, not the starter, not played."""
        seen = set(self.dealt) | {c for cards in self.played_by for c in cards}
        if self.starter is not None:
            seen.add(self.starter)
        return tuple(card for card in DECK if card not in seen)


def see(state: GameState, seat: int) -> Seen:
    """What ``seat`` can see in ``state`` (it need not be the seat's turn)."""
    rules = state.rules
    dealt = deal_cards(rules, state.deck, state.dealer)[seat]
    kept = dealt if state.phase == "discard" else state.hands[seat]
    base = Seen(rules, seat, state.dealer, state.phase, tuple(state.scores), tuple(dealt), tuple(kept), state.starter)
    if state.phase == "play":
        play = state.play
        assert play is not None and play.hands is not None
        played = set(play.played)
        # Who played which card is public: a seat's played cards are its kept cards now on the table.
        played_by = tuple(
            tuple(c for c in play.played if c in state.hands[s] and c in played) for s in range(rules.players)
        )
        return base._replace(
            hand=play.hands[seat],
            pile=play.pile,
            count=play.count,
            played_by=played_by,
            held=play.held,
            passed=play.passed,
            played=play.played,
        )
    if state.phase == "show":
        _, is_crib, cards = shown_cards(state, state.show_step)
        return base._replace(shown=tuple(cards), is_crib=is_crib, claim=state.claim)
    return base


__all__ = ["Seen", "see"]
