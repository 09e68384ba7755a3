"""The refusals' templates in each language but English (the core's own), one module a language.

Data only; ``tests/core/texts/test_refusals.py`` holds every language to the English keys and
placeholders. Adding a language is adding a module here (and its words in :mod:`..words`).
"""

from . import da, de, nl, sv

REFUSALS_BY_LANGUAGE: dict[str, dict[str, str]] = {
    "sv": sv.TEMPLATES,
    "da": da.TEMPLATES,
    "de": de.TEMPLATES,
    "nl": nl.TEMPLATES,
}
