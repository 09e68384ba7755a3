"""Printouts a club posts (service/api/printouts/): the event file's four operations as sheets and
pages, the event's heading on every page-section and as a sheet's first rows, the pairing
sheet, scorecards and table cards of a round, and the bracket as an SVG picture; players named
"bye" and "winner of 1" print as players, never as the sheet's own words.

The expectations are worked by hand: round 1 of a seven-player Swiss in seeding order sits out
the lowest seed and pairs 1-4, 2-5, 3-6 (FIDE Dutch, docs/director-guide.md); a win is 2 game
points and the spread the margin (docs/rules.md 8.1).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.formats import HTML_CSP, Word
from service.api.wire.tables import elimination_table, schedule_table
from service.core.tournaments.elimination import elimination
from service.core.tournaments.schedules import round_robin
from tests.support.formats import Page, read_csv

PLAYERS = ["ann", "bye", "winner of 5", "dee", "eve", "fay", "gus"]
HEADING = {"name": "Club <night> & Co", "date": "2026-12-03", "round": "1"}
LINE = "Club <night> & Co · 2026-12-03 · Round 1"
ROUND_1 = [(1, "ann", "dee"), (2, "bye", "eve"), (3, "winner of 5", "fay")]  # gus sits out
SVG = "{http://www.w3.org/2000/svg}"


def post(client: FlaskClient, path: str, body: dict[str, Any], accept: str) -> Any:
    response = client.post(f"/v1/tournaments/{path}", json=body, headers={"Accept": accept})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.headers["Vary"] == "Accept"
    return response


def played_file() -> dict[str, Any]:
    """Round 1 as paired, both cards in at tables 1 and 2, table 3's cards disagreeing."""
    return {
        "players": PLAYERS,
        "heading": HEADING,
        "tables": [{"round": 1, "table": t, "players": [a, b]} for t, a, b in ROUND_1],
        "byes": [{"round": 1, "player": "gus"}],
        "cards": [
            {"round": 1, "table": 1, "by": "ann", "scores": [121, 100]},
            {"round": 1, "table": 1, "by": "dee", "scores": [121, 100]},
            {"round": 1, "table": 2, "by": "bye", "scores": [121, 111]},
            {"round": 1, "table": 2, "by": "eve", "scores": [121, 111]},
            {"round": 1, "table": 3, "by": "winner of 5", "scores": [121, 90]},
            {"round": 1, "table": 3, "by": "fay", "scores": [121, 95]},
        ],
    }


