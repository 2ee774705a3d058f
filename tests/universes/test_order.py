"""Whole ≥-orders (``misere.order``, :mod:`misere.universes.order`).

The matrix must equal the pairwise options-only tests (Siegel 003 Thms 5.3–5.4; 004 Thms
16–17; normal play), computed with empty memo tables so that the pairwise recursion does not
read the order tables; it must agree with the brute-force oracle of ``tests/oracle`` (every
reported ``G ≥ H`` survives every test game, every ``G ≱ H`` has a witness the oracle
confirms); and growing a table piece by piece must give the same matrix as building it at once.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import misere as m
from misere.core import cache
from misere.core.table import intern
from misere.errors import BudgetExceededError, NotInUniverseError
from misere.universes import dead_ending, dicot, general, normal
from misere.universes.order import OrderTable
from tests.oracle import brute
from tests.oracle import universe_oracle as uo

PAIRWISE = {"general": general.ge, "normal": normal.ge, "dicot": dicot.ge, "dead-ending": dead_ending.ge}


def _values(universe: str, day: int) -> list[int]:
    return list(m.find_universe(universe).born_by(day))


def _pairwise(universe: str, rows: list[int], cols: list[int]) -> np.ndarray:
    """``rows[i] ≥ cols[j]`` by the recursive pairwise test, from empty memo tables."""
    cache.clear()
    ge = PAIRWISE[universe]
    return np.array([[ge(g, h) for h in cols] for g in rows], dtype=bool).reshape(len(rows), len(cols))


@pytest.mark.parametrize("universe, day, count, pairs", [
    ("general", 2, 256, 4491),      # 003 §6: the 256 day-2 games
    ("dead-ending", 2, 196, 3300),
    ("normal", 2, 22, 201),
])
def test_full_order_equals_pairwise(universe: str, day: int, count: int, pairs: int) -> None:
    games = _values(universe, day)
    assert len(games) == count
    expected = _pairwise(universe, games, games)
    cache.clear()
    got = m.order([m.Game._of(g) for g in games], universe=universe)
    assert got.dtype == bool and got.shape == (count, count)
    assert int(got.sum()) == pairs
    assert np.array_equal(got, expected)
    assert got.diagonal().all()


def test_dicot_day3_order() -> None:
    """All 1,268 dicot values born by day 3: 114,059 pairs with G ≥ H (equality included);
    a random sample of 3,000 pairs agrees with the pairwise test."""
    games = _values("dicot", 3)
    assert len(games) == 1268
    cache.clear()
    got = m.order([m.Game._of(g) for g in games], universe="dicot")
    assert int(got.sum()) == 114_059
    assert int((got & got.T).sum()) == 1268  # reduced forms: only G = G
    rng = random.Random(7)
    sample = [(rng.randrange(1268), rng.randrange(1268)) for _ in range(3000)]
    cache.clear()
    assert all(bool(got[i, j]) == dicot.ge(games[i], games[j]) for i, j in sample)


def test_normal_day3_order() -> None:
    games = _values("normal", 3)
    assert len(games) == 1474
    cache.clear()
    got = m.order([m.Game._of(g) for g in games], universe="normal")
    assert int(got.sum()) == 654_647
    rng = random.Random(8)
    sample = [(rng.randrange(1474), rng.randrange(1474)) for _ in range(2000)]
    cache.clear()
    assert all(bool(got[i, j]) == normal.ge(games[i], games[j]) for i, j in sample)


def test_dead_ending_day3_sample() -> None:
    """Random dead-ending forms of birthday 3 over the day-2 values, against pairwise ge."""
    pool = _values("dead-ending", 2)
    rng = random.Random(4)
    games: list[int] = []
    while len(games) < 120:
        g = intern(rng.sample(pool, rng.randint(0, 3)), rng.sample(pool, rng.randint(0, 3)))
        if m.Game._of(g).is_dead_ending() and g not in games:
            games.append(g)
    expected = _pairwise("dead-ending", games, games)
    cache.clear()
    assert np.array_equal(m.find_universe("E").order_matrix(games), expected)


@pytest.mark.parametrize("universe", ["general", "dicot", "dead-ending", "normal"])
def test_grown_in_pieces(universe: str) -> None:
    """Adding games in shuffled chunks (old and new followers interleaved in every birthday
    class) gives the matrix built at once, for games listed in any order."""
    games = _values(universe, 2)
    expected = _pairwise(universe, games, games)
    rng = random.Random(len(universe))
    for _ in range(4):
        shuffled = games[:]
        rng.shuffle(shuffled)
        cuts = sorted(rng.sample(range(1, len(games)), 2))
        table = OrderTable(universe, *_hooks(universe))
        for chunk in (shuffled[:cuts[0]], shuffled[cuts[0]:cuts[1]], shuffled[cuts[1]:]):
            table.extend(chunk)
        perm = [games.index(g) for g in shuffled]
        assert np.array_equal(table.matrix(shuffled), expected[np.ix_(perm, perm)])


def _hooks(universe: str) -> tuple:
    u = m.find_universe(universe)
    t = u.order_table
    assert t is not None
    return (t._facts_of, t._end, t._normal)


def test_pairwise_ge_reads_the_table() -> None:
    games = _values("general", 2)
    cache.clear()
    m.order([m.Game._of(g) for g in games])
    assert len(general._table) == 256
    assert cache.stats()["general.ge"] == 0  # answered from the table, no pair memo
    assert m.ge(m.Game._of(games[-1]), m.Game._of(games[0])) == general.ge(games[-1], games[0])


def test_small_cases_and_errors() -> None:
    assert m.order([]).shape == (0, 0)
    assert m.order(["0", "*", "{|*,1}"]).astype(int).tolist() == [[1, 0, 0], [0, 1, 0], [1, 0, 1]]
    assert m.order(["{*|*}", "0"], universe="D").all()  # {*|*} ≡ 0 modulo 𝒟
    assert m.order(["{*|*}", "0"], universe="normal").all()
    with pytest.raises(NotInUniverseError, match="dicot"):
        m.order(["0", "1"], universe="dicot")


def test_other_universes_compare_pairwise() -> None:
    got = m.order(["0", "*", "*+*", "*2"], universe="impartial")  # misère: *+* = 0
    assert got.astype(int).tolist() == [[1, 0, 1, 0], [0, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 1]]


def test_budget_stops_a_long_order() -> None:
    games = [m.Game._of(g) for g in _values("dicot", 3)]
    cache.clear()
    with pytest.raises(BudgetExceededError):
        with m.limits(timeout=1e-9, quiet=True):
            m.order(games, universe="dicot")
    assert len(dicot._table) == 0  # a half-built table is dropped, not kept
    assert int(m.order(games[:50], universe="dicot").sum()) > 50


# --- the brute-force oracle ----------------------------------------------------------------

def _oracle_check(universe: str, games: list[m.Game], tests: list[tuple]) -> None:
    """M[i, j] true: no test X refutes it; false: the verified witness refutes it in the oracle."""
    u = m.find_universe(universe)
    got = m.order(games, universe=universe)
    forms = [brute.read(g.explicit()) for g in games]
    vec = [uo.outcome_vector(f, tests) for f in forms]
    for i, g in enumerate(games):
        for j, h in enumerate(games):
            if got[i, j]:
                assert uo.vector_ge(vec[i], vec[j]), (str(g), str(h))
            else:
                x = brute.read(m.Game._of(u.verified_witness(g.id, h.id)).explicit())
                assert not brute.outcome_ge(brute.outcome([forms[i], x]), brute.outcome([forms[j], x]))


def test_oracle_general() -> None:
    rng = random.Random(1)
    d2 = m.born_by(2)
    games = m.born_by(1) + rng.sample(d2[4:], 16)
    _oracle_check("general", games, [(x,) for x in brute.born_by(2)])


def test_oracle_dicot() -> None:
    rng = random.Random(2)
    d3 = [m.Game._of(g) for g in _values("dicot", 3)]
    games = d3[:9] + rng.sample(d3[9:], 16)
    members = uo.day2(uo.is_dicot)
    tests = [(x,) for x in members] + [(a, b) for k, a in enumerate(members) for b in members[k:]]
    _oracle_check("dicot", games, tests)


def test_oracle_dead_ending() -> None:
    rng = random.Random(3)
    d2 = [m.Game._of(g) for g in _values("dead-ending", 2)]
    games = rng.sample(d2, 22)
    _oracle_check("dead-ending", games, [(x,) for x in uo.day2(uo.is_dead_ending)])
