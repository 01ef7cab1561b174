"""The ``tutor`` command: ``tutor envido 7o 6o 3b [--lang pl]`` and ``tutor replay NOTATION [--lang pl]``.

The replay expectations are worked out from the rules (docs/rules/): who takes each trick, who takes
the hand, its points, the scores and who acts next."""

from __future__ import annotations

import io
import re
import shlex
import subprocess
import sys
import tomllib

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from tests.conftest import ROOT
from tutor import i18n
from tutor.cli import main
from tutor.i18n import load_translations, use_language


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_value_and_explanation():
    status, out, err = run("envido", "7o", "6o", "3b")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Cards: seven of coins (7o), six of coins (6o), three of clubs (3b)"
    assert lines[2] == "The envido is 33."
    assert lines[3] == "  20 + 7 + 6 = 33"
    assert "  - Cards that count: seven of coins and six of coins." in lines
    assert "  - Left out: three of clubs (another suit)." in lines


@pytest.mark.parametrize(
    ("argv", "headline"),
    [
        (("7o,6o,3b",), "The envido is 33."),
        (("A♠", "7♦", "K♥"), "The envido is 7."),
        (("12e", "11b", "10o"), "The envido is 0."),
        (("7c", "5c", "12e"), "The envido is 32."),
    ],
)
def test_card_forms(argv, headline):
    status, out, _ = run("envido", *argv)
    assert status == 0 and headline in out.splitlines()


def test_three_of_a_suit_prints_the_flor_too():
    status, out, _ = run("envido", "7o", "6o", "5o")
    assert status == 0
    lines = out.splitlines()
    assert "The envido is 33." in lines and "Flor: 38." in lines and "  20 + 7 + 6 + 5 = 38" in lines
    assert lines.index("The envido is 33.") < lines.index("Flor: 38.")


def test_polish_keeps_the_number_and_the_structure():
    _, english, _ = run("envido", "7c", "5c", "12e")
    status, polish, _ = run("envido", "7c", "5c", "12e", "--lang", "pl")
    assert status == 0
    english_lines, polish_lines = english.splitlines(), polish.splitlines()
    assert len(polish_lines) == len(english_lines)
    assert "  20 + 7 + 5 = 32" in polish_lines
    translations = load_translations("pl")
    assert polish_lines[2] == translations.gettext("The envido is %(points)s.") % {"points": 32}
    assert [line.startswith("  - ") for line in polish_lines] == [line.startswith("  - ") for line in english_lines]


def test_lang_really_switches_the_catalog(tmp_path, monkeypatch):
    catalog = Catalog(locale="pl", domain="messages")
    catalog.add("The envido is %(points)s.", "Envido wynosi %(points)s.")
    catalog.add("seven of cups", "siódemka pucharów", context="card")
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "messages.po", "wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path)
    i18n.load_translations.cache_clear()
    try:
        status, out, _ = run("envido", "7c", "5c", "12e", "--lang", "pl")
        _, english, _ = run("envido", "7c", "5c", "12e")
    finally:
        i18n.load_translations.cache_clear()
    assert status == 0
    assert "Envido wynosi 32." in out.splitlines()
    assert "siódemka pucharów (7c)" in out.splitlines()[0]
    assert "The envido is 32." in english.splitlines()


def test_translation_outside_a_request_needs_no_app():
    from flask import has_app_context

    with use_language("en"):
        assert i18n.current_language() == "en"
    with use_language("sv"):
        assert i18n.current_language() == "sv" and not has_app_context()


def test_the_command_loads_no_web_framework():
    """``tutor envido --lang de`` in a fresh interpreter: translated, and Flask, Werkzeug and Jinja never loaded."""
    code = (
        "import io, sys\n"
        "from tutor.cli import main\n"
        "out = io.StringIO()\n"
        "status = main(['envido', '7o', '6o', '3b', '--lang', 'de'], stdout=out)\n"
        "print(status, sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'werkzeug', 'jinja2'}))\n"
        "print(out.getvalue())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    first, report = result.stdout.split("\n", 1)
    assert first == "0 []"
    with use_language("de"):
        assert i18n.gettext("Cards: %(cards)s", cards="x").split(":")[0] in report


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (("8o", "6o", "3b"), "“8o” is not in the Spanish deck"),
        (("7o", "6o"), "Pick exactly three cards (2 were given)."),
        (("7o", "7o", "3b"), "Given twice: seven of coins."),
        (("7x", "6o", "3b"), "“7x” has no known suit"),
    ],
)
def test_bad_cards_exit_2_with_a_clear_message(cards, message):
    status, out, err = run("envido", *cards)
    assert status == 2
    assert out == ""
    assert err.startswith("tutor envido: ") and message in err


