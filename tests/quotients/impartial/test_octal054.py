"""0.54 (seed 002 §10.1.2): the orders of its partial quotients follow the pattern that
reproductions/octal_054_partial_quotients.py states (observed there to heap 150), here to heap
35 with every heap's quotient checked by brute force on small sums."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import misere

ROOT = Path(__file__).resolve().parents[3]


def _script():
    spec = importlib.util.spec_from_file_location(
        "octal_054", ROOT / "reproductions" / "octal_054_partial_quotients.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


@pytest.mark.parametrize("heaps", [35])
def test_the_orders_of_054_follow_the_pattern(heaps):
    pattern = _script().pattern
    orders: dict[int, int] = {}
    q = misere.quotient("0.54", max_heap=heaps, certify=14,
                        progress=lambda h, o, m: orders.__setitem__(h, o) if m == "done" else None)
    orders[heaps] = q.order
    assert [orders[n] for n in range(14, heaps + 1)] == [pattern(n) for n in range(14, heaps + 1)]
    # before heap 14 the orders are those of seed 002's table of 0.54: 2, 6, 10, 12
    assert sorted({orders[n] for n in range(1, 14)}) == [2, 6, 10, 12]
    assert q.certificate.agreed and q.certificate.positions > 500
