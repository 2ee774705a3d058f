"""Classification of finite misère quotients by order (seed 002 §10.2, issue 39).

:func:`classify` lists, for one order ``n``, every misère quotient of impartial games up to
isomorphism, each with a witness:

1. :func:`~misere.quotients.classify.enumerate.candidates` enumerates, exhaustively, the
   bipartite monoids of order ``n`` satisfying the necessary conditions C1-C8 proved in
   :mod:`misere.quotients.classify.conditions` (an upper bound);
2. :func:`~misere.quotients.classify.realisation.realise` decides each candidate exactly (the
   theorem in :mod:`misere.quotients.classify.realisation`) and returns a sequence of atoms;
3. the atoms become explicit impartial games
   (:func:`~misere.quotients.classify.realisation.witness_games`), whose closure's quotient is computed by the project's quotient engine
   (:func:`misere.quotients.quotient`, with its brute-force certificate) and compared with the
   class by canonical form (a lower bound that does not depend on the theorem).

A count is a fact where the two meet: every class realised, checked by the engine.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from misere.quotients.classify.canon import Table, canonical_of
from misere.quotients.classify.conditions import CONDITIONS
from misere.quotients.classify.enumerate import brute_force, candidates
from misere.quotients.classify.realisation import Witness, definitions, realise, shrink, witness_games

#: the largest order :func:`classify` enumerates in one call. Order 16 needs the 20,486
#: commutative monoids of order 8 (about 1 CPU minute) and then about 15 CPU minutes (2026-11-28,
#: shared 2-core machine); reproductions/quotients_by_order_in_parts.py runs larger orders in
#: parts, and orders whose classes the catalogue stores are answered from it.
MAX_ORDER = 16

#: orders above this one are read from the stored catalogue when it holds them (every class
#: with its witness, which ``verify`` checks again with the engine) instead of enumerated
STORED_FROM = 14

#: explicit forms of a witness are listed when their text is at most this long in all
FORM_TEXT_MAX = 200

__all__ = ["classify", "MAX_ORDER", "Classification", "QuotientClass", "canonical_of", "questions_10_3",
           "CONDITIONS", "candidates", "brute_force", "realise", "witness_games"]


@dataclass
class QuotientClass:
    """One isomorphism class of misère quotients.

    Attributes
    ----------
    table, p : canonical multiplication table (identity 0) and P-membership
    presentation : str
        Presentation on the witness's atom values (``a = Φ(*)`` first).
    P : list of str
        Normal words of the P-portion.
    witness : list of str
        Impartial games ``G1, G2, ...`` whose closure has exactly this quotient, each defined
        by its options, written as sums of earlier ones (``G1 = {0}`` is ``*``).
    forms : list of str
        The same games as explicit forms (``*``, ``*2``, ``{...}``), when all are short.
    verified : bool or None
        The quotient engine's quotient of the witness's closure is isomorphic to this class
        and its brute-force certificate agreed (``None``: not checked).
    questions : dict
        Seed 002 §10.3 on this quotient (:func:`questions_10_3`).
    atoms : Witness or None
        The witness as atoms in the canonical labelling (what the catalogue stores).
    """

    table: Table
    p: tuple[bool, ...]
    presentation: str
    P: list[str]
    witness: list[str]
    verified: bool | None
    questions: dict[str, Any] = field(default_factory=dict)
    forms: list[str] | None = None
    atoms: Witness | None = None

    @property
    def order(self) -> int:
        """``|Q|``."""
        return len(self.table)

    def cayley_svg(self) -> str:
        """The Cayley graph of the class on its presentation's generators
        (:func:`misere.quotients.monoid.cayley.cayley_svg`: P-positions drawn doubled, one
        colour per generator, with a legend)."""
        from misere.quotients.monoid.cayley import cayley_svg

        if self.atoms is None or not self.atoms.atoms:
            raise ValueError("the trivial quotient has no generators to draw")
        mon, pres = _presentation(self.table, self.atoms)
        return cayley_svg(mon, self.p, pres)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: order, P-portion, presentation, witness and the §10.3 answers."""
        return {"order": self.order, "p_count": sum(self.p), "presentation": self.presentation,
                "P": self.P, "witness": self.witness, "forms": self.forms, "verified": self.verified,
                "questions_10_3": self.questions}


