"""The Babel extractor pulls every translatable text out of the lesson files."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.extract import extract, extract_from_dir
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from tutor.content import all_lessons
from tutor.content.loader import CONTENT_DIR, LESSONS_DIR

METHOD = "tutor.content.extract:extract"
REPO = Path(__file__).resolve().parents[2]


def texts_of(lesson) -> set[str]:
    """Every English text of a loaded lesson."""
    texts = {lesson.title, lesson.summary}
    for step in lesson.steps:
        texts.add(step.title)
        texts.update(step.body)
        if step.hint:
            texts.add(step.hint)
        if step.check:
            texts.add(step.check.prompt)
            texts.update(step.check.labels.values())
    return texts


@pytest.mark.parametrize("lesson", all_lessons(), ids=lambda lesson: lesson.key)
def test_extractor_yields_every_text_of_the_lesson(lesson):
    path = CONTENT_DIR / lesson.source
    source = path.read_text(encoding="utf-8").splitlines()
    with path.open("rb") as handle:
        messages = list(extract(METHOD, handle, comment_tags=("Translators:",)))
    assert {message for _, message, _, _ in messages} == texts_of(lesson)
    for lineno, message, comments, context in messages:
        assert context is None
        # The line number points at the text (its start, TOML-escaped).
        start = message[:30].replace("\\", "\\\\").replace('"', '\\"')
        assert start in source[lineno - 1], (lineno, message)
        assert comments and comments[0].startswith(f"lesson {lesson.number:02d}-{lesson.key}")


def test_comments_name_the_step_and_the_part():
    path = LESSONS_DIR / "04-envido-counting.toml"
    with path.open("rb") as handle:
        found = {message: comments for _, message, comments, _ in extract(METHOD, handle)}
    lesson = next(lesson for lesson in all_lessons() if lesson.number == 4)
    step = lesson.step("two-of-a-suit")
    assert found[step.title] == ['lesson 04-envido-counting, step 3 "two-of-a-suit": title']
    assert found[step.hint] == ['lesson 04-envido-counting, step 3 "two-of-a-suit": hint']
    assert found[step.check.prompt][0].endswith("question (envido_value)")
    assert "paragraph 2" in found[step.body[1]][0]


def test_extractor_reads_option_labels_and_escaped_text():
    source = (
        'key = "k"\nnumber = 1\ntitle = "A \\"quoted\\" title"\nsummary = "S"\n'
        '[[steps]]\nkey = "s"\ntitle = "T"\nbody = ["P"]\n[steps.check]\nkind = "hand_winner"\n'
        'prompt = "Q?"\nlabels = { mano = "Mano\'s team" }\n'
    )
    messages = list(extract(METHOD, io.BytesIO(source.encode())))
    assert [(line, text) for line, text, _, _ in messages] == [
        (3, 'A "quoted" title'),
        (4, "S"),
        (7, "T"),
        (8, "P"),
        (11, "Q?"),
        (12, "Mano's team"),
    ]
    assert messages[-1][2] == ["lesson 01-k, step 1 \"s\": answer option 'mano'"]


def test_pybabel_extract_with_the_babel_cfg_lines(tmp_path):
    """The lines proposed for babel.cfg produce a catalog with the lesson texts."""
    mapping = tmp_path / "babel.cfg"
    mapping.write_text(
        "[extractors]\ncontent = tutor.content.extract:extract\n\n[content: tutor/content/lessons/**.toml]\n",
        encoding="utf-8",
    )
    pot = tmp_path / "messages.pot"
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(mapping),
            "--add-comments=Translators:",
            "-o",
            str(pot),
            str(REPO),
        ]
    )
    with pot.open("rb") as handle:
        catalog = read_po(handle)
    ids = {message.id for message in catalog if message.id}
    expected = set().union(*(texts_of(lesson) for lesson in all_lessons()))
    assert ids == expected


def test_extract_from_dir_finds_all_lesson_files():
    method_map = [("**.toml", METHOD)]
    options_map = {"**.toml": {}}
    found = list(extract_from_dir(str(LESSONS_DIR), method_map, options_map, callback=None))
    files = {filename for filename, *_ in found}
    assert len(files) == 11
