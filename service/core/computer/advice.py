"""Discard advice: every keep and discard of a dealt hand, with exact expectations.

For each way to split the dealt cards into the cards kept and the cards thrown to the crib:

* **hand**: the exact mean of the kept cards' show score over every starter the seat cannot
  see (46 in the six-card game), and its minimum and maximum;
* **crib**: the exact mean of the crib's score over every way the rest of the crib and the
  starter can fall, under the chosen crib model (below);
* **net**: hand plus crib when the seat's side owns the crib (the seat or, in partnerships,
  its partner deals), hand minus crib when an opponent owns it.

**The assumption about the other crib cards.** The seat sees only its own dealt cards. The
other crib cards (the opponent's two discards in the two-player games; the other players'
discards, and in the three-player game the card from the pack, otherwise) are taken to be a
uniformly random set of the unseen cards, and the starter uniform over the unseen cards
left. In the two-player games that is "the opponent throws a uniformly random pair of the 46
cards you cannot see". Real opponents throw strategically (a pone avoids giving 5s), so this
is the standard neutral model, not a prediction: ``crib_model="uniform"``, the default.

**The learned crib model** (``crib_model="learned"``, the two-player games): the opponent's
two discards are weighted by what a sensible player in the opponent's role throws, a table
learned by self-play (:mod:`.crib_model`); the starter stays uniform over the cards left.
The mean is still exact given those weights: every pair of unseen cards the opponent could
throw, weighted, and every starter.

How it is fast and exact: fifteens, pairs and runs depend only on ranks, so the crib's rank
points are summed over the 455 rank multisets of the three unknown cards (1,820 of four in
the three- and four-player games), each weighted by how many arrangements of the unseen
cards have those ranks (:mod:`.crib_tables`). Flush and nobs are added exactly by counting
the arrangements of unknown cards that make them. Those weights and counts are the crib
model's :class:`~.crib_model.CribPrior`, built once a hand: the crib formula is the same for
every model. Every mean is kept as a :class:`~fractions.Fraction`.

>>> from ..cards import parse_cards
>>> from ..rules import preset
>>> advice = discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card"))
>>> best = advice.options[0]
>>> [str(c) for c in best.keep], [str(c) for c in best.discard]
(['5D', '5H', '5S', 'JC'], ['2H', '7S'])
>>> best.hand, best.hand_min, best.hand_max
(Fraction(383, 23), 14, 29)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from operator import itemgetter, mul

from ..cards import JACK, SUITS, Card, check_distinct
from ..errors import InvalidRules, WrongCardCount
from ..refusals import said
from ..rules import STANDARD, Rules
from ..scoring.show_tables import RANK_KEY
from ..texts.reasons import Reason, reason
from ..vocabulary import CribModelName, CribOwner
from .crib_model import CribModel, CribPrior, Unseen, crib_prior, model_name
from .crib_tables import totals_row

CRIB_OWNERS = ("self", "partner", "opponent")


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to split the dealt cards, with its exact expectations."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: Fraction
    hand_min: int
    hand_max: int
    crib: Fraction
    net: Fraction


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """Every option for a dealt hand, best first.

    ``starters`` is how many starters each hand mean is over; ``crib_outcomes`` how many
    (other crib cards, starter) arrangements each crib mean is over (equally likely under the
    ``uniform`` crib model, weighted by the table under ``learned``).
    """

    cards: tuple[Card, ...]
    variant: str
    dealer: bool
    crib_owner: CribOwner
    starters: int
    crib_outcomes: int
    crib_model: CribModelName
    assumption: Reason  # said in the answer's language (str: English)
    options: tuple[DiscardOption, ...]

    @property
    def best(self) -> DiscardOption:
        return self.options[0]


def _one_suit(cards: Sequence[Card]) -> str | None:
    suit = cards[0].suit
    return suit if all(c.suit == suit for c in cards) else None


def _hand_stats(keep: Sequence[Card], unseen: Unseen) -> tuple[Fraction, int, int]:
    """Mean, minimum and maximum of the hand's show score over every unseen starter."""
    total, low, high = _hand_sums(keep, unseen)
    return Fraction(total, len(unseen.cards)), low, high


