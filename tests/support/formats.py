"""Reading the event tools' other formats back: CSV with Python's csv module, a page with
``html.parser`` (shared by the formats' unit tests and the API's)."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from typing import ClassVar

TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\0")  # what starts a formula in a spreadsheet cell


def read_csv(body: bytes) -> list[list[str]]:
    """The rows of a sheet as a spreadsheet reads them: a leading byte-order mark is not a character."""
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))


class Page(HTMLParser):
    """Everything about a page the tests look at."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.open: list[str] = []
        self.cells: list[list[str]] = []
        self.style = ""
        self.title = ""
        self._in: str | None = None
        self.decl = ""

    VOID: ClassVar[set[str]] = {"meta", "br", "link", "img", "input", "hr"}

    def handle_decl(self, decl: str) -> None:
        self.decl = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs
        if tag not in self.VOID:
            self.open.append(tag)
        if tag == "tr":
            self.cells.append([])
        if tag in ("td", "th", "style", "title"):
            self._in = tag
            if tag in ("td", "th"):
                self.cells[-1].append("")

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in in ("td", "th"):
            self.cells[-1][-1] += data
        elif self._in == "style":
            self.style += data
        elif self._in == "title":
            self.title += data
