"""Searches too large for their time budget stop at it and say what they hold (no hang, no
traceback): the generic component search of partizan rulesets, the pure-Python bitmask
Domineering search (rulesets/grid_bits.py) and the compiled one (rulesets/grid_jit.py)."""
from __future__ import annotations

import pytest

import misere as m
from misere.core import cache
from misere.errors import BudgetExceededError
from misere.rulesets import grid_bits, grid_jit


def _stopped(fn, timeout: float = 0.5) -> dict:
    cache.clear()
    with pytest.raises(BudgetExceededError) as info:
        with m.limits(timeout=timeout):
            fn()
    return info.value.partial


def test_generic_ruleset_search_stops_with_positions_decided() -> None:
    partial = _stopped(lambda: m.rulesets.Domineering.outcome("8x8"))  # 8 columns: generic
    assert partial["ruleset"] == "domineering" and partial["positions_decided"] > 0


def test_python_bitmask_search_stops_with_positions_stored() -> None:
    b = grid_bits.pack_cells([(r, c) for r in range(7) for c in range(7)])
    partial = _stopped(lambda: grid_bits.domineering_wins(b, True, compiled=False))
    assert partial["positions_stored"] > 0 and partial["search_depth"] > 0


@pytest.mark.skipif(not grid_jit.available, reason="numba not installed")
def test_compiled_search_stops_with_its_table() -> None:
    b = grid_bits.pack_cells([(r, c) for r in range(8) for c in range(7)])
    partial = _stopped(lambda: grid_jit.wins(grid_bits.normalise(b), True), timeout=1.0)
    assert partial["positions_expanded"] > 0 and partial["table"]["stores"] > 0
