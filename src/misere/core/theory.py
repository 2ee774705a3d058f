"""Answers from the theory before any search: sums of nim heaps, integers and numbers as symbols.

The notation parser (:mod:`.notation`) reads a sum into a light symbolic form first, a list of
``(Term, count)`` pairs: ``*n`` and numbers stay symbols (no form is built), anything else is an
interned form. This module

* answers the outcome of such a sum by a known rule where every term is of a kind that has one
  (:func:`outcome`), with cost in the size of the notation, not in the values;
* estimates how big the explicit form would be (:func:`estimate`) and refuses hopeless forms
  before building them (:func:`build`), with a one-line :class:`ComputationLimitError` that says
  how big the job is and, where the theory knows it, the answer;
* compares single symbolic terms (:func:`compare`).

Every rule is checked in ``tests/core/test_theory.py`` against the exhaustive search of
``tests/oracle/brute.py`` on all small cases.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from .. import budget
from ..errors import ComputationLimitError
from . import cache
from .ops import add, conjugate, dyadic, followers, integer, multiple, nimber, options
from .outcome import Outcome
from .printing import big, nim_heap_size, number_of
from .table import ZERO, GameId

__all__ = ["Term", "Terms", "nim", "num", "form", "negate", "normalise", "outcome", "compare",
           "estimate", "build", "form_size", "describe", "big", "MAX_LINKS", "set_link_limit"]


@dataclass(frozen=True)
class Term:
    """One summand: ``kind`` is ``"nim"`` (value: heap size), ``"num"`` (value: a dyadic
    :class:`~fractions.Fraction`) or ``"form"`` (value: an interned :data:`GameId`)."""

    kind: str
    value: "int | Fraction"


#: a symbolic sum: terms with their multiplicities
Terms = list[tuple[Term, int]]


def nim(n: int) -> Term:
    """The nim heap ``*n``."""
    return Term("nim", n)


def num(x: "int | Fraction") -> Term:
    """The (normal-play canonical form of the) dyadic number ``x``."""
    return Term("num", Fraction(x))


def form(g: GameId) -> Term:
    """An explicit form."""
    return Term("form", g)


def negate(t: Term) -> Term:
    """The conjugate: ``*n`` is its own conjugate, ``-x`` for a number, the conjugate form."""
    if t.kind == "num":
        return Term("num", -t.value)
    if t.kind == "form":
        return Term("form", conjugate(int(t.value)))
    return t


def _recognise(t: Term) -> Term:
    """A form that is identical to a nim heap or a number becomes that symbol."""
    if t.kind != "form":
        return t
    g = int(t.value)
    k = nim_heap_size(g)
    if k is not None:
        return nim(k)
    x = number_of(g)
    return num(x) if x is not None else t


def normalise(terms: Iterable[tuple[Term, int]]) -> Terms:
    """Merge equal terms, drop zeros and zero counts, recognise forms that are ``*n`` or numbers."""
    out: dict[Term, int] = {}
    for t, c in terms:
        t = _recognise(t)
        if c <= 0 or (t.kind != "form" and t.value == 0) or (t.kind == "form" and t.value == ZERO):
            continue
        out[t] = out.get(t, 0) + c
    return list(out.items())


# --- outcomes by rule ---------------------------------------------------------------------------

def outcome(terms: Iterable[tuple[Term, int]], normal: bool = False) -> Outcome | None:
    """The outcome of the sum by a known rule, or None when no rule covers it.

    Rules (each proved below or cited, and checked against exhaustive search in the tests):

    * **Misère Nim** (Bouton 1901; Conway, *ONAG* ch. 12): a sum of nim heaps is P iff either
      every heap is 0 or 1 and the number of 1-heaps is odd, or some heap is at least 2 and the
      nim-sum (XOR) of the heaps is 0; otherwise N. One heap ``*n`` with n ≥ 1 is N.
    * **Integers, misère** (token count): in a sum of integer forms Left has ``a`` moves in all
      (the sum of the positive terms) and Right ``b`` (the negative ones), every move uses up
      one of the mover's own moves and no other, and the player who cannot move on their turn
      wins. Moving first, Left is stuck on turn ``2a+1`` and Right on turn ``2b+2``, so Left
      wins moving first iff ``a ≤ b``; symmetrically Right wins moving first iff ``b ≤ a``.
      Hence ``a < b``: L, ``a > b``: R, ``a = b``: N.
    * **Numbers of one sign, misère**: a non-empty sum of positive dyadic numbers is R (and of
      negative ones L). Induction on the sum: Left's move in a component x goes to ``x - 2^-k ≥ 0``,
      leaving 0 (Right, to move, has no move and wins) or a positive sum with Right to move; Right
      either has no move (and wins) or moves some ``x`` to ``x + 2^-k > 0``, leaving a positive sum
      with Left to move, which Left loses by induction. Sums of numbers of both signs that are not
      all integers have no rule here (their misère monoid is subtle: Milley–Renault 2013).
    * **Normal play** (Conway, *ONAG* chs. 1, 7; Sprague–Grundy): numbers add, nim heaps add by
      XOR, and ``x + *m`` has the sign of x when ``x ≠ 0``: L if x > 0, R if x < 0; for x = 0 it
      is P iff the nim-sum is 0, else N.

    Examples
    --------
    >>> outcome([(nim(100000), 1)]), outcome([(nim(1), 20001)]), outcome([(num(-3), 1)])
    (<Outcome.N: 'N'>, <Outcome.P: 'P'>, <Outcome.L: 'L'>)
    """
    ts = normalise(terms)
    if any(t.kind == "form" for t, _ in ts):
        return None
    heaps = [(int(t.value), c) for t, c in ts if t.kind == "nim"]
    numbers = [(Fraction(t.value), c) for t, c in ts if t.kind == "num"]
    if normal:
        value = sum((x * c for x, c in numbers), Fraction(0))
        if value != 0:
            return Outcome.L if value > 0 else Outcome.R
        return Outcome.P if _nim_sum(heaps) == 0 else Outcome.N
    if not numbers:
        return _misere_nim(heaps)
    if heaps:
        return None
    if all(x.denominator == 1 for x, _ in numbers):
        a = sum(x * c for x, c in numbers if x > 0)
        b = -sum(x * c for x, c in numbers if x < 0)
        return Outcome.L if a < b else Outcome.R if a > b else Outcome.N
    if all(x > 0 for x, _ in numbers):
        return Outcome.R
    if all(x < 0 for x, _ in numbers):
        return Outcome.L
    return None


def _nim_sum(heaps: Sequence[tuple[int, int]]) -> int:
    s = 0
    for n, c in heaps:
        if c & 1:
            s ^= n
    return s


def _misere_nim(heaps: Sequence[tuple[int, int]]) -> Outcome:
    """Bouton's misère rule (see :func:`outcome`)."""
    if all(n <= 1 for n, _ in heaps):
        ones = sum(c for n, c in heaps if n == 1)
        return Outcome.P if ones & 1 else Outcome.N
    return Outcome.P if _nim_sum(heaps) == 0 else Outcome.N


