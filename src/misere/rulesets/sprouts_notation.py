"""Sprouts moves as players write them, on a drawing whose spots keep their numbers.

The notation is the World Game of Sprouts Association's (WGOSA, *Sprouts Notation*,
http://wgosa.org/notation.htm): the spots are numbered 1 to n at the start and each new spot
takes the next number; a move ``f(g)h`` is a curve from spot ``f`` to spot ``h`` on which the new
spot ``g`` is drawn (``4(17)6``). An *enclosing* move (a curve between two spots of one boundary,
which splits the region in two) is followed by ``[L]``, the spots it separates from the others,
with dashes for runs of consecutive numbers (``[5,7,10-12]``); when it separates none, nothing is
added. When the curve could be drawn in either of two regions, ``f(g@i)h`` is the move whose new
spot can reach the live spot ``i``, and plain ``f(g)h`` the one for which no such spot exists.

Here a :class:`Drawing` is a position whose spots have their numbers: the regions of the GLOP
land representation (:mod:`misere.rulesets.sprouts`; Applegate, Jacobson and Sleator 1991) with
spot numbers as vertex ids, cleaned as GLOP cleans (dead spots dropped, regions where no move is
possible dropped). Moves are made by :func:`misere.rulesets.sprouts.play_move`, the function the
search itself uses, and positions are keyed by
:func:`~misere.rulesets.sprouts_canon.canonical_land`, as the solver keys them, so a winning
move found on canonical lands is mapped back to the spots of the drawing exactly
(:func:`find_move`: the named move whose position has the solver's key). Choices made here:

* ``[L]`` lists the live spots that end on one side only (dead spots play no further part), the
  side with fewer of them (on a tie, the side holding the least number); either side is read;
* every move written is read back (:func:`read_move`) to the same position: the ``@i`` is added
  when the plain form names another region, and a move is ``exact`` when its text names no other
  position. WGOSA's ``!`` (which corner of a spot touching a region twice, "clockwise
  expectations") is not written: the dead spots it refers to are not kept, so a move whose
  text cannot be made exact without it is marked ``exact=False`` (:func:`find_move` prefers
  exact moves).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from misere.errors import RulesetError
from misere.rulesets.sprouts import (Land, _decode, _encode, _lands, _region_moves, _split_boundary,
                                     parse_position, play_move, spots)
from misere.rulesets.sprouts_canon import canonical_land

__all__ = ["Drawing", "NamedMove", "start", "from_lands", "drawing_of", "named_moves", "read_move",
           "find_move", "spot_list"]

Regions = tuple[tuple[tuple[int, ...], ...], ...]

_MOVE = re.compile(r"(\d+)\((\d+)(?:@(\d+))?\)(\d+)(?:\[([\d,\s-]*)\])?")


@dataclass(frozen=True)
class Drawing:
    """A Sprouts position with numbered spots: ``regions`` of boundaries of live spot numbers
    (GLOP-cleaned) and the ``lives`` of spots 1, 2, ... (0: dead)."""

    regions: Regions
    lives: tuple[int, ...]

    @property
    def next_spot(self) -> int:
        """The number the next new spot takes."""
        return len(self.lives) + 1

    def _lives(self) -> dict[int, int]:
        return dict(enumerate(self.lives, 1))

    def lands(self) -> list[Land]:
        """The lands as the solver keys them (canonical, simplified)."""
        lv = self._lives()
        return [canonical_land([list(map(list, r)) for r in g], lv) for g in _lands(self.regions)]

    def key(self) -> tuple[Land, ...]:
        """The position's key: its canonical lands, sorted (equal keys: the same game)."""
        return tuple(sorted(self.lands(), key=repr))

    def components(self) -> list[Land]:
        """The lands as :func:`~misere.rulesets.sprouts.parse_position` writes them."""
        lv = self._lives()
        return [_encode([list(map(list, r)) for r in g], lv) for g in _lands(self.regions)]

    def text(self) -> str:
        """The live spots of each boundary in order: ``,`` between spots, ``;`` between
        boundaries, `` / `` between regions (Hoey's position notation, sprouts-theory 2000,
        without the dead spots); ``-`` when no move is left."""
        return " / ".join(";".join(",".join(map(str, b)) for b in r) for r in self.regions) or "-"

    def groups(self) -> list[list[tuple[tuple[int, ...], ...]]]:
        """The regions of each land, lands in the order of :meth:`components`."""
        return _lands(list(self.regions))

    def land_of(self, region: int) -> tuple[int, int]:
        """``(land, region within it)`` of a region, in the order of :meth:`groups`."""
        for li, g in enumerate(self.groups()):
            for k, r in enumerate(g):
                if r is self.regions[region]:
                    return li, k
        raise ValueError(region)


