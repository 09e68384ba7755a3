"""The core is pure: nothing under service/core imports the web layer (or anything outside the stdlib)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "service" / "core"
WEB = {"flask", "marshmallow", "werkzeug", "jsonschema_rs", "gunicorn", "yaml", "orjson", "cryptography"}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
            if node.module.startswith("service.api") or node.module == "service":
                names.add("service.api")
    return names


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
