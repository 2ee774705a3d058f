"""Generalized simplest forms modulo ℰ: Siegel's augmented forms with tombstones.

A. N. Siegel, *On the general dead-ending universe of partizan games* (arXiv 2312.16259, §5):

* an *augmented form* is a form whose every position may also carry a Left and/or a Right
  *tombstone* (Def 5.1); a position is *Left end-like* when it has a Left tombstone or no
  Left options. In a sum, ``G + H`` has a Left tombstone iff one part has one and the other is
  Left end-like, so ``G + H`` is Left end-like iff both parts are. A player wins moving first
  from an end-like position (misère play: she "has no move");
* comparison modulo a universe U is ``o(G+X) ≥ o(H+X)`` for every X ∈ U, for *any* short
  augmented G, H; it is decided by maintenance and the proviso (Lemmas 5.8–5.10), with
  *Left-strong* meaning: Left wins ``G + X`` moving first for every Left end X ∈ U;
* the reductions: remove a dominated option (Lemma 5.12); bypass an option reversible through
  a non-end (Lemma 5.13, the tombstone of ``G^{L1R1}`` carried over); replace an option
  reversible through a Left end by a tombstone (*atomic* reversibility, Lemma 5.14); erase a
  tombstone whose erasure leaves G strong (Def 5.15, Lemma 5.16);
* a *simplest form* has none of the four (Defs 5.17, 5.19); two simplest forms equal modulo U
  are identical (Thm 5.18), and every short form has one.

Here U = ℰ. Its Left ends are the dead Left ends, and among those of birthday ≤ n the perfect
murder ``M_n`` is hardest for Left (004 Thm 5, absolute by Siegel §2), so Left-strong is tested
with ``X = 0`` and ``X = M_b`` (004 Thm 7) — checked against every dead Left end born by day 3
in the tests. Tombstones are printed ``†`` (our notation).
"""
from __future__ import annotations

from typing import Iterable, Optional

from .. import budget
from ..core import cache
from ..core.notation import format_id
from ..core.ops import conjugate
from ..core.table import GameId, intern, left, right
from ..errors import InvalidArgumentError
from .dead_ending import DeadEndingUniverse, perfect_murder

__all__ = [
    "AugId", "AugmentedForm", "simplest_form", "aug", "aug_left", "aug_right", "tomb_left", "tomb_right", "aug_birthday",
    "from_game", "to_game", "followers", "aug_conjugate", "wins_first", "strong_left", "strong_right",
    "aug_ge", "aug_eq", "simplest", "format_aug", "TOMBSTONE",
]

AugId = int
TOMBSTONE = "†"

_nodes: list[tuple[tuple[AugId, ...], tuple[AugId, ...], bool, bool]] = []
_index: dict[tuple[tuple[AugId, ...], tuple[AugId, ...], bool, bool], AugId] = {}
_births: list[int] = []
_from: dict[GameId, AugId] = {}
_win = cache.table("dead_ending_simplest.win")
_ge = cache.table("dead_ending_simplest.ge")
_strong = cache.table("dead_ending_simplest.strong")
_simp = cache.table("dead_ending_simplest.simplest")
_to = cache.table("dead_ending_simplest.to_game")
_text = cache.table("dead_ending_simplest.text")


@cache.on_clear
def _forget() -> None:
    _from.clear()


def aug(lefts: Iterable[AugId], rights: Iterable[AugId], tl: bool = False, tr: bool = False) -> AugId:
    """The interned augmented form ``{lefts | rights}`` with the given tombstones."""
    key = (tuple(sorted(set(lefts))), tuple(sorted(set(rights))), bool(tl), bool(tr))
    a = _index.get(key)
    if a is None:
        a = _index[key] = len(_nodes)
        _nodes.append(key)
        _births.append(1 + max((_births[x] for x in key[0] + key[1]), default=-1)
                       if key[0] or key[1] else 0)
    return a


def aug_left(a: AugId) -> tuple[AugId, ...]:
    """The ordinary Left options."""
    return _nodes[a][0]


def aug_right(a: AugId) -> tuple[AugId, ...]:
    """The ordinary Right options."""
    return _nodes[a][1]


def tomb_left(a: AugId) -> bool:
    """Does ``a`` carry a Left tombstone?"""
    return _nodes[a][2]


def tomb_right(a: AugId) -> bool:
    """Does ``a`` carry a Right tombstone?"""
    return _nodes[a][3]


def aug_birthday(a: AugId) -> int:
    """The birthday of the underlying form (tombstones do not count)."""
    return _births[a]


def from_game(g: GameId) -> AugId:
    """The tombstone-free augmented form of an ordinary form."""
    a = _from.get(g)
    if a is None:
        a = _from[g] = aug([from_game(x) for x in left(g)], [from_game(x) for x in right(g)])
    return a


