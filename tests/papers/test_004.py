"""Larsson–Milley–Nowakowski–Renault–Santos 004 (misère dead ends). Formulas were stripped from
the seed; the reconstructions are those of algorithms.md §B–§C and §F.1."""
from __future__ import annotations

import misere as m
from misere.universes import dead_ending as de

E = m.find_universe("dead-ending")


def test_def2_obs3_lemma4_thm5() -> None:
    ms = [de.perfect_murder(n) for n in range(5)]
    assert [m.Game._of(x).outcome().value for x in ms] == list("NLLLL")  # Obs 3
    assert all(de.ge(ms[n], ms[n + 1]) for n in range(1, 4))  # Lemma 4, n >= 1
    assert not de.ge(ms[0], ms[1])  # and not for n = 0 (algorithms.md §C.2)
    for t in ("-1", "-2", "{|0,-1}", "{|-1}"):  # Thm 5: M_n below nonzero dead Left ends
        x = m.parse(t)
        assert de.ge(x.id, ms[x.birthday])


def test_thm7_strong_outcomes() -> None:
    assert de.strong_outcome(m.parse("{*|*}").id) == "P"
    assert de.strong_outcome(m.parse("-1").id) == "L"  # Obs 10
    assert de.strong_outcome(m.parse("0").id) == "N"


def test_thm16_dicot_examples() -> None:
    assert m.compare("{0,*|*}", "0", "D") == ">"
    assert m.compare("0", "*", "D") == "||"


def test_thm17_and_witness() -> None:
    assert m.compare("{*|*}", "0", "E") == "||"
    x = m.distinguish("{*|*}", "0", "E")
    assert x is not None and x.is_dead_ending()


def test_reductions_e1_e5() -> None:
    assert m.canonical("{*,0|1}", "E") == m.parse("{-1,0|1}")  # E5 with n = 0
    assert m.canonical("{{*,0,1|-1}|{-1|0}}", "E") == m.parse("{-2|{-1|0}}")  # E5 with n = 1
    assert m.canonical("{-1|1}", "E") == m.parse("0")  # E4
    assert m.canonical("{0,{*|0}|*}", "D") == m.parse("{0,*|*}")  # R4 (Thm 23 (2))


def test_thm31_unique_reduced_forms() -> None:
    assert len(m.born_by(2, "E")) == 196
    assert len(m.born_by(2, "D")) == 9


def test_thms_36_37_conjugate_property() -> None:
    for u in ("D", "E"):
        assert m.invertibility("0", u).conjugate_property
