"""Seed 001 (Milley's thesis), chapter 3: alternating games and PENNY NIM.

One test per numbered result, with the corrections of shared notes thesis-ch1-3.md §8.
Outcomes of sums are exact (exhaustive search over component multisets).
"""
from __future__ import annotations

from itertools import product

import pytest

from misere.core.notation import parse_id
from misere.core.ops import add, conjugate, is_alternating, is_dead_ending
from misere.core.outcome import Outcome, sum_outcome
from misere.core.table import ZERO, birthday, intern, left, right
from misere.rulesets import penny_nim as pn
from misere.universes import alternating as al

NAMES = {"A": al.ALT_A, "B": al.ALT_B, "C": al.ALT_C, "D": al.ALT_D}
U = al.ALTERNATING


def g(text: str) -> int:
    return parse_id(text, NAMES)


def o(*parts: int) -> str:
    return sum_outcome(parts).value


def ends(a: int, b: int, c: int) -> list[int]:
    out: list[int] = []
    for k, pos, neg in ((a, al.ALT_A, al.ALT_A_BAR), (b, al.ALT_B, al.ALT_B_BAR), (c, al.ALT_C, al.ALT_C_BAR)):
        out += [pos if k > 0 else neg] * abs(k)
    return out


def test_erratum_8_5_A_is_right_win_in_misere_left_win_in_normal() -> None:
    assert al.outcome_pair(al.ALT_A) == (Outcome.R, Outcome.L)


def test_lemma_3_2_1_ends_outcomes() -> None:
    """Ends: o⁻ ≠ P, o⁺ ≠ N, o⁻ ≠ o⁺ (all 31 alternating ends of formal birthday ≤ 3)."""
    lefts2 = [ZERO, g("~A"), g("{|A}"), g("{|0,A}")]
    rights2 = [conjugate(x) for x in lefts2]
    subsets = lambda xs: [[x for k, x in enumerate(xs) if m >> k & 1] for m in range(16)]  # noqa: E731
    end_forms = {intern([], r) for r in subsets(rights2)} | {intern(l_, []) for l_ in subsets(lefts2)}
    assert len(end_forms) == 31
    for x in end_forms:
        om, on = al.outcome_pair(x)
        assert om != Outcome.P and on != Outcome.N and om.value != on.value
    # §3.6: exactly three of them (0, A, ~A) are dead-ending
    assert {x for x in end_forms if is_dead_ending(x)} == {ZERO, al.ALT_A, al.ALT_A_BAR}


def test_thm_3_2_4_zero_ends() -> None:
    for text in ("{~A|}", "{~A,~B|}", "{|A}", "{|A,B}"):
        assert U.compare(g(text), ZERO) == "="


def test_thm_3_2_5_and_3_2_8_fig_3_4() -> None:
    for lo, hi in [("C", "0"), ("0", "B"), ("~B", "0"), ("0", "~C"), ("C", "A"), ("A", "B"),
                   ("~B", "~A"), ("~A", "~C")]:
        assert U.ge(g(hi), g(lo))
    assert U.compare(ZERO, al.ALT_A) == "||" and U.compare(ZERO, al.ALT_A_BAR) == "||"
    assert o(ZERO, g("*")) == "P" and o(al.ALT_A, g("*")) == "N"


def test_thm_3_2_9_ends_invertible() -> None:
    for e in al.EndClass:
        assert U.compare(add(e.rep, conjugate(e.rep)), ZERO) == "="
        for xs in ([], [g("*")], [g("*"), al.ALT_B], [g("{0|B}")]):
            assert o(e.rep, conjugate(e.rep), *xs) == o(*xs) if xs else o(e.rep, conjugate(e.rep)) == "N"


@pytest.mark.parametrize("abc, expected", [
    ((0, 0, 0), "N"), ((1, 0, 0), "R"), ((-1, 0, 0), "L"), ((0, 1, 0), "N"), ((0, 0, 1), "R"),
    ((0, 0, -1), "L"), ((1, 0, -1), "N"), ((2, -3, -1), "R"), ((-1, 4, 0), "L"), ((0, 5, 0), "N"),
    ((3, 0, -3), "N"), ((-2, 0, 1), "L"), ((0, -2, 1), "R"),
])
def test_thm_3_2_10_table(abc: tuple[int, int, int], expected: str) -> None:
    assert al.ends_outcome(*abc).value == expected
    assert o(*ends(*abc)) == expected


