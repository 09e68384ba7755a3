"""Scoreboards for games played with real cards: ``/v1/boards``, ``/v1/boards/peg``, ``/v1/boards/deal``.

The board is plain JSON the client keeps; each request sends it back whole and the core
checks it before scoring (see ``service.core.boards``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.boards import new_board, peg, score_deal
from .board_schemas import create_board_schema, deal_schema, peg_schema
from .spec import body

bp = Blueprint("boards", __name__, url_prefix="/v1/boards")


@bp.post("")
@body("createBoard")
def create(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    request = create_board_schema.load(data)
    return new_board(request["rules"], request["dealer"]).to_dict(), 201


@bp.post("/peg")
@body("pegBoard")
def peg_score(data: dict[str, Any]) -> dict[str, Any]:
    request = peg_schema.load(data)
    return peg(request["board"], request["side"], request["points"], request["kind"]).to_dict()


@bp.post("/deal")
@body("scoreBoardDeal")
def deal(data: dict[str, Any]) -> dict[str, Any]:
    request = deal_schema.load(data)
    return score_deal(request["board"], request["deal"]).to_dict()
