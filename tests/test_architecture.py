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
import functools
import sys
from pathlib import Path
from typing import Any

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
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "__import__"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
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
    assert {p.name for p in LEARNING_MODULES} >= {
        "__init__.py",
        "attempts.py",
        "lessons.py",
        "schedule.py",
        "stats.py",
        "topics.py",
    }


@pytest.mark.parametrize("path", LEARNING_MODULES, ids=lambda p: p.name)
def test_learning_module_imports_no_web_framework_and_no_database(path):
    bad = [
        name
        for name in imported_names(path)
        if is_forbidden(name) or any(name == other or name.startswith(other + ".") for other in LEARNING_FORBIDDEN)
    ]
    assert not bad, f"learning/{path.name} imports {bad}"


def test_the_checker_sees_forbidden_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import flask\nfrom babel.support import Translations\nfrom .cards import Card\n"
        "def f():\n    from jinja2 import Template\n    from ..web import htmx\n    __import__('werkzeug')\n",
        encoding="utf-8",
    )
    names = imported_names(probe, package="tutor.engine")
    assert sorted(
        {n.split(".")[0] if not n.startswith("tutor") else ".".join(n.split(".")[:2]) for n in names if is_forbidden(n)}
    ) == ["babel", "flask", "jinja2", "tutor.web", "werkzeug"]
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
    return (
        name.split(".")[0].startswith("flask_")
        or name in i18n_web_names()
        or any(name == bad or name.startswith(bad + ".") for bad in WEB_FRAMEWORKS)
    )


def test_the_narration_has_modules():
    assert {p.name for p in NARRATION_MODULES} >= {
        "__init__.py",
        "events.py",
        "explain.py",
        "perspective.py",
        "reasons.py",
        "words.py",
        "cards.py",
        "bots.py",
    }


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
        "tutor.i18n.negotiate_language",
        "flask_wtf",
        "flask_wtf.FlaskForm",
        "markupsafe",
        "markupsafe.Markup",
        "tutor.i18n.web",
        "tutor.i18n.web.LANG_PREFIX",
        "tutor.web.shared",
        "tutor.web.shared.htmx",
        "jinja2",
    }
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
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ENGINE.parents[1]
    )
    first, text = out.stdout.splitlines()[:2]
    assert first.split("]")[0] == "["
    assert int(first.split("]")[1]) == len(NARRATION_MODULES) - 1  # the modules were really imported
    assert text.startswith("Das Envido")  # and translated, with no app


# --- The web layer: one package per feature, none importing another ----------------------------------

WEB = ENGINE.parent / "web"
FEATURES = sorted(
    p.name
    for p in WEB.iterdir()
    if p.is_dir() and (p / "__init__.py").is_file() and p.name not in ("shared", "components")
)


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
    bad = {
        f"{path.relative_to(WEB)}: {name}"
        for path in paths
        for name in imported_names(path)
        if feature_of(name) not in (None, feature)
    }
    assert not bad, f"tutor.web.{feature} imports other features: {sorted(bad)}"


@pytest.mark.parametrize("package", ["shared", "components"])
def test_shared_and_components_import_no_feature(package):
    bad = {
        f"{path.relative_to(WEB)}: {name}"
        for path in sorted((WEB / package).rglob("*.py"))
        for name in imported_names(path)
        if feature_of(name)
    }
    assert not bad, f"tutor.web.{package} imports features: {sorted(bad)}"


def test_shared_imports_no_component():
    """``shared`` is plumbing: the components build on it, never the other way round."""
    bad = {
        f"{path.relative_to(WEB)}: {name}"
        for path in sorted((WEB / "shared").rglob("*.py"))
        for name in imported_names(path)
        if name.startswith("tutor.web.components")
    }
    assert not bad, f"tutor.web.shared imports components: {sorted(bad)}"


def test_the_feature_checker_sees_a_sibling_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from ..envido import views\nfrom ..shared.htmx import render_block\nimport tutor.web.api\n"
        "from . import progress\n",
        encoding="utf-8",
    )
    names = imported_names(probe, package="tutor.web.lessons")
    assert {feature_of(n) for n in names} == {"envido", "api", "lessons", None}


# --- Templates: a feature's templates use only its own globals, the components' and shared's ---------

TEMPLATES = ENGINE.parents[1] / "templates"
TOP_LEVEL_TEMPLATES = {"index.html": "core", "deck.html": "core", "_deck_rows.html": "core", "device.html": "device"}
"""The templates at the top of templates/ that a feature renders; the others there (base.html, the menu
badge, the language switcher) and templates/errors/ are shared's."""
MAY_USE = {"shared": {"shared"}, "components": {"components", "shared"}}
"""Whose template globals a template may use, by the template's owner (a feature: its own as well)."""


