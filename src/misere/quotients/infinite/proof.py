"""``Q_n`` infinite, proved: a counter certificate checked from the rules, then the separation.

:func:`prove` is the one place a claim becomes a proof, whether the claim was read off the
engine's candidate a moment ago (:mod:`.discover`) or from a file (:mod:`.store`, ``misere check
FILE``). It runs

1. :func:`~misere.quotients.impartial.counters.check_certificate` (the counter theorem: every
   position ``c^a v`` of heaps ``<= n`` in the claim's domain has the claimed outcome), then
2. :func:`~.separation.separate` for every count the lemma applies to (every two powers of a
   counted heap told apart).

If both pass for some count ``r``, every size ``h`` that count counts has ``Phi(h)`` of infinite
order in ``Q_n``, so ``Q_n`` is infinite (Plambeck 002 §6: a finitely generated commutative
monoid with an element of infinite order is infinite), and so is every ``Q_m``, ``m >= n``
(the positions telling the powers apart use heaps ``<= n`` only).

The certificate file (``.npz``, plain arrays, no pickle) keeps the fields of
:func:`~misere.quotients.impartial.counters_data.save_certificate` (format 2: ``code``,
``counters``, ``heaps``, ``action``, ``identity``, ``windows``, ``period``, ``states``, ``table``,
optional ``group1..groupk``, ``sums``, ``outside``, ``version``) and adds, without renaming any:
``heap`` (``n``), ``infinite`` (the sizes proved of infinite order), ``infinite_count`` (their
count ``r``), ``separation_start`` (``I`` of the lemma), ``witness_counts`` and ``witness_words``
(one row per gap ``d = 1 ..``: the counted heaps of ``y`` by count, and its other heaps padded
with zeros), and, when the powers were told apart against a partner at another slope
(:mod:`.slopes`), ``separation_partner`` (its count ``s``; ``separation_start`` is then the
lemma's ``B``). A reader of format 2 ignores the added fields; :func:`prove` recomputes them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from misere.quotients.impartial.certify import rule_moves
from misere.quotients.impartial.counters import (CounterCertificate, CounterProof, certificate_outcome,
                                                 check_certificate)
from misere.quotients.impartial.counters_data import load_certificate, save_certificate
from misere.quotients.infinite.separation import Separation, separable_counts, separate

__all__ = ["InfiniteProof", "prove", "certificate_heap", "save_proof", "proof_bytes", "load_claim"]


def certificate_heap(cert: CounterCertificate) -> int:
    """``n``: the largest heap the claim is about (counted or not)."""
    return max((*cert.heaps, *(h for g in cert.members for h in g)))


def _power(h: int, e: int) -> str:
    return "" if e == 0 else str(h) if e == 1 else f"{h}^{e}"


def _position(cert: CounterCertificate, counts, word) -> str:
    parts = [_power(g[0], e) for g, e in zip(cert.members, counts)]
    parts += [str(h) for h in sorted(word, reverse=True)]
    return " + ".join(p for p in parts if p) or "0"


@dataclass
class InfiniteProof:
    """The outcome of :func:`prove`: ``ok`` when ``Q_heap`` of ``code`` is proved infinite."""

    code: str
    heap: int  #: ``n``: ``Q_n`` (and every later partial quotient) is infinite when ``ok``
    check: CounterProof
    separations: list[Separation] = field(default_factory=list)
    origin: str = ""  #: where the claim came from (a file, a round of the engine)
    cert: CounterCertificate | None = field(default=None, repr=False)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Whether ``Q_heap`` is proved infinite: the claim checked and some count separated."""
        return self.check.ok and any(s.ok for s in self.separations)

    @property
    def infinite(self) -> tuple[int, ...]:
        """The heap sizes ``h`` with ``Phi(h)`` proved of infinite order in ``Q_heap``."""
        return tuple(sorted({h for s in self.separations if s.ok for h in s.heaps}))

    @property
    def reason(self) -> str:
        """``"proved"``, or which step failed and why."""
        if not self.check.ok:
            return f"the claim is refused: {self.check.reason}"
        if not self.ok:
            return "the claim holds, but no count has its powers told apart: " + "; ".join(
                s.reason for s in self.separations) if self.separations else "no count to separate"
        return "proved"

    def statement(self) -> str:
        """The theorem proved, in words (or why not)."""
        if not self.ok:
            return f"Q_{self.heap} of {self.code} not proved infinite: {self.reason}"
        cert = self.cert
        sep = next(s for s in self.separations if s.ok)
        counts = ", ".join("#" + "/".join(map(str, g)) for g in cert.members)
        if cert.weights is not None:  # the two weighted forms the coarse state reads
            counts = "; ".join(" + ".join(f"{'' if abs(w) == 1 else abs(w)}#{'/'.join(map(str, g))}"
                                          for w, g in zip(cert.weights, cert.members) if w * sign > 0)
                               for sign in (1, -1)) + " (weighted" + (
                f", each count read up to {cert.count_window})" if cert.count_window else ")")
        phis = ", ".join(f"Phi({h})" for h in self.infinite)
        first = _position(cert, *sep.witnesses[0])
        if sep.partner is None:
            lemma = (f"every gap d (i >= {sep.start}; smaller i and larger d follow by the "
                     f"separation lemma)")
        else:
            partner = "/".join(map(str, cert.members[sep.partner]))
            lemma = (f"d = 1..{sep.gaps} at i = {sep.start} (every other pair follows by the "
                     f"slope lemma, against #{partner})")
        return (f"{phis} {'has' if len(self.infinite) == 1 else 'have'} infinite order in "
                f"Q_{self.heap} of {self.code}, so Q_{self.heap} is infinite: the outcome of every "
                f"position of heaps <= {self.heap}{' in the claim' + chr(39) + 's domain' if cert.outside is not None else ''} "
                f"is a table over {len(cert.p_table)} coarse states of the counts ({counts}) and "
                f"a {cert.order}-element monoid for the other heaps, checked from the rules by the "
                f"outcome recursion ({self.check.states} fine states, {self.check.pairs} "
                f"transition pairs); {len(sep.witnesses)} positions tell h^i from h^(i+d) for "
                f"{lemma}, e.g. {first} tells h^{sep.start} from h^{sep.start + 1} (h = "
                f"{sep.heaps[0]})")

    def outcome(self, heaps: Sequence[int], shift: int = 0) -> str:
        """``"P"`` or ``"N"``: the proved outcome of a sum of heaps of at most ``heap + shift``
        tokens (``shift``: the code asked about is the certificate's shifted by that many
        heaps, :mod:`.store`), in the claim's domain.

        Raises
        ------
        ValueError
            A heap too large, or a position outside the claim's domain.
        """
        sizes = [h - shift for h in heaps if h - shift > 0]
        return "P" if certificate_outcome(self.cert, sizes) else "N"

    def winning_move(self, heaps: Sequence[int], shift: int = 0) -> tuple[int, tuple[int, ...]] | None:
        """A move ``(heap, to)`` to a proved P-position (heap sizes as given), or ``None``."""
        moves = rule_moves(self.code)
        for i, h in enumerate(heaps):
            if h - shift <= 0 or h in heaps[:i]:
                continue
            for option in moves(h - shift):
                to = tuple(x + shift for x in option)
                rest = list(heaps[:i]) + list(heaps[i + 1:]) + list(to)
                try:
                    if self.outcome(rest, shift) == "P":
                        return h, to
                except ValueError:
                    continue
        return None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the fields of the answer ``infinite`` of ``misere quotient``."""
        d: dict[str, Any] = {"code": self.code, "infinite_from_heap": self.heap, "proved": self.ok,
                             "proof": self.statement(), "origin": self.origin,
                             "reproduce": f"misere check {self.code}",
                             "seconds": round(self.seconds, 3)}
        if self.ok:
            d["infinite_order"] = [f"Phi({h})" for h in self.infinite]
            d["coarse_states"] = len(self.cert.p_table)
            d["monoid_order"] = self.cert.order
        return d


def prove(cert: CounterCertificate, origin: str = "",
          tick: Callable[[str], None] | None = None) -> InfiniteProof:
    """Check ``cert`` from the rules, then separate the powers of each eligible count (module
    docstring). Never raises for a wrong claim: ``ok`` is ``False`` with the reason."""
    import time

    t0 = time.process_time()
    check = check_certificate(cert, tick=tick)
    seps = [separate(cert, r) for r in separable_counts(cert)] if check.ok else []
    return InfiniteProof(cert.code, certificate_heap(cert), check, seps, origin, cert,
                         time.process_time() - t0)


def save_proof(proof: InfiniteProof, path: Any) -> None:
    """Write the certificate of a proof with the added fields (module docstring)."""
    extra: dict[str, np.ndarray] = {"heap": np.array(proof.heap)}
    sep = next((s for s in proof.separations if s.ok), None)
    if sep is not None:
        width = max(len(w) for _, w in sep.witnesses)
        extra.update(
            infinite=np.array(sep.heaps), infinite_count=np.array(sep.count),
            separation_start=np.array(sep.start),
            **({} if sep.partner is None else {"separation_partner": np.array(sep.partner)}),
            witness_counts=np.array([c for c, _ in sep.witnesses], dtype=np.int64),
            witness_words=np.array([list(w) + [0] * (width - len(w)) for _, w in sep.witnesses],
                                   dtype=np.int64).reshape(len(sep.witnesses), width))
    save_certificate(proof.cert, path, extra)


def proof_bytes(proof: InfiniteProof) -> bytes:
    """The certificate file of ``proof`` (:func:`save_proof`) as bytes, for a store's column."""
    import io

    buf = io.BytesIO()
    save_proof(proof, buf)
    return buf.getvalue()


def load_claim(path: Any) -> CounterCertificate:
    """A certificate file as a claim (nothing proved until :func:`prove`)."""
    return load_certificate(path)