@pytest.mark.parametrize(
    "argv",
    [["envido"], ["envido", "7o", "6o", "3b", "--lang", "xx"], [], ["deal"], ["replay"], ["replay", "a", "b"]],
)
def test_bad_command_lines_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "usage: tutor" in capsys.readouterr().err


def test_console_script_is_declared():
    with open(ROOT / "pyproject.toml", "rb") as handle:
        scripts = tomllib.load(handle)["project"]["scripts"]
    assert scripts["tutor"] == "tutor.cli:main"


def test_runs_as_a_program_with_exit_status():
    good = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "envido", "7o", "6o", "3b", "--lang", "de"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert good.returncode == 0 and "20 + 7 + 6 = 33" in good.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "envido", "9e", "1e", "2e"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "9e" in bad.stderr and bad.stdout == ""


# --- tutor replay ------------------------------------------------------------------------------------

MINEIRO = "mineiro;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;"
PICA = (
    "argentino:players=6:pica=1;mano=1,pica;scores=5-0;1e,7o,3b|4c,5c,6c|7e,6o,5o|2e,2o,3c|4e,4o,5e|12e,11e,10e;"
    "1:mazo 2:7e 5:12e 2:6o 5:11e 5:10e 2:5o 3:2e 0:1e 0:7o 3:2o"
)


def replay(notation: str, *extra: str) -> list[str]:
    status, out, err = run("replay", notation, *extra)
    assert status == 0 and err == "", err
    return out.splitlines()


def test_an_argentine_hand_taken_on_two_tricks():
    # The ace of espadas beats the 4 of copas, the seven of oros (a mata) the 5 of copas (docs/rules §2).
    lines = replay("argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:1e 1:4c 0:7o 1:5c")
    assert lines[0] == "Game: argentino (argentino)"
    assert lines[1] == "2 players · mano: seat 0 · dealer: seat 1 · this hand is worth 1 point"
    assert lines[2:] == [
        "Trick 1: seat 0 1e, seat 1 4c; taken by seat 0",
        "Trick 2: seat 0 7o, seat 1 5c; taken by seat 0",
        "The hand is over; team 0 took it.",
        "Points in this hand: team 0: 1, team 1: 0",
        "Scores: team 0: 1, team 1: 0",
        "No team has won the match yet.",
        "Nobody is to act.",
    ]


def test_an_envido_scores_during_the_hand_and_the_truco_waits_for_its_answer():
    # Envido accepted: 31 (4c 5c 6c: 20 + 6 + 5) against 7, 2 points for team 1 (docs/rules §4).
    lines = replay("argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido 1:quiero 0:1e 1:4c 0:truco")
    assert "The hand is not over." in lines
    assert "Points in this hand: team 0: 0, team 1: 2" in lines and "Scores: team 0: 0, team 1: 2" in lines
    assert lines[-2:] == ["To act: seat 1", "Legal actions: quiero no_quiero retruco mazo"]


def test_a_catalan_hand_with_a_truc_accepted_by_playing():
    # docs/rules/catalan.md §9.2: 3 > 2 > 1 ... > 5 > 4; an opponent who plays without a word accepts.
    lines = replay("catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:4b 0:truc 1:5c 1:6c 0:3e 0:2o 1:1e")
    assert lines[0] == "Game: catalan (catalan)"
    assert "this hand is worth 2 points" in lines[1]
    assert lines[2:5] == [
        "Trick 1: seat 0 4b, seat 1 5c; taken by seat 1",
        "Trick 2: seat 1 6c, seat 0 3e; taken by seat 0",
        "Trick 3: seat 0 2o, seat 1 1e; taken by seat 0",
    ]
    assert "The hand is over; team 0 took it." in lines and "Scores: team 0: 2, team 1: 0" in lines


