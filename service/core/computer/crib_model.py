"""The crib model: how likely each way the other crib cards can fall is, as data.

Discard advice averages the crib's score over every *arrangement* of the cards the seat
cannot see: which of them are the other crib cards, and which is the starter. A
:class:`CribPrior` is that average's weights, summarised by exactly what the crib's score
needs (:func:`service.core.computer.advice.expected_crib` turns it into a mean):

* the weight of every rank multiset of the other crib cards plus the starter (fifteens,
  pairs and runs depend only on the ranks);
* the weight of the arrangements whose other crib cards are all of one suit, with and
  without the starter of that suit too (flushes);
* the weight of the arrangements whose starter is of each suit (a thrown jack's nobs), and
  of those holding an unseen jack among the other crib cards with a starter of its suit.

Two priors, one crib formula:

* :func:`uniform_prior`: every arrangement equally likely, the neutral model (any number of
  other crib cards), counted with binomial coefficients;
* :func:`weighted_prior`: the opponent's two discards weighted by :class:`PairWeights`, an
  integer weight for each specific pair of cards by its ranks and whether it is suited, and
  the starter uniform over the cards left. With every weight 1 it is the uniform prior
  exactly (the tests check it).

**The learned model** (:data:`LEARNED`, from the generated :mod:`.crib_model_table`) says
what a sensible player throws in each two-player variant, as a :class:`ThrowTable` per
role: the share of throws with each of the 91 rank pairs and the share of two-rank throws
that are suited, in parts per million. ``tools/tables/build_crib_model.py`` learns it by
self-play (its docstring says how). A table becomes pair weights by spreading each rank
pair's share evenly over the card pairs with those ranks in a full pack, suited and
offsuit in the table's proportion: the weight of a card pair is how much more (or less)
often than at random a player throws it.

>>> from ..cards import DECK
>>> unseen = Unseen.excluding(DECK[:6])
>>> weighted_prior(unseen, UNIT) == uniform_prior(unseen, 2)
True
>>> LEARNED["six_card"].pone.shares[PAIR_INDEX[(5, 5)]] < LEARNED["six_card"].dealer.shares[PAIR_INDEX[(5, 5)]]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

from ..cards import DECK, JACK, SUITS, Card
from ..errors import InvalidRules, WrongCardCount
from ..refusals import said
from ..rules import Rules
from ..vocabulary import CRIB_MODELS, CribModelName
from .crib_model_table import TABLES
from .crib_tables import MULTISET_INDEX, MULTISETS, multiset_weights

SCALE = 1_000_000  # shares are parts per million
PAIRS: tuple[tuple[int, ...], ...] = MULTISETS[2]  # the 91 rank pairs a <= b
PAIR_INDEX = MULTISET_INDEX[2]
_TRIPLE_INDEX = MULTISET_INDEX[3]
# _WITH_STARTER[i][t]: the index in MULTISETS[3] of rank pair i with a starter of rank t.
_WITH_STARTER = tuple(tuple(_TRIPLE_INDEX[tuple(sorted((*pair, t)))] if t else -1 for t in range(14)) for pair in PAIRS)


@dataclass(frozen=True, slots=True)
class Unseen:
    """What the seat cannot see: rank counts (index 0 unused), suit counts, the cards."""

    cards: tuple[Card, ...]
    ranks: tuple[int, ...]
    suits: dict[str, int]
    jack_suits: tuple[str, ...]

    @classmethod
    def excluding(cls, seen: Sequence[Card]) -> Unseen:
        gone = set(seen)
        cards = tuple(c for c in DECK if c not in gone)
        ranks = [0] * 14
        suits = dict.fromkeys(SUITS, 0)
        for card in cards:
            ranks[card.rank] += 1
            suits[card.suit] += 1
        return cls(cards, tuple(ranks), suits, tuple(c.suit for c in cards if c.rank == JACK))


@dataclass(frozen=True, slots=True)
class CribPrior:
    """Weighted arrangements of (other crib cards, starter), by what the crib score needs.

    ``multisets`` is aligned with ``MULTISETS[size]`` (``size`` = other crib cards + 1);
    ``total`` is the weight of every arrangement, the mean's denominator.
    """

    size: int
    total: int
    multisets: tuple[int, ...]
    flush_others: dict[str, int]  # the other crib cards all of the suit (any starter)
    flush_all: dict[str, int]  # ... and the starter too
    starter_suit: dict[str, int]  # the starter of the suit (a thrown jack of it scores nobs)
    jack_nobs: int  # an unseen jack among the other crib cards, the starter of its suit (per jack)


def uniform_prior(unseen: Unseen, others: int) -> CribPrior:
    """Every arrangement of ``others`` crib cards and a starter from ``unseen`` equally likely."""
    n = len(unseen.cards)
    # A set of others + 1 unseen cards is others + 1 arrangements (any one of them the starter).
    counts = multiset_weights(unseen.ranks, others + 1)
    return CribPrior(
        size=others + 1,
        total=n * comb(n - 1, others),
        multisets=tuple((others + 1) * w for w in counts),
        flush_others={s: comb(u, others) * (n - others) for s, u in unseen.suits.items()},
        flush_all={s: (others + 1) * comb(u, others + 1) for s, u in unseen.suits.items()},
        starter_suit={s: u * comb(n - 1, others) for s, u in unseen.suits.items()},
        jack_nobs=sum((unseen.suits[s] - 1) * comb(n - 2, others - 1) for s in unseen.jack_suits),
    )


@dataclass(frozen=True, slots=True)
class PairWeights:
    """The weight of one specific pair of cards by its ranks: ``offsuit[a][b]`` (symmetric,
    the diagonal for a pair of one rank) and ``suited[a][b]`` (two ranks, one suit)."""

    offsuit: tuple[tuple[int, ...], ...]
    suited: tuple[tuple[int, ...], ...]

    def of(self, a: Card, b: Card) -> int:
        return (self.suited if a.suit == b.suit else self.offsuit)[a.rank][b.rank]


UNIT = PairWeights(((1,) * 14,) * 14, ((1,) * 14,) * 14)


def weighted_prior(unseen: Unseen, weights: PairWeights) -> CribPrior:
    """The opponent's two discards weighted by ``weights``, the starter uniform over the rest."""
    cards, ranks = unseen.cards, unseen.ranks
    n = len(cards)
    suited = weights.suited
    masks = [0] * 14  # per rank, a bit per unseen suit
    for card in cards:
        masks[card.rank] |= 1 << SUITS.index(card.suit)
    pair_weight = _rank_pair_weights(ranks, masks, weights)
    pairs_total = sum(pair_weight)
    by_suit = {s: [c for c in cards if c.suit == s] for s in SUITS}
    touching = _touching(unseen, masks, weights)
    flush_pairs = {
        s: sum(suited[c.rank][d.rank] for i, c in enumerate(group) for d in group[i + 1 :])
        for s, group in by_suit.items()
    }
    return CribPrior(
        size=3,
        total=pairs_total * (n - 2),
        multisets=tuple(_with_starters(ranks, pair_weight)),
        flush_others={s: w * (n - 2) for s, w in flush_pairs.items()},
        flush_all={s: w * (len(by_suit[s]) - 2) for s, w in flush_pairs.items()},
        # The starter of suit s: every pair, times the suit's unseen cards not in the pair.
        starter_suit={s: len(group) * pairs_total - sum(touching[c] for c in group) for s, group in by_suit.items()},
        jack_nobs=_jack_nobs(cards, by_suit, touching, suited),
    )


