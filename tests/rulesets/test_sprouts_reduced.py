"""Reduced canonical trees (misère Sprouts): the search over sums of trees gives the plain
search's outcome on every land with at most 8 lives reachable from small starts, on sums of two
such lands, and the published outcomes of the n-spot starts (Lemoine and Viennot, arXiv
0908.4407; the table of tests/rulesets/test_sprouts_solve.py)."""
from __future__ import annotations

import random

import pytest

from misere.rulesets.sprouts import Sprouts, format_land, parse_position, spots
from misere.rulesets.sprouts_canon import lives
from misere.rulesets.sprouts_reduced import ReducedSolver
from misere.rulesets.sprouts_solve import SproutsSolver
from tests.rulesets.test_sprouts_solve import MISERE, NORMAL, reachable

#: (tree_lives, built): every land a tree from 3 lives up, the default, trees only below the
#: threshold, and trees for every land of the tests
SETTINGS = [(0, True), (6, True), (6, False), (8, True)]


def _lands(starts: list, max_lives: int = 8) -> list:
    return [x for x in reachable(starts) if lives(x) <= max_lives]


def _agree(lands: list, pairs: int = 0, seed: int = 0) -> None:
    plain = SproutsSolver()
    reduced = [ReducedSolver(tree_lives=t, built=b) for t, b in SETTINGS]
    positions = [[x] for x in lands]
    rng = random.Random(seed)
    positions += [rng.sample(lands, 2) for _ in range(pairs)]
    for pos in positions:
        want = plain.wins(pos, "misere")
        for s in reduced:
            assert s.wins(pos, "misere") == want, (s.tree_lives, s.built, [format_land(x) for x in pos])


def test_reduced_trees_agree_with_the_plain_search_from_three_spots() -> None:
    """Every land with at most 8 lives reachable from 3 spots (307 lands), from 0.0.1.} and from
    0.a2a.1.}, and 100 sums of two (a few seconds)."""
    lands = _lands([spots(3)] + parse_position("0.0.1.}") + parse_position("0.a2a.1.}"))
    assert len(lands) > 300
    _agree(lands, pairs=100)


def test_reduced_trees_agree_with_the_reference_search_on_sums() -> None:
    """Sums of lands, against the reference search of :mod:`misere.rulesets.sprouts`."""
    s = ReducedSolver(tree_lives=0)
    for text in ("0.0.} + 0.} + a1a1.}", "0.0.0.} + 0.0.}", "0.a2a.1.} + 0.0.}"):
        pos = parse_position(text)
        assert s.wins(pos, "misere") == Sprouts._wins(Sprouts._key(pos), True), text


@pytest.mark.slow
def test_reduced_trees_agree_with_the_plain_search_from_four_spots() -> None:
    """Every land with at most 8 lives reachable from 4 spots (6,347 lands) and 1,000 sums of two."""
    lands = _lands([spots(4)])
    assert len(lands) > 6000
    _agree(lands, pairs=1000, seed=4)


@pytest.mark.parametrize("n", range(1, 8))
def test_published_misere_outcomes(n: int) -> None:
    """Misère n-spot starts, n <= 7, with the default trees; normal play is left to the plain
    search (nimbers), checked to n = 5."""
    s = ReducedSolver()
    assert ("N" if s.wins([spots(n)], "misere") else "P") == MISERE[n - 1]
    if n <= 5:
        assert ("N" if s.wins([spots(n)], "normal") else "P") == NORMAL[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", [8, 9])
def test_published_misere_outcomes_eight_and_nine_spots(n: int) -> None:
    """Misère 8 and 9 spots (P, P), the default trees: about 15 and 300 CPU s."""
    assert ("N" if ReducedSolver().wins([spots(n)], "misere") else "P") == MISERE[n - 1] == "P"


def test_trees_fold_more_lands() -> None:
    """On misère 5 spots the trees merge positions: fewer positions than the plain search."""
    plain, reduced = SproutsSolver(), ReducedSolver()
    assert plain.wins([spots(5)], "misere") == reduced.wins([spots(5)], "misere") is True
    assert reduced.stats()["positions"] < plain.stats()["positions"]


def test_play_plain_searches_without_trees_and_gives_the_same_answers(monkeypatch) -> None:
    """``misere play sprouts N --plain``: the plain search (named in the answer) gives the trees'
    outcome and winning moves on 2 to 6 spots and the position after a move; the next call is back
    on the trees; ``--plain`` is refused in one line for another ruleset and for normal play."""
    import json

    from typer.testing import CliRunner

    from misere.cli.app import app
    from misere.rulesets.sprouts_play import Sprouts as play

    monkeypatch.setenv("MISERE_SPROUTS_STORE", "")
    runner = CliRunner()

    def ask(*args: str) -> dict:
        res = runner.invoke(app, ["play", "sprouts", *args, "--json", "--quiet"])
        assert res.exit_code == 0, res.output
        return json.loads(res.stdout)

    for pos in ["2", "3", "4", "5", "6", "5: 1(6)1[2]"]:
        plain, trees = ask(pos, "--plain"), ask(pos)
        assert plain["method"].startswith("plain search") and "reduced canonical trees;" not in plain["method"]
        assert trees["method"].startswith("search over sums of reduced canonical trees")
        assert plain["outcome"] == trees["outcome"] == (MISERE[int(pos) - 1] if ":" not in pos else "P")
        if int(pos.split(":")[0]) < 5:   # small positions list every winning move
            assert plain["winning_moves"] == trees["winning_moves"]
        else:   # large ones the first each search proved: each leaves a P-position for the other search
            for a, b in [(plain, "--plain"), (trees, None)]:
                for mv in a["winning_moves"]["Left"]:
                    other = ask(mv["result"], *([] if b else ["--plain"]))
                    assert other["outcome"] == "P"
        assert isinstance(play._solver, ReducedSolver)
    for args, says in [(["kayles", "5", "--plain"], "not 'kayles'"),
                       (["sprouts", "5", "--plain", "--play", "normal"], "normal play has one search")]:
        res = runner.invoke(app, ["play", *args, "--json"])
        assert res.exit_code != 0 and says in json.loads(res.stdout)["error"]


def test_the_winning_move_proved_by_the_outcome_is_found_without_a_new_search(monkeypatch, tmp_path) -> None:
    """``misere play sprouts 6``: after the outcome N, the winning move is the child the search
    proved lost (a look-up, no position searched again), the move's result is P, and a fresh
    process (a new solver over the same store) finds the same move from the store alone."""
    from misere.rulesets.sprouts_play import SproutsPlay

    monkeypatch.setenv("MISERE_SPROUTS_STORE", str(tmp_path / "s.sqlite"))
    play = SproutsPlay()
    assert play.outcome("6").value == "N"
    searched = play._solver.stats()["searched"]
    moves = play.winning_moves("6")["Left"]
    assert play._solver.stats()["searched"] == searched and len(moves) == 1
    assert SproutsPlay().outcome(moves[0].result).value == "P"
    again = SproutsPlay()
    assert again.winning_moves("6")["Left"][0].result == moves[0].result
    assert again._solver.stats()["searched"] == 0