def test_a_mineiro_hand_offers_face_down_cards_from_the_second_trick():
    # The espadilha (1e) is a manilha, above every 3 (docs/rules/mineiro.md §9.3.3); from the second
    # trick a card may be played face down (§9.3.4), and there is no envido.
    lines = replay(MINEIRO + "0:3e 1:1e")
    assert lines[0] == "Game: mineiro (mineiro)"
    assert lines[2] == "Trick 1: seat 0 3e, seat 1 1e; taken by seat 1"
    assert lines[-2] == "To act: seat 1"
    assert set(lines[-1].removeprefix("Legal actions: ").split()) == {"5c", "6c", "~5c", "~6c", "truco"}


def test_a_mineiro_trick_of_face_down_cards_is_a_tie_and_the_first_trick_decides():
    # §9.3.4: a trick of face-down cards only is tied; §9.3.5: a tie after a won trick goes to the
    # winner of the first trick.
    lines = replay(MINEIRO + "0:3e 1:1e 1:~5c 0:~2o")
    assert lines[3] == "Trick 2: seat 1 ~5c, seat 0 ~2o; a tie"
    assert "The hand is over; team 1 took it." in lines and "Points in this hand: team 0: 0, team 1: 1" in lines


def test_a_mineiro_truco_accepted_is_worth_three_and_the_answer_may_raise_to_seis():
    lines = replay(MINEIRO + "0:truco 1:quiero 0:4b")
    assert "this hand is worth 3 points" in lines[1]
    assert "On the table: seat 0 4b" in lines
    assert set(lines[-1].removeprefix("Legal actions: ").split()) == {"1e", "5c", "6c", "seis"}


def test_the_mao_of_four_player_mineiro_keeps_passes_or_burns():
    deal = "4e,5o,6b|3c,2c,1c|4b,7c,1e|3b,2b,1o|12e,12b,12o|11e,11b,11o|10e,10b,10o"
    lines = replay(f"mineiro:players=4;mano=0;scores=0-0;{deal};")
    assert lines[1].startswith("4 players · mano: seat 0 · dealer: seat 3")
    assert lines[-2:] == ["To act: seat 0", "Legal actions: keep pass burn"]


def test_a_pica_pica_round_prints_each_duel():
    # docs/rules §7.4: seat 1 goes to the mazo against seat 4, seat 5 takes the second duel from seat 2
    # and seat 0 the third from seat 3; teams alternate, so team 0 holds seats 0, 2 and 4.
    lines = replay(PICA)
    assert lines[0] == "Game: argentino (argentino:players=6,pica_pica=yes)"
    duels = [line for line in lines if line.startswith("Duel ")]
    assert duels == [
        "Duel 1: seat 1 against seat 4",
        "Duel 2: seat 2 against seat 5",
        "Duel 3: seat 3 against seat 0",
    ]
    first = lines.index(duels[0])
    assert lines[first + 1 : first + 3] == [
        "  The hand is over; team 0 took it.",
        "  Points in this hand: team 0: 1, team 1: 0",
    ]
    assert "  Trick 3: seat 5 10e, seat 2 5o; taken by seat 5" in lines
    assert lines[-5:] == [
        "The hand is over.",
        "Points in this hand: team 0: 2, team 1: 1",
        "Scores: team 0: 7, team 1: 1",
        "No team has won the match yet.",
        "Nobody is to act.",
    ]


def test_the_hand_that_reaches_the_target_names_the_match_winner():
    lines = replay("argentino:target=15;mano=0;scores=14-0;1e,7o,3b|4c,5c,6c;0:1e 1:4c 0:7o 1:5c")
    assert "Scores: team 0: 15, team 1: 0" in lines and "The match is won by team 0." in lines


def test_the_replay_says_what_the_api_says(client):
    """The command and GET /api/v1/replay tell every hand the same way (one function for both)."""
    from urllib.parse import urlencode

    hands = [
        MINEIRO + "0:3e 1:1e 1:~5c 0:~2o",
        "catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:4b 0:truc 1:5c",
        "fixed;mano=1;scores=14-3;1e,7o,3b|4c,5c,6c;1:4c 0:1e",
    ]
    for hand in hands:
        body = client.get(f"/api/v1/replay?{urlencode({'hand': hand})}").get_json()
        lines = replay(hand)
        takers = [line.rsplit("; ", 1)[1] for line in lines if line.startswith("Trick ")]
        assert takers == ["a tie" if t["winner"] == "tie" else f"taken by seat {t['winner']}" for t in body["tricks"]]
        assert ("The hand is not over." in lines) is (not body["over"])
        assert f"Scores: team 0: {body['scores'][0]}, team 1: {body['scores'][1]}" in lines
        if body["to_act"] is not None:
            assert lines[lines.index(f"To act: seat {body['to_act']}") + 1] == "Legal actions: " + " ".join(
                body["legal_actions"]
            )
        for other in body["other_actions"]:
            assert any(
                line.startswith(f"Seat {other['seat']} may also: ") and other["action"] in line for line in lines
            )