class Sections(HTMLParser):
    """A page's sections (the page itself, each scorecard, each table card): for each, the event
    line in its ``<header>``, and the text of its other elements by class; the thead's event row."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[dict[str, list[str]]] = [{}]
        self.stack: list[tuple[str, str]] = []
        self.words: list[str] = []
        self.names: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        kind = dict(attrs).get("class") or ""
        if tag == "section":
            self.sections.append({})
        if tag not in ("meta",):
            self.stack.append((tag, kind))

    def handle_endtag(self, tag: str) -> None:
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self.stack:
            return
        tag, kind = self.stack[-1]
        key = {"header": "header", "h2": "h2", "p": kind, "th": "th", "i": "word", "span": kind}.get(tag, "")
        if key:
            self.sections[-1].setdefault(key, []).append(data)
        if kind == "word":
            self.words.append(data)


def sections(body: bytes) -> Sections:
    parsed = Sections()
    parsed.feed(body.decode("utf-8"))
    parsed.close()
    return parsed


def test_the_pairing_sheet_has_table_numbers_the_heading_first_and_the_bye_apart(client: FlaskClient) -> None:
    body = {"players": PLAYERS, "heading": HEADING}
    response = post(client, "event/pairings", body, "text/csv")
    assert response.headers["Content-Disposition"] == 'attachment; filename="pairings-round-1.csv"'
    assert response.data.startswith(b"\xef\xbb\xbf")
    rows = read_csv(response.data)
    assert rows[:4] == [["event", "Club <night> & Co"], ["date", "2026-12-03"], ["round", "1"], []]
    assert rows[4] == ["round", "table", "player", "opponent", "note"]
    assert rows[5:] == [["1", str(t), a, b, ""] for t, a, b in ROUND_1] + [["1", "", "gus", "", "bye"]]
    page = Page()
    page.feed(post(client, "event/pairings", body, "text/html").get_data(as_text=True))
    assert page.cells[0] == [LINE] and page.cells[1] == ["round", "table", "player", "opponent", "note"]
    assert page.cells[2:] == [["1", str(t), a, b, ""] for t, a, b in ROUND_1] + [["1", "", "gus", "", "bye"]]
    # The player named "bye" is a name (plain text); the sheet's own word is in its own element.
    html = post(client, "event/pairings", body, "text/html").get_data(as_text=True)
    assert "<td>bye</td>" in html and '<td><i class="word">bye</i></td>' in html
    assert sections(html.encode()).words == ["bye"]


def test_the_table_movement_of_fixed_games_prints_where_each_player_goes(client: FlaskClient) -> None:
    """Five players, three games each, one side moving (docs/rules.md 8.6), worked by hand: tables
    ann-bob, cy-dee and eve alone; each round the visitors (bob, dee, the empty seat) move up one
    table, from the last back to table 1. A player named "bye" sits at table 2 as a name."""
    players = ["ann", "bob", "cy", "bye", "eve"]
    body = {"players": players, "games": 3, "heading": HEADING}
    response = post(client, "event/fixed-games", body, "text/csv")
    assert response.headers["Content-Disposition"].startswith('attachment; filename="table-movement')
    rows = read_csv(response.data)
    assert rows[:4] == [["event", "Club <night> & Co"], ["date", "2026-12-03"], ["round", "1"], []]
    assert rows[4] == ["player"] + [f"round {n} {c}" for n in (1, 2, 3) for c in ("table", "opponent", "note")]
    sat_out = ["", "", "bye"]
    assert rows[5:10] == [
        ["ann", "1", "bob", "", *sat_out, "1", "bye", ""],
        ["bob", "1", "ann", "", "2", "cy", "", "3", "eve", ""],
        ["cy", "2", "bye", "", "2", "bob", "", *sat_out],
        ["bye", "2", "cy", "", "3", "eve", "", "1", "ann", ""],
        ["eve", *sat_out, "3", "bye", "", "3", "bob", ""],
    ]
    html = post(client, "event/fixed-games", body, "text/html").get_data(as_text=True)
    page = Page()
    page.feed(html)
    assert page.cells[0] == [LINE] and page.cells[2][:4] == ["ann", "1", "bob", ""]
    assert sections(html.encode()).words == ["bye"] * 3  # the three rounds sat out; the player "bye" is a name


def test_scorecards_one_a_table_two_a_page_each_with_the_heading(client: FlaskClient) -> None:
    body = {"players": PLAYERS, "heading": HEADING, "sheet": "scorecards"}
    response = post(client, "event/pairings", body, "text/html")
    assert response.headers["Content-Disposition"] == 'inline; filename="scorecards-round-1.html"'
    assert response.headers["Content-Security-Policy"] == HTML_CSP
    parsed = sections(response.data)
    page, *cards = parsed.sections
    assert page["header"] == [LINE] and parsed.words == ["bye"]
    assert [c["header"] for c in cards] == [[LINE]] * 3  # the heading on every card
    assert [c["h2"] for c in cards] == [[f"Round 1 · Table {t}"] for t, _, _ in ROUND_1]
    for card, (_, a, b) in zip(cards, ROUND_1):
        assert card["th"] == ["player", "score", "game points", "spread", "signature", a, b]
    text = response.get_data(as_text=True)
    assert text.count('<td class="signature"></td>') == 6 and '<span class="name">gus</span>' in text
    assert "section.scorecard:nth-of-type(2n) { break-after: page;" in text  # two a printed page


def test_table_cards_show_the_number_large_and_the_two_names(client: FlaskClient) -> None:
    body = {"players": PLAYERS, "heading": HEADING, "sheet": "table_cards"}
    parsed = sections(post(client, "event/pairings", body, "text/html").data)
    cards = parsed.sections[1:]
    assert [(c["number"], c["players"], c["header"]) for c in cards] == [
        ([str(t)], [a, b], [LINE]) for t, a, b in ROUND_1
    ]
    # A spreadsheet is the pairing sheet whatever the sheet asked for.
    assert read_csv(post(client, "event/pairings", body, "text/csv").data)[4][1] == "table"


def test_event_standings_crosstable_and_cross_check_as_sheets_and_pages(client: FlaskClient) -> None:
    file = played_file()
    rows = read_csv(post(client, "event/standings", file, "text/csv").data)
    assert rows[:4] == [["event", "Club <night> & Co"], ["date", "2026-12-03"], ["round", "1"], []]
    header, *lines = rows[4:]
    by_player = {line[1]: dict(zip(header, line)) for line in lines}
    # Table 3 is disputed (121-90 against 121-95): it counts for nobody yet.
    expected = {"ann": ("2", "21"), "bye": ("2", "10"), "gus": ("2", "0"), "eve": ("0", "-10"), "dee": ("0", "-21")}
    assert {p: (r["game_points"], r["spread"]) for p, r in by_player.items() if p in expected} == expected
    assert by_player["winner of 5"]["game_points"] == "0" and header[-3:] == ["joined", "withdrawn", "cut"]
    # the cut: one in four of 7, rounded up, is 2 (ACC 13.2b): ann and bye (ranks 1 and 2) qualify
    assert {p: r["cut"] for p, r in by_player.items()} == {
        "ann": "qualified",
        "bye": "qualified",
        **{p: "out" for p in ("gus", "eve", "dee", "fay", "winner of 5")},
    }
    cross = read_csv(post(client, "event/crosstable", file, "text/csv").data)[4:]
    head, *people = cross
    assert head == ["rank", "player", "round 1 table", "round 1 opponent", "round 1 result", "game_points", "spread"]
    row = {line[1]: line[2:] for line in people}
    assert row["bye"] == ["2", "eve", "won 121-111", "2", "10"]  # the player named bye, who won
    assert row["gus"] == ["", "", "bye", "2", "0"]  # the bye: no table, no opponent, the word
    assert row["fay"] == ["3", "winner of 5", "unsettled", "0", "0"]
    check = read_csv(post(client, "event/cross-check", file, "text/csv").data)[4:]
    assert check[0] == [
        "round",
        "table",
        "player_1",
        "player_2",
        "status",
        "card",
        "by",
        "score_1",
        "score_2",
        "forfeit",
        "conceded_by",
    ]
    assert check[1:] == [
        ["1", "3", "winner of 5", "fay", "disputed", "player's card", "winner of 5", "121", "90", "", ""],
        ["1", "3", "winner of 5", "fay", "disputed", "player's card", "fay", "121", "95", "", ""],
    ]
    for path in ("event/standings", "event/crosstable", "event/cross-check"):
        page = Page()
        page.feed(post(client, path, file, "text/html").get_data(as_text=True))
        assert page.cells[0] == [LINE]  # the table's head starts with the event's line


def tied_at_the_line() -> dict[str, Any]:
    """Eight players, one round, every game 121-100: the four winners (p1, p3, p5, p7) equal on
    every key, so a cut of three places falls inside their rank: three places for four players."""
    names = [f"p{i}" for i in range(1, 9)]
    return {
        "players": names,
        "heading": HEADING,
        "qualifiers": 3,
        "tables": [{"round": 1, "table": t, "players": [names[2 * t - 2], names[2 * t - 1]]} for t in (1, 2, 3, 4)],
        "cards": [{"round": 1, "table": t, "scores": [121, 100]} for t in (1, 2, 3, 4)],
    }


def test_the_standings_sheet_marks_the_cut_and_the_tie_at_the_line(client: FlaskClient) -> None:
    file = tied_at_the_line()
    header, *lines = read_csv(post(client, "event/standings", file, "text/csv").data)[4:]
    marks = {line[1]: dict(zip(header, line))["cut"] for line in lines}
    assert marks == {
        **dict.fromkeys(["p1", "p3", "p5", "p7"], "tied"),
        **dict.fromkeys(["p2", "p4", "p6", "p8"], "out"),
    }
    page = post(client, "event/standings", file, "text/html").get_data(as_text=True)
    assert page.count('<td><i class="word">tied</i></td>') == 4  # the sheet's word, apart from names
    assert "Cut: 3 of 8 entrants qualify" in page
    assert "Tied at the cut line, 3 places for 4 players: p1, p3, p5, p7" in page
    # p7 wins by a skunk (121-90: 3 game points), alone on top: one place left for p1, p3 and p5
    skunk = {**file, "qualifiers": 2, "cards": [*file["cards"][:3], {"round": 1, "table": 4, "scores": [90, 121]}]}
    page = post(client, "event/standings", skunk, "text/html").get_data(as_text=True)
    assert "Tied at the cut line, 1 place for 3 players: p1, p3, p5" in page  # "1 place", not "1 places"


def test_the_playoff_prints_as_a_bracket_a_sheet_and_the_first_rounds_cards(client: FlaskClient) -> None:
    # the director's cut of the cards: p7, p3 and p1 go through, in that order (p5 out)
    file = {**tied_at_the_line(), "tie_break": ["p7", "p3", "p1"]}
    rows = read_csv(post(client, "event/playoff", file, "text/csv").data)
    assert rows[:4] == [["event", "Club <night> & Co"], ["date", "2026-12-03"], ["round", "1"], []]
    header, *matches = rows[4:]
    first = [dict(zip(header, m)) for m in matches if m[2] == "1"]
    # three qualifiers: a bracket of 4, seed 1 (p7) has the bye, seed 2 (p3) meets seed 3 (p1)
    assert [(m["seed_1"], m["slot_1"], m["seed_2"], m["slot_2"], m["from_2"]) for m in first] == [
        ("1", "p7", "", "", "bye"),
        ("2", "p3", "3", "p1", ""),
    ]
    response = post(client, "event/playoff", file, "text/html")
    assert response.headers["Content-Disposition"].startswith("inline")
    page = response.get_data(as_text=True)
    assert boxes(svg_of(page))["2"] == [("name", "p3"), ("name", "p1")]
    assert '<header class="event">Club &lt;night&gt; &amp; Co · 2026-12-03 · Round 1</header>' in page
    assert "8 entrants, 3 qualify, 1 bye to the top seed; seeded by the standings" in page
    assert (
        "Tied at the cut line, 3 places for 4 players: p1, p3, p5, p7; through on the director&#x27;s decision: p7, p3, p1"
        in page
    )
    cards = sections(post(client, "event/playoff", {**file, "sheet": "scorecards"}, "text/html").data).sections[1:]
    assert [(c["h2"], c["header"]) for c in cards] == [(["Round 1 · Table 2"], [LINE])]  # match 2: the only game
    assert cards[0]["th"] == ["player", "score", "game points", "spread", "signature", "p3", "p1"]


@pytest.mark.parametrize("field", [("name", 121), ("date", 41), ("round", 41)])
def test_the_heading_has_limits(client: FlaskClient, field: tuple[str, int]) -> None:
    name, length = field
    body = {"players": PLAYERS, "heading": {name: "x" * length}}
    assert client.post("/v1/tournaments/event/pairings", json=body).status_code == 400
    assert client.post("/v1/tournaments/event/pairings", json={**body, "heading": {name: ""}}).status_code == 400
    ok = {"players": PLAYERS, "heading": {name: "x" * (length - 1)}}
    assert client.post("/v1/tournaments/event/pairings", json=ok).status_code == 200


def svg_of(page: str) -> ET.Element:
    start, end = page.index("<svg"), page.index("</svg>") + len("</svg>")
    return ET.fromstring(page[start:end])  # well-formed XML, or this raises


def boxes(svg: ET.Element) -> dict[str, list[tuple[str, str]]]:
    """Each match's box by its number: its texts, with their classes."""
    found = {}
    for group in svg.iter(f"{SVG}g"):
        texts = [(t.get("class") or "", t.text or "") for t in group.iter(f"{SVG}text")]
        number = next(text for kind, text in texts if kind == "id")
        found[number] = [(kind, text) for kind, text in texts if kind != "id"]
    return found


