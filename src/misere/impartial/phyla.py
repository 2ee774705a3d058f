"""Phyla of impartial misère canonical forms: tame, restive, restless, tameable, wild; parity.

The vocabulary is Conway's (ONAG ch. 12, "How to lose when you must": tame games, restive
and restless games, tame-reversible options) as organised by Dan Hoey and A. N. Siegel in
CGSuite's ``Phylum`` (CGSuite's ``MisereCanonicalGame`` documents the predicates; Siegel, *CGT*
ch. V). Every predicate is a local test on the canonical form, its options and second options,
the Grundy values ``G⁺`` (normal) and ``G⁻`` (misère), and the phyla of the options:

* **genus kind** of ``(G⁺, G⁻) = (p, m)``: *tame* if ``p = m`` or ``p, m ≤ 1``; else *restive*
  if ``p ≤ 1``; else *restless* if ``m ≤ 1``; else *wild*.
* If every option is *generally tame* (nim heap, hereditarily or reversibly tame): a tame kind
  gives ``NIMHEAP`` (all options nim heaps and ``p > 1`` or ``p ≠ m``), ``HEREDITARILY_TAME``
  (all options hereditarily tame) or ``REVERSIBLY_TAME``; a restive kind gives
  ``HEREDITARILY_RESTIVE`` (all options hereditarily tame) or ``REVERSIBLY_RESTIVE``; a
  restless kind gives ``RESTLESS``; a wild kind gives ``WILD``.
* Otherwise the form is ``REVERSIBLY_TAME`` / ``REVERSIBLY_RESTIVE`` when every non-tame option
  *reverses* through second options of matching ``G⁻`` and ``G⁺`` (tame second options for a
  tame kind; restive-or-tame ones of a compatible kind for a restive kind) and the tame options
  alone give ``p`` and ``m`` as mexes; ``TAMEABLE`` when (tame kind) the same holds with
  tameable options and second options admitted; else ``WILD_OF_<KIND>_GENUS`` (or ``WILD``).

The phylum of ``G`` is the phylum of its *even part* (``G`` or ``G + *``, whichever has the
smaller birthday: CGSuite stores ``G`` and ``G + *`` as one record), so it is the same for
``G`` and ``G + *``.
"""
from __future__ import annotations

from enum import Enum

from ..budget import check
from ..core import cache
from ..core.ops import STAR
from ..core.table import ZERO, GameId, birthday, left
from .canonical import (
    _mex, add_canonical, canonical, check_impartial, misere_grundy, normal_grundy,
)

__all__ = [
    "Phylum", "phylum", "is_even", "is_odd", "even_part", "is_nim_heap", "is_generally_tame",
    "is_reversibly_tame", "is_tameable", "is_restive", "is_generally_restive", "is_restless",
    "is_half_tame", "is_unit",
]

_phylum = cache.table("impartial.phylum")
_even = cache.table("impartial.even_part")


class Phylum(str, Enum):
    """CGSuite's phyla of misère impartial canonical forms, tamest first (module docstring)."""

    NIMHEAP = "nim-heap"
    HEREDITARILY_TAME = "hereditarily-tame"
    REVERSIBLY_TAME = "reversibly-tame"
    TAMEABLE = "tameable"
    WILD_OF_TAME_GENUS = "wild-of-tame-genus"
    HEREDITARILY_RESTIVE = "hereditarily-restive"
    REVERSIBLY_RESTIVE = "reversibly-restive"
    WILD_OF_RESTIVE_GENUS = "wild-of-restive-genus"
    RESTLESS = "restless"
    WILD_OF_RESTLESS_GENUS = "wild-of-restless-genus"
    WILD = "wild"

    def __str__(self) -> str:
        return self.value


_ORDER = {p: i for i, p in enumerate(Phylum)}
HEREDITARILY_TAME_PHYLA = frozenset({Phylum.NIMHEAP, Phylum.HEREDITARILY_TAME})
GENERALLY_TAME_PHYLA = HEREDITARILY_TAME_PHYLA | {Phylum.REVERSIBLY_TAME}
TAMEABLE_PHYLA = GENERALLY_TAME_PHYLA | {Phylum.TAMEABLE}
RESTIVE_PHYLA = frozenset({Phylum.HEREDITARILY_RESTIVE, Phylum.REVERSIBLY_RESTIVE})
_WILD_OF = {"tame": Phylum.WILD_OF_TAME_GENUS, "restive": Phylum.WILD_OF_RESTIVE_GENUS,
            "restless": Phylum.WILD_OF_RESTLESS_GENUS, "wild": Phylum.WILD}


