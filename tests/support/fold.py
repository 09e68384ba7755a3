"""A client's table, folded from a game's events as the contract documents them.

Written from ``openapi.yaml`` (the ``GameEvent`` description and each event's), not from the
service's code: a client that animates a game keeps such a table, applying each event in
order, and the property it relies on is that the table then *is* the view the service
answers. :class:`FoldedTable` keeps one viewer's table (a seat, or a spectator); ``take``
applies the events of an answer (skipping those already shown, by their ``move``) and
``expected_view`` gives the view's fields the events determine.

>>> table = FoldedTable(seat=0, players=2, partnerships=False, from_pack=0)
>>> table.take([{"type": "deal", "move": 0, "deal": 1, "dealer": 1, "cards_each": 6,
...              "hand": ["AS", "2S", "3S", "4S", "5S", "6S"]}])
1
>>> table.take([{"type": "discard", "move": 1, "seat": 0, "cards": ["5S", "6S"]}])
1
>>> view = table.expected_view()
>>> view["hand"], view["held"], view["crib_size"], view["phase"]
(['AS', '2S', '3S', '4S'], [4, 6], 2, 'discard')
"""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


class FoldedTable:
    """One viewer's table, built from nothing but the events it was shown."""

    def __init__(self, seat: int | None, players: int, partnerships: bool, from_pack: int) -> None:
        self.seat = seat
        self.players = players
        self.sides = 2 if partnerships else players
        self.from_pack = from_pack  # cards dealt from the pack straight to the crib
        self.shown_up_to = -1  # the last move whose events were shown
        self.fronts = [0] * self.sides
        self.backs = [0] * self.sides
        self.deal = 0
        self.dealer = 0
        self.phase = "discard"
        self.hand: list[str] = []
        self.kept: list[str] = []
        self.held = [0] * players
        self.held_at_cut = [0] * players
        self.discarded = [False] * players
        self.crib_size = 0
        self.starter: str | None = None
        self.count = 0
        self.pile: list[Json] = []
        self.played: list[Json] = []
        self.gone: set[int] = set()
        self.shown: list[Json] = []
        self.claim: Json | None = None
        self.winner: int | None = None
        self.draw = False
        self.outcome: Json | None = None
        self.recent: list[Json] = []  # the last events applied, for a failure's message

    def take(self, events: list[Json]) -> int:
        """Apply the events of one answer not shown yet (numbered above the last move shown),
        in order; an answer's events come in move order. Returns how many were applied."""
        applied = 0
        last = -1
        for event in events:
            move = event["move"]
            assert move >= last, f"event of move {move} after one of move {last}: out of order"
            last = move
            if move <= self.shown_up_to:
                continue
            getattr(self, "_" + event["type"])(event)
            self.recent = [*self.recent[-7:], event]
            applied += 1
        self.shown_up_to = max(self.shown_up_to, last)
        return applied

    def caught_up(self, move: int) -> None:
        """Everything up to ``move`` has been shown (a view's ``move``, once its events are taken)."""
        assert move >= self.shown_up_to, (move, self.shown_up_to)
        self.shown_up_to = move

    # --- one method per event kind, as the contract describes its effect ------------------------

    def _cut_for_deal(self, event: Json) -> None:
        self.dealer = event["dealer"]

    def _deal(self, event: Json) -> None:
        self.deal, self.dealer, self.phase = event["deal"], event["dealer"], "discard"
        self.hand = sorted_cards(event.get("hand", []))
        self.held = [event["cards_each"]] * self.players
        self.discarded = [False] * self.players
        self.crib_size = self.from_pack
        self.starter, self.count, self.pile, self.played, self.gone = None, 0, [], [], set()
        self.shown, self.claim = [], None

    def _discard(self, event: Json) -> None:
        seat = event["seat"]
        thrown = len(event["cards"]) if "cards" in event else event["count"]
        if seat == self.seat:
            assert "cards" in event, "the seat that threw sees its cards"
            self.hand = [card for card in self.hand if card not in event["cards"]]
        else:
            assert "cards" not in event, "another seat's discard shows only how many went"
        self.held[seat] -= thrown
        self.discarded[seat] = True
        self.crib_size += thrown

    def _starter(self, event: Json) -> None:
        self.starter, self.phase = event["card"], "play"
        self.kept, self.held_at_cut = list(self.hand), list(self.held)

    def _play(self, event: Json) -> None:
        seat, card = event["seat"], event["card"]
        if seat == self.seat:
            self.hand.remove(card)
        self.held[seat] -= 1
        self.pile.append({"seat": seat, "card": card})
        self.played.append({"seat": seat, "card": card})
        self.count = event["count"]

    def _go(self, event: Json) -> None:
        self.gone.add(event["seat"])

    def _count_reset(self, event: Json) -> None:
        self.count, self.pile, self.gone = 0, [], set()

    def _play_over(self, event: Json) -> None:
        self.count, self.pile, self.gone, self.played = 0, [], set(), []
        self.hand, self.held, self.phase = list(self.kept), list(self.held_at_cut), "show"

    def _show(self, event: Json) -> None:
        self.shown.append({"seat": event["seat"], "crib": event["crib"], "cards": event["cards"]})
        if "claimed" in event:
            self.claim = {"seat": event["seat"], "crib": event["crib"], "claimed": event["claimed"]}

    def _score(self, event: Json) -> None:
        side = event["side"]
        assert event["front"] == self.fronts[side] + event["pegged"], ("the front peg moves by pegged", event)
        assert event["pegged"] <= event["points"]
        if event["points"]:
            assert event["back"] == self.fronts[side], ("the back peg takes the front's place", event)
        else:
            assert event["back"] == self.backs[side], ("a score of nothing moves no peg", event)
        self.fronts[side], self.backs[side] = event["front"], event["back"]

    def _muggins(self, event: Json) -> None:
        assert self.claim is not None and self.claim["seat"] == event["against"]

    def _settled(self, event: Json) -> None:
        assert self.claim is not None and self.claim["seat"] == event["seat"]
        self.claim = None

    def _game_over(self, event: Json) -> None:
        self.phase, self.claim = "over", None
        self.winner, self.draw, self.outcome = event["winner"], event["draw"], event["outcome"]

    # --- the view it gives -------------------------------------------------------------------------

    def expected_view(self) -> Json:
        """The view's fields the events determine, in the view's shapes."""
        return {
            "move": self.shown_up_to,
            "deal": self.deal,
            "dealer": self.dealer,
            "phase": self.phase,
            "pegs": [
                {
                    "side": side,
                    "seats": [seat for seat in range(self.players) if seat % self.sides == side],
                    "front": self.fronts[side],
                    "back": self.backs[side],
                }
                for side in range(self.sides)
            ],
            "hand": None if self.seat is None else list(self.hand),
            "held": list(self.held),
            "discarded": list(self.discarded),
            "crib_size": self.crib_size,
            "starter": self.starter,
            "count": self.count,
            "pile": list(self.pile),
            "played": list(self.played),
            "gone": sorted(self.gone),
            "shown": list(self.shown),
            "claim": self.claim,
            "winner": self.winner,
            "draw": self.draw,
            "outcome": self.outcome,
        }

    def check(self, view: Json) -> None:
        """Assert that ``view`` is this table (and that its ``counting`` is the viewer's own
        hand or the crib it was dealt, when it counts)."""
        expected = self.expected_view()
        differs = {key: (value, view[key]) for key, value in expected.items() if view[key] != value}
        assert not differs, f"seat {self.seat}: folded events != view (folded, view): {differs}; after {self.recent}"
        counting = view["counting"]
        if counting is not None:
            assert counting["seat"] == self.seat and self.phase == "show" and self.claim is None
            if counting["crib"]:
                assert self.seat == self.dealer and len(counting["cards"]) == 4
            else:
                assert sorted_cards(counting["cards"]) == self.kept


RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SUITS = "CDHS"


def sorted_cards(cards: list[str]) -> list[str]:
    """Cards in the order the views sort them: by rank, then suit (clubs, diamonds, hearts, spades)."""

    def key(card: str) -> tuple[int, int]:
        rank = card[:-1]
        return RANKS.get(rank) or int(rank), SUITS.index(card[-1])

    return sorted(cards, key=key)


__all__ = ["FoldedTable", "sorted_cards"]
