"""Texts to show: every text in every language on the worked cases of docs/rules.md section 12,
the words against their reference (docs/texts.md), and Hypothesis properties.

The expected strings are written by hand from the tables of docs/texts.md, not printed by
the code. Number words are checked against a composition written here (twenty + nine,
ni + og + tyve, neun + und + zwanzig, ...), and the same composition parses the totals
back in the properties.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from service.core.cards import DECK, Card, parse_card, parse_cards
from service.core.items import ScoreItem
from service.core.rules import STANDARD
from service.core.scoring.pegging import Play, PlayStep, play_card, say_go, score_play, start_play
from service.core.scoring.show import score_show
from service.core.texts.phrases import (
    LANGUAGES,
    UnsupportedLanguage,
    choose_language,
    group_name,
    item_name,
    nineteen,
    number_word,
    show_groups,
    spoken_award,
    spoken_play,
    spoken_show,
    vocabulary,
)

DOCS = Path(__file__).resolve().parents[3] / "docs" / "texts.md"

# --------------------------------------------------------------------------------------------
# Number words, composed independently of the table in texts_words.

UNITS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
    " seventeen eighteen nineteen",
    "sv": "noll ett två tre fyra fem sex sju åtta nio tio elva tolv tretton fjorton femton sexton sjutton arton nitton",
    "da": "nul én to tre fire fem seks syv otte ni ti elleve tolv tretten fjorten femten seksten sytten atten nitten",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn"
    " siebzehn achtzehn neunzehn",
    "nl": "nul één twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien zestien"
    " zeventien achttien negentien",
}
TENS = {"en": ("twenty", "thirty"), "sv": ("tjugo", "trettio"), "da": ("tyve", "tredive"),
        "de": ("zwanzig", "dreißig"), "nl": ("twintig", "dertig")}  # fmt: skip


def composed(n: int, lang: str) -> str:
    """The number word for 0..31 by each language's own rule for 21..29 and 31."""
    units = UNITS[lang].split()
    if n < 20:
        return units[n]
    tens, unit = TENS[lang][n // 10 - 2], n % 10
    if unit == 0:
        return tens
    if lang == "en":
        return f"{tens}-{units[unit]}"
    if lang == "sv":
        return tens + units[unit]  # tjugo + nio
    # Danish, German and Dutch say the unit first; "one" loses its stress mark or its -s there.
    one = {"da": "en", "de": "ein", "nl": "een"}[lang]
    first = one if unit == 1 else units[unit]
    joint = {"da": "og", "de": "und"}.get(lang) or ("ën" if first.endswith("e") else "en")  # twee-ën-twintig
    return first + joint + tens


PARSE = {lang: {composed(n, lang): n for n in range(32)} for lang in LANGUAGES}


def last_number(text: str, lang: str) -> int:
    """The number a text ends on."""
    return PARSE[lang][text.split()[-1]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_number_words_follow_each_language_s_composition(lang: str) -> None:
    assert [number_word(n, lang) for n in range(32)] == [composed(n, lang) for n in range(32)]
    with pytest.raises(ValueError):
        number_word(32, lang)


def test_the_number_words_the_seeds_spell_out() -> None:
    # 000 "Trettioett", 004 "elva"; 001 "nitten", "femten"; 002 "zwölf"; 003 "eenendertig".
    assert (number_word(31, "sv"), number_word(11, "sv")) == ("trettioett", "elva")
    assert (number_word(19, "da"), number_word(15, "da")) == ("nitten", "femten")
    assert (number_word(12, "de"), number_word(31, "nl")) == ("zwölf", "eenendertig")


# --------------------------------------------------------------------------------------------
# The words are the ones docs/texts.md writes down, with their sources.


def doc_tables() -> dict[str, tuple[dict[str, tuple[str, str]], dict[str, str | None]]]:
    """Per language, the terms table (key -> name, said) and the patterns table."""
    sections = re.split(r"^### .*\((\w\w)\)$", DOCS.read_text(encoding="utf-8"), flags=re.M)
    tables = {}
    for lang, body in zip(sections[1::2], sections[2::2]):
        terms: dict[str, tuple[str, str]] = {}
        patterns: dict[str, str | None] = {}
        for line in body.splitlines():
            cells = [cell.strip() for cell in line.split(" | ")]
            if not line.startswith("| `"):
                continue
            key = cells[0].removeprefix("| `").removesuffix("`")
            if cells[1].startswith('"') or cells[1] == "none":
                patterns[key] = None if cells[1] == "none" else cells[1][1:-1]
            else:
                terms[key] = (cells[1], cells[2])
        tables[lang] = (terms, patterns)
    return tables


def test_every_language_is_documented() -> None:
    assert sorted(doc_tables()) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_code_uses_the_documented_words(lang: str) -> None:
    terms, patterns = doc_tables()[lang]
    words = vocabulary(lang)
    assert terms == {key: (term.name, term.said) for key, term in words.terms.items()}
    assert patterns == {
        "fifteen": words.fifteen,
        "running": words.running,
        "first": words.first,
        "award": words.award,
        "and_last": words.and_last,
        "go_call": words.go_call,
        "nineteen": words.nineteen,
    }


# --------------------------------------------------------------------------------------------
# The show: worked cases of docs/rules.md section 12, every language.

SHOW_CASES = {
    # H3, the 29 hand.
    ("5S 5H 5D JC", "5C"): {
        "en": "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen,"
        " fifteen sixteen, four of a kind is twenty-eight, and his nob is twenty-nine",
        "sv": "femton två, femton fyra, femton sex, femton åtta, femton tio, femton tolv, femton fjorton, femton sexton,"
        " ett fyrtal är tjugoåtta och nobs är tjugonio",
        "da": "femten to, femten fire, femten seks, femten otte, femten ti, femten tolv, femten fjorten, femten seksten,"
        " fire ens er otteogtyve og knægten er niogtyve",
        "de": "fünfzehn zwei, fünfzehn vier, fünfzehn sechs, fünfzehn acht, fünfzehn zehn, fünfzehn zwölf, fünfzehn"
        " vierzehn, fünfzehn sechzehn, ein Vierling macht achtundzwanzig und der noble Bube macht neunundzwanzig",
        "nl": "vijftien twee, vijftien vier, vijftien zes, vijftien acht, vijftien tien, vijftien twaalf, vijftien"
        " veertien, vijftien zestien, een dubbele paar royal is achtentwintig en zijn hoofd is negenentwintig",
    },
    # H13, a double double run: 8+7 twice, 6-7-8 four ways, two pairs.
    ("8S 8H 7D 6C", "6S"): {
        "en": "fifteen two, fifteen four, and a double double run is twenty",
        "sv": "femton två, femton fyra och en fyrdubbel svit om tre är tjugo",
        "da": "femten to, femten fire og en firdobbelt række på tre er tyve",
        "de": "fünfzehn zwei, fünfzehn vier und eine vierfache Dreiersequenz macht zwanzig",
        "nl": "vijftien twee, vijftien vier en een vierdubbele straat van drie is twintig",
    },
    # 7 7 8 8 cut 9: 7+8 four times, a double double run (24, one of WP-Stats' 24 patterns).
    ("7S 7H 8D 8C", "9S"): {
        "en": "fifteen two, fifteen four, fifteen six, fifteen eight, and a double double run is twenty-four",
        "sv": "femton två, femton fyra, femton sex, femton åtta och en fyrdubbel svit om tre är tjugofyra",
        "da": "femten to, femten fire, femten seks, femten otte og en firdobbelt række på tre er fireogtyve",
        "de": "fünfzehn zwei, fünfzehn vier, fünfzehn sechs, fünfzehn acht und eine vierfache Dreiersequenz macht"
        " vierundzwanzig",
        "nl": "vijftien twee, vijftien vier, vijftien zes, vijftien acht en een vierdubbele straat van drie is"
        " vierentwintig",
    },
    # H10, a double run of three: 7+8 twice, 6-7-8 twice and the pair of sevens.
    ("6S 7H 7D 8C", "KS"): {
        "en": "fifteen two, fifteen four, and a double run of three is twelve",
        "sv": "femton två, femton fyra och en dubbel svit om tre är tolv",
        "da": "femten to, femten fire og en dobbelt række på tre er tolv",
        "de": "fünfzehn zwei, fünfzehn vier und eine doppelte Dreiersequenz macht zwölf",
        "nl": "vijftien twee, vijftien vier en een dubbele straat van drie is twaalf",
    },
    # H11, a double run of four: 6+9 twice and 7+8, 6-7-8-9 twice and the pair of nines.
    ("6S 7H 8D 9C", "9S"): {
        "en": "fifteen two, fifteen four, fifteen six, and a double run of four is sixteen",
        "sv": "femton två, femton fyra, femton sex och en dubbel svit om fyra är sexton",
        "da": "femten to, femten fire, femten seks og en dobbelt række på fire er seksten",
        "de": "fünfzehn zwei, fünfzehn vier, fünfzehn sechs und eine doppelte Vierersequenz macht sechzehn",
        "nl": "vijftien twee, vijftien vier, vijftien zes en een dubbele straat van vier is zestien",
    },
    # H12, a triple run: 3+3+4+5 three ways, 3-4-5 three times and three pairs of threes.
    ("3S 3H 3D 4C", "5S"): {
        "en": "fifteen two, fifteen four, fifteen six, and a triple run is twenty-one",
        "sv": "femton två, femton fyra, femton sex och en tredubbel svit om tre är tjugoett",
        "da": "femten to, femten fire, femten seks og en tredobbelt række på tre er enogtyve",
        "de": "fünfzehn zwei, fünfzehn vier, fünfzehn sechs und eine dreifache Dreiersequenz macht einundzwanzig",
        "nl": "vijftien twee, vijftien vier, vijftien zes en een driedubbele straat van drie is eenentwintig",
    },
    # H7, a five-card flush: 2+4+9 and A+2+3+9, the run A-2-3-4, the flush of five.
    ("AH 2H 3H 4H", "9H"): {
        "en": "fifteen two, fifteen four, a run of four is eight, and a flush is thirteen",
        "sv": "femton två, femton fyra, en svit om fyra är åtta och en flush är tretton",
        "da": "femten to, femten fire, en række på fire er otte og en flush er tretten",
        "de": "fünfzehn zwei, fünfzehn vier, eine Vierersequenz macht acht und ein Flush macht dreizehn",
        "nl": "vijftien twee, vijftien vier, een straat van vier is acht en een flush is dertien",
    },
    # A pair outside the run keeps its own name: 2+4+9 twice, the nines, 2-3-4.
    ("2S 3H 4D 9C", "9S"): {
        "en": "fifteen two, fifteen four, a pair is six, and a run of three is nine",
        "sv": "femton två, femton fyra, ett par är sex och en svit om tre är nio",
        "da": "femten to, femten fire, et par er seks og en række på tre er ni",
        "de": "fünfzehn zwei, fünfzehn vier, ein Paar macht sechs und eine Dreiersequenz macht neun",
        "nl": "vijftien twee, vijftien vier, een paar is zes en een straat van drie is negen",
    },
    # H8, nothing (see docs/texts.md: zero, not "nineteen").
    ("2H 4H 6H 8C", "TH"): {"en": "zero", "sv": "noll", "da": "nul", "de": "null", "nl": "nul"},
}


@pytest.mark.parametrize(
    ("hand", "starter", "lang", "expected"),
    [(hand, starter, lang, text) for (hand, starter), texts in SHOW_CASES.items() for lang, text in texts.items()],
)
def test_the_show_is_counted_as_players_say_it(hand: str, starter: str, lang: str, expected: str) -> None:
    score = score_show(parse_cards(hand), parse_card(starter))
    assert spoken_show(score.items, score.total, lang) == expected


# (hand, starter, group keys in counting order): what players call each combination.
GROUP_CASES = [
    ("5S 5H 5D JC", "5C", ["fifteen"] * 8 + ["four_of_a_kind", "nobs"]),  # H3
    ("7S 7H 7D 7C", "AS", ["fifteen"] * 6 + ["four_of_a_kind"]),  # H20
    ("3S 3H 3D 4C", "5S", ["fifteen"] * 3 + ["triple_run"]),  # H12
    ("KS KH KD QC", "JS", ["triple_run"]),  # docs/rules.md 2: K-K-K-Q-J
    ("3S 4H 4D 5C", "5S", ["double_double_run"]),  # H1
    ("AS AH 2D 3C", "3S", ["double_double_run"]),  # H21
    ("4S 4H 6D 6C", "5S", ["fifteen"] * 4 + ["double_double_run"]),  # H5
    ("6S 7H 7D 8C", "KS", ["fifteen"] * 2 + ["double_run_3"]),  # H10
    ("6S 7H 8D 9C", "9S", ["fifteen"] * 3 + ["double_run_4"]),  # H11
    ("AS 2H 3D 4C", "5S", ["fifteen", "run_5"]),  # H14
    ("5S 5H 5D KC", "2S", ["fifteen"] * 4 + ["three_of_a_kind"]),  # 002: 5, 5, 5 and a king (5+K x3, 5+5+5)
    ("JH 5S 5D 4C", "JS", ["fifteen"] * 4 + ["pair", "pair"]),  # H18: two pairs, not a group
    ("JH 4H 6H QH", "5H", ["fifteen"] * 3 + ["run_3", "flush", "nobs"]),  # H19
    ("2S 3H 4D 9C", "9S", ["fifteen"] * 2 + ["pair", "run_3"]),
    ("5S 5H 5D", "5C", ["fifteen"] * 4 + ["four_of_a_kind"]),  # H23, five-card
]


@pytest.mark.parametrize(("hand", "starter", "keys"), GROUP_CASES)
def test_show_groups_name_what_players_count_as_one(hand: str, starter: str, keys: list[str]) -> None:
    score = score_show(parse_cards(hand), parse_card(starter))
    groups = show_groups(score.items)
    assert [group.key for group in groups] == keys
    assert sorted(item for group in groups for item in group.items) == sorted(score.items)


def test_group_display_names() -> None:
    double_double = show_groups(score_show(parse_cards("8S 8H 7D 6C"), parse_card("6S")).items)[-1]
    four = show_groups(score_show(parse_cards("5S 5H 5D JC"), parse_card("5C")).items)[-2]
    assert [group_name(double_double, lang) for lang in LANGUAGES] == [
        "double double run", "fyrdubbel svit om tre", "firdobbelt række på tre", "vierfache Dreiersequenz",
        "vierdubbele straat van drie"]  # fmt: skip
    assert [group_name(four, lang) for lang in LANGUAGES] == [
        "four of a kind", "fyrtal", "fire ens", "Vierling", "dubbele paar royal"]  # fmt: skip


# The group points of docs/rules.md section 2 (runs and the pairs inside them, fifteens excluded).
@pytest.mark.parametrize(
    ("hand", "starter", "key", "points"),
    [
        ("6S 7H 7D 8C", "KS", "double_run_3", 8),
        ("6S 7H 8D 9C", "9S", "double_run_4", 10),
        ("3S 3H 3D 4C", "5S", "triple_run", 15),
        ("8S 8H 7D 6C", "6S", "double_double_run", 16),
        ("5S 5H 5D KC", "2S", "three_of_a_kind", 6),
        ("7S 7H 7D 7C", "AS", "four_of_a_kind", 12),
    ],
)
def test_group_points_are_the_rules_values(hand: str, starter: str, key: str, points: int) -> None:
    score = score_show(parse_cards(hand), parse_card(starter))
    (group,) = [g for g in show_groups(score.items) if g.key == key]
    assert group.points == points


def test_a_show_total_that_is_not_the_items_sum_is_refused() -> None:
    score = score_show(parse_cards("5S 5H 5D JC"), parse_card("5C"))
    with pytest.raises(ValueError):
        spoken_show(score.items, 28, "en")


# --------------------------------------------------------------------------------------------
# The play: single cards (P1, P5, P6) and two whole counts through the play machine (P13, P8).

PLAY_CASES = {
    # P5: the third three is a pair royal at count 9.
    ("3S 3H", "3D"): {
        "en": "a pair royal for six",
        "sv": "ett tretal för sex",
        "da": "tre ens for seks",
        "de": "ein Drilling für sechs",
        "nl": "een paar royal voor zes",
    },
    # P5: the third five makes fifteen as well.
    ("5S 5H", "5D"): {
        "en": "fifteen two, and a pair royal is eight",
        "sv": "femton två och ett tretal är åtta",
        "da": "femten to og tre ens er otte",
        "de": "fünfzehn zwei und ein Drilling macht acht",
        "nl": "vijftien twee en een paar royal is acht",
    },
    # P6: thirty-one with a pair.
    ("10S 5D 8C", "8S"): {
        "en": "thirty-one for two, and a pair is four",
        "sv": "trettioett för två och ett par är fyra",
        "da": "enogtredive for to og et par er fire",
        "de": "einunddreißig für zwei und ein Paar macht vier",
        "nl": "eenendertig voor twee en een paar is vier",
    },
    # P1: fifteen and a run of three.
    ("4S 6D", "5C"): {
        "en": "fifteen two, and a run of three is five",
        "sv": "femton två och en svit om tre är fem",
        "da": "femten to og en række på tre er fem",
        "de": "fünfzehn zwei und eine Dreiersequenz macht fünf",
        "nl": "vijftien twee en een straat van drie is vijf",
    },
    # P10: the seven makes the run A..7 at count 28.
    ("2S 4H 6D AC 3S 5H", "7C"): {
        "en": "a run of seven for seven",
        "sv": "en svit om sju för sju",
        "da": "en række på syv for syv",
        "de": "eine Siebenersequenz für sieben",
        "nl": "een straat van zeven voor zeven",
    },
}


@pytest.mark.parametrize(
    ("pile", "card", "lang", "expected"),
    [(pile, card, lang, text) for (pile, card), texts in PLAY_CASES.items() for lang, text in texts.items()],
)
def test_a_played_card_is_announced_as_players_say_it(pile: str, card: str, lang: str, expected: str) -> None:
    cards = parse_cards(pile)
    played = parse_card(card)
    count = sum(c.value for c in (*cards, played))
    assert spoken_play(score_play(cards, played), count, lang) == expected


def play_through(hands: tuple[str, str], moves: list[str]) -> list[tuple[PlayStep, tuple[ScoreItem, ...]]]:
    """Play ``moves`` (cards, or "go") with the pone (seat 0) leading; each step with the
    items scored for the seat that acted or, on a go, for the seat that played last."""
    play: Play = start_play(STANDARD, 0, [parse_cards(hands[0]), parse_cards(hands[1])])
    steps = []
    for move in moves:
        seat = play.turn
        assert seat is not None
        if move == "go":
            play, step = say_go(play, seat)
        else:
            play, step = play_card(play, seat, parse_card(move))
        steps.append((step, tuple(item for _, item in step.scores)))
    return steps


def said(step: PlayStep, items: tuple[ScoreItem, ...], lang: str) -> str:
    return spoken_play(items, step.count, lang, called_go=step.card is None and not items)


# P13: pone TS 9D 5C 4H, dealer KH 8C 7D 6S. 10, K, 9 (29); dealer go, pone go: pone 1 for
# the go. Dealer leads 8, 5, 7, 4, 6: the 6 makes the run 4..8 and is the last card.
P13 = (("TS 9D 5C 4H", "KH 8C 7D 6S"), ["TS", "KH", "9D", "go", "go", "8C", "5C", "7D", "4H", "6S"])
P13_TEXTS = {
    "en": ["ten", "twenty", "twenty-nine", "go", "a go for one", "eight", "thirteen", "twenty", "twenty-four",
           "a run of five for five, and last card is six"],
    "sv": ["tio", "tjugo", "tjugonio", "go", "go för ett", "åtta", "tretton", "tjugo", "tjugofyra",
           "en svit om fem för fem och sista kortet är sex"],
    "da": ["ti", "tyve", "niogtyve", "go", "go for én", "otte", "tretten", "tyve", "fireogtyve",
           "en række på fem for fem og sidste kort er seks"],
    "de": ["zehn", "zwanzig", "neunundzwanzig", "Go", "Go für eins", "acht", "dreizehn", "zwanzig", "vierundzwanzig",
           "eine Fünfersequenz für fünf und die letzte Karte macht sechs"],
    "nl": ["tien", "twintig", "negenentwintig", "go", "go voor één", "acht", "dertien", "twintig", "vierentwintig",
           "een straat van vijf voor vijf en de laatste kaart is zes"],
}  # fmt: skip

# P8: pone KS KD 2S 2D, dealer TH 7C 2H 2C. K, 10, K (30), both go: pone 1. Dealer leads 7,
# then 2, 2, 2, 2: a pair, a pair royal, and the last two is fifteen, a double pair royal
# and the last card (15 for one card). Totals pone 7, dealer 17.
P8 = (("KS KD 2S 2D", "TH 7C 2H 2C"), ["KS", "TH", "KD", "go", "go", "7C", "2S", "2H", "2D", "2C"])
P8_TEXTS = {
    "en": ["ten", "twenty", "thirty", "go", "a go for one", "seven", "nine", "a pair for two", "a pair royal for six",
           "fifteen two, a double pair royal is fourteen, and last card is fifteen"],
    "sv": ["tio", "tjugo", "trettio", "go", "go för ett", "sju", "nio", "ett par för två", "ett tretal för sex",
           "femton två, ett fyrtal är fjorton och sista kortet är femton"],
    "da": ["ti", "tyve", "tredive", "go", "go for én", "syv", "ni", "et par for to", "tre ens for seks",
           "femten to, fire ens er fjorten og sidste kort er femten"],
    "de": ["zehn", "zwanzig", "dreißig", "Go", "Go für eins", "sieben", "neun", "ein Paar für zwei",
           "ein Drilling für sechs", "fünfzehn zwei, ein Vierling macht vierzehn und die letzte Karte macht fünfzehn"],
    "nl": ["tien", "twintig", "dertig", "go", "go voor één", "zeven", "negen", "een paar voor twee",
           "een paar royal voor zes",
           "vijftien twee, een dubbele paar royal is veertien en de laatste kaart is vijftien"],
}  # fmt: skip


@pytest.mark.parametrize(("case", "texts"), [(P13, P13_TEXTS), (P8, P8_TEXTS)], ids=["P13", "P8"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_count_is_announced_step_by_step(
    case: tuple[tuple[str, str], list[str]], texts: dict[str, list[str]], lang: str
) -> None:
    steps = play_through(*case)
    assert [said(step, items, lang) for step, items in steps] == texts[lang]


def test_the_worked_play_totals_match_the_rules_document() -> None:
    # docs/rules.md: P13 pone 1, dealer 6; P8 pone 7, dealer 17.
    for (hands, moves), totals in ((P13, [1, 6]), (P8, [7, 17])):
        pegged = [0, 0]
        for step, _ in play_through(hands, moves):
            for seat, item in step.scores:
                pegged[seat] += item.points
        assert pegged == totals


PLAY_NAMES = {
    "pair_royal": {"en": "pair royal", "sv": "tretal", "da": "tre ens", "de": "Drilling", "nl": "paar royal"},
    "go": {"en": "a go", "sv": "go", "da": "go", "de": "Go", "nl": "go"},
    "thirty_one": {"en": "thirty-one", "sv": "trettioett", "da": "enogtredive", "de": "Einunddreißig",
                   "nl": "eenendertig"},
    "last_card": {"en": "last card", "sv": "sista kortet", "da": "sidste kort", "de": "letzte Karte",
                  "nl": "laatste kaart"},
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_items_have_their_display_names(lang: str) -> None:
    found = {item.kind: item for _, items in play_through(*P8) + play_through(*P13) for item in items}
    found["thirty_one"] = score_play(parse_cards("10S 5D 8C"), parse_card("8S"))[0]
    for kind, names in PLAY_NAMES.items():
        assert item_name(found[kind], lang) == names[lang]


# --------------------------------------------------------------------------------------------
# Scores outside the play and the show: heels at the cut (H4), three for last, manual counting.

AWARDS = [
    (ScoreItem("heels", (parse_card("JD"),), 2), {
        "en": "two for his heels", "sv": "två för his heels", "da": "to for his heels", "de": "zwei für His Heels",
        "nl": "twee voor zijn hielen"}),
    (ScoreItem("three_for_last", (), 3), {
        "en": "three for last", "sv": "tre för sist", "da": "tre for sidst", "de": "drei für die letzte Karte",
        "nl": "drie voor de laatste kaart"}),
    (ScoreItem("hand", parse_cards("JH 4H 6H QH"), 12), {
        "en": "twelve for the hand", "sv": "tolv för handen", "da": "tolv for hånden", "de": "zwölf für die Hand",
        "nl": "twaalf voor de hand"}),
    (ScoreItem("crib", parse_cards("AH 2H 3H 4H"), 8), {
        "en": "eight for the crib", "sv": "åtta för cribben", "da": "otte for cribben", "de": "acht für die Krippe",
        "nl": "acht voor de crib"}),
    (ScoreItem("muggins", parse_cards("AH 2H 3H 4H"), 2), {
        "en": "two for muggins", "sv": "två för muggins", "da": "to for muggins", "de": "zwei für Muggins",
        "nl": "twee voor muggins"}),
    (ScoreItem("overclaim", parse_cards("AH 2H 3H 4H"), 2), {
        "en": "two for the overclaim", "sv": "två för överräkningen", "da": "to for overtællingen",
        "de": "zwei für die Überzählung", "nl": "twee voor de overtelling"}),
    (ScoreItem("penalty", (), 2), {
        "en": "two for a penalty", "sv": "två för straff", "da": "to for straf", "de": "zwei für die Strafe",
        "nl": "twee voor straf"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("item", "lang", "expected"), [(item, lang, text) for item, texts in AWARDS for lang, text in texts.items()]
)
def test_awards_are_said_points_first(item: ScoreItem, lang: str, expected: str) -> None:
    assert spoken_award(item, lang) == expected


def test_heels_and_nobs_display_names() -> None:
    heels = ScoreItem("heels", (parse_card("JD"),), 2)
    nobs = ScoreItem("nobs", parse_cards("JC 5C"), 1)
    assert [item_name(heels, lang) for lang in LANGUAGES] == ["his heels", "his heels", "his heels", "His Heels",
                                                               "zijn hielen"]  # fmt: skip
    assert [item_name(nobs, lang) for lang in LANGUAGES] == ["nobs", "nobs", "knægten", "nobler Bube", "zijn hoofd"]


def test_the_zero_hand_nickname_only_where_a_source_gives_it() -> None:
    assert [nineteen(lang) for lang in LANGUAGES] == ["nineteen", "nitton", "nitten", None, None]


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(UnsupportedLanguage):
        spoken_play((), 10, "fr")


# --------------------------------------------------------------------------------------------
# Choosing the language (RFC 9110 Accept-Language, a lang override).


@pytest.mark.parametrize(
    ("header", "override", "expected"),
    [
        (None, None, "en"),
        ("", None, "en"),
        ("sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7", None, "sv"),
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", None, "en"),  # RFC's and MDN's example
        ("de;q=0.5, nl;q=0.8", None, "nl"),  # weight beats position
        ("da, nl", None, "da"),  # equal weights: the order given
        ("nl;q=0.5, da;q=0.5", None, "nl"),
        ("nb-NO, nb;q=0.9, no;q=0.8, nn;q=0.7", None, "en"),  # Norwegian is not mapped to Danish
        ("nb-NO, nb;q=0.9, da;q=0.5", None, "da"),  # ... the user's own fallback decides
        ("*", None, "en"),
        ("en;q=0, *", None, "sv"),  # "*" takes the first language not refused
        ("en;q=0", None, "en"),  # nothing usable: the default
        ("en-GB;q=0, en;q=0.5, sv;q=0.4", None, "en"),  # refusing en-GB is not refusing en
        ("DE-at", None, "de"),  # tags are case-insensitive
        ("de;Q=0.9", None, "de"),
        ("de;q=1.000, sv", None, "de"),
        ("sv;q=2, da", None, "da"),  # a weight above 1 is malformed: skipped
        ("sv;q=0.1234, nl;q=0.1", None, "nl"),  # four decimals is malformed
        ("x;;, de ; q=0.5", None, "de"),  # OWS around ";"
        (",,, ,da", None, "da"),  # empty list elements
        ("sv", "nl", "nl"),  # the override wins
        (None, "sv-SE", "sv"),
        (None, "DA", "da"),
        (None, "de_CH", "de"),
    ],
)
def test_choose_language(header: str | None, override: str | None, expected: str) -> None:
    assert choose_language(header, override) == expected


@pytest.mark.parametrize("override", ["fr", "", "nb"])
def test_an_unsupported_override_is_an_error(override: str) -> None:
    with pytest.raises(UnsupportedLanguage) as raised:
        choose_language("en", override)
    assert raised.value.pointer == "/lang"


@given(st.text(alphabet="abdeFGHlnsvx-*;=q.0123456789, \t", max_size=40))
def test_any_header_gives_a_supported_language(header: str) -> None:
    assert choose_language(header, None) in LANGUAGES


# --------------------------------------------------------------------------------------------
# Properties: every item has a name, every score a spoken count ending on its total.

hands = st.integers(min_value=4, max_value=5).flatmap(
    lambda size: st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)
)


@given(hands, st.booleans())
def test_every_show_item_is_named_and_every_count_ends_on_its_total(cards: list[Card], is_crib: bool) -> None:
    *hand, starter = cards
    is_crib = is_crib and len(hand) == 4
    score = score_show(hand, starter, is_crib=is_crib)
    groups = show_groups(score.items)
    assert sorted(item for group in groups for item in group.items) == sorted(score.items)
    for lang in LANGUAGES:
        assert all(item_name(item, lang) for item in score.items)
        assert all(group_name(group, lang) for group in groups)
        text = spoken_show(score.items, score.total, lang)
        assert last_number(text, lang) == score.total, text


@given(st.permutations(DECK))
def test_every_played_card_is_named_and_ends_on_its_points(deck: list[Card]) -> None:
    pile: list[Card] = []
    for card in deck:
        if sum(c.value for c in pile) + card.value > 31:
            break
        items = score_play(pile, card)
        pile.append(card)
        count = sum(c.value for c in pile)
        for lang in LANGUAGES:
            assert all(item_name(item, lang) for item in items)
            text = spoken_play(items, count, lang)
            assert last_number(text, lang) == (sum(item.points for item in items) if items else count), text


@given(st.permutations(DECK), st.data())
def test_every_step_of_a_random_play_is_announced(deck: list[Card], data: st.DataObject) -> None:
    play = start_play(STANDARD, 0, [deck[:4], deck[4:8]])
    while not play.over:
        seat = play.turn
        assert seat is not None
        playable = play.playable(seat)
        if playable:
            play, step = play_card(play, seat, data.draw(st.sampled_from(playable)))
        else:
            play, step = say_go(play, seat)
        for scorer in {s for s, _ in step.scores} | {step.seat}:
            items = tuple(item for s, item in step.scores if s == scorer)
            for lang in LANGUAGES:
                assert all(item_name(item, lang) for item in items)
                text = said(step, items, lang) if scorer == step.seat else spoken_play(items, step.count, lang)
                if items:
                    assert last_number(text, lang) == sum(item.points for item in items), text
                elif step.card is not None:
                    assert last_number(text, lang) == step.count, text
                else:
                    assert text == vocabulary(lang).go_call


@pytest.mark.parametrize(("case", "texts"), [(P13, P13_TEXTS), (P8, P8_TEXTS)], ids=["P13", "P8"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_scored_sequence_says_go_where_a_player_calls_it(
    client: FlaskClient, case: tuple[tuple[str, str], list[str]], texts: dict[str, list[str]], lang: str
) -> None:
    """``/v1/pegging/sequence``: the same worked counts, a player who cannot play saying go."""
    (pone, dealer), moves = case
    hands = [[text.replace("T", "10") for text in hand.split()] for hand in (pone, dealer)]
    # In both worked counts the seats alternate: pone (0) leads, and after the two goes the dealer (1) leads.
    plays = [
        {"seat": number % 2, "go": True} if move == "go" else {"seat": number % 2, "card": move.replace("T", "10")}
        for number, move in enumerate(moves)
    ]
    body = {"players": 2, "leader": 0, "hands": hands, "plays": plays}
    answer = client.post(f"/v1/pegging/sequence?lang={lang}", json=body)
    assert answer.status_code == 200, answer.get_json()
    assert [step["spoken"] for step in answer.get_json()["plays"]] == texts[lang]
