"""Reading ``openapi.yaml``'s examples: inline (``value``) or shared (``$ref`` to components/examples)."""

from __future__ import annotations

from typing import Any


def example_value(document: dict[str, Any], example: dict[str, Any]) -> Any:
    """An example's value, following a ``$ref`` into ``components/examples``."""
    if "$ref" in example:
        example = document["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]
    return example["value"]
