"""Late claims (:mod:`misere.quotients.infinite.deep`): what they prove is checked against the
stored claims and against misère play searched from the rules, with no part of ``misere``."""
from __future__ import annotations

import itertools
from functools import lru_cache
from types import SimpleNamespace

import pytest

from misere.impartial.octal import octal_game
from misere.quotients.impartial.counters import certificate_outcome
from misere.quotients.impartial.driver import compute
from misere.quotients.impartial.solver import Limits
from misere.quotients.infinite.deep import DeepWatcher
from misere.quotients.infinite.proof import load_claim
from misere.quotients.infinite.store import DATA

from tests.quotients.infinite.test_discovery import _agree


def _octal_options(digits: str, n: int) -> set[tuple[int, ...]]:
    """The positions a heap of ``n`` moves to under the octal code ``0.digits`` (Guy-Smith:
    digit ``k`` lets a player take ``k`` tokens leaving 0, 1 or 2 nonempty heaps as its bits 1,
    2, 4 allow), written out from the definition."""
    out: set[tuple[int, ...]] = set()
    for k, ch in enumerate(digits, start=1):
        d, rest = int(ch), n - k
        if rest < 0:
            break
        if d & 1 and rest == 0:
            out.add(())
        if d & 2 and rest > 0:
            out.add((rest,))
        if d & 4:
            out.update(tuple(sorted((i, rest - i))) for i in range(1, rest // 2 + 1))
    return out


@lru_cache(maxsize=None)
def _misere_outcome(digits: str, position: tuple[int, ...]) -> str:
    """'N' or 'P' of a sum of heaps, by search from the definition (no move: the player to
    move wins)."""
    moved = False
    for i, n in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for opt in _octal_options(digits, n):
            moved = True
            if _misere_outcome(digits, tuple(sorted(rest + opt))) == "P":
                return "N"
    return "P" if moved else "N"


def _agrees_with_play(cert, digits: str, top: int, tokens: int, most: int) -> int:
    """The certificate's outcome equals the searched one on every position of heaps <= top
    with at most ``most`` heaps and ``tokens`` tokens in the claim's domain (a claim with
    limits says nothing of the others); returns how many were compared."""
    seen = 0
    for n in range(1, most + 1):
        for word in itertools.combinations_with_replacement(range(1, top + 1), n):
            if sum(word) <= tokens:
                try:
                    claimed = certificate_outcome(cert, word)
                except ValueError:  # outside the claim's domain
                    continue
                assert claimed == (_misere_outcome(digits, word) == "P"), word
                seen += 1
    return seen


def test_late_claims_settle_0_3102_and_agree_with_the_stored_claim():
    """0.3102 at heap 12 (a 002 §10 bounty): the late reader proves ``Q_12`` infinite too, with
    ``Q_11`` finite, and its claim gives the stored claim's outcome wherever both are defined."""
    watch = DeepWatcher("0.3102", 12)
    q = compute(octal_game("0.3102"), 12, watch=watch, limits=Limits(max_order=200_000))
    proof = q.settled
    assert q.max_heap == 11 and proof is not None and proof.ok and proof.heap == 12
    assert "period" in proof.origin and "exact to" in proof.origin
    assert _agree(proof.cert, load_claim(DATA / "bounty-03102-heap12.npz"), 12, 36) > 500


def test_rounds_of_other_heaps_are_left_alone():
    """Only the rounds of the named heap are read, and only once an exponent has grown to
    ``start``; below that nothing is tried."""
    watch = DeepWatcher("0.264", 18, start=6)
    other = SimpleNamespace(heap=17, round=3, is_p=[False] * 10)
    watch(other, (17,) * 9 + (5,))
    early = SimpleNamespace(heap=18, round=3, is_p=[False] * 10)
    watch(early, (18,) * 5 + (13,) * 5)
    assert watch.tried == 0 and watch.last == 0


def test_a_range_of_heaps_is_read_heap_by_heap():
    """``through``: the rounds of each heap of the range are read afresh (a code whose stuck
    heap a larger bound passes); 0.3102 read from heap 10 to 14 settles at heap 12 as before,
    and rounds outside the range are left alone."""
    watch = DeepWatcher("0.3102", 10, through=14)
    q = compute(octal_game("0.3102"), 14, watch=watch, limits=Limits(max_order=200_000))
    assert q.max_heap == 11 and q.settled is not None and q.settled.ok and q.settled.heap == 12
    assert watch.reading == 12
    both = DeepWatcher("0.3102", 10, through=14, engine=True)
    q = compute(octal_game("0.3102"), 14, watch=both, limits=Limits(max_order=200_000))
    assert q.max_heap == 11 and q.settled.ok and q.settled.heap == 12 and both.tried >= 1
    late = DeepWatcher("0.264", 18, through=19, start=6)
    late(SimpleNamespace(heap=20, round=9, is_p=[False] * 10), (20,) * 9 + (5,) * 9)
    assert late.tried == 0 and late.history == []


def test_the_stored_0_264_claim_agrees_with_play_searched_from_the_rules():
    """Q_18(0.264), proved by the late reader: its outcomes equal those of misère play searched
    from the octal code's definition on every position of heaps <= 18 with at most 8 heaps and 40 tokens."""
    cert = load_claim(DATA / "0264-heap18.npz")
    assert _agrees_with_play(cert, "264", 18, 40, 8) > 60000


@pytest.mark.parametrize("name, digits, top, tokens, most, least", [
    ("0207-heap15.npz", "207", 15, 36, 8, 30000), ("06125-heap15.npz", "6125", 15, 36, 8, 30000),
    ("03224-heap12.npz", "3224", 12, 36, 8, 10000), ("00565-heap37.npz", "0565", 37, 44, 4, 3000)])
def test_the_larger_bound_claims_agree_with_play_searched_from_the_rules(name, digits, top, tokens,
                                                                        most, least):
    """The four proofs the census's eighth run found under a bound of 200,000 elements: each
    claim's outcomes equal those of misère play searched from the octal code's definition on
    the positions of its domain with at most ``most`` heaps and ``tokens`` tokens."""
    assert _agrees_with_play(load_claim(DATA / name), digits, top, tokens, most) >= least


@pytest.mark.parametrize("name, digits, top", [
    ("006-heap17.npz", "06", 17), ("02226-heap17.npz", "2226", 17), ("03161-heap9.npz", "3161", 9),
    ("03351-heap8.npz", "3351", 8), ("00341-heap16.npz", "0341", 16), ("07522-heap16.npz", "7522", 16)])
def test_the_claims_with_a_class_cut_by_value_agree_with_play(name, digits, top):
    """The census's ninth run: each claim counts two parts of a class of interchangeable heaps
    apart (its sizes of equal value in the candidate, through nested sums), and its outcomes
    equal those of misère play searched from the octal code's definition on every position of
    its domain with at most 8 heaps and 36 tokens."""
    cert = load_claim(DATA / name)
    assert len(cert.members) == 3 and cert.sums == ((0,), (1, 2), (2,))
    assert _agrees_with_play(cert, digits, top, 36, 8) >= 8000


def test_the_claim_of_0_342_at_heap_31_agrees_with_play():
    """The census's tenth run: ``Q_31(0.342)`` counts ``#23`` and ``#22`` beside a 352-element
    monoid; its outcomes equal those of misère play searched from the octal code's definition
    on every position of heaps up to 31 with at most 6 heaps and 46 tokens (two 23s and a 22
    among them)."""
    cert = load_claim(DATA / "0342-heap31.npz")
    assert cert.members == ((23,), (22,)) and _agrees_with_play(cert, "342", 31, 46, 6) > 60000


@pytest.mark.parametrize("name, digits, top, members, tokens, most, least", [
    ("04502-heap26.npz", "4502", 26, ((20,), (18,)), 42, 5, 19000),
    ("0245-heap33.npz", "245", 33, ((30,), (22,)), 46, 4, 11000),
    ("06026-heap17.npz", "6026", 17, ((17,), (12,)), 40, 5, 11000),
    ("0206-heap33.npz", "206", 33, ((28,), (27,)), 58, 3, 4800),
    ("06003-heap17.npz", "6003", 17, ((12,), (9,)), 36, 5, 8000),
    pytest.param("04502-heap26.npz", "4502", 26, ((20,), (18,)), 46, 6, 59000,
                 marks=pytest.mark.slow),
    pytest.param("0245-heap33.npz", "245", 33, ((30,), (22,)), 52, 5, 50000,
                 marks=pytest.mark.slow),
    pytest.param("06026-heap17.npz", "6026", 17, ((17,), (12,)), 46, 6, 38000,
                 marks=pytest.mark.slow),
    pytest.param("0206-heap33.npz", "206", 33, ((28,), (27,)), 60, 4, 26000,
                 marks=pytest.mark.slow),
    pytest.param("06003-heap17.npz", "6003", 17, ((12,), (9,)), 44, 6, 31000,
                 marks=pytest.mark.slow)])
def test_the_claims_read_under_a_bound_of_60000_agree_with_play(name, digits, top, members,
                                                                 tokens, most, least):
    """The census's eleventh run: ``Q_26(0.4502)`` counts ``#20`` and ``#18`` beside a
    221-element monoid, read off round 19 of heap 26, a candidate of 11,052 elements (past the
    default bound of 8,000, under which the rounds stall); ``Q_33(0.245)`` (a 3-digit code)
    counts ``#30`` and ``#22`` beside a 1,131-element monoid, ``Q_17(0.6026)`` ``#17`` and
    ``#12`` beside 988 elements, ``Q_33(0.206)`` ``#28`` and ``#27`` beside 1,513, and
    ``Q_17(0.6003)`` ``#12`` and ``#9`` beside 357. Each claim's outcomes equal those of misère
    play searched from the octal definition on every position of its domain with heaps up to
    ``top``, at most ``most`` heaps and ``tokens`` tokens (two counted heaps beside others among
    them): 19,964, 11,700, 11,580, 4,907 and 8,356 positions here, 59,284, 50,663, 38,317,
    26,265 and 31,105 in the slow run."""
    cert = load_claim(DATA / name)
    assert cert.members == members and _agrees_with_play(cert, digits, top, tokens, most) > least


#: the twelfth and thirteenth runs' claims: file, heap, counts, and the positions compared with
#: searched play (30 tokens and 4 heaps in the suite; 44 tokens and 5 heaps in the slow run)
LATE_RUNS = [
    ("0127-heap14.npz", 14, ((11,), (7, 8)), 1782, 7883),
    ("03326-heap14.npz", 14, ((10,), (9,)), 1838, 8967),
    ("07361-heap15.npz", 15, ((6,), (5,)), 2011, 9668),
    ("01236-heap16.npz", 16, ((15,), (13,)), 2159, 12931),
    ("03206-heap17.npz", 17, ((10,), (3, 6), (7,)), 2282, 14751),
    ("03242-heap17.npz", 17, ((13,), (15,)), 2282, 14752),
    ("05302-heap17.npz", 17, ((11,), (5,)), 2282, 14464),
    ("07325-heap17.npz", 17, ((17,), (14,)), 2282, 14752),
    ("01274-heap18.npz", 18, ((15,), (7, 8)), 2384, 16299),
    ("03204-heap18.npz", 18, ((14,), (9,)), 2383, 15472),
    ("01036-heap19.npz", 19, ((17,), (15,)), 2467, 17776),
    ("01316-heap19.npz", 19, ((15,), (12,)), 2467, 17215),
    ("0143-heap21.npz", 21, ((17,), (13,)), 2587, 19991),
    ("03766-heap21.npz", 21, ((18,), (12,)), 2587, 20102),
    ("0106-heap22.npz", 22, ((22,), (21,)), 2628, 21147),
    ("0104-heap23.npz", 23, ((18,), (12, 15)), 2659, 21984),
    ("01167-heap23.npz", 23, ((18,), (8, 9)), 2659, 21891),
    ("01173-heap23.npz", 23, ((12,), (11,)), 2659, 21984),
    ("01252-heap23.npz", 23, ((13,), (19,)), 2659, 21952),
    ("00512-heap24.npz", 24, ((13,), (12,)), 2682, 22701),
    ("01041-heap25.npz", 25, ((13,), (17,)), 2698, 23309),
    ("01134-heap25.npz", 25, ((21,), (15,), (18,)), 2698, 23310),
    ("0114-heap25.npz", 25, ((13,), (17,)), 2698, 23309),
    ("00016-heap26.npz", 26, ((14,), (21,)), 2709, 23824),
    ("01034-heap26.npz", 26, ((17,), (16,)), 2709, 23825),
    ("02204-heap28.npz", 28, ((24,), (18,)), 2720, 24615),
    ("07301-heap28.npz", 28, ((28,), (21,)), 2720, 24615),
    ("07126-heap30.npz", 30, ((20,), (17,)), 2723, 25143),
    ("03066-heap31.npz", 31, ((31,), (27,)), 2723, 25345),
    ("01376-heap28.npz", 28, ((28,), (19,)), 2720, 24615),
    ("01772-heap25.npz", 25, ((19,), (17,)), 2698, 23302),
    ("03151-heap29.npz", 29, ((29,), (22,), (27,)), 2722, 24910),
    ("03154-heap19.npz", 19, ((12,), (9,), (10,)), 2467, 17718),
    ("03372-heap13.npz", 13, ((13,), (7,), (12,)), 1637, 7513),
    ("03712-heap16.npz", 16, ((11,), (8,)), 2130, 11214),
    ("04544-heap38.npz", 38, ((38,), (25,), (33,)), 2723, 25904),
    ("04164-heap38.npz", 38, ((38,), (25,), (33,)), 2723, 25904),
    ("04145-heap38.npz", 38, ((38,), (25,), (33,)), 2723, 25904),
    ("02207-heap22.npz", 22, ((22,), (15,)), 2628, 21147),
    ("06007-heap17.npz", 17, ((11,), (8,)), 2203, 11129),
    ("045-heap27.npz", 27, ((16,), (10,)), 2716, 23767),
    ("00345-heap22.npz", 22, ((20,), (11,)), 2628, 21140),
    ("04102-heap17.npz", 17, ((16,), (14,)), 2282, 14752),]


@pytest.mark.parametrize("name, top, members, tokens, most, least", [
    *((n, t, m, 30, 4, small) for n, t, m, small, _ in LATE_RUNS),
    *(pytest.param(n, t, m, 44, 5, large, marks=pytest.mark.slow)
      for n, t, m, _, large in LATE_RUNS)])
def test_the_claims_of_the_later_runs_agree_with_play(name, top, members, tokens, most, least):
    """The census's twelfth run (the groups no run under a bound of 60,000 elements had taken,
    largest first): 29 proofs, 5 of them of 3-digit codes (0.127, 0.143, 0.106, 0.104, 0.114);
    the thirteenth (the groups the twelfth had not reached): 6 proofs; the fifteenth (weighted
    counts with a count window): 0.4544, 0.4164 and 0.4145 at heap 38; the sixteenth (the lemma at
    a slope, and weighted claims read with a longer period or in a domain): 0.2207 at heap 22,
    0.6007 at heap 17, 0.45 at heap 27, 0.0345 at heap 22 and 0.4102 at heap 17.
    Each claim's outcomes equal those of misère play searched from the octal definition on
    every position of its domain with heaps up to ``top``, at most ``most`` heaps and
    ``tokens`` tokens: 107,137 positions in all here, 832,896 in the slow run."""
    cert, digits = load_claim(DATA / name), name.split("-")[0][1:]  # 0143-heap21: 0.143
    assert cert.members == members and _agrees_with_play(cert, digits, top, tokens, most) >= least


@pytest.mark.slow
def test_late_claims_settle_0_264_at_heap_18():
    """Round 94 of heap 18 (68,208 elements; the census's work budget stops at round 26): the
    late reader proves ``Q_18`` infinite with ``Q_17`` finite of order 460, and the claim agrees
    with searched play on positions of up to 40 tokens."""
    watch = DeepWatcher("0.264", 18)
    q = compute(octal_game("0.264"), 18, watch=watch, limits=Limits(max_order=200_000))
    proof = q.settled
    assert q.max_heap == 17 and q.order == 460 and proof is not None and proof.ok
    assert any(18 in s.heaps for s in proof.separations if s.ok)
    assert _agrees_with_play(proof.cert, "264", 18, 40, 8) > 60000
