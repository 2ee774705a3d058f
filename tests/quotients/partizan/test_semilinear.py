"""The semilinear certificate for infinite partizan quotients (quotients/partizan/semilinear.py).

Every proved quotient's outcome predictions are compared with the independent oracle
(``tests/oracle/brute.py``, nested frozensets, exhaustive play) on all sums of at most
``CHECK_SIZE`` components and on random longer sums; deliberately wrong presentations and
outcome tables must be refused.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from misere.core.outcome import Outcome
from misere.quotients.partizan import partizan_quotient
from misere.quotients.partizan.components import words_up_to
from misere.quotients.partizan.quotient import PartizanQuotient
from misere.quotients.partizan.abstraction import closure, face_characters
from misere.quotients.partizan.semilinear import prove_semilinear
from tests.oracle import brute

CHECK_SIZE = 8

#: explicit forms (independent of misere's printer) of the components met below
LITERAL = {
    "*": "{0|0}", "1": "{0|}", "-1": "{|0}",
    "{|0,*,1}": "{|0,{0|0},{0|}}",
    "{0,*,1|1}": "{0,{0|0},{0|}|{0|}}",
    "{*,-1,1|*}": "{{0|0},{|0},{0|}|{0|0}}",
}
#: closures that neither the finite certificate nor the rank-one proof covers
CASES = ["{|0,*,1}", "{0,*,1|1}", "{*,-1,1|*}"]


def _quotient(g: str) -> PartizanQuotient:
    q = partizan_quotient([g])
    assert q.strategy.startswith("proved: outcomes and relations for all words"), q.strategy
    assert q.proof is not None and q.proof.ok
    return q


def _brute(q: PartizanQuotient, w: tuple[int, ...]) -> str:
    forms = [brute.read(LITERAL[name]) for name in q.components.names]
    return brute.outcome([forms[i] for i, e in enumerate(w) for _ in range(e)])


def _data(q: PartizanQuotient, size: int) -> dict[tuple[int, ...], Outcome]:
    return {w: q.components.outcome(w) for w in words_up_to(len(q.components), size)}


@pytest.mark.parametrize("g", CASES)
def test_proved_outcomes_match_brute_force(g: str) -> None:
    q = _quotient(g)
    ids = q.components.ids
    count = 0
    for w in words_up_to(len(ids), CHECK_SIZE):
        games = [ids[i] for i, e in enumerate(w) for _ in range(e)]
        assert q.outcome(games).value == _brute(q, w), (w, q.name(w))
        assert q.proof.pi(w).value == _brute(q, w)
        count += 1
    assert count > 100


@settings(max_examples=8)
@given(st.sampled_from(CASES), st.lists(st.integers(0, 9), min_size=4, max_size=4))
def test_proved_outcomes_of_long_sums(g: str, exps: list[int]) -> None:
    """Sums far beyond the classification bound (up to 36 components)."""
    q = _quotient(g)
    w = tuple(exps[:len(q.components)])
    assert q.proof.pi(w).value == _brute(q, w)


def test_face_characters_see_the_cancelling_pair() -> None:
    """cl({|0,*,1}): the group completion is trivial (a2c = ac kills a), but on the face
    {1, *} the relations a2b = a, ab2 = b leave the character #1 - #*."""
    q = _quotient("{|0,*,1}")
    assert q.presentation == "<a,b,c | a2b=a,ab2=b,a2c=ac,bc=ac,c2=c>"
    assert q.structure == "infinite monoid (group completion trivial)"
    assert face_characters(q._rules, 3) == [(1, -1, 0)]
    assert q.partition["a4"] == "R" and q.partition["b3"] == "P" and q.partition["b4"] == "N"


@pytest.mark.parametrize("g", CASES)
def test_every_word_has_its_fine_state_in_the_closure(g: str) -> None:
    """The over-approximation of the theorem: S contains the fine state of every word."""
    q = _quotient(g)
    ab = q.proof._cert
    states = closure(ab, len(q.components), ab.d)
    for w in words_up_to(len(q.components), 12):
        assert ab.fine(w, ab.d) in states


def test_order_is_read_from_the_proof() -> None:
    """x ≥ y from the certificate against the definition on explicit sums z (brute force)."""
    q = _quotient("{0,*,1|1}")
    words = list(words_up_to(3, 2))
    for x in words:
        for y in words:
            by_search = all(brute.outcome_ge(_brute(q, tuple(a + b for a, b in zip(x, z))),
                                             _brute(q, tuple(a + b for a, b in zip(y, z))))
                            for z in words_up_to(3, 6))
            if q.ge(x, y):
                assert by_search, (x, y)


def test_wrong_relation_is_refused() -> None:
    """<a,b,c | ab=1, c3=c2> is proved; replacing c3=c2 by c3=c (still confluent) is not."""
    q = _quotient("{0,*,1|1}")
    assert q.presentation == "<a,b,c | ab=1,c3=c2>"
    rules = [(l, r) if l != (0, 0, 3) else (l, (0, 0, 1)) for l, r in q._rules]
    assert rules != q._rules
    bad = PartizanQuotient(q.components, q.generators, rules, q.size_bound, q.test_bound)
    same = [(q.proof.details["window"], q.proof.details["period"])]  # the parameters that prove q
    proof = prove_semilinear(bad, _data(q, 10), parameters=same)
    assert not proof.ok and "relation 3.{0,*,1|1} = {0,*,1|1} fails" in proof.reason, proof.reason
    assert not prove_semilinear(bad, _data(q, 10)).ok  # nor with any other parameters


def test_wrong_outcome_table_is_refused() -> None:
    """The proof does not trust its seed data: one flipped outcome makes it fail."""
    q = _quotient("{|0,*,1}")
    data = _data(q, 10)
    w = (3, 0, 0)
    data[w] = Outcome("L") if data[w] != Outcome("L") else Outcome("R")
    proof = prove_semilinear(q, data, parameters=[(1, 2)])
    assert "refinement: " in proof.reason or proof.ok  # the common windows failed
    if proof.ok:  # the refinement searches real outcomes: the truth, not the flipped datum
        assert proof.pi(w) == q.components.outcome(w) != data[w]


def test_non_confluent_rules_are_refused() -> None:
    q = _quotient("{|0,*,1}")
    rules = [r for r in q._rules if r[0] != (0, 1, 1)]  # drop bc=ac: a2c=ac, c2=c stay
    rules.append(((0, 1, 1), (0, 0, 1)))  # bc = c: the pair with ab2 = b does not resolve
    bad = PartizanQuotient(q.components, q.generators, rules, q.size_bound, q.test_bound)
    proof = prove_semilinear(bad, _data(q, 8))
    assert not proof.ok


def test_cli_prints_the_proved_partition_rule() -> None:
    from typer.testing import CliRunner

    from misere.cli.app import app
    out = CliRunner().invoke(app, ["partizan-quotient", "--games", "{|0,*,1}", "-q"]).stdout
    assert "partition rule: Pi = H(reduced values of the forms [[1, 0, 0], [0, 1, 0], [0, 0, 1], " \
           "[1, -1, 0]]), window 1, period 2" in out
    assert "strategy: proved: outcomes and relations for all words" in out