def start(n: int) -> Drawing:
    """The ``n``-spot start, spots numbered 1 to ``n``."""
    return from_lands([spots(n)] if n else [])


def from_lands(lands: list[Land]) -> Drawing:
    """A drawing of lands (any keys), spots numbered 1, 2, ... in the order they are written."""
    regions: list[tuple[tuple[int, ...], ...]] = []
    lives: list[int] = []
    for land in lands:
        rs, lv = _decode(land)
        base = len(lives)
        lives += [lv[k] for k in range(len(lv))]
        regions += [tuple(tuple(base + v + 1 for v in b) for b in r) for r in rs]
    return Drawing(tuple(regions), tuple(lives))


def drawing_of(text: str) -> Drawing:
    """The drawing of a position: ``N: MOVES`` (the ``N``-spot start after the moves, in the
    notation, separated by ``;`` or spaces), or any text :func:`parse_position` reads (spots
    numbered in the order written)."""
    m = re.fullmatch(r"\s*(\d+)\s*:(.*)", text, re.S)
    if not m:
        return from_lands(parse_position(text))
    parse_position(m.group(1))   # the size checks of every position
    d, body, at = start(int(m.group(1))), m.group(2), 0
    while True:
        at = re.compile(r"[\s;]*").match(body, at).end()
        if at == len(body):
            return d
        mv = _MOVE.match(body, at)
        if mv is None:
            raise RulesetError(f"cannot read the Sprouts move at {body[at:at + 20]!r}: write moves like "
                               "'1(6)2', '1(6)1[2,3]' or '3(7@4)5', separated by ';'")
        d = read_move(d, mv.group(0))[1]
        at = mv.end()


@dataclass(frozen=True)
class NamedMove:
    """A move on a :class:`Drawing`: from spot ``f`` to ``h`` with the new spot ``g``, the live
    spots ``enclosed`` on one side, ``at`` the spot of WGOSA's ``@`` (``None``: none), where it
    is drawn (``region``, and the ``(boundary, index)`` of each end), and whether its text names
    this position alone (``exact``)."""

    f: int
    g: int
    h: int
    enclosed: tuple[int, ...]
    at: int | None
    region: int
    corners: tuple[tuple[int, int], tuple[int, int]]
    exact: bool = True
    corner: str | None = None

    @property
    def text(self) -> str:
        """The move in WGOSA notation, e.g. ``1(6)1[2,3]`` or ``4(9@2)5``."""
        at = "" if self.at is None else f"@{self.at}"
        return f"{self.f}({self.g}{at}){self.h}" + (f"[{spot_list(self.enclosed)}]" if self.enclosed else "")


def spot_list(numbers: tuple[int, ...] | list[int]) -> str:
    """``5,7,10-12``: runs of three or more consecutive numbers with a dash (WGOSA)."""
    out: list[str] = []
    ns = sorted(numbers)
    k = 0
    while k < len(ns):
        e = k
        while e + 1 < len(ns) and ns[e + 1] == ns[e] + 1:
            e += 1
        out += [f"{ns[k]}-{ns[e]}"] if e - k >= 2 else [str(x) for x in ns[k:e + 1]]
        k = e + 1
    return ",".join(out)


