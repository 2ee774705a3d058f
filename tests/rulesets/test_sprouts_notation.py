"""Sprouts moves in WGOSA notation on numbered spots (:mod:`misere.rulesets.sprouts_notation`):
every winning move printed, read back on the numbered drawing, leaves the solver's option (the
same canonical lands) and a P-position of the plain reference search; the moves of a drawing are
exactly the reference's; ``misere play sprouts ... --svg/--json`` and their refusals."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from misere.cli.app import app
from misere.errors import RulesetError
from misere.rulesets.sprouts import Sprouts as Reference
from misere.rulesets.sprouts import land_moves, parse_position, simplify_land
from misere.rulesets.sprouts_canon import lives
from misere.rulesets.sprouts_notation import (Drawing, drawing_of, find_move, named_moves, read_move, spot_list,
                                              start)
from misere.rulesets.sprouts_play import Sprouts

runner = CliRunner()

#: starts and how many moves deep their positions are taken (a few seconds in all)
REACH = [(2, 4), (3, 3), (4, 2), (5, 1), (6, 0)]
#: the reference search (no simplification) is asked about positions with at most this many lives
REFERENCE_LIVES = 9


@pytest.fixture(autouse=True)
def no_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MISERE_SPROUTS_STORE", "")


def reach(n: int, depth: int) -> list[Drawing]:
    """The drawings (one per position) at most ``depth`` moves from the ``n``-spot start."""
    seen, out, front = set(), [], [start(n)]
    for k in range(depth + 1):
        nxt = []
        for d in front:
            if d.key() not in seen:
                seen.add(d.key())
                out.append(d)
                nxt += [after for _, after in named_moves(d)] if k < depth else []
        front = nxt
    return out


def key_of(text: str) -> tuple:
    return tuple(sorted((simplify_land(x) for x in parse_position(text)), key=repr))


def test_every_printed_winning_move_leaves_the_solvers_option() -> None:
    """For every N-position a few moves from 2 to 6 spots: each winning move's notation, read
    back on the drawing, leaves the canonical lands of the option the solver chose, which the
    reference search finds lost for the player to move (where it is small enough to ask)."""
    counts = {"positions": 0, "moves": 0, "reference": 0}
    for n, depth in REACH:
        for d in reach(n, depth):
            if not Sprouts.outcome(d).left_first or not d.regions:   # no move left: a misère win
                continue
            counts["positions"] += 1
            wins = Sprouts.named_winning_moves(d)
            assert wins, d
            for mv, nm in wins:
                counts["moves"] += 1
                assert nm is not None and nm.exact and mv.notation == nm.text, (d, mv)
                named, after = read_move(d, nm.text)
                assert named.text == nm.text
                assert after.key() == key_of(mv.result), (d, nm.text)
                assert not Sprouts.outcome(after).left_first
                if sum(map(lives, parse_position(mv.result))) <= REFERENCE_LIVES:
                    counts["reference"] += 1
                    assert not Reference.outcome(mv.result).left_first, (d, nm.text)
    assert counts["positions"] > 70 and counts["moves"] > 250 and counts["reference"] > 200, counts


def test_the_moves_of_a_drawing_are_the_reference_moves() -> None:
    """The positions the named moves leave are those of the reference move generator (keyed the
    same way), one named move for each."""
    for n, depth in [(2, 3), (3, 2), (4, 1)]:
        for d in reach(n, depth):
            comps = d.components()
            ref = {tuple(sorted((simplify_land(x) for x in comps[:i] + res + comps[i + 1:]), key=repr))
                   for i, c in enumerate(comps) for _, res in land_moves(c)}
            named = [after.key() for _, after in named_moves(d)]
            assert sorted(named, key=repr) == sorted(ref, key=repr), d
            for key in ref:
                nm, after = find_move(d, key)
                assert after.key() == key and read_move(d, nm.text)[1].key() == key


def test_notation_of_the_first_moves() -> None:
    """From 3 spots: a loop around nothing, a loop around one spot (2 and 3 alike: the same game,
    different drawings), and a join; the enclosed list may name either side."""
    d = start(3)
    texts = {nm.text for nm, _ in named_moves(d)}
    assert texts == {"1(4)1", "1(4)1[2]", "1(4)2"}
    assert read_move(d, "1(4)1[3]")[1].key() == read_move(d, "1(4)1[2]")[1].key()
    assert read_move(d, "1(4)1[3]")[1].regions != read_move(d, "1(4)1[2]")[1].regions
    assert read_move(d, "1(4)1[2,3]")[1].key() == read_move(d, "1(4)1")[1].key()
    after = drawing_of("3: 1(4)1[2]; 3(5)4")
    assert after.next_spot == 6 and after.lives == (1, 3, 2, 0, 1)
    assert spot_list([5, 7, 10, 11, 12, 3]) == "3,5,7,10-12" and spot_list([4, 3]) == "3,4"


def test_at_names_the_region_of_the_new_spot() -> None:
    """After 1(4)1 on 3 spots, spots 1 and 4 meet two regions: the empty one inside the loop
    and the one holding 2 and 3. The curve through the latter is written 1(5@2)4 (or @3), the
    one through the region with no such spot plainly, 1(5)4 (WGOSA); they are different games."""
    d = drawing_of("3: 1(4)1")
    outer, plain = read_move(d, "1(5@2)4")[1], read_move(d, "1(5)4")[1]
    assert read_move(d, "1(5@3)4")[1] == outer and outer.key() != plain.key()
    texts = {nm.text for nm, _ in named_moves(d)}
    assert {"1(5)4", "1(5@2)4"} <= texts


@pytest.mark.parametrize("text, says", [
    ("1(5)2", "the new spot here is 4"), ("1(4)9", "spot 9 is not a live spot"),
    ("1(4)2[3]", "is not a move here"), ("1-4-2", "cannot read Sprouts move"), ("1(4)1[2-]", "cannot read the spots"),
])
def test_bad_moves_are_refused_in_one_line(text: str, says: str) -> None:
    with pytest.raises(RulesetError, match=says) as err:
        read_move(start(3), text)
    assert "\n" not in str(err.value)


def test_play_json_and_svg(tmp_path: Path) -> None:
    """``misere play sprouts '4: 1(5)2' --svg FILE --json``: the move in notation in the JSON,
    leaving a P-position once played; the picture numbers the spots and draws the move in."""
    out = tmp_path / "move.svg"
    r = runner.invoke(app, ["play", "sprouts", "4: 1(5)2", "--svg", str(out), "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    move = d["winning_moves"]["Left"][0]
    assert d["outcome"] == "N" and d["svg"] == str(out) and d["spots"] == "1,5,2,5;3;4"
    assert move["move"] and move["corner"] is None
    assert not Sprouts.outcome(f"4: 1(5)2; {move['notation']}").left_first
    svg = out.read_text()
    assert svg.startswith("<svg") and 'class="move"' in svg and 'class="legend"' in svg
    assert f"move {move['notation']}, new spot 6" in svg and ">5</text>" in svg
    text = runner.invoke(app, ["play", "sprouts", "4: 1(5)2"]).stdout
    assert f"the player to move: wins by {move['notation']}  (" in text and "Left" not in text


def test_bad_svg_paths_are_refused_before_any_work(tmp_path: Path) -> None:
    t = time.perf_counter()
    r = runner.invoke(app, ["play", "sprouts", "40", "--svg", str(tmp_path / "no" / "x.svg")])
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("\n") == 1
    assert r.stderr.startswith("error: ") and "does not exist" in r.stderr
    r = runner.invoke(app, ["play", "sprouts", "40", "--svg", str(tmp_path / "x.txt"), "--json"])
    assert r.exit_code == 1 and "error" in json.loads(r.stdout) and "Traceback" not in r.output
    assert time.perf_counter() - t < 5   # 40 spots: refused before the search
    for args in (["nim", "3"], ["sprouts", "3", "--moves", "#1"], ["sprouts", "3", "--play", "normal"]):
        r = runner.invoke(app, ["play", *args, "--svg", str(tmp_path / "x.svg")])
        assert r.exit_code == 1 and "--svg draws the winning move" in r.stderr, r.output


def test_interactive_play_speaks_the_notation() -> None:
    r = runner.invoke(app, ["play", "sprouts", "3", "--moves", "1(4)1[2]; #1"])
    assert r.exit_code == 0 and "Traceback" not in r.output
    assert "You play 1(4)1[2], leaving" in r.output and "(spots 1,4;2 / 1,4;3)" in r.output
    replies = [line for line in r.output.splitlines() if line.startswith("I play ")]
    assert replies and all("(" in line.split(":")[0] for line in replies)
    bad = runner.invoke(app, ["play", "sprouts", "3", "--moves", "1(5)2"])
    assert bad.exit_code == 1 and bad.stderr.strip() == "error: --moves: '1(5)2': the new spot here is 4, not 5"


def test_impartial_rulesets_answer_for_the_player_to_move() -> None:
    nim = runner.invoke(app, ["play", "nim", "3 4 5"]).stdout
    assert "the player to move: wins by take 2 from heap 3" in nim and "moving first" not in nim
    dom = runner.invoke(app, ["play", "domineering", "2x2"]).stdout
    assert "Left moving first" in dom and "Right moving first" in dom
