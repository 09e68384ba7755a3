"""Scoreboards for games played with real cards: pegs moved by what players say they scored.

:mod:`.board` (a board, a peg, a deal's scores), :mod:`.checks` (a board sent back, checked
whole) and :mod:`.bounds` (what a score may be worth in each part of a deal, so that an
impossible score is refused; the most a side can reach is :mod:`..scoring.reach`).
"""

from .board import Board, new_board, peg, score_deal
from .checks import check_board

__all__ = ["Board", "check_board", "new_board", "peg", "score_deal"]
