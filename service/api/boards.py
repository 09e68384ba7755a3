"""Scoreboards for games played with real cards: ``/v1/boards``, ``/v1/boards/peg``, ``/v1/boards/deal``.

The board is plain JSON the client keeps; each request sends it back whole and it is checked
before scoring (``service.api.wire.boards.load_board``, ``service.core.boards.board``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.boards.board import new_board, peg, score_deal
from .loading import body
from .wire.boards import DealRequest, NewBoard, PegRequest, update

bp = Blueprint("boards", __name__, url_prefix="/v1/boards")


@bp.post("")
@body("createBoard")
def create(request: NewBoard) -> tuple[dict[str, Any], int]:
    return update(new_board(request.rules, request.dealer)), 201


@bp.post("/peg")
@body("pegBoard")
def peg_score(request: PegRequest) -> dict[str, Any]:
    return update(peg(request.board, request.side, request.points, request.kind))


@bp.post("/deal")
@body("scoreBoardDeal")
def deal(request: DealRequest) -> dict[str, Any]:
    return update(score_deal(request.board, request.deal))
