"""Heaps beyond the computed range through the period (issue 9 item 1), hopeless inputs refused
up front with their size, bad arguments refused in one line, answer-first plain output.

Outcomes and winning moves are checked against the independent brute force of
``tests/oracle/heap_oracle.py`` on heaps just past the computed range (where the reduction
through the period and the representative-heap options are already in use).
"""
from __future__ import annotations

import json
import time
from math import comb

import pytest
from typer.testing import CliRunner

import misere
import misere.quotients as mq
from misere.cli.app import app
from misere.errors import ComputationLimitError, RulesetError
from misere.quotients.impartial.certify import CERTIFY_LIMIT, position_count, refuse_hopeless
from misere.quotients.impartial.periodicity import reduce_heap, representative_heap
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions

runner = CliRunner()

#: solved quickly: (code, heaps computed, period, preperiod); 0.A leaves up to three heaps
SOLVED = [("0.123", 22, 5, 5), ("0.71", 19, 6, 3), ("0.A", 13, 2, 1)]


@pytest.fixture(scope="module")
def solved():
    return {code: mq.quotient(code, certify=0, quiet=True) for code, *_ in SOLVED}


@pytest.mark.parametrize("code, last, period, preperiod", SOLVED)
def test_outcomes_past_the_computed_range_match_brute_force(solved, code, last, period, preperiod):
    q = solved[code]
    assert (q.max_heap, q.period, q.preperiod, q.solved) == (last, period, preperiod, True)
    is_p = outcome_function(octal_rules(code))
    top = last + 8
    checked = 0
    for pos in positions(top, top):
        if pos and max(pos) > last:  # at least one heap beyond the computed range
            assert q.outcome(pos) == ("P" if is_p(pos) else "N"), pos
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("code, last, period, preperiod", SOLVED)
def test_winning_moves_past_the_computed_range_match_brute_force(solved, code, last, period, preperiod):
    q = solved[code]
    k, h = q.game.periodicity
    is_p = outcome_function(octal_rules(code))
    top = last + 8
    shifted = 0
    for pos in positions(top, top):
        if not pos or max(pos) <= last:
            continue
        move = q.winning_move(pos)
        if is_p(pos):
            assert move is None, pos
        else:
            assert move is not None and is_p(move.position), (pos, move)
            assert move.heap in pos and sum(move.to) <= move.heap
            assert tuple(sorted(move.to)) in {tuple(sorted(o)) for o in octal_rules(code)(move.heap)}
        shifted += representative_heap(max(pos), preperiod, period, k, h) != max(pos)
    assert shifted > 0  # the representative-heap options were exercised


def test_huge_heaps_answer_at_once(solved):
    q = solved["0.123"]
    start = time.perf_counter()
    for n in (10**6, 10**30, 10**100 + 7):
        small = reduce_heap(n, q.preperiod, q.period)
        assert q.outcome([n]) == q.outcome([small]) and q.outcome([n, 3]) == q.outcome([small, 3])
        move = q.winning_move([n, 8, 9])
        if q.outcome([n, 8, 9]) == "N":
            assert move is not None and q.outcome(move.position) == "P"
            assert n - sum(move.to) <= 3 or move.heap != n  # 0.123 removes at most 3 tokens
        else:
            assert move is None
    assert time.perf_counter() - start < 0.5
    # Phi(5 + 5j) = a, Phi(6 + 5j) = d2 and Phi(7 + 5j) = 1: P, P, N (seed 002 §9.3)
    assert [q.phi[h] for h in (5, 6, 7)] == ["a", "d2", "1"]
    assert [q.outcome([10**30 + i]) for i in range(3)] == ["P", "P", "N"]
    assert [q.winning_move([10**30 + i]) is None for i in range(3)] == [True, True, False]


def test_bad_heaps_are_refused_in_one_line(solved):
    q = solved["0.123"]
    for bad in ([-1], [2.5], ["3"], [True], [None]):
        with pytest.raises(RulesetError, match="non-negative integer"):
            q.outcome(bad)
        with pytest.raises(RulesetError):
            q.winning_move(bad)
    with pytest.raises(RulesetError, match="list of heap sizes"):
        q.outcome(7)  # type: ignore[arg-type]
    part = mq.quotient("0.07", max_heap=10, certify=0)
    assert part.outcome([10, 9]) in "PN"
    with pytest.raises(ComputationLimitError, match="known only to heap 10"):
        part.outcome([11])
    with pytest.raises(ComputationLimitError, match="known only to heap 10"):
        part.winning_move([3, 10**6])
    finite = mq.quotient(games="*2, {*2,*}", certify=0)
    with pytest.raises(RulesetError, match="no heap 4"):
        finite.outcome([4])


# ---- hopeless inputs and bad arguments ------------------------------------------------------


@pytest.mark.parametrize("n_heaps, bound", [(1, 7), (3, 9), (6, 12), (10, 10), (22, 8)])
def test_position_count_matches_enumeration(n_heaps, bound):
    count, best = position_count(n_heaps, bound)
    assert count == len(positions(bound, n_heaps))
    assert best >= bound  # small cases are within the limit


