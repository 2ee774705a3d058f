"""Left dead ends (Davies arXiv 2409.17871) against brute force and the other universes.

The structural order and reduction of :mod:`misere.universes.left_dead_end` are checked against
004 Thm 17 (ℰ), Siegel 003 Thm 5.3 (all games) and exhaustive outcome search
(:mod:`tests.oracle`); the counts by day against brute-force classification of all forms and an
independent antichain count; the factorisations against sums of all pairs of values.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import misere as m
from misere.core.ops import add, conjugate, integer
from misere.core.table import ZERO, birthday, intern, right
from misere.universes import left_dead_end as lde
from misere.universes import left_dead_end_monoid as mon
from misere.universes import poset
from tests.oracle import brute
from tests.oracle import universe_oracle as uo

U = m.find_universe("left-dead-end")
E = m.find_universe("dead-ending")
GEN = m.find_universe("general")


def forms_by_day(n: int) -> list[int]:
    """Every Left dead end *form* born by day n (2, 4, 16, 65536 forms for n = 1..4)."""
    forms = [ZERO]
    for _ in range(n):
        forms = [intern((), [f for k, f in enumerate(forms) if mask >> k & 1])
                 for mask in range(1 << len(forms))]
    return forms


def oracle_form(g: int) -> uo.Form:
    return brute.read(m.Game._of(g).explicit())


@pytest.fixture(scope="module")
def tests_x() -> list[tuple[uo.Form, ...]]:
    """Dead-ending test games: all born by day 2, M_1..M_3 and conjugates, random day-3 ones."""
    d2 = uo.day2(uo.is_dead_ending)
    ms = [uo.murder(k) for k in (1, 2, 3)]
    xs = [(x,) for x in d2] + [(x,) for x in ms] + [(brute.conj(x),) for x in ms]
    return xs + [(x,) for x in uo.random_members(uo.is_dead_ending, 40, seed=11, pool=d2)]


def test_aliases_and_membership() -> None:
    assert m.find_universe("LDE") is U and m.find_universe("left_dead_end") is U
    assert U.contains(m.parse("{|0,-1}").id) and not U.contains(m.parse("1").id)
    assert not U.contains(m.parse("*").id) and not U.contains(m.parse("{|*}").id)


def test_counts_days_0_to_5() -> None:
    assert [len(U.born_by(n)) for n in range(6)] == [1, 2, 4, 10, 52, 21278]
    assert m.count_born_by(4, universe="LDE") == 52
    with pytest.raises(m.errors.ComputationLimitError):
        U.born_by(6)


def _witness_games(vals: list[int]) -> list[tuple[uo.Form, ...]]:
    """The verified witnesses for the pairs of ``vals`` (built by misere, used by the oracle)."""
    xs = {U.distinguish(a, b) for a, b in itertools.combinations(vals, 2)} - {None}
    return [(oracle_form(x),) for x in sorted(xs)]


def test_days_0_to_3_by_outcome_search(tests_x: list) -> None:
    """Classify all 16 forms born by day 3 by exhaustive outcome search over dead-ending test
    games: 10 classes, exactly the partition of the structural reduction."""
    xs = tests_x + _witness_games(U.born_by(3))
    for n, want in [(1, 2), (2, 4), (3, 10)]:
        forms = forms_by_day(n)
        vec = {f: uo.outcome_vector(oracle_form(f), xs) for f in forms}
        assert len(set(vec.values())) == want
        for f, g in itertools.combinations(forms, 2):
            assert (vec[f] == vec[g]) == (U.reduce(f) == U.reduce(g))


def test_day4_values_separated_by_outcome_search() -> None:
    """Each pair of the 52 day-4 values is told apart by a dead-ending game, checked by
    exhaustive outcome search: at least 52 classes."""
    vals = U.born_by(4)
    for a, b in itertools.combinations(vals, 2):
        x = oracle_form(U.distinguish(a, b))
        assert uo.is_dead_ending(x)
        assert brute.outcome((oracle_form(a), x)) != brute.outcome((oracle_form(b), x))


def _day4_partition_agrees(forms: list[int]) -> None:
    """Reduction modulo ℰ (004 E1-E5, another code path) gives the same classes and values."""
    for f in forms:
        assert E.reduce(f) == U.reduce(f), m.Game._of(f)
    assert {U.reduce(f) for f in forms} <= set(U.born_by(4))


def test_day4_forms_sample() -> None:
    forms = forms_by_day(4)
    _day4_partition_agrees(random.Random(4).sample(forms, 2000))


@pytest.mark.slow
def test_day4_all_65536_forms() -> None:
    forms = forms_by_day(4)
    _day4_partition_agrees(forms)
    assert len({U.reduce(f) for f in forms}) == 52


def test_day5_count_by_an_independent_antichain_count() -> None:
    """Day 5 = antichains of the day-4 order computed by 004 Thm 17 (ℰ), counted another way."""
    vals = U.born_by(4)
    mat = np.array([[E.ge(a, b) for b in vals] for a in vals], dtype=bool)
    assert poset.count_antichains(mat) == 21278 == len(U.born_by(5))


def test_day6_count_contains_a_dedekind_number() -> None:
    """Why day 6 is not counted: the day-4 order has width 9, and for a 9-element antichain W the
    day-5 values ``{|S}`` (S ⊆ W, S ≠ ∅) are ordered by reverse inclusion, a copy of the
    Boolean lattice minus its bottom; so the day-6 count (antichains of day 5) contains the
    D(9) − 1 antichains of that copy (Dedekind number D(9), first computed in 2023)."""
    vals = U.born_by(4)
    mat = np.array([[lde.ge(a, b) for b in vals] for a in vals])
    w = poset.max_antichain(mat)  # Dilworth/König: a largest antichain
    assert poset.width(mat) == len(w) == 9
    subsets = [s for r in range(1, 10) for s in itertools.combinations([vals[i] for i in w], r)]
    rng = random.Random(2)
    for a, b in [(rng.choice(subsets), rng.choice(subsets)) for _ in range(300)]:
        assert lde.ge(intern((), a), intern((), b)) == set(a).issubset(b)


def _all_e_reduced(games: list[int]) -> None:
    # reduced forms modulo ℰ are unique (004 Thm 31): distinct reduced forms are distinct values
    for g in games:
        assert E.reduce(g) == g


def test_day5_values_reduced_mod_e_sample() -> None:
    _all_e_reduced(random.Random(5).sample(U.born_by(5), 300))


@pytest.mark.slow
def test_day5_values_reduced_mod_e_all() -> None:
    _all_e_reduced(U.born_by(5))


def test_order_same_modulo_e_and_general() -> None:
    """The structural order = 004 Thm 17 = Siegel 003 Thm 5.3 on every pair by day 4."""
    vals = U.born_by(4)
    for a in vals:
        for b in vals:
            assert lde.ge(a, b) == E.ge(a, b) == GEN.ge(a, b), (a, b)
    assert (U.order_matrix(vals) == np.array([[lde.ge(a, b) for b in vals] for a in vals])).all()


def _check_pairs(pairs: list[tuple[int, int]], tests_x: list) -> None:
    for g, h in pairs:
        fg, fh = oracle_form(g), oracle_form(h)
        if U.ge(g, h):
            assert uo.vector_ge(uo.outcome_vector(fg, tests_x), uo.outcome_vector(fh, tests_x))
        else:
            x = oracle_form(U.verified_witness(g, h))
            assert uo.is_dead_ending(x)
            assert not brute.outcome_ge(brute.outcome((fg, x)), brute.outcome((fh, x)))


def test_comparisons_by_day3_with_witnesses(tests_x: list) -> None:
    vals = U.born_by(3)
    _check_pairs([(a, b) for a in vals for b in vals], tests_x)


def test_comparisons_sampled_day4_day5(tests_x: list) -> None:
    rng = random.Random(3)
    d4, d5 = U.born_by(4), U.born_by(5)
    pairs = [(rng.choice(d4), rng.choice(d4)) for _ in range(25)]
    pairs += [(rng.choice(d5), rng.choice(d5)) for _ in range(4)]
    _check_pairs(pairs, tests_x[:60])


def test_reduce_matches_general_canonical_form() -> None:
    for f in forms_by_day(3):
        assert U.reduce(f) == E.reduce(f) == GEN.reduce(f)
    w = lde.waiting(3)
    assert U.reduce(intern((), [integer(-1), w])) == intern((), [w])


def test_invariants_birthday_runs_race() -> None:
    """Equivalent forms share birthday and run lengths; races add (basis of factorisation)."""
    for f in forms_by_day(3):
        r = U.reduce(f)
        assert birthday(r) == birthday(f) and lde.run_lengths(r) == lde.run_lengths(f)
    vals = U.born_by(3)
    for a, b in itertools.product(vals, vals):
        s = mon.sum_value(a, b)
        assert birthday(s) == birthday(a) + birthday(b)
        assert lde.race(s) == lde.race(a) + lde.race(b)


def test_cancellation_by_day3() -> None:
    """A + C ≥ B + C ⇒ A ≥ B (order-cancellation) on every triple of values by day 3."""
    vals = U.born_by(3)
    for a, b, c in itertools.product(vals, vals, vals):
        assert lde.ge(mon.sum_value(a, c), mon.sum_value(b, c)) == lde.ge(a, b)


def _brute_divisors(top: int) -> dict[int, set[int]]:
    """Divisors of every value born by day ``top`` from the sums of all pairs of values."""
    vals = U.born_by(top)
    div = {v: {ZERO, v} for v in vals}
    small = [v for v in vals if 0 < birthday(v) < top]
    for a, b in itertools.combinations_with_replacement(small, 2):
        if birthday(a) + birthday(b) <= top:
            div[mon.sum_value(a, b)].update((a, b))
    return div


def test_divisors_against_all_sums_day4_and_sample_day5() -> None:
    div = _brute_divisors(5)
    rng = random.Random(8)
    composite = [v for v, d in div.items() if len(d) > 2]
    sample = U.born_by(4) + composite + rng.sample(U.born_by(5), 500)
    for v in sample:
        assert set(mon.divisors(v)) == div[v], m.Game._of(v)
    assert sum(1 for v, d in div.items() if v != ZERO and len(d) == 2) == 21221


@pytest.mark.slow
def test_divisors_against_all_sums_day5() -> None:
    div = _brute_divisors(5)
    for v in U.born_by(5):
        assert set(mon.divisors(v)) == div[v]


def test_factorisations() -> None:
    one, two, three = integer(-1), integer(-2), integer(-3)
    assert mon.factorisations(three) == [(one, one, one)]
    assert mon.is_atom(one) and mon.is_atom(lde.waiting(2)) and not mon.is_atom(two)
    g = mon.sum_value(lde.waiting(4), two)  # gemau docs: factors 0, 1, 2, W_4, 1+W_4, 2+W_4
    assert len(mon.divisors(g)) == 6
    assert mon.factorisations(g) == [tuple(sorted((one, one, lde.waiting(4))))]
    for f in mon.factorisations(mon.sum_value(g, lde.waiting(2))):
        total = ZERO
        for a in f:
            total = mon.sum_value(total, a)
            assert mon.is_atom(a)
        assert total == mon.sum_value(g, lde.waiting(2))


def test_one_bar_prime_by_day3() -> None:
    assert mon.is_prime_in(integer(-1), U.born_by(3))


def test_flexibility_race_examples() -> None:
    """gemau (Davies) docs: {3̄,…,6̄} has flexibility 1, race 4, birthday 7; plus W_3: 9, 5, 10."""
    k = U.reduce(intern((), [integer(-i) for i in range(3, 7)]))
    assert (lde.flexibility(k), lde.race(k), birthday(k)) == (1, 4, 7)
    k3 = mon.sum_value(k, lde.waiting(3))
    assert (lde.flexibility(k3), lde.race(k3), birthday(k3)) == (9, 5, 10)


def test_invertibility(tests_x: list) -> None:
    for g in U.born_by(3):
        r = m.invertibility(m.Game._of(g), universe="LDE")
        assert r.invertible and r.inverse is not None and r.inverse.id == E.reduce(conjugate(g))
        s = oracle_form(add(g, conjugate(g)))
        assert uo.outcome_vector(s, tests_x[:80]) == uo.outcome_vector(brute.ZERO, tests_x[:80])
    with pytest.raises(m.errors.NotInUniverseError):
        m.invertibility("*", universe="LDE")


def test_day6_lower_bound_antichain() -> None:
    """{·|A} ≥ {·|B} iff ↑A ⊆ ↑B (sampled against the rule), so equal-size up-sets are an
    antichain of day 5: day 6 has more than 2^1036 values."""
    from misere.universes.facts.davies import upset_sizes

    d4 = U.born_by(4)
    up = {a: frozenset(b for b in d4 if lde.ge(b, a)) for a in d4}
    ups = lambda v: frozenset().union(*(up[a] for a in right(v)))  # noqa: E731
    rng = random.Random(6)
    d5 = [v for v in U.born_by(5) if v != ZERO]
    for _ in range(3000):
        a, b = rng.choice(d5), rng.choice(d5)
        assert lde.ge(a, b) == (ups(a) <= ups(b))
    sizes = upset_sizes()
    assert sum(sizes.values()) == 21277 and max(sizes.values()) == 1036


def test_factor_cli() -> None:
    import json

    from typer.testing import CliRunner

    from misere.cli.app import app

    r = CliRunner().invoke(app, ["factor", "{|0,-1}+{|0,-1}+-1", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["factorisations"] == [["-1", "{|0,-1}", "{|0,-1}"]] and data["race"] == 3
    r = CliRunner().invoke(app, ["factor", "*", "--json"])
    assert r.exit_code == 1 and "not in the left-dead-end universe" in json.loads(r.stdout)["error"]


def _birthday6_check(sample: int | None) -> None:
    """Divisors of composite values of birthday 6 against all sums A + B with b(A) + b(B) = 6
    (every divisor of a birthday-6 value is born by day 5, so this list is complete)."""
    vals = [v for v in U.born_by(5) if v != ZERO]
    by_b: dict[int, list[int]] = {}
    for v in vals:
        by_b.setdefault(birthday(v), []).append(v)
    div: dict[int, set[int]] = {}
    for ba in (1, 2, 3):
        for a, b in itertools.product(by_b[ba], by_b[6 - ba]):
            s = mon.sum_value(a, b)
            div.setdefault(s, {ZERO, s}).update((a, b))
    targets = sorted(div)
    if sample is not None:
        targets = random.Random(66).sample(targets, sample)
    for s in targets:
        assert set(mon.divisors(s)) == div[s], m.Game._of(s)


@pytest.mark.slow
def test_divisors_birthday6_all() -> None:
    _birthday6_check(None)
