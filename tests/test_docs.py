"""The documentation holds together, and the repository stands on its own.

* Every relative link and image in the Markdown files (README.md, CONTRIBUTING.md, docs/**, the
  authoring guide) points to a file or folder that exists.
* Every rule section cited anywhere (``docs/rules §4.2.4``, ``docs/rules/catalan.md §9.2.7``, a bare
  ``§7.1`` in a docstring) is a heading of docs/rules, in the file named when one is, and no section
  number is defined twice.
* No file cites the rules reference or the rule texts the project was started from by their file
  names or their folder outside the repository: the rules are docs/rules, the sources are named there
  by what they are and by public URL.

Each checker is also run on a small probe tree with one fault of each kind, so that a checker that
silently finds nothing fails too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

SKIPPED_DIRS = {
    ".git",
    ".venv",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    "instance",
    "dist",
    "build",
    "test-results",
    "node_modules",
    ".venv-pytruco",
    "bench/results",
    # Generated from the sources by `make extract` / `make update`; their translator notes follow the
    # sources at the next extraction (tests/i18n/test_catalogs.py checks that they are current).
    "translations",
}
"""Folders left out, by name or by path from the root."""
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".html",
    ".toml",
    ".txt",
    ".cfg",
    ".ini",
    ".sh",
    ".lua",
    ".js",
    ".css",
    ".json",
    ".yml",
    ".yaml",
    ".mako",
    ".svg",
    "",
}

# Built from pieces, so that this file does not match itself.
FORBIDDEN = [
    ("the shared rules reference", re.compile("RULES" + r"\.md")),
    ("the folder outside the repository", re.compile(r"\.\./" + "shared")),
    ("the rule texts' folder", re.compile(r"(?<![\w-])" + "seeds" + "/")),
    ("a rule text by number", re.compile(r"\b" + "seeds?" + r" 0\d\d\b", re.IGNORECASE)),
    ("a rule text's file name", re.compile(r"\b0\d\d_[0-9a-f]{16}\b")),
]

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"(?:src|href)=\"([^\"]+)\"")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
SECTION = "\u00a7"
"""The section sign, written as an escape here so that this file cites no section itself."""
HEADING = re.compile(r"^#+\s+" + SECTION + r"(\d+(?:\.\d+)*)\b", re.MULTILINE)
CITED = re.compile(r"(?:docs/rules(?:/(\w+\.md))?,?\s+)?" + SECTION + r"(\d+(?:\.\d+)*)")


def walk(root: Path, folder: Path | None = None):
    """Every file below ``root`` outside the skipped folders, in a stable order."""
    for path in sorted((folder or root).iterdir()):
        if path.is_dir():
            if path.name not in SKIPPED_DIRS and path.relative_to(root).as_posix() not in SKIPPED_DIRS:
                yield from walk(root, path)
        elif path.is_file():
            yield path


def text_files(root: Path):
    """(path, text) of every text file below ``root``."""
    for path in walk(root):
        if path.suffix.lower() not in TEXT_SUFFIXES or path.stat().st_size > 2_000_000:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if "\x00" not in text:
            yield path, text


def markdown_files(root: Path) -> list[Path]:
    return [path for path in walk(root) if path.suffix == ".md"]


def link_targets(text: str) -> list[str]:
    """The targets of the Markdown and HTML links of ``text``, code blocks and code spans left out."""
    prose = CODE_SPAN.sub("", FENCE.sub("", text))
    return LINK.findall(prose) + HTML_LINK.findall(prose)


def broken_links(root: Path) -> list[str]:
    """``file: target`` for every relative link below ``root`` that points to nothing."""
    broken = []
    for path in markdown_files(root):
        for target in link_targets(path.read_text(encoding="utf-8")):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("#"):
                continue  # a URL (https:, mailto:) or an anchor in the same file
            relative = target.split("#", 1)[0].split("?", 1)[0]
            if relative and not (path.parent / relative).exists():
                broken.append(f"{path.relative_to(root)}: {target}")
    return broken


def forbidden_citations(root: Path) -> list[str]:
    """``file:line: what`` for every citation of what lies outside the repository."""
    found = []
    for path, text in text_files(root):
        for number, line in enumerate(text.splitlines(), 1):
            for what, pattern in FORBIDDEN:
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {what}")
    return found


def rule_sections(root: Path) -> dict[str, list[str]]:
    """Each section number defined by a heading of docs/rules, with the files that define it."""
    sections: dict[str, list[str]] = {}
    for path in sorted((root / "docs" / "rules").glob("*.md")):
        for number in HEADING.findall(path.read_text(encoding="utf-8")):
            sections.setdefault(number, []).append(path.name)
    return sections


def unknown_sections(root: Path) -> list[str]:
    """``file:line: §N`` for every cited section that docs/rules does not define (or not in the file
    the citation names)."""
    sections = rule_sections(root)
    unknown = []
    for path, text in text_files(root):
        for number, line in enumerate(text.splitlines(), 1):
            for file, section in CITED.findall(line):
                section = section.rstrip(".")
                if section not in sections or (file and file not in sections[section]):
                    unknown.append(f"{path.relative_to(root)}:{number}: {file + ' ' if file else ''}{SECTION}{section}")
    return unknown


# --- The repository ---------------------------------------------------------------------------------


def test_the_documentation_is_there():
    names = {str(p.relative_to(ROOT)) for p in markdown_files(ROOT)}
    assert names >= {
        "README.md",
        "CONTRIBUTING.md",
        "docs/architecture.md",
        "docs/features.md",
        "docs/deploy.md",
        "docs/translating.md",
        "docs/benchmarks.md",
        "docs/security.md",
        "docs/rules/README.md",
        "docs/rules/argentine.md",
        "docs/rules/catalan.md",
        "docs/rules/mineiro.md",
        "docs/rules/glossary.md",
        "docs/rules/decisions.md",
    }


def test_every_relative_link_points_to_a_file():
    assert not broken_links(ROOT)


def test_no_file_cites_what_lies_outside_the_repository():
    assert not forbidden_citations(ROOT)


def test_every_rule_section_is_defined_once():
    sections = rule_sections(ROOT)
    assert {str(n) for n in range(1, 11)} <= set(sections), "sections 1 to 10 are all headings"
    assert {"9.1", "9.2", "9.3"} <= set(sections)
    twice = {number: files for number, files in sections.items() if len(files) > 1}
    assert not twice


def test_every_cited_rule_section_exists():
    assert not unknown_sections(ROOT)


def test_the_readme_is_short_and_sets_up_in_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 100
    assert re.findall(r"^make \w+$", readme, re.MULTILINE) == ["make run", "make test"]


# --- The checkers find what they look for -----------------------------------------------------------


@pytest.fixture
def probe(tmp_path: Path) -> Path:
    """A small tree with one fault of each kind beside correct material."""
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "argentine.md").write_text(
        f"# Argentine\n\n## {SECTION}4 Envido\n\n### {SECTION}4.1 Counting\n\n[ok](catalan.md) [gone](missing.md)\n",
        encoding="utf-8",
    )
    (tmp_path / "docs" / "rules" / "catalan.md").write_text(
        f"# Catalan\n\n### {SECTION}4.1 Counting again\n", encoding="utf-8"
    )
    (tmp_path / "README.md").write_text(
        "![picture](docs/screenshot.png) [rules](docs/rules/argentine.md#4-envido) [web](https://example.org)\n"
        '<img src="docs/phone.png" alt="">\n```\n[in code](nowhere.md)\n```\n',
        encoding="utf-8",
    )
    (tmp_path / "tool.py").write_text(
        "# see " + "RULES" + ".md 4\n# from ../" + "shared/x\n# (" + "seed" + " 003)\n"
        f"# docs/rules {SECTION}4.1 and {SECTION}4.9, docs/rules/catalan.md {SECTION}4\n",
        encoding="utf-8",
    )
    (tmp_path / "translations").mkdir()
    (tmp_path / "translations" / "messages.pot").write_text("#. " + "RULES" + ".md glossary\n", encoding="utf-8")
    return tmp_path


def test_the_link_checker_finds_a_broken_link(probe: Path):
    assert broken_links(probe) == [
        "README.md: docs/screenshot.png",
        "README.md: docs/phone.png",
        "docs/rules/argentine.md: missing.md",
    ]


def test_the_citation_checker_finds_each_kind(probe: Path):
    assert forbidden_citations(probe) == [
        "tool.py:1: the shared rules reference",
        "tool.py:2: the folder outside the repository",
        "tool.py:3: a rule text by number",
    ]


def test_the_section_checker_finds_unknown_and_doubled_sections(probe: Path):
    assert rule_sections(probe)["4.1"] == ["argentine.md", "catalan.md"]
    assert unknown_sections(probe) == [f"tool.py:4: {SECTION}4.9", f"tool.py:4: catalan.md {SECTION}4"]
