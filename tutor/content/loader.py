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
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from .errors import ContentError
from .hands import PracticeHand, parse_hand_file
from .schema import Lesson, parse_lesson

CONTENT_DIR = Path(__file__).parent
"""The content directory; lesson files are in its ``lessons/`` folder, practice hands in ``hands/``."""
LESSONS_DIR = CONTENT_DIR / "lessons"
HANDS_DIR = CONTENT_DIR / "hands"

T = TypeVar("T")

IDEAL_SEEDS = range(4)
"""Seeds on which every hand's ideal line is played when it loads (the tests play 200)."""


def read_content_file(path: Path, parse: Callable[[dict[str, Any]], T], *, name: str | None = None) -> T:
    """Read one content file (lesson, hand, ...) with ``parse``; every error names the file."""
    shown = name or _shown(path)
    try:
        with path.open("rb") as handle:
            raw = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"not valid TOML: {exc}", file=shown) from None
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", file=shown) from None
    try:
        return parse(raw)
    except ContentError as exc:
        raise exc.in_file(shown) from None


def load_lesson_file(path: Path, *, name: str | None = None) -> Lesson:
    """Read and validate one lesson file. ``name`` is how errors name the file (default: relative path)."""
    shown = name or _shown(path)
    lesson = read_content_file(path, lambda raw: parse_lesson(raw, filename=path.name), name=shown)
    return replace(lesson, source=shown)


def load_hand_file(
    path: Path, lessons: tuple[Lesson, ...] | None = None, *, name: str | None = None, verify: bool = True
) -> PracticeHand:
    """Read and validate one practice hand file; with ``verify``, also play its ideal line on a few
    deals and check that every scripted action is legal and the goal is reached."""
    shown = name or _shown(path)
    numbers = {lesson.key: lesson.number for lesson in (lessons if lessons is not None else all_lessons())}
    spec = read_content_file(path, lambda raw: parse_hand_file(raw, numbers, filename=path.name), name=shown)
    spec = replace(spec, source=shown)
    if verify:
        verify_hand(spec)
    return spec


def verify_hand(spec: PracticeHand, seeds: Any = IDEAL_SEEDS) -> None:
    """Play the ideal line on ``seeds`` (one deal if the deal is fixed): ContentError naming the file
    if a deal cannot be made, a scripted action is illegal, or the goal is missed."""
    from .checks.base import GenerationError
    from .practice import IdealLineError, ScriptError, play_ideal

    for seed in [0] if spec.fixed else seeds:
        try:
            run = play_ideal(spec, seed)
        except GenerationError as exc:
            raise ContentError(str(exc), file=spec.source, path="deal.where") from None
        except (IdealLineError, ScriptError) as exc:
            raise ContentError(str(exc), file=spec.source, path="ideal") from None
        verdict = run.verdict()
        if verdict is None or not verdict.goal:
            raise ContentError(
                f"the ideal line misses the goal on seed {seed}: {[e.action for e in run.entries()]}",
                file=spec.source,
                path="check.goal",
            )


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
            raise ContentError(
                f"lesson key {lesson.key!r} is also used by {by_key[lesson.key].source}", file=lesson.source, path="key"
            )
        if lesson.number in by_number:
            raise ContentError(
                f"lesson number {lesson.number} is also used by {by_number[lesson.number].source}",
                file=lesson.source,
                path="number",
            )
        by_key[lesson.key] = lesson
        by_number[lesson.number] = lesson
    return tuple(sorted(lessons, key=lambda lesson: lesson.number))


def load_hands(
    directory: Path = HANDS_DIR, lessons: tuple[Lesson, ...] | None = None, verify: bool = True
) -> tuple[PracticeHand, ...]:
    """Read every ``*.toml`` in ``directory`` (not cached), check that keys are unique, and return
    the hands in curriculum order (lesson number, then ``order``)."""
    lessons = lessons if lessons is not None else all_lessons()
    hands = [load_hand_file(path, lessons, verify=verify) for path in sorted(directory.glob("*.toml"))]
    seen: dict[str, PracticeHand] = {}
    numbers = {lesson.key: lesson.number for lesson in lessons}
    for spec in hands:
        if spec.key in seen:
            raise ContentError(
                f"hand key {spec.key!r} is also used by {seen[spec.key].source}", file=spec.source, path="key"
            )
        seen[spec.key] = spec
    return tuple(sorted(hands, key=lambda h: (numbers[h.lesson], h.order, h.key)))


@lru_cache(maxsize=1)
def _hand_index() -> tuple[tuple[PracticeHand, ...], dict[str, PracticeHand]]:
    hands = load_hands()
    return hands, {spec.key: spec for spec in hands}


def all_hands() -> tuple[PracticeHand, ...]:
    """Every practice hand in curriculum order (loaded, validated and verified on first call)."""
    return _hand_index()[0]


def get_hand(key: str) -> PracticeHand:
    """The practice hand with this key; KeyError if there is none."""
    return _hand_index()[1][key]


def hands_for(lesson_key: str) -> tuple[PracticeHand, ...]:
    """The practice hands of one lesson, in order."""
    return tuple(spec for spec in all_hands() if spec.lesson == lesson_key)


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
    """Forget the loaded lessons and hands (for tests and for reloading during authoring)."""
    _index.cache_clear()
    _hand_index.cache_clear()
