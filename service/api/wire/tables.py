"""The event tools' answers as tables (one row per player, game, pairing or match), for CSV and
the printable page (:mod:`service.api.formats`). Column names are the JSON members' names, so a
spreadsheet and the JSON say the same thing in the same words; each builder takes the core
value the JSON view serialises, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...core.scoring.outcome import SKUNK_NAMES
from ...core.tournaments.crosstable import Cell as CrossCell
from ...core.tournaments.crosstable import Crosstable, GameLog
from ...core.tournaments.elimination import EliminationState, Source
from ...core.tournaments.match_standings import MatchStandings
from ...core.tournaments.schedules import Round
from ...core.tournaments.standings import Standings
from ..formats import Cell, Table, Word


def standings_table(table: Standings, title: str = "Standings") -> Table:
    header = (
        "rank",
        "player",
        "games",
        "games_won",
        "games_lost",
        "games_drawn",
        "game_points",
        "skunks",
        "spread",
        "byes",
    )
    rows = tuple(
        (r.rank, r.player, r.games, r.games_won, r.games_lost, r.games_drawn, r.game_points, r.skunks, r.spread, r.byes)
        for r in table.rows
    )
    return Table(title, header, rows, (f"Game points: {table.scheme}", "Ranked by " + ", ".join(table.ranking)))


def match_standings_table(table: MatchStandings, title: str = "Match standings") -> Table:
    header = (
        "rank",
        "player",
        "matches",
        "matches_won",
        "matches_lost",
        "matches_drawn",
        "match_points",
        "match_points_against",
        "games_won",
        "games_lost",
        "spread",
    )
    rows = tuple(
        (
            r.rank,
            r.player,
            r.matches,
            r.matches_won,
            r.matches_lost,
            r.matches_drawn,
            r.match_points,
            r.match_points_against,
            r.games_won,
            r.games_lost,
            r.spread,
        )
        for r in table.rows
    )
    return Table(title, header, rows, ("Ranked by " + ", ".join(table.ranking),))


def record(cell: CrossCell) -> str:
    """A crosstable cell as text: wins-losses (-draws when there are any) and the spread, then
    how many of the games were conceded when any were (as the event file's crosstable adds
    "conceded" to a game given up).

    >>> record(CrossCell("bob", 3, 2, 1, 0, 41)), record(CrossCell("bob", 2, 1, 1, 0, 62, conceded_games=1))
    ('2-1 +41', '1-1 +62, 1 conceded')
    """
    drawn = f"-{cell.games_drawn}" if cell.games_drawn else ""
    given_up = f", {cell.conceded_games} conceded" if cell.conceded_games else ""
    return f"{cell.games_won}-{cell.games_lost}{drawn} {cell.spread:+d}{given_up}"


def crosstable_table(table: Crosstable, title: str = "Crosstable") -> Table:
    """One row per player; one column per opponent, numbered by place in the table, holding
    the record against them (empty where they never met)."""
    header = ("rank", "player", *(f"{i} {name}" for i, name in enumerate(table.players, start=1)))
    rows = []
    for row in table.rows:
        met = {cell.opponent: record(cell) for cell in row.cells}
        rows.append((row.rank, row.player, *(met.get(name) for name in table.players)))
    notes = (
        "Each cell: wins-losses(-draws) and spread against that opponent, and how many of those games were conceded",
    )
    return Table(title, header, tuple(rows), notes)


def game_log_table(logs: Sequence[GameLog], title: str = "Game logs") -> Table:
    header = (
        "player",
        "game",
        "opponents",
        "score",
        "opponent_scores",
        "result",
        "skunk",
        "game_points",
        "spread",
        "total_game_points",
        "total_spread",
        "conceded_by",
    )
    rows: list[tuple[Cell, ...]] = []
    for log in logs:
        rows += [
            (
                log.player,
                e.game,
                " & ".join(e.opponents),
                e.score,
                " ".join(map(str, e.opponent_scores)),
                e.result,
                SKUNK_NAMES[e.skunk_level],
                e.game_points,
                e.spread,
                e.total_game_points,
                e.total_spread,
                e.conceded_by,
            )
            for e in log.entries
        ]
        # Byes after the games (a bye has no place among them), each with its game points (all
        # equal: a plain win's), so a player's last line carries the standings' totals.
        if log.byes:
            from_games = sum(e.game_points for e in log.entries)
            each = (log.total_game_points - from_games) // log.byes
            rows += [
                (
                    log.player,
                    None,
                    None,
                    None,
                    "",
                    Word("bye"),
                    "none",
                    each,
                    0,
                    from_games + each * k,
                    log.total_spread,
                    None,
                )
                for k in range(1, log.byes + 1)
            ]
    return Table(title, header, tuple(rows))


def schedule_table(rounds: Sequence[Round], title: str = "Schedule", board: str = "board") -> Table:
    """One row per pairing, and one per bye: the player, no opponent (a name column holds names
    alone), and ``bye`` in the note."""
    rows: list[tuple[Cell, ...]] = []
    for r in rounds:
        rows += [(r.number, p.board, p.players[0], p.players[1], None) for p in r.pairings]
        if r.bye is not None:
            rows.append((r.number, None, r.bye, None, Word("bye")))
    return Table(title, ("round", board, "player", "opponent", "note"), tuple(rows))


ELIMINATION_HEADER = (
    "match",
    "bracket",
    "round",
    "seed_1",
    "slot_1",
    "from_1",
    "seed_2",
    "slot_2",
    "from_2",
    "score_1",
    "score_2",
    "status",
    "winner_seed",
    "winner",
)


def source_word(source: Source) -> Word | None:
    """Where a slot's player comes from, in the sheet's words (``None`` for a seed: its number
    and name have their own columns).

    >>> [source_word(Source(kind, 5)) for kind in ("winner", "loser", "none", "seed")]
    ['winner of 5', 'loser of 5', 'bye', None]
    """
    words = {"none": "bye", "winner": f"winner of {source.ref}", "loser": f"loser of {source.ref}"}
    return None if source.kind == "seed" else Word(words[source.kind])


def slot_scores(games: Sequence[Sequence[int]] | None, slot: int) -> str | None:
    """A slot's score in each game of its match, in order (``121 98 121``), or ``None`` unplayed."""
    return None if not games else " ".join(str(game[slot]) for game in games)


