"""Width, largest antichain and antichain count of finite orders (misere.universes.poset),
checked against brute force over all subsets of random small orders."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from misere.core.notation import parse_id
from misere.errors import ComputationLimitError
from misere.universes import poset
from misere.universes.base import antichains, find_universe


def _random_order(n: int, edges: list[tuple[int, int]]) -> np.ndarray:
    """The reflexive-transitive closure of ``i ≥ j`` for ``i > j`` in ``edges`` (a DAG)."""
    ge = np.eye(n, dtype=bool)
    for i, j in edges:
        if i > j:
            ge[i, j] = True
    for k in range(n):
        ge |= ge[:, [k]] & ge[[k], :]
    return ge


def _is_antichain(ge: np.ndarray, s: "tuple[int, ...] | list[int]") -> bool:
    return all(not ge[a, b] and not ge[b, a] for a, b in combinations(s, 2))


orders = st.integers(1, 8).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=14).map(lambda e: _random_order(n, e)))


@settings(max_examples=60, deadline=None)
@given(orders)
def test_width_count_and_max_antichain_match_brute_force(ge: np.ndarray) -> None:
    n = ge.shape[0]
    subsets = [s for k in range(n + 1) for s in combinations(range(n), k) if _is_antichain(ge, s)]
    assert poset.count_antichains(ge) == len(subsets)
    assert poset.count_antichains_by_frontier(ge) == len(subsets)
    w = max(len(s) for s in subsets)
    assert poset.width(ge) == w
    a = poset.max_antichain(ge)
    assert len(a) == w and _is_antichain(ge, a)
    chains = poset.chain_partition(ge)
    assert sorted(x for c in chains for x in c) == list(range(n)) and len(chains) == w
    assert all(ge[c[k], c[k + 1]] for c in chains for k in range(len(c) - 1))
    low, high = poset.antichain_count_bounds(ge)
    assert low <= len(subsets) <= high


def test_antichain_count_matches_enumeration_on_dead_ending_day_1_and_LDE_day_3() -> None:
    for name, day in (("dead-ending", 1), ("left-dead-end", 3), ("blocking", 1)):
        u = find_universe(name)
        vals = u.born_by(day)
        m = u.order_matrix(vals)
        assert poset.count_antichains(m) == len(antichains(vals, u.ge, m))
        assert poset.count_antichains_by_frontier(m) == len(antichains(vals, u.ge, m))


def test_frontier_count_of_LDE_day_4_order_is_21278() -> None:
    """The day-5 Left dead ends, one per antichain of day 4 (also listed in test_left_dead_end)."""
    u = find_universe("left-dead-end")
    m = np.asarray(u.order_matrix(u.born_by(4)))
    assert poset.count_antichains_by_frontier(m) == poset.count_antichains(m) == 21278


def _sub_order(name: str, size: int, seed: int) -> np.ndarray:
    """The order on ``size`` values born by day 2 drawn with ``seed`` (as the counts sweep does)."""
    u = find_universe(name)
    m = np.asarray(u.order_matrix(poset.by_form(u.born_by(2))))
    idx = sorted(np.random.default_rng(seed).choice(m.shape[0], size, replace=False).tolist())
    return m[np.ix_(idx, idx)]


@pytest.mark.parametrize("name", ["dead-ending", "blocking"])
def test_both_counts_agree_on_sub_orders_of_day_2(name: str) -> None:
    for seed in range(3):
        m = _sub_order(name, 60, seed)
        assert poset.count_antichains(m) == poset.count_antichains_by_frontier(m)


def test_sub_order_of_60_matches_the_table_in_new_md() -> None:
    """benchmarks/README.md (day-3 counts) lists this count, from the counts sweep."""
    assert poset.count_antichains(_sub_order("dead-ending", 60, 0)) == 1353153496


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size", "expected"), [
    ("dead-ending", 100, 101898522855167), ("dead-ending", 110, 89339074260086),
    ("blocking", 100, 1773073196012)])
def test_both_counts_agree_on_larger_sub_orders_of_day_2(name: str, size: int, expected: int) -> None:
    """The sub-order rows of benchmarks/README.md (expected: both counters, the counts sweep)."""
    m = _sub_order(name, size, 0)
    assert poset.count_antichains(m) == poset.count_antichains_by_frontier(m) == expected


def test_day2_antichain_count_bounds() -> None:
    """The proved bracket of docs/results/counts.md: 2^width ≤ a ≤ Π(|C| + 1) over a chain partition."""
    for name, w, high in (("dead-ending", 60, 2544480706098472377384960000000000000),
                          ("blocking", 62, 3396471743308934991052800000000000000000)):
        u = find_universe(name)
        assert poset.antichain_count_bounds(np.asarray(u.order_matrix(poset.by_form(u.born_by(2))))) == (2 ** w, high)


def test_day2_orders_of_dead_ending_and_blocking_have_width_60_and_62() -> None:
    """≥ 2^60 (ℰ) and 2^62 (blocking) option sets per side for day 3: a certified antichain of
    that size (checked pairwise against the universe's ≥) and a matching proving no larger one."""
    for name, w in (("dead-ending", 60), ("blocking", 62)):
        u = find_universe(name)
        vals = u.born_by(2)
        m = np.array(u.order_matrix(vals))
        a = poset.max_antichain(m)
        assert poset.width(m) == w == len(a) == len(poset.chain_partition(m))
        assert all(not u.ge(vals[i], vals[j]) for i in a for j in a if i != j)


def _option_sub_order(name: str, lefts: str, rights: str) -> np.ndarray:
    u = find_universe(name)
    vals = poset.by_option_sets(u, [parse_id(x) for x in lefts.split()], [parse_id(x) for x in rights.split()])
    return np.asarray(u.order_matrix(vals))


def test_by_option_sets_over_day_1_is_the_day_2_order() -> None:
    """Every value born by day 2 is some ``{A | B}`` with A, B sets of day-1 values: 196 of the
    256 such forms modulo ℰ (the others are identified or not dead-ending), 220 modulo blocking."""
    day1 = [parse_id(x) for x in ("0", "*", "1", "-1")]
    for name, n in (("dead-ending", 196), ("blocking", 220)):
        u = find_universe(name)
        vals = poset.by_option_sets(u, day1, day1)
        assert len(vals) == n == len(u.born_by(2))
        assert set(vals) == {u.reduce(g) for g in u.born_by(2)}


def test_by_option_sets_refuses_too_many_options_before_listing() -> None:
    u = find_universe("dead-ending")
    with pytest.raises(ComputationLimitError, match="2\\^40 option sets"):
        poset.by_option_sets(u, [parse_id("0")] * 40, [parse_id("0")])


@pytest.mark.parametrize(("name", "size", "expected"), [
    ("dead-ending", 55, 13214882), ("blocking", 61, 15743500)])
def test_b6_shaped_option_sub_order_counts_agree(name: str, size: int, expected: int) -> None:
    """Options in {0, 1, -1} on both sides (64 forms, shaped like B_6, whose antichains are the
    Dedekind number D(6) = 7,828,354): docs/results/counts.md, day-3 counts; both counters."""
    m = _option_sub_order(name, "0 1 -1", "0 1 -1")
    assert m.shape[0] == size
    assert poset.count_antichains(m) == poset.count_antichains_by_frontier(m) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size", "expected"), [
    ("dead-ending", 105, 829646241699), ("blocking", 116, 1367400480844)])
def test_b7_shaped_option_sub_order_counts_agree(name: str, size: int, expected: int) -> None:
    """Left options in {0, *, 1, -1}, Right in {0, 1, -1} (128 forms, shaped like B_7; D(7) =
    2,414,682,040,998): both counters (5-25 s each)."""
    m = _option_sub_order(name, "0 * 1 -1", "0 1 -1")
    assert m.shape[0] == size
    assert poset.count_antichains(m) == poset.count_antichains_by_frontier(m) == expected
