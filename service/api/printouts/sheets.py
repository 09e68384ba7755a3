"""A round's sheets to print for the tables: a blank scorecard for each table (two a page), and
a table card for each table (one a page: the number large, the round's two names).

Each sheet carries the event's heading itself (:func:`~service.api.formats.heading_html`), so
every printed page has it; names are text, escaped, and the sheet's own words are in their own
elements.
"""

from __future__ import annotations

import html

from ...core.tournaments.schedules import Pairing, Round
from ..formats import heading_html, page_html
from .heading import Heading

# A scorecard's boxes, one row per player: what the two players fill in and sign.
CARD_BOXES = ("score", "game points", "spread", "signature")


def _scorecard(number: int, pairing: Pairing, heading: Heading | None) -> str:
    esc = html.escape
    head = "".join(f'<th scope="col">{esc(name)}</th>' for name in ("player", *CARD_BOXES))
    rows = "".join(
        f'<tr><th scope="row">{esc(name)}</th>'
        + "".join('<td class="signature"></td>' if box == "signature" else "<td></td>" for box in CARD_BOXES)
        + "</tr>"
        for name in pairing.players
    )
    return (
        '<section class="sheet scorecard">\n'
        + heading_html(heading)
        + f"<h2>Round {number} · Table {pairing.board}</h2>\n"
        + f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>{rows}</tbody>\n</table>\n"
        + '<p class="note">The winner has exactly the target score; each player signs their own line.</p>\n'
        + "</section>\n"
    )


def scorecards_page(round_: Round, heading: Heading | None) -> tuple[str, bytes]:
    """One blank scorecard per table of the round, two a printed page."""
    title = f"Scorecards, round {round_.number}"
    cards = [_scorecard(round_.number, p, heading) for p in round_.pairings]
    return title, page_html(title, [_bye_line(round_), *cards], heading=heading)


def _table_card(number: int, pairing: Pairing, heading: Heading | None) -> str:
    esc = html.escape
    names = "".join(f'<p class="players">{esc(name)}</p>\n' for name in pairing.players)
    return (
        '<section class="sheet table-card">\n'
        + heading_html(heading)
        + f'<p class="round">Round {number}</p>\n<p class="number">{pairing.board}</p>\n'
        + names
        + "</section>\n"
    )


def table_cards_page(round_: Round, heading: Heading | None) -> tuple[str, bytes]:
    """One card per table of the round, a printed page each: the table's number, large, and
    the two players of the round."""
    title = f"Table cards, round {round_.number}"
    cards = [_table_card(round_.number, p, heading) for p in round_.pairings]
    return title, page_html(title, [_bye_line(round_), *cards], heading=heading)


def _bye_line(round_: Round) -> str:
    """The player with the round's bye (no table, no card): the word and the name apart."""
    if round_.bye is None:
        return ""
    return f'<p class="note"><i class="word">bye</i>: <span class="name">{html.escape(round_.bye)}</span></p>\n'


__all__ = ["scorecards_page", "table_cards_page", "CARD_BOXES"]
