"""The stored list of misère quotient classes by order, with their names and witnesses.

``data/classes.json`` holds, for every order the classification has settled, each class's
canonical form (:func:`~misere.quotients.classify.canon.canonical`) and a witness (a sequence
of atoms, :class:`~misere.quotients.classify.realisation.Witness`, in the canonical labelling).
Classes of one order are numbered ``n.1, n.2, ...`` in the order of their canonical forms,
as :func:`~misere.quotients.classify.classify` lists them, so names are stable. The file is
written by ``tools/classify_catalogue.py`` from :func:`~misere.quotients.classify.classify`
(and, for orders too slow for it, from the parts of ``reproductions/quotients_by_order_in_parts.py``), and the
tests compare it with the enumerator (small orders) and check every witness with the engine.

:func:`class_name` names the class of any quotient table (e.g. one stored by the census).

Orders not settled may have some classes stored under ``"partial"`` (:func:`lower_bounds`):
quotients of that order found so far, each with a witness, named ``n.x1, n.x2, ...``; they
show a lower bound on the count, and are not numbered as classes since the list may grow.
"""
from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from misere.quotients.classify.canon import Table, canonical_of
from misere.quotients.classify.realisation import Witness, _words

__all__ = ["PATH", "Entry", "load", "lower_bounds", "orders", "counts", "class_name", "entries_json"]

PATH = Path(__file__).with_name("data") / "classes.json"


@dataclass(frozen=True)
class Entry:
    """One stored class: ``name`` (``"16.17"``), canonical ``table`` and ``p``, witness atoms."""

    name: str
    table: Table
    p: tuple[bool, ...]
    atoms: tuple[tuple[int, tuple[int, ...]], ...]

    def witness(self) -> Witness:
        """The atoms as a :class:`Witness` (with a word for every element)."""
        return Witness([(x, ts) for x, ts in self.atoms], _words(self.table, [x for x, _ in self.atoms]))


@functools.lru_cache(maxsize=None)
def _raw(path: Path = PATH) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _entries(section: dict[str, list], prefix: str) -> dict[int, tuple[Entry, ...]]:
    out: dict[int, tuple[Entry, ...]] = {}
    for order, classes in section.items():
        n = int(order)
        out[n] = tuple(Entry(f"{n}.{prefix}{i}", tuple(tuple(r) for r in c["table"]),
                             tuple(bool(b) for b in c["p"]),
                             tuple((x, tuple(ts)) for x, ts in c["atoms"]))
                       for i, c in enumerate(classes, start=1))
    return out


@functools.lru_cache(maxsize=None)
def load() -> dict[int, tuple[Entry, ...]]:
    """Order -> all its classes, in name order (read once per process)."""
    return _entries(_raw()["orders"], "")


@functools.lru_cache(maxsize=None)
def lower_bounds() -> dict[int, tuple[Entry, ...]]:
    """Order -> some of its classes (orders not settled): each a misère quotient with a
    witness, so their number is a lower bound on the count."""
    return _entries(_raw().get("partial", {}), "x")


def counts() -> dict[int, dict[str, int]]:
    """Order -> the counts of the run in parts that found its classes (``passing``: labelled
    P-portions passing C1-C8; ``refuted``, ``undecided``, ``tried``, ``extensions``,
    ``monoids``), for the orders stored from parts."""
    return {int(n): dict(c) for n, c in _raw().get("counts", {}).items()}


def orders() -> list[int]:
    """The orders whose classes are all stored."""
    return sorted(load())


@functools.lru_cache(maxsize=None)
def _index() -> dict[tuple[Table, tuple[bool, ...]], str]:
    return {(e.table, e.p): e.name for part in (lower_bounds(), load())
            for es in part.values() for e in es}


def class_name(table: Any, identity: int, is_p: Sequence[bool]) -> str | None:
    """The name of the class of a quotient given by any table (identity ``identity``):
    ``"n.k"`` for a settled order, ``"n.xk"`` for one of the classes found so far of an order
    not settled; ``None`` when its order is not stored, or no stored class matches (for a
    misère quotient: only at an order not settled)."""
    if len(is_p) not in load() and len(is_p) not in lower_bounds():
        return None
    return _index().get(canonical_of(table, identity, is_p))


def entries_json(by_order: dict[int, list[tuple[Table, tuple[bool, ...], Witness]]],
                 note: str, partial: dict | None = None,
                 run_counts: dict[int, dict[str, int]] | None = None) -> str:
    """The file's text for classes given per order as (canonical table, p, witness), each
    order's list sorted by canonical form (which fixes the names); ``partial`` likewise for
    orders not settled."""
    def section(d: dict) -> dict[str, list]:
        return {str(n): [{"table": [list(r) for r in t], "p": [int(b) for b in p],
                          "atoms": [[x, list(ts)] for x, ts in w.atoms]}
                         for t, p, w in sorted(d[n], key=lambda e: (e[0], e[1]))]
                for n in sorted(d)}

    return json.dumps({"note": note, "orders": section(by_order),
                       "partial": section(partial or {}),
                       "counts": {str(n): c for n, c in sorted((run_counts or {}).items())}},
                      separators=(",", ":"))