def compare(g: Terms, h: Terms, universe: str) -> str | None:
    """``"="``, ``">"``, ``"<"`` or ``"||"`` for two single symbolic terms, or None (no rule).

    * Two nim heaps in general misère play: ``*a ≡ *b`` iff ``a = b``, and distinct heaps are
      incomparable: for ``a > b`` with ``a ≥ 2``, ``X = *a`` gives ``o(*a+X) = P`` and
      ``o(*b+X) = N`` (Bouton), which are incomparable; ``*1`` and ``0`` are told apart by
      ``X = 0`` (``o(*) = P``, ``o(0) = N``).
    * Normal play: numbers compare by value; nim heaps are equal or confused (``*a - *b = *(a⊕b)``).
    """
    g, h = normalise(g), normalise(h)
    if g == h:
        return "="
    one = lambda ts: ts[0][0] if len(ts) == 1 and ts[0][1] == 1 else (nim(0) if not ts else None)  # noqa: E731
    a, b = one(g), one(h)
    if a is None or b is None or "form" in (a.kind, b.kind):
        return None
    if universe == "normal" and a.kind == "num" and b.kind == "num":
        return "=" if a.value == b.value else ">" if a.value > b.value else "<"
    if universe in ("general", "normal") and a.kind == "nim" and b.kind == "nim":
        return "=" if a.value == b.value else "||"
    return None


