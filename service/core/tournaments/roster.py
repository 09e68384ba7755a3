"""An event's roster: one list of players, and names that cannot drift.

A name on a scorecard is the same player as a roster name when the two are equal after Unicode
normalisation (NFC) and trimming: "Åsa" typed with a combining ring and "Åsa" precomposed,
or "ann " with a trailing space, are the roster's "Åsa" and "ann". Names that differ only by
case, inner spacing or compatibility form ("Ann" and "ann", "Bo  Ek" and "Bo Ek", a
full-width letter) print alike and are easily confused, so they are reported, never made into
separate players: two such roster entries are a problem, and a card naming a player the roster
lacks says which roster name it resembles.

>>> roster = Roster.of(["ann", "A\\u030asa"])
>>> roster.find(" ann"), roster.find("\\u00c5sa") == roster.find("A\\u030asa")
('ann', True)
>>> str(roster.unknown("Ann"))
"'Ann' is not on the roster (did you mean 'ann'? names differ only by case or spacing here)"
>>> [str(p.detail) for p in roster_problems(["Ann", "ann "], "/players")]
["'ann ' is already on the roster at /players/0 as 'Ann' (names differing only by case or spacing print alike)"]
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidEvent
from ..refusals import Said, said
from ..scoring.results import MAX_PROBLEMS, Problem


def normal(name: str) -> str:
    """A name as the event compares it: NFC, without leading or trailing white space.

    >>> normal(" A\\u030asa ") == "\\u00c5sa"
    True
    """
    return unicodedata.normalize("NFC", name).strip()


class Spellings(dict[str, str]):
    """Names as the lists of games, players and byes outside an event file compare them: a
    name is :func:`normal` (NFC, trimmed), or only NFC when trimming leaves nothing (a name of
    white space alone, which the contract takes there), so "Bo " and "Bo", or "Åsa" typed
    either way, are one player, answered as the normal name. One per request: a name met
    again is looked up.

    A name holding a control character (a tab, a NUL) or a format character other than a joiner
    (a direction override) is refused, as every roster refuses it (:func:`roster_problems`): it
    prints as nothing, or backwards, on a sheet.

    >>> spelled = Spellings()
    >>> spelled("Bo "), spelled("A\\u030asa") == spelled("\\u00c5sa"), spelled(" ")
    ('Bo', True, ' ')
    >>> spelled("c\\u202ed")
    Traceback (most recent call last):
    service.core.errors.InvalidEvent: 'c\\u202ed' holds a control or invisible format character (U+202E), which prints as nothing or turns the name around
    """

    def __call__(self, name: str) -> str:
        found = self.get(name)
        if found is None:
            found = normal(name) or unicodedata.normalize("NFC", name)  # a name of white space alone, as sent
            control = _hidden(found)
            if control is not None:  # a tab alone too: the sheet shows nothing
                raise InvalidEvent(said("name_control", name=name, code=f"{ord(control):04X}"))
            self[name] = found
        return found

    def all(self, names: Sequence[str]) -> tuple[str, ...]:
        return tuple([self(name) for name in names])


def likeness(name: str) -> str:
    """What two names that print alike share: compatibility form (NFKC), case folded, inner
    white space collapsed, format characters (a joiner) dropped. Names with the same likeness are
    reported, not told apart.

    >>> likeness("Bo  EK") == likeness("bo ek"), likeness("bo\\u200dek") == likeness("boek")  # a joiner: nothing
    (True, True)
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join("".join(c for c in folded if unicodedata.category(c) != "Cf").split())


@dataclass(frozen=True, slots=True)
class Roster:
    """The roster's names (normalised, in the roster's order) and where each is found."""

    names: tuple[str, ...]
    index: dict[str, int]
    alike: dict[str, str]

    @classmethod
    def of(cls, names: Sequence[str]) -> Roster:
        """The roster of ``names`` (checked first with :func:`roster_problems`: a later name
        equal or alike to an earlier one is left out here)."""
        kept: list[str] = []
        index: dict[str, int] = {}
        alike: dict[str, str] = {}
        for name in names:
            key = normal(name)
            if key in index or likeness(key) in alike:
                continue
            index[key] = len(kept)
            alike[likeness(key)] = key
            kept.append(key)
        return cls(tuple(kept), index, alike)

    def find(self, name: str) -> str | None:
        """The roster name ``name`` stands for, or ``None``."""
        key = normal(name)
        return key if key in self.index else None

    def unknown(self, name: str) -> Said:
        """What to say of a name the roster lacks (naming the roster name it resembles)."""
        near = self.alike.get(likeness(name))
        return said("not_on_roster", name=name) if near is None else said("not_on_roster_near", name=name, near=near)

    def order(self, names: Sequence[str], pointer: str) -> tuple[dict[str, int], list[Problem]]:
        """A director's order of players (``tie_break``): each roster name it gives, with its index
        in ``names``, and a problem for every other line (not on the roster, or given twice), each
        pointed at ``<pointer>/<i>``."""
        where: dict[str, int] = {}
        problems: list[Problem] = []
        for i, name in enumerate(names):
            found = self.find(name)
            if found is None:
                problems.append(Problem(f"{pointer}/{i}", self.unknown(name)))
            elif found in where:
                problems.append(Problem(f"{pointer}/{i}", said("named_twice", name=found)))
            else:
                where[found] = i
        return where, problems


