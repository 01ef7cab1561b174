"""The content layer is framework-free: no Flask, no web layer, no gettext calls."""

from __future__ import annotations

import ast
from pathlib import Path

import tutor.content

CONTENT = Path(tutor.content.__file__).parent
FORBIDDEN = ("flask", "flask_babel", "tutor.web", "tutor.i18n", "jinja2", "werkzeug")


def modules():
    return sorted(CONTENT.rglob("*.py"))


def test_content_imports_no_web_modules():
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert not name.startswith(FORBIDDEN), f"{path.name} imports {name}"


def test_content_never_calls_gettext():
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("_", "gettext", "ngettext", "pgettext", "_l"), path.name
