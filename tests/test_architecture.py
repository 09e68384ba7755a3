"""The core is pure: nothing under service/core imports the web layer (or anything outside the stdlib)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "service" / "core"
WEB = {"flask", "marshmallow", "werkzeug", "jsonschema_rs", "gunicorn", "yaml", "orjson", "cryptography"}


def _package(path: Path) -> list[str]:
    """The dotted package a module file lives in (``service/core/x.py``: service.core)."""
    return list(path.relative_to(CORE.parents[1]).parent.parts)


def _imports(path: Path, source: str | None = None) -> set[str]:
    """What a module imports: top-level names, plus ``service.api`` when it reaches the web
    layer in any spelling (``service.api...``, ``from service import api``, ``from ..api``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text() if source is None else source, str(path))):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _package(path)[: len(_package(path)) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            modules = [module] + [f"{module}.{alias.name}" for alias in node.names]
        else:
            continue
        for module in modules:
            names.add(module.split(".")[0])
            if module.startswith("service.api"):
                names.add("service.api")
    return names


def test_the_import_check_sees_relative_imports_of_the_web_layer() -> None:
    for line in ("from ..api.wire import common", "from .. import api", "from service import api",
                 "import service.api.app"):
        assert "service.api" in _imports(CORE / "record.py", line), line
        assert "service.api" in _imports(CORE / "players" / "levels.py", "from ... import api"), line
    assert "service.api" not in _imports(CORE / "record.py", "from .cards import Card\nfrom . import rules")


def test_core_imports_no_web_layer_and_only_the_standard_library() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert files
    for path in files:
        imported = _imports(path)
        assert not imported & WEB, (path.name, imported & WEB)
        assert "service.api" not in imported, path.name
        outside = {name for name in imported if name not in sys.stdlib_module_names and name != "service"}
        assert not outside, (path.name, outside)


def test_importing_the_core_loads_no_web_module() -> None:
    import subprocess

    code = ("import sys, service.core.show, service.core.pegging; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(WEB)!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=CORE.parents[1])
    assert out.stdout.strip() == "[]"


# A module is one concern a newcomer can read in a sitting (issue 10). Generated or pure-data
# modules (a table written by a script, a vocabulary) may be longer: they are data, not logic.
MAX_MODULE_LINES = 480
DATA_MODULES = {"texts_words.py", "crib_model_table.py", "keep_model_table.py", "win_table.py"}


def test_no_service_module_is_much_over_450_lines() -> None:
    service = CORE.parent
    long = {str(path.relative_to(service)): n for path in service.rglob("*.py")
            if path.name not in DATA_MODULES and (n := len(path.read_text().splitlines())) > MAX_MODULE_LINES}
    assert not long, f"split these by concern: {long}"


def test_every_benchmark_imports() -> None:
    # Benchmarks run by hand, not in CI: this keeps them from rotting when the code moves.
    import importlib

    for path in sorted((CORE.parents[1] / "benchmarks").glob("*.py")):
        importlib.import_module(f"benchmarks.{path.stem}")
