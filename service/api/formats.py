"""The formats a table can be sent in: JSON, CSV for spreadsheets, and a printable HTML page.

Three small pieces a view puts together:

* :func:`choose` picks the format from the request's ``Accept`` header among those the
  operation offers (werkzeug's ``MIMEAccept.best_match``: q-values, then the most specific
  match, then the operation's own order; no header means the first offered, JSON), or raises
  a 406 problem (:func:`not_acceptable`) that names what the operation can send. The answer
  depends on ``Accept``, so the response carries ``Vary: Accept`` (:data:`VARY`).
* :func:`render_csv` writes a header row and one row per item (RFC 4180: CRLF line ends,
  quotes doubled). Text cells are spreadsheet-safe: a cell whose text begins, after any
  spaces, with ``=`` ``+`` ``-`` ``@``, a tab, a carriage return or NUL would be read by a
  spreadsheet as a formula, so it is prefixed with an apostrophe, which spreadsheets take as
  "this is text" (OWASP, "CSV Injection"; ASVS 1.2.10 adds NUL); every text cell is quoted,
  and numbers are written as numbers (a negative spread is a number, not a formula).
* :func:`render_html` makes one page: a title, optional notes, and one table; the style is
  inline and nothing else is loaded (no script, no link, no image, no font). Every piece of
  text is escaped. :data:`HTML_CSP` is a ``Content-Security-Policy`` that allows exactly that
  style and nothing else, for the view to send with the page.

A view that offers the formats is decorated with :func:`negotiated`: it picks the format before
any work (a 406 problem when none fits), passes it to the view as ``media_type``, adds ``Vary:
Accept``, and for the page asks the security middleware (``api/http/security.py``) to send
:data:`HTML_CSP` instead of the API's policy; the view answers with :func:`formatted`.

>>> body, kind = render_csv(["player", "spread"], [["=cmd|' /C calc'!A0", -31]])
>>> kind, body.decode()
('text/csv; charset=utf-8; header=present', '"player","spread"\\r\\n"\\'=cmd|\\' /C calc\\'!A0",-31\\r\\n')
>>> choose("text/html,application/xhtml+xml,*/*;q=0.8")
'text/html'
"""

from __future__ import annotations

import base64
import csv
import functools
import hashlib
import html
import io
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from flask import Flask, Response, make_response, request
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from .contract import SPEC
from .http.security import PAGE_POLICY
from .printouts.heading import Cell, Heading, Word
from .problems import ApiError, problem
from .wire.problem_texts import said

JSON = "application/json"
CSV = "text/csv"
HTML = "text/html"
FORMATS = (JSON, CSV, HTML)
CONTENT_TYPES = {
    JSON: "application/json",
    CSV: "text/csv; charset=utf-8; header=present",  # RFC 4180's header parameter
    HTML: "text/html; charset=utf-8",
}
VARY = ("Vary", "Accept")