# --- sizes and guards ---------------------------------------------------------------------------

#: most option links an explicit form may have before it is refused (see :func:`set_link_limit`)
MAX_LINKS = [2_000_000]

_size: dict[GameId, tuple[int, int]] = cache.table("theory.form_size")


def set_link_limit(n: int) -> int:
    """Set the most option links a form may have before it is refused; returns the old limit."""
    old = MAX_LINKS[0]
    MAX_LINKS[0] = n
    return old


def form_size(g: GameId) -> tuple[int, int]:
    """(followers, option links) of an interned form, counted once and memoised."""
    r = _size.get(g)
    if r is None:
        nodes = links = 0
        for x in followers(g):
            nodes += 1
            links += len(options(x))
            if not nodes & 1023:
                budget.check()
        r = _size[g] = (nodes, links)
    return r


def _atom_size(t: Term) -> tuple[float, float]:
    """(nodes, links) of one copy of the term as an explicit form."""
    if t.kind == "nim":
        n = int(t.value)
        return float(n + 1), n * (n + 1) / 2
    if t.kind == "num":
        x = Fraction(t.value)
        whole = float(abs(math.ceil(abs(x))))
        k = x.denominator.bit_length() - 1
        return whole + 2 * k + 1, whole + 4 * k
    nodes, links = form_size(int(t.value))
    return float(nodes), float(links)


def _copies(nodes: float, links: float, c: int) -> tuple[float, float]:
    """Estimated size of ``c.G`` from the size of G: multisets of c followers of G."""
    if c == 1:
        return nodes, links
    f = max(nodes, 1.0)
    # C(f + c - 1, c) multisets, through lgamma (c and f may be huge)
    try:
        n = math.exp(math.lgamma(f + c) - math.lgamma(c + 1) - math.lgamma(f))
    except OverflowError:
        n = math.inf
    return n, n * min(c, f) * (links / f)


def estimate(terms: Iterable[tuple[Term, int]]) -> tuple[float, float]:
    """(nodes, option links) the explicit sum form would have, estimated from its terms.

    ``*n`` has ``n+1`` nodes and ``n(n+1)/2`` links, the integer n has ``|n|+1`` nodes and
    ``|n|`` links; c copies of a form with f followers have at most ``C(f+c-1, c)`` followers
    (multisets), and a sum of different terms at most the product (every follower of the sum
    is a sum of followers), each with the options of its parts.
    """
    nodes, per_node = 1.0, 0.0
    for t, c in terms:
        if c <= 0:
            continue
        n, l = _copies(*_atom_size(t), c)
        nodes *= n
        per_node += l / max(n, 1.0)
    return nodes, nodes * per_node


def describe(outcome_: Outcome | None) -> str:
    """The tail of a refusal message that gives the theory's answer where it has one."""
    return "" if outcome_ is None else f" (its outcome is answered from theory: {outcome_.value})"


def check_size(terms: Terms, label: "str | Callable[[], str]") -> None:
    """Refuse, up front, a form whose explicit size is hopeless (:class:`ComputationLimitError`).

    Serves the parser (``misere outcome '1000000000000.{0,*|*}'``) and ``n * G`` in Python alike;
    ``label`` names the sum in the message (a callable is called only for a refusal)."""
    nodes, links = estimate(terms)
    if links > MAX_LINKS[0]:
        label = label() if callable(label) else label
        shown = label if len(label) <= 60 else label[:57] + "..."
        raise ComputationLimitError(
            f"{shown} has {big(links)} option links as an explicit form, over the limit of "
            f"{big(float(MAX_LINKS[0]))}{describe(outcome(terms))}")


def atom(t: Term) -> GameId:
    """The explicit form of one term (built; check the size first)."""
    if t.kind == "nim":
        return nimber(int(t.value))
    if t.kind == "num":
        x = Fraction(t.value)
        return integer(x.numerator) if x.denominator == 1 else dyadic(x)
    return int(t.value)


def build(terms: Terms, label: str) -> GameId:
    """The explicit sum form of ``terms``, refused up front when hopeless (:func:`check_size`)."""
    check_size(terms, label)
    total = ZERO
    for t, c in terms:
        total = add(total, multiple(c, atom(t)))
    return total
