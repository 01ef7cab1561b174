"""One controller for a run at the table (a game, a practice hand): load it, play the learner's
action, ask for a hint, replay a finished hand. The play and practice features subclass
:class:`TableController` and fill in what differs (how a run becomes a table, what a finished action
writes, how the page is drawn); the protocol is the same for both:

* the run is loaded with its owner in one query (another learner's id is a 404, as an unknown one);
* a form carries the version it was drawn at: a missing one is a 400, a stale one a 409 that
  changes nothing; an illegal or unreadable action is a 400 with the engine's reason;
* the new log is written with a compare-and-swap on the version (``tutor.store.Runs.save``), so a
  double click or a second tab never applies an action twice or loses one;
* a successful action answers an htmx request with the new table at once (no redirect and second
  request), other browsers with a redirect (303) to the table;
* a hint is counted once per decision (``Runs.claim_hint``) and computed once per game version
  (:mod:`.hints`); a finished hand's replay is computed once and kept with the run;
* the bots' replies to one action are bounded by :data:`MOVE_SECONDS` together (their anytime
  search), a hint by :data:`~.hints.HINT_SECONDS`;
* actions and hints are counted per learner and per client address (``tutor.web.shared.limits``):
  past the budget, a 429 with ``Retry-After`` and a translated message, changing nothing.

Rebuilding a run's state replays its whole log, so the state is kept per app (per worker) for each
(kind, run id, run public id, version) (:class:`StateCache`): the next page or POST of the same run
starts from it. The version names the whole log (every write is a compare-and-swap on it), the
public id a run that is not another one made since with the same row id. A state is taken out of
the cache by the request that uses it (two requests never share one) and put back under the version
it was left at. ``PAGE_CACHES = False`` rebuilds it every time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Generic, TypeVar

from flask import abort, current_app, redirect, request
from werkzeug.wrappers import Response

from tutor.narration import error_message

from ....bots.table import Table, TableError
from ....engine.errors import InvalidNotationError, TrucoError
from ....i18n import gettext as _, ngettext
from ....store import Runs, db
from ...shared.caches import caches_on
from ...shared.htmx import wants_fragment
from ...shared.learner import session_public_id
from ...shared.limits import limited, search_deadline

R = TypeVar("R")
S = TypeVar("S")

STATES_KEPT = 128
"""Run states each app keeps (the latest used)."""
_KEY = "tutor.run_states"


class StateCache:
    """Run states by (kind, run id, version), the least recently used dropped first; thread-safe."""

    def __init__(self, size: int = STATES_KEPT) -> None:
        self.size = size
        self._states: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: tuple[Any, ...]) -> Any | None:
        """The state under ``key``, removed (the caller owns it now), or None."""
        with self._lock:
            return self._states.pop(key, None)

    def put(self, key: tuple[Any, ...], state: Any) -> None:
        with self._lock:
            self._states[key] = state
            self._states.move_to_end(key)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


def run_states() -> StateCache:
    """This app's run states."""
    found = current_app.extensions.get(_KEY)
    if found is None:
        found = current_app.extensions.setdefault(_KEY, StateCache())
    return found


MOVE_SECONDS = 0.3
"""The most time the bots' replies to one learner action take together (each decision at most
``tutor.bots.table.DECISION_SECONDS``)."""


def move_deadline() -> float | None:
    """The deadline of the bots' replies to an action starting now (None with ``TIME_BUDGETS`` off)."""
    return search_deadline(MOVE_SECONDS)


def too_many(seconds: int) -> str:
    return ngettext(
        "You are going faster than the table can think. Wait %(seconds)s second, then try again.",
        "You are going faster than the table can think. Wait %(seconds)s seconds, then try again.",
        seconds,
        seconds=seconds,
    )


