"""Partizan quotients of closures (003 §8; 001 §4.3): structure, partition, order, certificate.

Every quotient's outcome predictions are cross-checked against the independent oracle
(``tests/oracle/brute.py``, nested frozensets) on **all sums of at most 8 components** (the
stated bound), with component forms written out literally here.
"""
from __future__ import annotations

from xml.etree import ElementTree

import pytest

import misere as m
from misere.core.ops import STAR
from misere.errors import MisereError, NotInUniverseError
from misere.quotients.partizan import invariant_factors, partizan_quotient
from misere.quotients.partizan.certify import certify
from misere.quotients.partizan.components import words_up_to
from tests.oracle import brute

CHECK_SIZE = 8

#: literal explicit forms of the components that occur below (independent of misere's printer)
LITERAL = {
    "*": "{0|0}", "^": "{0|{0|0}}", "v": "{{0|0}|0}", "^*": "{0,{0|0}|0}", "v*": "{0|0,{0|0}}",
    "{0,*|*}": "{0,{0|0}|{0|0}}", "{*|0,*}": "{{0|0}|0,{0|0}}", "*2": "{0,{0|0}|0,{0|0}}",
    "1": "{0|}", "-1": "{|0}",
}


def cross_check(q, size: int = CHECK_SIZE) -> int:
    forms = [brute.read(LITERAL[name]) for name in q.components.names]
    ids = q.components.ids
    count = 0
    for w in words_up_to(len(ids), size):
        games = [ids[i] for i, e in enumerate(w) for _ in range(e)]
        expected = brute.outcome([forms[i] for i, e in enumerate(w) for _ in range(e)])
        assert q.outcome(games).value == expected, (w, q.name(w))
        count += 1
    return count


# ---- Q(1, -1) = Z (003 §8) ---------------------------------------------------------------

def test_q_one_minus_one_is_z() -> None:
    q = partizan_quotient(["1", "-1"])
    assert q.structure == "Z" and q.presentation == "<a,b | ab=1>" and q.is_group
    assert q.legend() == {"a": "1", "b": "-1"}
    one, minus, zero = ["1"], ["-1"], []
    # Phi(-1) > Phi(0) > Phi(1), strictly, and Phi(-1) Phi(1) = Phi(0)
    assert q.ge(minus, zero) and not q.ge(zero, minus)
    assert q.ge(zero, one) and not q.ge(one, zero)
    assert q.element(["1", "-1"]) == q.element([]) == "1"
    # ... although in general misère play 1 + -1 != 0 and 1, -1 are incomparable (003 §6-§8)
    assert m.compare(m.parse("1") + m.parse("-1"), "0") != "="
    assert m.compare("1", "-1") == "||"
    # the usual order of Z: k.(-1) >= j.(-1) iff k >= j
    assert q.ge("b2", "b") and q.ge("a", "a3") and not q.ge("a3", "a")
    assert q.partition == {"1": "N", "a": "R", "b": "L", "a2": "R", "b2": "L", "a3": "R",
                           "b3": "L", "a4": "R", "b4": "L"}
    assert q.strategy.startswith("exact") and q.proof.ok  # rank-one proof
    assert cross_check(q) == 45


# ---- day-2 dicot closures (001 §4.3) -------------------------------------------------------

def up_outcome(k: int, d: int) -> str:  # Lemmas 4.3.3-4.3.5, k.^ + d.* (k<0: |k| copies of v)
    if k == 0:
        return "P" if d else "N"
    sign = {"L": "R", "R": "L", "N": "N", "P": "P"}
    a = abs(k)
    o = (["R", "P", "L"][a - 1] if a <= 3 else "L") if d == 0 else ("N" if a <= 3 else "L")
    return o if k > 0 else sign[o]


def upstar_outcome(k: int, d: int) -> str:  # Lemmas 4.3.6-4.3.8
    if k == 0:
        return "P" if d else "N"
    o = "N" if (abs(k) == 1 and d == 1) else "L"
    return o if k > 0 else {"L": "R", "N": "N"}[o]


