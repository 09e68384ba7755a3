"""The hints' reasons in five languages: a key and its values from the coach, the words here.

The coach (``service.core.computer.coach``) gives each hint its reasons as data
(:class:`Reason`); :func:`say_reason` says one in a language. Numbers are the coach's exact
values, shown to two decimals with the language's decimal sign; a score item is named as the
language's vocabulary names it (:mod:`.words`), as the answer's score items are named.

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
        "reply_mean": "the next player's reply scores {mean} on average",
        "reply_risk": "{chance}% chance the reply scores {points} or more",
        "count_hand": "the hand scores {actual}: claim exactly that",
        "count_crib": "the crib scores {actual}: claim exactly that",
        "claimed_of": "the count claimed {claimed} of {actual}",
        "missed_take": "the count missed {missed} of {actual}: take them",
        "assume_learned": "Hand means are over all {unseen} starters you cannot see. Crib means weight every pair of those {unseen} cards by how often a sensible player in your opponent's role throws it (the {model} crib model, a table of rank pairs and suitedness learned by self-play), and the starter is uniform over the {left} cards left; the means are exact given those weights.",
        "assume_uniform": "Hand means are over all {unseen} starters you cannot see. Crib means assume {who}, and the starter is uniform over the {left} cards left; real opponents choose their discards, so this is a neutral model, not a prediction.",
        "who_two": "the opponent's {others} discards are a uniformly random set of the {unseen} cards you cannot see",
        "who_more": "the other {others} crib cards (the other players' discards) are a uniformly random set of the {unseen} cards you cannot see",
        "who_more_pack": "the other {others} crib cards (the other players' discards and the card from the pack) are a uniformly random set of the {unseen} cards you cannot see",
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
        "reply_mean": "nästa spelares svar ger {mean} i genomsnitt",
        "reply_risk": "{chance} % chans att svaret ger {points} eller mer",
        "count_hand": "handen ger {actual}: begär exakt det",
        "count_crib": "cribben ger {actual}: begär exakt det",
        "claimed_of": "räkningen begärde {claimed} av {actual}",
        "missed_take": "räkningen missade {missed} av {actual}: ta dem",
        "assume_learned": "Handens medelvärden gäller alla {unseen} vändkort du inte kan se. Cribbens medelvärden väger varje par av de {unseen} korten efter hur ofta en förnuftig spelare i motståndarens roll lägger det (cribbmodellen {model}, en tabell över valörpar och färg som lärts genom självspel), och vändkortet är likformigt fördelat över de {left} kort som återstår; medelvärdena är exakta givet de vikterna.",
        "assume_uniform": "Handens medelvärden gäller alla {unseen} vändkort du inte kan se. Cribbens medelvärden antar att {who}, och vändkortet är likformigt fördelat över de {left} kort som återstår; riktiga motståndare väljer själva vilka kort de lägger, så detta är en neutral modell, ingen förutsägelse.",
        "who_two": "motståndarens {others} kort till cribben är ett likformigt slumpmässigt urval av de {unseen} kort du inte kan se",
        "who_more": "de andra {others} korten i cribben (de andra spelarnas kort) är ett likformigt slumpmässigt urval av de {unseen} kort du inte kan se",
        "who_more_pack": "de andra {others} korten i cribben (de andra spelarnas kort och kortet från leken) är ett likformigt slumpmässigt urval av de {unseen} kort du inte kan se",
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
        "reply_mean": "næste spillers svar giver {mean} i gennemsnit",
        "reply_risk": "{chance} % chance for at svaret giver {points} eller mere",
        "count_hand": "hånden giver {actual}: meld præcis det",
        "count_crib": "cribben giver {actual}: meld præcis det",
        "claimed_of": "optællingen meldte {claimed} af {actual}",
        "missed_take": "optællingen overså {missed} af {actual}: tag dem",
        "assume_learned": "Håndens gennemsnit gælder alle {unseen} startere, du ikke kan se. Cribbens gennemsnit vægter hvert par af de {unseen} kort efter, hvor ofte en fornuftig spiller i modstanderens rolle lægger det (cribmodellen {model}, en tabel over par af værdier og kulør lært ved selvspil), og starteren er ligeligt fordelt over de {left} kort, der er tilbage; gennemsnittene er nøjagtige givet de vægte.",
        "assume_uniform": "Håndens gennemsnit gælder alle {unseen} startere, du ikke kan se. Cribbens gennemsnit antager, at {who}, og starteren er ligeligt fordelt over de {left} kort, der er tilbage; rigtige modstandere vælger selv, hvad de lægger, så dette er en neutral model, ikke en forudsigelse.",
        "who_two": "modstanderens {others} kort til cribben er et ligeligt tilfældigt udvalg af de {unseen} kort, du ikke kan se",
        "who_more": "de andre {others} kort i cribben (de andre spilleres kort) er et ligeligt tilfældigt udvalg af de {unseen} kort, du ikke kan se",
        "who_more_pack": "de andre {others} kort i cribben (de andre spilleres kort og kortet fra bunken) er et ligeligt tilfældigt udvalg af de {unseen} kort, du ikke kan se",
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
        "reply_mean": "die Antwort des nächsten Spielers bringt im Schnitt {mean}",
        "reply_risk": "{chance} % Chance, dass die Antwort {points} oder mehr bringt",
        "count_hand": "die Hand bringt {actual}: sag genau das an",
        "count_crib": "die Krippe bringt {actual}: sag genau das an",
        "claimed_of": "angesagt wurden {claimed} von {actual}",
        "missed_take": "übersehen wurden {missed} von {actual}: nimm sie",
        "assume_learned": "Die Mittelwerte der Hand gelten über alle {unseen} Startkarten, die du nicht sehen kannst. Die Mittelwerte der Krippe gewichten jedes Paar dieser {unseen} Karten danach, wie oft ein vernünftiger Spieler in der Rolle deines Gegners es abwirft (das Krippenmodell {model}, eine durch Selbstspiel gelernte Tabelle von Rangpaaren und Farbgleichheit), und die Startkarte ist gleichverteilt über die {left} übrigen Karten; die Mittelwerte sind bei diesen Gewichten exakt.",
        "assume_uniform": "Die Mittelwerte der Hand gelten über alle {unseen} Startkarten, die du nicht sehen kannst. Die Mittelwerte der Krippe nehmen an, dass {who}, und die Startkarte ist gleichverteilt über die {left} übrigen Karten; echte Gegner wählen ihre Abwürfe selbst, also ist dies ein neutrales Modell, keine Vorhersage.",
        "who_two": "die {others} Abwürfe des Gegners eine gleichverteilt zufällige Auswahl aus den {unseen} Karten sind, die du nicht sehen kannst",
        "who_more": "die anderen {others} Krippenkarten (die Abwürfe der anderen Spieler) eine gleichverteilt zufällige Auswahl aus den {unseen} Karten sind, die du nicht sehen kannst",
        "who_more_pack": "die anderen {others} Krippenkarten (die Abwürfe der anderen Spieler und die Karte aus dem Stapel) eine gleichverteilt zufällige Auswahl aus den {unseen} Karten sind, die du nicht sehen kannst",
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
        "reply_mean": "het antwoord van de volgende speler levert gemiddeld {mean} op",
        "reply_risk": "{chance}% kans dat het antwoord {points} of meer oplevert",
        "count_hand": "de hand levert {actual} op: claim precies dat",
        "count_crib": "de crib levert {actual} op: claim precies dat",
        "claimed_of": "er werd {claimed} van {actual} geclaimd",
        "missed_take": "er werd {missed} van {actual} gemist: neem ze",
        "assume_learned": "De gemiddelden van de hand gaan over alle {unseen} startkaarten die je niet kunt zien. De gemiddelden van de crib wegen elk paar van die {unseen} kaarten naar hoe vaak een verstandige speler in de rol van je tegenstander het aflegt (het cribmodel {model}, een tabel van rangparen en kleur, geleerd door zelfspel), en de startkaart is gelijk verdeeld over de {left} overgebleven kaarten; de gemiddelden zijn exact bij die gewichten.",
        "assume_uniform": "De gemiddelden van de hand gaan over alle {unseen} startkaarten die je niet kunt zien. De gemiddelden van de crib gaan ervan uit dat {who}, en de startkaart is gelijk verdeeld over de {left} overgebleven kaarten; echte tegenstanders kiezen zelf wat ze afleggen, dus dit is een neutraal model, geen voorspelling.",
        "who_two": "de {others} afgelegde kaarten van de tegenstander een gelijk verdeelde willekeurige greep zijn uit de {unseen} kaarten die je niet kunt zien",
        "who_more": "de andere {others} cribkaarten (de afgelegde kaarten van de andere spelers) een gelijk verdeelde willekeurige greep zijn uit de {unseen} kaarten die je niet kunt zien",
        "who_more_pack": "de andere {others} cribkaarten (de afgelegde kaarten van de andere spelers en de kaart van de stapel) een gelijk verdeelde willekeurige greep zijn uit de {unseen} kaarten die je niet kunt zien",
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
    if isinstance(value, Reason):  # a clause said in the same language
        return say_reason(value, lang)
    if isinstance(value, Fraction):
        return f"{float(value):.2f}".replace(".", templates["_decimal"])
    if isinstance(value, Item):
        return vocabulary(lang).terms[value.key].name
    return value


__all__ = ["REASONS", "Item", "Reason", "reason", "say_reason"]
