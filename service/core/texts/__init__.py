"""Texts in five languages (docs/texts.md): score items' names and the spoken count, the hints'
reasons, and the refusals' texts and titles.

:mod:`.phrases` builds the sentences; :mod:`.words` holds each language's vocabulary;
:mod:`.reasons` the hints' reasons; :mod:`.refusals` and :mod:`.refusal_words` every refusal.
"""

from .phrases import LANGUAGES, choose_language, item_name, spoken_play, spoken_show

__all__ = ["LANGUAGES", "choose_language", "item_name", "spoken_play", "spoken_show"]
