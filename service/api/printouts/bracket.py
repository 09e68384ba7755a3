"""The elimination bracket as a picture: an SVG inside the printable page, each match a box with
its two slots (a name, or where the player will come from, in the sheet's own words, set apart
by their class) and each slot's scores, lines from each match to the one its winner goes to;
then the matches as a table.

The SVG is inline and carries no script, no ``style`` attribute and no link: the page's one
style (:data:`~service.api.formats.STYLE`, allowed by its hash) draws it, so the page's policy
stays :data:`~service.api.formats.HTML_CSP`. Every text is escaped, so the SVG is well-formed XML.

Layout: a column per round; the winners' bracket on top, the losers' bracket under it, the
final(s) to the right. A first-round match takes the next row; a later one sits level with the
matches that feed it (their middle), pushed down only as far as keeps the boxes apart.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from ...core.tournaments.elimination import BracketMatch, EliminationState
from ..formats import page_html, table_html
from ..wire.tables import elimination_table, slot_scores, source_word
from .heading import Heading

BOX_W, BOX_H, COL_GAP, ROW_GAP, MARGIN, SECTION_GAP = 220, 44, 50, 12, 24, 36
PITCH = BOX_H + ROW_GAP
CHAR_W = 6.2  # an average character of the 11px text, to squeeze a long name into its box
SECTIONS = {"winners": "Winners' bracket", "losers": "Losers' bracket", "final": "Final"}
Results = Mapping[int, Sequence[Sequence[int]]]


def _round_label(state: EliminationState, m: BracketMatch) -> str:
    if m.bracket == "final":
        return "Final" if m.round == 1 else "Final, reset"
    if m.bracket == "losers":
        return f"Losers' round {m.round}"
    if state.double:
        return f"Winners' round {m.round}"
    left = state.size >> (m.round - 1)
    return {2: "Final", 4: "Semifinals", 8: "Quarterfinals"}.get(left, f"Round of {left}")


def layout(state: EliminationState) -> dict[int, tuple[int, float]]:
    """Each match's column and top, by id."""
    place: dict[int, tuple[int, float]] = {}
    top = float(MARGIN + 18)
    columns = max((m.round for m in state.matches if m.bracket != "final"), default=1)
    for section in ("winners", "losers", "final"):
        rounds = [r for r in state.rounds if r.bracket == section]
        if not rounds:
            continue
        bottom = top
        for r in rounds:
            column = r.round - 1 if section != "final" else columns + r.round - 1
            wanted = []
            for match_id in r.matches:
                m = state.matches[match_id - 1]
                fed = [place[s.ref][1] for s in m.sources if s.kind == "winner" and s.ref in place]
                if section == "final" and m.round == 2:
                    fed = [place[match_id - 1][1]]
                wanted.append((sum(fed) / len(fed) if fed else None, match_id))
            floor = top - PITCH
            for y, match_id in wanted:
                y = max(floor + PITCH, top if y is None else y)
                place[match_id] = (column, y)
                floor = y
                bottom = max(bottom, y + BOX_H)
        top = bottom + SECTION_GAP + 18
    return place


def _slot(state: EliminationState, m: BracketMatch, side: int, games: Sequence[Sequence[int]] | None) -> str:
    """One slot's line: the name (or the sheet's word, class ``word``), its scores on the right."""
    seed, source = m.seeds[side], m.sources[side]
    name = state.name(seed)
    if name is not None:
        text, kind = name, "name"
    elif seed is not None:
        text, kind = f"seed {seed}", "word"
    else:
        text, kind = str(source_word(source) or "TBD"), "word"
    won = " won" if m.winner is not None and m.winner == seed and m.status == "played" else ""
    scores = slot_scores(games, side) if m.status == "played" else None
    room = BOX_W - 12 - (0 if scores is None else len(scores) * CHAR_W + 8)
    squeeze = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(text) * CHAR_W > room else ""
    line = f'<text class="{kind}{won}" x="6" y="{15 + side * 22}"{squeeze}>{html.escape(text)}</text>'
    if scores is not None:
        line += f'<text class="score{won}" x="{BOX_W - 6}" y="{15 + side * 22}">{html.escape(scores)}</text>'
    return line


def bracket_svg(state: EliminationState, results: Results | None = None) -> str:
    """The bracket drawn as an ``<svg>`` element (no script, no style attribute)."""
    given = results or {}
    place = layout(state)
    width = MARGIN * 2 + (max(c for c, _ in place.values()) + 1) * (BOX_W + COL_GAP)
    height = int(max(y for _, y in place.values()) + BOX_H + MARGIN)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="bracket-title">',
        '<title id="bracket-title">The bracket: each match, its players and scores</title>',
    ]
    labelled: set[tuple[str, int]] = set()
    for m in state.matches:
        column, y = place[m.id]
        x = MARGIN + 30 + column * (BOX_W + COL_GAP)
        if (m.bracket, m.round) not in labelled:
            labelled.add((m.bracket, m.round))
            parts.append(f'<text class="section" x="{x}" y="{y - 8:.0f}">{html.escape(_round_label(state, m))}</text>')
        feeders = (
            [m.id - 1] if m.bracket == "final" and m.round == 2 else [s.ref for s in m.sources if s.kind == "winner"]
        )
        for ref in feeders:
            if ref in place:
                sc, sy = place[ref]
                sx = MARGIN + 30 + sc * (BOX_W + COL_GAP) + BOX_W
                mid = x - COL_GAP / 2
                parts.append(f'<path d="M{sx} {sy + BOX_H / 2:.0f} H{mid:.0f} V{y + BOX_H / 2:.0f} H{x}"/>')
        decided = " decided" if m.status == "played" else ""
        parts.append(
            f'<g class="match {m.status}" transform="translate({x} {y:.0f})">'
            f'<rect class="match{decided}" width="{BOX_W}" height="{BOX_H}"/>'
            f'<line x1="0" y1="{BOX_H // 2}" x2="{BOX_W}" y2="{BOX_H // 2}"/>'
            f'<text class="id" x="-6" y="{BOX_H // 2 + 4}" text-anchor="end">{m.id}</text>'
            + _slot(state, m, 0, given.get(m.id))
            + _slot(state, m, 1, given.get(m.id))
            + "</g>"
        )
    parts.append("</svg>\n")
    return "\n".join(parts)


def bracket_page(
    state: EliminationState,
    title: str,
    heading: Heading | None,
    results: Results | None = None,
    notes: Sequence[str] = (),
) -> tuple[str, bytes]:
    """The page: the heading, the title, notes, the picture, then one row per match."""
    table = elimination_table(state, title, results)
    content = [bracket_svg(state, results), table_html(table.header, table.rows, heading=heading)]
    return title, page_html(title, content, notes=(*notes, *table.notes), heading=heading)


__all__ = ["bracket_svg", "bracket_page", "layout"]
