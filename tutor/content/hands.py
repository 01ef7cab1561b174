"""Practice hands as data: the schema of ``tutor/content/hands/*.toml``, read by the one content reader.

A practice hand puts one idea of a lesson into play at a real table: a fixed deal or a deal
pattern, a script for the other seats, a coach who speaks when something happens, a goal and the
ideal line that reaches it. Every *when* is a predicate of :mod:`tutor.content.predicates`;
``AUTHORING.md`` shows a whole file. The runner is :mod:`tutor.content.practice`.

A file ``hands/NN-key.toml`` (``NN`` is the lesson's number) holds one hand::

    key = "lowest-card-that-wins"
    lesson = "tricks-and-parda"       # the lesson it belongs to
    order = 1                         # its place among that lesson's hands
    title = "..."
    intro = "..."                     # the one idea, in two or three sentences
    goal = "..."                      # the goal as the learner reads it
    success = "..."
    failure = "..."
    bots = "beginner"                 # who plays what the script does not cover
    quiet = true                      # the computer seats make no calls of their own
    ideal = ["play:lowest_winning", "play:highest", "play:highest"]

    [rules]                           # the engine's options
    preset = "argentino"
    players = 2
    envido = false                    # optional: a hand without envido (before lesson 5)
    mano = "opponent"                 # a seat word: learner, opponent, partner, s1..s5
    scores = [0, 0]                   # us, them

    [deal]                            # cards by seat word; seats left out are dealt from the seed
    learner = "3e 4c 1b"
    where = "not holds_mata(opponent)"  # a deal pattern: a predicate on the deal

    [check]
    goal = ["hand_won_by(us)", "lowest_winning(1)"]

    [[script]]                        # the other seats' scripted actions, first match wins
    seat = "opponent"
    when = ["learner_played(1)", "can(truco)"]
    do = "truco"

    [[coach]]                         # shown once, when the predicate first holds
    when = "trick_won_by(1, us)"
    text = "..."                      # what to learn; what happened comes from ``facts``
    mistake = false                   # true: the learner did something the lesson warns against
    facts = ["trick(1)"]              # claims the engine builds and the narrator words
    says = "trick_won_by(1, us)"      # what the text states, checked when said and at the end

    [[outcome]]                       # verdict texts by outcome, first match wins
    when = ["hand_won_by(us)", "not lowest_winning(1)"]
    text = "..."

A verdict always tells what happened from the engine (:func:`tutor.content.claims.verdict_claims`,
plus the top-level ``facts``), then the first matching outcome's text, else ``success`` or
``failure``: both say only what to learn, true of every way of reaching or missing the goal.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.bots.common import Level
from tutor.engine.cards import DECK, Card
from tutor.engine.envido import envido
from tutor.engine.errors import TrucoError
from tutor.engine.rules import RANKINGS, FlorMode, Rules, find_variant
from tutor.engine.state import CALLS, Action, Answer, Call, Deal, Decision, HandState, Mazo, PlayCard

from .checks.base import GenerationError
from .claims import check_fact_name
from .errors import ContentError
from .predicates import Moment, Predicate, deal_only, seats_of
from .reader import Reader

__all__ = ["ActionSpec", "ScriptRule", "CoachNote", "Outcome", "PracticeHand", "parse_hand_file", "TEXT_VALUES"]

PLAY_CHOICES = ("lowest", "highest", "lowest_winning", "tie", "mata")
"""How a scripted seat or the ideal line may name a card without knowing the deal: the weakest or
strongest card in hand, the weakest card that beats the best card on the trick (the weakest card
when nothing beats it, the strongest when leading), a card that ties the best card on the trick, the strongest mata."""

DECISIONS = ("play11", "run11")
"""The decision on 11 of the side on 11: play the hand, or run from it."""

TEXT_VALUES = (
    "learner_envido",
    "opponent_envido",
    "partner_envido",
    "points_us",
    "points_them",
    "score_us",
    "score_them",
)
"""Numbers a coach text may show: ``%(learner_envido)s`` and so on (see :func:`text_values`)."""

MAX_DEAL_TRIES = 20000
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


@dataclass(frozen=True)
class ActionSpec:
    """An action written for a seat that does not know the cards yet: a call (``truco``), an answer
    (``quiero``, ``no_quiero``), ``mazo``, the decision on 11 (``play11``, ``run11``: Catalan Truc,
    Truco Mineiro's mão de onze), or a card: ``play:7o`` or ``play:<choice>`` (PLAY_CHOICES)."""

    text: str

    @classmethod
    def read(cls, text: Any, where: str) -> ActionSpec:
        """Validate an action text; ContentError names ``where``."""
        if not isinstance(text, str):
            raise ContentError('expected an action such as "truco", "quiero" or "play:lowest"', path=where)
        if text in CALLS or text in ("quiero", "no_quiero", "mazo", *DECISIONS):
            return cls(text)
        if text.startswith("play:"):
            what = text[5:]
            if what in PLAY_CHOICES:
                return cls(text)
            try:
                Card.parse(what)
            except TrucoError:
                raise ContentError(
                    f"play:{what}: not a card nor one of {', '.join(PLAY_CHOICES)}", path=where
                ) from None
            return cls(text)
        raise ContentError(
            f"unknown action {text!r}; a call, quiero, no_quiero, mazo, play11, run11 "
            f"or play:<card or {'|'.join(PLAY_CHOICES)}>",
            path=where,
        )

    def resolve(self, hand: HandState, seat: int) -> Action | None:
        """The engine action for ``seat`` now, or None when the spec names nothing legal."""
        text = self.text
        if text.startswith("play:"):
            card = _choose_card(hand, seat, text[5:])
            action: Action | None = PlayCard(seat, card) if card is not None else None
        elif text == "mazo":
            action = Mazo(seat)
        elif text in ("quiero", "no_quiero"):
            action = Answer(seat, text == "quiero")
        elif text in DECISIONS:
            action = Decision(seat, text == "play11")
        else:
            action = Call(seat, CALLS[text])
        return action if action is not None and hand.can_apply(action) else None

    def __str__(self) -> str:
        return self.text


def _choose_card(hand: HandState, seat: int, what: str) -> Card | None:
    cards = hand.hands[seat]
    if not cards:
        return None
    ranking = RANKINGS[hand.rules.ranking]
    strength = ranking.strength
    by_strength = sorted(cards, key=lambda c: (strength(c), c.suit.value))
    if what == "lowest":
        return by_strength[0]
    if what == "highest":
        return by_strength[-1]
    if what == "mata":
        matas = [c for c in by_strength if ranking.level(c) <= 4]
        return matas[-1] if matas else None
    on_table = [card for _, card in hand.current_trick]
    best = max((strength(c) for c in on_table), default=None)
    if what == "lowest_winning":
        if best is None:
            return by_strength[-1]
        winners = [c for c in by_strength if strength(c) > best]
        return winners[0] if winners else by_strength[0]
    if what == "tie":
        ties = [c for c in by_strength if best is not None and strength(c) == best]
        return ties[0] if ties else None
    card = Card.parse(what)
    return card if card in cards else None


@dataclass(frozen=True)
class ScriptRule:
    """``when`` the predicate holds and one of ``seat``'s seats is to act, it takes ``do``."""

    index: int
    seat: str
    when: Predicate
    do: ActionSpec
    once: bool = True
    """Fire at most once in the hand (the default)."""


@dataclass(frozen=True)
class CoachNote:
    """A coach message, shown once, after the action that first makes ``when`` hold."""

    index: int
    when: Predicate
    text: str
    """English msgid: what to learn; may show :data:`TEXT_VALUES` as ``%(learner_envido)s``. It says
    nothing about what happened beyond what ``says`` states (the engine checks that)."""
    mistake: bool = False
    """True when it flags a mistake (a three-star result needs none)."""
    facts: tuple[str, ...] = ()
    """Fact names (:data:`tutor.content.claims.FACTS`): what happened, built by the engine when the
    message is said and worded by the narrator, shown before ``text``."""
    says: Predicate | None = None
    """What ``text`` states about the hand, as a predicate that must hold when the message is said
    and still hold when the hand is over (the tests check it on random lines)."""


@dataclass(frozen=True)
class Outcome:
    """A verdict text for one way the hand can end: the first outcome whose ``when`` holds at the end
    gives the verdict's text instead of ``success`` or ``failure``."""

    index: int
    when: Predicate
    text: str
    """English msgid: what to learn from this outcome (what happened is told by the engine's claims)."""
    mistake: bool = False
    """True when this outcome costs the third star (a goal reached another way than the lesson's)."""


@dataclass(frozen=True)
class PracticeHand:
    """One practice hand (see the module docstring for the file format)."""

    key: str
    lesson: str
    order: int
    title: str
    intro: str
    goal_text: str
    success: str
    failure: str
    rules: Rules
    mano: int
    scores: tuple[int, int]
    cards: tuple[tuple[Card, ...], ...]
    """The fixed cards of each seat (fewer than three: the rest comes from the seed)."""
    where: Predicate | None
    """The deal pattern; None for no constraint."""
    script: tuple[ScriptRule, ...]
    bots: Level
    coach: tuple[CoachNote, ...]
    goal: Predicate
    ideal: tuple[ActionSpec, ...]
    outcomes: tuple[Outcome, ...] = ()
    """Verdict texts by outcome, first match wins (``success`` / ``failure`` when none matches)."""
    facts: tuple[str, ...] = ()
    """Fact names the verdict tells besides the hand's result and points (e.g. ``trick(1)``)."""
    quiet: bool = False
    """The computer seats make no call of their own (they play cards and answer): for lessons
    before the calls are taught."""
    source: str = ""

    @property
    def fixed(self) -> bool:
        """True when the whole deal is given: every seed deals the same cards."""
        return all(len(cards) == 3 for cards in self.cards) and self.where is None

    @property
    def players(self) -> int:
        return self.rules.players

    def start(self, deal: Deal) -> HandState:
        """The hand dealt with ``deal``, before anyone acts."""
        return self.rules.new_hand(deal, self.mano, self.scores)

    def deal(self, seed: int) -> Deal:
        """The deal for ``seed``: the fixed cards, the rest drawn until the pattern holds."""
        rng = random.Random(f"practice:{self.key}:{seed}")
        fixed = {c for cards in self.cards for c in cards}
        rest = [c for c in DECK if c not in fixed]
        missing = sum(3 - len(cards) for cards in self.cards)
        for _ in range(MAX_DEAL_TRIES):
            pool = iter(rng.sample(rest, missing))
            deal = tuple(tuple(cards) + tuple(next(pool) for _ in range(3 - len(cards))) for cards in self.cards)
            if self.where is None or self.where.test(Moment(_DealOnly(self, deal), 0)):  # type: ignore[arg-type]
                return deal
        raise GenerationError(f"no deal met the pattern of {self.key} in {MAX_DEAL_TRIES} tries")


class _DealOnly:
    """What a deal pattern may look at (the deal, rules, seats, mano, scores, envido), without building
    a whole hand for each candidate deal: the predicates marked ``deal_only`` read nothing else."""

    __slots__ = ("deal", "rules", "players", "mano", "scores", "_envido")

    def __init__(self, spec: PracticeHand, deal: Deal) -> None:
        self.deal = deal
        self.rules = spec.rules
        self.players = spec.rules.players
        self.mano = spec.mano
        self.scores = spec.scores
        self._envido: dict[int, Any] = {}

    def envido_of(self, seat: int):
        found = self._envido.get(seat)
        if found is None:
            found = self._envido[seat] = envido(self.deal[seat])
        return found


def text_values(hand: HandState, learner: int = 0) -> dict[str, int]:
    """The numbers a coach text may show, at this moment of the hand."""
    moment = Moment(hand, learner)
    them = seats_of("opponent", moment)
    partners = seats_of("partner", moment)
    us = moment.us
    return {
        "learner_envido": hand.envido_of(learner).points,
        "opponent_envido": max(hand.envido_of(s).points for s in them),
        "partner_envido": max((hand.envido_of(s).points for s in partners), default=0),
        "points_us": hand.points[us],
        "points_them": hand.points[1 - us],
        "score_us": hand.scores[us],
        "score_them": hand.scores[1 - us],
    }


# --- Reading a hand file ---------------------------------------------------------------------------


def _seat_index(word: str, players: int, where: str) -> int:
    """A seat word that names exactly one seat, as a seat number (the learner is seat 0)."""
    if word == "learner":
        return 0
    if word == "opponent" and players == 2:
        return 1
    if word == "partner" and players == 4:
        return 2
    match = re.fullmatch(r"s([0-5])", word)
    if match and int(match.group(1)) < players:
        return int(match.group(1))
    raise ContentError(
        f"{word!r} is not one seat with {players} players: use learner, "
        f"{'opponent' if players == 2 else 'partner' if players == 4 else 's1'} or s0 to s{players - 1}",
        path=where,
    )


def _coach_text(r: Reader, key: str) -> str:
    text = r.text(key)
    assert text is not None
    for name in _PLACEHOLDER.findall(text):
        if name not in TEXT_VALUES:
            raise r.error(key, f"unknown value %({name})s; one of {', '.join(TEXT_VALUES)}")
    return text


def parse_hand_file(raw: Mapping[str, Any], lessons: Mapping[str, int], *, filename: str | None = None) -> PracticeHand:
    """Build a :class:`PracticeHand` from a parsed TOML document. ``lessons`` maps lesson keys to
    numbers (the file name starts with the lesson's number). Raises ContentError with the key path."""
    r = Reader(raw, "")
    key = r.key()
    lesson = r.choice("lesson", tuple(lessons))
    if filename is not None and filename != f"{lessons[lesson]:02d}-{key}.toml":
        raise r.error(
            "key",
            f"the file of hand {key!r} of lesson {lessons[lesson]} must be named {lessons[lesson]:02d}-{key}.toml",
        )
    order = r.integer("order", 1, 99)
    title, intro, goal_text = r.text("title"), r.text("intro"), r.text("goal")
    success, failure = r.text("success"), r.text("failure")
    bots = Level(r.choice("bots", ("beginner", "random"), default="beginner"))
    quiet = r.boolean("quiet", False)

    rules_r = r.table("rules", required=True)
    assert rules_r is not None
    preset = rules_r.choice("preset", ("argentino", "fixed", "catalan", "mineiro"), default="argentino")
    game = find_variant(preset).defaults
    players = rules_r.choice("players", (2, 4, 6), default=2)
    flor = rules_r.choice("flor", tuple(m.value for m in FlorMode), default="off")
    target = rules_r.choice("target", (12,) if game.target == 12 else (15, 30), default=game.target)
    envido_on = rules_r.boolean("envido", game.envido)
    try:
        rules = find_variant(preset).rules(players=players, target=target, flor=FlorMode(flor), envido=envido_on)
    except TrucoError as exc:
        raise rules_r.error("preset", f"not a ruleset the engine plays: {exc}") from None
    mano_word = rules_r.choice(
        "mano", ("learner", "opponent", "partner", "s1", "s2", "s3", "s4", "s5"), default="learner"
    )
    mano = _seat_index(mano_word, players, rules_r.where("mano"))
    score_list = rules_r.integers("scores", 0, target - 1, counts=(2,)) or (0, 0)
    rules_r.finish()

    deal_r = r.table("deal")
    cards: list[tuple[Card, ...]] = [() for _ in range(players)]
    where_pred: Predicate | None = None
    if deal_r is not None:
        for name in list(deal_r.raw):
            if name == "where":
                where_pred = deal_r.predicate("where")
                if not deal_only(where_pred):
                    raise deal_r.error("where", "a deal pattern may only look at the deal and the scores")
                continue
            seat = _seat_index(name, players, deal_r.where(name))
            got = deal_r.cards(name, low=1, high=3)
            cards[seat] = got or ()
        deal_r.finish()
        dealt = [c for seat_cards in cards for c in seat_cards]
        if len(set(dealt)) != len(dealt):
            raise deal_r.error("", "a card is dealt to two seats")

    check_r = r.table("check", required=True)
    assert check_r is not None
    goal = check_r.predicate("goal")
    check_r.finish()

    script = []
    for i, rule_r in enumerate(r.tables("script")):
        seat_word = rule_r.choice(
            "seat", ("opponent", "partner", "anyone", "s1", "s2", "s3", "s4", "s5"), default="opponent"
        )
        when = rule_r.predicate("when")
        do_raw = rule_r.raw_value("do")
        do = ActionSpec.read(do_raw, rule_r.where("do"))
        once = rule_r.boolean("once", True)
        rule_r.finish()
        script.append(ScriptRule(i, seat_word, when, do, once))  # type: ignore[arg-type]

    coach = []
    for i, note_r in enumerate(r.tables("coach", low=1)):
        when = note_r.predicate("when")
        text = _coach_text(note_r, "text")
        mistake = note_r.boolean("mistake", False)
        facts = _facts(note_r)
        says = note_r.predicate("says", required=False)
        if says is not None and not says.monotone:
            raise note_r.error("says", "says may only use words that stay true once true (see AUTHORING.md)")
        note_r.finish()
        coach.append(CoachNote(i, when, text, mistake, facts, says))  # type: ignore[arg-type]

    outcomes = []
    for i, out_r in enumerate(r.tables("outcome")):
        when = out_r.predicate("when")
        text = _coach_text(out_r, "text")
        mistake = out_r.boolean("mistake", False)
        out_r.finish()
        outcomes.append(Outcome(i, when, text, mistake))  # type: ignore[arg-type]

    verdict_facts = _facts(r)
    ideal_raw = r.raw_value("ideal")
    if not isinstance(ideal_raw, list) or not ideal_raw:
        raise r.error("ideal", 'expected the learner\'s ideal actions as a list, e.g. ["play:lowest_winning"]')
    ideal = tuple(ActionSpec.read(item, f"ideal[{i}]") for i, item in enumerate(ideal_raw))
    r.finish()
    return PracticeHand(
        key=key,
        lesson=lesson,
        order=order,
        title=title,
        intro=intro,
        goal_text=goal_text,
        success=success,
        failure=failure,
        rules=rules,
        mano=mano,
        scores=tuple(score_list),  # type: ignore[arg-type]
        cards=tuple(cards),
        where=where_pred,
        script=tuple(script),
        bots=bots,
        coach=tuple(coach),
        goal=goal,  # type: ignore[arg-type]
        ideal=ideal,
        outcomes=tuple(outcomes),
        facts=verdict_facts,
        quiet=quiet,
    )


def _facts(r: Reader) -> tuple[str, ...]:
    raw = r.raw_value("facts") if "facts" in r.raw else None
    if raw is None:
        return ()
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        raise r.error("facts", 'expected fact names, e.g. ["trick(1)", "awards"]')
    return tuple(check_fact_name(item, r.where("facts") + f"[{i}]") for i, item in enumerate(items))
