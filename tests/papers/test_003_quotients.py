"""Seed 003 §8 (Siegel, partizan misère quotients): tetrapartite monoids and their order."""
from __future__ import annotations

import pytest

import misere as m
from misere.quotients.partizan import partizan_quotient


def test_q_one_minus_one() -> None:
    q = partizan_quotient(["1", "-1"])
    one, bar = q.element(["1"]), q.element(["-1"])
    zero = q.element([])
    assert q.structure == "Z"
    assert q.ge(bar, zero) and not q.ge(zero, bar)      # Phi(-1) > Phi(0)
    assert q.ge(zero, one) and not q.ge(one, zero)      # Phi(0) > Phi(1)
    assert q.multiply(bar, one) == zero                 # Phi(-1) Phi(1) = Phi(0)
    assert m.compare("1", "-1") == "||" and m.compare(m.parse("1") + m.parse("-1"), "0") != "="


@pytest.mark.parametrize("gens", [["^*", "*", "v"], ["*", "v*", "^"]])
def test_order_contains_the_general_order(gens: list[str]) -> None:
    # if G >= H then Phi(G) >= Phi(H): every pair of sums of at most two components that the
    # general order compares (cl(^, v, *2) took 28 s and had no comparable pair but G >= G)
    q = partizan_quotient(gens)
    comps = [m.Game._of(g) for g in q.components.ids]
    sums = [[g] for g in comps] + [[g, h] for i, g in enumerate(comps) for h in comps[i:]]
    pairs = [(a, b) for a in sums for b in sums if a != b and m.ge(sum(a[1:], a[0]), sum(b[1:], b[0]))]
    assert len(pairs) >= 4  # e.g. ^* >= * and ^* >= v, or * >= v* and ^ >= v*
    for a, b in pairs:
        assert q.ge(a, b), ([str(g) for g in a], [str(h) for h in b])


def test_partition_is_the_outcome() -> None:
    q = partizan_quotient(["^", "v"])
    for x, o in q.partition.items():
        assert q.pi(x).value == o
    assert q.partition["1"] == "N"   # o(0) = N


def test_q_one_minus_one_has_the_usual_order_of_z() -> None:
    # "Q(1, -1) = Z, equipped with the usual partial-order structure": k copies of -1 is k
    q = partizan_quotient(["1", "-1"])
    assert q.proof is not None and q.proof.ok  # exact order (rank-one proof)

    def elem(k: int) -> list[str]:
        return ["-1"] * k if k >= 0 else ["1"] * (-k)

    for i in range(-5, 6):
        for j in range(-5, 6):
            assert q.ge(elem(i), elem(j)) == (i >= j), (i, j)
