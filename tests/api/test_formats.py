"""Content negotiation, CSV and the printable page (service/api/formats.py, tables.py): the CSV
read back with Python's csv module, the page read back with html.parser."""

from __future__ import annotations

import base64
import dataclasses
import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.api.formats import (
    CSV,
    HTML,
    HTML_CSP,
    JSON,
    Table,
    choose,
    negotiate,
    render,
    render_csv,
    render_html,
)
from service.api.problems import ApiError
from service.api.wire.tables import crosstable_table, elimination_table, schedule_table, standings_table
from service.core.rules import STANDARD
from service.core.scoring.results import GameResult
from service.core.tournaments.crosstable import crosstable
from service.core.tournaments.elimination import elimination
from service.core.tournaments.schedules import round_robin
from service.core.tournaments.standings import standings
from tests.support.formats import TRIGGERS, Page, read_csv

HOSTILE = [
    "=cmd|' /C calc'!A0",
    "+1+1",
    "-2+3",
    "@SUM(A1:A9)",
    "\tTAB",
    "\rCR",
    '  =HYPERLINK("x")',
    'Ann "the Peg" Lee',
    "Bob, Jr.",
    "Cy\nNewline",
    "Åsa Öberg",
    "<script>alert(1)</script>",
    "plain",
]


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        (None, JSON),
        ("", JSON),
        ("*/*", JSON),
        ("application/json", JSON),
        ("application/*", JSON),
        ("text/csv", CSV),
        ("text/csv; charset=utf-8", CSV),
        ("TEXT/CSV", CSV),
        ("text/*", CSV),
        ("text/html", HTML),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", HTML),
        ("text/csv;q=0.5, text/html;q=0.9", HTML),
        ("application/json;q=0, */*", CSV),
        ("text/csv;q=0, text/*", HTML),
        ("image/png", None),
        ("*/*;q=0", None),
        ("application/xml", None),
    ],
)
def test_negotiation_follows_q_values_and_specificity(accept: str | None, expected: str | None) -> None:
    assert negotiate(accept) == expected


def test_an_operation_that_cannot_answer_says_what_it_can() -> None:
    assert negotiate("text/html", (JSON, CSV)) is None
    with pytest.raises(ApiError) as info:
        choose("text/html", (JSON, CSV))
    error = info.value
    assert (error.status, error.slug, error.extra["available"]) == (406, "not-acceptable", [JSON, CSV])
    assert "text/html" in error.detail


def event() -> list[GameResult]:
    names = HOSTILE
    return [
        GameResult(
            (names[i], names[(i + j) % len(names)]), (121, 60 + (7 * i + j) % 60) if (i + j) % 2 else (70 + 3 * i, 121)
        )
        for i in range(len(names))
        for j in (1, 3)
    ]


def test_standings_csv_reads_back_to_the_same_numbers_and_names_stay_text() -> None:
    table = standings(event(), STANDARD)
    body, content_type = render(standings_table(table), CSV)
    assert content_type == "text/csv; charset=utf-8; header=present"
    header, *rows = read_csv(body)
    fields = [f.name for f in dataclasses.fields(table.rows[0])]
    assert header == fields
    assert len(rows) == len(table.rows) == len(HOSTILE)
    for parsed, row in zip(rows, table.rows):
        expected = dataclasses.asdict(row)
        numbers = {name: int(value) for name, value in zip(header, parsed) if name != "player"}
        assert numbers == {k: v for k, v in expected.items() if k != "player"}  # same numbers as the JSON
        name = parsed[header.index("player")]
        assert not name.startswith(TRIGGERS)  # never a formula
        is_formula = row.player.startswith(TRIGGERS) or row.player.lstrip(" ").startswith(TRIGGERS)
        assert name == ("'" + row.player if is_formula else row.player)
    assert b"\r\n" in body and body.count(b"\r\n") >= len(rows) + 1


@given(st.text(max_size=30))
def test_any_text_cell_reads_back_as_itself_or_apostrophe_itself(text: str) -> None:
    body, _ = render_csv(["name", "n"], [[text, -5]])
    _, (cell, number) = read_csv(body)
    assert number == "-5"
    assert not cell.startswith(TRIGGERS)
    assert cell in (text, "'" + text)


def test_bom_for_spreadsheets_that_need_it() -> None:
    body, _ = render_csv(["player"], [["Åsa"]], bom=True)
    assert body.startswith(b"\xef\xbb\xbf") and body.decode("utf-8-sig") == '"player"\r\n"Åsa"\r\n'


def test_standings_page_is_one_table_with_no_script_and_nothing_from_outside() -> None:
    table = standings(event(), STANDARD)
    body, content_type = render(standings_table(table, title="Club <Championship> & Co"), HTML)
    assert content_type == "text/html; charset=utf-8"
    page = Page()
    page.feed(body.decode("utf-8"))
    page.close()
    assert page.decl.lower() == "doctype html" and page.open == []  # well formed, all closed
    assert page.tags.count("table") == 1 and page.title == "Club <Championship> & Co"
    assert not {"script", "iframe", "object", "embed", "link", "img", "form", "base"} & set(page.tags)
    assert not [name for name, _ in page.attrs if name in ("src", "href", "action") or name.startswith("on")]
    header, *rows = page.cells
    assert header == [f.name for f in dataclasses.fields(table.rows[0])]
    assert [r[1] for r in rows] == [row.player for row in table.rows]  # names shown as text, unescaped
    assert [int(r[header.index("spread")]) for r in rows] == [row.spread for row in table.rows]
    # the policy the view sends allows exactly this style, by its hash
    digest = base64.b64encode(hashlib.sha256(page.style.encode("utf-8")).digest()).decode()
    assert f"'sha256-{digest}'" in HTML_CSP and "default-src 'none'" in HTML_CSP


def test_page_notes_and_caption_are_escaped() -> None:
    body, _ = render_html("t", ["a"], [[None], [True]], notes=["<i>x</i>"], caption="<b>")
    text = body.decode()
    assert "&lt;i&gt;x&lt;/i&gt;" in text and "<caption>&lt;b&gt;</caption>" in text
    assert "<td></td>" in text and "<td>yes</td>" in text


def test_other_tables_have_one_row_per_item() -> None:
    games = [
        GameResult(("ann", "bob"), (121, 90)),
        GameResult(("bob", "ann"), (121, 111)),
        GameResult(("cy", "ann"), (121, 101)),
    ]
    cross = crosstable_table(crosstable(games, STANDARD))
    # ann 3 points (a skunk); bob and cy 2 each, cy ahead on spread (+20 against -31 + 10)
    assert cross.header == ("rank", "player", "1 ann", "2 cy", "3 bob")
    assert cross.rows[0] == (1, "ann", None, "0-1 -20", "1-1 +21")
    sched = schedule_table(round_robin(["a", "b", "c"]).rounds)
    assert sched.rows[:2] == ((1, 1, "b", "c", None), (1, None, "a", None, "bye")) and len(sched.rows) == 6
    bracket = elimination_table(elimination(3, players=["ann", "bob", "cy"], results={2: [(121, 100)]}))
    assert bracket.rows == (
        (1, "winners", 1, 1, "ann", None, None, None, "bye", None, None, "bye", 1, "ann"),
        (2, "winners", 1, 2, "bob", None, 3, "cy", None, None, None, "played", 2, "bob"),
        (3, "winners", 2, 1, "ann", None, 2, "bob", None, None, None, "ready", None, None),
    )
    with pytest.raises(ValueError):
        render(Table("t", ("a",), ()), JSON)
