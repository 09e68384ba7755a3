"""Texts: score items' names and the spoken count in five languages (docs/texts.md).

:mod:`.phrases` builds the sentences; :mod:`.words` holds each language's vocabulary.
"""

from .phrases import LANGUAGES, choose_language, item_name, spoken_play, spoken_show

__all__ = ["LANGUAGES", "choose_language", "item_name", "spoken_play", "spoken_show"]