def to_game(a: AugId) -> Optional[GameId]:
    """The ordinary form of a tombstone-free ``a``; None if some follower has a tombstone."""
    if a in _to:
        return _to[a]  # type: ignore[no-any-return]
    lo, ro, tl, tr = _nodes[a]
    r: Optional[GameId] = None
    if not (tl or tr):
        kids = [to_game(x) for x in lo], [to_game(x) for x in ro]
        if all(k is not None for k in kids[0] + kids[1]):
            r = intern(kids[0], kids[1])  # type: ignore[arg-type]
    _to[a] = r
    return r


def followers(a: AugId) -> set[AugId]:
    """The distinct positions of ``a`` (``a`` included)."""
    seen: set[AugId] = set()
    stack = [a]
    while stack:
        x = stack.pop()
        if x not in seen:
            seen.add(x)
            stack.extend(_nodes[x][0] + _nodes[x][1])
    return seen


def aug_conjugate(a: AugId) -> AugId:
    """The conjugate: sides and tombstones swapped at every position."""
    lo, ro, tl, tr = _nodes[a]
    return aug([aug_conjugate(x) for x in ro], [aug_conjugate(x) for x in lo], tr, tl)


def wins_first(a: AugId, x: GameId, left_moves: bool) -> bool:
    """Does the mover (Left if ``left_moves``) win ``a + x`` moving first, in misère play?

    ``x`` is an ordinary form; the sum is Left end-like iff both parts are (Siegel Def 5.1),
    and the mover wins from an end-like position.
    """
    key = (a, x, left_moves)
    r = _win.get(key)
    if r is not None:
        return r  # type: ignore[no-any-return]
    budget.check()
    lo, ro, tl, tr = _nodes[a]
    if left_moves:
        mine, tomb, xs = lo, tl, left(x)
    else:
        mine, tomb, xs = ro, tr, right(x)
    if (tomb or not mine) and not xs:
        r = True
    else:
        r = (any(not wins_first(y, x, not left_moves) for y in mine)
             or any(not wins_first(a, y, not left_moves) for y in xs))
    _win[key] = r
    return r


def strong_left(a: AugId) -> bool:
    """Is ``a`` Left-strong modulo ℰ: Left wins ``a + X`` moving first for every dead Left end
    X? Tested with ``X = 0`` and ``X = M_b`` (004 Thm 7; Siegel Def 5.7 with ℰ's ends)."""
    key = (a, True)
    r = _strong.get(key)
    if r is None:
        lo, _, tl, _ = _nodes[a]
        r = (tl or not lo) or (wins_first(a, perfect_murder(0), True)
                               and wins_first(a, perfect_murder(max(1, _births[a])), True))
        _strong[key] = r
    return r  # type: ignore[no-any-return]


def strong_right(a: AugId) -> bool:
    """Is ``a`` Right-strong modulo ℰ (the conjugate of :func:`strong_left`)?"""
    key = (a, False)
    r = _strong.get(key)
    if r is None:
        _, ro, _, tr = _nodes[a]
        r = (tr or not ro) or (wins_first(a, perfect_murder(0), False)
                               and wins_first(a, conjugate(perfect_murder(max(1, _births[a]))), False))
        _strong[key] = r
    return r  # type: ignore[no-any-return]


def _end_like(a: AugId, left_side: bool) -> bool:
    lo, ro, tl, tr = _nodes[a]
    return (tl or not lo) if left_side else (tr or not ro)


def aug_ge(a: AugId, b: AugId) -> bool:
    """``a ≥ b`` modulo ℰ for short augmented forms (Siegel Lemmas 5.8–5.10: proviso and
    maintenance). On tombstone-free dead-ending forms this is 004 Thm 17."""
    if a == b:
        return True
    key = (a, b)
    r = _ge.get(key)
    if r is not None:
        return r  # type: ignore[no-any-return]
    budget.check()
    r = ((not _end_like(b, True) or strong_left(a)) and (not _end_like(a, False) or strong_right(b))
         and all(any(aug_ge(y, x) for y in aug_left(a)) or any(aug_ge(a, z) for z in aug_right(x))
                 for x in aug_left(b))
         and all(any(aug_ge(y, z) for z in aug_right(b)) or any(aug_ge(z, b) for z in aug_left(y))
                 for y in aug_right(a)))
    _ge[key] = r
    return r


def aug_eq(a: AugId, b: AugId) -> bool:
    """``a ≡ b`` modulo ℰ."""
    return a == b or (aug_ge(a, b) and aug_ge(b, a))


def _dominated(opts: list[AugId], left_side: bool) -> Optional[AugId]:
    """An option dominated by another (Lemma 5.12), or None."""
    for x in opts:
        for y in opts:
            if x != y and (aug_ge(y, x) if left_side else aug_ge(x, y)):
                return x
    return None


def _reversal(cur: AugId, left_side: bool) -> Optional[tuple[AugId, AugId]]:
    """An option x of ``cur`` with a reversing follower z: ``(x, z)``, or None (Def 5.11)."""
    for x in (aug_left(cur) if left_side else aug_right(cur)):
        for z in (aug_right(x) if left_side else aug_left(x)):
            if aug_ge(cur, z) if left_side else aug_ge(z, cur):
                return x, z
    return None