class Table(NamedTuple):
    """What a CSV file or an HTML page shows: a title, notes for the page (a CSV has no room for
    them), the column names, and one row per item."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()


def negotiate(accept: str | None, offered: Sequence[str] = FORMATS) -> str | None:
    """The offered media type that best fits an ``Accept`` header, ``None`` if none fits.

    >>> negotiate(None), negotiate("*/*"), negotiate("text/*"), negotiate("text/csv; charset=utf-8")
    ('application/json', 'application/json', 'text/csv', 'text/csv')
    >>> negotiate("application/json;q=0, */*"), negotiate("image/png"), negotiate("text/csv;q=0.5, text/html;q=0.4")
    ('text/csv', None, 'text/csv')
    """
    if accept is None or not accept.strip():
        return offered[0]
    # werkzeug matches media-type parameters exactly, so ``text/csv; charset=utf-8`` would not
    # match ``text/csv``; every format here is sent in UTF-8 with its parameters, so the client's
    # parameters are dropped and only the type, subtype and q-value are weighed.
    parsed = parse_accept_header(accept, MIMEAccept)
    bare = MIMEAccept([(value.split(";", 1)[0].strip(), quality) for value, quality in parsed])
    return bare.best_match(offered)


def not_acceptable(accept: str | None, offered: Sequence[str] = FORMATS) -> ApiError:
    """The 406 problem for an ``Accept`` header that allows none of ``offered`` (sent as
    ``application/problem+json`` whatever was asked: RFC 9110 15.5.7 lets the server say so in
    a format of its choosing). ``available`` lists what the operation can send."""
    return ApiError(
        "not-acceptable",
        said("not_acceptable", offered=", ".join(offered), accept=(accept or "")[:200]),
        available=list(offered),
    )


def choose(accept: str | None, offered: Sequence[str] = FORMATS) -> str:
    """:func:`negotiate`, or raise :func:`not_acceptable`."""
    media_type = negotiate(accept, offered)
    if media_type is None:
        raise not_acceptable(accept, offered)
    return media_type


# Media types a JSON-only operation can answer in: its JSON, or the problem document of an error.
JSON_ANSWERS = (JSON, "application/problem+json")


def install_json_only(app: Flask) -> None:
    """A 406 problem for a POST operation that answers only JSON when ``Accept`` allows no JSON.

    The operations with tables are :func:`negotiated`; every other POST operation sends JSON
    alone (by its 2xx answers in ``openapi.yaml``), and a client that asks it for a spreadsheet
    or a page is told so instead of getting JSON with a 200 it did not ask for. No header,
    ``*/*`` and ``application/json`` (what clients send) skip the parse.
    """
    responses = SPEC.document["components"].get("responses", {})
    json_only = set()
    for rule in app.url_map.iter_rules():
        operation = SPEC.document["paths"].get(rule.rule, {}).get("post")
        if operation is None or "POST" not in (rule.methods or ()):
            continue
        offered = set()
        for code, answer in operation["responses"].items():
            if str(code).startswith("2"):
                answer = responses.get(answer["$ref"].rsplit("/", 1)[-1], {}) if "$ref" in answer else answer
                offered |= set(answer.get("content", {}))
        if offered == {JSON}:
            json_only.add(rule.endpoint)

    @app.before_request
    def accepts_json() -> None:
        if request.endpoint in json_only and request.method == "POST":  # not a CORS preflight
            accept = request.environ.get("HTTP_ACCEPT")
            if accept and accept not in ("*/*", JSON) and negotiate(accept, JSON_ANSWERS) is None:
                raise not_acceptable(accept, (JSON,))


# --- CSV ----------------------------------------------------------------------------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\0")