def elimination_table(
    state: EliminationState, title: str = "Bracket", results: Mapping[int, Sequence[Sequence[int]]] | None = None
) -> Table:
    """One row per match: where it sits; each slot's seed, name (names alone) and, until known,
    where its player comes from (a word); each slot's scores (from ``results``); the status and
    the winner."""
    given = results or {}
    rows = tuple(
        (
            m.id,
            m.bracket,
            m.round,
            m.seeds[0],
            state.name(m.seeds[0]),
            None if m.seeds[0] is not None else source_word(m.sources[0]),
            m.seeds[1],
            state.name(m.seeds[1]),
            None if m.seeds[1] is not None else source_word(m.sources[1]),
            slot_scores(given.get(m.id), 0) if m.status == "played" else None,
            slot_scores(given.get(m.id), 1) if m.status == "played" else None,
            m.status,
            m.winner,
            state.name(m.winner),
        )
        for m in state.matches
    )
    kind = "Double" if state.double else "Single"
    notes = [f"{kind} elimination of {state.entrants} players"]  # those in the bracket (a cut's qualifiers)
    if state.champion is not None:
        notes.append(f"Champion: seed {state.champion}" + (f", {state.name(state.champion)}" if state.players else ""))
    return Table(title, ELIMINATION_HEADER, rows, tuple(notes))


__all__ = [
    "standings_table",
    "match_standings_table",
    "crosstable_table",
    "record",
    "game_log_table",
    "schedule_table",
    "elimination_table",
    "source_word",
    "slot_scores",
]