def _step(cur: AugId) -> Optional[AugId]:
    """One reduction of Siegel §5 that applies to ``cur`` (options already simplest), or None."""
    lo, ro, tl, tr = _nodes[cur]
    for side in (True, False):
        own = list(lo if side else ro)
        x = _dominated(own, side)
        if x is not None:  # Lemma 5.12
            own.remove(x)
            return aug(own, ro, tl, tr) if side else aug(lo, own, tl, tr)
    for side in (True, False):
        rev = _reversal(cur, side)
        if rev is None:
            continue
        x, z = rev
        own = [y for y in (lo if side else ro) if y != x]
        far = aug_left(z) if side else aug_right(z)
        if far:  # Lemma 5.13: bypass, carrying z's tombstone
            own += far
            return (aug(own, ro, tl or tomb_left(z), tr) if side
                    else aug(lo, own, tl, tr or tomb_right(z)))
        return aug(own, ro, True, tr) if side else aug(lo, own, tl, True)  # Lemma 5.14
    if tl and strong_left(aug(lo, ro, False, tr)):  # Lemma 5.16
        return aug(lo, ro, False, tr)
    if tr and strong_right(aug(lo, ro, tl, False)):
        return aug(lo, ro, tl, False)
    return None


def simplest(a: "AugId | GameId", *, game: bool = True) -> AugId:
    """The simplest form modulo ℰ (Siegel Def 5.19, Thm 5.18) of an ordinary form ``a``
    (``game=True``, a :data:`GameId`) or of an augmented form (``game=False``).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> format_aug(simplest(parse_id("{*,0|1}"))), format_aug(simplest(parse_id("{-1|1}")))
    ('{0,†|1}', '0')
    """
    if not isinstance(a, int) or isinstance(a, bool):
        raise InvalidArgumentError(f"simplest() takes a form id, got {a!r:.40}")
    cur = from_game(a) if game else a
    r = _simp.get(cur)
    if r is not None:
        return r  # type: ignore[no-any-return]
    lo, ro, tl, tr = _nodes[cur]
    nxt: Optional[AugId] = aug([simplest(x, game=False) for x in lo],
                               [simplest(x, game=False) for x in ro], tl, tr)
    out = cur
    while nxt is not None:
        out = nxt
        nxt = _step(out)
    _simp[cur] = _simp[out] = out
    return out


def _texts(opts: tuple[AugId, ...]) -> list[str]:
    return [t for _, t in sorted((_births[x], format_aug(x)) for x in opts)]


def format_aug(a: AugId) -> str:
    """CGSuite-style text; tombstones print as ``†`` among the options, tombstone-free
    followers with their usual names (``0``, ``*``, ``1``, ...)."""
    r = _text.get(a)
    if r is None:
        g = to_game(a)
        if g is not None:
            r = format_id(g)
        else:
            lo, ro, tl, tr = _nodes[a]
            ls = _texts(lo) + ([TOMBSTONE] if tl else [])
            rs = _texts(ro) + ([TOMBSTONE] if tr else [])
            r = "{" + ",".join(ls) + "|" + ",".join(rs) + "}"
        _text[a] = r
    return r  # type: ignore[no-any-return]


class AugmentedForm:
    """An interned augmented form (Siegel Def 5.1) as a value: prints in CGSuite style with
    ``†`` for tombstones; equal objects are identical forms."""

    __slots__ = ("id",)

    def __init__(self, a: AugId) -> None:
        self.id = a

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AugmentedForm) and other.id == self.id

    def __hash__(self) -> int:
        return hash(("aug", self.id))

    def __str__(self) -> str:
        return format_aug(self.id)

    def __repr__(self) -> str:
        return f"AugmentedForm({format_aug(self.id)!r})"

    @property
    def tombstones(self) -> int:
        """Number of tombstones among the distinct positions."""
        return sum(tomb_left(x) + tomb_right(x) for x in followers(self.id))

    @property
    def game(self) -> Optional[GameId]:
        """The ordinary form when no position carries a tombstone, else None."""
        return to_game(self.id)


def simplest_form(g: object) -> AugmentedForm:
    """The simplest form modulo ℰ of a game (a ``Game`` or a form id), as an
    :class:`AugmentedForm` (Siegel Def 5.19; unique by Thm 5.18).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> simplest_form(parse_id("{*,0|1}"))
    AugmentedForm('{0,†|1}')
    """
    return AugmentedForm(simplest(getattr(g, "id", g)))  # type: ignore[arg-type]


def _universe_simplest(self: DeadEndingUniverse, g: object) -> AugmentedForm:
    """Siegel's generalized simplest form (arXiv 2312.16259 Def 5.19, unique by Thm 5.18) of a
    member (a ``Game`` or form id): an augmented form, tombstones printed ``†``. ``reduce``
    keeps 004's reduced form, an ordinary game; both name the same classes (tests)."""
    self.check_member(getattr(g, "id", g), format_id)  # type: ignore[arg-type]
    return simplest_form(g)


DeadEndingUniverse.simplest = _universe_simplest  # type: ignore[attr-defined]