def even_part(g: GameId) -> GameId:
    """``G`` or ``G + *``, whichever has the smaller birthday (canonical forms)."""
    c = canonical(g)
    r = _even.get(c)
    if r is None:
        o = add_canonical(c, STAR)
        r = c if birthday(c) < birthday(o) else o
        _even[c] = _even[o] = r
    return r


def is_even(g: GameId) -> bool:
    """CGSuite's ``IsEven``: the canonical ``G`` is born before ``G + *``.

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> [is_even(nimber(n)) for n in range(4)]
    [True, False, True, False]
    """
    c = canonical(g)
    return even_part(c) == c


def is_odd(g: GameId) -> bool:
    """Not :func:`is_even` (``G + *`` is the even part)."""
    return not is_even(g)


def _kind(p: int, m: int) -> str:
    if p == m or (p <= 1 and m <= 1):
        return "tame"
    return "restive" if p <= 1 else "restless" if m <= 1 else "wild"


def phylum(g: GameId) -> Phylum:
    """The phylum of the impartial form ``g`` (module docstring; CGSuite's ``Phylum``).

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> from misere.core.notation import parse_id
    >>> str(phylum(nimber(3))), str(phylum(parse_id("*[*2]")))
    ('nim-heap', 'hereditarily-tame')
    """
    check_impartial(g)
    return _phylum_of(even_part(g))


def _phylum_of(e: GameId) -> Phylum:
    r = _phylum.get(e)
    if r is None:
        r = _classify(e)
        _phylum[e] = r
    return r


def _ph(x: GameId) -> Phylum:
    return _phylum_of(even_part(x))


def _classify(g: GameId) -> Phylum:
    check()
    p, m = normal_grundy(g), misere_grundy(g)
    kind = _kind(p, m)
    phs = [_ph(x) for x in left(g)]
    if all(ph in GENERALLY_TAME_PHYLA for ph in phs):
        w = max(phs, key=_ORDER.__getitem__, default=Phylum.NIMHEAP)
        if kind == "tame":
            if w == Phylum.NIMHEAP and (p > 1 or p != m):
                return Phylum.NIMHEAP
            return Phylum.HEREDITARILY_TAME if w in HEREDITARILY_TAME_PHYLA else Phylum.REVERSIBLY_TAME
        if kind == "restive":
            return (Phylum.HEREDITARILY_RESTIVE if w in HEREDITARILY_TAME_PHYLA
                    else Phylum.REVERSIBLY_RESTIVE)
        return Phylum.RESTLESS if kind == "restless" else Phylum.WILD
    if kind in ("tame", "restive"):
        r = _reversible(g, p, m, kind)
        if r is not None:
            return r
    return _WILD_OF[kind]


def _reverses(o: GameId, p: int, m: int, kind: str) -> tuple[bool, bool]:
    """Does the non-tame option ``o`` reverse through second options matching ``(p, m)``:
    (for the reversibly tame/restive phyla, for the tameable phylum)."""
    ph = _ph(o)
    found_m = found_p = False
    able = kind == "tame" and ph == Phylum.TAMEABLE
    able_m = able_p = able
    for y in left(o):
        ph2 = _ph(y)
        p2, m2 = normal_grundy(y), misere_grundy(y)
        if kind == "tame" and ph2 in GENERALLY_TAME_PHYLA:
            found_m |= m == m2
            found_p |= p == p2
        elif kind == "restive" and (ph2 in GENERALLY_TAME_PHYLA or ph2 in RESTIVE_PHYLA):
            found_m |= m == m2 and (p2 <= 1 or (p2 ^ m) <= 1)
            found_p |= p == p2 and (m2 <= 1 or (m2 ^ m) <= 1)
        elif kind == "tame" and ph2 == Phylum.TAMEABLE:
            able_m |= m == m2
            able_p |= p == p2
    return found_m and found_p, able_m and able_p