def test_the_elimination_bracket_is_a_picture_with_every_match_and_its_scores(client: FlaskClient) -> None:
    body = {
        "players": ["ann", "bye", "winner of 1", "dee"],
        "match": {"format": "best_of", "length": 3},
        "results": {"1": {"games": [[121, 100], [99, 121], [121, 110]]}, "2": {"games": [[121, 95], [121, 119]]}},
        "heading": {"name": "Open", "round": "Playoffs"},
    }
    response = post(client, "elimination", body, "text/html")
    page = response.get_data(as_text=True)
    assert response.headers["Content-Security-Policy"] == HTML_CSP
    svg = svg_of(page)
    assert not [a for e in svg.iter() for a in e.attrib if a == "style" or a.startswith("on") or "href" in a]
    assert not [e for e in svg.iter() if e.tag in (f"{SVG}script", f"{SVG}style", f"{SVG}foreignObject")]
    # Seeds 1 v 4 (ann v dee) and 2 v 3 ("bye" v "winner of 1"), both played; the final waits on both.
    assert boxes(svg) == {
        "1": [("name won", "ann"), ("score won", "121 99 121"), ("name", "dee"), ("score", "100 121 110")],
        "2": [("name won", "bye"), ("score won", "121 121"), ("name", "winner of 1"), ("score", "95 119")],
        "3": [("name", "ann"), ("name", "bye")],
    }
    parsed = Page()
    parsed.feed(page)
    assert parsed.cells[0] == ["Open · Playoffs"] and [row[0] for row in parsed.cells[2:]] == ["1", "2", "3"]
    assert '<header class="event">Open · Playoffs</header>' in page
    # Not played yet: the final's slots are the sheet's words until the semifinals are in.
    waiting = svg_of(post(client, "elimination", {**body, "results": {}}, "text/html").get_data(as_text=True))
    assert boxes(waiting)["3"] == [("word", "winner of 1"), ("word", "winner of 2")]