def test_an_illegal_action_exits_2_with_its_number_and_the_rule():
    # Trick 1 may not be played face down (docs/rules/mineiro.md §9.3.4): the second action.
    status, out, err = run("replay", MINEIRO + "0:3e 1:~1e")
    assert status == 2 and out == ""
    assert err.startswith("tutor replay: Action 2 of the hand cannot be played: ")
    status, _, spanish = run("replay", MINEIRO + "0:3e 1:~1e", "--lang", "es")
    assert status == 2
    with use_language("es"):
        template = i18n.gettext("Action %(number)s of the hand cannot be played: %(why)s")
    assert template != "Action %(number)s of the hand cannot be played: %(why)s"  # the catalog has it
    assert spanish.startswith("tutor replay: " + template.split("%(why)s")[0] % {"number": 2})


def test_a_bet_out_of_the_ladder_is_refused_by_the_games_own_ladder_named_once():
    # After a Truco accepted, Mineiro's next bet is Seis (docs/rules/mineiro.md): a Nove is the fourth
    # action; the sentence counts the hand's actions, not the calls, and names Mineiro's next step.
    status, out, err = run("replay", MINEIRO + "0:truco 1:quiero 0:3e 1:nove")
    assert status == 2 and out == ""
    assert err.startswith("tutor replay: Action 4 of the hand cannot be played: "), err
    assert "Call " not in err and "Vale cuatro" not in err and "Retruco" not in err
    assert "the next step is Seis" in err


@pytest.mark.parametrize(
    "notation",
    ["nonsense", "mineiro;mano=0;scores=0-0;3e,2o|1e,5c,6c;", "argentino;mano=0;scores=0-0;1e,7o,3b|1e,5c,6c;"],
)
def test_a_hand_that_cannot_be_read_exits_2_with_a_message(notation):
    status, out, err = run("replay", notation)
    assert status == 2 and out == ""
    assert err.startswith("tutor replay: ") and len(err.strip()) > len("tutor replay: ")


def test_replay_in_polish_and_without_a_web_framework():
    code = (
        "import io, sys\n"
        "from tutor.cli import main\n"
        "out = io.StringIO()\n"
        f"status = main(['replay', {MINEIRO + '0:3e 1:1e'!r}, '--lang', 'pl'], stdout=out)\n"
        "print(status, sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'werkzeug', 'jinja2'}))\n"
        "print(out.getvalue())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    first, report = result.stdout.split("\n", 1)
    assert first == "0 []"
    players = load_translations("pl").ngettext("%(num)s player", "%(num)s players", 2) % {"num": 2}
    assert report.splitlines()[1].startswith(players)


def doc_examples() -> list[tuple[str, list[str]]]:
    """Each ``$ tutor ...`` example of docs/cli.md with the lines written under it."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, *printed = block.rstrip("\n").split("\n")
        assert command.startswith("$ tutor "), command
        examples.append((command.removeprefix("$ "), printed))
    return examples


def test_the_documented_examples_cover_every_game():
    rules = [
        shlex.split(command)[2].split(";")[0] for command, _ in doc_examples() if command.startswith("tutor replay")
    ]
    games = {r.split(":")[0] for r in rules}
    assert games == {"argentino", "fixed", "catalan", "mineiro"} and any("pica=1" in r for r in rules)


@pytest.mark.parametrize(("command", "printed"), doc_examples(), ids=lambda value: str(value)[:40])
def test_docs_cli_shows_what_the_command_prints(command, printed):
    status, out, err = run(*shlex.split(command)[1:])
    assert (out or err).rstrip("\n").split("\n") == printed
    assert status == (0 if out else 2)