def _rank_pair_weights(ranks: tuple[int, ...], masks: list[int], weights: PairWeights) -> list[int]:
    """The weight of every unseen card pair with each rank pair (of :data:`PAIRS`)."""
    off, suited = weights.offsuit, weights.suited
    pair_weight = []
    for a, b in PAIRS:
        if a == b:
            pair_weight.append(off[a][a] * comb(ranks[a], 2))
        else:
            same = (masks[a] & masks[b]).bit_count()
            pair_weight.append(off[a][b] * (ranks[a] * ranks[b] - same) + suited[a][b] * same)
    return pair_weight


def _with_starters(ranks: tuple[int, ...], pair_weight: list[int]) -> list[int]:
    """The weight of each three-card multiset of ranks: a weighted pair and an unseen starter."""
    multisets = [0] * len(MULTISETS[3])
    for i, (a, b) in enumerate(PAIRS):
        weight = pair_weight[i]
        if weight:
            into = _WITH_STARTER[i]
            for t in range(1, 14):
                starters = ranks[t] - (a == t) - (b == t)
                if starters > 0:
                    multisets[into[t]] += weight * starters
    return multisets


def _touching(unseen: Unseen, masks: list[int], weights: PairWeights) -> dict[Card, int]:
    """Per unseen card, the weight of every pair holding it: by rank, 13 terms a card."""
    ranks, off, suited = unseen.ranks, weights.offsuit, weights.suited
    touching = {}
    for c in unseen.cards:
        a, bit, row_off, row_suited = c.rank, 1 << SUITS.index(c.suit), off[c.rank], suited[c.rank]
        weight = row_off[a] * (ranks[a] - 1)
        for b in range(1, 14):
            if b != a:
                same = 1 if masks[b] & bit else 0
                weight += row_off[b] * (ranks[b] - same) + row_suited[b] * same
        touching[c] = weight
    return touching