@dataclass
class Classification:
    """Result of :func:`classify` for one order.

    Attributes
    ----------
    order : int
    candidates : int
        Bipartite monoids (up to isomorphism) satisfying C1-C8: an upper bound.
    classes : list of QuotientClass
        The candidates that are misère quotients, each with a witness.
    refuted : int
        Candidates proved not to be misère quotients by the exhaustive search.
    undecided : int
        Candidates whose search hit its node limit (0 means the count is exact).
    stats : dict
        Enumeration counts (monoids ``M``, extensions, P-choices, failures per condition).
    seconds : float
    """

    order: int
    candidates: int
    classes: list[QuotientClass]
    refuted: int
    undecided: int
    stats: dict[str, Any]
    seconds: float

    @property
    def count(self) -> int:
        """Number of classes (misère quotients of this order up to isomorphism)."""
        return len(self.classes)

    @property
    def exact(self) -> bool:
        """The count is a theorem-backed fact: nothing undecided, every class verified."""
        return self.undecided == 0 and all(c.verified is not False for c in self.classes)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the counts of the enumeration and every class."""
        return {"order": self.order, "count": self.count, "candidates": self.candidates,
                "refuted": self.refuted, "undecided": self.undecided, "exact": self.exact,
                "stats": self.stats, "seconds": round(self.seconds, 2),
                "classes": [c.as_dict() for c in self.classes]}


def questions_10_3(t: Sequence[Sequence[int]]) -> dict[str, Any]:
    """Seed 002 §10.3 on one quotient: does every ``x`` satisfy ``x^(k+2) = x^k`` (period of
    ``x`` divides 2), and is every maximal subgroup ``(Z_2)^m`` (exponent 2)? Delegates to the
    census's :func:`~misere.quotients.census.iso.questions_10_3`."""
    import numpy as np

    from misere.quotients.census.iso import questions_10_3 as q103
    from misere.quotients.census.iso import Bipartite

    return q103(Bipartite.from_table(np.asarray(t), 0, [False] * len(t)))


def _presentation(t: Table, w: Witness) -> tuple[Any, Any]:
    """The monoid of ``t`` and its presentation on the witness's atom values."""
    from misere.quotients.monoid import TableMonoid
    from misere.quotients.monoid.presentation import choose_generators, present

    mon = TableMonoid([list(r) for r in t], 0)
    vals = [x for x, _ in w.atoms]
    return mon, present(mon, [vals[i] for i in choose_generators(mon, vals)])


def _describe(t: Table, p: tuple[bool, ...], w: Witness) -> tuple[str, list[str]]:
    """Presentation on the atom values and the normal words of P."""
    pres = _presentation(t, w)[1]
    return str(pres), sorted((pres.word(x) for x in range(len(t)) if p[x]),
                             key=lambda s: (len(s), s))


def verify_witness(t: Table, p: tuple[bool, ...], forms: list[frozenset],
                   certify: int | None = None) -> bool:
    """Whether the engine's quotient of ``cl(forms)`` is isomorphic to ``(t, p)`` and its
    brute-force certificate agreed (the engine raises on disagreement)."""
    from misere.quotients import quotient

    q = quotient(games=forms, certify=certify, quiet=True)
    if q.order != len(t):
        return False
    same = canonical_of(q.monoid.table, q.monoid.identity, q.state.is_p) == (t, p)
    return bool(same and (q.certificate is None or q.certificate.agreed))


