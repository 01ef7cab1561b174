"""Babel extractor for the content files: every translatable text of ``lessons/*.toml`` and
``hands/*.toml`` (practice hands: title, intro, goal, success, failure and the coach's messages,
each coach message with the predicate that triggers it, so translators know when it is said).

Registered in ``babel.cfg``::

    [extractors]
    content = tutor.content.extract:extract

    [content: tutor/content/lessons/**.toml]

It yields the lesson title and summary, and for every step its title, paragraphs, hint, check
prompt and option labels, each with a comment naming the lesson and step for translators
(e.g. ``lesson 04-envido-counting, step "pair": paragraph 2``). Line numbers point at the text in
the TOML file (found by searching the source, since ``tomllib`` keeps no positions).

>>> import io
>>> src = b'key = "x"\\ntitle = "Hello"\\n'
>>> list(extract(io.BytesIO(src), [], [], {}))
[(2, None, 'Hello', ['lesson x: title'])]
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import Any, BinaryIO

Message = tuple[int, None, str, list[str]]


def lesson_texts(raw: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(text, where) for every translatable text of a parsed lesson document, in file order.

    Works on raw (unvalidated) TOML so that extraction never depends on the engine; non-text
    values are skipped.
    """
    number = raw.get("number")
    key = raw.get("key", "?")
    lesson = f"lesson {number:02d}-{key}" if isinstance(number, int) else f"lesson {key}"
    for field in ("title", "summary"):
        if isinstance(raw.get(field), str):
            yield raw[field], f"{lesson}: {field}"
    steps = raw.get("steps")
    if not isinstance(steps, list):
        return
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        where = f'{lesson}, step {index + 1} "{step.get("key", "?")}"'
        if isinstance(step.get("title"), str):
            yield step["title"], f"{where}: title"
        body = step.get("body")
        paragraphs = [body] if isinstance(body, str) else body if isinstance(body, list) else []
        for n, paragraph in enumerate(paragraphs, start=1):
            if isinstance(paragraph, str):
                yield paragraph, f"{where}: paragraph {n} (keep **bold** markers)"
        check = step.get("check")
        if isinstance(check, dict):
            if isinstance(check.get("prompt"), str):
                yield check["prompt"], f"{where}: question ({check.get('kind', '?')})"
            labels = check.get("labels")
            if isinstance(labels, dict):
                for value, label in labels.items():
                    if isinstance(label, str):
                        yield label, f"{where}: answer option {value!r}"
        if isinstance(step.get("hint"), str):
            yield step["hint"], f"{where}: hint"


def hand_texts(raw: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(text, where) for every translatable text of a parsed practice-hand document, in file order."""
    where = f"practice hand {raw.get('key', '?')} (lesson {raw.get('lesson', '?')})"
    notes = {
        "title": "title",
        "intro": "introduction: the one idea of the hand",
        "goal": "the goal, as the learner reads it",
        "success": "said when the goal is reached",
        "failure": "said when the goal is missed",
    }
    for field, note in notes.items():
        if isinstance(raw.get(field), str):
            yield raw[field], f"{where}: {note}"
    coach = raw.get("coach")
    if isinstance(coach, list):
        for index, item in enumerate(coach, start=1):
            if isinstance(item, dict) and isinstance(item.get("text"), str):
                when = item.get("when")
                flag = ", flags a mistake" if item.get("mistake") else ""
                yield item["text"], f"{where}: coach message {index}{flag}, said when: {when}"
    outcomes = raw.get("outcome")
    if isinstance(outcomes, list):
        for index, item in enumerate(outcomes, start=1):
            if isinstance(item, dict) and isinstance(item.get("text"), str):
                yield (
                    item["text"],
                    f"{where}: verdict for one outcome ({index}), said when the hand ends with: {item.get('when')}",
                )


def content_texts(raw: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """The texts of a lesson or of a practice hand (told apart by their keys)."""
    if "lesson" in raw and "steps" not in raw:
        return hand_texts(raw)
    return lesson_texts(raw)


def _toml_escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def _find_line(source: str, text: str, start: int) -> tuple[int, int]:
    """(line number, offset) of ``text`` in the TOML source, searching from ``start`` first."""
    head = text.split("\n", 1)[0][:60]
    for needle in (_toml_escaped(head), head):
        if not needle:
            continue
        for origin in (start, 0):
            found = source.find(needle, origin)
            if found >= 0:
                return source.count("\n", 0, found) + 1, found
    return source.count("\n", 0, start) + 1, start


def extract(
    fileobj: BinaryIO, keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Message]:
    """Babel extraction method: yield ``(lineno, funcname, message, comments)`` for a content file."""
    data = fileobj.read()
    source = data.decode(options.get("encoding", "utf-8") if options else "utf-8")
    raw = tomllib.loads(source)
    cursor = 0
    for text, where in content_texts(raw):
        lineno, cursor = _find_line(source, text, cursor)
        yield lineno, None, text, [where]
