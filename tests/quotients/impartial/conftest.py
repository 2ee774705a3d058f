"""Fixtures shared by the quotient engine's tests."""
from __future__ import annotations

import pytest

from misere.quotients.impartial import solver


@pytest.fixture
def change_starts(monkeypatch):
    """``(heap, first round)`` of every presentation change run from now on (a spy on
    ``solver._change``): shows where a resumed run picked up."""
    starts: list[tuple[int, int]] = []
    real_change = solver._change

    def spy(game, st, n, cand, start, *args):
        starts.append((n, start))
        return real_change(game, st, n, cand, start, *args)

    monkeypatch.setattr(solver, "_change", spy)
    return starts
