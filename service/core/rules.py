"""One ``Rules`` value drives every variant; the named presets live in one registry.

No code branches on a variant's name: it reads the fields below (OpenSpiel's
``CardsPerPlayer`` switch, turned into data).

>>> six = preset("six_card")
>>> six.hand_size, six.crib_from_deck, six.sides, six.target
(4, 0, 2, 121)
>>> preset("four_player").side_of(2)
0
>>> resolve("five_card", {"target": 31}).skunk_lines
(16,)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .errors import InvalidRules
from .refusals import said
from .vocabulary import (
    CRIB_FLUSH,
    DEAL_CUT_TIES,
    DEAL_CUT_WINNER,
    MULTI_GO_RULES,
    OVERCLAIM_POLICIES,
    SCHEME_NAMES,
    THREE_FOR_LAST,
    TIEBREAKERS,
    CribFlush,
    DealCutTies,
    DealCutWinner,
    GamePointScheme,
    MultiGoRule,
    OverclaimPolicy,
    ThreeForLast,
    Tiebreaker,
)

# Fixed awards outside the show and the play (docs/rules.md 3 and 9.1).
HEELS_POINTS = 2  # a jack turned as the starter, to the dealer
THREE_FOR_LAST_POINTS = 3  # five-card: to the first non-dealer

# Game points per outcome level (0 normal win, 1 skunk, 2 double, 3 triple), docs/rules.md 8.2.
GAME_POINT_SCHEMES: dict[GamePointScheme, tuple[int, int, int, int]] = {
    "acc": (2, 3, 3, 3),
    "bar_league": (2, 3, 3, 3),
    "match_1_2_3": (1, 2, 3, 3),
    "match_1_2_4": (1, 2, 4, 4),
}
# Hoyle's lurch has no fixed table: its double game sits at half the target (Rules.game_points).
DEFAULT_TIEBREAKERS: dict[GamePointScheme, tuple[Tiebreaker, ...]] = {
    "bar_league": ("game_points", "games_won", "skunks", "spread"),
}


def default_skunk_lines(target: int) -> tuple[int, ...]:
    """Skunk, double and triple skunk lines (the loser is strictly below each).

    121 gives 91/61/31 (ACC); 61 gives the single "half the holes" line 31 (Hoyle, EB);
    another target T is given the lines T-30, T-60, T-90 that are above zero, except that
    a target under 121 that is not 61 uses half the holes, as the 61-point game does.

    >>> default_skunk_lines(121), default_skunk_lines(61), default_skunk_lines(181)
    ((91, 61, 31), (31,), (151, 121, 91))
    """
    if target == 121:
        return (91, 61, 31)
    if target < 121:
        return ((target + 1) // 2,)
    return tuple(line for line in (target - 30, target - 60, target - 90) if line > 0)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule a variant can change. See docs/rules.md section 11 for sources."""

    name: str = "six_card"
    players: int = 2
    partnerships: bool = False
    cards_dealt: int = 6
    discards: int = 2
    crib_from_deck: int = 0
    target: int = 121
    fixed_deals: int | None = None
    single_count_play: bool = False
    three_for_last: ThreeForLast = "none"
    crib_flush: CribFlush = "five_only"
    multi_go_rule: MultiGoRule = "continue_until_none"
    heels_can_peg_out: bool = True
    no_heels_at_or_above: int | None = None
    deal_cut_winner: DealCutWinner = "low"
    deal_cut_ties: DealCutTies = "rank"
    skunk_lines: tuple[int, ...] = (91, 61, 31)
    game_point_scheme: GamePointScheme = "acc"
    tiebreakers: tuple[Tiebreaker, ...] = ("game_points", "games_won", "spread")
    muggins: bool = False
    overclaim_policy: OverclaimPolicy = "correct"

    def __post_init__(self) -> None:
        def need(ok: bool, key: str, at: str | None = None, **params: Any) -> None:
            """Refuse unless ``ok``; ``at``: the one option at fault (the error points at it)."""
            if not ok:
                raise InvalidRules(said(key, **params), pointer=None if at is None else f"/options/{at}")

        need(
            all(type(v) is int for v in (self.target, *self.skunk_lines))
            and all(v is None or type(v) is int for v in (self.fixed_deals, self.no_heels_at_or_above)),
            "r_whole",
        )
        need(2 <= self.players <= 4, "r_players")
        need(not self.partnerships or self.players == 4, "partnerships_four")
        need(
            self.players * self.discards + self.crib_from_deck == 4,
            "r_crib_of_4",
        )
        need(self.cards_dealt - self.discards in (3, 4), "r_keeps")
        need(self.players * self.cards_dealt + self.crib_from_deck < 52, "r_not_enough")
        need(1 <= self.target <= 10_000, "r_target", "target")
        if self.fixed_deals is not None:
            need(1 <= self.fixed_deals <= 1000, "r_fixed_range", "fixed_deals")
            need(self.fixed_deals % self.players == 0, "r_fixed_multiple", "fixed_deals")

        def one_of(option: str, allowed: tuple[str, ...]) -> None:
            need(getattr(self, option) in allowed, "r_one_of", option, option=option, values=str(allowed))

        one_of("crib_flush", CRIB_FLUSH)
        one_of("three_for_last", THREE_FOR_LAST)
        one_of("multi_go_rule", MULTI_GO_RULES)
        one_of("deal_cut_winner", DEAL_CUT_WINNER)
        one_of("deal_cut_ties", DEAL_CUT_TIES)
        one_of("game_point_scheme", SCHEME_NAMES)
        one_of("overclaim_policy", OVERCLAIM_POLICIES)
        need(
            all(t in TIEBREAKERS for t in self.tiebreakers),
            "r_tiebreakers_from",
            "tiebreakers",
            values=str(TIEBREAKERS),
        )
        need(len(set(self.tiebreakers)) == len(self.tiebreakers), "r_tiebreaker_twice", "tiebreakers")
        need(
            list(self.skunk_lines) == sorted(set(self.skunk_lines), reverse=True)
            and all(0 < line <= self.target for line in self.skunk_lines)
            and len(self.skunk_lines) <= 3,
            "r_skunk_lines",
        )
        need(
            self.no_heels_at_or_above is None or 0 < self.no_heels_at_or_above <= self.target,
            "r_no_heels",
        )

    @property
    def hand_size(self) -> int:
        """Cards a player keeps for the show (4, or 3 in the five-card game)."""
        return self.cards_dealt - self.discards

    @property
    def sides(self) -> int:
        """Scoring sides: partners share one."""
        return self.players // 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat scores for (seats 0 and 2 are side 0 in partnerships)."""
        return seat % self.sides

    @property
    def game_points(self) -> tuple[int, int, int, int]:
        """Game points for a win at each skunk level (none, skunk, double, triple).

        Hoyle knows only the lurch: the loser below half the game (61 of 121, 31 of 61) loses
        a double game. That is whichever skunk line sits at half the target (below 61 is the
        second of 91/61/31; below 31 the only line of a 61-point game); with no such line
        among ``skunk_lines`` every win is a single game.

        >>> resolve("six_card", {"game_point_scheme": "hoyle_lurch"}).game_points
        (1, 1, 2, 2)
        >>> resolve("five_card", {"game_point_scheme": "hoyle_lurch"}).game_points
        (1, 2, 2, 2)
        >>> resolve("six_card", {"game_point_scheme": "hoyle_lurch", "skunk_lines": [91]}).game_points
        (1, 1, 1, 1)
        """
        if self.game_point_scheme == "hoyle_lurch":
            half = (self.target + 1) // 2
            lurch = self.skunk_lines.index(half) + 1 if half in self.skunk_lines else 4
            return (1, 1, 1, 1)[:lurch] + (2, 2, 2, 2)[lurch:]  # type: ignore[return-value]
        return GAME_POINT_SCHEMES[self.game_point_scheme]

    def heels_allowed(self, dealer_score: int) -> bool:
        """Whether the dealer's side, at ``dealer_score``, pegs his heels (2 for a jack
        turned): always, unless a house rule withholds it near the end (docs/rules.md 3).

        >>> resolve("six_card", {"heels_can_peg_out": False}).heels_allowed(119)
        False
        >>> resolve("six_card", {"no_heels_at_or_above": 115}).heels_allowed(114)
        True
        """
        if self.no_heels_at_or_above is not None and dealer_score >= self.no_heels_at_or_above:
            return False
        return self.heels_can_peg_out or self.fixed_deals is not None or dealer_score + 2 < self.target


