"""The core's refusals and problem titles in Swedish, Danish, German and Dutch: data only.

English is the core's own (:data:`service.core.refusals.REFUSALS`, the errors' ``title``
attributes); each other language has the same templates, with the same placeholders, in
:mod:`.refusal_words` (``tests/core/texts/test_refusals.py`` holds them to that), and its
titles here. A refusal raised as English text only (no key) is said in English whatever the
language.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import CribbageError
from ..refusals import REFUSALS, Said, say
from .refusal_words import REFUSALS_BY_LANGUAGE

# The title of each core error kind (its slug), in each language but English.
TITLES: dict[str, dict[str, str]] = {
    "sv": {
        "rules-violation": "Cribbagereglerna förbjuder detta",
        "invalid-card": "Inte ett kort",
        "duplicate-card": "Samma kort förekommer två gånger",
        "wrong-card-count": "Fel antal kort",
        "invalid-rules": "Dessa regelval passar inte ihop",
        "illegal-play": "Det utspelet är inte tillåtet",
        "illegal-action": "Det draget är inte tillåtet nu",
        "invalid-state": "Spelets tillstånd är ogiltigt",
        "invalid-score": "Den poängen är inte möjlig",
        "state-behind": "Tillståndet är äldre än det angivna draget",
        "game-over": "Partiet är redan slut",
        "game-not-over": "Partiet pågår fortfarande",
        "match-over": "Matchen är redan slut",
        "invalid-board": "Poängtavlan hänger inte ihop",
        "ambiguous-deal": "Bara räkneordningen kan avgöra denna giv",
        "invalid-event": "Tävlingens uppgifter hänger inte ihop",
        "unsupported-language": "Inga texter på det språket",
    },
    "da": {
        "rules-violation": "Cribbagereglerne forbyder dette",
        "invalid-card": "Ikke et kort",
        "duplicate-card": "Det samme kort optræder to gange",
        "wrong-card-count": "Forkert antal kort",
        "invalid-rules": "Disse regelvalg passer ikke sammen",
        "illegal-play": "Det udspil er ikke tilladt",
        "illegal-action": "Det træk er ikke tilladt nu",
        "invalid-state": "Spillets tilstand er ugyldig",
        "invalid-score": "Den score er ikke mulig",
        "state-behind": "Tilstanden er ældre end det angivne træk",
        "game-over": "Spillet er allerede slut",
        "game-not-over": "Spillet er stadig i gang",
        "match-over": "Matchen er allerede slut",
        "invalid-board": "Pointtavlen hænger ikke sammen",
        "ambiguous-deal": "Kun tællerækkefølgen kan afgøre denne kortgivning",
        "invalid-event": "Turneringens data hænger ikke sammen",
        "unsupported-language": "Ingen tekster på det sprog",
    },
    "de": {
        "rules-violation": "Die Cribbage-Regeln verbieten das",
        "invalid-card": "Keine Karte",
        "duplicate-card": "Dieselbe Karte kommt zweimal vor",
        "wrong-card-count": "Falsche Anzahl Karten",
        "invalid-rules": "Diese Regeloptionen passen nicht zusammen",
        "illegal-play": "Dieses Ausspielen ist nicht erlaubt",
        "illegal-action": "Dieser Zug ist jetzt nicht erlaubt",
        "invalid-state": "Der Spielstand ist ungültig",
        "invalid-score": "Diese Punktzahl ist nicht möglich",
        "state-behind": "Der Spielstand ist älter als der angegebene Zug",
        "game-over": "Das Spiel ist bereits vorbei",
        "game-not-over": "Das Spiel läuft noch",
        "match-over": "Das Match ist bereits vorbei",
        "invalid-board": "Die Punktetafel ist nicht stimmig",
        "ambiguous-deal": "Nur die Reihenfolge der Zählung kann diese Runde entscheiden",
        "invalid-event": "Die Angaben zum Turnier passen nicht zusammen",
        "unsupported-language": "Keine Texte in dieser Sprache",
    },
    "nl": {
        "rules-violation": "De regels van cribbage verbieden dit",
        "invalid-card": "Geen kaart",
        "duplicate-card": "Dezelfde kaart komt twee keer voor",
        "wrong-card-count": "Verkeerd aantal kaarten",
        "invalid-rules": "Deze regelopties passen niet bij elkaar",
        "illegal-play": "Die kaart mag niet worden gespeeld",
        "illegal-action": "Die zet is nu niet toegestaan",
        "invalid-state": "De spelstatus is ongeldig",
        "invalid-score": "Die score is niet mogelijk",
        "state-behind": "De status is ouder dan de opgegeven zet",
        "game-over": "Het spel is al afgelopen",
        "game-not-over": "Het spel is nog bezig",
        "match-over": "De match is al afgelopen",
        "invalid-board": "Het scorebord klopt niet",
        "ambiguous-deal": "Alleen de volgorde van het tellen kan deze deling beslissen",
        "invalid-event": "De gegevens van het toernooi kloppen niet",
        "unsupported-language": "Geen teksten in die taal",
    },
}


def refusal_templates(lang: str) -> Mapping[str, str]:
    """Every refusal's template in ``lang`` (English: the core's own)."""
    return REFUSALS if lang == "en" else REFUSALS_BY_LANGUAGE[lang]


def detail(error: CribbageError, lang: str) -> str:
    """What ``error`` says, in ``lang``: its refusal's template filled in, or its English
    message when it was raised as text only.

    >>> from ..errors import IllegalPlay
    >>> from ..refusals import said
    >>> detail(IllegalPlay(said("past_31", card="9H", count=25, total=34)), "de")
    '9H würde die Summe von 25 auf 34 bringen, über 31'
    """
    if error.said is None or lang == "en":
        return error.message
    return say(error.said, refusal_templates(lang))


def said_as(words: Said | str, lang: str) -> str:
    """A refusal in ``lang`` (one of the ``errors`` an error lists, each a :class:`Said`), or
    text given as it is.

    >>> from ..refusals import said
    >>> said_as(said("card_twice", card="5S"), "nl"), said_as("as it is", "nl")
    ('5S komt twee keer voor', 'as it is')
    """
    return words if isinstance(words, str) else say(words, refusal_templates(lang))


def title(error: type[CribbageError], lang: str) -> str:
    """The title of an error kind in ``lang``."""
    return error.title if lang == "en" else TITLES[lang][error.slug]


__all__ = ["REFUSALS_BY_LANGUAGE", "TITLES", "Said", "detail", "refusal_templates", "said_as", "title"]
