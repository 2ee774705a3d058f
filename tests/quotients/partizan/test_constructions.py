"""Closed sets with partizan quotients of every order n ≠ 3 (RSZ 2026 Thm 1.1; constructions.py).

Each construction is computed by the engine and certified exactly; for the small ones the order
is confirmed independently: the brute-force oracle (tests/oracle, sharing nothing with src/)
separates exactly ``n`` classes among short sums, and every outcome the quotient predicts for
a short sum agrees with exhaustive play.
"""
from __future__ import annotations

import json
from itertools import product

import pytest
from typer.testing import CliRunner

import misere as m
from misere.cli.app import app
from misere.core.notation import explicit
from misere.errors import UnsupportedError
from misere.quotients.partizan import constructions as C
from misere.quotients.partizan import partizan_quotient
from tests.oracle import brute

FAST = (1, 2, 4, 5, 6, 7, 9)
runner = CliRunner()


def words(n: int, k: int) -> list[tuple[int, ...]]:
    """Exponent vectors over ``n`` components with total at most ``k``."""
    return [w for w in product(range(k + 1), repeat=n) if sum(w) <= k]


def oracle_classes(q, size: int, test: int) -> int:
    """Number of classes the oracle separates among sums of <= size components, tested against
    sums of <= test components; also checks the quotient's outcome of every such sum."""
    forms = [brute.read(explicit(g)) for g in q.components.ids]
    n = len(forms)

    def o(w: tuple[int, ...]) -> str:
        return brute.outcome([f for f, e in zip(forms, w) for _ in range(e)])

    tests = words(n, test)
    sigs = set()
    for w in words(n, size):
        assert q.pi(q.normal_form(w)).value == o(w), w
        sigs.add(tuple(o(tuple(a + b for a, b in zip(w, z))) for z in tests))
    return len(sigs)


@pytest.mark.parametrize("n", FAST)
def test_fast_constructions_have_their_order_and_are_certified(n: int) -> None:
    q = C.construct(n)
    assert q.finite and q.order == n and C.recertify(q)
    assert q.strategy.startswith(f"exact: finite monoid of order {n}")


@pytest.mark.parametrize("n, size, test", [(2, 2, 2), (4, 3, 3), (5, 3, 3), (7, 3, 3)])
def test_oracle_separates_exactly_n_classes(n: int, size: int, test: int) -> None:
    """Lower bound n from the oracle (distinct outcome signatures), upper bound n from the
    certificate: the order is n by two independent methods."""
    assert oracle_classes(C.construct(n), size, test) == n


def test_presentations_of_small_constructions() -> None:
    assert C.construct(4).presentation == "<a,b | a3=a,ab=a2,b2=1>"
    assert C.construct(9).presentation == "<a,b | a2=1,ab4=b4,b5=b4>"
    assert C.construct(5).partition == {"1": "N", "a": "P", "b": "N", "a2": "N", "ab": "L"}


def test_order_three_and_untabulated_orders_are_refused() -> None:
    with pytest.raises(UnsupportedError, match="order 3"):
        C.closed_set(3)
    with pytest.raises(UnsupportedError, match="tabulated"):
        C.closed_set(21)
    assert sorted(C.CLOSED_SETS) == [n for n in range(1, 21) if n != 3]
    assert all(C.CLOSED_SETS[n] for n in C.CLOSED_SETS)


def test_census_of_small_closures_has_no_order_three() -> None:
    """cl(G) for every game G born by day 1 and every pair of them: orders 1, 2 and infinite
    (cl(*, 1), cl(*, -1), cl(1, -1)), never 3."""
    day1 = ["0", "*", "1", "-1"]
    sets = [[g] for g in day1] + [[g, h] for i, g in enumerate(day1) for h in day1[i + 1:]]
    census = C.order_census(sets, timeout_each=20)
    assert C.EXCLUDED_ORDER not in census.orders
    assert census.orders == {1: 1, 2: 6} and census.infinite == 3 and not census.refused
    assert census.example[2] == ("*",)


def test_cli_construction() -> None:
    out = runner.invoke(app, ["partizan-quotient", "--construction", "7", "--json"]).stdout
    d = json.loads(out)
    assert d["order"] == 7 and d["construction"]["games"] == ["{0|{0,*|}}"]
    assert d["strategy"].startswith("exact")
    res = runner.invoke(app, ["partizan-quotient", "-c", "3", "--json"])
    assert res.exit_code == 1 and "order 3" in json.loads(res.output)["error"]
    res = runner.invoke(app, ["partizan-quotient", "-c", "5", "--games", "*", "--json"])
    assert res.exit_code == 1 and "exactly one" in json.loads(res.output)["error"]
    text = runner.invoke(app, ["partizan-quotient", "-c", "4"]).stdout
    assert text.startswith("construction: cl({|{*|}}) has a quotient of order 4")


@pytest.mark.slow
@pytest.mark.parametrize("n", [n for n in range(1, 21) if n != 3])
def test_every_order_up_to_20(n: int) -> None:
    q = C.construct(n)
    assert q.order == n and C.recertify(q) and q.strategy.startswith("exact")


@pytest.mark.slow
def test_census_of_day2_closures_has_no_order_three() -> None:
    """All 256 closures cl(G), G born by day 2: finite orders 1, 2, 5, 6, 9 only."""
    census = C.order_census([[g] for g in m.born_by(2)], timeout_each=60)
    assert C.EXCLUDED_ORDER not in census.orders
    assert set(census.orders) == {1, 2, 5, 6, 9} and census.computed + len(census.refused) == 256


def test_engine_and_constructions_agree_on_union_example() -> None:
    """A union cl(S ∪ T) is not the product of the two quotients: cl(v) has order 9, cl(B) 5,
    cl(v, B) 12."""
    assert partizan_quotient(["v"]).order == 9 and C.construct(12).order == 12


def test_the_results_page_prints_the_table() -> None:
    """The site's results page computes the table from CLOSED_SETS when it is built (the site
    build runs that block: tests/test_docs_site.py)."""
    from pathlib import Path
    page = Path(__file__).resolve().parents[3] / "docs" / "results" / "partizan.md"
    text = page.read_text(encoding="utf-8")
    assert "from misere.quotients.partizan.constructions import markdown_table\nprint(markdown_table())" in text
    table = C.markdown_table()
    assert all(f"| {n} | `" in table for n in C.CLOSED_SETS) and "| 3 | `" not in table
