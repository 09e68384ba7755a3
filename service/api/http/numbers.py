"""Integers as the contract counts them: ``1.0``, ``1E0`` and ``-0.0`` are integers too."""

from __future__ import annotations

from typing import Any

# Every digit read as 0, so that one search finds a number written with a fraction or an
# exponent: such a token always has a digit right before its ".", "e" or "E".
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_SMALL_BODY = 4096  # below this, walking the parsed body costs less than searching its bytes


def integral(raw: bytes, data: Any) -> Any:
    """``data`` (parsed from ``raw``) with every integral float made an ``int``, in place.

    JSON Schema counts ``1.0``, ``1E0`` and ``-0.0`` as integers, so the contract lets them
    through where it asks for an integer; the core takes them as the integers they are (a float
    seat indexed a tuple: a 500). No request schema has a ``number`` that is not an integer (a
    test holds the contract to that), and a float that is not integral (or too large for any
    integer the contract takes) is left as it is for the contract to refuse (the items of a batch are checked one by one, after the body). A large
    body without such a token (a tournament's games) is not walked: the search costs about 1%
    of loading it, the walk about 20%.
    """
    if len(raw) > _SMALL_BODY:
        digits = raw.translate(_DIGITS_AS_ZERO)
        if b"0." not in digits and b"0e" not in digits and b"0E" not in digits:
            return data
    return _integral(data)


def _integral(value: Any) -> Any:
    kind = type(value)
    if kind is float:
        # Past 2**63 no integer the contract takes (each has a maximum) and none orjson writes.
        return int(value) if value.is_integer() and -_INT64 <= value < _INT64 else value
    if kind is dict:
        for key, item in value.items():
            if type(item) in _CONTAINERS_AND_FLOAT:
                value[key] = _integral(item)
    elif kind is list:
        for index, item in enumerate(value):
            if type(item) in _CONTAINERS_AND_FLOAT:
                value[index] = _integral(item)
    return value


_CONTAINERS_AND_FLOAT = frozenset({float, dict, list})
_INT64 = 2.0**63
