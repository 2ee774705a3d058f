"""Canonical forms of the heaps of a heap game, and when two heap games are the same game.

Conway's canonical-form theorem for impartial misère games (ONAG ch. 12, Thms 75-76; seed 002
§6.2): two impartial forms are equal modulo impartial games (``o⁻(G + X) = o⁻(H + X)`` for every
impartial ``X``) exactly when their simplified forms are identical. Heap ``n``'s canonical form
is ``simplify{canonical(option)}``, and an option is a sum of smaller heaps, whose canonical
form is built from the canonical forms of its parts (equality is a congruence for ``+``:
:func:`~misere.impartial.canonical.add_canonical`).

Consequence used by the census: when heaps ``1..n`` of two codes have identical canonical forms,
every position with heaps of at most ``n`` tokens of one code equals the same position of the
other, so the two closed sets hold the same games and the partial quotients ``Q_1 .. Q_n``
(seed 002 §9) are identical, heap map included. Whatever is proved of ``Q_n`` for one code
(finite with its presentation, infinite) holds for the other: :func:`same_game_to`.

Forms grow with the heaps of wild games, so :func:`heap_forms` stops at the first heap whose
form has more than ``max_size`` distinct followers (a bound on the form, not on time: the heap
it reaches is the same on every machine).
"""
from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterator

from misere.core import cache
from misere.core.table import ZERO, GameId, left
from misere.impartial.canonical import add_canonical, canonical, impartial
from misere.impartial.heap import HeapGame

__all__ = ["heap_forms", "iter_heap_forms", "same_game_to", "agreement", "form_size",
           "form_digest", "MAX_SIZE"]

#: largest number of distinct followers (the form itself included) of a heap form computed
MAX_SIZE = 2000

_sizes = cache.table("impartial.heap_forms.sizes")
_digests = cache.table("impartial.heap_forms.digests")


def form_size(g: GameId, cap: int = MAX_SIZE) -> int:
    """The number of distinct followers of the form ``g`` (``g`` included), or ``cap + 1`` when
    there are more than ``cap`` (a walk that stops there; only the answer is kept).

    >>> from misere.core.ops import nimber
    >>> form_size(ZERO), form_size(nimber(3))
    (1, 4)
    """
    key = (g, cap)
    size = _sizes.get(key)
    if size is None:
        seen, stack = {g}, [g]
        while stack and len(seen) <= cap:
            for y in left(stack.pop()):
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        size = _sizes[key] = min(len(seen), cap + 1)
    return size


def iter_heap_forms(game: HeapGame, max_size: int = MAX_SIZE) -> Iterator[GameId]:
    """Canonical forms of heaps ``1, 2, ...`` of ``game``, one at a time, ending before the first
    heap whose form has more than ``max_size`` followers (or after the last heap of a game with
    a largest heap).

    Heap ``n``'s form is ``simplify{canonical(option)}``; an option is a sum of smaller heaps,
    whose form is the canonical sum of their forms (Conway, ONAG ch. 12).
    """
    forms: list[GameId] = [ZERO]
    n = 0
    while game.max_heap is None or n < game.max_heap:
        n += 1
        opts = set()
        for option in game.options(n):
            f = ZERO
            for h in option:
                f = add_canonical(f, forms[h])
            opts.add(f)
        form = canonical(impartial(sorted(opts)))
        if form_size(form, max_size) > max_size:
            return
        forms.append(form)
        yield form


def heap_forms(game: HeapGame, up_to: int, max_size: int = MAX_SIZE) -> list[GameId]:
    """Canonical forms of heaps ``0, 1, ..., m`` of ``game``: ``m = up_to``, or the last heap
    before the first whose form has more than ``max_size`` followers.

    >>> from misere.impartial.octal import octal_game
    >>> from misere.core.ops import nimber
    >>> f = heap_forms(octal_game("0.3"), 3)     # 0.3 is Nim restricted to taking one: *(n mod 2)
    >>> f == [ZERO, nimber(1), ZERO, nimber(1)]
    True
    """
    return [ZERO, *itertools.islice(iter_heap_forms(game, max_size), up_to)]


def form_digest(g: GameId) -> str:
    """A name of the canonical form ``g`` that does not depend on the process: a hash of the
    names of its options, sorted (so of the whole form, follower by follower).

    Two identical canonical forms have the same digest; by Conway's theorem (module docstring)
    two canonical forms are the same game exactly when they are identical, so the digest names
    the game. Different games sharing a digest would take a collision of SHA-256 (cut to 64
    bits); a caller that needs certainty compares the forms themselves once the digests agree.

    >>> from misere.core.ops import nimber
    >>> form_digest(ZERO) != form_digest(nimber(1)), form_digest(nimber(2)) == form_digest(nimber(2))
    (True, True)
    """
    def make(x: GameId) -> str:
        names = sorted(_digests[y] for y in set(left(x)))
        return hashlib.sha256(("{" + ",".join(names) + "}").encode()).hexdigest()[:16]

    return cache.bottom_up(g, left, _digests, make)


def same_game_to(a: HeapGame, b: HeapGame, up_to: int, max_size: int = MAX_SIZE) -> int:
    """The largest ``m <= up_to`` such that heaps ``1..m`` of ``a`` and ``b`` are equal games
    (identical canonical forms; 0 when heap 1 differs or is too large to compare).

    By Conway's theorem (module docstring) ``Q_k`` of ``a`` and ``b`` are then identical for
    every ``k <= m``.

    >>> from misere.impartial.octal import octal_game
    >>> same_game_to(octal_game("0.446"), octal_game("0.4672"), 40)
    40
    >>> same_game_to(octal_game("0.07"), octal_game("0.137"), 40)
    0
    """
    return agreement(heap_forms(a, up_to, max_size), heap_forms(b, up_to, max_size))


def agreement(fa: list[GameId], fb: list[GameId]) -> int:
    """The largest ``m`` with ``fa[1..m] == fb[1..m]``: heaps ``1..m`` the same games (two lists
    of :func:`heap_forms`)."""
    m = 0
    while m + 1 < min(len(fa), len(fb)) and fa[m + 1] == fb[m + 1]:
        m += 1
    return m
