"""Impartial misère games: Grundy values, Conway's canonical forms, mates, links, discriminators.

Implements seed 002 §6.2 (Conway's simplification rule quoted from ONAG ch. 12, with the
proviso), §11.1 (misère and normal Grundy values) and the constructive theory of ONAG
Thms 75–76 as restated in the shared notes (algorithms.md §D.1–§D.3; the algorithm for links
and discriminators follows the description of CGSuite's ``MisereCanonicalGameOps`` there).

An impartial form is an id of the core table whose Left and Right options coincide at every
follower (:func:`misere.core.ops.is_impartial`); its options are ``left(g)``. Equality here is
Conway's ``G =_I H``: ``o⁻(G+X) = o⁻(H+X)`` for every *impartial* X. Canonical forms are ids in
the same table, so two impartial forms are equal modulo impartial games exactly when their
canonical ids are equal.
"""
from __future__ import annotations

from typing import Iterable

from ..core import cache
from ..core.ops import STAR, is_impartial
from ..core.table import ZERO, GameId, intern, left
from ..errors import NotInUniverseError, VerificationError

__all__ = [
    "impartial", "options", "misere_grundy", "normal_grundy", "is_p_position", "canonical",
    "simplify", "is_canonical", "mate", "is_linked", "link", "pn_discriminator",
    "discriminator", "check_impartial", "add_canonical",
]

_gminus = cache.table("impartial.grundy_misere")
_gplus = cache.table("impartial.grundy_normal")
_canon = cache.table("impartial.canonical")
_optset = cache.table("impartial.option_set")
_mate = cache.table("impartial.mate")
_link = cache.table("impartial.link")
_pn = cache.table("impartial.pn")
_disc = cache.table("impartial.discriminator")
_sum = cache.table("impartial.canonical_sum")


def impartial(opts: Iterable[GameId]) -> GameId:
    """The impartial form ``{opts}`` (the same options for both players).

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> impartial([ZERO]) == nimber(1)
    True
    """
    o = tuple(opts)
    return intern(o, o)


def options(g: GameId) -> tuple[GameId, ...]:
    """The options of an impartial form (its Left options, which equal its Right options)."""
    return left(g)


def _opt_set(g: GameId) -> frozenset[GameId]:
    r = _optset.get(g)
    if r is None:
        r = _optset[g] = frozenset(left(g))
    return r


def check_impartial(g: GameId) -> None:
    """Raise :class:`NotInUniverseError` unless ``g`` is an impartial form."""
    if not is_impartial(g):
        from ..core.notation import format_id

        raise NotInUniverseError(
            f"{format_id(g)!r} is not an impartial game (Left and Right options differ)"
        )


def _mex(values: Iterable[int]) -> int:
    s = set(values)
    m = 0
    while m in s:
        m += 1
    return m


def misere_grundy(g: GameId) -> int:
    """The misère Grundy value ``G⁻``: ``G⁻(0) = 1``, otherwise the mex of the options' values.

    ``G`` is a misère P-position exactly when ``G⁻(G) = 0`` (002 §11.1, quoting ONAG p. 140).

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> [misere_grundy(nimber(n)) for n in range(4)]
    [1, 0, 2, 3]
    """
    r = _gminus.get(g)
    if r is None:
        opts = left(g)
        r = 1 if not opts else _mex(misere_grundy(x) for x in opts)
        _gminus[g] = r
    return r


def normal_grundy(g: GameId) -> int:
    """The normal-play Grundy value ``G⁺`` (mex rule with ``G⁺(0) = 0``)."""
    r = _gplus.get(g)
    if r is None:
        r = _mex(normal_grundy(x) for x in left(g))
        _gplus[g] = r
    return r


def is_p_position(g: GameId) -> bool:
    """Is the impartial form ``g`` a misère P-position (previous player wins)?"""
    return misere_grundy(g) == 0


