"""Check the content files from the command line (for authors).

python -m tutor.content                       # validate every lesson and practice hand, print a summary
python -m tutor.content show KEY STEP [SEED]  # one question of a step, with the engine's answer
python -m tutor.content hand KEY [SEED]       # a practice hand's ideal line and coach messages, as text
python -m tutor.content hands                 # every practice hand: lesson, key, what it teaches
"""

from __future__ import annotations

import sys

from .checks import make_question
from .errors import ContentError
from .loader import all_hands, all_lessons, get_hand, get_lesson


def _summary() -> int:
    lessons = all_lessons()
    for lesson in lessons:
        checked = len(lesson.checked_steps)
        print(f"{lesson.number:2d} {lesson.key:20s} {len(lesson.steps):2d} steps, {checked:2d} with a check")
    print(f"{len(lessons)} lessons, all valid")
    hands = all_hands()
    print(f"{len(hands)} practice hands, all valid (ideal lines checked on their deals)")
    return 0


def _hand(key: str, seed: int) -> int:
    from .practice import describe, play_ideal

    spec = get_hand(key)
    print(f"intro: {spec.intro}")
    print(f"goal:  {spec.goal_text}  [{spec.goal}]")
    run = play_ideal(spec, seed)
    for line in describe(spec, run):
        print(line)
    verdict = run.verdict()
    print(f"says:  {spec.success if verdict and verdict.goal else spec.failure}")
    return 0


def _hands() -> int:
    for spec in all_hands():
        print(f"{spec.lesson:18s} {spec.key:34s} {spec.title}")
    return 0


def _show(key: str, step_key: str, seed: int) -> int:
    step = get_lesson(key).step(step_key)
    if step.check is None:
        print(f"step {step_key!r} has no check")
        return 0
    question = make_question(step.check, seed)
    print(f"kind:        {question.kind} (seed {seed})")
    print(f"prompt:      {question.prompt}")
    print(f"situation:   {type(question.situation).__name__}")
    for name, value in question.situation.to_data().items():
        if name != "view":
            print(f"  {name}: {value}")
    if question.options:
        print("options:     " + ", ".join(o.label or o.value for o in question.options))
    print(f"answer:      {question.expected}")
    print(f"explanation: {type(question.explanation).__name__} {question.explanation.to_data()}")
    return 0


def main(argv: list[str]) -> int:
    """Run the command; returns the exit status."""
    try:
        if argv[:1] == ["hand"] and len(argv) in (2, 3):
            return _hand(argv[1], int(argv[2]) if len(argv) == 3 else 0)
        if argv == ["hands"]:
            return _hands()
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
