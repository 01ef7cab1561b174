"""Engine results told as sentences for learners, in the current language.

Import from here (``from tutor.web.shared.narration import error_message``), not from the modules
inside: :mod:`.explain` tells envido, flor, showdowns, stakes and the engine's refusal reasons.
"""

from .explain import (
    Explanation,
    Verdict,
    Field,
    call_name,
    points_text,
    player_label,
    team_label,
    card_list,
    explain_envido,
    explain_flor,
    judge_envido_guess,
    explain_showdown,
    team_values_text,
    explain_envido_stake,
    explain_truco_stake,
    explain_mazo,
    explain_flor_rules,
    error_message,
)

__all__ = [
    "Explanation",
    "Verdict",
    "Field",
    "call_name",
    "points_text",
    "player_label",
    "team_label",
    "card_list",
    "explain_envido",
    "explain_flor",
    "judge_envido_guess",
    "explain_showdown",
    "team_values_text",
    "explain_envido_stake",
    "explain_truco_stake",
    "explain_mazo",
    "explain_flor_rules",
    "error_message",
]
