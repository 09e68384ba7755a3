"""Texts to show: a name for every score item and the count as players say it, in five languages.

Pure functions from :class:`~.items.ScoreItem` values to strings; the structured items are
left as they are and the texts are additions. The words are data (:mod:`.words`),
their sources are in ``docs/texts.md``.

A show is said in the traditional order: each fifteen with the running total ("fifteen
two, fifteen four"), then each combination with the running total ("and a pair is six").
Items that players count as one are grouped first (:func:`show_groups`): a double run of
three is two run items and a pair item from the scorer, but one thing at the table.

>>> from ..cards import parse_card, parse_cards
>>> from ..scoring.pegging import score_play
>>> from ..scoring.show import score_show
>>> score = score_show(parse_cards("6S 7H 7D 8C"), parse_card("KS"))
>>> spoken_show(score.items, score.total, "en")
'fifteen two, fifteen four, and a double run of three is twelve'
>>> spoken_show(score.items, score.total, "sv")
'femton två, femton fyra och en dubbel svit om tre är tolv'
>>> spoken_play(score_play(parse_cards("3H 3S"), parse_card("3D")), 9, "en")
'a pair royal for six'
>>> choose_language("de-CH, fr;q=0.9, en;q=0.8", None)
'de'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import CribbageError
from ..items import ScoreItem
from ..refusals import said
from .words import VOCABULARIES, Vocabulary

LANGUAGES: tuple[str, ...] = tuple(VOCABULARIES)
DEFAULT_LANGUAGE = "en"

# Pairs among n cards of one rank: n(n-1)/2. One pair, three (three of a kind), six (four).
PAIR_FAMILY = {1: "pair", 3: "three_of_a_kind", 6: "four_of_a_kind"}
# Runs sharing their ranks, by (run length, number of runs). With at most five cards this is
# every case: a run of 3 with one rank doubled (2 runs), tripled (3) or two ranks doubled (4),
# a run of 4 with one rank doubled (2).
RUN_FAMILY = {
    (3, 1): "run_3", (4, 1): "run_4", (5, 1): "run_5",
    (3, 2): "double_run_3", (4, 2): "double_run_4", (3, 3): "triple_run", (3, 4): "double_double_run",
}  # fmt: skip
# The order a show is counted in: fifteens, pairs, runs (with the pairs inside them), flush, nobs.


class UnsupportedLanguage(CribbageError):
    slug = "unsupported-language"
    title = "No texts in that language"


class ShowGroup(NamedTuple):
    """What players count as one combination: ``key`` names it (an item kind such as
    ``pair`` or ``run_3``, or a group such as ``double_run_3``), ``items`` are the scorer's
    items it is made of."""

    key: str
    items: tuple[ScoreItem, ...]
    points: int  # the items' points together


def vocabulary(lang: str) -> Vocabulary:
    """The words of ``lang`` (a code from :data:`LANGUAGES`)."""
    try:
        return VOCABULARIES[lang]
    except KeyError:
        raise UnsupportedLanguage(said("no_texts", lang=lang, languages=", ".join(LANGUAGES))) from None


def number_word(number: int, lang: str) -> str:
    """A number as said when counting, 0 to 31 (every count, total and score there is).

    >>> number_word(29, "en"), number_word(29, "da"), number_word(31, "nl")
    ('twenty-nine', 'niogtyve', 'eenendertig')
    """
    numbers = vocabulary(lang).numbers
    if not 0 <= number < len(numbers):
        raise ValueError(f"no number word for {number}: counts and scores run from 0 to {len(numbers) - 1}")
    return numbers[number]


def item_key(item: ScoreItem) -> str:
    """The vocabulary key of one item: its kind, and a run's length (``run_4``)."""
    return f"run_{len(item.cards)}" if item.kind == "run" else item.kind


def item_name(item: ScoreItem, lang: str) -> str:
    """The display name of one score item.

    >>> from ..cards import parse_card
    >>> item_name(ScoreItem("heels", (parse_card("JD"),), 2), "en")
    'his heels'
    """
    return vocabulary(lang).terms[item_key(item)].name