def _reversible(g: GameId, p: int, m: int, kind: str) -> Phylum | None:
    """``REVERSIBLY_TAME``, ``TAMEABLE`` or ``REVERSIBLY_RESTIVE`` when the non-tame options of
    ``g`` are tame-reversible (ONAG ch. 12; CGSuite ``Phylum``), else None."""
    possible = ([Phylum.REVERSIBLY_TAME, Phylum.TAMEABLE] if kind == "tame"
                else [Phylum.REVERSIBLY_RESTIVE])
    tame_p: set[int] = set()
    tame_m: set[int] = set()
    able_p: set[int] = set()
    able_m: set[int] = set()
    for o in left(g):
        if _ph(o) in GENERALLY_TAME_PHYLA:
            tame_p.add(normal_grundy(o))
            tame_m.add(misere_grundy(o))
            continue
        if Phylum.TAMEABLE in possible and _ph(o) == Phylum.TAMEABLE:
            able_p.add(normal_grundy(o))
            able_m.add(misere_grundy(o))
        rev, able = _reverses(o, p, m, kind)
        if not rev:
            possible = [x for x in possible if x == Phylum.TAMEABLE]
            if not able:
                possible = []
            if not possible:
                return None
    if p != _mex(tame_p) or m != _mex(tame_m):
        possible = [x for x in possible if x == Phylum.TAMEABLE]
    if Phylum.TAMEABLE in possible:
        all_p, all_m = tame_p | able_p, tame_m | able_m
        if (p != _mex(all_p) or m != _mex(all_m)) and (all_p or p > 0):
            possible.remove(Phylum.TAMEABLE)
    return possible[0] if possible else None


def is_nim_heap(g: GameId) -> bool:
    """Is the canonical form of ``g`` a nim heap ``*n``?"""
    return phylum(g) == Phylum.NIMHEAP


def is_generally_tame(g: GameId) -> bool:
    """CGSuite's ``IsGenerallyTame``: nim heap, hereditarily tame or reversibly tame (ONAG
    ch. 12: tame games, which add like Nim positions with one another)."""
    return phylum(g) in GENERALLY_TAME_PHYLA


def is_reversibly_tame(g: GameId) -> bool:
    """Tame, but only through tame-reversible wild options (phylum ``REVERSIBLY_TAME``)."""
    return phylum(g) == Phylum.REVERSIBLY_TAME


def is_tameable(g: GameId) -> bool:
    """CGSuite's ``IsTameable``: generally tame or ``TAMEABLE`` (determines its genus in sums
    with tame games)."""
    return phylum(g) in TAMEABLE_PHYLA


def is_restive(g: GameId) -> bool:
    """CGSuite's ``IsRestive``: hereditarily restive (not of tame genus, options hereditarily
    tame, ``G⁺ ≤ 1``; ONAG ch. 12's restive games, "ambivalent nim-heaps")."""
    return phylum(g) == Phylum.HEREDITARILY_RESTIVE


def is_generally_restive(g: GameId) -> bool:
    """CGSuite's ``IsGenerallyRestive``: hereditarily or reversibly restive."""
    return phylum(g) in RESTIVE_PHYLA


def is_restless(g: GameId) -> bool:
    """CGSuite's ``IsRestless``: options generally tame, ``G⁻ ≤ 1 < G⁺`` (ONAG ch. 12)."""
    return phylum(g) == Phylum.RESTLESS


def is_half_tame(g: GameId) -> bool:
    """CGSuite's ``IsHalfTame``: ``G`` is not generally tame but ``G + G`` is generally tame with
    ``G⁺ = G⁻ = 0`` (genus ``0^{02}``, like ``*2 + *2``).

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> is_half_tame(nimber(2))
    False
    """
    if is_generally_tame(g):
        return False
    d = add_canonical(g, g)
    return is_generally_tame(d) and normal_grundy(d) == 0 and misere_grundy(d) == 0


def is_unit(g: GameId) -> bool:
    """``0`` and ``*`` (the invertible games: ``* + * = 0``)."""
    return canonical(g) in (ZERO, STAR)
