"""Codes that are the same game, decided once (seed 002 §9-§10; ONAG ch. 12).

Many codes of a census differ only in moves that change no heap's value: ``0.446`` and the 31
codes ``0.444 .. 0.4673`` have, heap for heap, the same canonical forms to heap 40.
:func:`~misere.impartial.heap_forms.heap_forms` computes those forms; by Conway's theorem two
codes whose heaps ``1..m`` have identical forms have identical partial quotients ``Q_1..Q_m``,
heap map included (:mod:`misere.impartial.heap_forms`). So the census computes one code of each
group (:func:`plan`) and gives the others its record (:func:`twin_record`) wherever that record
is a statement about ``Q_k`` with ``k <= m``:

- ``infinite`` from heap ``n`` (``Q_n`` infinite) when ``n <= m``: the other code's ``Q_n`` is
  the same monoid, and the counter certificate (``proof``) is the computed code's;
- ``partial`` and ``limit``, which hold ``Q_L`` for their last heap ``L``, when ``L <= m``: the
  same ``Q_L``, and the same reason it is undecided (the work the computed code needed);
- ``stopped`` (by a time or memory budget): no result, so nothing is claimed; the twins are
  stopped too rather than each computed into the same wall, and every later run computes the
  group again;
- never ``solved``: periodicity is certified from a code's own rules (how many tokens a move
  takes), so a solved code's twin is computed, which costs little.

Each copied record names the computed code and ``m`` in ``same_game``, and says so in its
``message``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from misere.errors import MisereError

__all__ = ["Plan", "plan", "twin_record", "TWIN_STATUSES"]

#: statuses a twin receives from its group's computed code (the module docstring says why)
TWIN_STATUSES = ("infinite", "partial", "limit", "stopped")


@dataclass
class Plan:
    """Which codes to compute, and which take the record of another."""

    first: list[str]  #: one code per group, in the order given
    twins: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: ``twins[c]``: the codes of ``c``'s group with the heap ``m`` to which they equal ``c``


def _forms(code: str, max_heap: int) -> list | None:
    from misere.impartial.heap_forms import heap_forms
    from misere.impartial.octal import octal_game

    try:
        game = octal_game(code)
    except (MisereError, ValueError):
        return None
    forms = heap_forms(game, max_heap)
    return forms if len(forms) > 1 else None


def plan(codes: Iterable[str], max_heap: int,
         tick: Callable[[int], None] | None = None,
         group_to: Mapping[str, int] | None = None) -> Plan:
    """Group ``codes`` by the canonical forms of their heaps ``1..max_heap`` (or as many as
    :data:`~misere.impartial.heap_forms.MAX_SIZE` allows); the first code of each group is
    computed. ``tick(i)`` is called after each code (progress).

    ``group_to[c]``, where given, groups ``c`` by its heaps ``1..group_to[c]`` only: a rerun
    of codes stuck at a heap groups them by the heaps up to the one they are stuck at (codes
    that differ only in larger heaps are one problem there). A twin's heap ``m`` is always
    the whole agreement of its forms with the computed code's, to ``max_heap``.

    >>> p = plan(["0.446", "0.07", "0.4672", "0.444"], 20)
    >>> p.first, p.twins["0.446"]
    (['0.446', '0.07'], [('0.4672', 20), ('0.444', 20)])
    >>> plan(["0.07", "0.47"], 20).twins  # heap 5 of 0.07 and of 0.47 differ
    {}
    >>> plan(["0.07", "0.47"], 20, group_to={"0.07": 4, "0.47": 4}).twins
    {'0.07': [('0.47', 4)]}
    """
    from misere.impartial.heap_forms import agreement

    first: list[str] = []
    twins: dict[str, list[tuple[str, int]]] = {}
    seen: dict[tuple, tuple[str, list]] = {}
    for i, code in enumerate(codes):
        forms = _forms(code, max_heap)
        upto = max_heap if group_to is None else group_to.get(code, max_heap)
        key = None if forms is None else tuple(forms[:upto + 1])
        if key is None or key not in seen:
            first.append(code)
            if key is not None:
                seen[key] = (code, forms)
        else:
            rep, rep_forms = seen[key]
            twins.setdefault(rep, []).append((code, agreement(rep_forms, forms)))
        if tick is not None:
            tick(i + 1)
    return Plan(first, twins)


def twin_record(rec: dict[str, Any], code: str, heap: int) -> dict[str, Any] | None:
    """The record of ``code``, the same game as ``rec["code"]`` to heap ``heap``, read off
    ``rec``; ``None`` when ``rec`` says nothing about ``code`` (``code`` must be computed).

    >>> r = {"code": "0.446", "status": "infinite", "last_heap": 11, "message": "Q_12 infinite"}
    >>> twin_record(r, "0.444", 40)["message"]
    'same game as 0.446 to heap 40 (Conway canonical forms of heaps 1..40 identical): Q_12 infinite'
    >>> twin_record(r, "0.444", 11) is None  # Q_12 is past what is known to agree
    True
    """
    last = rec.get("last_heap")
    if rec.get("status") not in TWIN_STATUSES or (last is None and rec["status"] != "stopped"):
        return None
    needed = 0 if rec["status"] == "stopped" else last + 1 if rec["status"] == "infinite" else last
    if heap < needed:
        return None
    out = dict(rec)
    out.update(code=code, seconds=0.0, same_game={"code": rec["code"], "heap": heap},
               message=(f"same game as {rec['code']} to heap {heap} (Conway canonical forms of "
                        f"heaps 1..{heap} identical): {rec.get('message') or ''}")[:2000])
    return out
