"""The registry of every problem type the service sends: its slug, status and title in five languages.

One table (:data:`PROBLEM_TYPES`), the only source of a problem's ``type``, ``status`` and
``title``: :func:`.problems.problem_body` takes a slug and looks the rest up here, so no
answer can carry a type that is not listed. Listed here are the core's error kinds (422, their
titles from :mod:`service.core.texts.refusals`), the API layer's own problems, the framework's
(404, 405, 413, 415, 500, in the service's own types rather than ``about:blank``), gunicorn's
refusals of a request it cannot parse (``service/gunicorn_conf.py``) and the proxy's
(``deploy/nginx/cribbage.conf``, static documents in English). ``openapi.yaml`` lists the same
types as the enum of ``Problem.type``, and ``tests/api/test_problem_types.py`` keeps the code,
the contract and the proxy's documents equal to this table.

A new problem type is one row here (its titles in every language of
``service.core.texts.phrases.LANGUAGES``), one entry of that enum and, for a core error kind,
its class in :data:`CORE_KINDS` with its titles in ``service.core.texts.refusals.TITLES``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from ...core import errors
from ...core.errors import CribbageError
from ...core.texts.phrases import LANGUAGES, UnsupportedLanguage
from ...core.texts.refusals import title

PROBLEM_TYPE = "urn:cribbage:problem:"

Origin = Literal["core", "api", "server", "proxy"]


@dataclass(frozen=True, slots=True)
class ProblemType:
    """One problem type: ``slug`` (the type is ``urn:cribbage:problem:<slug>``), its HTTP
    ``status``, its ``titles`` by language, and who sends it (``origin``: the core's rules
    through the API, the API itself, the WSGI server, the proxy; several for some)."""

    slug: str
    status: int
    titles: Mapping[str, str]
    origins: tuple[Origin, ...]

    @property
    def uri(self) -> str:
        return PROBLEM_TYPE + self.slug


# Every kind of the core's errors, answered as 422 (the test walks CribbageError's subclasses).
CORE_KINDS: tuple[type[CribbageError], ...] = (
    errors.CribbageError,
    errors.InvalidCard,
    errors.DuplicateCard,
    errors.WrongCardCount,
    errors.InvalidRules,
    errors.IllegalPlay,
    errors.IllegalAction,
    errors.StateBehind,
    errors.InvalidState,
    errors.InvalidScore,
    errors.GameOver,
    errors.GameNotOver,
    errors.MatchOver,
    errors.InvalidBoard,
    errors.AmbiguousDeal,
    errors.InvalidEvent,
    UnsupportedLanguage,
)

# The others: slug, status, who sends it, then the title in en, sv, da, de, nl (LANGUAGES' order).
_OTHERS: tuple[tuple[str, int, tuple[Origin, ...], tuple[str, str, str, str, str]], ...] = (
    ("contract-violation", 400, ("api",), (
        "The request breaks the API contract", "Begäran bryter mot API-kontraktet",
        "Forespørgslen bryder API-kontrakten", "Die Anfrage verletzt den API-Vertrag",
        "Het verzoek schendt het API-contract",
    )),
    ("invalid-state-token", 400, ("api",), (
        "The game state token is not valid", "Spelets tillståndstoken är ogiltig",
        "Spillets tilstandstoken er ugyldig", "Das Spielstand-Token ist ungültig",
        "Het spelstatustoken is ongeldig",
    )),
    ("expired-state-token", 400, ("api",), (
        "The game state token has expired", "Spelets tillståndstoken har gått ut",
        "Spillets tilstandstoken er udløbet", "Das Spielstand-Token ist abgelaufen",
        "Het spelstatustoken is verlopen",
    )),
    ("unreadable-body", 400, ("api",), (
        "Bad Request", "Felaktig begäran", "Ugyldig forespørgsel", "Fehlerhafte Anfrage", "Ongeldig verzoek",
    )),
    ("unreadable-request", 400, ("server", "proxy"), (
        "Bad Request", "Felaktig begäran", "Ugyldig forespørgsel", "Fehlerhafte Anfrage", "Ongeldig verzoek",
    )),
    ("seat-credential-missing", 403, ("api",), (
        "This seat's credential is needed", "Den här platsens nyckel behövs",
        "Denne plads' nøgle er nødvendig", "Der Schlüssel dieses Platzes wird benötigt",
        "De sleutel van deze plaats is nodig",
    )),
    ("seat-credential-wrong", 403, ("api",), (
        "Not this seat's credential", "Inte den här platsens nyckel", "Ikke denne plads' nøgle",
        "Nicht der Schlüssel dieses Platzes", "Niet de sleutel van deze plaats",
    )),
    ("seat-played-by-computer", 403, ("api",), (
        "The computer plays this seat", "Datorn spelar den här platsen", "Computeren spiller denne plads",
        "Der Computer spielt diesen Platz", "De computer speelt deze plaats",
    )),
    ("forbidden-request", 403, ("server",), (
        "Forbidden", "Förbjudet", "Forbudt", "Verboten", "Verboden",
    )),
    ("not-found", 404, ("api", "proxy"), (
        "Not Found", "Hittades inte", "Ikke fundet", "Nicht gefunden", "Niet gevonden",
    )),
    ("method-not-allowed", 405, ("api", "proxy"), (
        "Method Not Allowed", "Metoden är inte tillåten", "Metoden er ikke tilladt",
        "Methode nicht erlaubt", "Methode niet toegestaan",
    )),
    ("not-acceptable", 406, ("api",), (
        "Not Acceptable", "Inte godtagbart", "Ikke acceptabel", "Nicht annehmbar", "Niet aanvaardbaar",
    )),
    ("request-timeout", 408, ("server",), (
        "Request Timeout", "Tidsgränsen för begäran gick ut", "Forespørgslens tidsgrænse udløb",
        "Zeitüberschreitung der Anfrage", "Time-out van het verzoek",
    )),
    ("body-too-large", 413, ("api", "proxy"), (
        "Request body too large", "Begärans innehåll är för stort", "Forespørgslens indhold er for stort",
        "Der Inhalt der Anfrage ist zu groß", "De inhoud van het verzoek is te groot",
    )),
    ("uri-too-long", 414, ("server", "proxy"), (
        "URI Too Long", "URI:n är för lång", "URI'en er for lang", "URI zu lang", "URI te lang",
    )),
    ("unsupported-media-type", 415, ("api",), (
        "Unsupported Media Type", "Medietypen stöds inte", "Medietypen understøttes ikke",
        "Nicht unterstützter Medientyp", "Mediatype niet ondersteund",
    )),
    ("expectation-failed", 417, ("server",), (
        "Expectation Failed", "Förväntan kunde inte uppfyllas", "Forventningen kunne ikke opfyldes",
        "Erwartung nicht erfüllt", "Verwachting niet vervuld",
    )),
    ("answer-too-large", 422, ("api",), (
        "The answer would be too large", "Svaret skulle bli för stort", "Svaret ville blive for stort",
        "Die Antwort wäre zu groß", "Het antwoord zou te groot worden",
    )),
    ("table-too-wide", 422, ("api",), (
        "Too many players for a crosstable sheet", "För många spelare för en korstabell",
        "For mange spillere til en krydstabel", "Zu viele Spieler für eine Kreuztabelle",
        "Te veel spelers voor een kruistabel",
    )),
    ("rate-limited", 429, ("proxy",), (
        "Too Many Requests", "För många begäranden", "For mange forespørgsler", "Zu viele Anfragen",
        "Te veel verzoeken",
    )),
    ("headers-too-large", 431, ("server",), (
        "Request Header Fields Too Large", "Begärans huvudfält är för stora", "Forespørgslens headere er for store",
        "Header-Felder der Anfrage zu groß", "Headervelden van het verzoek te groot",
    )),
    ("internal-error", 500, ("api", "server"), (
        "Internal Server Error", "Internt serverfel", "Intern serverfejl", "Interner Serverfehler",
        "Interne serverfout",
    )),
    ("unsupported-transfer-coding", 501, ("api", "server", "proxy"), (
        "Not Implemented", "Inte implementerat", "Ikke implementeret", "Nicht implementiert", "Niet geïmplementeerd",
    )),
    ("not-ready", 503, ("api", "proxy"), (
        "Not ready", "Inte redo", "Ikke klar", "Nicht bereit", "Niet gereed",
    )),
    ("http-version-not-supported", 505, ("proxy",), (
        "HTTP Version Not Supported", "HTTP-versionen stöds inte", "HTTP-versionen understøttes ikke",
        "HTTP-Version nicht unterstützt", "HTTP-versie niet ondersteund",
    )),
)  # fmt: skip


def _registry() -> dict[str, ProblemType]:
    table = {
        kind.slug: ProblemType(kind.slug, 422, {lang: title(kind, lang) for lang in LANGUAGES}, ("core",))
        for kind in CORE_KINDS
    }
    for slug, status, origins, titles in _OTHERS:
        table[slug] = ProblemType(slug, status, dict(zip(LANGUAGES, titles, strict=True)), origins)
    return table


PROBLEM_TYPES: Mapping[str, ProblemType] = MappingProxyType(_registry())
"""Every problem type, by slug."""

# The framework's errors by status, in the service's own types (werkzeug's HTTPException).
HTTP_TYPES: Mapping[int, str] = MappingProxyType(
    {
        400: "unreadable-body",
        404: "not-found",
        405: "method-not-allowed",
        413: "body-too-large",
        415: "unsupported-media-type",
        501: "unsupported-transfer-coding",
    }
)
# gunicorn's refusals of what it cannot parse, by status (service/gunicorn_conf.py).
SERVER_TYPES: Mapping[int, str] = MappingProxyType(
    {400: "unreadable-request", 403: "forbidden-request", 408: "request-timeout", 414: "uri-too-long",
     417: "expectation-failed", 431: "headers-too-large", 500: "internal-error", 501: "unsupported-transfer-coding"}
)  # fmt: skip
