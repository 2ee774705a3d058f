"""PENNY NIM (Milley 001 §3.1 p. 17 and §3.5; after Ottaway): an alternating ruleset.

A position is a sum of stacks of coins, each tails-up (Left's), heads-up (Right's) or lying
sideways (either player's). A move removes at least one coin from one of your stacks and turns
the rest over, so the remainder belongs to the opponent; a player with no move wins (misère).

Forms (shared notes thesis-ch1-3.md §4.1)::

    T(n) = { H(m) : m < n | · }      a stack Left may play on     (T(1) = A, T(n ≥ 2) ≡ B)
    H(n) = conj T(n)                  a stack Right may play on    (H(1) = Ā, H(n ≥ 2) ≡ B̄)
    S(n) = { H(m) : m < n | T(m) : m < n }   sideways            (S(1) = *, S(n ≥ 2) ≡ D)

Every position is ``≡ aA + bB + dD + k*`` (Lemma 3.5.1, Thms 3.2.9, 3.4.5), and its outcome is
given by Thm 3.5.6 (:func:`outcome`). Notation: ``"L3 + R2 + S3 + S1"`` (``Ln`` tails-up,
``Rn`` heads-up, ``Sn`` sideways); this is Fig. 3.1 of the thesis.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from ..core import cache
from ..core.ops import add_all, conjugate
from ..core.outcome import Outcome
from ..core.table import ZERO, GameId, intern
from ..errors import RulesetError

__all__ = ["Stack", "parse", "stack_game", "position_game", "invariants", "outcome", "format_position"]

_KINDS = ("L", "R", "S")
_forms = cache.table("penny_nim.forms")


@dataclass(frozen=True, order=True)
class Stack:
    """One stack: ``kind`` is ``"L"`` (tails-up, Left moves), ``"R"`` (heads-up) or ``"S"``."""

    kind: str
    size: int

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise RulesetError(f"a stack kind is L, R or S, not {self.kind!r}")
        if self.size < 0:
            raise RulesetError(f"a stack has a non-negative size, not {self.size}")

    def __str__(self) -> str:
        return f"{self.kind}{self.size}"


_TOKEN = re.compile(r"^\s*([LRSlrs])\s*(\d+)\s*$")


def parse(text: str) -> list[Stack]:
    """Read ``"L3 + R2 + S3 + S1"`` (``0`` or an empty string is the empty position).

    Raises
    ------
    RulesetError
        naming the bad term.

    Examples
    --------
    >>> [str(s) for s in parse("L3 + R2 + S3 + S1")]
    ['L3', 'R2', 'S3', 'S1']
    """
    stacks: list[Stack] = []
    if text.strip() in ("", "0"):
        return stacks
    for term in text.split("+"):
        m = _TOKEN.match(term)
        if m is None:
            raise RulesetError(f"cannot read the Penny Nim stack {term.strip()!r} in {text!r}: expected "
                               f"L, R or S and a size, e.g. 'L3 + R2 + S1'")
        digits = m.group(2)
        if not digits.isascii() or len(digits) > 4000:
            raise RulesetError(f"cannot read the Penny Nim stack {term.strip()[:20]!r}: the size must be "
                               f"a plain integer of at most 4000 digits")
        stacks.append(Stack(m.group(1).upper(), int(digits)))
    return stacks


def format_position(stacks: Iterable[Stack]) -> str:
    """The notation of a position (``0`` when empty)."""
    text = " + ".join(str(s) for s in stacks)
    return text or "0"


def _tails(n: int) -> GameId:
    key = ("L", n)
    r = _forms.get(key)
    if r is None:
        r = ZERO if n == 0 else intern([conjugate(_tails(m)) for m in range(n)], [])
        _forms[key] = r
    return r


def stack_game(stack: Stack) -> GameId:
    """The game form of one stack (``T(n)``, ``H(n)`` or ``S(n)``).

    Examples
    --------
    >>> from misere.core.notation import format_id
    >>> format_id(stack_game(Stack("L", 2))), format_id(stack_game(Stack("S", 1)))
    ('{0,-1|}', '*')
    """
    n = stack.size
    if stack.kind == "L":
        return _tails(n)
    if stack.kind == "R":
        return conjugate(_tails(n))
    key = ("S", n)
    r = _forms.get(key)
    if r is None:
        r = intern([conjugate(_tails(m)) for m in range(n)], [_tails(m) for m in range(n)])
        _forms[key] = r
    return r


def position_game(stacks: Iterable[Stack]) -> GameId:
    """The sum form of a position (built explicitly: use for small positions only)."""
    return add_all(stack_game(s) for s in stacks)


def invariants(stacks: Iterable[Stack]) -> tuple[int, int, int, int]:
    """``(k, d, a, b)`` with the position ``≡ k* + dD + aA + bB`` mod the Penny Nim universe.

    ``k`` counts single sideways coins, ``d`` is the parity of larger sideways stacks
    (``D + D ≡ 0``), ``a`` and ``b`` count one-coin and larger upright stacks, Left's
    positively (001 Lemma 3.5.1, Thm 3.5.6).
    """
    k = d = a = b = 0
    for s in stacks:
        if s.size == 0:
            continue
        sign = 1 if s.kind == "L" else -1
        if s.kind == "S":
            if s.size == 1:
                k += 1
            else:
                d ^= 1
        elif s.size == 1:
            a += sign
        else:
            b += sign
    return k, d, a, b


def outcome(stacks: Iterable[Stack]) -> Outcome:
    """The misère outcome of a Penny Nim position by 001 Thm 3.5.6 (no search).

    Examples
    --------
    >>> str(outcome(parse("L3 + R2 + S3 + S1"))), str(outcome(parse("S1 + S1 + L1")))
    ('N', 'P')
    """
    k, d, a, b = invariants(stacks)
    if a < -k or (-k <= a < k and b >= 1):
        return Outcome.L
    if a > k or (-k < a <= k and b <= -1):
        return Outcome.R
    if (a == -k and b <= 0) or (a == k and b >= 0):
        return Outcome.N
    # here -k < a < k and b == 0
    if d == 1 or (a - k) % 2 == 0:
        return Outcome.N
    return Outcome.P
