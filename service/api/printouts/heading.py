"""What every printout carries: the event's heading, and the sheet's own words kept apart from
players' names. Plain values with no imports, so the wire's loaders and the renderers share them.
"""

from __future__ import annotations

from typing import NamedTuple


class Word(str):
    """A sheet's own word (``bye``, ``winner of 5``, ``seed 3``, ``TBD``), never a player's name.

    A table keeps names and its own words in separate columns (a name column holds names alone,
    empty where there is none), so a sheet read back cannot take one for the other; a page
    also shows a word in its own element (``<i class="word">``), so a player named "bye" prints
    as a player.
    """

    __slots__ = ()


Cell = str | int | float | bool | None


class Heading(NamedTuple):
    """The event a printout belongs to (the request's ``heading``): its name, date and round, as
    the director writes them. Printed at the top of every page and every sheet (and in a
    table's repeated header, so on every printed page), and as a sheet's first rows.

    >>> Heading("Club night", "2026-12-03", "3").line(), Heading(round="Playoffs").line()
    ('Club night · 2026-12-03 · Round 3', 'Playoffs')
    """

    name: str | None = None
    date: str | None = None
    round: str | None = None

    def line(self) -> str:
        round_ = None if self.round is None else f"Round {self.round}" if self.round.isdigit() else self.round
        return " · ".join(part for part in (self.name, self.date, round_) if part)

    def rows(self) -> list[tuple[str, str]]:
        """The sheet's first rows: ``event``, ``date``, ``round`` and what was given for each."""
        return [(key, value) for key, value in zip(("event", "date", "round"), self) if value]


__all__ = ["Cell", "Heading", "Word"]
