"""Sprouts search shortcuts of issue 23 item 2 against the plain search and the reference:
moves keyed only when asked for, and widening (children tried in rounds of growing effort).

Published normal-play outcomes (first player), n = 1..11: P P N N N P P P N N N (Applegate,
Jacobson and Sleator 1991; Lemoine and Viennot, arXiv 1008.2320).
"""
from __future__ import annotations

import json

import pytest

import misere.rulesets.sprouts_solve as solve
from misere.rulesets.sprouts import _grundy, land_moves, parse_position, simplify_land, spots
from misere.rulesets.sprouts_solve import SproutsSolver
from misere.rulesets.sprouts_store import SproutsStore
from tests.rulesets.test_sprouts_solve import NORMAL, reachable


@pytest.fixture
def tiny_rounds(monkeypatch):
    """Rounds of effort 1, 2, 4, ...: nearly every try is cut short at least once."""
    monkeypatch.setattr(solve, "WIDEN_START", 1)
    monkeypatch.setattr(solve, "WIDEN_GROWTH", 2)
    cut = []
    real = solve.SproutsSolver._win

    def counting(self, *a):
        try:
            return real(self, *a)
        except solve._OutOfEffort:
            cut.append(1)
            raise

    monkeypatch.setattr(solve.SproutsSolver, "_win", counting)
    return cut


def test_widening_keeps_every_normal_outcome(tiny_rounds) -> None:
    """Every land reachable from 2 spots and from 0.0.1.}, plus *k for k = 0..3: the outcome
    with widening everywhere (cut short again and again) is the reference nimber's
    (``land + *k`` is won iff the land's nimber is not k, Sprague-Grundy), as is the plain
    search's; the effort limit is lifted after every search."""
    lands = reachable([spots(2)] + parse_position("0.0.1.}"))
    assert len(lands) > 100
    wide, plain = SproutsSolver(widen=0, small=0), SproutsSolver(widen=None, small=0)
    for land in lands:
        g = _grundy(land)
        for k in range(4):
            key = simplify_land(land)
            assert wide._win("normal", (key,), k) == (g != k) == plain._win("normal", (key,), k)
            assert wide._limit is None
    assert len(tiny_rounds) > 50  # the rounds really cut tries short


def test_widening_keeps_misere_outcomes_and_n_spot_starts(tiny_rounds) -> None:
    """Misère: sums of lands against the plain search; both plays: the published outcomes of
    1-4 spots (normal) and 1-3 (misère), with widening everywhere."""
    wide, plain = SproutsSolver(widen=0), SproutsSolver(widen=None)
    for text in ["0.0.} + 0.} + a1a1.}", "0.0.1.}", "0.a2a.1.}", "0.0.0.} + 1.}"]:
        pos = parse_position(text)
        assert wide.wins(pos, "misere") == plain.wins(pos, "misere"), text
        assert wide.wins(pos, "normal") == plain.wins(pos, "normal"), text
    for n in range(1, 5):
        assert ("N" if wide.wins([spots(n)], "normal") else "P") == NORMAL[n - 1]
    assert [wide.wins([spots(n)], "misere") for n in range(1, 4)] == [True, False, False]
    assert tiny_rounds


def test_moves_keyed_when_asked_are_the_keyed_moves() -> None:
    """The moves made as drawn and keyed one at a time are the moves keyed at once."""
    s = SproutsSolver()
    for land in reachable([spots(2)])[:60]:
        key = simplify_land(land)
        want = {tuple(sorted(after, key=repr)) for _, after in land_moves(key, simplify=True)}
        assert set(s.moves(key)) == want


@pytest.mark.slow
def test_normal_starts_to_11_spots() -> None:
    """Normal play, 1 to 7 and 9 to 11 spots, with the default widening: the published outcomes
    (about 1.5 CPU minutes; 8 spots, a P start, alone takes 2.5 and is left to the benchmark)."""
    s = SproutsSolver()
    ns = [*range(1, 8), 9, 10, 11]
    assert ["N" if s.wins([spots(n)], "normal") else "P" for n in ns] == [NORMAL[n - 1] for n in ns]


@pytest.mark.slow
@pytest.mark.parametrize("n", [8, 12])
def test_normal_p_starts_8_and_12(n: int) -> None:
    """The P starts left out above: normal 8 spots (about 150 CPU s) and 12 spots (about 900 CPU s
    and 2 GB), both P as published."""
    assert ("N" if SproutsSolver().wins([spots(n)], "normal") else "P") == NORMAL[n - 1] == "P"


def test_play_normal_answers_and_a_fresh_process_reuses_the_store(tmp_path, monkeypatch) -> None:
    """``misere play sprouts 5 --play normal``: N (published), the store written; a fresh
    ruleset (as a new process would be) answers from the store without making a move; a bad
    ``--play`` is one line."""
    from typer.testing import CliRunner

    from misere.cli.app import app
    from misere.rulesets.sprouts_play import SproutsPlay

    from misere.rulesets.registry import find_ruleset

    path = tmp_path / "store.sqlite"
    monkeypatch.setenv("MISERE_SPROUTS_STORE", str(path))
    # the command's ruleset is a module-level object: start it with empty memo tables
    monkeypatch.setattr(find_ruleset("sprouts"), "_solver", SproutsSolver())
    runner = CliRunner()
    res = runner.invoke(app, ["play", "sprouts", "5", "--play", "normal", "--json", "--quiet"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert (data["play"], data["outcome"], data["store"]) == ("normal", "N", str(path))
    with SproutsStore(path) as st:
        assert st.loaded["wins"] > 0
    fresh = SproutsPlay()
    assert fresh.normal_outcome("5") == "N"
    assert fresh._solver.stats()["lands"] == 0
    for bad in (["sprouts", "6", "--play", "sideways"], ["0.07", "6", "--play", "normal"]):
        res = runner.invoke(app, ["play", *bad, "--json"])
        assert res.exit_code != 0 and list(json.loads(res.stdout)) == ["error"]


def test_widening_tries_each_child_position_once() -> None:
    """The 10-spot start: its first moves leave fewer positions than there are moves; widening's
    candidates are exactly those positions, each once (a repeated one would be searched again in
    every round), and the positions one nim-heap move away in normal play follow them."""
    s = SproutsSolver()
    big = (spots(10),)
    moves = list(s._children(big))
    positions = {tuple(sorted(c, key=repr)) for c in moves}
    cands = s._candidates(big, 0, [])
    assert len(positions) < len(moves) and len(cands) == len(positions)
    assert {tuple(sorted(c, key=repr)) for c, _ in cands} == positions and all(w == 0 for _, w in cands)
    assert all(c in moves for c, _ in cands)   # as the moves leave them (the order of lands kept)
    assert s._candidates(big, 3, range(3))[-3:] == [(big, 0), (big, 1), (big, 2)]
