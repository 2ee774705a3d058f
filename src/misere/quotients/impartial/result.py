"""The :class:`Quotient` result object: a certified (partial) misère quotient of a heap game.

It is computed by :mod:`misere.quotients.impartial.driver`. Outcomes and winning moves of a
solved periodic quotient reach heaps of any size through the period and preperiod
(``Phi(n) = Phi(n - p)`` for ``n >= n0 + p``; seed 002 §9.3, notes E.6).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from numbers import Integral

from misere.errors import ComputationLimitError, RulesetError
from misere.quotients.impartial.certify import Certificate
from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid.storage import count, nonzero
from misere.quotients.impartial.periodicity import reduce_heap, representative_heap
from misere.quotients.monoid.presentation import Presentation, choose_generators, present
from misere.quotients.impartial.state import SolverState
from misere.quotients.impartial.tame import tame_name
from misere.impartial.heap import HeapGame

__all__ = ["Quotient", "Move", "describe", "last_tame_heap"]


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
    p_elems = sorted(nonzero(st.is_p), key=lambda x: tuple(reversed(pres.normal[x])))
    p_words = [pres.word(x) for x in p_elems]
    rec = {"heap": st.heap, "order": q.order, "p_count": count(st.is_p),
           "presentation": str(pres), "P": p_words,
           "phi": [pres.word(x) for x in st.phi], "tame": tame_name(q, st.is_p)}
    return q, pres, rec


def last_tame_heap(records: Sequence[dict], heap: int) -> int:
    """Last heap ``<= heap`` whose partial quotient is tame, from the change records alone.

    A conservative extension keeps ``Q`` and ``P`` (notes E.5 step 2), so tameness only changes
    where the quotient changes: the trivial quotient ``T0`` holds before the first change, and
    each record's ``tame`` holds until the next change. Deriving the field from the stored
    records (rather than tracking it while running) makes resumed runs report exactly what an
    uninterrupted run reports.
    """
    segments = [(0, "T0")] + [(int(r["heap"]), r.get("tame")) for r in records]
    last = 0
    for i, (start, tame) in enumerate(segments):
        end = segments[i + 1][0] - 1 if i + 1 < len(segments) else heap
        if tame and end >= start:
            last = max(last, end)
    return last


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
    infinite : dict or None
        When the next partial quotient is proved infinite (the computation then stops at the
        heap before it): the statement, the elements of infinite order and how to check it.
    infinite_proof : InfiniteProof or None
        The proof itself (:mod:`misere.quotients.infinite`), with its certificate.
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
    #: when ``Q_(max_heap + 1)`` is proved infinite: the answer (``misere.quotients.infinite``)
    infinite: dict | None = None
    infinite_proof: Any = field(default=None, repr=False)
    #: the answer a ``watch`` hook settled the next heap with (:func:`.driver.compute`)
    settled: Any = field(default=None, repr=False)

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
        return count(self.state.is_p)

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

    def _heap(self, heap: object) -> int:
        """``heap`` as a checked heap size (a non-negative integer that exists in the game)."""
        if isinstance(heap, bool) or not isinstance(heap, Integral):
            raise RulesetError(f"a heap size must be a non-negative integer, got {heap!r}")
        n = int(heap)
        if n < 0:
            raise RulesetError(f"a heap size must be a non-negative integer, got {n}")
        if self.game.max_heap is not None and n > self.game.max_heap:
            raise RulesetError(f"{self.game.name!r} has no heap {n} (its largest is "
                               f"{self.game.max_heap})")
        return n

    def _heaps(self, heaps: Sequence[int]) -> tuple[int, ...]:
        """A position (sum of heaps) as checked heap sizes."""
        if isinstance(heaps, (str, bytes)) or not hasattr(heaps, "__iter__"):
            raise RulesetError(f"a position is a list of heap sizes, got {heaps!r}")
        return tuple(self._heap(h) for h in heaps)

    @property
    def _periodic(self) -> bool:
        return self.solved and self.period is not None and self.preperiod is not None

    def value(self, heap: int) -> int:
        """``Phi(heap)`` as an element of ``Q``, for any heap of a solved periodic quotient.

        Beyond the computed range ``Phi(n) = Phi(n0 + (n - n0) mod p)`` (seed 002 §9.3; notes
        E.6), in constant time. A partial quotient knows only heaps up to :attr:`max_heap`.

        Raises
        ------
        RulesetError
            A negative or non-integer heap.
        ComputationLimitError
            A heap beyond the range of a partial (unsolved) quotient.
        """
        n = self._heap(heap)
        last = self.state.heap
        if n <= last:
            return self.state.phi[n]
        if self._periodic:
            return self.state.phi[reduce_heap(n, self.preperiod, self.period)]  # type: ignore[arg-type]
        raise ComputationLimitError(
            f"heap {n} is beyond heap {last}: this quotient of {self.game.name!r} is unsolved and "
            f"known only to heap {last} (compute it further with a larger max_heap)")

    def options(self, heap: int) -> tuple[tuple[int, ...], ...]:
        """Options of one heap; for a heap far beyond the computed range of a solved periodic
        take-and-break quotient, the options of a small heap of the same residue with the
        largest part shifted, which realise every option value (notes E.6; see
        :func:`~misere.quotients.impartial.periodicity.representative_heap`)."""
        n = self._heap(heap)
        if n <= self.state.heap or not self._periodic or self.game.periodicity is None:
            return self.game.options(n)
        k, h = self.game.periodicity
        m = representative_heap(n, self.preperiod, self.period, k, h)  # type: ignore[arg-type]
        shift = n - m
        return tuple(o[:-1] + (o[-1] + shift,) if o else o for o in self.game.options(m))

    def element(self, heaps: Sequence[int]) -> int:
        """``Phi`` of a sum of heaps (O(number of heaps) table look-ups)."""
        q = self.monoid
        x = q.identity
        for h in self._heaps(heaps):
            x = q.mul(x, self.value(h))
        return x

    def outcome(self, heaps: Sequence[int]) -> str:
        """Misère outcome ``"P"`` or ``"N"`` of the sum of the given heaps (any sizes when the
        quotient is solved and periodic)."""
        return "P" if self.state.is_p[self.element(heaps)] else "N"

    def winning_move(self, heaps: Sequence[int]) -> Move | None:
        """A move to a P-position, or ``None`` when the position is P (or has no move)."""
        pos = tuple(sorted(self._heaps(heaps)))
        q = self.monoid
        vals = [self.value(h) for h in pos]
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = q.product(vals[:i] + vals[i + 1:])
            for opt in self.options(h):
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

    def _repr_html_(self) -> str:
        """Notebook view: order, P-portion, presentation, periods, certificate, and the Cayley
        graph when the quotient is small enough to read (order <= 60)."""
        from misere.viz.html import card_html, cert_sentence

        state = "solved" if self.solved else f"partial, heaps <= {self.max_heap}"
        fields = [("order", f"{self.order}  ({self.p_count} P-positions)"), ("presentation", self.presentation),
                  ("P", "{" + ",".join(self.P) + "}"), ("status", state)]
        if self.period is not None:
            fields.append(("misère period", f"{self.period} (preperiod {self.preperiod})"))
        cert = getattr(self, "certificate", None)
        if cert is not None:
            fields.append(("certificate", cert_sentence(cert.positions, cert.agreed, cert.bound, cert.weight,
                                                        cert.mismatch)))
        picture = f"<div>{self.cayley('svg')}</div>" if self.order <= 60 else ""
        return card_html(f"misère quotient of {self.game.name}", fields, picture)

    def to_html(self) -> str:
        """One self-contained HTML page: the card of :meth:`_repr_html_`, the pretending function
        heap by heap (sortable) and the history of changes."""
        from misere.viz.report import html_page, sortable_table

        rows = [(h, w, "P" if self.outcome([h]) == "P" else "N") for h, w in enumerate(self.phi)]
        changes = sortable_table(["heap", "order"], self.changes)
        return html_page(f"Misère quotient of {self.game.name}", [
            ("", self._repr_html_()), ("Pretending function Φ", sortable_table(["heap", "Φ(heap)", "outcome"], rows)),
            ("Changes of the partial quotient", changes)])

    def cayley(self, fmt: str = "dot", only: str | None = None) -> str:
        """Cayley graph of ``Q`` on its generators as ``"dot"`` text or ``"svg"`` (``only``: the
        arrows of one generator, SVG only)."""
        from misere.quotients.monoid.cayley import cayley_dot, cayley_svg

        if fmt == "svg":
            return cayley_svg(self.monoid, self.state.is_p, self.pres, only=only)
        if fmt == "dot":
            return cayley_dot(self.monoid, self.state.is_p, self.pres)
        raise ValueError(f"unknown picture format {fmt!r} (use 'dot' or 'svg')")

    def as_dict(self) -> dict:
        """JSON-ready summary (fields of the issue: order, p_count, presentation, P, ...)."""
        return {"game": self.game.name, "order": self.order, "p_count": self.p_count,
                "presentation": self.presentation, "P": self.P, "phi": self.phi,
                "period": self.period, "preperiod": self.preperiod, "solved": self.solved,
                "changes": self.changes, "max_heap": self.max_heap, "tame": self.tame,
                "last_tame_heap": self.last_tame_heap, "normal": self.normal,
                "history": self.records,
                "certificate": self.certificate.as_dict() if self.certificate else None,
                "labels": self.game.labels[:self.max_heap + 1] if self.game.labels else None,
                **({"infinite": self.infinite} if self.infinite is not None else {})}
