"""Genus symbols, tame genera and phyla of impartial misère games.

Implements Conway's genus ``g^{γ0 γ1 γ2 …}`` (ONAG ch. 12, as quoted in seed 002 §11.2) with
the mex-with-carrying computation of seed 002 §11.4 (shared notes algorithms.md §D.4), the
tame genera of seed 002 Fig. 20 and tame addition (ONAG Thm 73 as quoted in 002 §11.2), and the
hereditary phyla of CGSuite's ``Phylum`` (notes §D.5).

``g = G⁺(G)``; ``γ_i = G⁻(G + *2 + … + *2)`` with ``i`` copies of ``*2``. The exponent is
eventually periodic with period 2 and is written so that its last two digits repeat forever:
``0^{120}`` is ``0`` with exponents ``1, 2, 0, 2, 0, …``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import cache
from ..core.table import GameId, left
from .canonical import _mex, canonical, check_impartial, misere_grundy, normal_grundy

__all__ = [
    "Genus", "genus", "tame_genus", "is_tame", "is_wild", "is_hereditarily_tame", "tame_sum",
]

_genus = cache.table("impartial.genus")
_htame = cache.table("impartial.hereditarily_tame")

_GENUS_RE = re.compile(r"^\s*(\d+)\s*\^\s*\{?\s*([\d,\s]+?)\s*\}?\s*$")


@dataclass(frozen=True)
class Genus:
    """A genus symbol ``plus^{exponents}``; the last two exponents repeat forever.

    Attributes
    ----------
    plus : int
        ``G⁺``, the normal-play Grundy value.
    exponents : tuple of int
        ``γ0, γ1, …`` in canonical (shortest) form, at least two entries.

    Examples
    --------
    >>> g = Genus.parse("3^{0531}")
    >>> g.plus, g.exponents, g.minus, str(g), g[7]
    (3, (0, 5, 3, 1), 0, '3^{0531}', 1)
    """

    plus: int
    exponents: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.exponents) < 2:
            raise ValueError("a genus needs at least two exponents")
        object.__setattr__(self, "exponents", _trim(list(self.exponents)))

    @property
    def minus(self) -> int:
        """``G⁻``, the misère Grundy value (the first exponent)."""
        return self.exponents[0]

    def __getitem__(self, i: int) -> int:
        """``γ_i`` for any ``i ≥ 0`` (the last two exponents repeat)."""
        e = self.exponents
        if i < len(e):
            return e[i]
        return e[len(e) - 2 + (i - len(e)) % 2]

    def __str__(self) -> str:
        sep = "," if any(x > 9 for x in self.exponents) else ""
        return f"{self.plus}^{{{sep.join(str(x) for x in self.exponents)}}}"

    @classmethod
    def parse(cls, text: str) -> "Genus":
        """Read ``"3^{0531}"`` (digits) or ``"12^{1,12,14}"`` (commas for values ≥ 10)."""
        m = _GENUS_RE.match(text)
        if m is None:
            raise ValueError(f"not a genus symbol: {text!r}")
        body = m.group(2)
        ex = [int(x) for x in body.split(",")] if "," in body else [int(c) for c in body if c.isdigit()]
        if len(ex) == 1:
            ex = ex * 2
        return cls(int(m.group(1)), tuple(ex))

    @property
    def is_tame(self) -> bool:
        """Is this one of the tame genera ``0^{120}``, ``1^{031}``, ``n^{n(n⊕2)}`` (002 Fig. 20)?"""
        if self.plus == self.minus:
            return self == tame_genus(self.plus)
        return self.plus in (0, 1) and self == tame_genus(self.plus, ones_only=True)


def _trim(ex: list[int]) -> tuple[int, ...]:
    while len(ex) > 2 and ex[-1] == ex[-3]:
        ex.pop()
    return tuple(ex)


def tame_genus(n: int, ones_only: bool = False) -> Genus:
    """The genus of a Nim position of nim-sum ``n`` (002 Fig. 20).

    With ``ones_only`` (every heap of size ≤ 1, so ``n`` is 0 or 1) it is ``0^{120}`` or
    ``1^{031}``; otherwise ``n^{n (n⊕2)}``.

    Examples
    --------
    >>> str(tame_genus(0, ones_only=True)), str(tame_genus(4))
    ('0^{120}', '4^{46}')
    """
    if ones_only:
        if n not in (0, 1):
            raise ValueError("a Nim position of 1-heaps has nim-sum 0 or 1")
        return Genus(n, (1, 2, 0) if n == 0 else (0, 3, 1))
    return Genus(n, (n, n ^ 2))


def genus(g: GameId) -> Genus:
    """The genus of the impartial form ``g``, by mex-with-carrying over its options.

    ``γ0 = mex{γ_{j,0}}`` (``1`` for ``g = 0``) and, for ``i ≥ 1``,
    ``γ_i = mex({γ_{j,i}} ∪ {γ_{i−1}, γ_{i−1} ⊕ 1})``: the carried pair are the values of
    ``g + *2…*2 + *`` and ``g + *2…*2`` (002 §11.4; ``G⁻(X + *) = G⁻(X) ⊕ 1`` for every X).

    Raises
    ------
    NotInUniverseError
        if ``g`` is not impartial.

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> [str(genus(nimber(n))) for n in range(4)]
    ['0^{120}', '1^{031}', '2^{20}', '3^{31}']
    """
    r = _genus.get(g)
    if r is None:
        check_impartial(g)
        r = _genus_rec(g)
    return r


def _genus_rec(g: GameId) -> Genus:
    r = _genus.get(g)
    if r is not None:
        return r
    opts = [_genus_rec(x) for x in left(g)]
    plus = normal_grundy(g)
    p = max((len(o.exponents) for o in opts), default=0)
    ex = [1 if not opts else _mex(o[0] for o in opts)]
    i = 1
    while True:
        prev = ex[-1]
        vals = {o[i] for o in opts}
        vals.add(prev)
        vals.add(prev ^ 1)
        ex.append(_mex(vals))
        # beyond index p the step is a function of (parity, previous value): a repeat two
        # steps apart (both at indices >= p-1) means the tail is 2-periodic from there on
        j = i - 2
        if j >= max(p - 1, 0) and ex[i] == ex[j]:
            break
        i += 1
        if i > p + 64:  # pragma: no cover - the sequence always becomes 2-periodic
            raise RuntimeError(f"genus of #{g} did not become periodic")
    r = Genus(plus, tuple(ex[:-1]))
    _genus[g] = r
    return r


def is_tame(g: GameId) -> bool:
    """Does ``g`` have a tame genus (002 Fig. 20)?"""
    return genus(g).is_tame


def is_wild(g: GameId) -> bool:
    """Is the genus of ``g`` not tame?"""
    return not is_tame(g)


def is_hereditarily_tame(g: GameId) -> bool:
    """Every follower of the canonical form of ``g`` has a tame genus (notes D.5).

    When every option is hereditarily tame, a tame genus is the same as CGSuite's local test
    ``G⁺ = G⁻`` or ``{G⁺, G⁻} = {0, 1}`` (checked in the tests).

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> is_hereditarily_tame(nimber(5))
    True
    """
    c = canonical(g)
    r = _htame.get(c)
    if r is None:
        r = is_tame(c) and all(is_hereditarily_tame(x) for x in left(c))
        _htame[c] = r
    return r


def tame_sum(a: Genus, b: Genus) -> Genus:
    """Tame addition (ONAG Thm 73, quoted in 002 §11.2): the genus of a sum of tame games.

    Valid only when every position of both summands is tame. ``0^{120}`` is the identity,
    ``1^{031} + 1^{031} = 0^{120}``, ``n^{n(n⊕2)}`` add as Nim heaps, and ``1^{031}`` acts like
    ``1^{13}`` when added to ``n^{n(n⊕2)}``.

    Raises
    ------
    ValueError
        if either genus is not tame.

    Examples
    --------
    >>> str(tame_sum(Genus.parse("2^{20}"), Genus.parse("3^{31}")))
    '1^{13}'
    >>> str(tame_sum(Genus.parse("4^{46}"), Genus.parse("1^{031}")))
    '5^{57}'
    """
    if not (a.is_tame and b.is_tame):
        raise ValueError(f"tame addition needs tame genera, got {a} and {b}")
    ones = a.plus != a.minus and b.plus != b.minus
    return tame_genus(a.plus ^ b.plus, ones_only=ones)
