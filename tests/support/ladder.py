"""The ladder's games: seeded whole games between two named players, each deal from both seats.

``tests/strength/test_ladder.py`` (a bounded run) and ``python -m research.ladder`` (2,000 games per
pairing) play exactly these games. A name is a level of :data:`~service.core.game.state.LEVELS`,
``hard-IDEA[+IDEA]`` (``hard`` without some of :data:`~service.core.computer.players.hard.IDEAS`)
or a test opponent (``random``, ``greedy``); a script may name more players by passing its own
``make`` (a module-level function, so that worker processes can be given it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool

from service.core.computer import players
from service.core.computer.play import apply, new_game
from service.core.computer.players import hard
from service.core.game.engine import may_act
from service.core.game.state import LEVELS
from service.core.game.views import view
from service.core.rules import Rules, resolve
from tests.support.players import GreedyPlayer, Player, RandomPlayer

MakePlayer = Callable[[str, int], Player]


def make_player(name: str, seed: int) -> Player:
    """The player a name stands for (see the module's docstring); ``seed`` seeds ``random``."""
    if name in LEVELS:
        return lambda state, seat: players.choose(state, seat, name)
    if name.startswith("hard-"):  # hard without some of its ideas: hard-search, hard-race_play+race_discard
        without = frozenset(name.removeprefix("hard-").split("+"))
        assert without <= set(hard.IDEAS), f"hard has no idea {sorted(without - set(hard.IDEAS))}"
        return lambda state, seat: hard.choose(view(state, seat), without)
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer()
    raise ValueError(f"unknown player {name!r}")


@dataclass(frozen=True)
class Game:
    """One ladder game, from the first-named player's side."""

    deal_seed: int
    seat: int  # the first-named player's seat
    won: bool
    points: tuple[int, int]  # final scores (first-named, other)


def play_game(first: Player, second: Player, rules: Rules, seed: int, seat: int) -> Game:
    """Deal ``seed`` with the first deal to seat ``seed % 2``, ``first`` in ``seat`` (and, in
    partnerships, its partner's seat too)."""
    side = rules.side_of(seat)
    seats = [first if rules.side_of(s) == side else second for s in range(rules.players)]
    state, _ = new_game(rules, seed, seed % 2)
    while not state.over:
        acting = may_act(state)[0]
        state, _ = apply(state, seats[acting](state, acting))
    return Game(seed, seat, state.winner == side, (state.scores[side], state.scores[1 - side]))


def _job(job: tuple[str, str, str, int, int, MakePlayer]) -> Game:
    a, b, variant, seed, seat, make = job
    return play_game(make(a, 2 * seed + seat), make(b, 2 * seed + 1 - seat), resolve(variant), seed, seat)


def ladder_games(
    a: str,
    b: str,
    games: int,
    *,
    first_seed: int = 0,
    variant: str = "six_card",
    workers: int = 1,
    make: MakePlayer = make_player,
) -> list[Game]:
    """``games`` games (rounded up to whole deals, each played from both seats) of ``a`` against ``b``."""
    jobs = [
        (a, b, variant, seed, seat, make)
        for seed in range(first_seed, first_seed + (games + 1) // 2)
        for seat in (0, 1)
    ]
    if workers <= 1:
        return [_job(job) for job in jobs]
    with Pool(workers) as pool:
        return list(pool.imap(_job, jobs, chunksize=4))
