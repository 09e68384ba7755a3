"""Who beat whom by how much, and each player's games in order: the crosstable and the game logs.

Both read the same game results the standings take (:class:`~service.core.scoring.results.GameResult`,
in the order they were played), judge each game once with the same
:func:`~service.core.scoring.outcome.outcome` (every invalid game reported together,
:func:`~service.core.scoring.results.outcomes`), and list the players in standings order.

A crosstable cell is one player's record against one opponent, summed over every game they
met in: games, games won, lost and drawn, and the spread between them (the player's margin in the
games they won from that opponent, less the opponent's margin in the games they lost to them:
the ACC spread, docs/rules.md 8.1, counted pair by pair). In a game of three the winner beats each
loser by the gap between their scores; the two losers sat at the same table (a game) but
neither beat the other. A cell also counts the games of the two that ended in a concession
(``conceded_games``: given up at the table rather than played out, whoever gave them up, so
the same in both players' cells), and a log entry names the player who gave its game up
(``conceded_by``), as the event file's crosstable does.

>>> from ..rules import STANDARD
>>> games = [GameResult(("ann", "bob"), (121, 90)), GameResult(("bob", "ann"), (121, 111)),
...          GameResult(("ann", "bob"), (121, 101))]
>>> table = crosstable(games, STANDARD)
>>> [(row.player, [(c.opponent, c.games, c.games_won, c.games_lost, c.spread) for c in row.cells]) for row in table.rows]
[('ann', [('bob', 3, 2, 1, 41)]), ('bob', [('ann', 3, 1, 2, -41)])]
>>> [(e.game, e.result, e.score, e.opponent_scores, e.total_game_points) for e in game_logs(games, STANDARD)[1].entries]
[(0, 'loss', 90, (121,), 0), (1, 'win', 121, (111,), 2), (2, 'loss', 101, (121,), 2)]
>>> given_up = [GameResult(("ann", "bob"), (78, 98), conceded_by=0)]
>>> [(e.result, e.score, e.conceded_by) for log in game_logs(given_up, STANDARD) for e in log.entries]
[('win', 98, 'ann'), ('loss', 78, 'ann')]
>>> [(row.player, [(c.games_won, c.spread, c.conceded_games) for c in row.cells]) for row in crosstable(given_up, STANDARD).rows]
[('bob', [(1, 43, 1)]), ('ann', [(0, -43, 1)])]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import Rules
from ..scoring.outcome import Outcome
from ..scoring.results import GameResult, outcomes
from .standings import Standings, tally


@dataclass(frozen=True, slots=True)
class Cell:
    """A player's record against one ``opponent`` over all their games together. ``spread`` is
    from the player's side. ``games_won + games_lost + games_drawn == games`` except in games of three, where
    two losers meet without either beating the other. ``conceded_games``: how many of ``games``
    ended in a concession, whoever gave them up (the same count in the opponent's cell)."""

    opponent: str
    games: int
    games_won: int
    games_lost: int
    games_drawn: int
    spread: int
    conceded_games: int = 0


@dataclass(frozen=True, slots=True)
class CrossRow:
    """A player's line: their rank in the standings and a cell for each opponent they met, in
    table order."""

    rank: int
    player: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Crosstable:
    """``players`` in standings order (a printed crosstable numbers its columns by it)."""

    players: tuple[str, ...]
    rows: tuple[CrossRow, ...]


def _pair(result: Outcome, mine: int, theirs: int) -> tuple[int, int, int, int]:
    """(win, loss, draw, spread) of side ``mine`` against side ``theirs`` in one game."""
    if result.winner is None:
        return 0, 0, 1, 0
    if result.conceded_by is not None:
        # A conceded game's margin is the one its outcome gives (the winner as if pegged out
        # there, docs/rules.md 8.4), between the winner and the conceder only, not the pegs.
        # The others of a game of three neither won nor lost (docs/rules.md 8.4).
        pair = {mine, theirs} == {result.winner, result.conceded_by}
        if not pair:
            return 0, 0, 0, 0
        return int(result.winner == mine), int(result.winner == theirs), 0, result.spread[mine]
    top = result.scores[result.winner]
    if result.winner == mine:
        return 1, 0, 0, top - result.scores[theirs]
    if result.winner == theirs:
        return 0, 1, 0, result.scores[mine] - top
    return 0, 0, 0, 0


def _checked(
    games: Sequence[GameResult], rules: Rules, byes: Sequence[str] = ()
) -> tuple[tuple[Outcome, ...], Standings]:
    results = outcomes(games, rules)
    return results, tally(games, results, rules, byes)


def crosstable(games: Sequence[GameResult], rules: Rules, byes: Sequence[str] = ()) -> Crosstable:
    """The crosstable of ``games``: for each player, in standings order (``byes`` counted as the
    standings count them), a :class:`Cell` for each opponent met, summed over repeated meetings."""
    results, table = _checked(games, rules, byes)
    cells: dict[str, dict[str, list[int]]] = {row.player: {} for row in table.rows}
    for game, result in zip(games, results):
        players = game.players
        for mine, player in enumerate(players):
            row = cells[player]
            for theirs, opponent in enumerate(players):
                if mine != theirs:
                    cell = row.get(opponent)
                    if cell is None:
                        cell = row[opponent] = [0, 0, 0, 0, 0, 0]
                    win, loss, draw, spread = _pair(result, mine, theirs)
                    cell[0] += 1
                    cell[1] += win
                    cell[2] += loss
                    cell[3] += draw
                    cell[4] += spread
                    cell[5] += result.conceded_by is not None
    order = {row.player: index for index, row in enumerate(table.rows)}
    rows = tuple(
        CrossRow(
            row.rank,
            row.player,
            tuple(
                Cell(opponent, *cells[row.player][opponent])
                for opponent in sorted(cells[row.player], key=order.__getitem__)
            ),
        )
        for row in table.rows
    )
    return Crosstable(tuple(order), rows)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One of a player's games. ``game``: its index in the list given (the ``/games/<i>`` of
    the request). ``score``: the player's final score (a winner's capped at the target);
    ``result``: ``win``, ``loss``, ``draw``, or ``neither`` (a game of three that another gave up:
    docs/rules.md 8.4); ``skunk_level``: the level the player won by, or
    lost by (0 for none or a draw); ``game_points`` and ``spread`` for this game, and the running
    totals after it; ``conceded_by``: the player who gave the game up (its scores as they stood,
    this player or another), ``None`` for a game played out."""

    game: int
    opponents: tuple[str, ...]
    score: int
    opponent_scores: tuple[int, ...]
    result: str
    skunk_level: int
    game_points: int
    spread: int
    total_game_points: int
    total_spread: int
    conceded_by: str | None = None


@dataclass(frozen=True, slots=True)
class GameLog:
    """A player's games (``entries``) and ``byes`` (rounds sat out, each a game won with a plain
    win's game points and no spread, as the standings count them: a bye has no place among the
    games); ``total_game_points`` and ``total_spread`` are the standings' totals, byes included."""

    rank: int
    player: str
    entries: tuple[LogEntry, ...]
    byes: int = 0
    total_game_points: int = 0
    total_spread: int = 0


