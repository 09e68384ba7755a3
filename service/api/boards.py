"""Scoreboards for games played with real cards: ``/v1/boards``, ``/v1/boards/peg``, ``/v1/boards/deal``.

The board is plain JSON the client keeps; each request sends it back whole and it is checked
before scoring (``service.api.wire.boards.load_board``, ``service.core.boards``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.boards.board import new_board, peg, score_deal
from .spec import body
from .wire.boards import CreateBoardSchema, DealSchema, PegSchema, update

bp = Blueprint("boards", __name__, url_prefix="/v1/boards")
create_request = CreateBoardSchema()
peg_request = PegSchema()
deal_request = DealSchema()


@bp.post("")
@body("createBoard")
def create(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    request = create_request.load(data)
    return update(new_board(request.rules, request.dealer)), 201


@bp.post("/peg")
@body("pegBoard")
def peg_score(data: dict[str, Any]) -> dict[str, Any]:
    request = peg_request.load(data)
    return update(peg(request.board, request.side, request.points, request.kind))


@bp.post("/deal")
@body("scoreBoardDeal")
def deal(data: dict[str, Any]) -> dict[str, Any]:
    request = deal_request.load(data)
    return update(score_deal(request.board, request.deal))
