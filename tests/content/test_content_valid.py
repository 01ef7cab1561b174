"""Every lesson file passes the schema; broken files fail with the file and the key path."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from tutor.content import ContentError, all_lessons, get_lesson, load_lesson_file, load_lessons, next_lesson
from tutor.content.loader import LESSONS_DIR
from tutor.content.schema import KEY_RE, MAX_STEPS, MIN_STEPS, PICTURES, split_bold

CURRICULUM = [
    "deck-and-table",
    "card-ranking",
    "tricks-and-parda",
    "envido-counting",
    "envido-calls",
    "truco-calls",
    "scoring-a-game",
    "pairs-and-trios",
    "flor",
    "catalan-truc",
    "truco-mineiro",
]


def test_curriculum_has_the_eleven_lessons_in_order():
    lessons = all_lessons()
    assert [lesson.key for lesson in lessons] == CURRICULUM
    assert [lesson.number for lesson in lessons] == list(range(1, 12))
    assert next_lesson("deck-and-table").key == "card-ranking"
    assert next_lesson("flor").key == "catalan-truc"
    assert next_lesson("truco-mineiro") is None


@pytest.mark.parametrize("key", CURRICULUM)
def test_lesson_shape(key):
    lesson = get_lesson(key)
    assert MIN_STEPS <= len(lesson.steps) <= MAX_STEPS
    assert lesson.source == f"lessons/{lesson.number:02d}-{key}.toml"
    keys = [step.key for step in lesson.steps]
    assert len(set(keys)) == len(keys)
    for step in lesson.steps:
        assert KEY_RE.match(step.key)
        assert step.title and step.body and all(p.strip() == p and p for p in step.body)
        assert lesson.step(step.key) is step
        assert lesson.steps[lesson.index(step.key)] is step
    # Most steps are interactive.
    assert len(lesson.checked_steps) * 2 >= len(lesson.steps)


def test_most_steps_have_checks_overall():
    steps = [step for lesson in all_lessons() for step in lesson.steps]
    checked = [step for step in steps if step.check is not None]
    assert len(checked) >= 0.65 * len(steps)


def test_unknown_lesson_and_step_raise_key_error():
    with pytest.raises(KeyError):
        get_lesson("no-such-lesson")
    with pytest.raises(KeyError):
        get_lesson("flor").step("no-such-step")


def test_lesson_files_are_package_data():
    """The files sit inside the package, so an installed wheel finds them the same way."""
    names = sorted(
        p.name for p in resources.files("tutor.content").joinpath("lessons").iterdir() if p.name.endswith(".toml")
    )
    assert names == sorted(p.name for p in LESSONS_DIR.glob("*.toml"))
    assert len(names) == 11


def test_split_bold():
    assert split_bold("**Flor** is optional") == [("Flor", True), (" is optional", False)]
    assert split_bold("plain") == [("plain", False)]


# --- Broken files ---------------------------------------------------------------------------------

GOOD_STEP = """
[[steps]]
key = "s{n}"
title = "Step {n}"
body = ["Text {n}."]
"""


def lesson_text(steps: str, header: str = 'key = "envido"\nnumber = 4\ntitle = "T"\nsummary = "S"\n') -> str:
    return header + steps


def write(tmp_path: Path, text: str, name: str = "04-envido.toml") -> Path:
    folder = tmp_path / "lessons"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def filler(count: int, start: int = 1) -> str:
    return "".join(GOOD_STEP.format(n=n) for n in range(start, start + count))


def error_of(tmp_path: Path, text: str, name: str = "04-envido.toml") -> str:
    with pytest.raises(ContentError) as info:
        load_lesson_file(write(tmp_path, text, name))
    return str(info.value)


def test_a_small_good_file_loads(tmp_path):
    lesson = load_lesson_file(write(tmp_path, lesson_text(filler(4))))
    assert lesson.key == "envido" and len(lesson.steps) == 4


BROKEN_CHECKS = [
    ('kind = "envido_value"\nprompt = "Q?"\ncards = "7c 5c 8o"', "steps[2].check.cards: unknown card '8o'"),
    ('kind = "envido_value"\nprompt = "Q?"\ncards = "7c 5c"', "steps[2].check.cards: expected 3 cards, got 2"),
    ('kind = "envido_value"\nprompt = "Q?"\ncards = "7c 7c 5c"', "steps[2].check.cards: card 7c given twice"),
    ('kind = "envido_guess"\nprompt = "Q?"', "steps[2].check.kind: unknown check kind 'envido_guess'"),
    ('kind = "envido_value"', "steps[2].check.prompt: missing"),
    ('kind = "envido_value"\nprompt = "Q?"\npattern = "pairs"', "steps[2].check.pattern: unknown value 'pairs'"),
    ('kind = "envido_value"\nprompt = "Q?"\ncolour = "red"', "steps[2].check.colour: unknown key"),
    ('kind = "flor_value"\nprompt = "Q?"\ncards = "7c 5c 12e"', "steps[2].check.cards: not a flor"),
    ('kind = "is_flor"\nprompt = "Q?"\nlabels = { maybe = "Maybe" }', "steps[2].check.labels.maybe: no option 'maybe'"),
    (
        'kind = "envido_points"\nprompt = "Q?"\ncalls = ["real_envido", "envido"]\nresponse = "no_quiero"',
        "steps[2].check.calls: not a legal envido ladder",
    ),
    (
        'kind = "envido_points"\nprompt = "Q?"\ncalls = ["envido"]\nresponse = "quiero"',
        "steps[2].check.values: an accepted envido needs",
    ),
    (
        'kind = "truco_points"\nprompt = "Q?"\ncalls = ["retruco"]\nending = "no_quiero"',
        "steps[2].check.calls: not a legal truco ladder",
    ),
    ('kind = "hand_winner"\nprompt = "Q?"\noutcomes = "WWW"', "steps[2].check.outcomes: not a possible hand"),
    ('kind = "hand_winner"\nprompt = "Q?"\noutcomes = "WX"', "steps[2].check.outcomes: item 2: 'X'"),
    ('kind = "trick_winner"\nprompt = "Q?"\ncards = "1e 2e 3e"', "steps[2].check.cards: a trick of 3 players"),
    (
        'kind = "trick_winner"\nprompt = "Q?"\npattern = "partners_equal"',
        "steps[2].check.pattern: partners need 4 or 6",
    ),
    (
        'kind = "showdown"\nprompt = "Q?"\nvalues = [27, 40]',
        "steps[2].check.values[1]: expected a whole number from 0 to 33",
    ),
    ('kind = "order_cards"\nprompt = "Q?"\ncards = "1e 2e 3e"\ncount = 3', "steps[2].check.count: give either"),
]


@pytest.mark.parametrize("check, expected", BROKEN_CHECKS)
def test_broken_check_names_file_and_key(tmp_path, check, expected):
    steps = filler(2) + GOOD_STEP.format(n=3) + "\n[steps.check]\n" + check + "\n" + filler(2, start=4)
    message = error_of(tmp_path, lesson_text(steps))
    assert message.startswith("lessons/04-envido.toml: ")
    assert expected in message


BROKEN_LESSONS = [
    (lesson_text(filler(3)), "lessons/04-envido.toml: steps: a lesson has 4 to 10 steps, not 3"),
    (lesson_text(filler(11)), "steps: a lesson has 4 to 10 steps, not 11"),
    (lesson_text(filler(4)).replace('title = "Step 2"\n', ""), "steps[1].title: missing"),
    (lesson_text(filler(4)).replace('key = "s3"', 'key = "s1"'), "steps[2].key: step key 's1' used twice"),
    (lesson_text(filler(4)).replace('key = "s3"', 'key = "Step Three"'), "steps[2].key: bad key"),
    (lesson_text(filler(4)).replace('body = ["Text 2."]', "body = []"), "steps[1].body: expected a list"),
    (
        lesson_text(filler(4)).replace('body = ["Text 2."]', 'body = ["ok", 3]'),
        "steps[1].body[1]: expected non-empty text",
    ),
    (lesson_text(filler(4)).replace('"Text 4."', '"A **bold claim."'), "steps[3].body[0]: unbalanced **"),
    (
        lesson_text(filler(4)).replace('body = ["Text 1."]', 'body = ["Text 1."]\ncards = "1e 9o"'),
        "steps[0].cards: unknown card '9o'",
    ),
    (
        lesson_text(filler(4)).replace('body = ["Text 1."]', 'body = ["Text 1."]\nextra = 1'),
        "steps[0].extra: unknown key",
    ),
    (
        lesson_text(filler(4)).replace('body = ["Text 1."]', 'body = ["Text 1."]\npicture = "blackboard"'),
        "steps[0].picture: unknown picture 'blackboard'",
    ),
    (
        lesson_text(filler(4)).replace("number = 4", "number = 5"),
        "key: the file for lesson 5 'envido' must be named 05-envido.toml",
    ),
    (lesson_text(filler(4)).replace('summary = "S"\n', ""), "summary: missing"),
    (lesson_text(filler(4)) + "\nauthor = 'me'\n", "lessons/04-envido.toml: "),
    ('key = "envido"\nnumber = 4\ntitle = "T\n', "lessons/04-envido.toml: not valid TOML"),
]


@pytest.mark.parametrize("text, expected", BROKEN_LESSONS)
def test_broken_lesson_names_file_and_key(tmp_path, text, expected):
    message = error_of(tmp_path, text)
    assert message.startswith("lessons/04-envido.toml")
    assert expected in message


def test_unknown_top_level_key(tmp_path):
    assert error_of(tmp_path, lesson_text(filler(4)).replace("summary", "author = 'x'\nsummary")) == (
        "lessons/04-envido.toml: author: unknown key"
    )


def test_duplicate_lesson_numbers_across_files(tmp_path):
    write(tmp_path, lesson_text(filler(4)))
    write(tmp_path, lesson_text(filler(4), 'key = "other"\nnumber = 4\ntitle = "T"\nsummary = "S"\n'), "04-other.toml")
    with pytest.raises(ContentError, match="lesson number 4 is also used by"):
        load_lessons(tmp_path / "lessons")


def test_command_line_summary_and_show(capsys):
    from tutor.content.__main__ import main

    assert main([]) == 0
    assert "11 lessons, all valid" in capsys.readouterr().out
    assert main(["show", "envido-counting", "two-of-a-suit", "4"]) == 0
    out = capsys.readouterr().out
    assert "kind:        envido_value (seed 4)" in out and "answer:" in out
    assert main(["show", "envido-counting", "no-such-step"]) == 1
    assert main(["bogus"]) == 2


def test_lessons_5_to_7_have_the_pictures_a_teacher_would_draw():
    """Issue 11: lessons 5-7 were text and numbered lists only."""
    pictures = {
        (lesson.key, step.key): step.picture for lesson in all_lessons() for step in lesson.steps if step.picture
    }
    assert pictures == {
        ("envido-calls", "ladder"): "envido-ladder",
        ("envido-calls", "showdown"): "table",
        ("truco-calls", "raises"): "truco-ladder",
        ("scoring-a-game", "keeping-score"): "matchsticks",
        ("pairs-and-trios", "pie"): "table-pies",
    }
    assert set(pictures.values()) == set(PICTURES)
