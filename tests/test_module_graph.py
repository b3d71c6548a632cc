"""The shape of the screen code, read from its import statements (``ast``, nothing is run).

- Screens (``companion.views``) and game panels (``companion.panels``) never import the app
  (``companion.app``): the app builds the screens and hands them what they need
  (``views.context.AppContext``), so there is no app ↔ views import circle.
- Each game's screen lives in ``companion/panels/<game>/``, named like its rules package
  ``rules/<game>/``; the flat modules of ``companion/panels`` are the shared kit only.
- A game's panel imports no other game's panel and no other game's rules; the shared kit
  imports no game at all.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PANELS = ROOT / "companion" / "panels"
VIEWS = ROOT / "companion" / "views"


def _games() -> list[str]:
    """The rules packages that are games (each has a rule index)."""
    return sorted(p.parent.name for p in (ROOT / "rules").glob("*/rule_index.toml"))


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, root: Path = ROOT) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every module ``path`` imports, relative imports made absolute;
    ``from package import name`` yields both ``package`` and ``package.name`` (the name may
    be a submodule). Imports under ``if TYPE_CHECKING:`` count too."""
    name = _module_name(path, root)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target
            for alias in node.names:
                yield node.lineno, f"{target}.{alias.name}"


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _sources(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_views_and_panels_never_import_the_app() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for folder in (VIEWS, PANELS)
        for path in _sources(folder)
        for line, module in imported_modules(path)
        if _within(module, "companion.app")
    ]
    assert not found, "\n".join(found)


def test_each_game_panel_is_a_package_named_like_its_rules() -> None:
    games = _games()
    assert len(games) == 5, games
    missing = [g for g in games if not (PANELS / g / "__init__.py").is_file()]
    assert not missing, f"games without companion/panels/<game>/: {missing}"
    # The flat modules are the kit every game shares; a game's module there is misplaced.
    flat = sorted(p.stem for p in PANELS.glob("*.py"))
    misplaced = [m for m in flat if any(m.startswith(g.split("_")[0]) for g in games)]
    assert not misplaced, f"game modules outside their package: {misplaced}"
    from companion.panels import PANELS as REGISTRY
    from companion.panels import START_PICTURES
    from rules.registry import _MODULES as RULES

    for slug, spec in [*REGISTRY.items(), *START_PICTURES.items()]:
        package = RULES[slug].removeprefix("rules.")
        assert spec.startswith(f"companion.panels.{package}:") or spec.startswith(
            f"companion.panels.{package}."
        ), (slug, spec)


def test_no_game_panel_imports_another_game() -> None:
    games = _games()
    found: list[str] = []
    for path in _sources(PANELS):
        inside = path.relative_to(PANELS).parts
        own = inside[0] if len(inside) > 1 else None  # None: the shared kit
        for line, module in imported_modules(path):
            for other in games:
                if other == own:
                    continue
                for root in (f"companion.panels.{other}", f"rules.{other}"):
                    if _within(module, root):
                        found.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not found, "\n".join(found)


def test_the_import_reader_resolves_relative_and_guarded_imports(tmp_path: Path) -> None:
    """The reader the checks above rely on makes ``..`` absolute and sees imports under
    ``if TYPE_CHECKING:``."""
    folder = tmp_path / "companion" / "views"
    folder.mkdir(parents=True)
    source = folder / "sample.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from .. import theme\n"
        "from ..panels.grimheim import map\n"
        "if TYPE_CHECKING:\n"
        "    from ..app import Shell\n"
    )
    modules = {m for _, m in imported_modules(source, tmp_path)}
    assert {"companion.theme", "companion.panels.grimheim.map", "companion.app"} <= modules