def quoted(names: Sequence[str], most: int = MAX_PROBLEMS) -> str:
    """Players' names in a text, each quoted as every text quotes a name (``{name!r}``): the
    first ``most``, then how many more.

    >>> quoted(["ann", "o'neil"])
    '\\'ann\\', "o\\'neil"'
    >>> quoted(["a", "b", "c"], most=2)
    "'a', 'b', +1"
    """
    shown = ", ".join(repr(name) for name in names[:most])
    return shown if len(names) <= most else f"{shown}, +{len(names) - most}"


# Format characters a name may hold: the joiners some scripts and emoji need (Persian writes
# ZWNJ inside words) and the direction marks that place a mixed-script name's parts without
# turning anything around (LRM, RLM); and the tags of a flag emoji inside the flag (the Scotland
# flag is a black flag, tag characters and a cancel tag). Every other (a soft hyphen, a
# zero-width space, a BOM, a word joiner, a direction override or isolate that prints the name
# backwards, a tag outside a flag: hidden text) is refused like a control character, and so is a
# line or paragraph separator (a line break), and a name of such marks alone (it prints as nothing).
_JOINERS = frozenset("\u200c\u200d\u200e\u200f")
_FLAG = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")


def _unprintable(c: str) -> bool:
    category = unicodedata.category(c)
    return category in ("Cc", "Zl", "Zp") or (category == "Cf" and c not in _JOINERS)


def _hidden(name: str) -> str | None:
    """The first character of ``name`` that prints as nothing or turns it around, if any (a name
    of allowed marks alone: its first)."""
    rest = _FLAG.sub("\U0001f3f4", name)
    found = next((c for c in rest if _unprintable(c)), None)
    if found is None and rest and all(unicodedata.category(c) == "Cf" for c in rest):
        return rest[0]
    return found


def _codes(name: str, other: str) -> str:
    """The code points of ``name`` that ``other`` lacks: where two spellings of one name differ
    (in Unicode form, or in spaces trimmed off).

    >>> _codes("A\u030asa", "\u00c5sa"), _codes("\u00c5sa", "A\u030asa"), _codes("\u212aen", "Ken")
    ('U+0041 U+030A', 'U+00C5', 'U+212A')
    """
    left = Counter(other)
    codes = []
    for c in name:
        if left[c]:
            left[c] -= 1
        else:
            codes.append(f"U+{ord(c):04X}")
    return " ".join(codes)


def roster_problems(names: Sequence[str], pointer: str) -> list[Problem]:
    """Every name of a roster that is empty once trimmed, holds a control character (a tab, a
    NUL: it prints as nothing) or a format character other than a joiner (a zero-width space, a
    direction override), is given twice, or is alike to an earlier one (case, spacing,
    form), each pointed at ``<pointer>/<i>``.

    >>> [str(p.detail) for p in roster_problems(["ann", "bo\\tb"], "/players")]
    ["'bo\\\\tb' holds a control or invisible format character (U+0009), which prints as nothing or turns the name around"]
    """
    found: list[Problem] = []
    seen: dict[str, tuple[int, str]] = {}
    alike: dict[str, tuple[int, str]] = {}
    for i, name in enumerate(names):
        key = normal(name)
        where = f"{pointer}/{i}"
        if not key:
            found.append(Problem(where, said("name_blank")))
            continue
        control = _hidden(key)
        if control is not None:  # a tab, a NUL, a zero-width space, ... inside the name: invisible on the sheet
            found.append(Problem(where, said("name_control", name=name, code=f"{ord(control):04X}")))
            continue
        if key in seen:
            j, first = seen[key]
            at = f"{pointer}/{j}"
            if name == first:  # the same text again
                words = said("name_twice", name=name, at=at)
            elif name.strip() != first.strip():
                # the same once composed (NFC): they print alike, so say where they differ
                words = said(
                    "name_form",
                    name=name,
                    codes=_codes(name, first),
                    first=first,
                    first_codes=_codes(first, name),
                    at=at,
                )
            else:  # the same once trimmed
                words = said("name_taken", name=name, normal=key, at=at, first=first)
            found.append(Problem(where, words))
            continue
        like = likeness(key)
        if like in alike:
            j, first = alike[like]
            found.append(Problem(where, said("name_alike", name=name, at=f"{pointer}/{j}", first=first)))
            continue
        seen[key] = alike[like] = (i, name)
    return found


__all__ = ["Roster", "Spellings", "likeness", "normal", "quoted", "roster_problems"]