def simplify(opts: Iterable[GameId]) -> GameId:
    """The canonical form of ``{opts}`` when every option is already canonical.

    Conway's rule (002 §6.2, from ONAG ch. 12): an option set ``S`` may be replaced by a
    *second option* ``H`` (an option of an option) when the options of ``H`` are a proper
    subset of ``S`` and ``H`` is an option of every deleted option. Deleting every option
    (``H = 0``) is allowed only if some deleted option is a P-position (the proviso).

    Parameters
    ----------
    opts : iterable of GameId
        Canonical impartial forms.

    Returns
    -------
    GameId
        The canonical form: either ``H`` (a canonical form born earlier) or ``{S}``.

    Examples
    --------
    >>> from misere.core.ops import nimber
    >>> simplify([nimber(1)]) == ZERO           # {*} = 0: * is a P-position
    True
    >>> simplify([nimber(2), nimber(1)]) == ZERO
    True
    >>> simplify([ZERO, nimber(1)]) == nimber(2)
    True
    """
    s = frozenset(opts)
    if not s:
        return ZERO
    # reduction to 0 (with the proviso)
    if all(ZERO in _opt_set(x) for x in s) and any(misere_grundy(x) == 0 for x in s):
        return ZERO
    # reduction to a nonzero second option H
    tried: set[GameId] = set()
    n = len(s)
    for x in s:
        for h in left(x):
            if h == ZERO or h in tried:
                continue
            tried.add(h)
            oh = _opt_set(h)
            if len(oh) < n and oh <= s and all(h in _opt_set(y) for y in s - oh):
                return h
    return impartial(sorted(s))


def canonical(g: GameId) -> GameId:
    """Conway's misère canonical form of the impartial form ``g`` (memoised).

    Two impartial forms are equal modulo impartial games iff their canonical forms are
    identical (ONAG ch. 12; 002 §6.2).

    Raises
    ------
    NotInUniverseError
        if ``g`` is not impartial.

    Examples
    --------
    >>> from misere.core.ops import add, nimber
    >>> canonical(add(nimber(1), nimber(1))) == ZERO
    True
    >>> canonical(add(nimber(2), nimber(1))) == nimber(3)
    True
    """
    r = _canon.get(g)
    if r is not None:
        return r
    check_impartial(g)
    return _canonical(g)


def _canonical(g: GameId) -> GameId:
    r = _canon.get(g)
    if r is None:
        # explicit stack so deep sums do not exhaust the Python stack
        stack = [g]
        while stack:
            x = stack[-1]
            if x in _canon:
                stack.pop()
                continue
            pending = [y for y in left(x) if y not in _canon]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            c = simplify(_canon[y] for y in left(x))
            _canon[x] = c
            _canon.setdefault(c, c)
        r = _canon[g]
    return r


def add_canonical(a: GameId, b: GameId) -> GameId:
    """The canonical form of ``a + b`` built from canonical options (memoised).

    ``canonical(A + B) = simplify{canonical(A' + B), canonical(A + B')}`` because equality
    modulo impartial games is a congruence for ``+`` (ONAG ch. 12); this never builds the
    (much larger) sum form.

    Examples
    --------
    >>> from misere.core.ops import add, nimber
    >>> add_canonical(nimber(2), nimber(3)) == canonical(add(nimber(2), nimber(3)))
    True
    """
    a, b = canonical(a), canonical(b)
    return _add_c(a, b)


def _add_c(a: GameId, b: GameId) -> GameId:
    if a == ZERO:
        return b
    if b == ZERO:
        return a
    key = (a, b) if a <= b else (b, a)
    r = _sum.get(key)
    if r is None:
        r = simplify([_add_c(x, b) for x in left(a)] + [_add_c(a, y) for y in left(b)])
        _canon.setdefault(r, r)
        _sum[key] = r
    return r


def is_canonical(g: GameId) -> bool:
    """Is the impartial form ``g`` its own canonical form?"""
    return canonical(g) == g


