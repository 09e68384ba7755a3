"""A plain reference for the play, independent of ``service.core.scoring.pegging``: cards are
``(rank, suit)`` pairs (rank 1..13) and nothing from the service is used.
"""

from __future__ import annotations

# The plain reference: cards are (rank, suit), rank 1..13. Nothing from service.core.

REF_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
REF_DECK = [f"{name}{suit}" for name in REF_RANKS for suit in "CDHS"]
RefCard = tuple[int, str]


def ref_card(text: str) -> RefCard:
    return REF_RANKS[text[:-1]], text[-1]


def ref_value(card: RefCard) -> int:
    return min(card[0], 10)


def ref_peg(seq: list[RefCard]) -> int:
    """Points for the last card of ``seq`` (the cards of the count, in order)."""
    points = 0
    if sum(ref_value(c) for c in seq) in (15, 31):
        points += 2
    same = 1
    while same < len(seq) and seq[-1 - same][0] == seq[-1][0]:
        same += 1
    points += same * (same - 1)  # every pair among them, 2 each: 2, 6, 12
    best = 0
    for length in range(3, len(seq) + 1):
        ranks = sorted(c[0] for c in seq[-length:])
        if ranks == list(range(ranks[0], ranks[0] + length)):
            best = length
    return points + best


class RefPlay:
    """The play with explicit goes, as the rules read: a seat that cannot play says go once
    and sits out the count; the count ends when no seat with cards is left in it (or, under
    Bicycle's rule, at two goes in a row); the last card's player takes 1 (31 is 2, scored
    with the card); the next count is led from the left of that player."""

    def __init__(self, hands: list[list[RefCard]], leader: int, single_count: bool, bicycle: bool) -> None:
        self.hands = [list(h) for h in hands]
        self.n = len(hands)
        self.pile: list[RefCard] = []
        self.turn: int | None = leader
        self.last = -1
        self.out = [False] * self.n
        self.goes_in_a_row = 0
        self.single_count = single_count
        self.bicycle = bicycle

    def count(self) -> int:
        return sum(ref_value(c) for c in self.pile)

    def playable(self) -> list[RefCard]:
        assert self.turn is not None
        return [c for c in self.hands[self.turn] if ref_value(c) + self.count() <= 31]

    def _still_in(self, after: int) -> int | None:
        for step in range(1, self.n + 1):
            seat = (after + step) % self.n
            if self.hands[seat] and not self.out[seat]:
                return seat
        return None

    def _next_count(self) -> None:
        self.pile, self.out, self.goes_in_a_row = [], [False] * self.n, 0
        self.turn = None
        if not self.single_count:
            for step in range(1, self.n + 1):
                if self.hands[(self.last + step) % self.n]:
                    self.turn = (self.last + step) % self.n
                    break

    def play(self, card: RefCard) -> dict[int, int]:
        seat = self.turn
        assert seat is not None
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.last, self.goes_in_a_row = seat, 0
        points = ref_peg(self.pile)
        if self.count() == 31:
            self._next_count()
        elif not any(self.hands) or self._still_in(seat) is None:
            points += 1
            self._next_count()
        else:
            self.turn = self._still_in(seat)
        return {seat: points}

    def go(self) -> dict[int, int]:
        seat = self.turn
        assert seat is not None
        self.out[seat] = True
        self.goes_in_a_row += 1
        if (self.bicycle and self.goes_in_a_row >= 2) or self._still_in(seat) is None:
            last = self.last
            self._next_count()
            return {last: 1}
        self.turn = self._still_in(seat)
        return {}


def rules_44_totals(
    hands: list[list[RefCard]], leader: int, cards_in_order: list[tuple[int, RefCard]], single_count: bool
) -> list[int]:
    """docs/rules.md 4.4's algorithm (goes implicit, continue-until-none), replaying the same cards."""
    hands = [list(h) for h in hands]
    n = len(hands)
    score = [0] * n
    todo = iter(cards_in_order)
    count, seq, turn, last = 0, [], leader, leader

    def fits(seat: int) -> bool:
        return any(ref_value(c) + count <= 31 for c in hands[seat])

    def leader_after(seat: int) -> int | None:
        return next(((seat + k) % n for k in range(1, n + 1) if hands[(seat + k) % n]), None)

    while any(hands):
        if not hands[turn]:
            turn = (turn + 1) % n
            continue
        if fits(turn):
            seat, card = next(todo)
            assert seat == turn and card in hands[turn] and ref_value(card) + count <= 31
            hands[turn].remove(card)
            seq.append(card)
            count += ref_value(card)
            last = turn
            score[turn] += ref_peg(seq)
            ended = False
            if count == 31:
                ended = True
            elif not any(hands):
                score[turn] += 1
                break
            elif not any(fits(s) for s in range(n)):
                score[turn] += 1
                ended = True
            if ended:
                if single_count:
                    break
                count, seq = 0, []
                nxt = leader_after(last)
                if nxt is None:
                    break
                turn = nxt
                continue
        turn = (turn + 1) % n
    return score
