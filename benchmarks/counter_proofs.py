"""Engine candidates as the source of counter claims: shared by the proof scripts.

``grundy_infinite.py`` (Grundy's game at heap 29) and ``bounty_infinite.py`` (the open bounties
of seed 002 §10.4) read their claims off the engine's candidate of a given recalibration round;
the claim is then checked from the rules alone (``counters.check_certificate``), so nothing here
needs to be right for the proof.
"""
from __future__ import annotations

from misere.errors import ComputationLimitError
from misere.quotients.impartial.counters_data import build_certificate
from misere.quotients.impartial.recalibrate import Limits
from misere.quotients.impartial.solver import step
from misere.quotients.impartial.state import Pending, SolverState


def round_candidate(rounds: int, game, heap: int) -> Pending:
    """The engine's candidate after ``rounds`` recalibration rounds at ``heap`` of ``game``
    (the quotients to ``heap - 1`` first)."""
    limits = Limits(max_order=200_000, max_rounds=rounds + 1)
    st = SolverState.initial()
    while st.heap < heap - 1:
        st = step(game, st, limits)
    kept: list[Pending] = []
    try:
        step(game, st, limits, on_round=kept.append)
    except ComputationLimitError:  # the change does not end: stopped by max_rounds
        pass
    return next(p for p in kept if p.round == rounds)


def engine_claim(code: str, rounds: int, game, heap: int, shape: dict):
    """``(claim, origin)`` read off the engine's candidate of round ``rounds`` at ``heap``
    (``shape``: the arguments of ``counters_data.build_certificate``)."""
    cand = round_candidate(rounds, game, heap)
    return (build_certificate(code, cand, **shape),
            f"claim from the heap-{heap} candidate of round {cand.round} ({len(cand.is_p)} elements)")
