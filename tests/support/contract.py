"""Reading ``openapi.yaml``: the document, and its examples, inline (``value``) or shared (``$ref`` to
components/examples)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

OPENAPI = Path(__file__).resolve().parents[2] / "openapi.yaml"


def openapi_document() -> dict[str, Any]:
    """``openapi.yaml`` parsed afresh (the caller may change it) by libyaml, as the service parses it: PyYAML's
    pure-Python loader took 1.5 s of CPU for it, and several test modules read it when pytest collects them."""
    document: dict[str, Any] = yaml.load(OPENAPI.read_text(), Loader=yaml.CSafeLoader)
    return document


def example_value(document: dict[str, Any], example: dict[str, Any]) -> Any:
    """An example's value, following a ``$ref`` into ``components/examples``."""
    if "$ref" in example:
        example = document["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]
    return example["value"]
