"""Check the lesson files from the command line (for authors).

    python -m tutor.content                      # validate every lesson, print a summary
    python -m tutor.content show KEY STEP [SEED]  # one question of a step, with the engine's answer
"""

from __future__ import annotations

import sys

from .checks import make_question
from .errors import ContentError
from .loader import all_lessons, get_lesson


def _summary() -> int:
    lessons = all_lessons()
    for lesson in lessons:
        checked = len(lesson.checked_steps)
        print(f"{lesson.number:2d} {lesson.key:20s} {len(lesson.steps):2d} steps, {checked:2d} with a check")
    print(f"{len(lessons)} lessons, all valid")
    return 0


def _show(key: str, step_key: str, seed: int) -> int:
    step = get_lesson(key).step(step_key)
    if step.check is None:
        print(f"step {step_key!r} has no check")
        return 0
    question = make_question(step.check, seed)
    print(f"kind:        {question.kind} (seed {seed})")
    print(f"prompt:      {question.prompt}")
    for name, value in question.situation.items():
        if name != "view":
            print(f"  {name}: {value}")
    if question.options:
        print("options:     " + ", ".join(o.label or o.value for o in question.options))
    print(f"answer:      {question.expected}")
    print(f"explanation: {dict(question.explanation)}")
    return 0


def main(argv: list[str]) -> int:
    """Run the command; returns the exit status."""
    try:
        if argv[:1] == ["show"] and len(argv) in (3, 4):
            return _show(argv[1], argv[2], int(argv[3]) if len(argv) == 4 else 0)
        if not argv:
            return _summary()
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    except KeyError as exc:
        print(f"not found: {exc}", file=sys.stderr)
        return 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