def test_certify_200_is_refused_up_front_with_its_size():
    start = time.perf_counter()
    with pytest.raises(ComputationLimitError) as info:
        mq.quotient("0.123", certify=200, progress=lambda *a: pytest.fail("computed anyway"))
    msg = str(info.value)
    assert "\n" not in msg and "certify bound 200" in msg and "use a bound of" in msg
    assert time.perf_counter() - start < 2
    # the stated bound is the largest within the limit (checked with the independent count)
    best = int(msg.rsplit("bound of ", 1)[1].split()[0])
    assert position_count(6, best)[0] <= CERTIFY_LIMIT < position_count(6, best + 1)[0]
    with pytest.raises(ComputationLimitError, match="astronomically many"):
        refuse_hopeless(22, 10**12)
    with pytest.raises(ComputationLimitError, match=f"{comb(40 + 9, 9):,}"):
        refuse_hopeless(40, 9, by_tokens=False)
    refuse_hopeless(22, 26)  # the default bound passes


@pytest.mark.parametrize("kwargs", [{"max_heap": -5}, {"certify": -1}, {"max_heap": 2.5},
                                    {"certify": "3"}, {"max_heap": True}])
def test_bad_numbers_are_refused(kwargs):
    with pytest.raises(RulesetError, match="non-negative integer"):
        mq.quotient("0.123", **kwargs)


def test_cli_refusals_are_one_line():
    """Out-of-range numbers are usage errors (exit 2, the option's declared range); values the
    command itself refuses exit 1; either way one line."""
    for args, code in ((["--max-heap", "-5"], 2), (["--certify", "-1"], 2), (["--certify", "200"], 1),
                       (["--cayley", "x.png"], 1), (["--cayley", "/no/such/dir/x.svg", "--max-heap", "3"], 1)):
        res = runner.invoke(app, ["quotient", "0.123", *args, "--json"])
        assert res.exit_code == code and res.stdout.count("\n") == 1, (args, res.stdout)
        assert "error" in json.loads(res.stdout)
        res = runner.invoke(app, ["quotient", "0.123", *args])
        assert res.exit_code == code and res.stderr.count("\n") == 1, (args, res.stderr)
        assert res.stderr.startswith("error: " if code == 1 else ("Usage", "Error", "error"))


def test_python_budget_arguments_and_context_manager():
    q = mq.quotient("0.123", timeout=60, max_memory="4G", quiet=True, certify=0)
    assert q.order == 20
    with misere.limits(timeout=60, quiet=True):
        assert misere.quotient("0.123", certify=0).period == 5


# ---- answer first -----------------------------------------------------------------------------


def test_plain_output_starts_with_the_answer():
    res = runner.invoke(app, ["quotient", "0.123", "--quiet"])
    lines = res.stdout.splitlines()
    assert lines[0] == "Quotient order : 20  (5 P-positions)"
    assert lines[1].startswith("Presentation   : <a,b,c,d | ")
    assert lines[2] == "P              : {a,b2,ac,bd,d2}"
    assert "None" not in res.stdout and "tame: no" in res.stdout
    assert "-- changed at heap" not in res.stdout and "4 changes (--history" in res.stdout
    hist = runner.invoke(app, ["quotient", "0.123", "--quiet", "--history"]).stdout
    assert hist.startswith("Quotient order : 20") and hist.count("-- changed at heap") == 4
    assert "-- changed at heap 9 --\nSize 20: <a,b,c,d |" in hist


def test_the_normal_period_search_stops_on_options_not_heaps() -> None:
    """A code whose heaps split into up to 19 parts has partition-many options per heap; the
    nim sequence ends where the enumerated options pass the bound (deterministically), with the
    same values as an unbounded run, and the period search claims no period from it."""
    from misere.impartial.octal import octal_game
    from misere.quotients.impartial import periodicity

    game = octal_game("0.[1048575]")
    short = periodicity.nim_sequence(game, 60, max_options=2_000)
    assert 10 < len(short) < 61
    assert short == periodicity.nim_sequence(game, len(short) - 1)


@pytest.mark.slow
def test_the_normal_period_search_of_a_many_part_code_ends() -> None:
    """The whole search on that code: it used to enumerate billions of partitions (the doubling
    to heap 128); it now stops after STEP_WORK options (30 s) and claims no period."""
    from misere.impartial.octal import octal_game
    from misere.quotients.impartial import periodicity

    game = octal_game("0.[1048575]")
    seq, period = periodicity.normal_period(game, need=12)
    assert period is None and seq[:13] == periodicity.nim_sequence(game, 12)


@pytest.mark.parametrize("code", ["0.[1048575]", "0.8", "0.[4095]3", "4.07"])
def test_options_made_one_at_a_time_are_the_options(code: str) -> None:
    """``iter_options`` (what the bounded enumeration reads, so a heap with billions of options
    stops at the bound instead of being built) makes exactly ``options``, each once."""
    from misere.impartial.octal import octal_game

    game = octal_game(code)
    for n in range(0, 16):
        made = list(game.iter_options(n))
        assert len(made) == len(set(made)) and sorted(made) == list(game.options(n)), n


def test_the_bounded_enumeration_says_where_it_is(capsys, monkeypatch) -> None:
    """Plain progress lines on stderr while options are enumerated (0.[9...9] answered after
    33 s with nothing on stderr)."""
    import functools

    from misere import budget
    from misere.impartial.octal import octal_game
    from misere.quotients.impartial import periodicity

    monkeypatch.setattr(budget, "Progress", functools.partial(budget.Progress, interval=0.0))
    game = octal_game("0.[1048575]")
    with budget.limits(quiet=False):
        seq = periodicity.nim_sequence(game, 60, max_options=200_000)
    err = capsys.readouterr().err
    assert "normal-play nim values of 0.[1048575]" in err and "  heap 20  " in err
    assert 10 < len(seq) < 61 and seq == periodicity.nim_sequence(game, len(seq) - 1)