def show_groups(items: Sequence[ScoreItem]) -> tuple[ShowGroup, ...]:
    """The show's items as players count them, in counting order.

    The counting order is fifteens, pairs, runs, flush, nobs. Each fifteen stays alone (each
    is said: "fifteen two, fifteen four"). Runs over the same ranks become one group together
    with the pairs among those ranks (a double run of three is 8: two runs and a pair). Other
    pairs are grouped by rank (three of a kind is three pair items). Flush and nobs stay alone.
    Items are expected from :func:`~.show.score_show` (at most five cards); other input may
    have no name.
    """
    alone: dict[str, list[ShowGroup]] = {"fifteen": [], "flush": [], "nobs": []}
    runs: dict[frozenset[int], list[ScoreItem]] = {}
    pair_items: list[ScoreItem] = []
    for item in items:
        kind = item.kind
        if kind == "run":
            runs.setdefault(frozenset([card.rank for card in item.cards]), []).append(item)
        elif kind == "pair":
            pair_items.append(item)
        else:
            alone[kind].append(ShowGroup(kind, (item,), item.points))
    run_of_rank = {rank: ranks for ranks in runs for rank in ranks}
    pairs: dict[int, list[ScoreItem]] = {}
    for item in pair_items:
        rank = item.cards[0].rank
        if rank in run_of_rank:
            runs[run_of_rank[rank]].append(item)
        else:
            pairs.setdefault(rank, []).append(item)
    groups = alone["fifteen"]
    groups += [
        ShowGroup(PAIR_FAMILY[len(group)], tuple(group), sum(i.points for i in group)) for group in pairs.values()
    ]
    for group in runs.values():
        count = sum(1 for item in group if item.kind == "run")
        groups.append(ShowGroup(RUN_FAMILY[len(group[0].cards), count], tuple(group), sum(i.points for i in group)))
    return (*groups, *alone["flush"], *alone["nobs"])


def group_name(group: ShowGroup, lang: str) -> str:
    """The display name of a show group ("double double run")."""
    return vocabulary(lang).terms[group.key].name


def _count(parts: Sequence[tuple[str, int]], words: Vocabulary, *, first_scores: bool) -> str:
    """Say ``parts`` (vocabulary key, points) one after another with the running total.

    A fifteen is "fifteen <total>"; anything else "<name> is <total>", except, in the play,
    the first thing a card scores: "<name> for <points>" ("thirty-one for two"). The last
    part is joined with "and", unless it is a fifteen ("fifteen two, fifteen four").
    """
    phrases: list[str] = []
    total = 0
    for index, (key, points) in enumerate(parts):
        total += points
        said = words.terms[key].said
        if key == "fifteen":
            phrases.append(words.fifteen.format(total=words.numbers[total]))
        elif first_scores and index == 0:
            phrases.append(words.first.format(said=said, points=words.numbers[points]))
        else:
            phrases.append(words.running.format(said=said, total=words.numbers[total]))
    if len(phrases) > 1 and parts[-1][0] != "fifteen":
        return ", ".join(phrases[:-1]) + words.and_last + phrases[-1]
    return ", ".join(phrases)


def spoken_show(items: Sequence[ScoreItem], total: int, lang: str, groups: Sequence[ShowGroup] | None = None) -> str:
    """A hand or crib counted aloud: ``items`` and ``total`` of a :class:`~.show.ShowScore`.

    A hand worth nothing is said as the number zero (see :func:`nineteen` for its nickname).
    ``groups``: :func:`show_groups` of ``items``, when the caller has them already.

    >>> from ..cards import parse_card, parse_cards
    >>> from ..scoring.show import score_show
    >>> score = score_show(parse_cards("2S 3H 4D 9C"), parse_card("9S"))
    >>> spoken_show(score.items, score.total, "en")
    'fifteen two, fifteen four, a pair is six, and a run of three is nine'
    >>> spoken_show(score.items, score.total, "de")
    'fünfzehn zwei, fünfzehn vier, ein Paar macht sechs und eine Dreiersequenz macht neun'
    """
    words = vocabulary(lang)
    parts = [(group.key, group.points) for group in (show_groups(items) if groups is None else groups)]
    if sum(points for _, points in parts) != total:
        raise ValueError(f"the items add up to {sum(p for _, p in parts)}, not the total {total}")
    return _count(parts, words, first_scores=False) if parts else number_word(0, lang)


