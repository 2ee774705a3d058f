"""An independent brute force for Sprouts, from the rules alone (issue 23): no land splitting,
no dead-spot removal, no simplification; a position is the whole drawing as regions of
boundaries of spots with their degrees. Shares no code with ``src/misere``.

Rules (Conway-Paterson; *Winning Ways* ch. 17): a move draws a curve inside one region between
two spots (or a loop from a spot to itself) and puts a new spot on it; a spot may have at most
3 curve ends. Boundaries are cyclic lists of corners (a spot of degree d appears at d corners
around the drawing, an isolated spot once). A curve between corners on one boundary splits the
region in two, the other boundaries going to either side in every way; a curve between two
boundaries joins them into one.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product


def start(n: int) -> tuple:
    """``n`` isolated spots (degree 0) in one region."""
    return (tuple((i,) for i in range(n)),), tuple([0] * n)


def _after(regions, deg, r, b1, i, b2, j):
    region = regions[r]
    w = len(deg)
    deg = list(deg) + [2]
    u, v = region[b1][i], region[b2][j]
    deg[u] += 1
    deg[v] += 1
    out = []
    if b1 != b2:
        x, y = region[b1], region[b2]
        joined = x[i:] + x[:i] + ((x[i],) if len(x) > 1 else ()) + (w,) + y[j:] + y[:j] + ((y[j],) if len(y) > 1 else ()) + (w,)
        rest = tuple(b for k, b in enumerate(region) if k not in (b1, b2))
        out.append(regions[:r] + ((joined,) + rest,) + regions[r + 1:])
    else:
        b = region[b1]
        if len(b) == 1:
            s1, s2 = (b[0], w), (b[0], w)
        elif i == j:
            s1, s2 = (b[i], w), b[i:] + b[:i] + (b[i], w)
        else:
            lo, hi = min(i, j), max(i, j)
            s1, s2 = b[lo:hi + 1] + (w,), b[hi:] + b[:lo + 1] + (w,)
        rest = [bb for k, bb in enumerate(region) if k != b1]
        for sides in product((0, 1), repeat=len(rest)):
            one = (s1,) + tuple(bb for bb, s in zip(rest, sides) if s == 0)
            two = (s2,) + tuple(bb for bb, s in zip(rest, sides) if s == 1)
            out.append(regions[:r] + (one, two) + regions[r + 1:])
    return [(o, tuple(deg)) for o in out]


def moves(pos):
    """Every position one move leads to."""
    regions, deg = pos
    out = []
    for r, region in enumerate(regions):
        corners = [(bi, k) for bi, b in enumerate(region) for k in range(len(b))]
        for x, (b1, i) in enumerate(corners):
            for b2, j in corners[x:]:
                u, v = region[b1][i], region[b2][j]
                if (b1, i) == (b2, j):
                    if deg[u] > 1:
                        continue
                elif u == v or deg[u] > 2 or deg[v] > 2:
                    continue
                out.extend(_after(regions, deg, r, b1, i, b2, j))
    return out


def key(pos):
    """Spots renamed in order of first appearance after sorting by degrees (a complete
    description of the live part, so equal keys are equal games): dead spots (degree 3) never
    take part in a move, so they are left out, with the boundaries and regions left empty."""
    regions, deg = pos
    regions = [[tuple(v for v in b if deg[v] < 3) for b in region] for region in regions]
    regions = [[b for b in region if b] for region in regions]
    regions = [region for region in regions if region]
    sig = lambda b: min(tuple(deg[v] for v in b[k:] + b[:k]) for k in range(len(b)))
    rs = sorted((sorted(region, key=sig) for region in regions), key=lambda reg: [sig(b) for b in reg])
    names: dict[int, int] = {}
    out = []
    for reg in rs:
        row = []
        for b in reg:
            k = min(range(len(b)), key=lambda k: tuple(deg[v] for v in b[k:] + b[:k]))
            row.append(tuple((names.setdefault(v, len(names)), deg[v]) for v in b[k:] + b[:k]))
        out.append(tuple(row))
    return tuple(out)


_memo: dict = {}


def wins(pos, misere: bool) -> bool:
    """Does the player to move win (normal play: the last mover wins; misère: loses)?"""
    k = (key(pos), misere)
    r = _memo.get(k)
    if r is None:
        opts = moves(pos)
        r = misere if not opts else any(not wins(o, misere) for o in opts)
        _memo[k] = r
    return r


@lru_cache(maxsize=None)
def outcome(n: int, misere: bool) -> str:
    """``"N"`` or ``"P"`` for the ``n``-spot start."""
    return "N" if wins(start(n), misere) else "P"
