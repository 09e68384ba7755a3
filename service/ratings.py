"""Rating lists from game results: the openskill library's Plackett-Luce model (PyPI ``openskill``,
MIT, no dependencies of its own), a season carried forward from the ratings the director kept.

This is the one module that uses a library the core may not: the core is standard-library only
(``tests/test_architecture.py``), and a rating model is not a rule of the game but an estimate, so
it lives beside the core, not in it, and the API layer calls it as it calls the core. Every game
is first judged by the core (:func:`service.core.scoring.results.outcomes`: the same checks as the
standings), then rated in the order given: its winner first, the others by their final scores (equal scores
tie, as a drawn fixed-deal game does); a game given up, its winner over the one who gave up alone (the others of
three or four neither won nor lost it: docs/rules.md 8.4).

Why openskill and these settings (docs/director-guide.md, "Ratings"): on simulated seasons its
ratings ranked players by their hidden strength better than the ``glicko2`` package's and
predicted later games better, once its performance spread ``beta`` was set for a game as lucky
as cribbage (:data:`BETA`, six times the library's default, which suits games of skill).

>>> from service.core.scoring.results import GameResult
>>> table = rate([GameResult(("ann", "bob"), (121, 95)), GameResult(("bob", "cy"), (121, 88))])
>>> [r.player for r in table], [r.games for r in table]
(['ann', 'bob', 'cy'], [1, 2, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .core.errors import InvalidEvent
from .core.refusals import said
from .core.rules import Rules, variant_for_sides
from .core.rules import resolve as resolve_rules
from .core.scoring.results import GameResult, outcomes
from .core.tournaments.standings import MAX_PLAYERS

MU = 25.0  # a new player's rating, the library's default
SIGMA = MU / 3  # and its uncertainty
BETA = 25.0  # the spread of one game's performance: 6 x the default 25/6 (cribbage's luck)
MODEL = "openskill Plackett-Luce, beta 25"


@dataclass(frozen=True, slots=True)
class Prior:
    """A rating the director kept from before (the last event of a season)."""

    player: str
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: ``mu`` the estimate, ``sigma`` its uncertainty, ``ordinal`` the
    conservative figure the list is ranked by (``mu - 3 sigma``), ``games`` rated here."""

    player: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


BEYOND_ANY_SCORE = 10_000_000  # more than the contract lets a score be


def rate(
    games: Sequence[GameResult],
    rules: Rules | None = None,
    *,
    players: Sequence[str] = (),
    initial: Sequence[Prior] = (),
) -> tuple[Rating, ...]:
    """The rating list after ``games`` (in the order played), from the ``initial`` ratings (others
    start new), with every one of ``players`` listed even without a game; best first (by
    ``ordinal``, then ``mu``, then first mention)."""
    results = outcomes(games, rules or resolve_rules(variant_for_sides(len(games[0].players)), {})) if games else ()
    named = {name for game in games for name in game.players} | set(players) | {p.player for p in initial}
    if len(named) > MAX_PLAYERS:
        raise InvalidEvent(said("rating_players_most", most=MAX_PLAYERS, count=len(named)))
    given: set[str] = set()
    for index, prior in enumerate(initial):  # one each: a second would silently replace the first
        if prior.player in given:
            raise InvalidEvent(said("named_twice", name=prior.player), pointer=f"/initial/{index}")
        given.add(prior.player)
    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)
    current = {p.player: model.rating(mu=p.mu, sigma=p.sigma) for p in initial}
    order = {name: i for i, name in enumerate([*players, *(p.player for p in initial)]) if name}
    count: dict[str, int] = {}
    for game, result in zip(games, results, strict=True):
        sides = list(range(len(game.players)))
        if result.conceded_by is not None and result.winner is not None:
            # Given up: the winner beat the one who gave up (whatever the pegs), and in a game of
            # three or four the others neither won nor lost (docs/rules.md 8.4): not rated by it.
            sides = sorted((result.winner, result.conceded_by))
        names = [game.players[side] for side in sides]
        teams = [[current.get(name) or model.rating()] for name in names]
        ranks: list[float] = [-game.scores[side] for side in sides]  # the losers (and a draw) by their pegs
        if result.winner is not None:
            ranks[sides.index(result.winner)] = -BEYOND_ANY_SCORE  # the winner first, whatever its pegs
        rated = model.rate(teams, ranks=ranks)
        for name in game.players:  # one not rated by the game is still on the list
            current.setdefault(name, model.rating())
            order.setdefault(name, len(order))
        for name, (new,) in zip(names, rated):
            current[name] = new
            count[name] = count.get(name, 0) + 1
    for name in players:
        current.setdefault(name, model.rating())
    rows = [Rating(name, r.mu, r.sigma, count.get(name, 0)) for name, r in current.items()]
    return tuple(sorted(rows, key=lambda r: (-r.ordinal, -r.mu, order.get(r.player, len(order)))))


__all__ = ["BETA", "MODEL", "Prior", "Rating", "rate"]
