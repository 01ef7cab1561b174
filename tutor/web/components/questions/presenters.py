"""One presenter per family of check kinds: how a question of that family is shown.

A presenter turns a :class:`~tutor.content.checks.Question` into what a template draws: the
situation view, the options with their labels, the explanation in sentences and the note naming
the usual mistake behind a wrong answer. :data:`PRESENTERS` maps every kind of
``tutor.content.checks.KINDS`` to its presenter (a test checks that none is missing and that each
presenter shows the situation type its kinds make), so a page that shows questions of any kind,
lessons, quizzes, the review of mistakes or a worksheet, asks :func:`presenter_for` and never tests
the kind's name::

    presenter = presenter_for(question.kind)
    presenter.situation(question, face)         # SituationView
    presenter.options(question, face)           # [OptionView]
    presenter.explanation(question, face)       # narration.ExplanationText (headline, reasons, formula)
    presenter.mistake(question, answer, face)   # "" or a sentence

:func:`tutor.web.components.questions.question_view` calls these for a whole page.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from tutor.narration import ExplanationText, judge_envido_guess

from ....content.checks import AnswerType, Question, Situation, explanations as ex, situations as sit
from ....engine.envido import envido
from . import situation as views
from .explain import explain
from .situation import OptionView, SituationView, option_views

__all__ = ["Presenter", "PRESENTERS", "presenter_for"]


class Presenter:
    """How the questions of some check kinds are shown. Subclasses set ``kinds`` and
    ``situation_type`` and build the situation view; the rest has defaults shared by every kind."""

    kinds: ClassVar[tuple[str, ...]] = ()
    """The check kinds (names in ``checks.KINDS``) shown by this presenter."""
    situation_type: ClassVar[type[Situation]] = Situation
    """The situation type those kinds make."""

    def situation(self, question: Question, face: str | None) -> SituationView:
        """What the question shows before it is answered (nothing beyond its options by default)."""
        return SituationView()

    def options(
        self, question: Question, face: str | None, *, chosen: Iterable[str] = (), reveal: bool = False
    ) -> list[OptionView]:
        """The answer options with their labels; ``chosen`` marks the learner's, ``reveal`` the right ones."""
        return option_views(question, face, chosen=chosen, reveal=reveal)

    def explanation(self, question: Question, face: str | None) -> ExplanationText:
        """The engine's explanation in sentences (the teller of its type, ``explain.EXPLAINERS``)."""
        return explain(question, face)

    def mistake(self, question: Question, answer: Any, face: str | None) -> str:
        """The usual mistake behind a wrong answer, when one explains it; "" otherwise."""
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(self.kinds)})"


class CardsPresenter(Presenter):
    """Cards to compare, order or pick: the options (or the order form) draw the cards."""

    kinds = ("stronger_card", "order_cards", "pick_cards")
    situation_type = sit.CardsSituation


class TrickPresenter(Presenter):
    """One trick: who led it, and its cards when the options do not draw them (seats to choose)."""

    kinds = ("trick_winner", "who_leads")
    situation_type = sit.TrickSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.TrickSituation)
        cards_in_options = any(option.card is not None for option in question.options)
        return views.trick_view(question.situation, with_cards=not cards_in_options)


class HeldCardsPresenter(Presenter):
    """The learner's three cards (envido, flor); a wrong envido count names the usual mistake."""

    kinds = ("envido_value", "flor_value", "is_flor")
    situation_type = sit.HeldCardsSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.HeldCardsSituation)
        return views.held_cards_view(question.situation)

    def mistake(self, question: Question, answer: Any, face: str | None) -> str:
        if not isinstance(question.explanation, ex.EnvidoCount) or question.answer_type is not AnswerType.NUMBER:
            return ""
        if not isinstance(answer, int) or answer == question.expected:
            return ""
        return judge_envido_guess(envido(question.explanation.cards), answer, face).hint or ""


class ShowdownPresenter(Presenter):
    """An accepted envido: the players in speaking order with their number or their cards."""

    kinds = ("showdown",)
    situation_type = sit.ShowdownSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.ShowdownSituation)
        return views.showdown_view(question.situation)


class TricksPlayedPresenter(Presenter):
    """The tricks of a hand so far."""

    kinds = ("hand_winner",)
    situation_type = sit.TricksPlayedSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.TricksPlayedSituation)
        return views.tricks_played_view(question.situation)


class EnvidoCallsPresenter(Presenter):
    """Envido calls and their answer, the score and the envidos."""

    kinds = ("envido_points",)
    situation_type = sit.EnvidoCallsSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.EnvidoCallsSituation)
        return views.envido_calls_view(question.situation)


class LadderPresenter(Presenter):
    """The envido calls made so far."""

    kinds = ("envido_raises",)
    situation_type = sit.LadderSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.LadderSituation)
        return views.ladder_view(question.situation)


class TrucoCallsPresenter(Presenter):
    """Truco calls, their answers, and how the hand ended."""

    kinds = ("truco_points",)
    situation_type = sit.TrucoCallsSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.TrucoCallsSituation)
        return views.truco_calls_view(question.situation)


class ScorePresenter(Presenter):
    """A score in a game."""

    kinds = ("malas_buenas",)
    situation_type = sit.ScoreSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.ScoreSituation)
        return views.score_view(question.situation)


class PlayedHandPresenter(Presenter):
    """A hand in progress: the table, the learner's cards and the log."""

    kinds = ("legal_calls",)
    situation_type = sit.PlayedHandSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.PlayedHandSituation)
        return views.played_hand_view(question.situation, face)


class GameEndPresenter(Presenter):
    """The last hand of a game and the points it gives."""

    kinds = ("game_end",)
    situation_type = sit.GameEndSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.GameEndSituation)
        return views.game_end_view(question.situation)


class TablePresenter(Presenter):
    """Seats around a table, with the dealer or the mano marked."""

    kinds = ("seat_role",)
    situation_type = sit.TableSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.TableSituation)
        return views.table_view(question.situation)


class SenaPresenter(Presenter):
    """A partner's seña, drawn large with its gesture; the options are the meanings."""

    kinds = ("sena_meaning",)
    situation_type = sit.SenaSituation

    def situation(self, question: Question, face: str | None) -> SituationView:
        assert isinstance(question.situation, sit.SenaSituation)
        return views.sena_view(question.situation)


ALL_PRESENTERS: tuple[Presenter, ...] = (
    CardsPresenter(),
    TrickPresenter(),
    HeldCardsPresenter(),
    ShowdownPresenter(),
    TricksPlayedPresenter(),
    EnvidoCallsPresenter(),
    LadderPresenter(),
    TrucoCallsPresenter(),
    ScorePresenter(),
    PlayedHandPresenter(),
    GameEndPresenter(),
    TablePresenter(),
    SenaPresenter(),
)

PRESENTERS: dict[str, Presenter] = {kind: presenter for presenter in ALL_PRESENTERS for kind in presenter.kinds}
"""The presenter of every check kind, by the kind's name."""


def presenter_for(kind: str) -> Presenter:
    """The presenter of a check kind (KeyError naming the kind if none shows it)."""
    try:
        return PRESENTERS[kind]
    except KeyError:
        raise KeyError(f"no presenter shows the check kind {kind!r}") from None
