"""The engine, the computer players and the learning state stay framework-free: no module of
tutor/engine, tutor/bots or tutor/learning imports Flask, Babel, Werkzeug, Jinja2 or the web layer
(checked on the syntax tree, so that a lazy import inside a function counts); tutor/learning also
touches no database and no translations (it computes from the attempts it is handed).
The web layer is one package per feature: no feature imports another, and ``shared`` imports none."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "tutor" / "engine"
FORBIDDEN = ("flask", "flask_babel", "flask_wtf", "flask_sqlalchemy", "babel", "werkzeug", "jinja2", "tutor.web")
BOTS = ENGINE.parent / "bots"
MODULES = sorted(ENGINE.rglob("*.py"))
BOT_MODULES = sorted(BOTS.rglob("*.py"))
LEARNING = ENGINE.parent / "learning"
LEARNING_MODULES = sorted(LEARNING.rglob("*.py"))
LEARNING_FORBIDDEN = ("sqlalchemy", "tutor.models", "tutor.i18n")


def imported_names(path: Path, package: str | None = None) -> list[str]:
    """Every module named by an import statement in ``path`` (relative imports resolved against
    ``package``, by default the file's own package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    if package is None:
        package = ".".join(path.relative_to(ENGINE.parents[1]).with_suffix("").parts[:-1])
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.append(module)
            names.extend(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" and node.args:
            if isinstance(node.args[0], ast.Constant):
                names.append(str(node.args[0].value))
    return names


def is_forbidden(name: str) -> bool:
    return any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN)


def test_the_engine_has_modules():
    assert {p.name for p in MODULES} >= {"cards.py", "state.py", "rules.py", "match.py", "notation.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_engine_module_imports_no_web_framework(path):
    bad = [name for name in imported_names(path) if is_forbidden(name)]
    assert not bad, f"{path.name} imports {bad}"


def test_the_bots_have_modules():
    assert {p.name for p in BOT_MODULES} >= {"__init__.py", "reasons.py", "beginner.py", "strong.py", "senas.py"}


@pytest.mark.parametrize("path", BOT_MODULES, ids=lambda p: p.name)
def test_bots_module_imports_no_web_framework(path):
    bad = [name for name in imported_names(path) if is_forbidden(name)]
    assert not bad, f"bots/{path.name} imports {bad}"


def test_the_learning_package_has_modules():
    assert {p.name for p in LEARNING_MODULES} >= {"__init__.py", "attempts.py", "lessons.py", "schedule.py",
                                                   "stats.py", "topics.py"}


@pytest.mark.parametrize("path", LEARNING_MODULES, ids=lambda p: p.name)
def test_learning_module_imports_no_web_framework_and_no_database(path):
    bad = [name for name in imported_names(path) if is_forbidden(name)
           or any(name == other or name.startswith(other + ".") for other in LEARNING_FORBIDDEN)]
    assert not bad, f"learning/{path.name} imports {bad}"


def test_the_checker_sees_forbidden_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import flask\nfrom babel.support import Translations\nfrom .cards import Card\n"
        "def f():\n    from jinja2 import Template\n    from ..web import htmx\n    __import__('werkzeug')\n",
        encoding="utf-8",
    )
    names = imported_names(probe, package="tutor.engine")
    assert sorted({n.split(".")[0] if not n.startswith("tutor") else ".".join(n.split(".")[:2]) for n in names
                   if is_forbidden(n)}) == ["babel", "flask", "jinja2", "tutor.web", "werkzeug"]
    assert "tutor.engine.cards" in names and not is_forbidden("tutor.engine.cards")


def test_importing_the_engine_loads_no_web_framework():
    """Import the engine, the bots and the learning package in a fresh interpreter with a bare ``tutor``
    package (the real one builds the Flask app), then list the framework modules that got loaded:
    there must be none."""
    import subprocess
    import sys

    code = (
        "import sys, types\n"
        f"pkg = types.ModuleType('tutor'); pkg.__path__ = [{str(ENGINE.parent)!r}]; sys.modules['tutor'] = pkg\n"
        "import tutor.engine, tutor.engine.notation, tutor.engine.match, tutor.engine.state\n"
        "import tutor.bots, tutor.bots.strong, tutor.bots.senas\n"
        "import tutor.learning, tutor.learning.schedule\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'babel', 'werkzeug', 'jinja2', 'sqlalchemy')"
        " or m.startswith('tutor.web') or m in ('tutor.models', 'tutor.i18n')]\n"
        "print(bad, len([m for m in sys.modules if m.startswith('tutor.engine.')]),"
        " len([m for m in sys.modules if m.startswith('tutor.bots.')]),"
        " len([m for m in sys.modules if m.startswith('tutor.learning.')]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("]")[0] == "["
    engine, bots, learning = map(int, out.stdout.split("]")[1].split())
    assert engine >= 8 and bots >= 5 and learning >= 5  # the modules were really imported


# --- The web layer: one package per feature, none importing another ----------------------------------

WEB = ENGINE.parent / "web"
FEATURES = sorted(p.name for p in WEB.iterdir() if p.is_dir() and (p / "__init__.py").is_file() and p.name not in ("shared", "components"))


def feature_of(name: str) -> str | None:
    """The feature package a module name belongs to (``tutor.web.lessons.text`` -> ``lessons``), or None."""
    parts = name.split(".")
    if parts[:2] == ["tutor", "web"] and len(parts) > 2 and parts[2] in FEATURES:
        return parts[2]
    return None


def test_the_web_layer_has_its_feature_packages():
    assert set(FEATURES) >= {"api", "core", "device", "envido", "lessons"}
    assert (WEB / "shared" / "__init__.py").is_file()
    assert not [p.name for p in WEB.glob("*.py") if p.name != "__init__.py"], "every web module lives in a package"


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_imports_no_other_feature(feature):
    paths = sorted((WEB / feature).rglob("*.py"))
    assert paths
    bad = {f"{path.relative_to(WEB)}: {name}" for path in paths for name in imported_names(path)
           if feature_of(name) not in (None, feature)}
    assert not bad, f"tutor.web.{feature} imports other features: {sorted(bad)}"


@pytest.mark.parametrize("package", ["shared", "components"])
def test_shared_and_components_import_no_feature(package):
    bad = {f"{path.relative_to(WEB)}: {name}" for path in sorted((WEB / package).rglob("*.py"))
           for name in imported_names(path) if feature_of(name)}
    assert not bad, f"tutor.web.{package} imports features: {sorted(bad)}"


def test_shared_imports_no_component():
    """``shared`` is plumbing: the components build on it, never the other way round."""
    bad = {f"{path.relative_to(WEB)}: {name}" for path in sorted((WEB / "shared").rglob("*.py"))
           for name in imported_names(path) if name.startswith("tutor.web.components")}
    assert not bad, f"tutor.web.shared imports components: {sorted(bad)}"


def test_the_feature_checker_sees_a_sibling_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from ..envido import views\nfrom ..shared.htmx import render_block\nimport tutor.web.api\n"
                     "from . import progress\n", encoding="utf-8")
    names = imported_names(probe, package="tutor.web.lessons")
    assert {feature_of(n) for n in names} == {"envido", "api", "lessons", None}


# --- The store: one package, below the web layer; its fold is pure ----------------------------------

STORE = ENGINE.parent / "store"


def test_the_store_imports_no_web_layer():
    bad = {f"{path.name}: {name}" for path in sorted(STORE.rglob("*.py")) for name in imported_names(path)
           if name == "tutor.web" or name.startswith("tutor.web.")}
    assert not bad, f"tutor.store imports the web layer: {sorted(bad)}"


def test_the_stores_fold_is_pure():
    """``tutor.store.projection`` folds attempts into what pages read: no database, no framework."""
    bad = [name for name in imported_names(STORE / "projection.py")
           if is_forbidden(name) or name.split(".")[0] == "sqlalchemy" or name.startswith("tutor.store.")]
    assert not bad, f"store/projection.py imports {bad}"


def test_only_the_store_touches_the_database():
    """Features reach the database through ``tutor.store``, never SQLAlchemy themselves."""
    web = sorted((ENGINE.parent / "web").rglob("*.py"))
    bad = {f"{path.relative_to(ENGINE.parent)}: {name}" for path in web for name in imported_names(path)
           if name.split(".")[0] in ("sqlalchemy", "flask_sqlalchemy")}
    assert not bad, f"the web layer uses SQLAlchemy directly: {sorted(bad)}"
