"""Link the quotients stored by the census to their classes.

Every finite quotient in a census store (:class:`misere.quotients.census.Store`), complete or
partial (``Q_n`` is the quotient of the closed set of positions with heaps ``<= n``), is a
misère quotient, so it must pass C1-C8 and be one of the classes :func:`misere.quotients.
classify.classify` lists for its order. :func:`census_classes` returns, per order, the codes
of the store grouped by canonical form; :func:`record_class` names the class of one record
(``"16.17"``) from the stored class list (:mod:`misere.quotients.classify.catalogue`), which the
census report (``misere census --report``) prints beside each class of quotients it found.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from misere.quotients.classify import canonical_of
from misere.quotients.classify.canon import Table

__all__ = ["stored_quotients", "census_classes", "record_class"]


def stored_quotients(records: Iterable[dict[str, Any]], max_order: int
                     ) -> list[tuple[str, Any, Any, int, list[bool]]]:
    """``(code, last_heap, table, identity, is_p)`` of the records with a table of order at
    most ``max_order`` (read by the census's :func:`~misere.quotients.census.findings.bipartite`)."""
    from misere.quotients.census.iso import bipartite

    out = []
    for r in records:
        if r.get("order") is None or r["order"] > max_order:
            continue
        b = bipartite(r)
        if b is not None:
            out.append((r["code"], r.get("last_heap"), b.monoid.table, b.monoid.identity,
                        b.is_p.tolist()))
    return out


def census_classes(records: Iterable[dict[str, Any]], max_order: int
                   ) -> dict[int, dict[tuple[Table, tuple[bool, ...]], list[str]]]:
    """Per order, canonical form -> codes of the stored quotients in that class."""
    out: dict[int, dict] = {}
    seen: dict[tuple, tuple] = {}  # identical stored tables are canonicalised once
    for code, _heap, t, e, p in stored_quotients(records, max_order):
        raw = (t.tobytes(), e, tuple(p))
        if raw not in seen:
            seen[raw] = canonical_of(t, e, p)
        out.setdefault(len(p), {}).setdefault(seen[raw], []).append(code)
    return out


def record_class(rec: dict[str, Any]) -> str | None:
    """The class name of a census record's stored quotient (:func:`~misere.quotients.classify.
    catalogue.class_name`: ``"16.17"``, or ``"20.x3"`` at an order not settled), or ``None``
    when it has no table or no stored class matches."""
    from misere.quotients.census.iso import bipartite
    from misere.quotients.classify.catalogue import class_name

    if rec.get("order") is None:
        return None
    b = bipartite(rec)
    return None if b is None else class_name(b.monoid.table, b.monoid.identity, b.is_p.tolist())
