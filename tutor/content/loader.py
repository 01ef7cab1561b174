"""Load, validate and index the lesson files (``tutor/content/lessons/*.toml``), once.

The files live inside the package, so they are found the same way in a checkout and in an
installed wheel (``Path(__file__).parent``). :func:`all_lessons` loads everything on first use and
caches it; any broken file raises :class:`ContentError` naming the file and the key path, e.g.
``lessons/04-envido-counting.toml: steps[2].check.cards: unknown card '8o'``. Call
:func:`all_lessons` at application start-up to fail early.

>>> [lesson.number for lesson in all_lessons()][:3]
[1, 2, 3]
>>> get_lesson("card-ranking").number
2
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from .errors import ContentError
from .schema import Lesson, parse_lesson

CONTENT_DIR = Path(__file__).parent
"""The content directory; lesson files are in its ``lessons/`` folder."""
LESSONS_DIR = CONTENT_DIR / "lessons"


def load_lesson_file(path: Path, *, name: str | None = None) -> Lesson:
    """Read and validate one lesson file. ``name`` is how errors name the file (default: relative path)."""
    shown = name or _shown(path)
    try:
        with path.open("rb") as handle:
            raw = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"not valid TOML: {exc}", file=shown) from None
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", file=shown) from None
    try:
        lesson = parse_lesson(raw, filename=path.name)
    except ContentError as exc:
        raise exc.in_file(shown) from None
    return Lesson(lesson.key, lesson.number, lesson.title, lesson.summary, lesson.steps, source=shown)


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(CONTENT_DIR.resolve()).as_posix()
    except ValueError:
        return f"{path.parent.name}/{path.name}"


def load_lessons(directory: Path = LESSONS_DIR) -> tuple[Lesson, ...]:
    """Read every ``*.toml`` in ``directory`` (not cached), check that keys and numbers are unique,
    and return the lessons ordered by number."""
    lessons = [load_lesson_file(path) for path in sorted(directory.glob("*.toml"))]
    by_key: dict[str, Lesson] = {}
    by_number: dict[int, Lesson] = {}
    for lesson in lessons:
        if lesson.key in by_key:
            raise ContentError(f"lesson key {lesson.key!r} is also used by {by_key[lesson.key].source}",
                               file=lesson.source, path="key")
        if lesson.number in by_number:
            raise ContentError(f"lesson number {lesson.number} is also used by {by_number[lesson.number].source}",
                               file=lesson.source, path="number")
        by_key[lesson.key] = lesson
        by_number[lesson.number] = lesson
    return tuple(sorted(lessons, key=lambda lesson: lesson.number))


@lru_cache(maxsize=1)
def _index() -> tuple[tuple[Lesson, ...], dict[str, Lesson]]:
    lessons = load_lessons()
    return lessons, {lesson.key: lesson for lesson in lessons}


def all_lessons() -> tuple[Lesson, ...]:
    """Every lesson, ordered by number (loaded and validated on first call, then cached)."""
    return _index()[0]


def get_lesson(key: str) -> Lesson:
    """The lesson with this key; KeyError if there is none (a view turns that into a 404)."""
    return _index()[1][key]


def next_lesson(key: str) -> Lesson | None:
    """The lesson after this one in the curriculum, or None after the last."""
    lessons = all_lessons()
    position = lessons.index(get_lesson(key))
    return lessons[position + 1] if position + 1 < len(lessons) else None


def clear_cache() -> None:
    """Forget the loaded lessons (for tests and for reloading during authoring)."""
    _index.cache_clear()