def _hand_sums(keep: Sequence[Card], unseen: Unseen) -> tuple[int, int, int]:
    """The hand's show score summed over every unseen starter, its minimum and its maximum."""
    row = totals_row(sum(RANK_KEY[c.rank] for c in keep), 1)  # row[r - 1]: rank points with starter rank r
    counts = unseen.ranks
    total = 0
    for rank in range(1, 14):
        if counts[rank]:
            total += counts[rank] * row[rank - 1]
    # Flush and nobs depend on the starter's suit only: points by suit.
    extra = dict.fromkeys(SUITS, 0)
    suit = _one_suit(keep)
    if suit is not None:
        for s in SUITS:
            extra[s] = len(keep) + (1 if s == suit else 0)
    for card in keep:
        if card.rank == JACK:
            extra[card.suit] += 1
    for s in SUITS:
        total += unseen.suits[s] * extra[s]
    if any(extra.values()):
        values = [row[c.rank - 1] + extra[c.suit] for c in unseen.cards]
    else:
        values = [row[rank - 1] for rank in range(1, 14) if counts[rank]]
    return total, min(values), max(values)


def _crib_numerator(discard: Sequence[Card], prior: CribPrior, rules: Rules) -> int:
    """The crib's points summed over every (other crib cards, starter) arrangement, each
    weighted by ``prior`` (:mod:`.crib_model`): divided by ``prior.total`` it is the mean."""
    row = totals_row(sum(RANK_KEY[c.rank] for c in discard), prior.size)
    total: int = sum(map(mul, prior.multisets, row))
    suit = _one_suit(discard)
    if suit is not None:
        if rules.crib_flush == "five_only":
            total += 5 * prior.flush_all[suit]
        else:  # four_or_five: 4 for the crib cards alone, 1 more with the starter
            total += 4 * prior.flush_others[suit] + prior.flush_all[suit]
    for card in discard:  # a thrown jack: nobs when the starter is of its suit
        if card.rank == JACK:
            total += prior.starter_suit[card.suit]
    return total + prior.jack_nobs  # an unseen jack among the other crib cards


def crib_outcomes(discards: int, unseen: int) -> int:
    """Equally likely (other crib cards, starter) arrangements: starter first, then the rest.

    >>> crib_outcomes(2, 46), crib_outcomes(1, 47)
    (45540, 713460)
    """
    return unseen * comb(unseen - 1, 4 - discards)


def expected_hand(keep: Sequence[Card], dead: Sequence[Card] = ()) -> tuple[Fraction, int, int]:
    """The exact mean, minimum and maximum show score of ``keep`` (3 or 4 cards) over every
    starter that is neither kept nor ``dead`` (cards known to be elsewhere). No rule option
    changes a hand's score (only the crib's flush), so it takes no rules.

    >>> from ..cards import parse_cards
    >>> expected_hand(parse_cards("5S 5H 5D JC"), parse_cards("2H 7S"))
    (Fraction(383, 23), 14, 29)
    """
    if len(keep) not in (3, 4):
        raise WrongCardCount(said("keep_size", count=len(keep)), pointer="/keep")
    check_distinct((*keep, *dead), _at_cards, _TWICE)
    return _hand_stats(keep, Unseen.excluding((*keep, *dead)))


def expected_crib(
    discard: Sequence[Card],
    dead: Sequence[Card] = (),
    rules: Rules = STANDARD,
    *,
    crib_model: CribModelName | CribModel = "uniform",
    seat_deals: bool = False,
) -> Fraction:
    """The exact mean crib score when ``discard`` (1 or 2 cards) is thrown, the other crib
    cards come from the cards that are neither thrown nor ``dead`` as ``crib_model`` says
    (``uniform``: every set equally likely; ``learned``: the throws of the opponent of a seat
    that deals or not, ``seat_deals``), and the starter is uniform over the rest.

    >>> from ..cards import parse_cards
    >>> expected_crib(parse_cards("5S 5H"), parse_cards("AC 2C 3C 4C"))
    Fraction(140161, 15180)
    """
    if len(discard) not in (1, 2):
        raise WrongCardCount(said("throw_size", count=len(discard)), pointer="/discard")
    check_distinct((*discard, *dead), _at_cards, _TWICE)
    unseen = Unseen.excluding((*discard, *dead))
    prior = crib_prior(unseen, 4 - len(discard), rules, seat_deals, crib_model)
    return Fraction(_crib_numerator(discard, prior, rules), prior.total)


_TWICE = "card_more_than_once"


def _at_cards(index: int) -> str:
    return f"/cards/{index}"


