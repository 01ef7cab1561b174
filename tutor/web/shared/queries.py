"""Query and form objects: a request's input read once, into a typed, frozen dataclass.

A view reads its input with one call and then only computes and renders::

    try:
        query = StakesQuery.from_args(request.args)     # or SetupForm.from_form(request.form)
    except TrucoError as exc:                           # FormErrors for a form that lists every bad field
        return ...error page with error_message(exc), status 400
    ...
    links and share boxes: url_for(endpoint, **query.to_params())

``from_args`` either returns the typed values or raises the engine's
:class:`~tutor.engine.errors.TrucoError` with a ``field`` detail (the readers of :mod:`.readers`
add it; :func:`about` adds it around an engine call), so that :func:`tutor.narration.error_message`
says in the page's language what is wrong; a form that shows every wrong field at once raises
:class:`FormErrors` instead. ``to_params()`` gives the canonical query back, for links, redirects,
share boxes and QR codes: reading it again gives the same object.

A field declared with :func:`param` is also a request parameter with its public description: the
name on the wire, whether it is required, its JSON Schema (enum, pattern, maximum length, ...), a
description and examples. :func:`parameters` lists them in declaration order; the JSON API builds
its strict reading (unknown and repeated parameters) and its OpenAPI ``parameters`` from them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Protocol, Self

from werkzeug.datastructures import MultiDict

from tutor.narration import Field, error_message

from ...engine.errors import TrucoError

_PARAM = "param"
"""The key of a field's :class:`Param` in its dataclass metadata."""


@dataclass(frozen=True)
class Param:
    """One request parameter of a query object, as the API reads and documents it."""

    name: str
    """The name on the wire."""
    required: bool = False
    description: str = ""
    schema: Mapping[str, Any] | None = None
    """JSON Schema of the value as sent (a string): ``enum``, ``pattern``, ``maxLength``..."""
    example: str | None = None
    """A value that is accepted."""
    invalid: str | None = None
    """A value that is refused with a 400 (the tests send it)."""
    more: tuple[tuple[str, str, str], ...] = ()
    """More accepted values, each ``(name, summary, value)``: a named example of the document each
    (a pica-pica round, say); the tests send them too."""


def param(name: str | None = None, *, default: Any = MISSING, **spec: Any) -> Any:
    """A dataclass field read from the request parameter ``name`` (by default the field's name);
    ``spec`` is the rest of its :class:`Param`. A field without a default is a required parameter."""
    return field(default=default, metadata={_PARAM: {"name": name, "required": default is MISSING, **spec}})


def parameters(query: type) -> tuple[Param, ...]:
    """The request parameters of a query object's fields, in declaration order (fields made with
    :func:`param`; other fields are derived values)."""
    return tuple(
        Param(**{**item.metadata[_PARAM], "name": item.metadata[_PARAM]["name"] or item.name})
        for item in fields(query)
        if _PARAM in item.metadata
    )


class Query(Protocol):
    """What a query object offers: read from the request's arguments, written back as a query."""

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self: ...

    def to_params(self) -> Mapping[str, str | Sequence[str]]: ...


def param_items(params: Mapping[str, str | Sequence[str]]) -> list[tuple[str, str]]:
    """``to_params()`` as (name, value) pairs in order, a list as the name repeated.

    >>> param_items({"player": ["33", "20"], "mano": "2"})
    [('player', '33'), ('player', '20'), ('mano', '2')]
    """
    return [(name, item) for name, value in params.items() for item in ([value] if isinstance(value, str) else value)]


@contextmanager
def about(which: Field, parameter: str | None = None) -> Iterator[None]:
    """Tell an engine error raised inside which input it is about: the ``field`` for its sentence
    and, for the API, the ``parameter`` its problem document names (details already set are kept)."""
    try:
        yield
    except TrucoError as exc:
        exc.details.setdefault("field", which)
        if parameter is not None:
            exc.details.setdefault("parameter", parameter)
        raise


class FormErrors(Exception):
    """A form refused field by field: a translated message per field name, in the form's order."""

    def __init__(self, messages: Mapping[str, str]) -> None:
        super().__init__(", ".join(messages))
        self.messages = dict(messages)


@contextmanager
def collect(errors: dict[str, str], name: str, which: Field | None = None) -> Iterator[None]:
    """Keep an engine error raised inside as the message of field ``name`` and go on (to show
    every wrong field at once, then raise :class:`FormErrors`)."""
    try:
        yield
    except TrucoError as exc:
        errors[name] = error_message(exc, which)
