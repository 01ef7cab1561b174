"""The engine, the computer players and the learning state stay framework-free: no module of
tutor/engine, tutor/bots or tutor/learning imports Flask, Babel, Werkzeug, Jinja2 or the web layer
(checked on the syntax tree, so that a lazy import inside a function counts); tutor/learning also
touches no database and no translations (it computes from the attempts it is handed).
The narration (tutor/narration) and the core of tutor/i18n translate with Babel but import no web
framework and nothing of the web layer, so the command line and the tools use them without an app.
The web layer is one package per feature: no feature imports another, ``shared`` (plumbing) imports
no component and no feature, the components import no feature; and a feature's templates use only
the template globals of their own feature, of the components and of ``shared``."""

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


# --- The narration and the i18n core: Babel, but no web framework -----------------------------------

NARRATION = ENGINE.parent / "narration"
NARRATION_MODULES = sorted(NARRATION.rglob("*.py"))
I18N = ENGINE.parent / "i18n"
WEB_FRAMEWORKS = ("flask", "werkzeug", "jinja2", "markupsafe", "tutor.web", "tutor.i18n.web")


def i18n_web_names() -> set[str]:
    """``tutor.i18n.LANG_PREFIX`` and the other names tutor.i18n hands out from its web half."""
    import tutor.i18n

    return {f"tutor.i18n.{name}" for name in tutor.i18n._WEB_NAMES}


def is_web(name: str) -> bool:
    """A web framework (Flask and every ``flask_*`` extension, Werkzeug, Jinja2, MarkupSafe), the web
    layer or the web half of tutor.i18n (also when imported through ``tutor.i18n``)."""
    return name.split(".")[0].startswith("flask_") or name in i18n_web_names() or any(
        name == bad or name.startswith(bad + ".") for bad in WEB_FRAMEWORKS)


def test_the_narration_has_modules():
    assert {p.name for p in NARRATION_MODULES} >= {"__init__.py", "events.py", "explain.py", "perspective.py",
                                                    "reasons.py", "words.py", "cards.py", "bots.py"}


@pytest.mark.parametrize("path", NARRATION_MODULES, ids=lambda p: p.name)
def test_narration_module_imports_no_web_framework(path):
    bad = [name for name in imported_names(path) if is_web(name)]
    assert not bad, f"narration/{path.name} imports {bad}"


def test_the_i18n_core_imports_no_web_framework():
    """tutor/i18n/__init__.py names its web half (tutor.i18n.web) only to hand out its names on demand
    (``__getattr__``, and for the type checker): no other web import, none at all at import time."""
    core = imported_names(I18N / "__init__.py")
    assert not [name for name in core if is_web(name) and not name.startswith("tutor.i18n.web")]
    assert "tutor.i18n.web" in core and "flask" in imported_names(I18N / "web.py")  # what the lines above spare


def test_the_web_checker_sees_web_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from babel.lists import format_list\nfrom tutor.i18n import gettext\nfrom tutor.engine.cards import Card\n"
        "from tutor.i18n import negotiate_language\ndef f():\n    from flask_wtf import FlaskForm\n    from markupsafe import Markup\n"
        "    from tutor.i18n.web import LANG_PREFIX\n    from ..web.shared import htmx\n    import jinja2\n",
        encoding="utf-8",
    )
    names = imported_names(probe, package="tutor.narration")
    assert {n for n in names if is_web(n)} == {
        "tutor.i18n.negotiate_language", "flask_wtf", "flask_wtf.FlaskForm", "markupsafe", "markupsafe.Markup", "tutor.i18n.web",
        "tutor.i18n.web.LANG_PREFIX", "tutor.web.shared", "tutor.web.shared.htmx", "jinja2"}
    assert not is_web("babel.lists.format_list") and not is_web("tutor.i18n.gettext")


def test_importing_the_narration_loads_no_web_framework():
    """Import the narration (every module), the i18n core and the command line in a fresh interpreter,
    with the real ``tutor`` package, translate a sentence in German, then list the web modules that got
    loaded: there must be none."""
    import subprocess
    import sys

    modules = ", ".join(f"tutor.narration.{p.stem}" for p in NARRATION_MODULES if p.stem != "__init__")
    code = (
        "import sys\n"
        f"import tutor.narration, tutor.i18n, tutor.cli, {modules}\n"
        "from tutor.engine.envido import envido\nfrom tutor.engine.cards import parse_cards\n"
        "with tutor.i18n.use_language('de'):\n"
        "    text = tutor.narration.explain_envido(envido(parse_cards('7o 6o 3b'))).headline\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug', 'jinja2', 'markupsafe')"
        " or m.startswith(('flask_', 'tutor.web', 'tutor.i18n.web'))]\n"
        "print(bad, len([m for m in sys.modules if m.startswith('tutor.narration.')]))\n"
        "print(text)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parents[1])
    first, text = out.stdout.splitlines()[:2]
    assert first.split("]")[0] == "["
    assert int(first.split("]")[1]) == len(NARRATION_MODULES) - 1  # the modules were really imported
    assert text.startswith("Das Envido")  # and translated, with no app


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
