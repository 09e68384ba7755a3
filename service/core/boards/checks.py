"""A scoreboard sent back by a client, checked whole before it is used (:func:`check_board`).

Nothing on a board is secret, so it travels as plain JSON and is never trusted: the dealer
must follow from the first dealer and the deal number, the stage must fit the show, no peg
may be past the game hole or behind its partner, no side may hold more than its deals could
have given it (:func:`~..scoring.reach.game_bound`, the bound :mod:`.board` also keeps every board it
answers with inside), and ``over`` and ``winner`` must follow from the pegs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..errors import InvalidBoard
from ..refusals import Said, said
from ..rules import Rules
from ..scoring.outcome import outcome
from ..scoring.reach import game_bound
from ..vocabulary import STAGES, Stage
from .board import Board, Pegs


def _bad(message: Said, pointer: str) -> InvalidBoard:
    return InvalidBoard(message, pointer=pointer)


def check_board(
    rules: Rules,
    first_dealer: int,
    dealer: int,
    deal: int,
    stage: Stage,
    shown: int,
    pegs: Sequence[Pegs],
    over: bool,
    winner: int | None,
    pointer: str = "/board",
) -> Board:
    """A board a client sent back, once every part of it is checked against the others.

    The shape (types, bounds, no unknown members) is the contract's job; this checks the
    cribbage: the dealer follows from the first dealer and the deal number, the stage fits
    the show, no peg is past the game hole or behind its partner, no side holds more than
    its deals could have given it, and ``over`` and ``winner`` follow from the pegs.
    Anything else raises :class:`InvalidBoard` (``pointer`` is where the board sits in the
    request).
    """
    _check_deal(rules, first_dealer, dealer, deal, stage, shown, pointer)
    _check_pegs(rules, deal, pegs, pointer)
    _check_over(rules, deal, stage, shown, pegs, over, pointer)
    board = Board(rules, first_dealer, deal, stage, shown, tuple(pegs), over, None)
    expected_winner = outcome(board.scores, rules).winner if over else None
    if winner != expected_winner:
        raise _bad(said("b_winner", expected=expected_winner, winner=winner), f"{pointer}/winner")
    return replace(board, winner=expected_winner)


def _check_deal(rules: Rules, first_dealer: int, dealer: int, deal: int, stage: str, shown: int, pointer: str) -> None:
    """The dealer follows from the first dealer and the deal number; the stage fits the show."""
    if not 0 <= first_dealer < rules.players:
        raise _bad(said("b_first_dealer", last=rules.players - 1), f"{pointer}/first_dealer")
    if deal < 1:
        raise _bad(said("b_deal_from_1"), f"{pointer}/deal")
    if dealer != (first_dealer + deal - 1) % rules.players:
        raise _bad(said("b_dealer_follows"), f"{pointer}/dealer")
    if stage not in STAGES:
        raise _bad(said("b_stage", stages=", ".join(STAGES)), f"{pointer}/stage")
    if not 0 <= shown <= rules.players or (stage == "show") != (shown > 0):
        raise _bad(said("b_shown"), f"{pointer}/shown")


def _check_pegs(rules: Rules, deal: int, pegs: Sequence[Pegs], pointer: str) -> None:
    """A pair of pegs per side, the back behind the front, none past the game hole or past what the deals can give."""
    if len(pegs) != rules.sides:
        raise _bad(said("b_peg_pairs", sides=rules.sides), f"{pointer}/pegs")
    for side, p in enumerate(pegs):
        where = f"{pointer}/pegs/{side}"
        if p.back > p.front or (p.back == p.front and p.front != 0):
            raise _bad(said("b_back_peg"), where)
        if rules.fixed_deals is None and p.front > rules.target:
            raise _bad(said("b_past_hole", target=rules.target), f"{where}/front")
        if p.front > game_bound(rules, deal, side):
            raise _bad(said("b_deal_points", points=p.front, deals=deal), f"{where}/front")


def _check_over(
    rules: Rules, deal: int, stage: str, shown: int, pegs: Sequence[Pegs], over: bool, pointer: str
) -> None:
    """``over`` follows from the deals (a fixed-deals game) or the pegs (a game to a target)."""
    fixed_deals = rules.fixed_deals
    if fixed_deals is not None:
        if deal > fixed_deals + 1:
            raise _bad(said("b_no_deal", deals=fixed_deals, deal=deal), f"{pointer}/deal")
        if over != (deal == fixed_deals + 1):
            raise _bad(said("b_fixed_over"), f"{pointer}/over")
        if over and (stage, shown) != ("cut", 0):
            raise _bad(said("b_fixed_done"), f"{pointer}/stage")
        return
    at_target = [side for side, p in enumerate(pegs) if p.front == rules.target]
    if len(at_target) > 1:
        raise _bad(said("b_two_at_hole"), f"{pointer}/pegs/{at_target[1]}/front")
    if over != bool(at_target):
        raise _bad(said("b_over_at_target"), f"{pointer}/over")


__all__ = ["check_board"]