_PRESETS: dict[str, Rules] = {
    "six_card": Rules(name="six_card"),
    "five_card": Rules(
        name="five_card",
        cards_dealt=5,
        target=61,
        skunk_lines=(31,),
        single_count_play=True,
        three_for_last="game_start",
    ),
    "three_player": Rules(name="three_player", players=3, cards_dealt=5, discards=1, crib_from_deck=1),
    "four_player": Rules(name="four_player", players=4, partnerships=True, cards_dealt=5, discards=1),
    "four_player_individual": Rules(name="four_player_individual", players=4, cards_dealt=5, discards=1),
}
# The names docs/rules.md section 11 uses for the same presets.
ALIASES = {
    "six_card_2p": "six_card",
    "five_card_2p": "five_card",
    "four_player_partners": "four_player",
}
DESCRIPTIONS = {
    "six_card": "The standard game: two players, six cards each, two to the crib, 121 up.",
    "five_card": "The old game: five cards each, three-card hands, a single count in the play, "
    "three for last to the first non-dealer, 61 up.",
    "three_player": "Three players, five cards each and one from the pack to the crib, one discard each.",
    "four_player": "Four players in partnerships (seats 0 and 2 against 1 and 3), five cards each, one discard each.",
    "four_player_individual": "Four players each for themselves, five cards each, one discard each.",
}
# The options a client may set on top of a preset (the shape of the deal is fixed by the preset).
OPTION_NAMES = (
    "target",
    "fixed_deals",
    "crib_flush",
    "three_for_last",
    "multi_go_rule",
    "heels_can_peg_out",
    "no_heels_at_or_above",
    "deal_cut_winner",
    "deal_cut_ties",
    "skunk_lines",
    "game_point_scheme",
    "tiebreakers",
    "muggins",
    "overclaim_policy",
)
STANDARD = _PRESETS["six_card"]


