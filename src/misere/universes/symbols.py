"""Theory first for one integer or one nim heap: membership, canonical forms, invertibility and
Left-dead-end factorisations answered from the theory, without building the form.

An integer n is a chain of ``|n|`` nodes and ``*n`` has ``n(n+1)/2`` option links, so ``misere canon
1000000`` spent seconds building a chain (and recursion failed on it) for an answer the theory
gives at once. The rules below cover exactly the cases they state; everything else returns
``None`` and the caller searches as before. Each rule is checked against that search on all
sizes up to 6 in ``tests/universes/test_symbols.py`` (two independent methods agree).

Rules (n ≥ 1 throughout; 0 is left to the search, which is instant on it):

* **Membership.** An integer n ≠ 0 is not a dicot (one player has no move while the other has)
  and not impartial; it is dead-ending (it is a dead end: the player without a move never gets
  one; 004 Def 1), and ``-n`` is a Left dead end, ``n`` is not. A nim heap is impartial, a dicot
  and dead-ending (its only end follower is 0), not a Left dead end (Left can move).
* **Canonical forms.** ``±n`` and ``*n`` are canonical in general misère play (Siegel 003 Thm
  6.1: a form with no dominated and no reversible option is canonical): the one option of ``n``
  cannot be dominated and ``n - 1`` has no Right option to reverse through; the options
  ``*0 … *(n-1)`` of ``*n`` are pairwise incomparable (distinct nim heaps are incomparable:
  :func:`misere.core.theory.compare`), and a reversal of ``*k`` through ``*j`` would need
  ``*j ≤ *n`` with ``j ≠ n``. They are canonical in normal play (ONAG ch. 1, 7), ``*n`` modulo
  the impartial games (ONAG ch. 12: nim heaps are in simplest form), and ``±n`` modulo ℰ and
  ``-n`` among Left dead ends (domination is the only reduction there, 004 Thm 19, and a single
  option is never dominated).
* **Invertibility.** In normal play every game is invertible with inverse its conjugate. In
  general misère play only 0 is (Mesdal–Ottaway, 001 §2.4). ``*n`` with n ≥ 2 is invertible in
  no universe of misère play: ``X = 0`` gives ``o(*n + *n) = P`` (Bouton: nim-sum 0 with a heap
  ≥ 2) but ``o(0) = N``. Integers are dead ends, so ``n + (-n) ≡ 0`` modulo ℰ (001 Thm 5.3.2;
  004 Thm 30) with ``-n`` the only inverse (Davies–Yadav 2410.06924).
* **Factorisation among Left dead ends.** ``-n`` (Davies' ``n̄``) has exactly the divisors
  ``-k`` for ``0 ≤ k ≤ n`` and the one factorisation ``n × (-1)``: if ``D + E ≡ -n`` then
  birthdays and races add (:mod:`misere.universes.left_dead_end_monoid`), so
  ``b(D) + b(E) = n = race(D) + race(E)`` with ``race ≤ b``, hence every run of D has length
  ``b(D)``; a reduced Left dead end all of whose runs have one length k has only options with
  runs of length k - 1, by induction the single value ``-(k-1)`` (options form an antichain),
  so D = -k. ``-1`` is the only atom among them.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from .. import budget
from ..core import theory
from ..core.outcome import Outcome
from ..errors import NotInUniverseError
from .base import find_universe

__all__ = ["Symbol", "symbol", "parse_symbol", "member", "canonical", "invertibility", "SymbolInverse",
           "left_dead_end_factor", "distinguish", "WITNESS_SEARCH_UP_TO"]


@dataclass(frozen=True)
class Symbol:
    """A nonzero integer (``kind == "int"``) or a nim heap ``*n`` with n ≥ 1 (``"nim"``)."""

    kind: str
    value: int

    def __str__(self) -> str:
        if self.kind == "nim":
            return "*" if self.value == 1 else f"*{self.value}"
        return str(self.value)

    @property
    def birthday(self) -> int:
        """``|n|`` for an integer, n for ``*n``."""
        return abs(self.value)

    def conjugate(self) -> "Symbol":
        """``-n``; ``*n`` is its own conjugate."""
        return Symbol(self.kind, -self.value if self.kind == "int" else self.value)


def symbol(terms: theory.Terms) -> Optional[Symbol]:
    """The symbol a parsed sum is, when it is one nonzero integer (``c`` copies of ``n`` is
    ``cn``) or one nim heap ``*n`` (n ≥ 1); else None."""
    ts = theory.normalise(terms)
    if len(ts) != 1:
        return None
    t, c = ts[0]
    if t.kind == "num" and Fraction(t.value).denominator == 1:
        return Symbol("int", int(t.value) * c)
    if t.kind == "nim" and c == 1:
        return Symbol("nim", int(t.value))
    return None


def parse_symbol(text: str) -> Optional[Symbol]:
    """:func:`symbol` of a notation string (read as symbolic terms: nothing big is built)."""
    from ..core.notation import parse_terms

    return symbol(parse_terms(text))


#: up to this birthday the search is instant: its answers (and witnesses, which the theory may
#: not give) are kept, and a "not invertible" without witness or a distinguishing game is
#: answered by the theory only beyond it
WITNESS_SEARCH_UP_TO = 8


#: universes whose membership of integers / nim heaps the theory settles
_INT_MEMBER = {"general": True, "normal": True, "dead-ending": True, "dicot": False, "impartial": False}
_NIM_MEMBER = {"general": True, "normal": True, "dead-ending": True, "dicot": True, "impartial": True,
               "left-dead-end": False}


def member(s: Symbol, universe: str) -> Optional[bool]:
    """Whether the universe (by name) holds ``s``, or None where no rule here says."""
    if s.kind == "int" and universe == "left-dead-end":
        return s.value < 0
    return (_INT_MEMBER if s.kind == "int" else _NIM_MEMBER).get(universe)


def _check(s: Symbol, universe: str) -> Optional[bool]:
    """:func:`member`, raising the usual one-line error for a non-member."""
    m = member(s, universe)
    if m is False:
        raise NotInUniverseError(f"{str(s)!r} is not in the {universe} universe")
    return m


def canonical(s: Symbol, universe: str) -> Optional[Symbol]:
    """The canonical form of ``s`` modulo the universe (``s`` itself where a rule of the module
    docstring says so), or None; raises :class:`NotInUniverseError` for a non-member."""
    if not _check(s, universe):
        return None
    if s.kind == "int" and universe in ("general", "normal", "dead-ending", "left-dead-end"):
        return s
    if s.kind == "nim" and universe in ("general", "normal", "impartial"):
        return s
    return None


@dataclass(frozen=True)
class SymbolInverse:
    """Invertibility of a symbol: the answer, the inverse, a witness X with its outcome pair
    ``(o(G + conj(G) + X), o(X))`` when one is known, the method and the conjugate property."""

    invertible: bool
    inverse: Optional[Symbol]
    witness: Optional[str]
    outcomes: Optional[tuple[Outcome, Outcome]]
    method: str
    conjugate_property: bool


def invertibility(s: Symbol, universe: str) -> Optional[SymbolInverse]:
    """Invertibility of ``s`` modulo the universe by the rules of the module docstring, or None."""
    if not _check(s, universe):
        return None
    conj = universe == "general" or bool(getattr(find_universe(universe), "conjugate_property", False))
    if universe == "normal":
        return SymbolInverse(True, s.conjugate(), None, None,
                             "normal play: every game has its negative as inverse (ONAG ch. 1)", True)
    if s.kind == "nim" and s.value >= 2:
        return SymbolInverse(False, None, "0", (Outcome.P, Outcome.N),
                             "*n + *n is P for n >= 2 (Bouton) while 0 is N, so X = 0 tells them apart",
                             conj)
    if universe == "general":
        return SymbolInverse(False, None, None, None,
                             "Mesdal-Ottaway (001 §2.4): in general misère play only 0 is invertible "
                             "(no witness is built for a game this large)", True)
    if s.kind == "int" and universe in ("dead-ending", "left-dead-end"):
        return SymbolInverse(True, s.conjugate(), None, None,
                             "integers are dead ends: G + conj(G) = 0 modulo E (001 Thm 5.3.2; 004 Thm 30); "
                             "conj(G) is the only inverse (Davies-Yadav 2410.06924)", True)
    return None


def distinguish(s: Symbol, t: Symbol, universe: str) -> Optional[tuple[Symbol, Outcome, Outcome]]:
    """A member X with ``o(s + X) ≠ o(t + X)`` and those two outcomes, for two different nim heaps
    or two different integers (module docstring: Bouton; integers by counting moves), in a
    misère universe holding both; None where no rule here applies.

    * ``*a`` and ``*b`` with ``a > b ≥ 1``: ``X = *a`` gives ``o(*a + *a) = P`` and
      ``o(*b + *a) = N`` (Bouton: nim-sum ≠ 0 with a heap ≥ 2).
    * integers ``m ≠ n``: ``X = -m`` gives ``o(0) = N`` and ``o(n - m)``, which is ``R`` for
      ``n > m`` and ``L`` for ``n < m``.
    """
    if s == t or s.kind != t.kind or universe == "normal" or not (_check(s, universe) and _check(t, universe)):
        return None
    if s.kind == "nim":
        a = max(s.value, t.value)
        x = Symbol("nim", a)  # a >= 2: two different heaps of sizes >= 1
        return (x, Outcome.P, Outcome.N) if s.value == a else (x, Outcome.N, Outcome.P)
    d = t.value - s.value
    return Symbol("int", -s.value), Outcome.N, Outcome.R if d > 0 else Outcome.L


def left_dead_end_factor(s: Symbol) -> Optional[dict[str, Any]]:
    """What ``misere factor`` reports for the Left dead end ``-n`` (module docstring), as plain
    data: value, birthday, race, flexibility, atom, divisors, factorisations; None otherwise."""
    if not _check(s, "left-dead-end"):
        return None
    n = -s.value
    # the answer lists n + 1 divisors and n atoms: about 200 bytes each as Python and JSON text
    # (measured: 170 MB over the start for n = 10^6)
    budget.reserve(200 * (n + 1), f"the {n + 1:,} divisors and {n:,} atoms of {s}")
    return {"value": str(s), "birthday": n, "race": n, "flexibility": 0, "atom": n == 1,
            "divisors": ["0"] + [str(-k) for k in range(1, n + 1)], "factorisations": [["-1"] * n]}