def e_outcome(k: int, d: int) -> str:  # Lemmas 4.3.9-4.3.11
    if k == 0:
        return "P" if d else "N"
    o = "N" if (abs(k) == 1 and d == 0) else "L"
    return o if k > 0 else {"L": "R", "N": "N"}[o]


@pytest.mark.parametrize("pos,neg,rule", [
    ("^", "v", up_outcome), ("^*", "v*", upstar_outcome), ("{0,*|*}", "{*|0,*}", e_outcome),
])
def test_day2_closures(pos: str, neg: str, rule) -> None:  # 001 §4.3.1-4.3.3
    q = partizan_quotient([pos, neg])
    assert q.structure == "Z x Z2" and set(q.relations) == {("a2", "1"), ("bc", "1")}
    assert q.strategy.startswith("exact") and q.proof.details["torsion"] == 2
    assert q.legend() == {"a": "*", "b": m.parse(pos).__str__(), "c": m.parse(neg).__str__()}
    P, N = m.parse(pos), m.parse(neg)
    for k in range(-7, 8):
        for d in (0, 1):
            games = [P] * k if k > 0 else [N] * (-k)
            assert q.outcome(games + [m.Game._of(STAR)] * d).value == rule(k, d), (k, d)
            # every sum reduces: adding ^ + v (or conjugate pair) changes nothing
            assert q.element(games + [P, N] + ["*"] * (2 * d)) == q.element(games)
    assert cross_check(q) == 165


def test_cl_star2_is_finite_and_exact() -> None:  # 001 §4.3.4, Lemmas 4.3.12-4.3.13
    q = partizan_quotient(["*2"])
    assert q.finite and q.order == 6 and q.presentation == "<a,b | a2=1,b3=b>"
    assert q.partition == {"1": "N", "a": "P", "b": "N", "ab": "N", "b2": "P", "ab2": "N"}
    assert q.strategy.startswith("exact") and q.certificate is not None and q.certificate.ok
    assert q.element(["*2"] * 3) == q.element(["*2"]) and q.element(["*2"] * 4) == "b2"
    assert q.units() == ["1", "a"]
    assert cross_check(q) == 45


def test_order_is_exact_for_finite_and_respects_general_order() -> None:
    # 003 §8: G >= H implies Phi(G) >= Phi(H); v* < * < ^* in general (001 Thm 4.3.2 (3))
    q = partizan_quotient(["^*", "v*"])
    assert m.ge("^*", "*") and q.ge(["^*"], ["*"]) and q.ge(["*"], ["v*"])
    # cl(1) is finite: every positive multiple of 1 is one class (no test game separates them)
    q1 = partizan_quotient(["1"])
    assert q1.finite and q1.order == 2 and q1.relations == [("a2", "a")]
    assert q1.order_relations() == [("1", "a")]  # N > R


def test_certificate_rejects_a_wrong_partition() -> None:
    q = partizan_quotient(["*2"])
    assert q._table is not None
    table = q._table.table.tolist()
    pi = [q.pi(w) for w in q._element_words()]
    phi = [q._element_words().index(q.normal_form(tuple(int(i == j) for j in range(2))))
           for i in range(2)]
    assert certify(q.components, table, 0, pi, phi).ok
    for x in range(len(pi)):
        bad = list(pi)
        bad[x] = m.Outcome.L
        assert not certify(q.components, table, 0, bad, phi).ok


@pytest.mark.slow  # about 40 s: the refinement's search (quotients/partizan/refine.py)
def test_sprig_closure_rank_two() -> None:  # 001 §4.5: M_S = Z2 x free abelian
    q = partizan_quotient(["{0,*|0}", "{0|0,*}", "{0,{0,*|0}|0}", "{0|0,{0|0,*}}"])
    assert q.structure == "Z^2 x Z2"
    assert q.strategy.startswith("proved: outcomes and relations for all words"), q.strategy
    assert "windows" in q.proof.rule  # found by the refinement (rank one does not apply)
    ids = q.components.ids
    for w in words_up_to(len(ids), 5):  # against an independent search of each sum
        assert q.proof.pi(w) == q.components.outcome(w)