def csv_cell(value: Cell) -> str | int | float:
    """A cell made safe for a spreadsheet: text that would start a formula gets a leading
    apostrophe; numbers stay numbers; ``None`` is an empty cell; booleans are words.

    >>> [csv_cell(v) for v in ("ann", "=1+1", "  @SUM(A1)", "-5", -5, None, True)]
    ['ann', "'=1+1", "'  @SUM(A1)", "'-5", -5, '', 'true']
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return value
    if value[:1] in FORMULA_STARTS or value.lstrip(" ")[:1] in FORMULA_STARTS:
        return "'" + value
    return value


def render_csv(
    header: Sequence[str], rows: Iterable[Sequence[Cell]], *, bom: bool = False, heading: Heading | None = None
) -> tuple[bytes, str]:
    """A CSV document: the header row, then one row per item; UTF-8, CRLF line ends, text
    quoted, numbers bare. ``bom`` starts the file with a UTF-8 byte-order mark, which Excel
    needs to read non-ASCII names correctly (and which other readers must then skip). A
    ``heading`` comes first: a row each for the event, the date and the round given, then an
    empty row.

    >>> render_csv(["player"], [["ann"]], heading=Heading("Open", None, "2"))[0].decode().splitlines()
    ['"event","Open"', '"round","2"', '', '"player"', '"ann"']
    """
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\r\n")
    if heading is not None and heading.rows():
        writer.writerows([[csv_cell(key), csv_cell(value)] for key, value in heading.rows()])
        writer.writerow([])
    writer.writerow([csv_cell(name) for name in header])
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])
    text = out.getvalue()
    return (("\ufeff" if bom else "") + text).encode("utf-8"), CONTENT_TYPES[CSV]


# --- HTML ---------------------------------------------------------------------------------------

STYLE = """
:root { color-scheme: light; }
body { font: 11pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
       margin: 1.5em; color: #000; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 0.3em; }
p.note { margin: 0.1em 0; color: #333; }
table { border-collapse: collapse; margin-top: 0.8em; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.3em; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:nth-child(even) td { background: #f6f6f6; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
@media print {
  body { margin: 0; font-size: 9pt; }
  th, tbody tr:nth-child(even) td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
@page { margin: 12mm; }
header.event { font-weight: 600; border-bottom: 1px solid #999; margin-bottom: 0.4em; }
tr.event th { background: #fff; border: none; border-bottom: 1px solid #999; font-weight: 600; }
i.word { color: #444; }
section.sheet { break-inside: avoid; page-break-inside: avoid; }
section.scorecard { height: 115mm; box-sizing: border-box; padding: 4mm 0; border-bottom: 1px dashed #999; }
section.scorecard:nth-of-type(2n) { break-after: page; page-break-after: always; border-bottom: none; }
section.scorecard table { width: 100%; }
section.scorecard td { height: 14mm; min-width: 24mm; }
section.scorecard td.signature { min-width: 55mm; }
section.table-card { height: 220mm; break-after: page; page-break-after: always; text-align: center; }
section.table-card p.number { font-size: 120pt; font-weight: 700; margin: 0.2em 0; }
section.table-card p.players { font-size: 24pt; margin: 0.3em 0; }
svg.bracket { display: block; width: 100%; height: auto; max-width: 100%; margin-top: 0.8em; }
svg.bracket rect.match { fill: #fff; stroke: #777; }
svg.bracket rect.decided { stroke: #000; }
svg.bracket line, svg.bracket path { stroke: #777; fill: none; }
svg.bracket text { font: 11px system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; fill: #000; }
svg.bracket text.id, svg.bracket text.section { fill: #555; font-size: 10px; }
svg.bracket text.section { font-weight: 600; font-size: 12px; }
svg.bracket text.word { font-style: italic; fill: #555; }
svg.bracket text.score { text-anchor: end; font-variant-numeric: tabular-nums; }
svg.bracket text.won { font-weight: 700; }
"""
# The page's only outside-the-markup content is this style: a policy that allows it by hash and
# nothing else (no script, no connection, no image, no frame, no form target).
HTML_CSP = (
    "default-src 'none'; style-src 'sha256-"
    + base64.b64encode(hashlib.sha256(STYLE.encode("utf-8")).digest()).decode("ascii")
    + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def _text(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def html_cell(value: Cell, tag: str = "td") -> str:
    """One cell: a number right-aligned, a sheet's own :class:`Word` in its own element, any
    other text escaped.

    >>> html_cell(5), html_cell(Word("bye")), html_cell("bye"), html_cell("<b>")
    ('<td class="num">5</td>', '<td><i class="word">bye</i></td>', '<td>bye</td>', '<td>&lt;b&gt;</td>')
    """
    if isinstance(value, Word):
        return f'<{tag}><i class="word">{html.escape(value)}</i></{tag}>'
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<{tag} class="num">{html.escape(_text(value))}</{tag}>'
    return f"<{tag}>{html.escape(_text(value))}</{tag}>"


def heading_html(heading: Heading | None) -> str:
    """The event's line at the top of a page or a sheet (nothing without a heading)."""
    if heading is None or not heading.line():
        return ""
    return f'<header class="event">{html.escape(heading.line())}</header>\n'


def table_html(
    header: Sequence[str],
    rows: Iterable[Sequence[Cell]],
    *,
    heading: Heading | None = None,
    caption: str | None = None,
) -> str:
    """One table; with a ``heading``, its line is the first row of the table's head, which a
    browser repeats at the top of every printed page the table runs over."""
    esc = html.escape
    parts = ["<table>\n"]
    if caption:
        parts.append(f"<caption>{esc(caption)}</caption>\n")
    parts.append("<thead>")
    if heading is not None and heading.line():
        parts.append(f'<tr class="event"><th colspan="{len(header)}">{esc(heading.line())}</th></tr>')
    parts.append("<tr>" + "".join(f'<th scope="col">{esc(name)}</th>' for name in header) + "</tr></thead>\n<tbody>\n")
    parts += ["<tr>" + "".join(html_cell(v) for v in row) + "</tr>\n" for row in rows]
    parts.append("</tbody>\n</table>\n")
    return "".join(parts)


def page_html(
    title: str, content: Iterable[str], *, notes: Sequence[str] = (), heading: Heading | None = None
) -> bytes:
    """A whole page: the title as the page's title and heading, the event's line above it,
    ``notes`` as short lines under it, then ``content`` (markup already escaped)."""
    esc = html.escape
    parts = [
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        heading_html(heading),
        f"<h1>{esc(title)}</h1>\n",
    ]
    parts += [f'<p class="note">{esc(note)}</p>\n' for note in notes]
    parts += content
    parts.append("</body>\n</html>\n")
    return "".join(parts).encode("utf-8")


def render_html(
    title: str,
    header: Sequence[str],
    rows: Iterable[Sequence[Cell]],
    *,
    notes: Sequence[str] = (),
    caption: str | None = None,
    heading: Heading | None = None,
) -> tuple[bytes, str]:
    """A printable page: ``title`` as the page title and heading, ``notes`` as short lines
    under it (the scheme, the tie-breakers, ...), and one table (``header``, then ``rows``;
    numbers right-aligned). All text is escaped; the page needs nothing from outside.

    >>> page = render_html("Standings", ["player", "points"], [["<b>ann</b>", 5]])[0].decode()
    >>> "&lt;b&gt;ann&lt;/b&gt;" in page and '<td class="num">5</td>' in page and "<script" not in page
    True
    """
    table = table_html(header, rows, heading=heading, caption=caption)
    return page_html(title, [table], notes=notes, heading=heading), CONTENT_TYPES[HTML]


def render(table: Table, media_type: str, heading: Heading | None = None) -> tuple[bytes, str]:
    """A table as CSV or HTML, by the media type :func:`choose` picked (JSON is the view's own).

    A spreadsheet starts with a byte-order mark: Excel on Windows reads a CSV file without one
    in the machine's ANSI code page, and "Åsa" comes out as "Ã…sa".

    >>> render(Table("T", ("a",), ((1,),)), CSV)[0]
    b'\\xef\\xbb\\xbf"a"\\r\\n1\\r\\n'
    """
    if media_type == CSV:
        return render_csv(table.header, table.rows, bom=True, heading=heading)
    if media_type == HTML:
        return render_html(table.title, table.header, table.rows, notes=table.notes, heading=heading)
    raise ValueError(f"a table is rendered as {CSV} or {HTML}, not {media_type}")


# --- the views' side ---------------------------------------------------------------------------

T = TypeVar("T")


def negotiated(offered: Sequence[str] = FORMATS) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a view that answers in ``offered``: the format is chosen from ``Accept`` first
    (a 406 problem, before the body is read, when none fits) and passed as ``media_type``;
    every answer, the 406 too, says ``Vary: Accept``; a page gets its own policy."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Response:
            accept = request.headers.get("Accept")
            media_type = negotiate(accept, offered)
            if media_type is None:
                refused = not_acceptable(accept, offered)
                response = problem(refused.slug, refused.detail, **refused.extra)
            else:
                response = make_response(view(*args, media_type=media_type, **kwargs))
                if response.mimetype == HTML:  # the page itself; an error raised on the way stays an API answer
                    request.environ[PAGE_POLICY] = HTML_CSP
            response.vary.add("Accept")
            return response

        return wrapper

    return decorate


def file_name(title: str, media_type: str) -> str:
    """The file a sheet or a page is saved as, from its title: ASCII letters and digits joined by
    hyphens (a name of any script, a quote or a slash never reaches the header).

    >>> file_name("Swiss pairings, round 2", CSV), file_name("Åsa's games", HTML), file_name("***", CSV)
    ('swiss-pairings-round-2.csv', 'sa-s-games.html', 'table.csv')
    """
    stem = "-".join("".join(c if c.isascii() and c.isalnum() else " " for c in title.lower()).split())
    return f"{stem[:80] or 'table'}.{EXTENSIONS[media_type]}"


EXTENSIONS = {CSV: "csv", HTML: "html"}
# A sheet is saved (a browser's download opens it in the spreadsheet); a page is shown, and saved under its name.
DISPOSITIONS = {CSV: "attachment", HTML: "inline"}


def formatted(
    media_type: str,
    value: T,
    encode: Callable[[T], Any],
    tabulate: Callable[[T], Table],
    *,
    heading: Heading | None = None,
    page: Callable[[T], tuple[str, bytes]] | None = None,
) -> Any:
    """The answer in the chosen format: ``encode(value)`` for JSON (the view's return value,
    written by the JSON provider), else the table ``tabulate(value)`` as CSV or a page (or, for
    a page, ``page(value)``: its title and markup, when it is more than a table), with the
    event's ``heading``, and its file name in ``Content-Disposition`` (RFC 6266)."""
    if media_type == JSON:
        return encode(value)
    if media_type == HTML and page is not None:
        title, body = page(value)
    else:
        table = tabulate(value)
        title, body = table.title, render(table, media_type, heading)[0]
    response = Response(body, content_type=CONTENT_TYPES[media_type])
    response.headers["Content-Disposition"] = f'{DISPOSITIONS[media_type]}; filename="{file_name(title, media_type)}"'
    return response


__all__ = [
    "negotiated",
    "formatted",
    "Table",
    "Heading",
    "Word",
    "render",
    "html_cell",
    "heading_html",
    "table_html",
    "page_html",
    "JSON",
    "CSV",
    "HTML",
    "FORMATS",
    "CONTENT_TYPES",
    "VARY",
    "HTML_CSP",
    "Cell",
    "negotiate",
    "choose",
    "not_acceptable",
    "csv_cell",
    "render_csv",
    "render_html",
    "file_name",
]
