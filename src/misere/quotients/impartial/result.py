"""The :class:`Quotient` result object and the driver that computes it.

A quotient is computed heap by heap (seed 002 §9.2-§9.3; notes E.5) until the periodicity test
of notes E.6 certifies it (``solved``), the last heap of a finite game is reached, or
``max_heap`` stops it (then it is the partial quotient ``Q_max_heap``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from misere.errors import ComputationLimitError, RulesetError, VerificationError
from misere.quotients.impartial.certify import Certificate
from misere.quotients.impartial.checkpoint import Checkpoint
from misere.quotients.monoid import TableMonoid
from misere.quotients.impartial.periodicity import certified_period, normal_period
from misere.quotients.monoid.presentation import Presentation, choose_generators, present
from misere.quotients.impartial.solver import Limits, SolverState, step
from misere.quotients.impartial.tame import tame_name
from misere.impartial.heap import HeapGame

__all__ = ["Quotient", "Move", "compute", "describe"]


@dataclass(frozen=True)
class Move:
    """A move in a sum of heaps: replace one ``heap`` by the heaps ``to``."""

    heap: int
    to: tuple[int, ...]
    position: tuple[int, ...]


def describe(st: SolverState) -> tuple[TableMonoid, Presentation, dict]:
    """Presentation and a JSON-ready record of a state (002 §9.3 log format)."""
    q = st.monoid
    gens = choose_generators(q, st.phi)
    pres = present(q, [st.phi[i] for i in gens])
    p_elems = sorted(np.nonzero(st.is_p)[0].tolist(),
                     key=lambda x: tuple(reversed(pres.normal[x])))
    p_words = [pres.word(x) for x in p_elems]
    rec = {"heap": st.heap, "order": q.order, "p_count": int(st.is_p.sum()),
           "presentation": str(pres), "P": p_words,
           "phi": [pres.word(x) for x in st.phi], "tame": tame_name(q, st.is_p)}
    return q, pres, rec


@dataclass(repr=False)
class Quotient:
    """A certified misère (partial) quotient of a heap game.

    Attributes
    ----------
    game : HeapGame
    state : SolverState
    changes : list of [heap, order]
    records : list of dict
        Full record (heap, order, p_count, presentation, P, phi, tame) of every change.
    period, preperiod : int or None
        Misère period of ``Phi`` and first heap of its periodic part, when certified.
    solved : bool
        Whether this is the quotient of the whole game (periodicity certified, or every heap
        of a finite game included).
    last_tame_heap : int
    certificate : Certificate or None
    normal : dict
        Nim sequence and its period (normal play, Guy-Smith test).
    """

    game: HeapGame
    state: SolverState
    records: list[dict]
    period: int | None
    preperiod: int | None
    solved: bool
    last_tame_heap: int
    normal: dict
    certificate: Certificate | None = None
    _pres: Presentation | None = field(default=None, repr=False)

    @property
    def monoid(self) -> TableMonoid:
        """The quotient monoid ``Q``."""
        return self.state.monoid

    @property
    def pres(self) -> Presentation:
        """Presentation object (generators named in heap order)."""
        if self._pres is None:
            self._pres = describe(self.state)[1]
        return self._pres

    @property
    def order(self) -> int:
        """``|Q|``."""
        return self.monoid.order

    @property
    def p_count(self) -> int:
        """``|P|``."""
        return int(self.state.is_p.sum())

    @property
    def presentation(self) -> str:
        """``<a,b,... | relations>``."""
        return str(self.pres)

    @property
    def P(self) -> list[str]:  # noqa: N802  (the paper's name)
        """Normal words of the P-portion."""
        return describe(self.state)[2]["P"]

    @property
    def phi(self) -> list[str]:
        """Normal words of ``Phi(0), Phi(1), ...`` up to the last heap computed."""
        return [self.pres.word(x) for x in self.state.phi]

    @property
    def changes(self) -> list[list[int]]:
        """``[heap, order]`` at every change of the partial quotient."""
        return [[h, o] for h, o in self.state.changes]

    @property
    def max_heap(self) -> int:
        """Last heap computed."""
        return self.state.heap

    @property
    def tame(self) -> str | None:
        """``"T1"``, ``"T2"``, ... when the quotient is tame."""
        return tame_name(self.monoid, self.state.is_p)

    def value(self, heap: int) -> int:
        """``Phi(heap)`` as an element of ``Q`` (periodic extension when solved)."""
        n = self.state.heap
        if heap <= n:
            return self.state.phi[heap]
        if self.solved and self.period is not None and self.preperiod is not None:
            p, n0 = self.period, self.preperiod
            return self.state.phi[n0 + (heap - n0) % p]
        raise ComputationLimitError(f"heap {heap} is beyond the computed range 0..{n}")

    def element(self, heaps: Sequence[int]) -> int:
        """``Phi`` of a sum of heaps (O(number of heaps) table look-ups)."""
        q = self.monoid
        x = q.identity
        for h in heaps:
            x = q.mul(x, self.value(int(h)))
        return x

    def outcome(self, heaps: Sequence[int]) -> str:
        """Misère outcome ``"P"`` or ``"N"`` of the sum of the given heaps."""
        return "P" if self.state.is_p[self.element(heaps)] else "N"

    def winning_move(self, heaps: Sequence[int]) -> Move | None:
        """A move to a P-position, or ``None`` when the position is P (or has no move)."""
        pos = tuple(sorted(int(h) for h in heaps))
        q = self.monoid
        vals = [self.value(h) for h in pos]
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = q.product(vals[:i] + vals[i + 1:])
            for opt in self.game.options(h):
                if self.state.is_p[q.product([rest] + [self.value(o) for o in opt])]:
                    new = tuple(sorted(pos[:i] + pos[i + 1:] + opt))
                    return Move(h, opt, new)
        return None

    def __repr__(self) -> str:
        state = "solved" if self.solved else f"partial, heaps <= {self.max_heap}"
        return (f"<Quotient of {self.game.name!r}: order {self.order}, {self.p_count} P, "
                f"{self.presentation} ({state})>")

    def _repr_svg_(self) -> str:
        """Notebook picture: the Cayley graph."""
        return self.cayley("svg")

    def cayley(self, fmt: str = "dot") -> str:
        """Cayley graph of ``Q`` on its generators as ``"dot"`` text or ``"svg"``."""
        from misere.quotients.monoid.cayley import cayley_dot, cayley_svg

        draw = {"dot": cayley_dot, "svg": cayley_svg}.get(fmt)
        if draw is None:
            raise ValueError(f"unknown picture format {fmt!r} (use 'dot' or 'svg')")
        return draw(self.monoid, self.state.is_p, self.pres)

    def as_dict(self) -> dict:
        """JSON-ready summary (fields of the issue: order, p_count, presentation, P, ...)."""
        return {"game": self.game.name, "order": self.order, "p_count": self.p_count,
                "presentation": self.presentation, "P": self.P, "phi": self.phi,
                "period": self.period, "preperiod": self.preperiod, "solved": self.solved,
                "changes": self.changes, "max_heap": self.max_heap, "tame": self.tame,
                "last_tame_heap": self.last_tame_heap, "normal": self.normal,
                "history": self.records,
                "certificate": self.certificate.as_dict() if self.certificate else None,
                "labels": self.game.labels[:self.max_heap + 1] if self.game.labels else None}


def compute(
    game: HeapGame,
    max_heap: int | None = None,
    *,
    limits: Limits | None = None,
    checkpoint: str | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> Quotient:
    """Compute the quotient of ``game`` heap by heap (see module docstring).

    Parameters
    ----------
    game : HeapGame
    max_heap : int, optional
        Stop after this heap. Default: the last heap of a finite game, else stop when the
        periodicity test certifies the quotient (at most 1000 heaps).
    limits : Limits, optional
        Size bounds; exceeding one raises :class:`ComputationLimitError`.
    checkpoint : str, optional
        SQLite file to resume from and save to after every heap.
    progress : callable, optional
        ``progress(heap, order, message)`` after each heap and during long steps.
    """
    stop = max_heap if max_heap is not None else (game.max_heap if game.max_heap is not None
                                                   else 1000)
    if game.max_heap is not None and stop > game.max_heap:
        raise RulesetError(f"{game.name!r} has no heap beyond {game.max_heap}")
    ck = Checkpoint(checkpoint, game.name) if checkpoint else None
    loaded, records = (ck.load() if ck else (None, []))
    st: SolverState = loaded or SolverState.initial()
    last_tame = max([r["heap"] for r in records if r.get("tame")] + [0])
    solved = False
    try:
        while True:
            if game.periodicity is not None and st.heap > 0:
                solved = certified_period(st.phi, *game.periodicity) is not None
            if game.max_heap is not None and st.heap == game.max_heap:
                solved = True
            if st.heap >= stop or (solved and max_heap is None):
                break
            n = st.heap + 1
            tick = (lambda msg, n=n: progress(n, st.table.shape[0], msg)) if progress else None
            try:
                new = step(game, st, limits, tick)
            except ComputationLimitError as exc:
                err = ComputationLimitError(
                    f"{exc} (last completed heap {st.heap}, |Q| = {st.table.shape[0]}; "
                    f"the partial quotient is attached as .partial)")
                err.partial = _assemble(game, st, records, last_tame)  # type: ignore[attr-defined]
                raise err from None
            record = None
            if new.changes != st.changes:
                record = describe(new)[2]
                records.append(record)
            st = new
            if tame_name(st.monoid, st.is_p):
                last_tame = st.heap
            if ck:
                ck.save(st, record)
            if progress:
                progress(st.heap, st.table.shape[0], "done")
    finally:
        if ck:
            ck.close()
    return _assemble(game, st, records, last_tame)


def _assemble(game: HeapGame, st: SolverState, records: list[dict], last_tame: int) -> Quotient:
    """The :class:`Quotient` of a certified state (periodicity checked again)."""
    period = preperiod = None
    solved = game.max_heap is not None and st.heap == game.max_heap
    if not solved and game.periodicity is not None:
        found = certified_period(st.phi, *game.periodicity)
        if found is not None:
            preperiod, period = found
            solved = True
    seq, nper = normal_period(game) if game.periodicity else ([], None)
    normal = {"period": nper[1] if nper else None, "preperiod": nper[0] if nper else None,
              "nim_sequence": seq[:st.heap + 1]}
    return Quotient(game, st, records, period, preperiod, solved, last_tame, normal)


def verify_with_brute_force(q: Quotient, bound: int, moves=None, by_tokens: bool = True
                            ) -> Certificate:
    """Attach the brute-force certificate (see :mod:`misere.quotients.impartial.certify`)."""
    from misere.quotients.impartial.certify import cross_check
    heaps = [h for h in range(1, q.max_heap + 1)]
    rules = moves or (lambda h: list(q.game.options(h)))

    def predict(pos: tuple[int, ...]) -> bool:
        return q.outcome(pos) == "P"

    st = q.state
    cert = cross_check(predict, rules, heaps, bound, by_tokens,
                       model=(st.table, st.is_p, st.phi, st.identity))
    q.certificate = cert
    if not cert.agreed:
        raise VerificationError(f"quotient of {q.game.name!r} disagrees with brute force at "
                                f"position {cert.mismatch}")
    return cert