def _after(d: Drawing, ri: int, move: tuple, rest: list) -> Drawing:
    regions, lv = play_move([list(map(list, r)) for r in d.regions], d._lives(), ri, move, rest, d.next_spot)
    return Drawing(tuple(tuple(tuple(b) for b in r) for r in regions), tuple(lv[s] for s in range(1, d.next_spot + 1)))


def _sides(region: tuple, move: tuple) -> tuple[set[int], set[int]]:
    """The live spots only on the first side and only on the second of a split (empty sets for
    a join, which separates nothing)."""
    b1, i, b2, j, sides = move
    if sides is None:
        return set(), set()
    one, two = _split_boundary(list(region[b1]), i, j, 0)
    rest = [b for k, b in enumerate(region) if k != b1]
    s0 = set(one).union(*[b for b, s in zip(rest, sides) if s == 0])
    s1 = set(two).union(*[b for b, s in zip(rest, sides) if s == 1])
    return s0 - s1 - {0}, s1 - s0 - {0}


def _enclosed(region: tuple, move: tuple) -> tuple[int, ...]:
    """``L``: the side with fewer spots separated, on a tie the side holding the least number."""
    return tuple(sorted(min(_sides(region, move), key=lambda s: (len(s), min(s, default=0)))))


def _candidates(d: Drawing, f: int, h: int, enclosed: set[int]) -> Iterator[tuple[int, tuple, list]]:
    """Every ``(region, move, rest)`` from ``f`` to ``h`` that separates exactly ``enclosed``
    on one side (every distribution of the other boundaries, not only one of each kind)."""
    lv = d._lives()
    for ri, region in enumerate(d.regions):
        ends = [[(bi, k) for bi, b in enumerate(region) for k, v in enumerate(b) if v == s] for s in (f, h)]
        for (b1, i) in ends[0]:
            for (b2, j) in ends[1]:
                if (b1, i) == (b2, j) and lv[f] < 2 or f == h and (b1, i) != (b2, j):
                    continue
                if b1 != b2:
                    if not enclosed:
                        yield ri, (b1, i, b2, j, None), [list(b) for k, b in enumerate(region) if k not in (b1, b2)]
                    continue
                rest = [list(b) for k, b in enumerate(region) if k != b1]
                for side in (0, 1):
                    sides = tuple(side if set(b) & enclosed else 1 - side for b in rest)
                    move = (b1, i, b2, j, sides)
                    if _sides(region, move)[side] == enclosed:
                        yield ri, move, rest


def _resolve(d: Drawing, f: int, h: int, enclosed: set[int], at: int | None) -> list[tuple[int, tuple, Drawing]]:
    """The moves a text names: the candidates in the region holding ``at``; without ``at``,
    where the curve fits in several regions, those in a region none of whose spots is missing
    from the other regions (WGOSA: the plain text is the move for which no ``@i`` exists)."""
    cands = [c for c in _candidates(d, f, h, enclosed) if at is None or at in _spots(d.regions[c[0]])]
    regions = {c[0] for c in cands}
    if at is None and len(regions) > 1:
        plain = {ri for ri in regions
                 if _spots(d.regions[ri]) <= set().union(*[_spots(d.regions[o]) for o in regions - {ri}])}
        cands = [c for c in cands if c[0] in plain] or cands
    return [(ri, move, _after(d, ri, move, rest)) for ri, move, rest in cands]


def _spots(region: tuple) -> set[int]:
    return {v for b in region for v in b}


