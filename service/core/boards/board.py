"""The scoreboard for a game played with real cards: plain JSON that the client keeps.

Nothing on a board is secret, so it travels as plain JSON and every request checks it
whole (:func:`.checks.check_board`): a board whose pegs, dealer, stage or result disagree is
refused, never trusted. Each side has two pegs, ``front`` (its score) and ``back`` (where
the front peg was before its last move), as on a wooden board.

Scores arrive one at a time (:func:`peg`) or a deal at a time (:func:`score_deal`), and
the board keeps the counting order of a deal (docs/rules.md 5): his heels at the cut, the
pegging, each hand in show order (the dealer's left first, the dealer last), then the
crib, which ends the deal and passes it to the left. The game ends at the first score that
reaches the target (the winner's peg sits in the game hole); a fixed-deals game (docs/rules.md
9.4) ends after its last deal and is compared on totals.

>>> from ..rules import STANDARD
>>> update = new_board(STANDARD, dealer=0)
>>> update = peg(update.board, side=1, points=2, kind="fifteen")
>>> update.board.pegs[1]
Pegs(front=2, back=0)
>>> update = peg(update.board, side=1, points=8, kind="hand")    # the pone's hand first
>>> update = peg(update.board, side=0, points=12, kind="hand")   # then the dealer's
>>> update = peg(update.board, side=0, points=4, kind="crib")    # the crib ends the deal
>>> update.board.deal, update.board.dealer, [p.front for p in update.board.pegs]
(2, 1, [16, 10])

Absurd or out-of-order scores are refused:

>>> peg(update.board, side=0, points=20, kind="pair")
Traceback (most recent call last):
...
service.core.errors.InvalidScore: a pair scores 2, not 20
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..errors import AmbiguousDeal, GameOver, IllegalAction, InvalidScore
from ..refusals import Said, said
from ..rules import HEELS_POINTS, THREE_FOR_LAST_POINTS, Rules
from ..scoring.outcome import Outcome, outcome
from ..scoring.reach import CRIB_TOTALS, MAX_CARD_PEGGING, deal_bound, game_bound, hand_totals, pegging_bound
from ..vocabulary import PegKind, Stage
from .bounds import FREE_POINTS, KIND_WORDS, MAX_DEALS, PEG_KINDS, PLAY_POINTS


@dataclass(frozen=True, slots=True)
class Pegs:
    """A side's two pegs: ``front`` is its score, ``back`` where the front stood before."""

    front: int
    back: int


@dataclass(frozen=True, slots=True)
class Move:
    """One score pegged: who, how many, why, and where the side's pegs now stand."""

    side: int
    kind: PegKind
    points: int
    seat: int | None
    front: int
    back: int


@dataclass(frozen=True, slots=True)
class Board:
    """A scoreboard. ``deal`` is the number of the deal being scored (from 1); ``stage`` and
    ``shown`` say where that deal is in the counting order (``shown`` hands counted so far)."""

    rules: Rules
    first_dealer: int
    deal: int
    stage: Stage
    shown: int
    pegs: tuple[Pegs, ...]
    over: bool
    winner: int | None

    @property
    def dealer(self) -> int:
        """The deal passes to the left (the next seat) after every deal."""
        return (self.first_dealer + self.deal - 1) % self.rules.players

    @property
    def target(self) -> int | None:
        """The score that wins, or ``None`` in a fixed-deals game."""
        return None if self.rules.fixed_deals is not None else self.rules.target

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(p.front for p in self.pegs)

    @property
    def next_hand(self) -> int | None:
        """The seat whose hand is counted next in the show, or ``None`` once all are."""
        if self.shown >= self.rules.players:
            return None
        return (self.dealer + 1 + self.shown) % self.rules.players

    @property
    def outcome(self) -> Outcome | None:
        return outcome(self.scores, self.rules) if self.over else None


@dataclass(frozen=True, slots=True)
class BoardUpdate:
    """A board after a request, with the pegs that moved, in the order they moved."""

    board: Board
    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class DealTotals:
    """A whole deal as one number per side: what each side pegged in it (play, hands and,
    for the dealer's side, heels and the crib)."""

    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealItems:
    """A whole deal itemised in counting order: heels, the pegging per side, each hand in
    show order (the dealer's left first), the crib."""

    heels: int
    pegging: tuple[int, ...]
    hands: tuple[int, ...]
    crib: int


