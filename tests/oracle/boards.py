"""Naive searches for Cram, Clobber, Konane and Toads and Frogs, independent of ``misere``.

A position is a tuple of whole boards (tuples of row strings; a Toads and Frogs strip is a
one-row board). Moves are generated straight from the rules on whole boards — no splitting,
no symmetry, no canonical pieces — and the outcome is found by exhaustive recursion.
"""
from __future__ import annotations

from functools import lru_cache

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _put(b, changes):
    rows = [list(r) for r in b]
    for (r, c), ch in changes:
        rows[r][c] = ch
    return tuple("".join(r) for r in rows)


def _at(b, r, c):
    return b[r][c] if 0 <= r < len(b) and 0 <= c < len(b[0]) else "#"


def cram(b, left):
    return [_put(b, [((r, c), "#"), ((r + dr, c + dc), "#")]) for r in range(len(b)) for c in range(len(b[0]))
            for dr, dc in ((0, 1), (1, 0)) if b[r][c] == "." and _at(b, r + dr, c + dc) == "."]


def clobber(b, left):
    me, you = ("x", "o") if left else ("o", "x")
    return [_put(b, [((r, c), "."), ((r + dr, c + dc), me)]) for r in range(len(b)) for c in range(len(b[0]))
            for dr, dc in STEPS if b[r][c] == me and _at(b, r + dr, c + dc) == you]


def konane(b, left):
    me, you = ("x", "o") if left else ("o", "x")
    out = []
    for r in range(len(b)):
        for c in range(len(b[0])):
            for dr, dc in STEPS:
                cur, k = b, 1  # k-th jump: over (r + (2k-1)d), onto (r + 2k d)
                while b[r][c] == me and _at(cur, r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) == you \
                        and _at(cur, r + 2 * k * dr, c + 2 * k * dc) == ".":
                    cur = _put(cur, [((r + (2 * k - 2) * dr, c + (2 * k - 2) * dc), "."),
                                     ((r + (2 * k - 1) * dr, c + (2 * k - 1) * dc), "."),
                                     ((r + 2 * k * dr, c + 2 * k * dc), me)])
                    out.append(cur)
                    k += 1
    return out


def toads_frogs(b, left):
    s = b[0]
    me, you, d = ("T", "F", 1) if left else ("F", "T", -1)
    out = []
    for i, ch in enumerate(s):
        for j, over in ((i + d, None), (i + 2 * d, i + d)):
            if ch == me and 0 <= j < len(s) and s[j] == "." and (over is None or s[over] == you):
                t = list(s)
                t[i], t[j] = ".", me
                out.append(("".join(t),))
                break
    return out


@lru_cache(maxsize=None)
def wins(pos, left, rules, misere=True):
    """Does the player to move win the sum of boards ``pos`` (misère unless told)?"""
    moved = False
    for k, b in enumerate(pos):
        for after in rules(b, left):
            moved = True
            if not wins(pos[:k] + (after,) + pos[k + 1:], not left, rules, misere):
                return True
    return misere and not moved


def outcome(pos, rules, misere=True):
    """``'L'``, ``'N'``, ``'P'`` or ``'R'`` of a sum of boards."""
    lw, rw = wins(tuple(pos), True, rules, misere), wins(tuple(pos), False, rules, misere)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lw, rw)]
