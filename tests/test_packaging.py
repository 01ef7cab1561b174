"""The wheel carries templates, translations and migrations, and renders a Polish page outside the checkout."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import textwrap
import venv
import zipfile

from tests.conftest import ROOT

SCRIPT = textwrap.dedent(
    """
    import os, sys, tutor
    assert tutor.__file__.startswith(sys.prefix), tutor.__file__
    from flask_migrate import upgrade
    from tutor import create_app
    app = create_app()
    with app.app_context():
        upgrade()
    client = app.test_client()
    page = client.get("/pl/deck")
    assert page.status_code == 200, page.status_code
    html = page.get_data(as_text=True)
    expected = sys.argv[1]
    assert '<html lang="pl"' in html
    assert "<h1>" + expected + "</h1>" in html, expected
    assert html.count('data-card="') == 40
    assert client.get("/static/htmx.min.js").status_code == 200
    assert client.get("/en/device").status_code == 200
    print("OK", tutor.__file__)
    """
)


def polish_heading() -> str:
    """The deck page's heading as the checkout's Polish catalog has it (English while untranslated)."""
    from babel.messages.pofile import read_po

    with open(ROOT / "translations" / "pl" / "LC_MESSAGES" / "messages.po", "rb") as handle:
        message = read_po(handle, locale="pl").get("The deck in trick order")
    return message.string if message is not None and message.string and not message.fuzzy else "The deck in trick order"


def test_wheel_installs_and_renders_polish_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
    )
    (wheel,) = dist.glob("truco_tutor-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for required in (
        "tutor/templates/base.html",
        "tutor/templates/components/_cards.html",
        "tutor/translations/messages.pot",
        "tutor/translations/pl/LC_MESSAGES/messages.po",
        "tutor/migrations/env.py",
        "tutor/static/htmx.min.js",
        "tutor/static/htmx.LICENSE",
    ):
        assert required in names, required
    assert not [n for n in names if n.startswith("tests/")]

    # A fresh venv; the dependencies (not the project) are borrowed from this interpreter, offline.
    target = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    python = target / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    borrowed = [p for p in site.getsitepackages() if os.path.isdir(p)]
    with open(os.path.join(purelib, "borrowed-deps.pth"), "w") as handle:
        handle.write("\n".join(borrowed) + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        text=True,
    )

    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "SECRET_KEY": "packaging-test",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'wheel.sqlite3'}",
    }
    result = subprocess.run(
        [str(python), "-c", SCRIPT, polish_heading()],
        cwd="/",
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("OK " + purelib)