def test_cor_3_2_11_B_not_zero_modulo_A() -> None:
    assert o(al.ALT_B, g("*")) == "L" and o(g("*")) == "P"
    assert U.compare(al.ALT_B, ZERO) == ">"


def test_thm_3_3_4_twenty_nine_classes() -> None:
    assert len(al.CLASSES) == 29
    counts = {k: sum(1 for c in al.CLASSES if c.misere.value == k) for k in "NLRP"}
    assert counts == {"N": 11, "L": 7, "R": 7, "P": 4}
    assert {c.name for c in al.CLASSES if c.misere == Outcome.P} == {"*", "{0|B}", "{~B|0}", "{~B|B}"}
    table = {  # name: (o-, o+, formal birthday, class of the conjugate)   (notes T3.19)
        "{~C|C}": ("N", "N", 4, "{~C|C}"), "{~C|0,A}": ("N", "N", 4, "{0,~A|C}"),
        "{~C|A}": ("N", "L", 4, "{~A|C}"), "{~C|0}": ("L", "N", 4, "{0|C}"),
        "{~C|B}": ("L", "L", 4, "{~B|C}"), "{0,~A|0,A}": ("N", "N", 2, "{0,~A|0,A}"),
        "B": ("N", "L", 2, "~B"), "{0,~A|B}": ("L", "L", 3, "{~B|0,A}"), "0": ("N", "P", 0, "0"),
        "~C": ("L", "P", 3, "C"), "*": ("P", "N", 1, "*"), "{0|B}": ("P", "L", 3, "{~B|0}"),
        "{~B|B}": ("P", "P", 3, "{~B|B}"), "{~B|0}": ("P", "R", 3, "{0|B}"),
        "{~A|0}": ("L", "R", 2, "{0|A}"), "C": ("R", "P", 3, "~C"),
    }
    by_name = {c.name: c for c in al.CLASSES}
    for name, (om, on, b, conj) in table.items():
        c = by_name[name]
        assert (c.misere.value, c.normal.value, birthday(c.rep)) == (om, on, b)
        assert al.classify(conjugate(c.rep)).name == conj


def test_lemma_3_3_3() -> None:
    assert al.classify(g("{~B|A}")).name == "C" and al.classify(g("{~A|B}")).name == "~C"
    assert o(g("{~A|0,A}"), al.ALT_A, g("*")) == "N" and o(al.ALT_B_BAR, al.ALT_A, g("*")) == "R"
    assert o(g("{~A|C}"), al.ALT_A, g("*")) == "N"


@pytest.mark.parametrize("G, H, X, og, oh", [
    ("{~C|C}", "{~C|0,A}", "~C+*", "N", "L"), ("{~C|A}", "{0,~A|A}", "C+*", "N", "R"),
    ("{~C|C}", "{0,~A|0,A}", "C+*", "N", "R"), ("{~C|A}", "B", "~A+*", "N", "L"),
    ("{~C|0,A}", "{0,~A|C}", "C+*", "N", "R"), ("{0,~A|A}", "B", "~A+*", "N", "L"),
    ("{~C|0,A}", "{0,~A|0,A}", "C+*", "N", "R"),
    # a few rows of the reconstructed table T3.24
    ("{0,~A|0}", "{~A|0}", "{~B|B}+{~B|B}", "N", "R"), ("*", "{0|B}", "{0|B}", "N", "L"),
    ("{~B|0,A}", "C", "{~B|B}+{~B|B}", "R", "P"),
])
def test_t3_22_distinguishers(G: str, H: str, X: str, og: str, oh: str) -> None:
    assert (o(g(G), g(X)), o(g(H), g(X))) == (og, oh)


def test_lemma_3_3_5_star_reads_normal_outcome() -> None:
    for c in al.CLASSES:
        if c.misere == Outcome.N:
            assert o(c.rep, g("*")) == c.normal.value