def assumption_text(rules: Rules, crib_model: CribModelName = "uniform") -> Reason:
    """The stated model for the cards the seat cannot see, for this variant: words as data, said
    in the answer's language (:mod:`service.core.texts.reasons`; ``str`` gives the English)."""
    unseen = 52 - rules.cards_dealt
    others = 4 - rules.discards
    left = unseen - others
    if crib_model != "uniform":
        return reason("assume_learned", unseen=unseen, model=crib_model, left=left)
    if rules.players == 2:
        who = reason("who_two", others=others, unseen=unseen)
    else:
        who = reason("who_more_pack" if rules.crib_from_deck else "who_more", others=others, unseen=unseen)
    return reason("assume_uniform", unseen=unseen, who=who, left=left)


def crib_owner(is_dealer: bool, partner_deals: bool, rules: Rules) -> CribOwner:
    """Who owns the crib from the seat's point of view: ``self``, ``partner`` or ``opponent``."""
    if partner_deals:
        if not rules.partnerships:
            raise InvalidRules(said("no_partnerships", variant=rules.name), pointer="/partner_deals")
        if is_dealer:
            raise InvalidRules(said("both_deal"), pointer="/partner_deals")
        return "partner"
    return "self" if is_dealer else "opponent"


def discard_advice(
    cards: Sequence[Card],
    is_dealer: bool,
    rules: Rules = STANDARD,
    *,
    partner_deals: bool = False,
    crib_model: CribModelName | CribModel = "uniform",
) -> DiscardAdvice:
    """Every keep and discard of the dealt ``cards``, best net first, with exact means.

    ``rules`` says how many cards are dealt and thrown (the variant) and how a crib flushes;
    ``crib_model`` how the other crib cards fall (``uniform`` or ``learned``, or a
    :class:`~.crib_model.CribModel`; ``InvalidRules`` when the variant has no learned model).
    The net adds the crib when the seat's side owns it and subtracts it otherwise; ties in
    the net go to the better hand mean, then the higher minimum, then card order.

    >>> from ..cards import parse_cards
    >>> from ..rules import preset
    >>> pone = discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), False, preset("six_card"))
    >>> pone.crib_owner, [str(c) for c in pone.best.discard], round(float(pone.best.crib), 3)
    ('opponent', ['2H', '7S'], 4.175)
    >>> learned = discard_advice(parse_cards("5S 5H 5D JC 2H 7S"), False, preset("six_card"), crib_model="learned")
    >>> learned.crib_model, [str(c) for c in learned.best.discard]
    ('learned', ['2H', '7S'])
    """
    if len(cards) != rules.cards_dealt:
        raise WrongCardCount(
            said("dealt_size", variant=rules.name, cards=rules.cards_dealt, count=len(cards)), pointer="/cards"
        )
    check_distinct(cards, _at_cards, _TWICE)
    owner = crib_owner(is_dealer, partner_deals, rules)
    sign = -1 if owner == "opponent" else 1
    dealt = tuple(sorted(cards))
    unseen = Unseen.excluding(dealt)
    prior = crib_prior(unseen, 4 - rules.discards, rules, is_dealer, crib_model)
    # The means as integer sums (every hand mean over the same starters, every crib mean over the
    # same weight), so the options sort on integers: best net first; ties: the better hand mean,
    # the higher floor, then card order (stable output).
    starters, weight = len(unseen.cards), prior.total
    sums = []
    for discard in combinations(dealt, rules.discards):
        keep = tuple(c for c in dealt if c not in discard)
        hand, low, high = _hand_sums(keep, unseen)
        crib = _crib_numerator(discard, prior, rules)
        net = hand * weight + sign * crib * starters  # the net mean times starters * weight
        order = tuple((c.rank, SUITS.index(c.suit)) for c in keep)
        sums.append(((-net, -hand, -low, order), keep, discard, hand, low, high, crib, net))
    sums.sort(key=itemgetter(0))
    options = [
        DiscardOption(
            keep,
            discard,
            Fraction(hand, starters),
            low,
            high,
            Fraction(crib, weight),
            Fraction(net, starters * weight),
        )
        for _, keep, discard, hand, low, high, crib, net in sums
    ]
    return DiscardAdvice(
        cards=dealt,
        variant=rules.name,
        dealer=is_dealer,
        crib_owner=owner,
        starters=len(unseen.cards),
        crib_outcomes=crib_outcomes(rules.discards, len(unseen.cards)),
        crib_model=model_name(crib_model),
        assumption=assumption_text(rules, model_name(crib_model)),
        options=tuple(options),
    )


__all__ = [
    "DiscardAdvice",
    "DiscardOption",
    "discard_advice",
    "expected_hand",
    "expected_crib",
    "crib_outcomes",
    "crib_owner",
    "assumption_text",
]
