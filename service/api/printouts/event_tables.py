"""An event file's answers as tables (:mod:`service.api.formats` writes them as a sheet or a
page): the standings after a round, the crosstable by rounds, the pairing sheet, the
cross-check of the scorecards. Built from the core values the JSON encoders take, so a sheet
and the JSON say the same thing.

A column holds players' names or the sheet's own words, never both: a bye leaves the
opponent's column empty and says ``bye`` in ``note``; a round's result is a word in its own
column, beside the opponent's name (:class:`~.heading.Word`).
"""

from __future__ import annotations

from ...core.tournaments.event_views import CrossCheck, EventStandings, RoundCell, RoundRow
from ...core.tournaments.movements import FixedGames
from ...core.tournaments.schedules import Round
from ..formats import Table
from ..wire.tables import schedule_table, standings_table
from .heading import Cell, Word


def event_standings_table(value: EventStandings) -> Table:
    """The standings after the round, with each player's entry and withdrawal, and where each
    stands at the qualification cut (``cut``: the sheet's word, ``qualified``, ``tied`` at the
    line, ``out`` or ``withdrawn``); the notes say where the line falls and who is tied at it."""
    base = standings_table(value.table, f"Standings after round {value.after}")
    line = value.cut
    rows = tuple(
        (*row, value.joined[name], value.withdrawn[name], None if line is None else Word(line.marks[name]))
        for row, name in zip(base.rows, (r.player for r in value.table.rows))
    )
    notes = base.notes
    if line is not None:
        notes += (f"Cut: {line.qualifiers} of {line.entrants} entrants qualify",)
        if line.tied:
            notes += (
                f"Tied at the cut line, {counted(line.places, 'place')} for {len(line.tied)} players:"
                f" {', '.join(line.tied)} (the director decides who goes through)",
            )
    if value.unsettled:
        notes += (f"Not counted yet: {counted(len(value.unsettled), 'table')} whose cards differ or are missing",)
    return Table(base.title, (*base.header, "joined", "withdrawn", "cut"), rows, notes)


def counted(count: int, noun: str) -> str:
    """``count`` of ``noun``, the noun plural unless one.

    >>> counted(1, "place"), counted(2, "place")
    ('1 place', '2 places')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def result_word(cell: RoundCell) -> Word:
    """What a round was for a player, as the sheet says it: the result and the scores.

    >>> result_word(RoundCell(2, "won", 3, "bob", 121, 95, 2, 26, 4, 30))
    'won 121-95'
    >>> result_word(RoundCell(3, "half_bye", None, None, None, None, 1, 0, 5, 30))
    'half bye'
    >>> result_word(RoundCell(1, "won", 2, "ann", 40, 100, 2, 21, 2, 21, conceded_by="ann"))
    'won 40-100, conceded'
    """
    words = cell.result.replace("_", " ")
    if cell.score is not None and cell.opponent_score is not None:
        words += f" {cell.score}-{cell.opponent_score}"
    if cell.conceded_by is not None:
        words += ", conceded"
    return Word(words)


def event_crosstable_table(value: tuple[EventStandings, tuple[RoundRow, ...]]) -> Table:
    """One row per player in standings order; for each round, the table, the opponent (a name
    alone) and the result (a word, with the scores); then the totals."""
    standing, rows = value
    header: list[str] = ["rank", "player"]
    for number in range(1, standing.after + 1):
        header += [f"round {number} table", f"round {number} opponent", f"round {number} result"]
    header += ["game_points", "spread"]
    lines: list[tuple[Cell, ...]] = []
    for row in rows:
        cells: list[Cell] = [row.rank, row.player]
        for cell in row.cells:
            cells += [cell.table, cell.opponent, result_word(cell)]
        last = row.cells[-1] if row.cells else None
        cells += [None if last is None else last.total_game_points, None if last is None else last.total_spread]
        lines.append(tuple(cells))
    notes = ("Each round: the table, the opponent, and the result with the player's score first",)
    return Table(f"Crosstable after round {standing.after}", tuple(header), tuple(lines), notes)


def pairing_sheet(round_: Round) -> Table:
    """A round's pairing sheet: one row per table (its number, both players), then the bye (the
    player, no opponent, ``bye`` in the note), as a schedule's round; repeated pairings noted."""
    sheet = schedule_table((round_,), f"Pairings, round {round_.number}", "table")
    notes = tuple(f"Repeated pairing: {a} and {b} have met before" for a, b in round_.repeats)
    return sheet._replace(notes=notes)


def movement_table(value: FixedGames) -> Table:
    """A day of fixed games as the director posts it: one row per player in seating order, for
    each round the table to go to and the opponent there (a name alone), or ``bye`` in the round's
    note (the sheet's word)."""
    header: list[str] = ["player"]
    for number in range(1, value.games + 1):
        header += [f"round {number} table", f"round {number} opponent", f"round {number} note"]
    rows: list[tuple[Cell, ...]] = []
    for name, stops in value.itineraries():
        cells: list[Cell] = [name]
        for stop in stops:
            cells += [stop.table, stop.opponent, Word("bye") if stop.table is None else None]
        rows.append(tuple(cells))
    title = f"Table movement, {value.games} games each"
    notes = (
        f"{value.tables} tables; "
        + (
            "home players stay, visitors move up one table a round"
            if value.movement == "one_side_moves"
            else "a round robin's first rounds"
        ),
    )
    return Table(title, tuple(header), tuple(rows), notes)


def cross_check_table(value: CrossCheck) -> Table:
    """Every table not agreed, one row per card handed in for it (a table with no card: one row,
    the card's columns empty), then a row for each player with neither a table nor a bye in a
    round (the player in ``player_1``, the table empty); the counts of each status in the notes."""
    rows: list[tuple[Cell, ...]] = []
    for t in value.tables:
        if t.status == "agreed":
            continue
        seat: tuple[Cell, ...] = (t.round, t.table, t.players[0], t.players[1], Word(t.status.replace("_", " ")))
        if not t.cards:
            rows.append((*seat, None, None, None, None, None, None))
        for card in t.cards:
            scores = (None, None) if card.scores is None else (card.scores[0], card.scores[1])
            kind = Word("player's card") if card.by is not None else Word("director's ruling")
            rows.append((*seat, kind, card.by, *scores, card.forfeit, card.conceded_by))
    header = (
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
    )
    unplaced = Word("no table or bye")
    rows += [
        (number, None, name, None, unplaced, None, None, None, None, None, None) for number, name in value.unplaced
    ]
    if value.unplaced_count > len(value.unplaced):  # the sheet says it stops short, not only the page's notes
        more = Word(f"{value.unplaced_count - len(value.unplaced)} more with no table or bye, not listed")
        rows.append((None, None, None, None, more, None, None, None, None, None, None))
    counted = [f"{status.replace('_', ' ')}: {count}" for status, count in value.counts.items()]
    notes = (", ".join([*counted, f"no table or bye: {value.unplaced_count}"]),)
    return Table("Scorecard cross-check", header, tuple(rows), notes)


__all__ = [
    "event_standings_table",
    "event_crosstable_table",
    "pairing_sheet",
    "cross_check_table",
    "movement_table",
    "result_word",
    "counted",
]
