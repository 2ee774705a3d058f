"""Classification of misère quotients by order (issue 39, seed 002 §10.2)."""
from __future__ import annotations

import json
import lzma
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import misere as m
from misere.cli.app import app
from misere.quotients.census import Store
from misere.quotients.classify import brute_force, candidates, canonical_of, classify
from misere.quotients.classify.canon import canonical, is_associative, is_commutative, relabel
from misere.quotients.classify.census_link import census_classes
from misere.quotients.classify.conditions import check
from misere.quotients.classify.monoids import cocycle_classes, commutative_monoids, extension
from misere.quotients.classify.realisation import realise

ROOT = Path(__file__).resolve().parents[3]
STORE = ROOT / "benchmarks" / "data" / "census.sqlite.xz"

#: misère quotients per order, as classify finds them (orders 2-10 agree with seed 002 Fig. 18)
COUNTS = {1: 1, 2: 1, 4: 0, 6: 1, 8: 1, 10: 1}


def test_commutative_monoid_counts() -> None:
    """1, 2, 5, 19, 78, 421 commutative monoids of orders 1-6 (up to isomorphism), the same
    from the compiled and the pure-Python search."""
    assert [len(commutative_monoids(k)) for k in range(1, 7)] == [1, 2, 5, 19, 78, 421]
    for k in range(1, 6):
        assert commutative_monoids(k) == commutative_monoids(k, compiled=False)


@pytest.mark.parametrize("k", [2, 3, 4])
def test_extensions_are_commutative_monoids_with_a_free_involution(k: int) -> None:
    for mt in commutative_monoids(k):
        for c in cocycle_classes(mt):
            t = extension(mt, c)
            assert is_commutative(t) and is_associative(t)
            assert t[1][1] == 0 and all(t[1][x] != x for x in range(2 * k))


@pytest.mark.parametrize("order", [2, 4, 6])
def test_enumerator_agrees_with_brute_force(order: int) -> None:
    assert candidates(order) == brute_force(order)


@pytest.mark.parametrize("order", [1, 2, 3, 4, 5])
def test_enumerator_agrees_with_unrestricted_brute_force(order: int) -> None:
    """Every labelled commutative monoid of the order and every P, filtered by C1-C8 alone."""
    assert candidates(order) == brute_force(order, unrestricted=True)


@pytest.mark.slow
def test_enumerator_agrees_with_unrestricted_brute_force_order_6() -> None:
    assert candidates(6) == brute_force(6, unrestricted=True)


@pytest.mark.slow
def test_enumerator_agrees_with_brute_force_order_8() -> None:
    assert candidates(8) == brute_force(8)  # 96 classes; brute force ~10 s


def test_canonical_form_is_invariant_under_relabelling() -> None:
    rng = random.Random(7)
    for t, p in candidates(8)[:30]:
        f = [0] + rng.sample(range(1, 8), 7)
        t2, p2 = relabel(t, p, f)
        assert canonical(t2, p2) == (t, p)


@pytest.mark.parametrize("order", sorted(COUNTS))
def test_counts_and_witnesses(order: int) -> None:
    c = classify(order)
    assert c.count == COUNTS[order] and c.undecided == 0 and c.exact
    assert all(k.verified for k in c.classes)


def test_order_6_is_the_tame_quotient() -> None:
    (k,) = classify(6).classes
    assert k.presentation == "<a,b | a2=1,b3=b>" and k.P == ["a", "b2"]
    assert k.witness == ["G1 = {0}", "G2 = {0, G1}"] and k.forms == ["*", "*2"]


def test_realise_refutes_every_order_4_candidate() -> None:
    """No misère quotient has order 4 (seed 002 Fig. 18), though 4 candidates pass C1-C8."""
    cands = candidates(4)
    assert len(cands) == 4 and all(realise(t, p) is None for t, p in cands)


@pytest.mark.slow
def test_order_12_has_six_quotients() -> None:
    """Settles Fig. 18's '6?' (about 2-4 minutes)."""
    c = classify(12)
    assert c.count == 6 and c.exact and all(k.verified for k in c.classes)