def test_thm_3_4_3_worked_vectors() -> None:
    cols = [(0, 0, 0), (0, 1, 0), (0, -1, 0), (-1, 1, 0), (-1, 0, 0), (1, 0, 0), (0, -1, 1),
            (0, 0, 1), (0, 0, -1), (0, 1, 1), (2, 0, 0), (-2, 0, 0), (1, 1, 0), (-1, -1, 0), (1, -1, 0)]
    rows = {"*": "PLRLNNRRLNRLNNR", "{0|B}": "PLRLNNRRLNRLNNR", "{~B|B}": "PLRLNNRRLNRLNNR",
            "{~C|0}": "LLLLLNNNLNRLNLN", "{0|0,A}": "RRRNNRRRNRRLRNR",
            "{0,~A|0,A}": "NNNLLRRRLRRLRLR", "{~C|C}": "NNNLLRRRLRRLRLR"}
    for G, expected in rows.items():
        c = al.classify(g(G))
        for abc, e in zip(cols, expected):
            assert o(g(G), *ends(*abc)) == e
            assert al.outcome_with_ends(c.misere, *abc).value == e


def test_erratum_3_4_3B_right_win_for_tilt_zero() -> None:
    """Item 2 of the restated theorem should read t ≥ 0 (notes §8.17)."""
    for c in al.CLASSES:
        if c.misere == Outcome.R:
            assert o(c.rep) == "R" and o(c.rep, *ends(1, 0, -1)) == "R"


def test_fig_3_10_star_plus_B() -> None:
    assert o(g("*"), al.ALT_B) == "L"
    assert o(g("*")) == "P" and o(g("*"), al.ALT_A_BAR) == "N"


def test_thm_3_4_5_non_invertible_p_classes() -> None:
    assert o(g("*"), g("*"), al.ALT_A) == "P" and o(al.ALT_A) == "R"
    assert o(g("{0|B}"), g("{~B|0}"), al.ALT_A) == "P"
    assert o(g("{~B|B}"), g("{~B|B}")) == "P"


def test_t3_30_conjecture_3_4_4_sample() -> None:
    """Outcome form of Conjecture 3.4.4 on a small sample (evidence, as in the notes)."""
    ys = [g("{~C|C}"), g("{0,~A|0,A}"), g("{~C|0}"), g("{0|0,A}")]
    for y in ys:
        for a, b, c in product(range(-1, 2), repeat=3):
            assert o(y, *ends(a, b, c)) == o(y, *ends(a + c, 0, 0))


# --- PENNY NIM (§3.5) ---------------------------------------------------------------------

def test_lemma_3_5_1_stack_values() -> None:
    for n in range(3, 7):
        assert al.classify(pn.stack_game(pn.Stack("L", n))).name == "B"
        assert al.classify(pn.stack_game(pn.Stack("S", n))).name == "{0,~A|0,A}"
    assert pn.stack_game(pn.Stack("S", 2)) == al.ALT_D


@pytest.mark.parametrize("position, kdab, expected", [
    ("L1", (0, 0, 1, 0), "R"), ("R1", (0, 0, -1, 0), "L"), ("L2", (0, 0, 0, 1), "N"),
    ("L7", (0, 0, 0, 1), "N"), ("S1", (1, 0, 0, 0), "P"), ("S2", (0, 1, 0, 0), "N"),
    ("S5", (0, 1, 0, 0), "N"), ("S1+S1", (2, 0, 0, 0), "N"), ("S1+S1+S1", (3, 0, 0, 0), "P"),
    ("S2+S1", (1, 1, 0, 0), "N"), ("S3+S4", (0, 0, 0, 0), "N"), ("S3+S4+S1", (1, 0, 0, 0), "P"),
    ("L3+R2+S3+S1", (1, 1, 0, 0), "N"), ("S1+L2", (1, 0, 0, 1), "L"), ("S1+R4", (1, 0, 0, -1), "R"),
    ("S1+L1", (1, 0, 1, 0), "N"), ("S1+L1+L1", (1, 0, 2, 0), "R"), ("S1+R1", (1, 0, -1, 0), "N"),
    ("S1+S1+L1", (2, 0, 1, 0), "P"), ("S1+S1+L1+L1", (2, 0, 2, 0), "N"),
    ("S1+S1+L1+L1+L1", (2, 0, 3, 0), "R"), ("S1+S1+S2+L1", (2, 1, 1, 0), "N"),
    ("S1+S1+S1+L1", (3, 0, 1, 0), "N"), ("S1+S1+S1+R1+L3", (3, 0, -1, 1), "L"),
    ("S1+S1+S1+R1+R1+R1+R2", (3, 0, -3, -1), "N"), ("L1+R1", (0, 0, 0, 0), "N"),
    ("L2+R5", (0, 0, 0, 0), "N"), ("L1+L4+R1", (0, 0, 0, 1), "N"), ("S2+S2", (0, 0, 0, 0), "N"),
    ("S2+L1", (0, 1, 1, 0), "R"), ("S6+S1+L2+R2+R1", (1, 1, -1, 0), "N"),
])
def test_t3_34_penny_nim_positions(position: str, kdab: tuple, expected: str) -> None:
    stacks = pn.parse(position)
    assert pn.invariants(stacks) == kdab
    assert pn.outcome(stacks).value == expected
    assert o(*[pn.stack_game(s) for s in stacks]) == expected