def mate(g: GameId) -> GameId:
    """The canonical mate: ``mate(0) = *``, ``mate(G) = {mate(G')}``; ``G + mate(G)`` is P.

    The impartial case of Siegel's adjoint (notes D.3). The result is canonical.

    Examples
    --------
    >>> mate(ZERO) == STAR, mate(STAR) == ZERO
    (True, True)
    """
    g = canonical(g)
    r = _mate.get(g)
    if r is None:
        opts = left(g)
        r = STAR if not opts else simplify(mate(x) for x in opts)
        _mate[g] = r
    return r


def is_linked(g: GameId, h: GameId) -> bool:
    """Are ``g`` and ``h`` linked (some T makes both ``g+T`` and ``h+T`` P-positions)?

    For canonical forms: linked iff neither is an option of the other (ONAG Thm 75,
    notes D.3).
    """
    g, h = canonical(g), canonical(h)
    return g not in _opt_set(h) and h not in _opt_set(g)


def link(g: GameId, h: GameId) -> GameId:
    """A canonical T with ``g+T`` and ``h+T`` both P-positions, for linked ``g``, ``h``.

    ``T = {pn(g', h) : g' ∈ g} ∪ {pn(h', g) : h' ∈ h}``, and ``T = *`` when ``g = h = 0``.

    Raises
    ------
    ValueError
        if ``g`` and ``h`` are not linked.
    """
    g, h = canonical(g), canonical(h)
    if not is_linked(g, h):
        raise ValueError(f"#{g} and #{h} are not linked: one is an option of the other")
    key = (g, h) if g <= h else (h, g)
    r = _link.get(key)
    if r is None:
        if g == ZERO and h == ZERO:
            r = STAR
        else:
            r = simplify([pn_discriminator(x, h) for x in left(g)]
                         + [pn_discriminator(y, g) for y in left(h)])
        _link[key] = r
    return r


def pn_discriminator(g: GameId, h: GameId) -> GameId:
    """A canonical T with ``g+T`` a P-position and ``h+T`` an N-position (``g ≠ h``).

    From any discriminator D: use D if ``g+D`` is P, else ``{mate(g') : g' ∈ g} ∪ {D}``
    (notes D.3).
    """
    g, h = canonical(g), canonical(h)
    key = (g, h)
    r = _pn.get(key)
    if r is None:
        d = discriminator(g, h)
        if _sum_is_p(g, d):
            r = d
        else:
            r = simplify([mate(x) for x in left(g)] + [d])
        _pn[key] = r
    return r


def discriminator(g: GameId, h: GameId) -> GameId:
    """A canonical T such that ``g+T`` and ``h+T`` have different misère outcomes.

    For canonical ``g ≠ h``: if one is 0 and the other a P-position, ``T = 0``; otherwise T
    links ``h`` with an option of ``g`` (then ``g+T`` is N and ``h+T`` is P) or links ``g`` with
    an option of ``h`` (notes D.3; ONAG Thm 76).

    Raises
    ------
    ValueError
        if ``g`` and ``h`` are equal.
    VerificationError
        if no construction applies (would contradict ONAG; a bug).
    """
    g, h = canonical(g), canonical(h)
    if g == h:
        raise ValueError(f"#{g} and #{h} are equal modulo impartial games: no discriminator")
    key = (g, h) if g <= h else (h, g)
    r = _disc.get(key)
    if r is not None:
        return r
    if misere_grundy(g) == 0 and h == ZERO or misere_grundy(h) == 0 and g == ZERO:
        r = ZERO
    else:
        for x in left(g):
            if is_linked(x, h):
                r = link(x, h)
                break
        else:
            for y in left(h):
                if is_linked(y, g):
                    r = link(y, g)
                    break
    if r is None:
        raise VerificationError(f"no discriminator construction applies to #{g}, #{h}")
    _disc[key] = r
    return r


def _sum_is_p(a: GameId, b: GameId) -> bool:
    from ..core.outcome import Outcome, sum_outcome

    return sum_outcome((a, b)) == Outcome.P
