"""Partizan rulesets rebuilt from their rules as nested-frozenset forms, independent of ``misere``.

Each function returns a form ``(frozenset(left options), frozenset(right options))`` of
:mod:`tests.oracle.brute`, built straight from the rules by recursion over whole positions (no
splitting into components, no reductions), so it shares no logic with ``src/misere``. Outcomes
of sums come from :func:`tests.oracle.brute.outcome`.
"""
from __future__ import annotations

from functools import lru_cache

from tests.oracle.brute import ZERO, Form

__all__ = ["kayles_positions", "kayles_strip", "domineering", "hackenbush", "colouring", "nim_heap", "form_of_text"]


def kayles_positions(max_squares: int):
    """Every Partizan Kayles position (strip lengths, decreasing) with at most this many tokens."""
    def parts(n: int, largest: int):
        if n == 0:
            yield []
            return
        for k in range(min(n, largest), 0, -1):
            for rest in parts(n - k, k):
                yield [k] + rest
    for n in range(max_squares + 1):
        yield from parts(n, n)


@lru_cache(maxsize=None)
def kayles_strip(n: int) -> Form:
    """Partizan Kayles strip of ``n`` tokens: Left removes one token, Right two adjacent ones."""

    @lru_cache(maxsize=None)
    def rows(ts: tuple[int, ...]) -> Form:
        ls, rs = set(), set()
        for i, t in enumerate(ts):
            rest = ts[:i] + ts[i + 1:]
            for p in range(t):
                ls.add(rows(tuple(sorted(rest + tuple(x for x in (p, t - 1 - p) if x)))))
            for p in range(t - 1):
                rs.add(rows(tuple(sorted(rest + tuple(x for x in (p, t - 2 - p) if x)))))
        return (frozenset(ls), frozenset(rs))

    return rows((n,) if n else ())


@lru_cache(maxsize=None)
def domineering(cells: frozenset[tuple[int, int]]) -> Form:
    """Domineering on a set of free cells: Left vertical, Right horizontal (whole board)."""
    ls = frozenset(domineering(cells - {(r, c), (r + 1, c)}) for r, c in cells if (r + 1, c) in cells)
    rs = frozenset(domineering(cells - {(r, c), (r, c + 1)}) for r, c in cells if (r, c + 1) in cells)
    return (ls, rs)


@lru_cache(maxsize=None)
def hackenbush(edges: frozenset[tuple[int, int, str, int]]) -> Form:
    """Hackenbush on edges ``(u, v, colour, tag)`` with ground vertex 0 (tag separates
    parallel edges). Edges not connected to the ground vanish after each cut."""

    def grounded(es: frozenset[tuple[int, int, str, int]]) -> frozenset[tuple[int, int, str, int]]:
        reach = {0}
        changed = True
        while changed:
            changed = False
            for u, v, _, _ in es:
                if (u in reach) != (v in reach):
                    reach |= {u, v}
                    changed = True
        return frozenset(e for e in es if e[0] in reach)

    es = grounded(edges)
    ls = frozenset(hackenbush(grounded(es - {e})) for e in es if e[2] in "BG")
    rs = frozenset(hackenbush(grounded(es - {e})) for e in es if e[2] in "RG")
    return (ls, rs)


def string_edges(word: str, start: int = 0) -> frozenset[tuple[int, int, str, int]]:
    """A Hackenbush string from the ground, vertices numbered from ``start``."""
    out, prev = [], 0
    for i, c in enumerate(word):
        v = start + i + 1
        out.append((prev, v, c, v))
        prev = v
    return frozenset(out)


@lru_cache(maxsize=None)
def colouring(vertices: frozenset[int], edges: frozenset[tuple[int, int]],
              blue: frozenset[int], red: frozenset[int], snort: bool) -> Form:
    """Col (``snort=False``) or Snort on a graph with some vertices already coloured."""
    def nbrs(v: int) -> set[int]:
        return {b if a == v else a for a, b in edges if v in (a, b)}

    free = vertices - blue - red
    ls, rs = set(), set()
    for v in free:
        near = nbrs(v)
        left_ok = not (near & (red if snort else blue))
        right_ok = not (near & (blue if snort else red))
        if left_ok:
            ls.add(colouring(vertices, edges, blue | {v}, red, snort))
        if right_ok:
            rs.add(colouring(vertices, edges, blue, red | {v}, snort))
    return (frozenset(ls), frozenset(rs))


@lru_cache(maxsize=None)
def nim_heap(n: int) -> Form:
    """The nim heap ``*n``."""
    opts = frozenset(nim_heap(k) for k in range(n))
    return (opts, opts)


def form_of_text(text: str) -> Form:
    """Explicit-notation reader re-exported for convenience."""
    from tests.oracle.brute import read
    return read(text)


assert kayles_strip(0) == ZERO