def spoken_play(items: Sequence[ScoreItem], count: int, lang: str, *, called_go: bool = False) -> str:
    """What a player says for one step of the play: the items it scored for that player
    (from :func:`~.pegging.score_play`, with any go or last-card point) and the count after it.

    A card that scores nothing is said as the new count ("twenty"), as the rule texts tell
    players to do; ``called_go`` is a player saying go (nothing scored for them).

    >>> from ..cards import parse_card, parse_cards
    >>> from ..scoring.pegging import score_play
    >>> spoken_play(score_play(parse_cards("10S 5D 8C"), parse_card("8S")), 31, "en")
    'thirty-one for two, and a pair is four'
    >>> spoken_play(score_play(parse_cards("4S 6D"), parse_card("5C")), 15, "nl")
    'vijftien twee en een straat van drie is vijf'
    >>> spoken_play((), 20, "da"), spoken_play((), 29, "de", called_go=True)
    ('tyve', 'Go')
    """
    words = vocabulary(lang)
    if items:
        return _count([(item_key(item), item.points) for item in items], words, first_scores=True)
    return words.go_call if called_go else number_word(count, lang)


def spoken_award(item: ScoreItem, lang: str) -> str:
    """A score outside the play and the show, as said: his heels at the cut, three for last
    (five-card), and the manual counting events (a claimed hand or crib, muggins, an
    over-claim, a penalty).

    >>> from ..cards import parse_card
    >>> heels = ScoreItem("heels", (parse_card("JD"),), 2)
    >>> spoken_award(heels, "en"), spoken_award(heels, "nl")
    ('two for his heels', 'twee voor zijn hielen')
    """
    words = vocabulary(lang)
    return words.award.format(points=number_word(item.points, lang), said=words.terms[item_key(item)].said)


def nineteen(lang: str) -> str | None:
    """The traditional name of a hand worth nothing ("nineteen", a score no hand can make),
    where the rule texts give one; not used in :func:`spoken_show`, which says zero."""
    return vocabulary(lang).nineteen


# RFC 9110 12.5.4: language-range (RFC 4647 basic range, or "*") with an optional weight.
_RANGE = re.compile(
    r"(\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)"
    r"(?:[ \t]*;[ \t]*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?"
)


def _language_ranges(header: str) -> list[tuple[float, int, str]]:
    """The well-formed ranges of an ``Accept-Language`` header: weight, position, tag (lower case)."""
    ranges: list[tuple[float, int, str]] = []
    for position, element in enumerate(header.split(",")):
        match = _RANGE.fullmatch(element.strip(" \t"))
        if match is not None:
            tag, weight = match.groups()
            ranges.append((float(weight) if weight else 1.0, position, tag.lower()))
    return ranges


def choose_language(accept_language: str | None, override: str | None = None) -> str:
    """The language to answer in: ``override`` (a ``lang`` parameter) if given, else the best
    supported match of an ``Accept-Language`` header, else English.

    Ranges are tried by weight (``q``, default 1), ties in the order given; a range matches by
    its primary subtag (``sv-SE`` is ``sv``); ``*`` takes the default unless it was refused
    with ``q=0``. Malformed elements are skipped. Norwegian is not mapped to Danish: a header
    that lists no supported language gets English.

    >>> choose_language("nb-NO, sv;q=0.5, en;q=0.4", None), choose_language(None, "DA")
    ('sv', 'da')
    >>> choose_language("en;q=0, *", None), choose_language("fr, x-bad-", None)
    ('sv', 'en')
    """
    if override is not None:
        primary = re.split("[-_]", override.strip().lower(), maxsplit=1)[0]
        if primary not in VOCABULARIES:
            raise UnsupportedLanguage(said("no_texts", lang=override, languages=", ".join(LANGUAGES)), pointer="/lang")
        return primary
    ranges = _language_ranges(accept_language or "")
    refused = {tag for weight, _, tag in ranges if weight == 0}
    for weight, _, tag in sorted(ranges, key=lambda r: (-r[0], r[1])):
        if weight == 0:
            break
        if tag == "*":
            return next((lang for lang in LANGUAGES if lang not in refused), DEFAULT_LANGUAGE)
        primary = tag.split("-")[0]
        if primary in VOCABULARIES and primary not in refused:
            return primary
    return DEFAULT_LANGUAGE