def read_version(text: str | None) -> int | None:
    """The version a form was drawn at, or None if it is not one."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    return int(text)


def posted_senas() -> list[str]:
    """The señas an action form was sent with (checkboxes named ``sena``, at most eight read)."""
    return request.form.getlist("sena")[:8]


def senas_refused() -> str:
    # Translators: a seña is a signal to the partner (keep the term); the learner may make at most two, once a hand.
    return _("Those señas cannot be made now: choose at most two of those offered, once a hand.")


def moved_on() -> str:
    return _(
        "The table had already moved on (a second click, or another tab). Nothing was changed: here it is as it is now."
    )


class TableController(Generic[R, S]):
    """A feature's runs at the table. Subclasses set :attr:`kind` and implement the hooks."""

    kind = "run"
    """Names the feature's states in the cache."""

    # --- Hooks -----------------------------------------------------------------------------------

    def runs(self) -> Runs:
        """The store's repository of the feature's runs."""
        raise NotImplementedError

    def rebuild(self, run: R) -> S:
        """The run's state from its log (raises ``TableError``, ``ValueError`` or ``KeyError`` if it does not replay)."""
        raise NotImplementedError

    def table(self, state: S) -> Table:
        """The :class:`~tutor.bots.table.Table` of a state."""
        raise NotImplementedError

    def render(
        self,
        run: R,
        state: S,
        status: int = 200,
        *,
        since: int | None = None,
        error: str | None = None,
        show_hint: bool = False,
    ) -> Response:
        """The run's page (or its table block for htmx)."""
        raise NotImplementedError

    def url(self, run: R, **args: Any) -> str:
        """The run's page."""
        raise NotImplementedError

    def hint_url(self, run: R) -> str:
        """Where the hint's form of the run's page goes without JavaScript."""
        return self.url(run, hint=1, _anchor="hint")

    def refuse(self, run: R, state: S, text: str, drawn: int) -> tuple[int, str] | None:
        """A reason not to play ``text`` now (status, message), checked before the version."""
        return None

    def play(self, run: R, state: S, text: str) -> None:
        """Apply the learner's action (``hinted`` from the run); raises the engine's errors."""
        self.table(state).play(text, hinted=bool(getattr(run, "hint_pending", False)), deadline=move_deadline())

    def save(self, run: R, state: S, drawn: int, text: str) -> bool:
        """Write the run after the action ``text`` (a compare-and-swap on ``drawn``); False if it moved on."""
        table = self.table(state)
        return self.runs().save(run, drawn, log=table.log(), version=table.version, hint_pending=False)

    def stored_replay(self, run: R, index: int) -> dict[str, Any] | None:
        """A finished hand's replay kept with the run, if any."""
        raise NotImplementedError

    def keep_replay(self, run: R, index: int, data: dict[str, Any]) -> None:
        raise NotImplementedError

    # --- The protocol ----------------------------------------------------------------------------

    def load(self, public_id: str, **where: Any) -> R:
        """The learner's run with this id, else 404."""
        run = self.runs().load(session_public_id(), public_id, **where)
        if run is None:
            abort(404)
        return run

    def _key(self, run: Any, version: int) -> tuple[Any, ...]:
        return (self.kind, run.id, run.public_id, version)

    def state(self, run: Any) -> S:
        """The run's state at its stored version: from the cache (taken out), or rebuilt (a log that does
        not replay is a 404: it cannot be shown)."""
        if caches_on():
            found = run_states().take(self._key(run, run.version))
            if found is not None:
                return found
        try:
            return self.rebuild(run)
        except (TableError, ValueError, KeyError):
            abort(404)

    def keep(self, run: Any, state: S) -> None:
        """Put the state back for the next request of the run."""
        if caches_on():
            run_states().put(self._key(run, self.table(state).version), state)

    def show(self, run: R, state: S, status: int = 200, **options: Any) -> Response:
        """Render the run's page and keep its state."""
        response = self.render(run, state, status, **options)
        self.keep(run, state)
        return response

    def get(self, run: R, since: int | None = None) -> Response:
        return self.show(run, self.state(run), since=since)

    def refused(self, run: Any, state: S, kind: str) -> Response | None:
        """A 429 (the table as it is, a message, ``Retry-After``) when the learner or the address has
        spent its budget of ``kind`` requests, else None."""
        wait = limited(kind, learner=getattr(run, "learner_id", None))
        if wait is None:
            return None
        response = self.show(run, state, 429, error=too_many(wait))
        response.headers["Retry-After"] = str(wait)
        return response

    def act(self, run: Any, text: str, drawn_text: str | None) -> Response:
        """Play the learner's action posted with the version the page was drawn at."""
        state = self.state(run)
        table = self.table(state)
        drawn = read_version(drawn_text)
        if drawn is None:
            return self.show(
                run,
                state,
                400,
                error=_(
                    "This form has no valid version number, so it was not applied. Here is the table as it is now."
                ),
            )
        refused = self.refuse(run, state, text, drawn)
        if refused is not None:
            return self.show(run, state, refused[0], error=refused[1])
        if drawn != table.version:
            return self.show(run, state, 409, error=moved_on())
        over_budget = self.refused(run, state, "move")
        if over_budget is not None:
            return over_budget
        try:
            self.play(run, state, text)
        except InvalidNotationError:
            return self.show(
                run,
                self.state(run),
                400,
                error=_("That is not an action at this table. Use the buttons: a card, a call or an answer."),
            )
        except TrucoError as error:
            return self.show(run, self.state(run), 400, error=error_message(error))
        if not self.save(run, state, drawn, text):
            fresh = self.reload(run)
            return self.show(fresh, self.state(fresh), 409, error=moved_on())
        if wants_fragment():  # the new table at once, not a redirect and a second request
            db.session.refresh(run)
            return self.show(run, state, since=drawn)
        self.keep(run, state)
        return redirect(self.url(run, since=drawn), code=303)

    def reload(self, run: Any) -> R:
        """The run as stored now (after a compare-and-swap that failed)."""
        db.session.expire_all()
        return self.load(run.public_id)

    def hint(self, run: Any, drawn_text: str | None) -> Response:
        """Count a hint for the decision on the table and show it."""
        state = self.state(run)
        table = self.table(state)
        drawn = read_version(drawn_text)
        if drawn is None:
            return self.show(
                run,
                state,
                400,
                error=_(
                    "This form has no valid version number, so it was not applied. Here is the table as it is now."
                ),
            )
        if drawn != table.version:
            return self.show(run, state, 409, error=moved_on())
        if not table.learner_to_act:
            return self.show(
                run, state, 409, error=_("It is not your turn: a hint is given when you have a decision to make.")
            )
        over_budget = self.refused(run, state, "hint")
        if over_budget is not None:
            return over_budget
        self.runs().claim_hint(run, drawn)
        if wants_fragment():
            return self.show(run, state, show_hint=True)
        self.keep(run, state)
        return redirect(self.hint_url(run), code=303)

    def replay(self, run: R, state: S, index: int) -> dict[str, Any]:
        """Hand ``index``'s replay (computed once, then kept with the run)."""
        from .replay import is_current, replay_hand

        data = self.stored_replay(run, index)
        if data is None or not is_current(data):
            data = replay_hand(self.table(state), index)
            self.keep_replay(run, index, data)
        return data


__all__ = ["MOVE_SECONDS", "StateCache", "TableController", "move_deadline", "moved_on", "read_version", "run_states"]
