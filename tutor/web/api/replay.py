"""A hand replayed over the API: ``GET /replay?hand=<notation>``.

The hand is written as :func:`tutor.engine.notation.format_hand` writes it, in any game the engine
plays (``argentino``, ``fixed``, ``catalan``, ``mineiro``, with their options: ``catalan:players=4``),
and the answer (:func:`tutor.engine.summary.hand_summary`) is the hand after its actions: the game, each completed trick with the seat that took it (or
``"tie"`` for a parda), whether the hand is over and which team took it (null while it is not, or
when nobody scored), the points each team scored in it, the scores after it, the match's winner when
the hand ends the match, and the seat to act with its legal actions (the actions of other seats the
rules allow at the same moment, such as Catalan Truc's bet just after one's own card or the knock,
are listed apart). The whole deal is in the input, so nothing is hidden from the answer.

A pica-pica round of six-player Argentine Truco (``argentino:players=6,pica=1;mano=1,pica;...``,
docs/rules/argentine.md §7.4) answers the same fields for the round (its points, scores, the seat to
act), ``tricks``, ``current_trick`` and ``hand_value`` of the duel under way (the last one once the
round is over), ``winner`` null (a round has no single taker), and ``duels``: each duel started, with
its two seats (its mano first), tricks, end, the team that took it and the points it gave each team.

An action the engine refuses is a 400 problem with the code ``illegal_action``, the ``position`` of
that action in the log (from 0) and the engine's ``reason``; an unreadable hand is a 400 with the
notation's reason, as everywhere in the API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from werkzeug.datastructures import MultiDict

from tutor.narration import Field, refused_action

from ...engine.errors import IllegalActionError
from ...engine.notation import format_hand, parse_hand
from ...engine.state import HandState
from ...engine.summary import hand_summary
from ..shared.queries import about, param
from .schemas import PRINTABLE_ASCII, text
from .views import ApiError, Problem, read_args

REPLAY_EXAMPLE = "catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:4b 0:truc 1:5c 1:6c 0:3e 0:2o 1:1e"
"""A Catalan hand: seat 0 bets Truc just after its card, seat 1 accepts by playing without a word."""


MINEIRO_REPLAY = (
    "mineiro:players=4;mano=0;scores=0-0;4e,5o,6b|3c,2c,1c|6e,6o,6c|3b,12b,11o|10e,10b,10o|4b,2o,5c|12e,12o,12c;"
    "0:burn 0:pass 0:keep 0:2o 1:3c 2:10e 3:12b 1:truco 2:seis 3:quiero 1:2c 2:~10b 3:11o 0:4b"
)
"""A Truco Mineiro hand of four: the mão burns his first three, passes the next to his partner and keeps the
third; seat 1 takes trick 1, calls truco in trick 2, seat 2 answers seis, seat 3 accepts; seat 2 plays a card
face down and the mão's zap takes trick 2, the trick the bet is on: six to seats 0 and 2."""


PICA_REPLAY = (
    "argentino:players=6:pica=1;mano=1,pica;scores=5-0;1e,7o,3b|4c,5c,6c|7e,6o,5o|2e,2o,3c|4e,4o,5e|12e,11e,10e;"
    "1:mazo 2:7e 5:12e 2:6o 5:11e 5:10e 2:5o 3:2e 0:1e 0:7o 3:2o"
)
"""A pica-pica round: seat 1 goes to the mazo against seat 4, seat 5 takes the second duel from seat 2 and
seat 0 the third from seat 3."""


@dataclass(frozen=True)
class ReplayArgs:
    """``GET /replay``: a whole hand in the engine's notation."""

    hand: HandState = param(
        description=(
            "A whole hand as the engine writes it: `rules;mano=M;scores=A-B;deal;actions`, in any game: "
            "`argentino`, `fixed`, `catalan` (Catalan Truc), `mineiro` (Truco Mineiro), with options such as "
            "`catalan:players=4` or `argentino:players=4,target=15`, or a pica-pica round of six-player Argentine "
            "Truco (`argentino:players=6:pica=1;mano=1,pica;scores=5-0;...`: the round's three duels are one hand, "
            "their actions in playing order and in table seats). The deal lists every seat's three cards "
            "(`3e,2o,4b|1e,5c,6c`); in Truco Mineiro up to three more threes follow, the ones the mão is given "
            "after a pass or a burn. The actions are `seat:action` separated by spaces: a card (`0:3e`), a call "
            "(`envido`, `real_envido`, `falta_envido`, `truco`, `retruco`, `vale_cuatro`; in Catalan Truc `truc`, "
            "`retruc`; in Truco Mineiro `truco`, `seis`, `nove`, `doze`), `quiero` / `no_quiero`, `mazo`; in "
            "Catalan Truc `knock`, then `deal1` / `deal3` by the dealer; in Catalan Truc and Truco Mineiro "
            "`play11` / `run11` for the decision on 11 (the mão de onze); in Truco Mineiro `keep`, `pass` and "
            "`burn` for the mão's threes before the hand and `~<card>` for a card played face down (`1:~3c`)."
        ),
        schema=text(PRINTABLE_ASCII, 600),
        example=REPLAY_EXAMPLE,
        invalid="catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:envido",
        more=(
            ("pica_pica", "a pica-pica round of six-player Argentine Truco, its three duels played", PICA_REPLAY),
            ("mineiro", "a Truco Mineiro hand of four: burn, pass, keep, a seis and a card face down", MINEIRO_REPLAY),
        ),
    )

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        values = read_args(cls, args)
        with about(Field.CARDS, "hand"):
            record = parse_hand(values["hand"])
        try:
            state = record.state()
        except IllegalActionError as exc:
            index, message = refused_action(exc)
            raise ApiError(
                400,
                Problem.ILLEGAL_ACTION,
                message,
                parameter="hand",
                position=index,
                reason=exc.reason.value,
            ) from None
        return cls(state)

    def to_params(self) -> dict[str, str]:
        return {"hand": format_hand(self.hand)}


def replay_endpoint(args: ReplayArgs) -> dict[str, Any]:
    """The hand after its actions (see the module's notes): :func:`tutor.engine.summary.hand_summary`,
    which ``tutor replay`` prints too."""
    return hand_summary(args.hand)
