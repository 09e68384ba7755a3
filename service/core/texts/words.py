"""The words of cribbage in English, Swedish, Danish, German and Dutch: data only.

Each language is one :class:`Vocabulary`: its number words, a :class:`Term` for every
item kind and show group, and the few sentence patterns a count is built from. The code
that builds texts (:mod:`.phrases`) has no per-language branch; adding a language is adding
one value here. Where each word comes from (the seed rule texts, or common usage where
they are silent) is written down in ``docs/texts.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple


class Term(NamedTuple):
    """A name to display (``"double run of three"``) and the same as said in a sentence,
    with its article where the language wants one (``"a double run of three"``)."""

    name: str
    said: str


# Every kind a scorer or the engine puts in a ScoreItem: the show (fifteen pair run flush
# nobs), the play (fifteen thirty_one pair pair_royal double_pair_royal run go last_card;
# runs by length, 3 to 7: A-2-...-7 counts 28, an eighth card would pass 31), the cut
# (heels), five-card (three_for_last) and manual counting (hand crib muggins overclaim
# penalty).
ITEM_KEYS = (
    "fifteen", "thirty_one", "pair", "pair_royal", "double_pair_royal",
    "run_3", "run_4", "run_5", "run_6", "run_7",
    "flush", "nobs", "go", "last_card", "heels", "three_for_last",
    "hand", "crib", "muggins", "overclaim", "penalty",
)  # fmt: skip
# What players call the show's combinations when several items make one (see texts.show_groups).
GROUP_KEYS = (
    "three_of_a_kind", "four_of_a_kind",
    "double_run_3", "double_run_4", "triple_run", "double_double_run",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """One language. Patterns are ``str.format`` templates:

    * ``fifteen`` - one fifteen in a count, with the running total (``fifteen {total}``);
    * ``running`` - any later combination, with the running total (``{said} is {total}``);
    * ``first`` - the first thing a played card scores, when it is not a fifteen
      (``{said} for {points}``: "thirty-one for two", "a pair royal for six");
    * ``award`` - a score outside play and show (``{points} for {said}``: "two for his heels");
    * ``and_last`` - what joins the last combination of a count (", and " / " och ");
    * ``go_call`` - what a player who cannot play says ("go").
    """

    numbers: tuple[str, ...]
    terms: Mapping[str, Term]
    fifteen: str
    running: str
    first: str
    award: str
    and_last: str
    go_call: str
    nineteen: str | None  # the traditional name of a hand worth nothing, where a source gives one


def _vocabulary(
    numbers: str,
    terms: dict[str, tuple[str, str]],
    *,
    fifteen: str,
    running: str,
    first: str,
    award: str,
    and_last: str,
    go_call: str,
    nineteen: str | None,
) -> Vocabulary:
    """Build a vocabulary from a space-separated list of the numbers 0..31 and a plain dict."""
    words = tuple(numbers.split())
    assert len(words) == 32, len(words)  # the counts the play reaches, 0..31
    assert set(terms) == {*ITEM_KEYS, *GROUP_KEYS}, set(terms) ^ {*ITEM_KEYS, *GROUP_KEYS}
    frozen = MappingProxyType({key: Term(*pair) for key, pair in terms.items()})
    return Vocabulary(words, frozen, fifteen, running, first, award, and_last, go_call, nineteen)


EN = _vocabulary(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen"
    " eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six twenty-seven"
    " twenty-eight twenty-nine thirty thirty-one",
    {
        "fifteen": ("fifteen", "fifteen"),
        "thirty_one": ("thirty-one", "thirty-one"),
        "pair": ("pair", "a pair"),
        "pair_royal": ("pair royal", "a pair royal"),
        "double_pair_royal": ("double pair royal", "a double pair royal"),
        "run_3": ("run of three", "a run of three"),
        "run_4": ("run of four", "a run of four"),
        "run_5": ("run of five", "a run of five"),
        "run_6": ("run of six", "a run of six"),
        "run_7": ("run of seven", "a run of seven"),
        "flush": ("flush", "a flush"),
        "nobs": ("nobs", "his nob"),
        "go": ("a go", "a go"),
        "last_card": ("last card", "last card"),
        "heels": ("his heels", "his heels"),
        "three_for_last": ("three for last", "last"),
        "hand": ("hand", "the hand"),
        "crib": ("crib", "the crib"),
        "muggins": ("muggins", "muggins"),
        "overclaim": ("overclaim", "the overclaim"),
        "penalty": ("penalty", "a penalty"),
        "three_of_a_kind": ("three of a kind", "three of a kind"),
        "four_of_a_kind": ("four of a kind", "four of a kind"),
        "double_run_3": ("double run of three", "a double run of three"),
        "double_run_4": ("double run of four", "a double run of four"),
        "triple_run": ("triple run", "a triple run"),
        "double_double_run": ("double double run", "a double double run"),
    },
    fifteen="fifteen {total}",
    running="{said} is {total}",
    first="{said} for {points}",
    award="{points} for {said}",
    and_last=", and ",
    go_call="go",
    nineteen="nineteen",
)

SV = _vocabulary(
    "noll ett två tre fyra fem sex sju åtta nio tio elva tolv tretton fjorton femton sexton sjutton arton nitton"
    " tjugo tjugoett tjugotvå tjugotre tjugofyra tjugofem tjugosex tjugosju tjugoåtta tjugonio trettio trettioett",
    {
        "fifteen": ("femton", "femton"),
        "thirty_one": ("trettioett", "trettioett"),
        "pair": ("par", "ett par"),
        "pair_royal": ("tretal", "ett tretal"),
        "double_pair_royal": ("fyrtal", "ett fyrtal"),
        "run_3": ("svit om tre", "en svit om tre"),
        "run_4": ("svit om fyra", "en svit om fyra"),
        "run_5": ("svit om fem", "en svit om fem"),
        "run_6": ("svit om sex", "en svit om sex"),
        "run_7": ("svit om sju", "en svit om sju"),
        "flush": ("flush", "en flush"),
        "nobs": ("nobs", "nobs"),
        "go": ("go", "go"),
        "last_card": ("sista kortet", "sista kortet"),
        "heels": ("his heels", "his heels"),
        "three_for_last": ("tre för sist", "sist"),
        "hand": ("hand", "handen"),
        "crib": ("crib", "cribben"),
        "muggins": ("muggins", "muggins"),
        "overclaim": ("överräkning", "överräkningen"),
        "penalty": ("straff", "straff"),
        "three_of_a_kind": ("tretal", "ett tretal"),
        "four_of_a_kind": ("fyrtal", "ett fyrtal"),
        "double_run_3": ("dubbel svit om tre", "en dubbel svit om tre"),
        "double_run_4": ("dubbel svit om fyra", "en dubbel svit om fyra"),
        "triple_run": ("tredubbel svit om tre", "en tredubbel svit om tre"),
        "double_double_run": ("fyrdubbel svit om tre", "en fyrdubbel svit om tre"),
    },
    fifteen="femton {total}",
    running="{said} är {total}",
    first="{said} för {points}",
    award="{points} för {said}",
    and_last=" och ",
    go_call="go",
    nineteen="nitton",
)

DA = _vocabulary(
    "nul én to tre fire fem seks syv otte ni ti elleve tolv tretten fjorten femten seksten sytten atten nitten"
    " tyve enogtyve toogtyve treogtyve fireogtyve femogtyve seksogtyve syvogtyve otteogtyve niogtyve tredive"
    " enogtredive",
    {
        "fifteen": ("femten", "femten"),
        "thirty_one": ("enogtredive", "enogtredive"),
        "pair": ("par", "et par"),
        "pair_royal": ("tre ens", "tre ens"),
        "double_pair_royal": ("fire ens", "fire ens"),
        "run_3": ("række på tre", "en række på tre"),
        "run_4": ("række på fire", "en række på fire"),
        "run_5": ("række på fem", "en række på fem"),
        "run_6": ("række på seks", "en række på seks"),
        "run_7": ("række på syv", "en række på syv"),
        "flush": ("flush", "en flush"),
        "nobs": ("knægten", "knægten"),
        "go": ("go", "go"),
        "last_card": ("sidste kort", "sidste kort"),
        "heels": ("his heels", "his heels"),
        "three_for_last": ("tre for sidst", "sidst"),
        "hand": ("hånd", "hånden"),
        "crib": ("crib", "cribben"),
        "muggins": ("muggins", "muggins"),
        "overclaim": ("overtælling", "overtællingen"),
        "penalty": ("straf", "straf"),
        "three_of_a_kind": ("tre ens", "tre ens"),
        "four_of_a_kind": ("fire ens", "fire ens"),
        "double_run_3": ("dobbelt række på tre", "en dobbelt række på tre"),
        "double_run_4": ("dobbelt række på fire", "en dobbelt række på fire"),
        "triple_run": ("tredobbelt række på tre", "en tredobbelt række på tre"),
        "double_double_run": ("firdobbelt række på tre", "en firdobbelt række på tre"),
    },
    fifteen="femten {total}",
    running="{said} er {total}",
    first="{said} for {points}",
    award="{points} for {said}",
    and_last=" og ",
    go_call="go",
    nineteen="nitten",
)

DE = _vocabulary(
    "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn"
    " siebzehn achtzehn neunzehn zwanzig einundzwanzig zweiundzwanzig dreiundzwanzig vierundzwanzig"
    " fünfundzwanzig sechsundzwanzig siebenundzwanzig achtundzwanzig neunundzwanzig dreißig einunddreißig",
    {
        "fifteen": ("Fünfzehn", "fünfzehn"),
        "thirty_one": ("Einunddreißig", "einunddreißig"),
        "pair": ("Paar", "ein Paar"),
        "pair_royal": ("Drilling", "ein Drilling"),
        "double_pair_royal": ("Vierling", "ein Vierling"),
        "run_3": ("Dreiersequenz", "eine Dreiersequenz"),
        "run_4": ("Vierersequenz", "eine Vierersequenz"),
        "run_5": ("Fünfersequenz", "eine Fünfersequenz"),
        "run_6": ("Sechsersequenz", "eine Sechsersequenz"),
        "run_7": ("Siebenersequenz", "eine Siebenersequenz"),
        "flush": ("Flush", "ein Flush"),
        "nobs": ("nobler Bube", "der noble Bube"),
        "go": ("Go", "Go"),
        "last_card": ("letzte Karte", "die letzte Karte"),
        "heels": ("His Heels", "His Heels"),
        "three_for_last": ("drei für die letzte Karte", "die letzte Karte"),
        "hand": ("Hand", "die Hand"),
        "crib": ("Krippe", "die Krippe"),
        "muggins": ("Muggins", "Muggins"),
        "overclaim": ("Überzählung", "die Überzählung"),
        "penalty": ("Strafe", "die Strafe"),
        "three_of_a_kind": ("Drilling", "ein Drilling"),
        "four_of_a_kind": ("Vierling", "ein Vierling"),
        "double_run_3": ("doppelte Dreiersequenz", "eine doppelte Dreiersequenz"),
        "double_run_4": ("doppelte Vierersequenz", "eine doppelte Vierersequenz"),
        "triple_run": ("dreifache Dreiersequenz", "eine dreifache Dreiersequenz"),
        "double_double_run": ("vierfache Dreiersequenz", "eine vierfache Dreiersequenz"),
    },
    fifteen="fünfzehn {total}",
    running="{said} macht {total}",
    first="{said} für {points}",
    award="{points} für {said}",
    and_last=" und ",
    go_call="Go",
    nineteen=None,
)

NL = _vocabulary(
    "nul één twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien zestien zeventien"
    " achttien negentien twintig eenentwintig tweeëntwintig drieëntwintig vierentwintig vijfentwintig"
    " zesentwintig zevenentwintig achtentwintig negenentwintig dertig eenendertig",
    {
        "fifteen": ("vijftien", "vijftien"),
        "thirty_one": ("eenendertig", "eenendertig"),
        "pair": ("paar", "een paar"),
        "pair_royal": ("paar royal", "een paar royal"),
        "double_pair_royal": ("dubbele paar royal", "een dubbele paar royal"),
        "run_3": ("straat van drie", "een straat van drie"),
        "run_4": ("straat van vier", "een straat van vier"),
        "run_5": ("straat van vijf", "een straat van vijf"),
        "run_6": ("straat van zes", "een straat van zes"),
        "run_7": ("straat van zeven", "een straat van zeven"),
        "flush": ("flush", "een flush"),
        "nobs": ("zijn hoofd", "zijn hoofd"),
        "go": ("go", "go"),
        "last_card": ("laatste kaart", "de laatste kaart"),
        "heels": ("zijn hielen", "zijn hielen"),
        "three_for_last": ("drie voor de laatste kaart", "de laatste kaart"),
        "hand": ("hand", "de hand"),
        "crib": ("crib", "de crib"),
        "muggins": ("muggins", "muggins"),
        "overclaim": ("overtelling", "de overtelling"),
        "penalty": ("straf", "straf"),
        "three_of_a_kind": ("paar royal", "een paar royal"),
        "four_of_a_kind": ("dubbele paar royal", "een dubbele paar royal"),
        "double_run_3": ("dubbele straat van drie", "een dubbele straat van drie"),
        "double_run_4": ("dubbele straat van vier", "een dubbele straat van vier"),
        "triple_run": ("driedubbele straat van drie", "een driedubbele straat van drie"),
        "double_double_run": ("vierdubbele straat van drie", "een vierdubbele straat van drie"),
    },
    fifteen="vijftien {total}",
    running="{said} is {total}",
    first="{said} voor {points}",
    award="{points} voor {said}",
    and_last=" en ",
    go_call="go",
    nineteen=None,
)

# The supported languages, by their ISO 639-1 code; the first is the default.
VOCABULARIES: Mapping[str, Vocabulary] = MappingProxyType({"en": EN, "sv": SV, "da": DA, "de": DE, "nl": NL})