def read_move(d: Drawing, text: str) -> tuple[NamedMove, Drawing]:
    """The move ``text`` (WGOSA notation) on ``d`` and the drawing it leaves. Raises
    :class:`RulesetError` (one line) when it is no move here, or names moves leaving different
    positions."""
    m = _MOVE.fullmatch(re.sub(r"\s+", "", text))
    if m is None:
        raise RulesetError(f"cannot read Sprouts move {text!r}: write e.g. '1(6)2', '1(6)1[2,3]' or '3(7@4)5'")
    f, g, at, h = int(m.group(1)), int(m.group(2)), m.group(3), int(m.group(4))
    enclosed: set[int] = set()
    for part in filter(None, (m.group(5) or "").split(",")):
        lo, _, hi = part.partition("-")
        if not lo or (_ and not hi):
            raise RulesetError(f"cannot read the spots [{m.group(5)}] of {text!r}: write e.g. [2,5-7]")
        enclosed.update(range(int(lo), int(hi or lo) + 1))
    if g != d.next_spot:
        raise RulesetError(f"{text!r}: the new spot here is {d.next_spot}, not {g}")
    for s in (f, h, *enclosed, *([int(at)] if at else [])):
        if not 1 <= s < d.next_spot or d.lives[s - 1] == 0:
            raise RulesetError(f"{text!r}: spot {s} is not a live spot here")
    found = _resolve(d, f, h, enclosed, int(at) if at else None)
    if not found:
        raise RulesetError(f"{text!r} is not a move here (no curve from {f} to {h} separates exactly those spots)")
    if len({x.key() for _, _, x in found}) > 1:
        raise RulesetError(f"{text!r} names moves that leave different positions here: add @i (a live spot "
                           "the new spot can reach) or the spots enclosed")
    ri, move, after = found[0]
    return _named(d, ri, move, int(at) if at else None, True), after


def _named(d: Drawing, ri: int, move: tuple, at: int | None, exact: bool) -> NamedMove:
    region = d.regions[ri]
    f, h = region[move[0]][move[1]], region[move[2]][move[3]]
    corners = ((move[0], move[1]), (move[2], move[3]))
    if f > h:
        f, h, corners = h, f, corners[::-1]
    words = None
    if not exact:   # the corner the text leaves open, by the live spots either side of it
        words = "; ".join(f"from the corner of {region[b][k]} between {region[b][k - 1]} and "
                          f"{region[b][(k + 1) % len(region[b])]}" for b, k in corners
                          if sum(v == region[b][k] for bb in region for v in bb) > 1)
    return NamedMove(f, d.next_spot, h, _enclosed(region, move), at, ri, corners, exact, words or None)


def _write(d: Drawing, ri: int, move: tuple, key: tuple) -> NamedMove:
    """The named move, with ``@i`` when the plain text names another position; ``exact`` when
    its text is read back to ``key`` alone."""
    plain = _named(d, ri, move, None, True)
    for at in [None] + sorted(_spots(d.regions[ri]) - {plain.f, plain.h}):
        found = _resolve(d, plain.f, plain.h, set(plain.enclosed), at)
        if found and {x.key() for _, _, x in found} == {key}:
            return _named(d, ri, move, at, True)
    return _named(d, ri, move, None, False)


def named_moves(d: Drawing) -> Iterator[tuple[NamedMove, Drawing]]:
    """One named move for each position a move can leave (the first found), with the drawing
    it leaves; the text of each is exact where it can be."""
    seen: dict[tuple, int] = {}
    for ri, region in enumerate(d.regions):
        for move, rest in _region_moves([list(b) for b in region], d._lives()):
            after = _after(d, ri, move, rest)
            key = after.key()
            if key not in seen:
                seen[key] = 1
                yield _write(d, ri, move, key), after


def find_move(d: Drawing, key: tuple[Land, ...] | Any) -> tuple[NamedMove, Drawing] | None:
    """The named move leaving the position whose key is ``key`` (sorted canonical lands), an
    exact one when there is one; ``None`` when no move leaves it."""
    fallback = None
    for ri, region in enumerate(d.regions):
        for move, rest in _region_moves([list(b) for b in region], d._lives()):
            after = _after(d, ri, move, rest)
            if after.key() == key:
                nm = _write(d, ri, move, key)
                if nm.exact:
                    return nm, after
                fallback = fallback or (nm, after)
    return fallback