def variant_names() -> tuple[str, ...]:
    """The preset names, in a stable order."""
    return tuple(_PRESETS)


def preset(name: str) -> Rules:
    """The named preset (aliases accepted), or :class:`InvalidRules`."""
    rules = _PRESETS.get(ALIASES.get(name, name))
    if rules is None:
        raise InvalidRules(said("unknown_variant", name=name, known=", ".join(_PRESETS)), pointer="/variant")
    return rules


def normal_value(value: Any) -> Any:
    """The one normal form of an option value: lists become tuples, and whole-number floats
    (JSON Schema counts ``5.0`` as an integer) become ints, so ``5.0`` and ``5`` name the
    same rules and a float never reaches a score."""
    if isinstance(value, list):
        return tuple(normal_value(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def normal_options(options: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    """Options in their one normal form: sorted ``(name, value)`` pairs, values normalised.
    Hashable (when every value is), so it keys the rules cache.

    >>> normal_options({"target": 61.0, "skunk_lines": [31]})
    (('skunk_lines', (31,)), ('target', 61))
    """
    return tuple(sorted((name, normal_value(value)) for name, value in (options or {}).items()))


def resolve(variant: str = "six_card", options: Mapping[str, Any] | None = None) -> Rules:
    """A preset with options applied and checked.

    A new ``target`` moves the default skunk lines with it unless ``skunk_lines`` is
    given too; a new ``game_point_scheme`` brings its own default tie-breakers.
    Answers are cached: requests name the same few rule sets again and again, and
    building and checking a ``Rules`` costs more than scoring a hand. ``Rules`` is frozen,
    so a cached answer cannot be changed by a caller.
    """
    if not options:
        return preset(variant)
    key = normal_options(options)
    try:
        hash(key)
    except TypeError:  # an unhashable option value: let _build say what is wrong
        return _build(variant, dict(key))
    return _cached(variant, key)


@lru_cache(maxsize=256)
def _cached(variant: str, items: tuple[tuple[str, Any], ...]) -> Rules:
    return _build(variant, dict(items))


def _build(variant: str, options: dict[str, Any]) -> Rules:
    base = preset(variant)
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise InvalidRules(said("unknown_option", name=unknown[0]), pointer=f"/options/{unknown[0]}")
    changes = dict(options)
    if "target" in changes and "skunk_lines" not in changes:
        changes["skunk_lines"] = default_skunk_lines(changes["target"])
    if "game_point_scheme" in changes and "tiebreakers" not in changes:
        changes["tiebreakers"] = DEFAULT_TIEBREAKERS.get(changes["game_point_scheme"], base.tiebreakers)
    try:
        return replace(base, **changes)
    except InvalidRules as error:
        raise error.under(otherwise="/options") from None
    except TypeError:  # a value of the wrong type that slipped past the contract
        raise InvalidRules(said("r_wrong_type"), pointer="/options") from None


@lru_cache(maxsize=256)
def changes(rules: Rules) -> tuple[tuple[str, Any], ...]:
    """The one serialised form of a rule set: the options that turn its preset
    (``rules.name``) into it, so that ``resolve(rules.name, dict(changes(rules))) == rules``.
    The sealed game token and the scoreboard both keep rules this way.

    An option that :func:`resolve` would otherwise default from another is always written
    with it (``skunk_lines`` with ``target``, ``tiebreakers`` with ``game_point_scheme``),
    even when it equals the preset's value, so the round trip is exact.

    >>> changes(resolve("six_card", {"target": 61}))
    (('skunk_lines', (31,)), ('target', 61))
    >>> rules = resolve("six_card", {"target": 181, "skunk_lines": [91, 61, 31]})
    >>> resolve(rules.name, dict(changes(rules))) == rules
    True
    """
    base = preset(rules.name)
    names = {name for name in OPTION_NAMES if getattr(rules, name) != getattr(base, name)}
    for option, follower in _FOLLOWERS.items():
        if option in names:
            names.add(follower)
    return tuple(sorted((name, getattr(rules, name)) for name in names))


# Options whose default follows another option's value in ``resolve``.
_FOLLOWERS = {"target": "skunk_lines", "game_point_scheme": "tiebreakers"}


# --- which rules a request means ------------------------------------------------------------------

# The usual game for a table: (players, partnerships) -> preset. Four players with no word on
# partnerships play in partnerships (the usual four-hand game); four sides are four players alone.
DEFAULT_VARIANTS: dict[tuple[int, bool], str] = {
    (2, False): "six_card",
    (3, False): "three_player",
    (4, True): "four_player",
    (4, False): "four_player_individual",
}


def default_variant(players: int, partnerships: bool | None = None, pointer: str = "/players") -> str:
    """The preset a table of ``players`` means when a request names none.

    >>> default_variant(2), default_variant(4), default_variant(4, partnerships=False)
    ('six_card', 'four_player', 'four_player_individual')
    """
    together = players == 4 if partnerships is None else partnerships
    name = DEFAULT_VARIANTS.get((players, together))
    if name is None:
        if partnerships and players != 4:
            raise InvalidRules(said("partnerships_four"), pointer="/partnerships")
        raise InvalidRules(said("players_range", players=players), pointer=pointer)
    return name


def variant_for_sides(sides: int, pointer: str = "/scores") -> str:
    """The preset a result with ``sides`` scores means when a request names none (each side
    one player: four sides are four players alone)."""
    return default_variant(sides, partnerships=False, pointer=pointer)


def rules_for_table(
    players: int | None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    partnerships: bool | None = None,
) -> Rules:
    """The rules of a table: ``variant`` if given (it must seat ``players``, with or without
    partnerships as asked, when those are given too), else the usual game for ``players``
    (:func:`default_variant`; two players when that is not given either).

    >>> rules_for_table(4).partnerships, rules_for_table(2, "five_card").single_count_play
    (True, True)
    >>> rules_for_table(3, "six_card")
    Traceback (most recent call last):
    ...
    service.core.errors.InvalidRules: six_card is played by 2 players, not 3
    """
    rules = resolve(variant or default_variant(players or 2, partnerships), options)
    if players is not None and rules.players != players:
        raise InvalidRules(
            said("variant_players", variant=rules.name, players=rules.players, count=players), pointer="/variant"
        )
    if partnerships is not None and partnerships != rules.partnerships:
        raise InvalidRules(
            said("variant_partnerships" if rules.partnerships else "variant_no_partnerships", variant=rules.name),
            pointer="/partnerships",
        )
    return rules


__all__ = [
    "Rules",
    "STANDARD",
    "preset",
    "resolve",
    "changes",
    "normal_options",
    "normal_value",
    "default_variant",
    "variant_for_sides",
    "rules_for_table",
    "variant_names",
    "default_skunk_lines",
    "GAME_POINT_SCHEMES",
    "SCHEME_NAMES",
    "DESCRIPTIONS",
    "OPTION_NAMES",
]
