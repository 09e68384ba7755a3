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
    for line in (
        "from ...api.wire import common",
        "from ... import api",
        "from service import api",
        "import service.api.app",
    ):
        assert "service.api" in _imports(CORE / "game" / "record.py", line), line
        assert "service.api" in _imports(CORE / "computer" / "players" / "levels.py", "from .... import api"), line
    assert "service.api" not in _imports(CORE / "game" / "record.py", "from ..cards import Card\nfrom .. import rules")


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

    code = (
        "import sys, service.core.scoring.show, service.core.scoring.pegging; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(WEB)!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=CORE.parents[1])
    assert out.stdout.strip() == "[]"


def _unit(module: str) -> str:
    """The core unit a dotted module belongs to: a package (``game``), or ``cards`` for any of
    the base modules (peers of one layer, which may import each other)."""
    from service.core import LAYERS

    name = module.split(".")[2]
    return LAYERS[0][0] if name in LAYERS[0] else name


def _layers() -> dict[str, int]:
    from service.core import LAYERS

    return {_unit(f"service.core.{unit}"): depth for depth, units in enumerate(LAYERS) for unit in units}


def _wrong_way(path: Path, source: str | None = None) -> list[str]:
    """The imports of the core module at ``path`` (or of ``source`` as if it were there) that
    reach a package of its own layer or one below it."""
    layer = _layers()
    own = _unit(".".join(path.relative_to(CORE.parents[1]).with_suffix("").parts))
    wrong = []
    for node in ast.walk(ast.parse(path.read_text() if source is None else source, str(path))):
        if isinstance(node, ast.ImportFrom):
            base = _package(path)[: len(_package(path)) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            targets = [module] if node.module else [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        for target in targets:
            if target.startswith("service.core.") and (unit := _unit(target)) != own and layer[unit] >= layer[own]:
                wrong.append(f"{path.relative_to(CORE)} imports {target} (layer {layer[unit]} >= {layer[own]})")
    return wrong


def test_the_core_packages_depend_one_way() -> None:
    from service.core import LAYERS

    found = {
        path.stem if path.parent == CORE else path.relative_to(CORE).parts[0]
        for path in CORE.rglob("*.py")
        if path != CORE / "__init__.py"
    }
    assert found == {unit for units in LAYERS for unit in units}, "every base module and package has a layer"
    wrong = [line for path in sorted(CORE.rglob("*.py")) if path != CORE / "__init__.py" for line in _wrong_way(path)]
    assert not wrong, "\n".join(wrong)


def test_the_layer_check_refuses_an_import_upward_or_between_peers() -> None:
    engine = CORE / "game" / "engine.py"
    assert _wrong_way(engine, "from ..computer.play import choose\n")  # upward
    assert _wrong_way(engine, "from service.core.tournaments import standings\n")  # a peer of game
    assert _wrong_way(CORE / "scoring" / "show.py", "from ..texts import phrases\n")  # a peer of scoring
    assert not _wrong_way(engine, "from ..scoring.match import MatchRules\nfrom .state import GameState\n")
    assert not _wrong_way(CORE / "cards.py", "from .errors import CribbageError\n")  # the base's modules are one


def test_no_package_hides_a_module_behind_a_value_of_the_same_name() -> None:
    # `from .review import review` in a package's __init__ makes `from package import review`
    # the function, not the module: a trap for every importer.
    import importlib

    for init in sorted(CORE.rglob("__init__.py")):
        package = importlib.import_module(".".join(init.parent.relative_to(CORE.parents[1]).parts))
        modules = {path.stem for path in init.parent.glob("*.py")} | {
            p.name for p in init.parent.iterdir() if p.is_dir()
        }
        assert not modules & set(getattr(package, "__all__", ())), (package.__name__, modules & set(package.__all__))


# A module is one concern a newcomer can read in a sitting. Generated or pure-data
# modules (a table written by a script, a vocabulary) may be longer: they are data, not logic.
MAX_MODULE_LINES = 520  # as ruff format lays it out (it spreads a long call over lines: about 4% more)
DATA_MODULES = {"words.py", "crib_model_table.py", "keep_model_table.py", "pegging_table.py", "win_table.py"}


def test_no_service_module_is_much_over_500_lines() -> None:
    service = CORE.parent
    long = {
        str(path.relative_to(service)): n
        for path in service.rglob("*.py")
        if path.name not in DATA_MODULES and (n := len(path.read_text().splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"split these by concern: {long}"


def test_every_script_imports() -> None:
    # The scripts run by hand, not in CI (benchmarks, research, the table builders): importing
    # each keeps it from rotting when the code moves.
    import importlib

    root = CORE.parents[1]
    for folder in ("benchmarks", "research", "tools"):
        for path in sorted((root / folder).rglob("*.py")):
            if path.name != "__init__.py":
                importlib.import_module(".".join(path.relative_to(root).with_suffix("").parts))


def test_no_test_imports_a_benchmark_or_research() -> None:
    # What tests share with the scripts lives in tests/support (the scripts import it); the
    # table builders (tools.tables) are what some tests check, so those may be imported.
    tests = CORE.parents[1] / "tests"
    found = {
        str(path.relative_to(tests)): sorted(names)
        for path in sorted(tests.rglob("*.py"))
        if (names := _imports(path) & {"benchmarks", "research"})
    }
    assert not found, f"move what these need into tests/support: {found}"
