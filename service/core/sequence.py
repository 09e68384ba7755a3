"""The pegging endpoints' core: one card onto a count, and a whole play checked after the fact.

Both are thin on purpose. A card is scored only by :func:`.pegging.score_play`, and a play
is walked only by the :class:`.pegging.Play` state machine that the game engine also uses,
so a front-end pegging card by card, a tournament tool checking a finished play and the
engine can never disagree. What this module adds is what a caller outside the engine needs:
checks on a pile the client sent, plays given as a list (errors point at ``/plays/<i>``),
which variant a bare player count means, and the totals per seat and per side.

>>> from .cards import parse_cards
>>> score_card(parse_cards("4S 6D"), parse_cards("5C")[0]).points
5
>>> pone, dealer = parse_cards("KS 4D 6C 7H"), parse_cards("QH 5C 8S 9D")
>>> plays = [(0, pone[0]), (1, dealer[0]), (0, pone[1]), (1, dealer[1]), (0, None), (1, None),
...          (0, pone[2]), (1, dealer[2]), (0, pone[3]), (1, dealer[3])]
>>> result = score_sequence(rules_for_players(2), 0, plays, [pone, dealer])
>>> result.seat_totals(), result.complete
((3, 6), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .errors import CribbageError, IllegalPlay, InvalidRules
from .items import ScoreItem
from .pegging import Play, PlayStep, check_pile, play_card, say_go, score_play, start_play
from .rules import Rules, resolve

# The variant a bare player count means (four players: partnerships, the usual game).
DEFAULT_VARIANT = {2: "six_card", 3: "three_player", 4: "four_player"}

# One entry of a play: ``(seat, card)``, or ``(seat, None)`` for a go.
PlayInput = tuple[int, Card | None]


def rules_for_players(players: int, variant: str | None = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a play by ``players`` players: ``variant`` if given (it must seat that
    many), else the usual game for that many (2 six-card, 3 three-player, 4 partnerships).

    >>> rules_for_players(4).partnerships, rules_for_players(2, "five_card").single_count_play
    (True, True)
    >>> rules_for_players(3, "six_card")
    Traceback (most recent call last):
    ...
    service.core.errors.InvalidRules: six_card is played by 2 players, not 3
    """
    if players not in DEFAULT_VARIANT:
        raise InvalidRules(f"a play has 2, 3 or 4 players, not {players}", pointer="/players")
    rules = resolve(variant or DEFAULT_VARIANT[players], options)
    if rules.players != players:
        raise InvalidRules(f"{rules.name} is played by {rules.players} players, not {players}", pointer="/variant")
    return rules


@dataclass(frozen=True, slots=True)
class CardScore:
    """What one card scored on its count: the items, and the pile and count it leaves."""

    pile: tuple[Card, ...]
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def count(self) -> int:
        return sum(card.value for card in self.pile)

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "items": [item.to_dict() for item in self.items],
            "count": self.count,
            "pile": [str(card) for card in self.pile],
        }


def score_card(pile: Sequence[Card], card: Card) -> CardScore:
    """Score ``card`` played onto ``pile`` (the cards since the count last reset, in order).

    The pile is checked first (no card twice, not past 31, and not already at 31: a count
    of 31 is over and the next card starts a new one), so every error names the right field.
    Go and last-card points are not scored here: they depend on what the other players hold.

    >>> from .cards import parse_cards
    >>> score_card(parse_cards("10S 10D 10C"), parse_cards("AH")[0]).to_dict()["items"]
    [{'kind': 'thirty_one', 'cards': ['10S', '10D', '10C', 'AH'], 'points': 2}]
    """
    if check_pile(pile) == 31:
        raise IllegalPlay("the pile already counts 31: that count is over and the next card starts a new one",
                          pointer="/pile")
    items = score_play(pile, card)
    return CardScore((*pile, card), items)


@dataclass(frozen=True, slots=True)
class SequenceScore:
    """A whole play (or its beginning): every step in order and where the play stands."""

    rules: Rules
    leader: int
    steps: tuple[PlayStep, ...]
    final: Play

    @property
    def complete(self) -> bool:
        """Whether the play is over (every card played, or the five-card game's one count)."""
        return self.final.over

    def seat_totals(self) -> tuple[int, ...]:
        """Points pegged by each seat over the steps."""
        totals = [0] * self.rules.players
        for step in self.steps:
            for seat, item in step.scores:
                totals[seat] += item.points
        return tuple(totals)

    def side_totals(self) -> tuple[int, ...]:
        """Points per scoring side (partners pooled; otherwise one side per seat)."""
        totals = [0] * self.rules.sides
        for seat, points in enumerate(self.seat_totals()):
            totals[self.rules.side_of(seat)] += points
        return tuple(totals)

    def to_dict(self) -> dict[str, Any]:
        final = self.final
        return {
            "variant": self.rules.name,
            "players": self.rules.players,
            "leader": self.leader,
            "plays": [_step_dict(index, step) for index, step in enumerate(self.steps)],
            "resets": [index for index, step in enumerate(self.steps) if step.reset],
            "totals": {"seats": list(self.seat_totals()), "sides": list(self.side_totals())},
            "complete": self.complete,
            "turn": final.turn,
            "count": final.count,
            "pile": [str(card) for card in final.pile],
            "held": list(final.held),
            "hands": None if final.hands is None else [[str(card) for card in hand] for hand in final.hands],
        }


def _step_dict(index: int, step: PlayStep) -> dict[str, Any]:
    return {
        "index": index,
        "seat": step.seat,
        "card": None if step.card is None else str(step.card),
        "go": step.card is None,
        "count": step.count,
        "points": sum(item.points for _, item in step.scores),
        "items": [{"seat": seat, **item.to_dict()} for seat, item in step.scores],
        "reset": step.reset,
        "play_over": step.play_over,
    }


def legal_actions(play: Play) -> list[dict[str, Any]]:
    """What the seat to act may do, in the shape a client sends (known hands only)."""
    if play.turn is None or play.hands is None:
        return []
    cards = play.playable(play.turn)
    if not cards:
        return [{"seat": play.turn, "go": True}]
    return [{"seat": play.turn, "card": str(card)} for card in cards]


def score_sequence(
    rules: Rules,
    leader: int,
    plays: Sequence[PlayInput],
    hands: Sequence[Sequence[Card]] | None = None,
) -> SequenceScore:
    """Walk ``plays`` through the play state machine from ``leader``'s lead.

    Goes are explicit entries: a seat that cannot play says go, once per count. With
    ``hands`` every card must come from that seat's hand and a go while able is refused;
    without them only what the plays themselves show is checked (turns, 31, repeats). The
    first illegal entry raises with a pointer such as ``/plays/3/card`` and, when hands are
    known, the actions that were legal there.
    """
    play = start_play(rules, leader, hands)
    steps: list[PlayStep] = []
    for index, (seat, card) in enumerate(plays):
        try:
            play, step = say_go(play, seat) if card is None else play_card(play, seat, card)
        except CribbageError as error:
            error.pointer = f"/plays/{index}{error.pointer or ''}"
            if "legal_actions" not in error.extra and play.hands is not None and not play.over:
                error.extra["legal_actions"] = legal_actions(play)
            raise
        steps.append(step)
    return SequenceScore(rules, leader, tuple(steps), play)


__all__ = [
    "CardScore",
    "SequenceScore",
    "PlayInput",
    "DEFAULT_VARIANT",
    "legal_actions",
    "rules_for_players",
    "score_card",
    "score_sequence",
]
