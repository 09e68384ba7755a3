"""Every kind of game event and action the core defines, wherever it is defined.

The per-kind tables (visibility rules, wire encoders, contract components, the action table
and the request schemas) must each have one entry per kind; these lists are what they are held
against. Event kinds are found as subclasses of :class:`~service.core.events.Event` in every
module of ``service.core`` (a kind defined outside ``events.py`` counts too).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import service.core
from service.core.game import events


def core_event_kinds() -> set[type[events.Event]]:
    for module in pkgutil.walk_packages(service.core.__path__, "service.core."):
        importlib.import_module(module.name)
    found: set[type[events.Event]] = set()
    pending = list(events.Event.__subclasses__())
    while pending:
        kind = pending.pop()
        pending += kind.__subclasses__()
        # A test's own probe is not a kind; nor is the class ``@dataclass(slots=True)`` replaced
        # with a new one (it stays a subclass until collected): only what the module names.
        module = sys.modules.get(kind.__module__)
        if kind.__module__.startswith("service.core.") and getattr(module, kind.__qualname__, None) is kind:
            found.add(kind)
    return found