def test_fig_3_1_winning_move_erratum() -> None:
    """Fig. 3.1 (L3+R2+S3+S1 ∈ N): the only winning first move, for either player, clears the
    sideways stack of three; removing the white pair (the thesis's answer) loses (notes §8.21)."""
    stacks = pn.parse("L3 + R2 + S3 + S1")
    comps = [pn.stack_game(s) for s in stacks]
    for side, opponent_wins in ((left, "right_first"), (right, "left_first")):
        winners = []
        for i, c in enumerate(comps):
            for x in side(c):
                rest = comps[:i] + [x] + comps[i + 1:]
                if not getattr(sum_outcome(rest), opponent_wins):
                    winners.append((str(stacks[i]), x))
        assert winners == [("S3", ZERO)]


@pytest.mark.parametrize("a, b, expected", [
    (-2, 0, "L"), (-1, 1, "L"), (0, 1, "L"), (-1, 0, "N"), (-1, -1, "N"), (1, 0, "N"), (1, 2, "N"),
    (2, 0, "R"), (0, -1, "R"), (1, -1, "R"), (0, 0, "P"),
])
def test_lemma_3_5_4_with_erratum(a: int, b: int, expected: str) -> None:
    """o⁻(* + aA + bB); the R clause is 0 ≤ a ≤ 1, b < 0 (notes §8.18)."""
    parts = [g("*")] + ends(a, b, 0)
    assert o(*parts) == expected


def test_lemma_3_5_5_and_alternating_check() -> None:
    assert o(g("*"), al.ALT_D) == "N"
    for a, b in product(range(-2, 3), range(-2, 3)):
        if (a, b) != (0, 0):
            assert o(g("*"), al.ALT_D, *ends(a, b, 0)) == o(g("*"), *ends(a, b, 0))
    assert all(is_alternating(pn.stack_game(pn.Stack(k, n))) for k in "LRS" for n in range(5))


def test_fig_3_5_moves_on_triples_give_thm_3_2_10() -> None:
    """Playing on (a, b, c) with the moves of Fig. 3.5 reproduces the tilt rule."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def wins(t: tuple[int, int, int], left_moves: bool) -> bool:
        moves = al.end_moves(*t, left_moves)
        return not moves or any(not wins(x, not left_moves) for x in moves)

    for t in product(range(-3, 4), repeat=3):
        got = Outcome.from_pair(wins(t, True), wins(t, False))
        assert got == al.ends_outcome(*t), t


def test_cor_3_2_11_modulo_ends_only() -> None:
    """Modulo 𝒜_e: B ≡ 0 and C ≡ A (sample of sums of ends); the monoid element is the tilt."""
    xs = [ends(a, b, c) for a, b, c in product(range(-2, 3), range(-1, 2), range(-1, 2))]
    for x in xs:
        assert o(al.ALT_B, *x) == o(*x)
        assert o(al.ALT_C, *x) == o(al.ALT_A, *x)
    assert al.ends_monoid_element(g("A+B+C+~A+~C+~C")) == -1
    assert al.ends_monoid_element(g("3")) == 3
