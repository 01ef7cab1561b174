"""The set-up form of a table (``/play``, a table with people) as a form object
(:mod:`tutor.web.shared.queries`): the choices read into a typed, frozen value, or a translated
message for each choice that is not one.

The form is a POST with the CSRF token every form carries (``tutor.web.shared.security``); the
values a GET of the page is given (``?players=4``) only preselect the choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from tutor.narration import error_message

from ....engine.errors import TrucoError
from ....engine.rules import FlorMode, Rules, find_variant, player_counts, table_presets
from ....i18n import gettext as _
from ...shared.queries import FormErrors

PLAYERS = player_counts()
PRESETS = table_presets()
FLOR_MODES = tuple(m.value for m in FlorMode)
TARGETS = (15, 30)
LEVELS = ("beginner", "strong", "random")


@dataclass(frozen=True)
class SetupForm:
    """A new game's choices: players, ruleset preset, flor, the points to win and the bots' level."""

    players: int = 2
    preset: str = "argentino"
    flor: FlorMode = FlorMode.OFF
    target: int = 30
    level: str = "beginner"
    pica: bool = False
    """Pica-pica (six-player Argentine Truco only, docs/rules/argentine.md §7.4): a checkbox, ``pica=1``."""

    @classmethod
    def typed_fields(cls, form: Any) -> dict[str, str]:
        """The values as sent, the default for a missing one (what the form shows checked)."""
        return {name: form.get(name, value) for name, value in cls().to_params().items()}

    @classmethod
    def from_form(cls, form: Any) -> Self:
        """The choices, or :class:`FormErrors` with a message per wrong one (the combinations a
        preset refuses are checked once each choice is valid). Every table's form reads the same
        choices: the table with computer players, a table with people and a class's tables."""
        values = cls.typed_fields(form)
        errors: dict[str, str] = {}
        if values["players"] not in {str(p) for p in PLAYERS}:
            errors["players"] = _("Choose 2, 4 or 6 players.")
        if values["preset"] not in PRESETS:
            errors["preset"] = _("Choose one of the rulesets in the list.")
        if values["flor"] not in FLOR_MODES:
            # Translators: flor (three cards of one suit) and contraflor are Truco terms; keep them.
            errors["flor"] = _("Choose how flor is played: off, simple or with contraflor.")
        if values["target"] not in {str(t) for t in TARGETS}:
            errors["target"] = _("Choose a game to 15 or to 30 points.")
        if values["level"] not in LEVELS:
            errors["level"] = _("Choose one of the levels in the list.")
        if not errors and values["preset"] == "fixed" and values["players"] == "6":
            errors["players"] = _("The fixed ruleset is played by 2 or 4 players.")
        if not errors and values["preset"] == "fixed" and values["flor"] != "off":
            # Translators: flor (three cards of one suit) is a Truco term; keep it.
            errors["flor"] = _("The fixed ruleset has no flor.")
        if not errors and values["preset"] == "catalan" and values["players"] == "6":
            # Translators: Catalan Truc is a game of its own (docs/rules/catalan.md); keep "Truc" as it is.
            errors["players"] = _("Catalan Truc is played by 2 or 4 players.")
        if not errors and values["preset"] == "catalan" and values["flor"] != "off":
            # Translators: Catalan Truc has no envido and no flor (three cards of one suit); keep "Truc" and "flor".
            errors["flor"] = _("Catalan Truc has no flor.")
        if not errors and values["preset"] == "mineiro" and values["players"] == "6":
            # Translators: Truco Mineiro is the Truco of Minas Gerais (Brazil), a game of its own; keep the name.
            errors["players"] = _("Truco Mineiro is played by 2 or 4 players.")
        if not errors and values["preset"] == "mineiro" and values["flor"] != "off":
            # Translators: Truco Mineiro has no envido and no flor (three cards of one suit); keep "flor".
            errors["flor"] = _("Truco Mineiro has no flor.")
        if values["pica"] not in ("", "1"):
            # Translators: pica-pica is a Truco term (six players, duels one against one); keep it.
            errors["pica"] = _("Pica-pica is either on or off.")
        elif not errors and values["pica"] and (values["players"] != "6" or values["preset"] != "argentino"):
            # Translators: pica-pica is a Truco term (six players, duels one against one); keep it.
            errors["pica"] = _("Pica-pica is played only by 6 players, with the Argentine rules.")
        if errors:
            raise FormErrors(errors)
        variant = find_variant(values["preset"])
        # A game with one target (Catalan Truc, Truco Mineiro: 12) is played to it whatever the target choice says.
        target = variant.targets[0] if len(variant.targets) == 1 else int(values["target"])
        setup = cls(
            int(values["players"]),
            values["preset"],
            FlorMode(values["flor"]),
            target,
            values["level"],
            bool(values["pica"]),
        )
        try:
            setup.rules()
        except TrucoError as error:
            raise FormErrors({"preset": error_message(error)}) from None
        return setup

    def rules(self) -> Rules:
        """The game's ruleset: the preset with these choices."""
        options: dict[str, Any] = {"pica_pica": True} if self.pica else {}
        return find_variant(self.preset).rules(players=self.players, target=self.target, flor=self.flor, **options)

    def to_params(self) -> dict[str, str]:
        return {
            "players": str(self.players),
            "preset": self.preset,
            "flor": self.flor.value,
            "target": str(self.target),
            "level": self.level,
            "pica": "1" if self.pica else "",
        }