def classify(order: int, verify: bool = True, max_nodes: int = 200_000,
             progress: Callable[[str], None] | None = None,
             recompute: bool = False) -> Classification:
    """All misère quotients of ``order`` up to isomorphism, each with a verified witness.

    Parameters
    ----------
    order : int
        ``|Q|`` (odd orders have none, C5), at most :data:`MAX_ORDER`.
    verify : bool
        Check each witness with the quotient engine and its brute-force certificate.
    max_nodes : int
        Node limit of each realisability search (a candidate beyond it is *undecided*).
    progress : callable, optional
        Called with progress lines.
    recompute : bool
        Enumerate even an order above :data:`STORED_FROM` that the catalogue
        (:mod:`misere.quotients.classify.catalogue`) stores; without it such an order is read
        from the catalogue, which was written from the same enumeration run in parts.

    Returns
    -------
    Classification

    Examples
    --------
    >>> c = classify(6)
    >>> c.count, c.candidates, c.classes[0].presentation
    (1, 15, '<a,b | a2=1,b3=b>')
    """
    from misere.errors import RulesetError

    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise RulesetError(f"order must be a positive integer, got {order!r}")
    from misere.quotients.classify import catalogue

    if order > STORED_FROM and not recompute and order in catalogue.load():
        return _stored(order, verify)
    if order > MAX_ORDER and order % 2 == 0:  # odd orders: none, by C5, at any size
        held = order in catalogue.load()
        raise RulesetError(
            f"order {order} is beyond this enumerator in one call (at most {MAX_ORDER}: order 14 "
            f"takes minutes, order 16 about half an hour); "
            + ("the stored class list holds it (read it without recompute); "
               "reproductions/quotients_by_order_in_parts.py recomputes it in parts" if held else
               f"the stored class list holds orders up to {max(catalogue.orders())}"))
    t0 = time.time()
    stats: dict[str, Any] = {}
    cands = candidates(order, progress=progress, stats=stats)
    classes, refuted, undecided = [], 0, 0
    for t, p in cands:
        if order == 1:
            classes.append(QuotientClass(t, p, "<>", [], [], True, questions_10_3(t), ["0"],
                                         Witness([], {0: ()})))
            continue
        w = realise(t, p, max_nodes=max_nodes)
        if w is None:
            refuted += 1
            continue
        if w is False:
            undecided += 1
            continue
        classes.append(_class(t, p, shrink(t, p, w), verify))
        if progress:
            progress(f"order {order}: class {len(classes)} {classes[-1].presentation}")
    return Classification(order, len(cands), classes, refuted, undecided, stats,
                          time.time() - t0)


def _class(t: Table, p: tuple[bool, ...], w: Witness, verify: bool) -> QuotientClass:
    """One class with its presentation, witness games and (with ``verify``) the engine's check."""
    from misere.impartial.explicit import format_form

    forms = witness_games(t, w)
    ok = verify_witness(t, p, forms) if verify else None
    pres, pw = _describe(t, p, w)
    text = [format_form(g, limit=FORM_TEXT_MAX) for g in forms]
    shown = None if None in text or sum(map(len, text)) > FORM_TEXT_MAX else text
    return QuotientClass(t, p, pres, pw, definitions(t, w), ok, questions_10_3(t), shown, w)


def _stored(order: int, verify: bool) -> Classification:
    """The classes of ``order`` from the catalogue, with the counts of the run that found them
    (``candidates``: labelled P-portions passing C1-C8 where the run was made in parts)."""
    from misere.quotients.classify import catalogue

    t0 = time.time()
    classes = [_class(e.table, e.p, e.witness(), verify) for e in catalogue.load()[order]]
    counts = catalogue.counts().get(order, {})
    stats = {"source": "stored catalogue (tools/classify_catalogue.py)", **counts}
    return Classification(order, int(counts.get("passing", len(classes))), classes,
                          int(counts.get("refuted", 0)), int(counts.get("undecided", 0)), stats,
                          time.time() - t0)
