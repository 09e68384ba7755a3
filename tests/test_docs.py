"""docs/rules.md is the repository's rules reference: every citation of it must land.

The code, the contract and the tests cite it as "docs/rules.md 8.2", "docs/rules.md section 11" or
"docs/rules.md 2, 3, 4.2", and the tests cite its worked cases by id (H1-H24, P1-P16, M1-M4, F1-F2,
G1-G10). These checks read the tracked files (``git ls-files``), so a citation anywhere in the
repository is held to the document, and nothing may point outside the repository at the shared
rules documents the project started from.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "rules.md"

# Built from pieces so that this file does not itself contain what test (b) forbids, and a
# repository-wide rename of the old file name leaves these needles alone.
OLD_NAME = "RULES" + ".md"
SHARED = "../" + "shared"
OUTSIDE = "/work/" + "shared"  # the same documents by their absolute path

# A section number: 1..99 with an optional sub-number (8.2); never the start of a longer number (121).
SECTION = r"\d{1,2}(?:\.\d{1,2})?(?![\d])"
# "docs/rules.md" then an optional "(" and "section(s)", then one section, then more joined by
# "," / "and" / "&", each possibly after a parenthetical note: "section 7 (skunk lines), 8 and 9.4".
# Whitespace may run over a line break and a comment marker ("(docs/rules.md\n    # 9.4)").
CITATION = re.compile(
    r"docs/rules\.md[\s#*]*\(?(?:sections?\s+)?"
    rf"(?P<sections>{SECTION}(?:\s*(?:\([^()]*\))?\s*(?:,|and|&)\s*{SECTION})*)"
)
HEADING = re.compile(r"^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s", re.MULTILINE)
# A worked case id as the tests cite it ("H3", "P12-P15", "(M4)", "case G1"): never part of a card
# such as "5H" or "10H", which have a digit before the letter.
CASE_ID = re.compile(r"\b[HPMFG]\d{1,2}\b")
CASE_ROW = re.compile(r"^\|\s*([HPMFG]\d{1,2})\s*\|", re.MULTILINE)
# Where case ids are cited. Benchmarks and the README talk about latencies (p50, p99) instead.
CASE_CITERS = ("tests/", "service/", "openapi.yaml")


@cache
def tracked() -> tuple[str, ...]:
    """The tracked files that exist in this checkout (a deleted, unstaged file is skipped)."""
    listing = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, check=True, capture_output=True).stdout
    names = (name for name in listing.decode().split("\0") if name)
    return tuple(name for name in names if (REPO / name).is_file())


@cache
def text_of(name: str) -> str:
    return (REPO / name).read_bytes().decode("utf-8", errors="replace")


def cited_sections(text: str) -> list[str]:
    """Every section number a text cites as "docs/rules.md <section>"."""
    found: list[str] = []
    for match in CITATION.finditer(text):
        sections = re.sub(r"\([^()]*\)", "", match["sections"])  # numbers in a note are not sections
        found += re.findall(SECTION, sections)
    return found


@cache
def headings() -> frozenset[str]:
    return frozenset(HEADING.findall(DOC.read_text()))


@cache
def documented_cases() -> tuple[str, ...]:
    return tuple(CASE_ROW.findall(DOC.read_text()))


def line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


# --- (a) every "docs/rules.md <section>" names a heading ----------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("docs/rules.md 3", ["3"]),
        ("See docs/rules.md section 11 for sources.", ["11"]),
        ("(docs/rules.md 8.2: `acc` by default)", ["8.2"]),
        ("What one score may be worth (docs/rules.md 2, 3, 4.2). One card", ["2", "3", "4.2"]),
        (
            "docs/rules.md section 7 (skunk lines), 8 (game points, spread) and 9.4 (fixed number of deals).",
            ["7", "8", "9.4"],
        ),
        ("a fixed-deals game (docs/rules.md\n9.4) ends after its last deal", ["9.4"]),
        ("# heels (docs/rules.md\n    # 3 and 9.1)", ["3", "9.1"]),
        ("never counted (docs/rules.md 5, case G1).", ["5"]),
        ("docs/rules.md 4.4's algorithm", ["4.4"]),
        ("Skunk lines (docs/rules.md 7, default 91/61/31 for 121 and 31 for 61)", ["7"]),
        ("docs/rules.md (section 5 counting order, 7 skunks", ["5"]),
        ("docs/rules.md H3", []),
        ("docs/rules.md cases G1-G3", []),
        ("worked answers of docs/rules.md (hand-checked there by two scorers)", []),
        ("docs/rules.md 121", []),
    ],
)
def test_the_citation_reader(text: str, expected: list[str]) -> None:
    assert cited_sections(text) == expected


def test_the_document_keeps_its_section_numbers() -> None:
    # The numbering the code has always cited: a renumbered section would orphan citations.
    kept = {str(n) for n in range(1, 16)} | {"4.1", "4.2", "4.3", "4.4", "8.1", "8.2"} | {f"9.{n}" for n in range(1, 6)}
    assert kept <= headings()


def test_every_section_citation_names_a_heading() -> None:
    missing = [
        f"{name}:{line_of(text_of(name), match.start())}: {match.group(0)!r}"
        for name in tracked()
        for match in CITATION.finditer(text_of(name))
        for section in cited_sections(match.group(0))
        if section not in headings()
    ]
    assert not missing, "citations of docs/rules.md sections that have no heading there:\n" + "\n".join(missing)


# --- (b) nothing points at the old shared rules file or outside the repository -------------------


def test_no_tracked_file_cites_the_old_rules_file_or_the_shared_documents() -> None:
    offenders = [
        f"{name}:{line_of(text, match.start())}: {text.splitlines()[line_of(text, match.start()) - 1].strip()}"
        for name in tracked()
        for text in (text_of(name),)
        for match in re.finditer(re.escape(OLD_NAME) + "|" + re.escape(SHARED) + "|" + re.escape(OUTSIDE), text)
    ]
    assert not offenders, "cite docs/rules.md (and keep data in the repository) instead of:\n" + "\n".join(offenders)


# --- (c) every cited case id is a worked case of section 12 ------------------------------------


def test_the_worked_cases_keep_their_ids() -> None:
    cases = documented_cases()
    assert len(cases) == len(set(cases)), "a case id is defined twice"
    expected = (
        [f"H{n}" for n in range(1, 25)]
        + [f"P{n}" for n in range(1, 17)]
        + [f"M{n}" for n in range(1, 5)]
        + ["F1", "F2"]
        + [f"G{n}" for n in range(1, 11)]
    )
    assert list(cases) == expected


def test_every_cited_case_id_is_a_worked_case() -> None:
    cases = set(documented_cases())
    citers = [name for name in tracked() if name.startswith(CASE_CITERS) and name.endswith((".py", ".yaml"))]
    assert any(CASE_ID.search(text_of(name)) for name in citers)  # the scan sees the citations
    unknown = [
        f"{name}:{line_of(text_of(name), match.start())}: {match.group(0)}"
        for name in citers
        for match in CASE_ID.finditer(text_of(name))
        if match.group(0) not in cases
    ]
    assert not unknown, "case ids cited but not worked in docs/rules.md section 12:\n" + "\n".join(unknown)