def test_the_playoff_bracket_page_draws_every_match(client: FlaskClient) -> None:
    body = {"players": ["ann", "bob", "cy", "dee", "eve"], "qualifiers": 5}
    page = post(client, "bracket", body, "text/html").get_data(as_text=True)
    drawn = boxes(svg_of(page))
    assert sorted(drawn, key=int) == [str(n) for n in range(1, 8)]  # a bracket of 8: 7 matches
    # Seeds 1-3 have byes (8 - 5); seed 4 meets seed 5 (dee v eve): standard seeding.
    assert drawn["1"] == [("name", "ann"), ("word", "bye")] and drawn["2"] == [("name", "dee"), ("name", "eve")]
    rows = read_csv(post(client, "bracket", body, "text/csv").data)
    assert rows[0][:9] == ["match", "bracket", "round", "seed_1", "slot_1", "from_1", "seed_2", "slot_2", "from_2"]
    assert len(rows) == 8


OWN_WORDS = ["bye", "winner of 1", "loser of 2", "seed 3", "TBD"]
NAMES = st.sampled_from(OWN_WORDS) | st.text(alphabet="abcdefgh yz", min_size=1, max_size=8).map(str.strip).filter(bool)


@settings(max_examples=60, deadline=None)
@given(st.lists(NAMES, min_size=3, max_size=9, unique_by=str.casefold))
def test_a_name_is_never_in_a_column_of_the_sheets_words(players: list[str]) -> None:
    # Whatever the players are called, a name column holds names alone and a word column words
    # alone (a Word, shown in its own element on a page), so "bye" the player is never the bye.
    schedule = schedule_table(round_robin(players).rounds)
    for _, _, player, opponent, note in schedule.rows:
        assert player in players and opponent in (*players, None)
        assert not isinstance(player, Word) and not isinstance(opponent, Word)
        assert (note is None) == (opponent is not None) and (note is None or (isinstance(note, Word) and note == "bye"))
    table = elimination_table(elimination(len(players), players=players))
    header = table.header
    for row in table.rows:
        cells = dict(zip(header, row))
        for name_column in ("slot_1", "slot_2", "winner"):
            assert cells[name_column] in (*players, None) and not isinstance(cells[name_column], Word)
        for word_column in ("from_1", "from_2"):
            assert cells[word_column] is None or isinstance(cells[word_column], Word)
