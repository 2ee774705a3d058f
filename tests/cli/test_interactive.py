"""``misere play --interactive`` / ``--moves`` (issue 13 item 4): the machine answers with a
winning move whenever one exists (checked against the brute-force oracle), bad moves are
answered in one line, Ctrl-C and end of input end the game cleanly."""
from __future__ import annotations

import builtins
import re

import pytest
from typer.testing import CliRunner

import misere as m
from misere.cli.app import app
from misere.cli.interactive import HeapArena, RulesetArena, play_session
from misere.rulesets.registry import find_ruleset
from tests.oracle.heap_oracle import octal_rules, outcome_function

runner = CliRunner()


def test_scripted_heap_game_ends_with_the_misere_winner() -> None:
    r = runner.invoke(app, ["play", "0.07", "9", "5", "--moves", "9 -> 2 5; 5 -> 3; #1"])
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    assert r.output.splitlines()[-1].endswith("in misère play that is a win. You win.")


def test_machine_always_wins_from_an_n_position() -> None:
    """Whatever the user plays, the machine, moving first from an N-position, wins (oracle)."""
    is_p = outcome_function(octal_rules("0.07"))
    q = m.quotient("0.07", max_heap=12, certify=0)
    starts = [(a, b) for a in range(1, 11) for b in range(a, 11) if not is_p((a, b))]
    assert len(starts) > 20
    for start, pick in [(s, p) for s in starts for p in ("#1", "last")]:
        arena = HeapArena(q, list(start))
        said: list[str] = []
        state = {"pos": arena.start}

        def read(prompt: str) -> str:  # the user takes the first or the last listed move
            return "#1" if pick == "#1" else f"#{len(arena.legal(state['pos'], 'you'))}"

        def say(line: str) -> None:
            said.append(line)
            found = re.search(r"leaving (.*)$", line) or re.search(r"it leaves (.*), of value", line)
            if found:
                text = found.group(1).replace("0 (no heaps)", "")
                state["pos"] = tuple(sorted(int(h) for h in text.split("+") if h.strip()))

        winner = play_session(arena, you="you", me="the machine", you_first=False, read=read, say=say)
        assert winner == "machine", (start, said)
        assert not any("no winning move" in s for s in said)
        # every machine move left a P-position of the brute force
        for s in said:
            mv = re.match(r"I play .*: it leaves (.*), of value", s)
            if mv:
                heaps = tuple(sorted(int(h) for h in mv.group(1).replace("0 (no heaps)", "").split("+") if h.strip()))
                assert is_p(heaps), s


def test_partizan_ruleset_side_and_hint() -> None:
    r = runner.invoke(app, ["play", "domineering", ".../...", "--moves", "moves; hint; #1"])
    assert r.exit_code == 0 and "Traceback" not in r.output
    out = r.output
    assert "#1  vertical domino" in out and "hint: " in out
    # a script stops at its first move that is not one (issue 41): exit 1, one error line
    r = runner.invoke(app, ["play", "domineering", ".../...", "--moves", "moves; bogus; #1"])
    assert r.exit_code == 1 and "#1  vertical domino" in r.stdout and "You play vertical" not in r.stdout
    assert r.stderr.strip() == "error: --moves: 'bogus' is not a move of Left here (type 'moves' for the list)"
    # the machine plays Right; Right moving second, moves must exist for the outcome it claims
    dom = find_ruleset("domineering")
    arena = RulesetArena(dom, ".../...")
    best = arena.winning(arena.start, "Left")
    assert best is not None and dom.outcome(best[0].after).value in ("P", "L")


def test_ctrl_c_and_end_of_input_are_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    r = runner.invoke(app, ["play", "0.07", "9", "-i"])
    assert r.exit_code == 130 and "Game abandoned." in r.output and "Traceback" not in r.output
    monkeypatch.undo()
    r = runner.invoke(app, ["play", "0.07", "9", "-i"], input="")
    assert r.exit_code == 0 and "Game abandoned." in r.output


def test_bad_side_and_json_are_refused_in_one_line() -> None:
    r = runner.invoke(app, ["play", "domineering", "2x2", "-i", "--as", "up"])
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "--as takes Left or Right" in r.output
    r = runner.invoke(app, ["play", "0.07", "9", "-i", "--json"])
    assert r.exit_code == 1 and r.output.strip().startswith('{"error"')


# --- play speaks each game's language (issue 26 item 3) --------------------------------------

def test_impartial_rulesets_speak_of_you_and_the_machine() -> None:
    """Nim, Cram and Sprouts are impartial: no "Left"/"Right", and the machine's reply names the
    P-position it leaves."""
    for args in (["nim", "3 4"], ["cram", "2x3"]):
        r = runner.invoke(app, ["play", *args, "--moves", "#1; #1"])
        assert r.exit_code == 0, r.output
        assert "Left" not in r.output and "Right" not in r.output, r.output
        assert r.output.startswith("Position: ") and "You move first." in r.output.splitlines()[0]
        assert "your move> " in r.output and "whoever moves next loses" in r.output


def test_domineering_replies_show_the_whole_board_in_the_users_coordinates() -> None:
    """On a 3x3 board, after every move (the user's and the machine's) the board is printed
    whole, with '#' on covered squares, and the move's squares are those of the user's board."""
    from misere.cli.interactive import DomineeringArena, arena_for

    dom = find_ruleset("domineering")
    arena = arena_for(dom, "3x3")
    assert isinstance(arena, DomineeringArena)
    said: list[str] = []
    moves = iter(["#1", "#1", "#1"])
    play_session(arena, you="Left", me="Right", you_first=True, read=lambda p: next(moves, None),
                 say=said.append)
    boards = re.findall(r"(?:leaving|leaves) ([.#/]+)", "\n".join(said))
    assert boards and all(len(b.split("/")) == 3 and all(len(row) == 3 for row in b.split("/"))
                          for b in boards)
    covered = [b.count("#") for b in boards]
    assert covered == sorted(covered) and covered[0] == 2 and len(set(covered)) == len(covered)
    # the machine's reply leaves a board Left loses moving first (the whole-board search)
    for line in said:
        mv = re.match(r"I play .*: it leaves ([.#/]+), which Left loses", line)
        if mv:
            assert not dom.outcome(mv.group(1).split("/")).left_first
    assert any(line.startswith("I play horizontal domino at (2,") for line in said), said
