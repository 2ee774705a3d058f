"""The finite commutative monoid toolkit, presentations, tame recognition and Cayley pictures."""
from __future__ import annotations

import numpy as np
import pytest

import misere.quotients as mq
from misere.errors import MisereError
from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid.presentation import format_word, present
from misere.quotients.impartial.tame import tame_name


@pytest.fixture(scope="module")
def q0123():
    return mq.quotient("0.123", certify=0)


def cyclic(i: int, p: int) -> TableMonoid:
    """<g | g^(i+p) = g^i> with element k standing for g^k."""
    n = i + p

    def red(e: int) -> int:
        return e if e < n else i + (e - i) % p

    return TableMonoid([[red(x + y) for y in range(n)] for x in range(n)], 0)


def test_cyclic_monoid_structure():
    m = cyclic(2, 2)
    assert m.is_commutative() and m.is_associative()
    assert m.index_period(1) == (2, 2)
    assert m.idempotents() == [0, 2]
    assert m.maximal_subgroup(2) == [2, 3]
    assert m.units() == [0]
    assert m.archimedean_components() == {0: [0], 2: [1, 2, 3]}
    assert m.kernel() == [2, 3]
    assert str(present(m, [1])) == "<a | a4=a2>"
    with pytest.raises(MisereError, match="not idempotent"):
        m.maximal_subgroup(1)


def test_0123_monoid_invariants(q0123):
    m = q0123.monoid
    assert m.is_associative() and m.is_commutative()
    # maximal subgroups are elementary abelian 2-groups here (002 §10.3 asks whether always)
    for e in m.idempotents():
        g = m.maximal_subgroup(e)
        assert all(m.mul(x, x) == e for x in g)
    comps = m.archimedean_components()
    assert sum(len(v) for v in comps.values()) == 20
    assert len(m.units()) == 4  # {1, a, c, ac}


def test_presentation_words(q0123):
    assert format_word((1, 2, 0), "abc") == "ab2" and format_word((0, 0), "ab") == "1"
    pres = q0123.pres
    assert pres.names == ("a", "b", "c", "d")
    assert sorted(pres.word(x) for x in range(20))[:5] == ["1", "a", "ab", "ab2", "ab3"]


def test_tame_names():
    assert tame_name(TableMonoid([[0]], 0), np.array([False])) == "T0"
    q = mq.quotient("0.123", max_heap=7, certify=0)
    assert q.tame == "T2" and q.order == 6
    assert mq.quotient("0.75", certify=0).tame is None


def test_outcome_is_linear_in_heaps(q0123):
    heaps = [8, 9, 1, 1, 3, 40, 41]
    assert q0123.element(heaps) == q0123.monoid.product(q0123.value(h) for h in heaps)
    mv = q0123.winning_move([8, 9, 3])
    assert mv is not None and q0123.outcome(mv.position) == "P"
    assert q0123.winning_move([8, 9]) is None


def test_cayley_pictures(q0123):
    dot = q0123.cayley("dot")
    assert dot.startswith("digraph cayley {") and dot.count("->") == 4 * 20
    assert '"b2" [shape=doublecircle];' in dot
    svg = q0123.cayley("svg")
    assert svg.startswith("<svg") and svg.count("<circle") == 20 + 5 + 2  # nodes, P rings, legend
    with pytest.raises(ValueError, match="unknown picture format"):
        q0123.cayley("png")
