"""The standings as the first version of the service computed them: a plain reference.

The service's standings (``service.core.results.standings``) tally each distinct score line
once for speed; this one judges every game on its own with :func:`~service.core.outcome.outcome`
and ranks with a plain recursive sort, the straightforward way. Tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.core.cards import first_repeat
from service.core.errors import CribbageError, InvalidScore
from service.core.rules import Rules
from service.core.scoring.outcome import outcome
from service.core.scoring.results import GameResult
from service.core.tournaments.standings import Standing, Standings, ranking_keys


def _check_game(game: GameResult, rules: Rules, index: int) -> None:
    where = f"/games/{index}"
    if len(game.players) != rules.sides:
        raise InvalidScore(
            f"a game here has {rules.sides} sides, one player each; this one names {len(game.players)}",
            pointer=f"{where}/players",
        )
    if len(game.scores) != len(game.players):
        raise InvalidScore("one score per player", pointer=f"{where}/scores")
    slot = first_repeat(game.players)
    if slot is not None:
        raise InvalidScore(f"{game.players[slot]!r} is named twice in one game", pointer=f"{where}/players/{slot}")


def reference_standings(games: Sequence[GameResult], rules: Rules) -> Standings:
    """Each player's games, wins, losses, draws, game points, skunks and spread, ranked.

    Ranking: :func:`ranking_keys` in order, higher first. ``head_to_head`` counts, among the
    players still tied at that point, the games each won against the others in the tie;
    after it the remaining keys break the ties that are left within each group. Players
    equal on every key share a rank (1, 2, 2, 4) and are listed by name.
    """
    stats: dict[str, dict[str, int]] = {}
    beat: dict[str, list[tuple[str, ...]]] = {}
    for index, game in enumerate(games):
        _check_game(game, rules, index)
        try:
            result = outcome(game.scores, rules)
        except CribbageError as error:
            raise error.under(f"/games/{index}") from None
        for side, name in enumerate(game.players):
            row = stats.setdefault(
                name, dict.fromkeys(("games", "wins", "losses", "draws", "game_points", "skunks", "spread"), 0)
            )
            row["games"] += 1
            row["game_points"] += result.game_points[side]
            row["spread"] += result.spread[side]
            if result.winner is None:
                row["draws"] += 1
            elif result.winner == side:
                row["wins"] += 1
                row["skunks"] += 1 if result.skunk_level else 0
                beat.setdefault(name, []).append(tuple(p for p in game.players if p != name))
            else:
                row["losses"] += 1
    keys = ranking_keys(rules)

    def value(player: str, key: str, group: frozenset[str]) -> int:
        if key == "head_to_head":
            return sum(1 for losers in beat.get(player, []) for p in losers if p in group)
        return stats[player]["wins" if key == "games_won" else key]

    def order(group: list[str], remaining: tuple[str, ...]) -> list[list[str]]:
        if len(group) <= 1 or not remaining:
            return [sorted(group)]
        members = frozenset(group)
        by_value: dict[int, list[str]] = {}
        for player in group:
            by_value.setdefault(value(player, remaining[0], members), []).append(player)
        return [tied for v in sorted(by_value, reverse=True) for tied in order(by_value[v], remaining[1:])]

    rows: list[Standing] = []
    for tied in order(sorted(stats), keys):
        rank = len(rows) + 1
        for player in tied:
            s = stats[player]
            rows.append(
                Standing(
                    rank,
                    player,
                    s["games"],
                    s["wins"],
                    s["losses"],
                    s["draws"],
                    s["game_points"],
                    s["skunks"],
                    s["spread"],
                )
            )
    return Standings(tuple(rows), keys, rules.game_point_scheme)
