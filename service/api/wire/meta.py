"""Wire shapes of the operations endpoints: health, readiness, the variants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.rules import Rules
from . import encoder
from .common import rules


@encoder("Health")
def health() -> dict[str, Any]:
    return {"status": "ok"}


@encoder("Readiness")
def readiness(checks: Mapping[str, str]) -> dict[str, Any]:
    return {"status": "ready", "checks": dict(checks)}


@encoder("Variant")
def variant(name: str, description: str, preset: Rules) -> dict[str, Any]:
    return {"name": name, "description": description, "rules": rules(preset)}


@encoder("VariantList")
def variant_list(presets: Sequence[tuple[str, str, Rules]], options: Sequence[str]) -> dict[str, Any]:
    return {"variants": [variant(*entry) for entry in presets], "options": list(options)}
