"""The details of the API layer's own problems in five languages: data, said as the core's refusals are.

The API raises its problems with a key and values (:func:`said`, an
:class:`~service.core.refusals.Said` of this module's keys); English is the ``en`` templates
(the words the API always sent), the other languages the same templates with the same
placeholders (``tests/api/test_problem_types.py`` holds them to that). The framework's errors
(404, 405, 415) carry werkzeug's or the body reader's English sentence: one that is a template
here without placeholders is said in the answer's language (:func:`in_language`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ...core.refusals import Said, say

DETAILS: dict[str, dict[str, str]] = {
    "en": {
        "credential_missing": "seeing seat {seat}'s cards or acting for it needs its credential (from the answer "
        "that started the game); without one, ask as a spectator (no seat) for a view or the history",
        "seat_by_computer": "seat {seat} is played by the computer: no credential shows its cards through its seat "
        "(the game's record shows them once it is over); ask for your own seat, or for none",
        "credential_wrong": "the credential given is not seat {seat}'s in this game",
        "token_foreign": "the state token was not issued by this service with a current key, or was changed",
        "token_no_state": "the state token does not hold a game state",
        "token_expired": "state tokens are valid for {ttl} seconds here (CRIBBAGE_STATE_TTL): this game can no longer be "
        "played on, but /v1/games/view and /v1/games/history still show where it stood, and once it is over "
        "/v1/games/record and /v1/games/review show the whole game; a game of two sides can still be conceded, and a "
        "finished match game's /v1/games/next-game started",
        "crosstable_cells": "this crosstable would hold {cells} cells (a player against an opponent met), more than "
        "the {most} one answer holds",
        "table_columns": "a crosstable as {media_type} has a column per player: at most {most}, "
        "and this event has {count}; ask for application/json",
        "log_lines": "these logs would hold {entries} lines (a player's game each), more than the {most} "
        "one answer holds; ask for some players' logs at a time (`players`)",
        "not_acceptable": "this operation answers in {offered}; the Accept header ({accept!r}) allows none of them",
        "body_too_large": "the body of {operation} is larger than {limit} bytes ({setting})",
        "not_found": "The requested URL was not found on the server. If you entered the URL manually please check "
        "your spelling and try again.",
        "method_not_allowed": "The method is not allowed for the requested URL.",
        "not_json": "A body must be JSON, sent with a Content-Type of application/json (or application/*+json).",
        "not_utf8_bytes": "The body's bytes are not UTF-8, and a JSON body is UTF-8 (RFC 8259).",
        "not_utf8": "A JSON body is UTF-8 (RFC 8259): its Content-Type may name charset=utf-8, or no charset.",
        "encoded_body": "The body must be sent as it is: no Content-Encoding (only identity) is accepted.",
        "unreadable_body": "The request body could not be read: its chunked encoding is malformed or it was cut short.",
        "internal_error": "The server hit a bug; it has been logged.",
        "not_ready": "the {name} check failed (see the log)",
        "round_cells": "this crosstable would hold {cells} cells (a player's round each), more than the {most} one "
        "answer holds; ask for the standings, or fewer rounds (`after_round`)",
        "e_credential_missing": "missing",
        "e_seat_by_computer": "seat {seat} is the computer's",
        "e_credential_wrong": "not seat {seat}'s",
        "e_token_expired": "expired",
        "e_too_many_games": "too many",
        "e_fewer_players": "ask for fewer players",
        "e_fewer_rounds": "ask for fewer rounds",
    },
    "sv": {
        "credential_missing": "för att se plats {seat}s kort eller spela för den behövs dess nyckel (från svaret "
        "som startade partiet); utan den, fråga som åskådare (ingen plats) efter en vy eller historiken",
        "seat_by_computer": "plats {seat} spelas av datorn: ingen nyckel visar dess kort genom dess plats "
        "(partiets protokoll visar dem när det är slut); fråga efter din egen plats, eller ingen",
        "credential_wrong": "den givna nyckeln är inte plats {seat}s i det här partiet",
        "token_foreign": "tillståndstoken har inte utfärdats av den här tjänsten med en aktuell nyckel, eller har ändrats",
        "token_no_state": "tillståndstoken innehåller inget spelläge",
        "token_expired": "tillståndstoken gäller i {ttl} sekunder här (CRIBBAGE_STATE_TTL): det här partiet kan inte "
        "spelas vidare, men /v1/games/view och /v1/games/history visar fortfarande var det stod, och när det är slut "
        "visar /v1/games/record och /v1/games/review hela partiet; ett parti mellan två sidor kan fortfarande ges upp, och "
        "ett avslutat matchpartis /v1/games/next-game startas",
        "crosstable_cells": "den här korstabellen skulle ha {cells} celler (en spelare mot en mött motståndare), fler "
        "än de {most} som ett svar rymmer",
        "table_columns": "en korstabell som {media_type} har en kolumn per spelare: högst {most}, och den här "
        "tävlingen har {count}; be om application/json",
        "log_lines": "de här loggarna skulle ha {entries} rader (ett parti per spelare), fler än de {most} som ett "
        "svar rymmer; be om några spelares loggar åt gången (`players`)",
        "not_acceptable": "den här operationen svarar i {offered}; Accept-huvudet ({accept!r}) tillåter ingen av dem",
        "body_too_large": "innehållet i {operation} är större än {limit} byte ({setting})",
        "not_found": "Den begärda adressen finns inte på servern. Om du skrev adressen för hand, kontrollera stavningen "
        "och försök igen.",
        "method_not_allowed": "Metoden är inte tillåten för den begärda adressen.",
        "not_json": "Innehållet måste vara JSON, skickat med Content-Type application/json (eller application/*+json).",
        "not_utf8_bytes": "Innehållets byte är inte UTF-8, och ett JSON-innehåll är UTF-8 (RFC 8259).",
        "not_utf8": "Ett JSON-innehåll är UTF-8 (RFC 8259): dess Content-Type får ange charset=utf-8, eller ingen "
        "teckenuppsättning.",
        "encoded_body": "Innehållet ska skickas som det är: ingen Content-Encoding (bara identity) godtas.",
        "unreadable_body": "Begärans innehåll kunde inte läsas: dess chunked-kodning är felaktig eller så avbröts det.",
        "internal_error": "Servern stötte på ett fel; det har loggats.",
        "not_ready": "kontrollen {name} misslyckades (se loggen)",
        "round_cells": "den här korstabellen skulle ha {cells} celler (en omgång per spelare), fler än de {most} som "
        "ett svar rymmer; be om ställningen, eller färre omgångar (`after_round`)",
        "e_credential_missing": "saknas",
        "e_seat_by_computer": "plats {seat} är datorns",
        "e_credential_wrong": "inte plats {seat}s",
        "e_token_expired": "har gått ut",
        "e_too_many_games": "för många",
        "e_fewer_players": "be om färre spelare",
        "e_fewer_rounds": "be om färre omgångar",
    },
    "da": {
        "credential_missing": "for at se plads {seat}s kort eller handle for den kræves dens nøgle (fra svaret, "
        "der startede spillet); uden den, spørg som tilskuer (ingen plads) efter en visning eller historikken",
        "seat_by_computer": "plads {seat} spilles af computeren: ingen nøgle viser dens kort gennem dens plads "
        "(spillets referat viser dem, når det er slut); spørg efter din egen plads, eller ingen",
        "credential_wrong": "den angivne nøgle er ikke plads {seat}s i dette spil",
        "token_foreign": "tilstandstokenet er ikke udstedt af denne tjeneste med en gældende nøgle, eller er ændret",
        "token_no_state": "tilstandstokenet indeholder ingen spiltilstand",
        "token_expired": "tilstandstokens gælder i {ttl} sekunder her (CRIBBAGE_STATE_TTL): dette spil kan ikke "
        "spilles videre, men /v1/games/view og /v1/games/history viser stadig, hvor det stod, og når det er slut, "
        "viser /v1/games/record og /v1/games/review hele spillet; et spil mellem to sider kan stadig opgives, og et "
        "afsluttet kampspils /v1/games/next-game startes",
        "crosstable_cells": "denne krydstabel ville have {cells} celler (en spiller mod en mødt modstander), flere "
        "end de {most}, ét svar rummer",
        "table_columns": "en krydstabel som {media_type} har en kolonne pr. spiller: højst {most}, og denne "
        "turnering har {count}; bed om application/json",
        "log_lines": "disse logs ville have {entries} linjer (ét spil pr. spiller), flere end de {most}, ét svar "
        "rummer; bed om nogle spilleres logs ad gangen (`players`)",
        "not_acceptable": "denne operation svarer i {offered}; Accept-headeren ({accept!r}) tillader ingen af dem",
        "body_too_large": "indholdet af {operation} er større end {limit} byte ({setting})",
        "not_found": "Den ønskede adresse findes ikke på serveren. Hvis du skrev adressen selv, så tjek stavningen "
        "og prøv igen.",
        "method_not_allowed": "Metoden er ikke tilladt for den ønskede adresse.",
        "not_json": "Indholdet skal være JSON, sendt med Content-Type application/json (eller application/*+json).",
        "not_utf8_bytes": "Indholdets bytes er ikke UTF-8, og et JSON-indhold er UTF-8 (RFC 8259).",
        "not_utf8": "Et JSON-indhold er UTF-8 (RFC 8259): dets Content-Type må angive charset=utf-8, eller intet "
        "tegnsæt.",
        "encoded_body": "Indholdet skal sendes, som det er: ingen Content-Encoding (kun identity) accepteres.",
        "unreadable_body": "Forespørgslens indhold kunne ikke læses: dets chunked-kodning er forkert, eller det blev "
        "afbrudt.",
        "internal_error": "Serveren ramte en fejl; den er logget.",
        "not_ready": "kontrollen {name} mislykkedes (se loggen)",
        "round_cells": "denne krydstabel ville have {cells} celler (én runde pr. spiller), flere end de {most}, ét "
        "svar rummer; bed om stillingen, eller færre runder (`after_round`)",
        "e_credential_missing": "mangler",
        "e_seat_by_computer": "plads {seat} er computerens",
        "e_credential_wrong": "ikke plads {seat}s",
        "e_token_expired": "udløbet",
        "e_too_many_games": "for mange",
        "e_fewer_players": "bed om færre spillere",
        "e_fewer_rounds": "bed om færre runder",
    },
    "de": {
        "credential_missing": "um die Karten von Platz {seat} zu sehen oder für ihn zu ziehen, braucht es seinen "
        "Schlüssel (aus der Antwort, die das Spiel begann); ohne ihn frag als Zuschauer (ohne Platz) nach einer "
        "Ansicht oder dem Verlauf",
        "seat_by_computer": "Platz {seat} spielt der Computer: kein Schlüssel zeigt seine Karten über seinen Platz "
        "(das Protokoll des Spiels zeigt sie, sobald es vorbei ist); frag nach deinem eigenen Platz oder nach keinem",
        "credential_wrong": "der angegebene Schlüssel ist nicht der von Platz {seat} in diesem Spiel",
        "token_foreign": "das Spielstand-Token wurde nicht von diesem Dienst mit einem aktuellen Schlüssel "
        "ausgestellt oder wurde verändert",
        "token_no_state": "das Spielstand-Token enthält keinen Spielstand",
        "token_expired": "Spielstand-Tokens gelten hier {ttl} Sekunden (CRIBBAGE_STATE_TTL): diese Partie kann nicht "
        "weitergespielt werden, aber /v1/games/view und /v1/games/history zeigen noch, wo sie stand, und ist sie "
        "vorbei, zeigen /v1/games/record und /v1/games/review die ganze Partie; eine Partie zweier Seiten kann noch "
        "aufgegeben und nach einer beendeten Matchpartie /v1/games/next-game gestartet werden",
        "crosstable_cells": "diese Kreuztabelle hätte {cells} Zellen (ein Spieler gegen einen getroffenen Gegner), "
        "mehr als die {most}, die eine Antwort fasst",
        "table_columns": "eine Kreuztabelle als {media_type} hat eine Spalte je Spieler: höchstens {most}, und "
        "dieses Turnier hat {count}; frag nach application/json",
        "log_lines": "diese Protokolle hätten {entries} Zeilen (ein Spiel je Spieler), mehr als die {most}, die eine "
        "Antwort fasst; frag nach den Protokollen einiger Spieler auf einmal (`players`)",
        "not_acceptable": "diese Operation antwortet in {offered}; der Accept-Header ({accept!r}) erlaubt keines davon",
        "body_too_large": "der Inhalt von {operation} ist größer als {limit} Bytes ({setting})",
        "not_found": "Die angeforderte Adresse wurde auf dem Server nicht gefunden. Wenn du die Adresse von Hand "
        "eingegeben hast, prüfe bitte die Schreibweise und versuche es erneut.",
        "method_not_allowed": "Die Methode ist für die angeforderte Adresse nicht erlaubt.",
        "not_json": "Der Inhalt muss JSON sein, gesendet mit dem Content-Type application/json (oder application/*+json).",
        "not_utf8_bytes": "Die Bytes des Inhalts sind kein UTF-8, und ein JSON-Inhalt ist UTF-8 (RFC 8259).",
        "not_utf8": "Ein JSON-Inhalt ist UTF-8 (RFC 8259): sein Content-Type darf charset=utf-8 nennen oder keinen "
        "Zeichensatz.",
        "encoded_body": "Der Inhalt muss so gesendet werden, wie er ist: kein Content-Encoding (nur identity) wird "
        "angenommen.",
        "unreadable_body": "Der Inhalt der Anfrage konnte nicht gelesen werden: seine Chunked-Kodierung ist fehlerhaft "
        "oder er wurde abgebrochen.",
        "internal_error": "Der Server ist auf einen Fehler gestoßen; er wurde protokolliert.",
        "not_ready": "die Prüfung {name} ist fehlgeschlagen (siehe das Protokoll)",
        "round_cells": "diese Kreuztabelle hätte {cells} Zellen (eine Runde je Spieler), mehr als die {most}, die "
        "eine Antwort fasst; frag nach dem Tabellenstand oder nach weniger Runden (`after_round`)",
        "e_credential_missing": "fehlt",
        "e_seat_by_computer": "Platz {seat} gehört dem Computer",
        "e_credential_wrong": "nicht der von Platz {seat}",
        "e_token_expired": "abgelaufen",
        "e_too_many_games": "zu viele",
        "e_fewer_players": "frag nach weniger Spielern",
        "e_fewer_rounds": "frag nach weniger Runden",
    },
    "nl": {
        "credential_missing": "om de kaarten van plaats {seat} te zien of voor die plaats te spelen is haar sleutel "
        "nodig (uit het antwoord dat het spel begon); vraag zonder sleutel als toeschouwer (geen plaats) om een "
        "weergave of de geschiedenis",
        "seat_by_computer": "plaats {seat} wordt door de computer gespeeld: geen sleutel toont haar kaarten via haar "
        "plaats (het verslag van het spel toont ze zodra het is afgelopen); vraag om je eigen plaats, of om geen",
        "credential_wrong": "de gegeven sleutel is niet die van plaats {seat} in dit spel",
        "token_foreign": "het spelstatustoken is niet door deze dienst met een geldige sleutel uitgegeven, of is "
        "gewijzigd",
        "token_no_state": "het spelstatustoken bevat geen spelstatus",
        "token_expired": "spelstatustokens zijn hier {ttl} seconden geldig (CRIBBAGE_STATE_TTL): dit spel kan niet "
        "verder gespeeld worden, maar /v1/games/view en /v1/games/history tonen nog waar het stond, en als het "
        "voorbij is tonen /v1/games/record en /v1/games/review het hele spel; een spel van twee kanten kan nog "
        "opgegeven worden, en na een afgelopen wedstrijdspel /v1/games/next-game gestart",
        "crosstable_cells": "deze kruistabel zou {cells} cellen hebben (een speler tegen een ontmoete tegenstander), "
        "meer dan de {most} die één antwoord bevat",
        "table_columns": "een kruistabel als {media_type} heeft een kolom per speler: hoogstens {most}, en dit "
        "toernooi heeft er {count}; vraag om application/json",
        "log_lines": "deze logs zouden {entries} regels hebben (één spel per speler), meer dan de {most} die één "
        "antwoord bevat; vraag om de logs van enkele spelers tegelijk (`players`)",
        "not_acceptable": "deze operatie antwoordt in {offered}; de Accept-header ({accept!r}) staat geen ervan toe",
        "body_too_large": "de inhoud van {operation} is groter dan {limit} bytes ({setting})",
        "not_found": "Het gevraagde adres is niet gevonden op de server. Als je het adres zelf hebt ingetypt, "
        "controleer dan de spelling en probeer het opnieuw.",
        "method_not_allowed": "De methode is niet toegestaan voor het gevraagde adres.",
        "not_json": "De inhoud moet JSON zijn, verzonden met Content-Type application/json (of application/*+json).",
        "not_utf8_bytes": "De bytes van de inhoud zijn geen UTF-8, en een JSON-inhoud is UTF-8 (RFC 8259).",
        "not_utf8": "Een JSON-inhoud is UTF-8 (RFC 8259): het Content-Type mag charset=utf-8 noemen, of geen tekenset.",
        "encoded_body": "De inhoud moet worden verstuurd zoals hij is: geen Content-Encoding (alleen identity) wordt "
        "aanvaard.",
        "unreadable_body": "De inhoud van het verzoek kon niet worden gelezen: de chunked-codering is onjuist of hij "
        "werd afgebroken.",
        "internal_error": "De server stuitte op een fout; die is gelogd.",
        "not_ready": "de controle {name} is mislukt (zie de log)",
        "round_cells": "deze kruistabel zou {cells} cellen hebben (één ronde per speler), meer dan de {most} die één "
        "antwoord bevat; vraag om de stand, of om minder rondes (`after_round`)",
        "e_credential_missing": "ontbreekt",
        "e_seat_by_computer": "plaats {seat} is van de computer",
        "e_credential_wrong": "niet die van plaats {seat}",
        "e_token_expired": "verlopen",
        "e_too_many_games": "te veel",
        "e_fewer_players": "vraag om minder spelers",
        "e_fewer_rounds": "vraag om minder rondes",
    },
}

# The framework's sentences (no placeholders), by their English words.
_FIXED: Mapping[str, str] = MappingProxyType(
    {english: key for key, english in DETAILS["en"].items() if "{" not in english}
)


def said(key: str, **params: Any) -> Said:
    """The API's problem detail ``key`` with its values (a key of :data:`DETAILS`, checked here)."""
    if key not in DETAILS["en"]:
        raise KeyError(f"no problem detail {key!r}: add its templates to service/api/wire/problem_texts.py")
    return Said(key, params)


def english(words: Said) -> str:
    return say(words, DETAILS["en"])


def in_language(words: Said | str | None, lang: str) -> str | None:
    """A detail in ``lang``: the API's own (a :class:`Said`), or a framework sentence this
    module knows; other text as it is."""
    if isinstance(words, str):
        key = _FIXED.get(words)
        return words if key is None else DETAILS[lang][key]
    return None if words is None else say(words, DETAILS[lang])