# --- building and reading boards ---------------------------------------------------------


def new_board(rules: Rules, dealer: int) -> BoardUpdate:
    """A fresh board: every peg at 0, ``dealer`` to deal first.

    In the five-card game the first pone's three for last is pegged at once (docs/rules.md 9.1).
    """
    if not 0 <= dealer < rules.players:
        raise IllegalAction(said("b_dealer_range", last=rules.players - 1), pointer="/dealer")
    board = Board(
        rules=rules,
        first_dealer=dealer,
        deal=1,
        stage="cut",
        shown=0,
        pegs=tuple(Pegs(0, 0) for _ in range(rules.sides)),
        over=False,
        winner=None,
    )
    if rules.three_for_last in ("game_start", "every_deal"):
        return _three_for_last(board)
    return BoardUpdate(board, ())


# --- scoring ---------------------------------------------------------------------------------


def _check_open(board: Board) -> None:
    if board.over:
        raise GameOver(said("b_over"), pointer="/board/over")


def _check_side(board: Board, side: int, pointer: str = "/side") -> None:
    if not 0 <= side < board.rules.sides:
        raise InvalidScore(said("b_no_side", side=side, last=board.rules.sides - 1), pointer=pointer)


def _score(board: Board, side: int, points: int, kind: PegKind, seat: int | None = None) -> tuple[Board, Move | None]:
    """Move a side's pegs; the first score to reach the target ends the game."""
    if points == 0 or board.over:
        return board, None
    old = board.pegs[side]
    front = old.front + points
    over, winner = False, None
    if board.target is not None and front >= board.target:
        front, over, winner = board.target, True, side
    new = Pegs(front, old.front)
    pegs = (*board.pegs[:side], new, *board.pegs[side + 1 :])
    return replace(board, pegs=pegs, over=over, winner=winner), Move(side, kind, points, seat, new.front, new.back)


def _three_for_last(board: Board) -> BoardUpdate:
    pone = (board.dealer + 1) % board.rules.players
    board, move = _score(board, board.rules.side_of(pone), THREE_FOR_LAST_POINTS, "three_for_last", pone)
    return BoardUpdate(board, () if move is None else (move,))


def _end_deal(board: Board) -> BoardUpdate:
    """The crib is counted: the deal passes to the left; a fixed-deals game may end."""
    if board.deal >= MAX_DEALS:
        raise IllegalAction(said("b_max_deals", most=MAX_DEALS), pointer="/board/deal")
    board = replace(board, deal=board.deal + 1, stage="cut", shown=0)
    fixed = board.rules.fixed_deals
    if fixed is not None and board.deal > fixed:
        board = replace(board, over=True)
        result = outcome(board.scores, board.rules)
        return BoardUpdate(replace(board, winner=result.winner), ())
    if board.rules.three_for_last == "every_deal":
        return _three_for_last(board)
    return BoardUpdate(board, ())


def _check_points(kind: PegKind, points: int, allowed: frozenset[int], pointer: str) -> None:
    if points not in allowed:
        low, high = min(allowed), max(allowed)
        words = said(KIND_WORDS[kind])
        if low == high:
            raise InvalidScore(said("b_scores_exactly", kind=words, low=low, points=points), pointer=pointer)
        key = "b_scores_between" if len(allowed) == high - low + 1 else "b_scores_gaps"
        raise InvalidScore(said(key, kind=words, points=points, low=low, high=high), pointer=pointer)


def _check_heels(board: Board, points: int, pointer: str) -> None:
    """His heels is 2 to the dealer's side, unless a house rule withholds it."""
    rules = board.rules
    front = board.pegs[rules.side_of(board.dealer)].front
    if points and not rules.heels_allowed(front):
        late = rules.no_heels_at_or_above is not None and front >= rules.no_heels_at_or_above
        reason = said("b_no_late_heels", score=rules.no_heels_at_or_above) if late else said("b_heels_not_out")
        raise IllegalAction(reason, pointer=pointer)