def test_rank_one_proof_rejects_a_wrong_presentation() -> None:
    from misere.quotients.partizan.rank1 import prove_rank1
    q = partizan_quotient(["^", "v"])
    assert prove_rank1(q).ok
    # pretend ^ + v = * (bc = a) instead of ^ + v = 0: a consistent group Z x Z2 again,
    # but the outcome recursion (or reducedness) must fail
    (star, up, down) = [tuple(int(i == j) for j in range(3)) for i in range(3)]
    q._rules = [((2, 0, 0), (0, 0, 0)), ((0, 1, 1), star)]
    q._pi.clear()
    q.proof = None
    assert not prove_rank1(q).ok


def test_errors_and_hasse() -> None:
    q = partizan_quotient(["1", "-1"])
    with pytest.raises(NotInUniverseError, match="not a component"):
        q.element(["*"])
    with pytest.raises(MisereError, match="cannot read element"):
        q.ge("z", "a")
    svg = q.hasse_svg()
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg") and "a4 (R)" in svg
    with pytest.raises(MisereError):
        partizan_quotient([])


def test_invariant_factors() -> None:
    assert invariant_factors([[2, 0], [0, 3]], 2) == (0, [6])
    assert invariant_factors([[1, 1]], 2) == (1, [])
    assert invariant_factors([[2, 0, 0], [0, 1, 1]], 3) == (1, [2])


@pytest.mark.slow
def test_day2_single_game_closures_sweep() -> None:
    """All 256 closures cl(G), G born by day 2, are identified and predict the oracle's outcomes
    on every sum of at most 4 components (measured before the semilinear certificate: 89 exact,
    167 bounded, 0 refused; before the graded normal-word order 19 refused)."""
    counts = {"exact": 0, "proved": 0, "bounded": 0}
    for g in m.born_by(2):
        q = partizan_quotient([g])
        counts[q.strategy.split(":")[0]] += 1
        forms = [brute.read(m.Game._of(c).explicit()) for c in q.components.ids]
        for w in words_up_to(len(forms), 4):
            games = [q.components.ids[i] for i, e in enumerate(w) for _ in range(e)]
            assert q.outcome(games).value == brute.outcome(
                [forms[i] for i, e in enumerate(w) for _ in range(e)]), (str(g), w)
    # 167 were bounded before the semilinear certificate; how many it proves is not pinned
    # here (quotients/partizan/test_sweep.py counts the sweep)
    assert counts["exact"] == 89 and counts["proved"] + counts["bounded"] == 167


@pytest.mark.parametrize("text, strategy", [("{*|*,-1}", "exact"), ("{0,-1,1|-1}", "exact"),
                                            ("{1|*,-1,1}", "proved")])
def test_formerly_refused_day2_closures(text: str, strategy: str) -> None:
    """cl(G) where the colex-least word of a class is longer than the size bound (here
    ``-1 + *`` and ``3.*`` fall in one class): normal words are then chosen in the graded order
    (build._graded), and the quotient predicts the oracle on all sums of <= 5 components."""
    q = partizan_quotient([text])
    assert q.strategy.startswith(strategy)
    forms = [brute.read(m.Game._of(c).explicit()) for c in q.components.ids]
    for w in words_up_to(len(forms), 5):
        games = [q.components.ids[i] for i, e in enumerate(w) for _ in range(e)]
        assert q.outcome(games).value == brute.outcome(
            [forms[i] for i, e in enumerate(w) for _ in range(e)]), w


