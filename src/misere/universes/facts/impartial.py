"""Checks of the facts about impartial misère play (002 §6, §11).

Each function recomputes one fact of ``facts.toml`` (its ``check`` names it) and returns a
:class:`FactResult`."""
from __future__ import annotations


from ...core.ops import (
    add,
)
from ...core.table import ZERO, GameId, intern
from ...core.ops import nimber
from ...impartial import count_born_by, genus
from .registry import FactResult, check

from ._common import _ok


# --- impartial misère play (002 §6, §11) ------------------------------------------------------
# (appended by the impartial/alternating work: see misere.impartial and universes/alternating.py)

_HEAPS_0123: dict[int, GameId] = {}


def _heap_0123(n: int) -> GameId:
    """A heap of the octal game 0.123 as an impartial form (002 §11.3)."""
    if n not in _HEAPS_0123:
        opts = ([ZERO] if n == 1 else []) + ([_heap_0123(n - 2)] if n > 2 else []) + (
            [_heap_0123(n - 3)] if n >= 3 else [])
        _HEAPS_0123[n] = intern(opts, opts)
    return _HEAPS_0123[n]


@check("impartial_counts")
def _impartial_counts() -> FactResult:
    import time


    counts = [count_born_by(d) for d in range(5)]
    start = time.perf_counter()
    n5 = count_born_by(5)
    took = time.perf_counter() - start
    return _ok(counts == [1, 2, 3, 5, 22] and n5 > 4_000_000,
               f"days 0-5: {', '.join(map(str, counts))}, {n5} (day 5 counted in {took:.2f} s)")


@check("genus_0123")
def _genus_0123() -> FactResult:

    want = "1^{031} 0^{120} 2^{20} 2^{20} 1^{031} 0^{02} 0^{120} 2^{1420} 1^{20} 1^{031}".split()
    got = [str(genus(_heap_0123(n))) for n in range(1, 16)]
    ps = [n for n in range(1, 16) if genus(_heap_0123(n)).minus == 0]
    return _ok(got[:10] == want and got[10:] == want[5:] and ps == [1, 5, 6, 10, 11, 15],
               f"heaps 1-15: {' '.join(got)}; P at {ps}")


@check("genus_h8h5")
def _genus_h8h5() -> FactResult:

    h = _heap_0123
    got = [str(genus(add(h(8), h(5)))), str(genus(add(h(8), h(3)))), str(genus(add(h(9), h(9))))]
    return _ok(got == ["3^{0531}", "0^{420}", "0^{02}"], ", ".join(got))


@check("genus_nim")
def _genus_nim() -> FactResult:

    got = [genus(nimber(n)) for n in range(6)]
    return _ok([str(x) for x in got] == ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "4^{46}",
                                         "5^{57}"] and all(x.is_tame for x in got),
               " ".join(str(x) for x in got))