def peg(board: Board, side: int, points: int, kind: PegKind = "other") -> BoardUpdate:
    """One score as it happens, in table order.

    ``kind`` places the score in the deal's counting order: ``heels`` (2, the dealer's
    side, at the cut), a play kind (``fifteen``, ``pair``, ``go``, ... or ``pegging`` for
    one card's points), ``hand`` (the next hand in show order; 0 is allowed, to count a
    hand that scores nothing), ``crib`` (the dealer's side, after every hand; ends the
    deal). ``muggins``, ``penalty`` and ``other`` stand outside the order.
    """
    _check_open(board)
    _check_side(board, side)
    stage, shown, seat = _place(board, side, points, kind)
    board = replace(board, stage=stage, shown=shown)
    board, move = _score(board, side, points, kind, seat)
    moves = () if move is None else (move,)
    if kind == "crib" and not board.over:
        ended = _end_deal(board)
        return _within_bounds(BoardUpdate(ended.board, moves + ended.moves), "/points")
    return _within_bounds(BoardUpdate(board, moves), "/points")


def _within_bounds(update: BoardUpdate, pointer: str) -> BoardUpdate:
    """``update``, unless a side would hold more than its deals could give: scores outside the
    order (muggins, penalties, corrections) are not bounded by the deal and use up the room the
    deals leave, and a board answered with must pass the check every board sent back passes."""
    board = update.board
    for side, pegs in enumerate(board.pegs):
        if pegs.front > game_bound(board.rules, board.deal, side):
            raise InvalidScore(said("b_deal_points", points=pegs.front, deals=board.deal), pointer=pointer)
    return update


# A score's place in the deal's counting order: the stage and hands shown after it, the seat it is for (if one's).
Placed = tuple[Stage, int, int | None]


def _place(board: Board, side: int, points: int, kind: PegKind) -> Placed:
    if kind in _PLACES:
        return _PLACES[kind](board, side, points)
    if kind in PLAY_POINTS:
        _check_points(kind, points, PLAY_POINTS[kind], "/points")
        if board.stage == "show":
            raise IllegalAction(said("b_play_over"), pointer="/kind")
        return "play", board.shown, None
    if kind in FREE_POINTS:
        _check_points(kind, points, FREE_POINTS[kind], "/points")
        return board.stage, board.shown, None
    raise InvalidScore(said("b_unknown_kind", kind=kind, known=", ".join(PEG_KINDS)), pointer="/kind")


def _heels(board: Board, side: int, points: int) -> Placed:
    _check_points("heels", points, frozenset({HEELS_POINTS}), "/points")
    dealer_side = board.rules.side_of(board.dealer)
    if side != dealer_side:
        raise IllegalAction(said("b_heels_side", side=dealer_side), pointer="/side")
    if board.stage != "cut":
        raise IllegalAction(said("b_heels_at_cut"), pointer="/kind")
    _check_heels(board, points, "/kind")
    return "play", board.shown, board.dealer


def _hand(board: Board, side: int, points: int) -> Placed:
    rules = board.rules
    _check_points("hand", points, hand_totals(rules), "/points")
    seat = board.next_hand
    if seat is None:
        raise IllegalAction(said("b_crib_next"), pointer="/kind")
    if side != rules.side_of(seat):
        raise IllegalAction(
            said("b_next_hand", seat=seat, side=rules.side_of(seat)),
            pointer="/side",
            next_seat=seat,
            next_side=rules.side_of(seat),
        )
    return "show", board.shown + 1, seat


def _crib(board: Board, side: int, points: int) -> Placed:
    rules = board.rules
    _check_points("crib", points, CRIB_TOTALS, "/points")
    if board.shown < rules.players:
        raise IllegalAction(said("b_crib_last", count=rules.players - board.shown), pointer="/kind")
    dealer_side = rules.side_of(board.dealer)
    if side != dealer_side:
        raise IllegalAction(said("b_crib_side", side=dealer_side), pointer="/side")
    return board.stage, board.shown, board.dealer


_PLACES: dict[str, Callable[[Board, int, int], Placed]] = {"heels": _heels, "hand": _hand, "crib": _crib}


