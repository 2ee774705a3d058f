"""Seed 002 §10.3 asks whether every element of a finite misère quotient satisfies
``x^(k+2) = x^k``. The census found two finite partial quotients where it fails; here the first,
``Q_11`` of 0.3371 (order 186), is computed and ``Phi(4)`` is shown to have period 6, with the
positions that tell ``4^k`` from ``4^(k+2)`` checked by a brute-force outcome search from the
rules, for ``k`` through a whole period."""
from __future__ import annotations

import numpy as np

import misere
from misere.quotients.census.iso import bipartite, questions_10_3
from misere.quotients.impartial.certify import brute_force_outcomes, rule_moves


def _shortest_words(table: np.ndarray, phi: list[int], identity: int, heaps: int) -> dict:
    """A word of heaps (fewest heaps first) for each element, by breadth-first search."""
    words, frontier = {identity: ()}, [identity]
    while frontier:
        nxt = []
        for x in frontier:
            for h in range(1, heaps + 1):
                y = int(table[x, phi[h]])
                if y not in words:
                    words[y] = words[x] + (h,)
                    nxt.append(y)
        frontier = nxt
    return words


def _power(table: np.ndarray, identity: int, x: int, n: int) -> int:
    """``x^n`` by ``n`` products in the table."""
    r = identity
    for _ in range(n):
        r = int(table[r, x])
    return r


def _fails_10_3(code: str, heap: int, order: int):
    """``Q_heap`` of ``code`` (its monoid, heap values, table and P-portion), after checking
    its order and that the census report's test of §10.3 answers no to both questions."""
    q = misere.quotient(code, max_heap=heap, certify=0, quiet=True)
    mon, phi = q.monoid, list(q.state.phi)
    table, is_p = np.asarray(mon.table), np.asarray(q.state.is_p, dtype=bool)
    assert mon.order == order
    rec = {"table": np.ascontiguousarray(table, dtype="<i4").tobytes(), "order": mon.order,
           "is_p": is_p.astype(np.uint8).tobytes(), "identity": mon.identity}
    answers = questions_10_3(bipartite(rec))  # what the census report runs
    assert not answers["x_k2_eq_xk"] and not answers["subgroups_elementary_2"]
    return mon, phi, table, is_p


def test_a_finite_quotient_with_an_element_of_period_6():
    mon, phi, table, is_p = _fails_10_3("0.3371", 11, 186)
    x = phi[4]
    index, period = mon.index_period(x)
    assert (index, period) == (2, 6)
    identity = mon.identity
    words = _shortest_words(table, phi, identity, 11)

    def power(n: int) -> int:
        return _power(table, identity, x, n)

    outcome = brute_force_outcomes(rule_moves("0.3371"))
    for k in range(index, index + period):  # x^k != x^(k+2) along a whole period
        a, b = power(k), power(k + 2)
        told = [z for z in words if is_p[table[a, z]] != is_p[table[b, z]]]
        assert told
        z = min(told, key=lambda t: sum(words[t]))
        pa, pb = (4,) * k + words[z], (4,) * (k + 2) + words[z]
        assert outcome(tuple(sorted(pa))) == bool(is_p[table[a, z]])
        assert outcome(tuple(sorted(pb))) == bool(is_p[table[b, z]])
        assert outcome(tuple(sorted(pa))) != outcome(tuple(sorted(pb)))


def test_a_heap_of_order_8_in_the_group_of_units():
    """``Q_10`` of 0.774 (order 152): ``Phi(10)`` is a unit of order 8, so the group of units
    holds a cyclic group of order 8 (not ``(Z_2)^m``) and ``x^(k+2) = x^k`` fails for every
    ``k``. The engine reaches it by freeing heap 10 with the period 8 read off its failures
    (``10^a`` is P exactly at ``a = 1, 4, 6 mod 8``); with period 2 the index of 10 grew by one
    per round. For a unit, ``x^2 != 1`` and ``x^4 != 1`` give order 8 (``x^8 = 1`` from the
    table); positions telling them apart are checked by a brute-force outcome search."""
    mon, phi, table, is_p = _fails_10_3("0.774", 10, 152)
    x, identity = phi[10], mon.identity
    assert mon.index_period(x) == (0, 8)
    words = _shortest_words(table, phi, identity, 10)
    outcome = brute_force_outcomes(rule_moves("0.774"))
    for k in (2, 4):  # x^k != 1: a position z with o(z) != o(10^k + z)
        power = _power(table, identity, x, k)
        told = [z for z in words if is_p[z] != is_p[table[power, z]]]
        z = min(told, key=lambda t: sum(words[t]))
        plain, more = tuple(sorted(words[z])), tuple(sorted((10,) * k + words[z]))
        assert outcome(plain) == bool(is_p[z]) != outcome(more) == bool(is_p[table[power, z]])
