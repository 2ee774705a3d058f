"""Parts, differences, primes and partitions of impartial misère games (ONAG ch. 12).

``X`` is a *part* of ``G`` when ``G = X + Y`` for some ``Y``; ``Y = G − X`` is then unique
(Conway's cancellation theorem; Siegel, arXiv 2012.08554, §3). The units are ``0`` and ``*``.
A nonunit is *prime* when its only parts are ``0, *, G, G + *``. Factorisation into primes is
not unique (Norton's example ``{*4 + *2}``, see CGSuite's misère tutorial).

The algorithm rests on one characterisation, which follows from Conway's simplification rule
(the options of a canonical form are among the canonical options of any equal form, and the
deleted ones each have it as an option): for canonical ``G ≠ 0``,

    ``X + Y = G``  iff  every option of ``G`` is some ``X' + Y`` or ``X + Y'``, and every
    ``X' + Y`` and ``X + Y'`` is an option of ``G`` or has ``G`` as an option.

Hence, writing ``U`` for the union of the parts of the options of ``G``: either ``X ∈ U`` or
``Y ∈ U``; and if ``X ∉ U`` then ``Y`` is a part of every option, the options of ``X`` include
``X₀ = {G' − Y}``, and its other options are among ``{G − Y' : Y' ∈ Y}`` (an option ``Z`` with
``G`` an option of ``Z + Y`` must be ``G − Y'``, as ``G = Z' + Y`` would make ``X`` an option
of ``Z``). So :func:`difference` tries the members of ``U``, then the sets ``X₀ ∪ Z``; every
answer is verified by adding (:func:`misere.impartial.canonical.add_canonical`).
"""
from __future__ import annotations

from itertools import combinations

from ..budget import check
from ..core import cache
from ..core.ops import STAR
from ..core.table import ZERO, GameId, left
from .canonical import add_canonical, canonical, simplify
from .phyla import even_part, is_unit

__all__ = ["difference", "all_parts", "parts", "is_prime", "partitions", "is_extraverted",
           "is_introverted"]

_diff = cache.table("impartial.difference")
_parts = cache.table("impartial.parts")
_MISSING = -1


def difference(g: GameId, y: GameId) -> GameId | None:
    """``G − Y``: the canonical ``X`` with ``X + Y = G``, or None when ``Y`` is not a part.

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> difference(add_canonical(nimber(2), nimber(3)), nimber(3)) == nimber(2)
    True
    >>> difference(nimber(2), nimber(3)) == STAR, difference(nimber(2), nimber(4)) is None
    (True, True)
    """
    return _difference(canonical(g), canonical(y))


def _difference(g: GameId, y: GameId) -> GameId | None:
    key = (g, y)
    r = _diff.get(key)
    if r is None:
        check()
        r = _compute_difference(g, y)
        _diff[key] = _MISSING if r is None else r
        return r
    return None if r == _MISSING else r


def _compute_difference(g: GameId, y: GameId) -> GameId | None:
    if y == ZERO:
        return g
    if y == STAR:
        return add_canonical(g, STAR)
    if g in (ZERO, STAR):
        return None  # only units are parts of a unit
    if _unit_option(g):  # g is prime: its nonunit parts are g and g + *
        return STAR if y == add_canonical(g, STAR) else ZERO if y == g else None
    for x in _option_parts(g):
        if add_canonical(x, y) == g:
            return x
    # X is not a part of any option: Y is a part of every option, X ⊇ {G' − Y}
    x0 = []
    for h in left(g):
        d = _difference(h, y)
        if d is None:
            return None
        x0.append(d)
    extra = [d for d in (_difference(g, z) for z in left(y)) if d is not None]
    for k in range(len(extra) + 1):
        for zs in combinations(extra, k):
            x = simplify(x0 + list(zs))
            if add_canonical(x, y) == g:
                return x
    return None


def _unit_option(g: GameId) -> bool:
    """Has ``g`` the option 0 or ``*``? Then ``g`` is a unit or prime (ONAG ch. 12): an option
    ``0`` or ``*`` is ``X' + Y`` or ``X + Y'``, and only units add up to a unit (a unit is
    invertible), so ``Y`` or ``X`` is a unit. The tests compare with the general search."""
    return any(x in (ZERO, STAR) for x in left(g))


def _option_parts(g: GameId) -> frozenset[GameId]:
    r: set[GameId] = set()
    for h in left(g):
        r |= all_parts(h)
    return frozenset(r)


def all_parts(g: GameId) -> frozenset[GameId]:
    """Every part of ``g`` (canonical forms, units and ``g`` itself included).

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> sorted(all_parts(nimber(2))) == sorted({0, nimber(1), nimber(2), nimber(3)})
    True
    """
    g = canonical(g)
    r = _parts.get(g)
    if r is None:
        if g in (ZERO, STAR):
            r = frozenset({ZERO, STAR})
        elif _unit_option(g):
            r = frozenset({ZERO, STAR, g, add_canonical(g, STAR)})
        else:
            u = _option_parts(g)
            found = {x for x in u if _difference(g, x) is not None}
            common = None
            for h in left(g):
                p = all_parts(h)
                common = p if common is None else common & p
            for y in common or ():
                x = _difference(g, y)
                if x is not None:
                    found.add(x)
            found |= {ZERO, STAR, g, add_canonical(g, STAR)}
            r = frozenset(found)
        _parts[g] = r
    return r


def parts(g: GameId) -> list[GameId]:
    """CGSuite's ``Parts``: the even parts of ``g`` other than ``0`` and ``g``'s even part."""
    e = even_part(g)
    return sorted({even_part(x) for x in all_parts(g)} - {ZERO, e})


def is_prime(g: GameId) -> bool:
    """A nonunit with no proper parts (CGSuite ``IsPrime``).

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> is_prime(nimber(2)), is_prime(add_canonical(nimber(2), nimber(2)))
    (True, False)
    """
    return not is_unit(g) and not parts(g)


def partitions(g: GameId) -> list[list[GameId]]:
    """All ways of writing ``g`` as a sum of even primes (plus ``*`` when ``g`` is odd);
    each partition is sorted, ``0`` has the one empty partition (CGSuite ``Partitions``)."""
    g = canonical(g)
    out: set[tuple[GameId, ...]] = set()
    _build(g, (), out)
    return [list(p) for p in sorted(out)]


def _build(g: GameId, acc: tuple[GameId, ...], out: set[tuple[GameId, ...]]) -> None:
    check()
    if is_unit(g):
        out.add(tuple(sorted(acc)) + ((STAR,) if g == STAR else ()))
        return
    primes = [p for p in parts(g) if is_prime(p)]
    if not primes:  # g is itself prime
        e = even_part(g)
        _build(_difference(g, e), acc + (e,), out)
        return
    for p in primes:
        if not acc or p >= max(acc):
            _build(_difference(g, p), acc + (p,), out)


def is_extraverted(g: GameId) -> bool:
    """Every option of ``g`` is a part of ``g`` (CGSuite ``IsExtraverted``)."""
    g = canonical(g)
    return all(_difference(g, h) is not None for h in left(g))


def is_introverted(g: GameId) -> bool:
    """``g`` is a part of each of its options (only ``0`` and ``*``, by Conway's
    extraversion–introversion theorem, which the tests check)."""
    g = canonical(g)
    return all(_difference(h, g) is not None for h in left(g))