def _census(tmp_path: Path) -> list[dict]:
    path = tmp_path / "census.sqlite"
    path.write_bytes(lzma.decompress(STORE.read_bytes()))
    with Store(path, create=False) as st:
        return list(st.records())


def test_census_quotients_fall_into_enumerated_classes(tmp_path: Path) -> None:
    """Every stored quotient of order <= 18 passes C1-C8 and is realisable (the exact search);
    up to order 10 it is one of the classes classify lists."""
    by_order = census_classes(_census(tmp_path), 18)
    assert sorted(by_order) == [2, 6, 8, 10, 12, 14, 16, 18]
    assert [len(by_order[n]) for n in (12, 14, 16, 18)] == [3, 1, 3, 3]
    for order, classes in by_order.items():
        for t, p in classes:
            assert check(t, p) is None and realise(t, p)
        if order <= 10:
            assert set(classes) <= {(k.table, k.p) for k in classify(order, verify=False).classes}


@pytest.mark.slow
def test_census_classes_of_orders_12_and_14_are_enumerated(tmp_path: Path) -> None:
    """The 3 census classes of order 12 and the 1 of order 14 are among the 6 and 12 that
    classify finds (about 5 minutes)."""
    by_order = census_classes(_census(tmp_path), 14)
    for order, count in ((12, 6), (14, 12)):
        c = classify(order, verify=False)
        assert c.count == count and c.exact
        assert set(by_order[order]) <= {(k.table, k.p) for k in c.classes}


def test_canonical_of_moves_the_identity() -> None:
    t = [[1, 0], [0, 1]]  # identity is element 1
    assert canonical_of(t, 1, [True, False]) == (((0, 1), (1, 0)), (False, True))


def test_cli_json_and_errors() -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["classify", "--order", "6", "--json"])
    d = json.loads(r.output.strip().splitlines()[-1])
    assert d["count"] == 1 and d["exact"] and d["classes"][0]["forms"] == ["*", "*2"]
    r = runner.invoke(app, ["classify", "--order", "0"])
    assert r.exit_code != 0 and "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1


def test_top_level_api() -> None:
    assert m.classify(4).count == 0
    with pytest.raises(m.MisereError):
        m.classify(-2)
    with pytest.raises(m.MisereError, match="beyond"):
        m.classify(20)
    with pytest.raises(m.MisereError, match="holds it"):
        m.classify(18, recompute=True)


def test_orders_past_14_are_read_from_the_catalogue() -> None:
    """``classify(16)`` lists the stored classes (the run in parts that wrote them), with the
    run's counts; the stored witnesses of a few are checked by the engine again."""
    from misere.quotients.classify import catalogue

    c = m.classify(16, verify=False)
    assert c.stats["source"].startswith("stored") and c.undecided == 0 and c.exact
    assert [(k.table, k.p) for k in c.classes] == [(e.table, e.p) for e in catalogue.load()[16]]
    assert c.candidates - c.refuted >= c.count > 0  # labelled realised candidates >= classes
    assert all(k.presentation.startswith("<a,") for k in c.classes)
    some = m.classify(16).classes[:3]
    assert all(k.verified for k in some)
    r = CliRunner().invoke(app, ["classify", "--order", "16", "--no-verify", "--json"])
    d = json.loads(r.output.strip().splitlines()[-1])
    assert d["count"] == c.count and d["stats"]["passing"] == c.candidates


@pytest.mark.parametrize("k", [3, 4])
def test_compiled_prefilter_matches_the_conditions(k: int) -> None:
    """The prefilter passes exactly the P-portions whose first failed condition (if any) is C7."""
    import itertools

    import numpy as np

    from misere.quotients.classify.fast import prefilter

    n = 2 * k
    for mt in commutative_monoids(k):
        for c in cocycle_classes(mt):
            t = extension(mt, c)
            ps = []
            for choice in itertools.product((0, 1, 2), repeat=k - 1):  # C3: one P per orbit
                p = [False, True] + [False] * (n - 2)
                for u, ch in enumerate(choice, start=1):
                    if ch:
                        p[2 * u + ch - 1] = True
                ps.append(p)
            keep = prefilter(t, np.array(ps))
            assert keep.tolist() == [check(t, p) in (None, "C7") for p in ps]