def template_owner(path: Path) -> str:
    """``lessons`` for templates/lessons/map.html, ``components`` for templates/components/table.html, ..."""
    parts = path.relative_to(TEMPLATES).parts
    if len(parts) == 1:
        return TOP_LEVEL_TEMPLATES.get(parts[0], "shared")
    if parts[0] == "errors":
        return "shared"
    assert parts[0] in FEATURES or parts[0] in MAY_USE, (
        f"templates/{parts[0]}/ is no feature's, components' or shared's"
    )
    return parts[0]


def module_owner(module: str) -> str:
    """The layer or feature a Python module belongs to, for what it registers in Jinja: ``tutor.web.envido.views``
    -> ``envido``, ``tutor.web.components.cards`` -> ``components``, ``tutor.i18n.web`` -> ``shared``."""
    parts = module.split(".")
    if parts[:2] == ["tutor", "web"] and len(parts) > 2:
        return parts[2]
    if parts[:2] == ["tutor", "i18n"]:
        return "shared"
    return "app"


def _jinja_names(app) -> dict[str, object]:
    """Every name the app's templates can call: globals, filters (``filter:``), tests (``test:``) and the
    context processors (``processor:``, by identity: their variables are read out later)."""
    env = app.jinja_env
    names: dict[str, object] = {name: value for name, value in env.globals.items()}
    names.update({f"filter:{name}": value for name, value in env.filters.items()})
    names.update({f"test:{name}": value for name, value in env.tests.items()})
    for scope, processors in app.template_context_processors.items():
        names.update({f"processor:{scope}:{id(p)}": p for p in processors})
    return names


def jinja_registrations(tmp_path: Path) -> tuple[dict[str, set[str]], set[str], Any]:
    """Build the app with every ``init_app`` of tutor.web and tutor.i18n and every ``register_blueprint``
    watched, and tell who registered each template global, filter, test and context variable:
    ({name: {owners}}, the names a bare Flask app with Jinja's i18n extension already has, the app's
    Jinja environment)."""
    import importlib
    import pkgutil

    import flask

    import tutor.web
    from tests.conftest import make_app

    for module in pkgutil.walk_packages(tutor.web.__path__, "tutor.web."):
        importlib.import_module(module.name)
    importlib.import_module("tutor.i18n.web")
    owners: dict[str, set[str]] = {}
    stack: list[str] = []
    last: dict[str, object] = {}

    def settle(app, owner: str) -> None:
        nonlocal last
        now = _jinja_names(app)
        for name, value in now.items():
            if last.get(name) is not value:
                owners.setdefault(name, set()).add(owner)
        last = now

    def watch(original, owner_of):
        @functools.wraps(original)
        def watched(*args, **kwargs):
            app = args[0] if isinstance(args[0], flask.Flask) else args[1]
            owner = owner_of(*args)
            settle(app, stack[-1] if stack else "app")
            stack.append(owner)
            try:
                return original(*args, **kwargs)
            finally:
                settle(app, stack.pop())

        return watched

    bare = flask.Flask("bare")
    bare.jinja_env.add_extension("jinja2.ext.i18n")
    with bare.test_request_context("/"):
        builtin = set(_jinja_names(bare)) | {k for p in bare.template_context_processors[None] for k in p()}
    with pytest.MonkeyPatch.context() as patch:
        for name, module in list(sys.modules.items()):
            if name.startswith(("tutor.web.", "tutor.i18n")) and callable(module.__dict__.get("init_app")):
                original = module.__dict__["init_app"]
                patch.setattr(module, "init_app", watch(original, lambda *a, o=original: module_owner(o.__module__)))
        patch.setattr(
            flask.Flask,
            "register_blueprint",
            watch(flask.Flask.register_blueprint, lambda app, bp, *a: module_owner(bp.import_name)),
        )
        app = make_app(tmp_path)
    settle(app, "app")
    registered: dict[str, set[str]] = {}
    with app.test_request_context("/en/"):
        app.preprocess_request()
        for name, value in _jinja_names(app).items():
            if name.startswith("processor:"):
                for variable in value():  # type: ignore[operator]
                    registered.setdefault(variable, set()).update(owners.get(name, {"app"}))
            elif name not in builtin:
                registered.setdefault(name, set()).update(owners.get(name, {"app"}))
    return {name: who for name, who in registered.items() if name not in builtin}, builtin, app.jinja_env


def template_uses(source: str, env) -> tuple[set[str], set[str]]:
    """The names a template leaves to its caller or the app (globals and context variables alike),
    with its filters and tests as ``filter:``/``test:`` names; and the templates it extends, includes
    or imports (by literal name)."""
    from jinja2 import meta, nodes

    tree = env.parse(source)
    names = set(meta.find_undeclared_variables(tree))
    names |= {f"filter:{node.name}" for node in tree.find_all(nodes.Filter)}
    names |= {f"test:{node.name}" for node in tree.find_all(nodes.Test)}
    others = {
        node.template.value
        for node in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport))
        if isinstance(node.template, nodes.Const)
    }
    return names, others


