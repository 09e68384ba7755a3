"""The details of a 400 ``contract-violation`` in five languages: one template per kind of
validator error, data as the core's refusals are.

:mod:`service.api.contract` explains each error of the schema validation by its kind
(``required``, ``type``, ``enum``, ``maxItems``...) as a :class:`~service.core.refusals.Said` of
this module's keys, never as finished words; the answer says it in its language
(:func:`in_language`), the log and the exception's message in English (:func:`english`). The
values stay as the contract and the body have them: JSON pointers, member names, the contract's
types, options, patterns and limits, quoted as JSON; a value from the body is described by its
kind and size (``value_string``: "a string of 13 characters"), never quoted. ``_or`` joins the
types a member may have. ``tests/api/test_problem_languages.py`` holds every language to the
same keys and placeholders.
"""

from __future__ import annotations

from typing import Any

from ...core.refusals import Said, say
from ...core.texts.refusals import said_as

CONTRACT_DETAILS: dict[str, dict[str, str]] = {
    "en": {
        "_or": " or ",
        "value_string_1": "a string of 1 character",
        "value_string": "a string of {count} characters",
        "value_array_1": "an array of 1 item",
        "value_array": "an array of {count} items",
        "value_object_1": "an object with 1 member",
        "value_object": "an object with {count} members",
        "value_other": "a value",
        "type": "{value} is not of type {types}",
        "required": "{name} is a required property",
        "extra_named": "property {name} not allowed here{takes}",
        "extra_one": "1 property not allowed here{takes}",
        "extra_named_many": "{count} properties ({names}) not allowed here{takes}",
        "extra_many": "{count} properties not allowed here{takes}",
        "and_more": "{names} and {rest} more",
        "takes": " (this object takes: {names})",
        "enum": "{value} is not one of {options}",
        "const": "{expected} was expected, not {value}",
        "pattern": "{value} does not match {pattern}",
        "min_length": "{value} is shorter than {limit} characters",
        "max_length": "{value} is longer than {limit} characters",
        "min_items": "{value} has fewer than {limit} items",
        "max_items": "{value} has more than {limit} items",
        "minimum": "{value} is less than the minimum of {limit}",
        "maximum": "{value} is greater than the maximum of {limit}",
        "exclusive_minimum": "{value} is not greater than {limit}",
        "exclusive_maximum": "{value} is not less than {limit}",
        "unique_items": "{value} has repeated items",
        "one_of_none": "{value} matches none of the forms the 'oneOf' keyword lists",
        "one_of_many": "{value} matches more than one of the forms the 'oneOf' keyword lists",
        "any_of": "{value} matches none of the forms the 'anyOf' keyword lists",
        "other_rule": "{value} breaks the contract's {keyword} rule",
        "tag_missing": "{tag} is a required property (one of {tags})",
        "tag_unknown": "{tag} is one of {tags}, not {value}",
        "not_json": "the body is not valid JSON (line {line}, column {column})",
        "too_deep": "the body nests arrays and objects more than {most} levels deep",
        "lang_parameter": "the query parameter lang is one of {languages}",
    },
    "sv": {
        "_or": " eller ",
        "value_string_1": "en sträng med 1 tecken",
        "value_string": "en sträng med {count} tecken",
        "value_array_1": "en lista med 1 element",
        "value_array": "en lista med {count} element",
        "value_object_1": "ett objekt med 1 egenskap",
        "value_object": "ett objekt med {count} egenskaper",
        "value_other": "ett värde",
        "type": "{value} är inte av typen {types}",
        "required": "{name} är en obligatorisk egenskap",
        "extra_named": "egenskapen {name} är inte tillåten här{takes}",
        "extra_one": "1 egenskap är inte tillåten här{takes}",
        "extra_named_many": "{count} egenskaper ({names}) är inte tillåtna här{takes}",
        "extra_many": "{count} egenskaper är inte tillåtna här{takes}",
        "and_more": "{names} och {rest} till",
        "takes": " (det här objektet tar: {names})",
        "enum": "{value} är inte något av {options}",
        "const": "{expected} förväntades, inte {value}",
        "pattern": "{value} stämmer inte med mönstret {pattern}",
        "min_length": "{value} är kortare än {limit} tecken",
        "max_length": "{value} är längre än {limit} tecken",
        "min_items": "{value} har färre än {limit} element",
        "max_items": "{value} har fler än {limit} element",
        "minimum": "{value} är mindre än minimivärdet {limit}",
        "maximum": "{value} är större än maxvärdet {limit}",
        "exclusive_minimum": "{value} är inte större än {limit}",
        "exclusive_maximum": "{value} är inte mindre än {limit}",
        "unique_items": "{value} har upprepade element",
        "one_of_none": "{value} passar ingen av formerna som nyckelordet 'oneOf' räknar upp",
        "one_of_many": "{value} passar mer än en av formerna som nyckelordet 'oneOf' räknar upp",
        "any_of": "{value} passar ingen av formerna som nyckelordet 'anyOf' räknar upp",
        "other_rule": "{value} bryter mot kontraktets regel {keyword}",
        "tag_missing": "{tag} är en obligatorisk egenskap (något av {tags})",
        "tag_unknown": "{tag} är något av {tags}, inte {value}",
        "not_json": "innehållet är inte giltig JSON (rad {line}, kolumn {column})",
        "too_deep": "innehållet nästlar listor och objekt mer än {most} nivåer djupt",
        "lang_parameter": "frågeparametern lang är något av {languages}",
    },
    "da": {
        "_or": " eller ",
        "value_string_1": "en streng på 1 tegn",
        "value_string": "en streng på {count} tegn",
        "value_array_1": "en liste med 1 element",
        "value_array": "en liste med {count} elementer",
        "value_object_1": "et objekt med 1 egenskab",
        "value_object": "et objekt med {count} egenskaber",
        "value_other": "en værdi",
        "type": "{value} er ikke af typen {types}",
        "required": "{name} er en påkrævet egenskab",
        "extra_named": "egenskaben {name} er ikke tilladt her{takes}",
        "extra_one": "1 egenskab er ikke tilladt her{takes}",
        "extra_named_many": "{count} egenskaber ({names}) er ikke tilladt her{takes}",
        "extra_many": "{count} egenskaber er ikke tilladt her{takes}",
        "and_more": "{names} og {rest} mere",
        "takes": " (dette objekt tager: {names})",
        "enum": "{value} er ikke en af {options}",
        "const": "{expected} var ventet, ikke {value}",
        "pattern": "{value} passer ikke til mønsteret {pattern}",
        "min_length": "{value} er kortere end {limit} tegn",
        "max_length": "{value} er længere end {limit} tegn",
        "min_items": "{value} har færre end {limit} elementer",
        "max_items": "{value} har flere end {limit} elementer",
        "minimum": "{value} er mindre end minimum {limit}",
        "maximum": "{value} er større end maksimum {limit}",
        "exclusive_minimum": "{value} er ikke større end {limit}",
        "exclusive_maximum": "{value} er ikke mindre end {limit}",
        "unique_items": "{value} har gentagne elementer",
        "one_of_none": "{value} passer til ingen af de former, nøgleordet 'oneOf' opregner",
        "one_of_many": "{value} passer til mere end én af de former, nøgleordet 'oneOf' opregner",
        "any_of": "{value} passer til ingen af de former, nøgleordet 'anyOf' opregner",
        "other_rule": "{value} bryder kontraktens regel {keyword}",
        "tag_missing": "{tag} er en påkrævet egenskab (en af {tags})",
        "tag_unknown": "{tag} er en af {tags}, ikke {value}",
        "not_json": "indholdet er ikke gyldig JSON (linje {line}, kolonne {column})",
        "too_deep": "indholdet indlejrer lister og objekter mere end {most} niveauer dybt",
        "lang_parameter": "forespørgselsparameteren lang er en af {languages}",
    },
    "de": {
        "_or": " oder ",
        "value_string_1": "eine Zeichenkette mit 1 Zeichen",
        "value_string": "eine Zeichenkette mit {count} Zeichen",
        "value_array_1": "eine Liste mit 1 Eintrag",
        "value_array": "eine Liste mit {count} Einträgen",
        "value_object_1": "ein Objekt mit 1 Eigenschaft",
        "value_object": "ein Objekt mit {count} Eigenschaften",
        "value_other": "ein Wert",
        "type": "{value} ist nicht vom Typ {types}",
        "required": "{name} ist eine Pflichteigenschaft",
        "extra_named": "die Eigenschaft {name} ist hier nicht erlaubt{takes}",
        "extra_one": "1 Eigenschaft ist hier nicht erlaubt{takes}",
        "extra_named_many": "{count} Eigenschaften ({names}) sind hier nicht erlaubt{takes}",
        "extra_many": "{count} Eigenschaften sind hier nicht erlaubt{takes}",
        "and_more": "{names} und {rest} weitere",
        "takes": " (dieses Objekt nimmt: {names})",
        "enum": "{value} ist keiner der Werte {options}",
        "const": "{expected} wurde erwartet, nicht {value}",
        "pattern": "{value} passt nicht zum Muster {pattern}",
        "min_length": "{value} ist kürzer als {limit} Zeichen",
        "max_length": "{value} ist länger als {limit} Zeichen",
        "min_items": "{value} hat weniger als {limit} Einträge",
        "max_items": "{value} hat mehr als {limit} Einträge",
        "minimum": "{value} ist kleiner als das Minimum von {limit}",
        "maximum": "{value} ist größer als das Maximum von {limit}",
        "exclusive_minimum": "{value} ist nicht größer als {limit}",
        "exclusive_maximum": "{value} ist nicht kleiner als {limit}",
        "unique_items": "{value} hat wiederholte Einträge",
        "one_of_none": "{value} passt zu keiner der Formen, die das Schlüsselwort 'oneOf' aufzählt",
        "one_of_many": "{value} passt zu mehr als einer der Formen, die das Schlüsselwort 'oneOf' aufzählt",
        "any_of": "{value} passt zu keiner der Formen, die das Schlüsselwort 'anyOf' aufzählt",
        "other_rule": "{value} verletzt die Regel {keyword} des Vertrags",
        "tag_missing": "{tag} ist eine Pflichteigenschaft (einer der Werte {tags})",
        "tag_unknown": "{tag} ist einer der Werte {tags}, nicht {value}",
        "not_json": "der Inhalt ist kein gültiges JSON (Zeile {line}, Spalte {column})",
        "too_deep": "der Inhalt verschachtelt Listen und Objekte tiefer als {most} Ebenen",
        "lang_parameter": "der Abfrageparameter lang ist einer der Werte {languages}",
    },
    "nl": {
        "_or": " of ",
        "value_string_1": "een tekenreeks van 1 teken",
        "value_string": "een tekenreeks van {count} tekens",
        "value_array_1": "een lijst van 1 element",
        "value_array": "een lijst van {count} elementen",
        "value_object_1": "een object met 1 eigenschap",
        "value_object": "een object met {count} eigenschappen",
        "value_other": "een waarde",
        "type": "{value} is niet van het type {types}",
        "required": "{name} is een verplichte eigenschap",
        "extra_named": "de eigenschap {name} is hier niet toegestaan{takes}",
        "extra_one": "1 eigenschap is hier niet toegestaan{takes}",
        "extra_named_many": "{count} eigenschappen ({names}) zijn hier niet toegestaan{takes}",
        "extra_many": "{count} eigenschappen zijn hier niet toegestaan{takes}",
        "and_more": "{names} en nog {rest}",
        "takes": " (dit object neemt: {names})",
        "enum": "{value} is geen van {options}",
        "const": "{expected} werd verwacht, niet {value}",
        "pattern": "{value} past niet bij het patroon {pattern}",
        "min_length": "{value} is korter dan {limit} tekens",
        "max_length": "{value} is langer dan {limit} tekens",
        "min_items": "{value} heeft minder dan {limit} elementen",
        "max_items": "{value} heeft meer dan {limit} elementen",
        "minimum": "{value} is kleiner dan het minimum van {limit}",
        "maximum": "{value} is groter dan het maximum van {limit}",
        "exclusive_minimum": "{value} is niet groter dan {limit}",
        "exclusive_maximum": "{value} is niet kleiner dan {limit}",
        "unique_items": "{value} heeft herhaalde elementen",
        "one_of_none": "{value} past bij geen van de vormen die het sleutelwoord 'oneOf' opsomt",
        "one_of_many": "{value} past bij meer dan één van de vormen die het sleutelwoord 'oneOf' opsomt",
        "any_of": "{value} past bij geen van de vormen die het sleutelwoord 'anyOf' opsomt",
        "other_rule": "{value} overtreedt de regel {keyword} van het contract",
        "tag_missing": "{tag} is een verplichte eigenschap (een van {tags})",
        "tag_unknown": "{tag} is een van {tags}, niet {value}",
        "not_json": "de inhoud is geen geldige JSON (regel {line}, kolom {column})",
        "too_deep": "de inhoud nest lijsten en objecten dieper dan {most} niveaus",
        "lang_parameter": "de queryparameter lang is een van {languages}",
    },
}


def said(key: str, **params: Any) -> Said:
    """The contract detail ``key`` with its values (a key of :data:`CONTRACT_DETAILS`, checked here)."""
    if key not in CONTRACT_DETAILS["en"]:
        raise KeyError(f"no contract detail {key!r}: add its templates to service/api/wire/contract_texts.py")
    return Said(key, params)


def in_language(words: Said | str, lang: str) -> str:
    """A detail in ``lang`` (text given as it is, such as a test's, is kept). A rule's refusal
    listed behind the contract's errors (:mod:`service.api.event_checks`) is said as the rules say it."""
    if isinstance(words, str):
        return words
    return say(words, CONTRACT_DETAILS[lang]) if words.key in CONTRACT_DETAILS[lang] else said_as(words, lang)


def english(words: Said | str) -> str:
    return in_language(words, "en")