def game_logs(
    games: Sequence[GameResult], rules: Rules, players: Sequence[str] | None = None, byes: Sequence[str] = ()
) -> tuple[GameLog, ...]:
    """Each player's games in the order given, with running totals, players in standings order
    (``byes`` counted as the standings count them); only those named in ``players`` when given (a
    name that neither played nor sat out has an empty log, ranked 0: it is not in the standings)."""
    results, table = _checked(games, rules, byes)
    wanted = None if players is None else set(players)
    entries: dict[str, list[LogEntry]] = {
        row.player: [] for row in table.rows if wanted is None or row.player in wanted
    }
    for index, (game, result) in enumerate(zip(games, results)):
        for side, player in enumerate(game.players):
            log = entries.get(player)
            if log is None:
                continue
            log.append(_entry(index, game, result, side, log[-1] if log else None))
    logs = [
        GameLog(row.rank, row.player, tuple(entries[row.player]), row.byes, row.game_points, row.spread)
        for row in table.rows
        if row.player in entries
    ]
    ranked = {row.player for row in table.rows}
    logs += [GameLog(0, name, ()) for name in dict.fromkeys(players or ()) if name not in ranked]
    return tuple(logs)


def _entry(index: int, game: GameResult, result: Outcome, side: int, before: LogEntry | None) -> LogEntry:
    """Game ``index`` as ``side``'s player saw it, totals run on from ``before`` (their previous entry)."""
    player = game.players[side]
    points, spread = result.game_points[side], result.spread[side]
    if result.winner is None:
        outcome, level = "draw", 0
    elif result.winner == side:
        outcome, level = "win", result.skunk_level
    elif result.conceded_by not in (None, side):
        outcome, level = "neither", 0  # a game of three given up by another (docs/rules.md 8.4)
    else:
        outcome, level = "loss", result.skunked[side]
    return LogEntry(
        index,
        tuple(p for p in game.players if p != player),
        result.scores[side],
        tuple(s for k, s in enumerate(result.scores) if k != side),
        outcome,
        level,
        points,
        spread,
        points + (before.total_game_points if before else 0),
        spread + (before.total_spread if before else 0),
        None if result.conceded_by is None else game.players[result.conceded_by],
    )


__all__ = ["Cell", "CrossRow", "Crosstable", "crosstable", "LogEntry", "GameLog", "game_logs"]