def template_violations(owner: str, source: str, env, registered: dict[str, set[str]]) -> list[str]:
    """What a template of ``owner`` uses that belongs to another feature: a global, filter, test or
    context variable that feature registered, or one of that feature's templates."""
    allowed = MAY_USE.get(owner, {owner, "components", "shared"})
    names, others = template_uses(source, env)
    bad = [
        f"{name} (registered by {', '.join(sorted(registered[name]))})"
        for name in sorted(names)
        if name in registered and not registered[name] <= allowed
    ]
    bad += [
        f"template {other} ({template_owner(TEMPLATES / other)}'s)"
        for other in sorted(others)
        if template_owner(TEMPLATES / other) not in allowed
    ]
    return bad


@pytest.fixture(scope="module")
def jinja_owners(tmp_path_factory):
    return jinja_registrations(tmp_path_factory.mktemp("jinja"))


@pytest.fixture(scope="module")
def jinja_env(jinja_owners):
    """An environment that parses like the app's (its filters and tests) but has none of its globals:
    ``find_undeclared_variables`` leaves out the names an environment already knows."""
    from jinja2 import Environment

    env = Environment(extensions=["jinja2.ext.i18n"])
    env.filters.update(jinja_owners[2].filters)
    env.tests.update(jinja_owners[2].tests)
    return env


ALL_TEMPLATES = sorted(TEMPLATES.rglob("*.html"))


def test_the_watch_sees_who_registers_what(jinja_owners):
    """The registrations are attributed (so the template test below can fail): the card helpers are the
    components', the menu and gettext shared's, ``team_label`` the envido checker's; none is anonymous
    and no name has two owners."""
    registered, builtin, _ = jinja_owners
    assert registered["card_view"] == {"components"} and registered["site_sections"] == {"shared"}
    assert registered["csrf_token"] == {"shared"} and registered["filter:number"] == {"shared"}
    assert registered["call_name"] == {"shared"} and registered["team_label"] == {"envido"}
    assert registered["card_face"] == {"shared"} and registered["lang_tag"] == {"shared"}
    assert "url_for" in builtin and "filter:length" in builtin and "gettext" not in builtin
    assert not {name: who for name, who in registered.items() if len(who) != 1 or who == {"app"}}


@pytest.mark.parametrize("path", ALL_TEMPLATES, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_a_template_uses_only_its_own_features_globals(path, jinja_owners, jinja_env):
    registered = jinja_owners[0]
    bad = template_violations(template_owner(path), path.read_text(encoding="utf-8"), jinja_env, registered)
    assert not bad, f"templates/{path.relative_to(TEMPLATES)} uses another feature's {bad}"


def test_the_template_checker_sees_another_features_global(jinja_owners, jinja_env):
    registered = jinja_owners[0]
    registered = {**registered, "practice_hands": {"practice"}}
    probe = (
        '{% extends "base.html" %}{% import "components/_cards.html" as cards %}{% block content %}'
        '{{ team_label(0) }}{{ practice_hands(lesson.key)|length }}{{ call_name("truco") }}{{ 3|number }}'
        '{{ card_view("1e") }}{% include "review/index.html" %}{% endblock %}'
    )
    assert template_violations("lessons", probe, jinja_env, registered) == [
        "practice_hands (registered by practice)",
        "team_label (registered by envido)",
        "template review/index.html (review's)",
    ]
    assert template_violations("envido", probe, jinja_env, registered) == [
        "practice_hands (registered by practice)",
        "template review/index.html (review's)",
    ]
    assert "card_view (registered by components)" in template_violations("shared", probe, jinja_env, registered)


# --- The store: one package, below the web layer; its fold is pure ----------------------------------

STORE = ENGINE.parent / "store"


def test_the_store_imports_no_web_layer():
    bad = {
        f"{path.name}: {name}"
        for path in sorted(STORE.rglob("*.py"))
        for name in imported_names(path)
        if name == "tutor.web" or name.startswith("tutor.web.")
    }
    assert not bad, f"tutor.store imports the web layer: {sorted(bad)}"


def test_the_stores_fold_is_pure():
    """``tutor.store.projection`` folds attempts into what pages read: no database, no framework."""
    bad = [
        name
        for name in imported_names(STORE / "projection.py")
        if is_forbidden(name) or name.split(".")[0] == "sqlalchemy" or name.startswith("tutor.store.")
    ]
    assert not bad, f"store/projection.py imports {bad}"


def test_only_the_store_touches_the_database():
    """Features reach the database through ``tutor.store``, never SQLAlchemy themselves."""
    web = sorted((ENGINE.parent / "web").rglob("*.py"))
    bad = {
        f"{path.relative_to(ENGINE.parent)}: {name}"
        for path in web
        for name in imported_names(path)
        if name.split(".")[0] in ("sqlalchemy", "flask_sqlalchemy")
    }
    assert not bad, f"the web layer uses SQLAlchemy directly: {sorted(bad)}"