def _jack_nobs(
    cards: tuple[Card, ...],
    by_suit: dict[str, list[Card]],
    touching: dict[Card, int],
    suited: tuple[tuple[int, ...], ...],
) -> int:
    """The weight of nobs in the crib: a pair holding an unseen jack, a starter of its suit outside the pair."""
    jack_nobs = 0
    for j in cards:
        if j.rank == JACK:
            group = by_suit[j.suit]
            jack_nobs += (len(group) - 1) * touching[j] - sum(suited[JACK][d.rank] for d in group if d != j)
    return jack_nobs


@dataclass(frozen=True, slots=True)
class ThrowTable:
    """What a player in one role throws: ``shares[i]`` parts per million of throws have the
    ranks ``PAIRS[i]``; ``suited`` parts per million of throws of two ranks are suited."""

    shares: tuple[int, ...]
    suited: int


@dataclass(frozen=True, slots=True)
class CribModel:
    """A named model of the opponent's throws: what a dealer throws and what a pone throws."""

    name: CribModelName
    dealer: ThrowTable
    pone: ThrowTable

    def opponent_of(self, seat_deals: bool) -> ThrowTable:
        """The table of the seat's opponent: the pone's when the seat deals, else the dealer's."""
        return self.pone if seat_deals else self.dealer


@cache
def pair_weights(table: ThrowTable) -> PairWeights:
    """Each rank pair's share spread over its card pairs in a full pack: 6 for one rank, 16
    for two (4 suited, 12 offsuit, in the table's suited proportion). Scaled by 12 * SCALE
    so that every weight is an integer."""
    off = [[0] * 14 for _ in range(14)]
    suited = [[0] * 14 for _ in range(14)]
    for (a, b), share in zip(PAIRS, table.shares):
        if a == b:
            off[a][a] = 2 * SCALE * share  # share / 6
        else:
            off[a][b] = off[b][a] = share * (SCALE - table.suited)  # share * (1 - q) / 12
            suited[a][b] = suited[b][a] = 3 * share * table.suited  # share * q / 4
    return PairWeights(tuple(map(tuple, off)), tuple(map(tuple, suited)))


LEARNED: dict[str, CribModel] = {
    variant: CribModel("learned", ThrowTable(*roles["dealer"]), ThrowTable(*roles["pone"]))
    for variant, roles in TABLES.items()
}


def crib_prior(
    unseen: Unseen, others: int, rules: Rules, seat_deals: bool, model: CribModelName | CribModel
) -> CribPrior:
    """The prior of ``model`` (a name of :data:`CRIB_MODELS` or a model) for ``others`` other
    crib cards and a seat that deals or not: uniform, or the opponent's two discards weighted
    by the model's table of the opponent's role."""
    if model == "uniform":
        return uniform_prior(unseen, others)
    learned = resolve_model(model, rules)
    if others != 2:
        raise WrongCardCount(
            said("crib_model_throws", model=learned.name, count=4 - others),
            pointer="/discard",
        )
    return weighted_prior(unseen, pair_weights(learned.opponent_of(seat_deals)))


def resolve_model(model: CribModelName | CribModel, rules: Rules) -> CribModel:
    """The model a name stands for in ``rules``' variant (``InvalidRules`` when it has none)."""
    if isinstance(model, CribModel):
        return model
    if model not in CRIB_MODELS:
        raise InvalidRules(said("crib_model_name", models=", ".join(CRIB_MODELS), model=model), pointer="/crib_model")
    if rules.players != 2 or rules.name not in LEARNED:
        raise InvalidRules(
            said("crib_model_games", games=", ".join(LEARNED), variant=rules.name),
            pointer="/crib_model",
        )
    return LEARNED[rules.name]


def model_name(model: CribModelName | CribModel) -> CribModelName:
    return model if isinstance(model, str) else model.name


__all__ = [
    "CRIB_MODELS",
    "PAIRS",
    "PAIR_INDEX",
    "SCALE",
    "Unseen",
    "CribPrior",
    "uniform_prior",
    "PairWeights",
    "UNIT",
    "weighted_prior",
    "ThrowTable",
    "CribModel",
    "pair_weights",
    "LEARNED",
    "crib_prior",
    "resolve_model",
    "model_name",
]
