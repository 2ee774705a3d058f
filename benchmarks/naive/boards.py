"""Naive reference: misère outcomes of Domineering boards by a memoised search over bitmasks.

A board is an int with one bit per free square (row stride ``width + 1``, so a guard column
keeps horizontal dominoes inside a row). No component splitting, no symmetry: the definition.
"""
from __future__ import annotations

import sys
from functools import lru_cache

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))


def board(rows: list[str]) -> tuple[int, int]:
    """(bitmask, stride) of a board given as rows of '.' (free) and '#'."""
    stride = max((len(r) for r in rows), default=0) + 1
    return sum(1 << (i * stride + j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == "."), stride


@lru_cache(maxsize=None)
def wins(b: int, stride: int, left: bool) -> bool:
    """Does the player to move win board ``b`` in misère play (Left: vertical dominoes)?"""
    step = stride if left else 1
    pairs = b & (b >> step)  # bit i set: squares i and i + step both free
    if not pairs:
        return True  # no move: the player to move wins (misère)
    while pairs:
        low = pairs & -pairs
        if not wins(b ^ low ^ (low << step), stride, not left):
            return True
        pairs ^= low
    return False


def outcome(rows: list[str]) -> str:
    """'L', 'N', 'P' or 'R' for a board (rows of '.' and '#')."""
    b, s = board(rows)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(wins(b, s, True), wins(b, s, False))]


def rectangle(r: int, c: int) -> list[str]:
    return ["." * c] * r


# --- Cram, Clobber, Konane, Toads and Frogs: the same few-line bitmask search ---------------------
# A position is ``(a, b, stride, board)``: Left's stones ``a`` and Right's ``b`` (Cram: ``a`` the
# free squares, ``b = 0``; Toads and Frogs: ``a`` toads, ``b`` frogs on one row), square (r, c) at
# bit ``r * stride + c``, ``board`` every square of the board (Konane and Toads and Frogs move onto
# its empty squares). No splitting, no symmetry: the rules and the definition of misère play.

def _moves(game: str, a: int, b: int, stride: int, board: int, left: bool) -> list[tuple[int, int]]:
    if game == "cram":
        return [(a ^ m ^ (m << s), 0) for s in (1, stride) for i in range(a.bit_length())
                if (m := 1 << i) & a & (a >> s)]
    me, you = (a, b) if left else (b, a)
    out = []
    steps = ((1,) if left else (-1,)) if game == "toads" else (1, -1, stride, -stride)
    for i in range(board.bit_length()):
        if not me >> i & 1:
            continue
        for s in steps:
            j, k, m2, y2 = i + s, i + 2 * s, me, you
            if game == "clobber" and 0 <= j and you >> j & 1:
                out.append((me ^ 1 << i ^ 1 << j, you ^ 1 << j))
            if game == "toads" and 0 <= j and board >> j & 1 and not (a | b) >> j & 1:
                out.append((me ^ 1 << i ^ 1 << j, you))
            while game in ("konane", "toads") and 0 <= k and y2 >> j & 1 and board >> k & 1 \
                    and not (m2 | y2) >> k & 1:  # Konane: jump on, capturing; Toads: jump once
                m2, y2 = m2 ^ 1 << (k - 2 * s) ^ 1 << k, y2 if game == "toads" else y2 ^ 1 << j
                out.append((m2, y2))
                j, k = k + s, k + 2 * s
                if game == "toads" or j < 0:
                    break
    return [(m, y) if left else (y, m) for m, y in out]


@lru_cache(maxsize=None)
def game_wins(game: str, a: int, b: int, stride: int, board: int, left: bool) -> bool:
    """Does the player to move win (misère: a player with no move wins)?"""
    kids = _moves(game, a, b, stride, board, left)
    return not kids or any(not game_wins(game, x, y, stride, board, not left) for x, y in kids)


def game_outcome(game: str, rows: list[str]) -> str:
    """'L', 'N', 'P' or 'R' of a board given as rows ('.' empty, 'x'/'T' Left's, 'o'/'F' Right's)."""
    stride = len(rows[0]) + 1
    cells = {(ch, i * stride + j) for i, r in enumerate(rows) for j, ch in enumerate(r)}
    a = sum(1 << k for ch, k in cells if ch in ("xT" if game != "cram" else "."))
    b = sum(1 << k for ch, k in cells if ch in "oF")
    board = sum(1 << k for _, k in cells)
    w = (game_wins(game, a, b, stride, board, True), game_wins(game, a, b, stride, board, False))
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[w]
