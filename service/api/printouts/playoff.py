"""The playoff drawn from an event file's cut, as a club posts it: the bracket as a picture with
the cut in the page's notes (how many qualified of how many entrants, the tie at the line and
who went through on the director's decision), the matches as a sheet, and the first round's
scorecards or table cards (a match's number is its table's).
"""

from __future__ import annotations

from ...core.tournaments.cut import Playoff
from ...core.tournaments.elimination import EliminationState, elimination
from ...core.tournaments.schedules import Pairing, Round
from ..formats import Table
from ..wire.tables import elimination_table
from .bracket import bracket_page
from .event_tables import counted
from .heading import Heading

TITLE = "Playoff bracket"


def places_note(entrants: int, qualifiers: int, byes: int) -> str:
    """A bracket's places and byes, as its sheet says them.

    >>> places_note(9, 3, 1)
    '9 entrants, 3 qualify, 1 bye to the top seed'
    """
    return (
        f"{entrants} entrants, {qualifiers} qualify, {counted(byes, 'bye')} to the top seed{'' if byes == 1 else 's'}"
    )


def playoff_notes(value: Playoff) -> tuple[str, ...]:
    """What the sheet says of the cut: the places, the byes, the seeding, a tie at the line."""
    line, drawn = value.line, value.bracket
    by = "the rating list of the games" if value.seed_by == "ratings" else "the standings"
    notes = [f"{places_note(line.entrants, line.qualifiers, drawn.byes)}; seeded by {by}"]
    if line.tied:
        through = [name for name in drawn.players or () if name in line.tied]
        notes.append(
            f"Tied at the cut line, {counted(line.places, 'place')} for {len(line.tied)} players:"
            f" {', '.join(line.tied)}; through on the director's decision: {', '.join(through)}"
        )
    return tuple(notes)


def _state(value: Playoff) -> EliminationState:
    return elimination(value.bracket.qualifiers, players=value.bracket.players)


def playoff_table(value: Playoff) -> Table:
    """One row per match of the bracket (:func:`~..wire.tables.elimination_table`), with the cut
    in the notes."""
    return elimination_table(_state(value), TITLE)._replace(notes=playoff_notes(value))


def playoff_page(value: Playoff, heading: Heading | None) -> tuple[str, bytes]:
    """The bracket drawn (an SVG in the page), the cut in the notes, then the matches."""
    return bracket_page(_state(value), TITLE, heading, notes=playoff_notes(value))


def first_round(value: Playoff) -> Round:
    """The first round's matches as a round of tables (a match's number is its table), for the
    scorecards and table cards; the top seeds' byes have no table."""
    state = _state(value)
    pairings = []
    for m in state.matches:
        if m.bracket == "winners" and m.round == 1 and None not in m.seeds:
            high, low = state.name(m.seeds[0]), state.name(m.seeds[1])
            if high is not None and low is not None:
                pairings.append(Pairing(m.id, (high, low)))
    return Round(1, tuple(pairings), None)


__all__ = ["places_note", "first_round", "playoff_notes", "playoff_page", "playoff_table"]
