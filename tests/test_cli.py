"""The ``tutor`` command: ``tutor envido 7o 6o 3b [--lang pl]``."""

from __future__ import annotations

import io
import subprocess
import sys
import tomllib

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from tests.conftest import ROOT
from tutor import i18n
from tutor.cli import main
from tutor.i18n import load_translations, use_language


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_value_and_explanation():
    status, out, err = run("envido", "7o", "6o", "3b")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Cards: seven of coins (7o), six of coins (6o), three of clubs (3b)"
    assert lines[2] == "The envido is 33."
    assert lines[3] == "  20 + 7 + 6 = 33"
    assert "  - Cards that count: seven of coins and six of coins." in lines
    assert "  - Left out: three of clubs (another suit)." in lines


@pytest.mark.parametrize(
    ("argv", "headline"),
    [
        (("7o,6o,3b",), "The envido is 33."),
        (("A♠", "7♦", "K♥"), "The envido is 7."),
        (("12e", "11b", "10o"), "The envido is 0."),
        (("7c", "5c", "12e"), "The envido is 32."),
    ],
)
def test_card_forms(argv, headline):
    status, out, _ = run("envido", *argv)
    assert status == 0 and headline in out.splitlines()


def test_three_of_a_suit_prints_the_flor_too():
    status, out, _ = run("envido", "7o", "6o", "5o")
    assert status == 0
    lines = out.splitlines()
    assert "The envido is 33." in lines and "Flor: 38." in lines and "  20 + 7 + 6 + 5 = 38" in lines
    assert lines.index("The envido is 33.") < lines.index("Flor: 38.")


def test_polish_keeps_the_number_and_the_structure():
    _, english, _ = run("envido", "7c", "5c", "12e")
    status, polish, _ = run("envido", "7c", "5c", "12e", "--lang", "pl")
    assert status == 0
    english_lines, polish_lines = english.splitlines(), polish.splitlines()
    assert len(polish_lines) == len(english_lines)
    assert "  20 + 7 + 5 = 32" in polish_lines
    translations = load_translations("pl")
    assert polish_lines[2] == translations.gettext("The envido is %(points)s.") % {"points": 32}
    assert [line.startswith("  - ") for line in polish_lines] == [line.startswith("  - ") for line in english_lines]


def test_lang_really_switches_the_catalog(tmp_path, monkeypatch):
    catalog = Catalog(locale="pl", domain="messages")
    catalog.add("The envido is %(points)s.", "Envido wynosi %(points)s.")
    catalog.add("seven of cups", "siódemka pucharów", context="card")
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "messages.po", "wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path)
    i18n.load_translations.cache_clear()
    try:
        status, out, _ = run("envido", "7c", "5c", "12e", "--lang", "pl")
        _, english, _ = run("envido", "7c", "5c", "12e")
    finally:
        i18n.load_translations.cache_clear()
    assert status == 0
    assert "Envido wynosi 32." in out.splitlines()
    assert "siódemka pucharów (7c)" in out.splitlines()[0]
    assert "The envido is 32." in english.splitlines()


def test_translation_outside_a_request_needs_no_app():
    from flask import has_app_context

    with use_language("en"):
        assert i18n.current_language() == "en"
    with use_language("sv"):
        assert i18n.current_language() == "sv" and not has_app_context()


def test_the_command_loads_no_web_framework():
    """``tutor envido --lang de`` in a fresh interpreter: translated, and Flask, Werkzeug and Jinja never loaded."""
    code = (
        "import io, sys\n"
        "from tutor.cli import main\n"
        "out = io.StringIO()\n"
        "status = main(['envido', '7o', '6o', '3b', '--lang', 'de'], stdout=out)\n"
        "print(status, sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'werkzeug', 'jinja2'}))\n"
        "print(out.getvalue())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    first, report = result.stdout.split("\n", 1)
    assert first == "0 []"
    with use_language("de"):
        assert i18n.gettext("Cards: %(cards)s", cards="x").split(":")[0] in report


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (("8o", "6o", "3b"), "“8o” is not in the Spanish deck"),
        (("7o", "6o"), "Pick exactly three cards (2 were given)."),
        (("7o", "7o", "3b"), "Given twice: seven of coins."),
        (("7x", "6o", "3b"), "“7x” has no known suit"),
    ],
)
def test_bad_cards_exit_2_with_a_clear_message(cards, message):
    status, out, err = run("envido", *cards)
    assert status == 2
    assert out == ""
    assert err.startswith("tutor envido: ") and message in err


@pytest.mark.parametrize("argv", [["envido"], ["envido", "7o", "6o", "3b", "--lang", "xx"], [], ["deal"]])
def test_bad_command_lines_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "usage: tutor" in capsys.readouterr().err


def test_console_script_is_declared():
    with open(ROOT / "pyproject.toml", "rb") as handle:
        scripts = tomllib.load(handle)["project"]["scripts"]
    assert scripts["tutor"] == "tutor.cli:main"


def test_runs_as_a_program_with_exit_status():
    good = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "envido", "7o", "6o", "3b", "--lang", "de"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert good.returncode == 0 and "20 + 7 + 6 = 33" in good.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "envido", "9e", "1e", "2e"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "9e" in bad.stderr and bad.stdout == ""
