"""Closed sets whose partizan misère quotients have every finite order n ≠ 3, n ≤ 20.

Rubinstein-Salzedo and Zhou, *Finite cardinalities of misère quotients* (arXiv 2603.18244,
2026), Thm 1.1: a partizan misère quotient can have any finite cardinality except 3 —
unlike impartial quotients, whose order is even apart from the trivial one (Plambeck–Siegel;
seed 002). That answers a question of Allen (2015) and Weimerskirch (2019).

Only the abstract and introduction of the paper were available to us (arXiv HTML, v1), not its
constructions. The closed sets below are therefore *ours*: one finite set ``S`` per order,
found by computing the quotients of closures of small games (games whose options are born by
day 2, and sets of two or three small games; :func:`order_census`), preferring one game over
two and fewer followers. They are built from a few blocks, with ``B = {0,*|}`` (Left may
finish it or turn it into ``*``):

* ``0``, ``*`` and the nimber ``*2`` (orders 1, 2, 6; ``cl(*2)`` is impartial);
* ``B`` and the games over it: ``B`` (5), ``{0|B}`` (7), ``{0|{0|B}}`` (18);
* ``{|{*|}}`` (4) and its nest ``{|{|{*|}}}`` (8);
* up-like games: ``^ = {0|*}`` (9), ``{|v}`` (11), ``{0|v}`` (13), ``{^|^}`` (17),
  ``{*|v}`` (19), and ``{*|{|0,*}}`` (14);
* unions of two or three of these: ``cl(v, B)`` (12), ``cl(v, {0|B})`` (16),
  ``cl(B, ^*, *2)`` (15), ``cl({|0,*}, {0|*2})`` (20), ``cl({|{*|}}, {{*|}|{|0,*}})`` (10).

A union is not the product of its parts (``cl(v)`` has order 9, ``cl(B)`` 5, ``cl(v, B)``
12), which is what makes the orders between the single-game ones reachable.

Every quotient is computed by :func:`~misere.quotients.partizan.build.partizan_quotient` and
certified exactly (:mod:`misere.quotients.partizan.certify`: outcome recursion on all words and
reducedness), so ``construct(n).order == n`` is a theorem for each tabulated ``n``; the
statement for every ``n`` is the paper's. The order 3 never occurs among the quotients we
compute (:func:`order_census`): the 237 of the 256 closures ``cl(G)``, ``G`` born by day 2,
that the engine computes (a slow test), 1062 closures ``cl({G|H})`` with at most one option
per side, drawn from 38 small values born by day 2, and 159 unions of two small closures.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from misere.budget import check, limits
from misere.errors import BudgetExceededError, MisereError, UnsupportedError
from misere.quotients.partizan.build import partizan_quotient
from misere.quotients.partizan.certify import certify
from misere.quotients.partizan.quotient import PartizanQuotient

__all__ = ["EXCLUDED_ORDER", "MAX_ORDER", "CLOSED_SETS", "closed_set", "construct",
           "recertify", "Census", "order_census", "markdown_table"]

#: the one finite order no partizan misère quotient has (RSZ 2026, Thm 1.1)
EXCLUDED_ORDER = 3
#: the largest order tabulated here
MAX_ORDER = 20

_B = "{0,*|}"

#: order -> a generating set S (CGSuite notation) whose closure has a quotient of that order
CLOSED_SETS: dict[int, tuple[str, ...]] = {
    1: ("0",),
    2: ("*",),
    4: ("{|{*|}}",),
    5: (_B,),
    6: ("*2",),
    7: ("{0|" + _B + "}",),
    8: ("{|{|{*|}}}",),
    9: ("^",),
    10: ("{|{*|}}", "{{*|}|{|0,*}}"),
    11: ("{|v}",),
    12: ("v", _B),
    13: ("{0|v}",),
    14: ("{*|{|0,*}}",),
    15: (_B, "^*", "*2"),
    16: ("v", "{0|" + _B + "}"),
    17: ("{^|^}",),
    18: ("{0|{0|" + _B + "}}",),
    19: ("{*|v}",),
    20: ("{|0,*}", "{0|*2}"),
}


def closed_set(n: int) -> tuple[str, ...]:
    """The generating set ``S`` tabulated for order ``n`` (``cl(S)`` has a quotient of order n).

    Examples
    --------
    >>> closed_set(7)
    ('{0|{0,*|}}',)
    """
    if n == EXCLUDED_ORDER:
        raise UnsupportedError(
            f"no closed set has a partizan misère quotient of order {n} "
            f"(Rubinstein-Salzedo-Zhou 2026, Thm 1.1)")
    if n not in CLOSED_SETS:
        raise UnsupportedError(
            f"order {n}: closed sets are tabulated for orders 1..{MAX_ORDER} except "
            f"{EXCLUDED_ORDER} (the paper proves every order except {EXCLUDED_ORDER} occurs)")
    return CLOSED_SETS[n]


def markdown_table(columns: int = 3) -> str:
    """The tabulated closed sets as a Markdown table (the results page of the site prints it)."""
    cells = [(n, ", ".join(g.replace("|", "\\|") for g in gs)) for n, gs in CLOSED_SETS.items()]
    rows = -(-len(cells) // columns)
    lines = ["| " + " | ".join(["order | S"] * columns) + " |",
             "|" + "---|---|" * columns]
    for r in range(rows):
        row = [cells[c * rows + r] if c * rows + r < len(cells) else None for c in range(columns)]
        lines.append("| " + " | ".join(f"{x[0]} | `{x[1]}`" if x else " | " for x in row) + " |")
    return "\n".join(lines)


def recertify(q: PartizanQuotient) -> bool:
    """Run the exact certificate of :mod:`~misere.quotients.partizan.certify` again on a finite
    quotient's own table, outcome partition and pretending function (the build runs it too;
    this re-checks the object handed out)."""
    if not q.finite or q._table is None or q._elements is None:
        return False
    elements = q._elements
    index = {w: i for i, w in enumerate(elements)}
    n = len(q.components)
    table = q._table.table.tolist()
    phi = [index[q.normal_form(tuple(int(i == j) for j in range(n)))] for i in range(n)]
    pi = [q.pi(w) for w in elements]
    return certify(q.components, table, index[elements[0]], pi, phi).ok


def construct(n: int) -> PartizanQuotient:
    """The quotient of :func:`closed_set` ``(n)``, checked to be finite, certified and of order n.

    Examples
    --------
    >>> q = construct(5)
    >>> q.order, q.presentation
    (5, '<a,b | a3=a,a2b=ab,b2=b>')
    """
    games = closed_set(n)
    q = partizan_quotient(list(games))
    if not q.finite or q.order != n or not recertify(q):
        raise MisereError(
            f"cl({', '.join(games)}) gave {q.structure} ({q.strategy}), not a certified "
            f"quotient of order {n}")
    return q


@dataclass
class Census:
    """Orders of the quotients of many closures (see :func:`order_census`)."""

    orders: Counter[int] = field(default_factory=Counter)  #: finite order -> how many
    example: dict[int, tuple[str, ...]] = field(default_factory=dict)  #: first set per order
    infinite: int = 0
    refused: list[tuple[tuple[str, ...], str]] = field(default_factory=list)  #: (S, reason)

    @property
    def computed(self) -> int:
        """How many closures have a computed quotient (finite or infinite)."""
        return sum(self.orders.values()) + self.infinite


def order_census(sets: Iterable[Sequence[object]], timeout_each: float | None = None) -> Census:
    """Compute the quotient of ``cl(S)`` for every ``S`` and record the finite orders.

    A closure the engine cannot present (:class:`UnsupportedError`) or that runs out of its
    ``timeout_each`` budget is listed in :attr:`Census.refused` with the reason.
    """
    out = Census()
    for s in sets:
        check()
        names = tuple(str(g) for g in s)
        try:
            with limits(timeout=timeout_each):
                q = partizan_quotient(list(s))
        except (UnsupportedError, BudgetExceededError) as e:
            out.refused.append((names, f"{type(e).__name__}: {e}"))
            continue
        if q.finite and q.order is not None:
            out.orders[q.order] += 1
            out.example.setdefault(q.order, names)
        else:
            out.infinite += 1
    return out