def test_kayles_quotient_against_oracle() -> None:
    from misere.rulesets.partizan_kayles import PartizanKayles
    from tests.oracle.partizan_rules import kayles_strip
    q = PartizanKayles.quotient(5)
    forms = [kayles_strip(n) for n in range(1, 6)]
    for w in words_up_to(5, 4):  # all sums of at most 4 strips of length <= 5
        games = [q.components.ids[i] for i, e in enumerate(w) for _ in range(e)]
        assert q.outcome(games).value == brute.outcome(
            [forms[i] for i, e in enumerate(w) for _ in range(e)]), w


@pytest.mark.slow
def test_sprig_quotient_against_oracle() -> None:
    """Sprigs *:1, *:-1, *:2, *:-2 (rank two; proved by refinement since session 9, about 60 s)
    against Hackenbush in the oracle."""
    from tests.oracle.partizan_rules import hackenbush, string_edges
    q = partizan_quotient(["{0,*|0}", "{0|0,*}", "{0,{0,*|0}|0}", "{0|0,{0|0,*}}"])
    word = {"*": "G", "^*": "GB", "v*": "GR", "{0,^*|0}": "GBB", "{0|0,v*}": "GRR"}
    forms = [hackenbush(string_edges(word[nm])) for nm in q.components.names]
    for w in words_up_to(len(forms), 4):
        games = [q.components.ids[i] for i, e in enumerate(w) for _ in range(e)]
        parts = [forms[i] for i, e in enumerate(w) for _ in range(e)]
        assert q.outcome(games).value == brute.outcome(parts), w


def _penny_nim_closure(stacks: list) -> tuple:
    from misere.rulesets import penny_nim as pn
    q = partizan_quotient([m.Game._of(pn.stack_game(s)) for s in stacks])
    return q, {pn.stack_game(s): s for s in stacks}, pn


def test_penny_nim_closure_of_four_stacks_matches_its_invariants() -> None:
    # the default run's version of the next test (3 s against 35-45 s): A, A-bar, *, D
    from misere.rulesets.penny_nim import Stack
    q, by_form, pn = _penny_nim_closure([Stack("L", 1), Stack("R", 1), Stack("S", 1), Stack("S", 2)])
    assert set(q.relations) == {("ab", "1"), ("d2", "1")}
    assert q.structure == "infinite monoid (group completion Z^2 x Z2)"  # * is not invertible
    for w in words_up_to(len(q.components), 5):
        games = [q.components.ids[i] for i, e in enumerate(w) for _ in range(e)]
        assert q.outcome(games) == pn.outcome([by_form[g] for g in games]), w


@pytest.mark.slow
def test_penny_nim_closure_matches_its_invariants() -> None:
    # 001 Lemma 3.5.1 / Thm 3.5.6: every position is k* + dD + aA + bB with k >= 0, d mod 2,
    # a, b integers; the engine finds exactly <ab=1, de=1, f2=1> on A, A-bar, *, B, B-bar, D
    from misere.rulesets.penny_nim import Stack
    q, by_form, pn = _penny_nim_closure([Stack(k, n) for k in "LRS" for n in (1, 2)])
    assert set(q.relations) == {("ab", "1"), ("de", "1"), ("f2", "1")}
    assert q.structure == "infinite monoid (group completion Z^3 x Z2)"  # * is not invertible
    for w in words_up_to(len(q.components), 4):
        games = [q.components.ids[i] for i, e in enumerate(w) for _ in range(e)]
        assert q.outcome(games) == pn.outcome([by_form[g] for g in games]), w


def test_proved_partition_answers_huge_sums() -> None:
    from misere.rulesets.partizan_kayles import PartizanKayles, rule_outcome
    q = PartizanKayles.quotient(5)
    for k, j in ((500, 200), (200, 500), (300, 300), (0, 1000), (1, 1001), (2, 1000)):
        games = [PartizanKayles.form(1)] * k + [PartizanKayles.form(5)] * j
        assert q.outcome(games) == rule_outcome([1] * k + [5] * j), (k, j)