def test_realised_part_agrees_with_classify() -> None:
    """Running the exact search first, over monoids in two parts, finds the same classes."""
    from misere.quotients.classify.enumerate import realised_part

    ms = commutative_monoids(5)
    st: dict = {}
    found = {**realised_part(10, ms, (0, 2), stats=st), **realised_part(10, ms, (1, 2), stats=st)}
    assert set(found) == {(k.table, k.p) for k in classify(10, verify=False).classes}
    assert all(found.values()) and st["undecided"] == 0


@pytest.mark.slow
def test_order_14_has_twelve_and_order_16_sixty_seven_quotients() -> None:
    """Orders 14 and 16 by the exact search first (the compiled screen: 67 CPU s for order 16
    after about a minute for the monoids of order 8)."""
    from misere.quotients.classify.enumerate import realised_part

    for order, count in ((14, 12), (16, 67)):
        st: dict = {}
        found = realised_part(order, commutative_monoids(order // 2), stats=st)
        assert len(found) == count and st["undecided"] == 0


@pytest.mark.parametrize("order", [1, 2, 3, 4, 5, 6])
def test_classes_are_the_quotients_by_definition(order: int) -> None:
    """Every commutative monoid of the order with every marked subset, kept when reduced, 1 not
    in P and realised by a closed set (the exact search), gives exactly the classes of
    classify: C2-C8, the extensions and the P-portions lose nothing and add nothing."""
    from misere.quotients.classify.enumerate import by_definition

    assert by_definition(order) == [(k.table, k.p) for k in classify(order, verify=False).classes]


@pytest.mark.parametrize("order", [4, 5])
def test_quotients_by_definition_from_labelled_tables(order: int) -> None:
    """The same from every labelled commutative monoid table (no isomorphism classes used)."""
    from misere.quotients.classify.enumerate import by_definition

    assert by_definition(order, labelled=True) == by_definition(order)


@pytest.mark.slow
@pytest.mark.parametrize("order", [7, 8])
def test_classes_are_the_quotients_by_definition_orders_7_and_8(order: int) -> None:
    """Orders 7 (2,637 monoids, none) and 8 (20,486 monoids x 128 subsets; 5 minutes)."""
    from misere.quotients.classify.enumerate import by_definition

    assert by_definition(order) == [(k.table, k.p) for k in classify(order, verify=False).classes]


def test_incremental_monoid_search_matches_the_leaf_check() -> None:
    """The compiled search with its early profile cuts, whole or in parts, gives exactly the
    tables of the plain search filtered by the sorted-profile condition at the leaves."""
    from misere.quotients.classify.fast import sorted_labelled_monoids
    from misere.quotients.classify.monoids import _profile, labelled_commutative_monoids

    for m in range(1, 6):
        plain = sorted(tuple(map(tuple, t)) for t in labelled_commutative_monoids(m)
                       if all(_profile(t, x) <= _profile(t, x + 1) for x in range(1, m - 1)))
        whole = sorted(tuple(map(tuple, t.tolist())) for t in sorted_labelled_monoids(m))
        parts = sorted(tuple(map(tuple, t.tolist())) for i in range(5)
                       for t in sorted_labelled_monoids(m, part=(i, 5), depth=2))
        assert whole == plain == parts


def test_catalogue_agrees_with_classify_to_order_10() -> None:
    """The stored classes (names, tables, P) of orders <= 10 are those classify finds."""
    from misere.quotients.classify.catalogue import load

    cat = load()
    assert {n: len(es) for n, es in cat.items() if n <= 16} == {
        1: 1, 2: 1, 4: 0, 6: 1, 8: 1, 10: 1, 12: 6, 14: 12, 16: 67} | {
        n: 0 for n in (3, 5, 7, 9, 11, 13) if n in cat}
    for n in range(1, 11):
        assert [(e.table, e.p) for e in cat.get(n, ())] == \
            [(k.table, k.p) for k in classify(n, verify=False).classes]


def test_catalogue_witnesses_satisfy_the_theorem() -> None:
    """Every stored witness is a sequence of atoms as in the realisation theorem: new values,
    option sets inside Mex and the earlier submonoid, condition (b), generating Q."""
    from misere.quotients.classify.catalogue import load, lower_bounds
    from misere.quotients.classify.conditions import mex_sets
    from misere.quotients.classify.realisation import _consistent

    for es in [*load().values(), *lower_bounds().values()]:
        for e in es:
            n = len(e.table)
            mex = mex_sets(e.table, e.p)
            s = {0}
            for x, ts in e.atoms:
                assert x not in s and ts and set(ts) <= set(mex[x]) & s
                s |= {e.table[y][x] for y in s}
                while True:
                    more = {e.table[y][z] for y in s for z in s} - s
                    if not more:
                        break
                    s |= more
            assert len(s) == n
            pmask = sum(1 << x for x in range(n) if e.p[x])
            assert _consistent(e.table, pmask, [(x, sum(1 << y for y in ts)) for x, ts in e.atoms])


@pytest.mark.slow
@pytest.mark.parametrize("order", [12, 14, 16, 18])
def test_catalogue_witnesses_confirmed_by_the_engine(order: int) -> None:
    """The engine's quotient of each stored witness's closure is its class (with the
    brute-force certificate); order 16's 67 take about 20 minutes, order 18's 226 a few."""
    from misere.quotients.classify import verify_witness
    from misere.quotients.classify.catalogue import load, lower_bounds
    from misere.quotients.classify.realisation import witness_games

    for e in {**load(), **lower_bounds()}[order]:
        assert verify_witness(e.table, e.p, witness_games(e.table, e.witness()))


def test_census_quotients_to_order_16_are_named_classes(tmp_path: Path) -> None:
    """Every stored census quotient of order <= 16 is one of the stored classes of its order,
    and the census report names it (3 of the 6 classes of order 12, 1 of 12, 3 of 67)."""
    from misere.quotients.census.findings import findings
    from misere.quotients.classify.catalogue import class_name, load

    recs = _census(tmp_path)
    by_order = census_classes(recs, 16)
    index = {(e.table, e.p): e.name for es in load().values() for e in es}
    names = {n: sorted(index[key] for key in classes) for n, classes in by_order.items()}
    assert names[12] == ["12.4", "12.5", "12.6"] and names[14] == ["14.10"]
    assert names[16] == ["16.17", "16.64", "16.67"]
    small = [r for r in recs if r.get("order") is not None and r["order"] <= 16]
    f = findings(small, class_max_order=16)
    assert all(c["class"] for c in f["classes_all"])
    assert class_name([[0, 1], [1, 0]], 0, [False, False]) is None  # not a quotient


def test_census_classes_of_order_18_are_named_classes(tmp_path: Path) -> None:
    """Order 18 is settled (226 classes, stored from the run in parts); the census's 3 stored
    classes of order 18 are among them, and no lower-bound list is left."""
    from misere.quotients.census.findings import findings
    from misere.quotients.classify.catalogue import load, lower_bounds, orders

    stored = {(e.table, e.p): e.name for e in load()[18]}
    assert 18 in orders() and 18 not in lower_bounds() and len(stored) > 67
    recs = _census(tmp_path)
    assert set(census_classes(recs, 18)[18]) <= set(stored)
    f = findings([r for r in recs if r.get("order") == 18], class_max_order=18)
    assert sorted(c["class"] for c in f["classes_all"]) == ["18.153", "18.221", "18.226"]


def test_progress_lines_name_each_class() -> None:
    lines: list[str] = []
    c = m.classify(8, verify=False, progress=lines.append)
    assert lines[-1] == f"order 8: class 1 {c.classes[0].presentation}"


def test_each_class_draws_its_cayley_graph() -> None:
    """One picture per class: every element a vertex, the P-positions doubled."""
    for k in m.classify(8, verify=False).classes + m.classify(6, verify=False).classes:
        svg = k.cayley_svg()
        assert svg.startswith("<svg") and f"{k.order} elements" in svg
    with pytest.raises(ValueError, match="trivial"):
        m.classify(1, verify=False).classes[0].cayley_svg()


def test_odd_orders_are_answered_by_c5_at_any_size() -> None:
    """C5 (|Q| even) answers every odd order > 1 without enumerating, past the enumerator too."""
    for order in (17, 63):
        c = m.classify(order)
        assert c.count == 0 and c.exact and c.candidates == 0
