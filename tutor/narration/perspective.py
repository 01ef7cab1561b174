"""Who is who at the table, seen from one seat: "you", "your partner", "the opponent on your right".

A :class:`Perspective` names the seats and teams of a 2, 4 or 6 player table from the learner's
seat (any seat; the table puts the learner at seat 0 normally). Seats are counted in the order of
play and play goes to the right (counter-clockwise), so the seat after the learner's is the one on
their right; teams alternate (``seat % 2``):

=======  ==========  ===========================  =============================
players  you + 0     you + 1                      further seats
=======  ==========  ===========================  =============================
2        you         your opponent
4        you         the opponent on your right   +2 your partner, +3 the opponent on your left
6        you         the opponent on your right   +2 your partner on the right, +3 the opponent
                                                  opposite you, +4 your partner on the left,
                                                  +5 the opponent on your left
=======  ==========  ===========================  =============================

Teams are "your team" / "the other team" with partners; with two players a team is its player.
An *onlooker* perspective (``seat=None``, the envido checker and the API) numbers players and teams
from 1 instead: "player 3", "team 2".

Grammar rule for translators (said in the notes): a seat or team name is a noun phrase in the
nominative, used as a label ("Next to lead: your partner") or as the subject of a sentence in the
third person ("Your partner plays ..."). Sentences whose subject is the learner have their own
message ("You play ..."): check :meth:`Perspective.is_you` (a seat) or :meth:`Perspective.is_you_alone`
(a team that is the learner alone) and never glue "you" to a third-person verb.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.rules import player_counts
from tutor.i18n import gettext as _, ngettext, pgettext

from .words import number, sentence

__all__ = ["Perspective", "TABLE_SIZES"]

TABLE_SIZES = player_counts()
"""The numbers of players a table may have."""


@dataclass(frozen=True, slots=True)
class Perspective:
    """The table seen from ``seat`` (the learner's), or by an onlooker when ``seat`` is None."""

    seat: int | None = 0
    """The learner's seat (0-based, in playing order), or None for an onlooker."""
    players: int = 2
    """2, 4 or 6."""

    def __post_init__(self) -> None:
        if self.players not in TABLE_SIZES:
            raise ValueError(f"a table has 2, 4 or 6 players, not {self.players}")
        if self.seat is not None and not 0 <= self.seat < self.players:
            raise ValueError(f"seat {self.seat} is not at a table of {self.players}")

    @classmethod
    def onlooker(cls, players: int = 2) -> Perspective:
        """Nobody's seat: players and teams are numbered from 1 ("player 1", "team 2")."""
        return cls(None, players)

    # --- Who is who ---------------------------------------------------------------------------

    @property
    def team(self) -> int | None:
        """The learner's team (0 or 1), None for an onlooker."""
        return None if self.seat is None else self.seat % 2

    def relative(self, seat: int) -> int:
        """How many seats to the right of the learner ``seat`` sits (0 is the learner)."""
        if self.seat is None:
            raise ValueError("an onlooker has no seat to count from")
        return (seat - self.seat) % self.players

    def is_you(self, seat: int | None) -> bool:
        """True for the learner's own seat."""
        return self.seat is not None and seat == self.seat

    def is_partner(self, seat: int) -> bool:
        """True for a partner of the learner (same team, another seat)."""
        return self.seat is not None and seat != self.seat and seat % 2 == self.seat % 2

    def is_your_team(self, team: int | None) -> bool:
        """True for the learner's team."""
        return self.seat is not None and team == self.seat % 2

    def is_you_alone(self, team: int | None) -> bool:
        """True when ``team`` is the learner alone (a two-player game): a sentence then says "you"."""
        return self.players == 2 and self.is_your_team(team)

    # --- Names --------------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """The seat as the learner knows it, lower case for use inside a sentence (see module docstring)."""
        if self.seat is None:
            # Translators: a player at the table, counted from 1 (the engine's seat 0 is player 1).
            return _("player %(number)s", number=seat + 1)
        where = self.relative(seat)
        if where == 0:
            # Translators: the learner, as a player at the table ("Next to lead: you"). Lower case; the
            # page capitalises it where a sentence or a label starts.
            return pgettext("seat", "you")
        if self.players == 2:
            # Translators: the only other player in a two-player game.
            return pgettext("seat", "your opponent")
        if where == 1:
            # Translators: a seat at a four- or six-player table: the player who plays right after the
            # learner (play goes to the right).
            return pgettext("seat", "the opponent on your right")
        if self.players == 4:
            names = {
                # Translators: a seat at a four-player table: the learner's partner, sitting opposite.
                2: lambda: pgettext("seat", "your partner"),
                # Translators: a seat at a four-player table: the player who plays just before the learner.
                3: lambda: pgettext("seat", "the opponent on your left"),
            }
        else:
            names = {
                # Translators: a seat at a six-player table: the learner's partner two seats to the right.
                2: lambda: pgettext("seat", "your partner on the right"),
                # Translators: a seat at a six-player table: the opponent sitting opposite the learner.
                3: lambda: pgettext("seat", "the opponent opposite you"),
                # Translators: a seat at a six-player table: the learner's partner two seats to the left.
                4: lambda: pgettext("seat", "your partner on the left"),
                # Translators: a seat at a six-player table: the player who plays just before the learner.
                5: lambda: pgettext("seat", "the opponent on your left"),
            }
        return names[where]()

    def seat_label(self, seat: int) -> str:
        """The seat's name as a standalone label ("Your partner", "Player 3")."""
        return sentence(self.seat_name(seat))

    def team_name(self, team: int) -> str:
        """A team as the learner knows it, lower case: with two players the team is its player."""
        if self.seat is None:
            # Translators: one of the two teams, counted from 1 (players 1, 3, 5 form team 1; players 2, 4, 6 team 2).
            return _("team %(number)s", number=team + 1)
        if self.players == 2:
            return self.seat_name(team)
        if self.is_your_team(team):
            # Translators: the learner's team in a game with partners.
            return pgettext("team", "your team")
        # Translators: the team the learner plays against, in a game with partners.
        return pgettext("team", "the other team")

    def team_label(self, team: int) -> str:
        """The team's name as a standalone label ("Your team", "Team 2")."""
        return sentence(self.team_name(team))

    def points_for(self, points: int, team: int) -> str:
        """``"3 points for your opponent"``: one message per team, so each language can inflect."""
        count = number(points)
        if self.seat is None:
            # Translators: points scored by a team; %(team)s is a team name such as "team 1".
            return ngettext(
                "%(count)s point for %(team)s",
                "%(count)s points for %(team)s",
                points,
                count=count,
                team=self.team_name(team),
            )
        if self.is_you_alone(team):
            return ngettext("%(count)s point for you", "%(count)s points for you", points, count=count)
        if self.players == 2:
            return ngettext(
                "%(count)s point for your opponent", "%(count)s points for your opponent", points, count=count
            )
        if self.is_your_team(team):
            return ngettext("%(count)s point for your team", "%(count)s points for your team", points, count=count)
        return ngettext(
            "%(count)s point for the other team", "%(count)s points for the other team", points, count=count
        )
