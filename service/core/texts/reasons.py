"""The hints' reasons in five languages: a key and its values from the coach, the words here.

The coach (``service.core.computer.coach``) gives each hint its reasons as data
(:class:`Reason`); :func:`say_reason` says one in a language. Numbers are the coach's exact
values, shown to two decimals with the language's decimal sign; a score item is named as the
language's vocabulary names it (:mod:`.words`; English keeps the item's kind, "pair royal").

>>> from fractions import Fraction
>>> said = reason("hand_mean", mean=Fraction(149, 25), low=4, high=10)
>>> str(said), say_reason(said, "de")
('hand 5.96 on average (4 to 10)', 'Hand 5,96 im Schnitt (4 bis 10)')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from .phrases import vocabulary

REASONS: dict[str, dict[str, str]] = {
    "en": {
        "_decimal": ".",
        "hand_mean": "hand {mean} on average ({low} to {high})",
        "crib_mean_self": "your crib {mean} on average",
        "crib_mean_partner": "your partner's crib {mean} on average",
        "crib_mean_opponent": "the opponent's crib {mean} on average",
        "pegging_estimate": "pegging {sign}{estimate} estimated",
        "scores_for": "{item} for {points}",
        "scores_nothing": "scores nothing (count {count})",
        "no_reply": "no opponent replies to it",
        "count_restarts": "the count starts again",
        "reply_mean": "seat {seat}'s reply scores {mean} on average",
        "reply_risk": "{chance}% chance the reply scores {points} or more",
        "count_hand": "the hand scores {actual}: claim exactly that",
        "count_crib": "the crib scores {actual}: claim exactly that",
        "claimed_of": "seat {seat} claimed {claimed} of {actual}",
        "missed_take": "seat {seat} missed {missed} of {actual}: take them",
    },
    "sv": {
        "_decimal": ",",
        "hand_mean": "handen {mean} i genomsnitt ({low} till {high})",
        "crib_mean_self": "din crib {mean} i genomsnitt",
        "crib_mean_partner": "din partners crib {mean} i genomsnitt",
        "crib_mean_opponent": "motståndarens crib {mean} i genomsnitt",
        "pegging_estimate": "utspelet uppskattas till {sign}{estimate}",
        "scores_for": "{item} ger {points}",
        "scores_nothing": "ger inget (summan {count})",
        "no_reply": "ingen motståndare svarar på det",
        "count_restarts": "summan börjar om",
        "reply_mean": "plats {seat}s svar ger {mean} i genomsnitt",
        "reply_risk": "{chance} % chans att svaret ger {points} eller mer",
        "count_hand": "handen ger {actual}: begär exakt det",
        "count_crib": "cribben ger {actual}: begär exakt det",
        "claimed_of": "plats {seat} begärde {claimed} av {actual}",
        "missed_take": "plats {seat} missade {missed} av {actual}: ta dem",
    },
    "da": {
        "_decimal": ",",
        "hand_mean": "hånden {mean} i gennemsnit ({low} til {high})",
        "crib_mean_self": "din crib {mean} i gennemsnit",
        "crib_mean_partner": "din makkers crib {mean} i gennemsnit",
        "crib_mean_opponent": "modstanderens crib {mean} i gennemsnit",
        "pegging_estimate": "udspillet anslås til {sign}{estimate}",
        "scores_for": "{item} giver {points}",
        "scores_nothing": "giver intet (summen {count})",
        "no_reply": "ingen modstander svarer på det",
        "count_restarts": "summen starter forfra",
        "reply_mean": "plads {seat}s svar giver {mean} i gennemsnit",
        "reply_risk": "{chance} % chance for at svaret giver {points} eller mere",
        "count_hand": "hånden giver {actual}: meld præcis det",
        "count_crib": "cribben giver {actual}: meld præcis det",
        "claimed_of": "plads {seat} meldte {claimed} af {actual}",
        "missed_take": "plads {seat} overså {missed} af {actual}: tag dem",
    },
    "de": {
        "_decimal": ",",
        "hand_mean": "Hand {mean} im Schnitt ({low} bis {high})",
        "crib_mean_self": "deine Krippe {mean} im Schnitt",
        "crib_mean_partner": "die Krippe deines Partners {mean} im Schnitt",
        "crib_mean_opponent": "die Krippe des Gegners {mean} im Schnitt",
        "pegging_estimate": "Ausspielen geschätzt {sign}{estimate}",
        "scores_for": "{item} für {points}",
        "scores_nothing": "bringt nichts (Summe {count})",
        "no_reply": "kein Gegner antwortet darauf",
        "count_restarts": "die Zählung beginnt neu",
        "reply_mean": "die Antwort von Platz {seat} bringt im Schnitt {mean}",
        "reply_risk": "{chance} % Chance, dass die Antwort {points} oder mehr bringt",
        "count_hand": "die Hand bringt {actual}: sag genau das an",
        "count_crib": "die Krippe bringt {actual}: sag genau das an",
        "claimed_of": "Platz {seat} hat {claimed} von {actual} angesagt",
        "missed_take": "Platz {seat} hat {missed} von {actual} übersehen: nimm sie",
    },
    "nl": {
        "_decimal": ",",
        "hand_mean": "hand gemiddeld {mean} ({low} tot {high})",
        "crib_mean_self": "je crib gemiddeld {mean}",
        "crib_mean_partner": "de crib van je partner gemiddeld {mean}",
        "crib_mean_opponent": "de crib van de tegenstander gemiddeld {mean}",
        "pegging_estimate": "uitspelen geschat op {sign}{estimate}",
        "scores_for": "{item} voor {points}",
        "scores_nothing": "levert niets op (telling {count})",
        "no_reply": "geen tegenstander antwoordt erop",
        "count_restarts": "de telling begint opnieuw",
        "reply_mean": "het antwoord van plaats {seat} levert gemiddeld {mean} op",
        "reply_risk": "{chance}% kans dat het antwoord {points} of meer oplevert",
        "count_hand": "de hand levert {actual} op: claim precies dat",
        "count_crib": "de crib levert {actual} op: claim precies dat",
        "claimed_of": "plaats {seat} claimde {claimed} van {actual}",
        "missed_take": "plaats {seat} miste {missed} van {actual}: neem ze",
    },
}


class Reason(NamedTuple):
    """One reason of a hint: ``key`` names its template, ``params`` fill it (numbers, seats,
    and an :class:`Item` to name)."""

    key: str
    params: Mapping[str, Any]

    def __str__(self) -> str:
        return say_reason(self, "en")


class Item(NamedTuple):
    """A score item to name in a reason: its kind and its vocabulary key (``run_4``)."""

    kind: str
    key: str


def reason(key: str, **params: Any) -> Reason:
    """The reason ``key`` with its values (a key of the templates, checked here)."""
    if key not in REASONS["en"]:
        raise KeyError(f"no reason {key!r}: add its template to service/core/texts/reasons.py")
    return Reason(key, params)


def say_reason(said: Reason, lang: str) -> str:
    """``said`` in ``lang``."""
    templates = REASONS[lang]
    return templates[said.key].format(**{name: _value(v, lang, templates) for name, v in said.params.items()})


def _value(value: Any, lang: str, templates: Mapping[str, str]) -> Any:
    if isinstance(value, Fraction):
        return f"{float(value):.2f}".replace(".", templates["_decimal"])
    if isinstance(value, Item):
        return value.kind.replace("_", " ") if lang == "en" else vocabulary(lang).terms[value.key].name
    return value


__all__ = ["REASONS", "Item", "Reason", "reason", "say_reason"]