def _score_sides(board: Board, points: Sequence[int], kind: PegKind, pointer: str) -> tuple[Board, list[Move]]:
    """Several sides' scores whose order within the deal is unknown. At most one of them
    may reach the target (else only the order could decide): that one is pegged last."""
    target = board.target
    if board.over:
        return board, []
    if target is not None:
        out = [side for side, p in enumerate(points) if p and board.pegs[side].front + p >= target]
        if len(out) > 1:
            raise AmbiguousDeal(
                said("b_ambiguous", a=out[0], b=out[1], target=target),
                pointer=pointer,
                sides=out,
            )
        order = [side for side in range(len(points)) if side not in out] + out
    else:
        order = list(range(len(points)))
    moves: list[Move] = []
    for side in order:
        board, move = _score(board, side, points[side], kind)
        if move is not None:
            moves.append(move)
    return board, moves


def score_deal(board: Board, deal: DealTotals | DealItems) -> BoardUpdate:
    """A whole deal at once, then the deal passes to the left.

    One number per side (:class:`DealTotals`): each is what the side pegged in the deal;
    when one side goes out its number is pegged last. When two sides would pass the target
    only the counting order can decide, so the answer asks for the itemised form
    (:class:`AmbiguousDeal`).

    Itemised (:class:`DealItems`): heels, the pegging per side, each hand in show order and
    the crib are pegged in that order, and the first score to reach the target ends the
    game; what comes after it is never counted (docs/rules.md 5, case G1). Only a play in which
    two sides peg out is ambiguous; that needs the play one score at a time.

    Every part is bounded by what a deal can give (see :func:`deal_bound`).
    """
    _check_open(board)
    if board.stage != "cut":
        raise IllegalAction(said("b_pegging_now"), pointer="/board/stage")
    rules = board.rules
    dealer_side = rules.side_of(board.dealer)
    moves: list[Move] = []
    if isinstance(deal, DealTotals):
        _lengths(deal.scores, rules.sides, "/deal/scores", said("b_per_side"))
        for side, points in enumerate(deal.scores):
            most = deal_bound(rules, side, board.dealer)
            if not 0 <= points <= most:
                raise InvalidScore(
                    said("b_deal_most", side=side, points=points, most=most), pointer=f"/deal/scores/{side}"
                )
        board, moves = _score_sides(board, deal.scores, "deal", "/deal/scores")
    else:
        _lengths(deal.pegging, rules.sides, "/deal/pegging", said("b_pegging_per_side"))
        _lengths(deal.hands, rules.players, "/deal/hands", said("b_hand_per_player"))
        _check_points("heels", deal.heels, frozenset({0, HEELS_POINTS}), "/deal/heels")
        for side, points in enumerate(deal.pegging):
            most = pegging_bound(rules, side)
            if not 0 <= points <= most:
                raise InvalidScore(
                    said("b_play_most", side=side, points=points, most=most, per_card=MAX_CARD_PEGGING),
                    pointer=f"/deal/pegging/{side}",
                )
        for index, points in enumerate(deal.hands):
            _check_points("hand", points, hand_totals(rules), f"/deal/hands/{index}")
        _check_points("crib", deal.crib, CRIB_TOTALS, "/deal/crib")
        if deal.heels:
            _check_heels(board, deal.heels, "/deal/heels")
        board, move = _score(board, dealer_side, deal.heels, "heels", board.dealer)
        moves += [move] if move else []
        board, pegged = _score_sides(board, deal.pegging, "pegging", "/deal/pegging")
        moves += pegged
        for index, points in enumerate(deal.hands):
            seat = (board.dealer + 1 + index) % rules.players
            board, move = _score(board, rules.side_of(seat), points, "hand", seat)
            moves += [move] if move else []
        board, move = _score(board, dealer_side, deal.crib, "crib", board.dealer)
        moves += [move] if move else []
    if board.over:
        return _within_bounds(BoardUpdate(board, tuple(moves)), "/deal")
    ended = _end_deal(board)
    return _within_bounds(BoardUpdate(ended.board, tuple(moves) + ended.moves), "/deal")


def _lengths(values: Sequence[int], expected: int, pointer: str, what: Said) -> None:
    if len(values) != expected:
        raise InvalidScore(said("b_numbers", what=what, expected=expected, count=len(values)), pointer=pointer)


__all__ = [
    "Board",
    "BoardUpdate",
    "DealItems",
    "DealTotals",
    "Move",
    "Pegs",
    "new_board",
    "peg",
    "score_deal",
    "PEG_KINDS",
]
