"""Claims read late: two counts, a longer period, and the exact part of the candidate found by
trying smaller exponents.

:class:`~.discover.Watcher` reads a claim as soon as an exponent of the least failure has grown,
with the periods :data:`~.discover.PERIODS` and the powers of the first count taken as exact up
to one below the failure's exponent. Some heaps need more than that. At heap 18 of 0.264 the
least failures grow as ``18^a 13^b`` with ``a`` and ``b`` both unbounded (``18^28 13^33`` at
round 90), and the outcomes of ``18^a 13^b + v`` have period 4 in ``a`` and 6 in ``b - a`` (so 12
for the coarse state), with a boundary along ``b = a``. The candidate of a round is exact only
some powers below its failure (the P-positions along ``b = a + 4`` stop at ``a = 23`` in round
89, whose failure holds ``18^27``). And the data must reach past the largest window plus a
whole period below the diagonal before every coarse state has an entry. :class:`DeepWatcher`
settles it at round 94 (68,208 elements, far above the census's work budget), reading the powers
of 18 as exact to 27 (three claims checked, 32 s of CPU in all).

:class:`DeepWatcher` reads such claims. Whenever the largest exponent of the least failure has
grown by ``every`` since its last try, it takes each pair of the three most repeated heaps whose
first is one of the two most repeated; the second is counted together with the heaps that take
its place in the failures (:func:`~.discover.interchangeable`: 0.034 at heap 19 counts ``19^a``
beside ``9^b``, then ``12^b``). For each pair it tries each period of ``periods`` and each exact
exponent from one below the failure's down to half of it. A claim whose powers are not told
apart is dropped unchecked. Each remaining claim goes through :func:`~.proof.prove`, the check
from the rules and then the separation lemma, so a wrong guess costs time, never correctness.
Costly (seconds a round), hence not the engine's default: it is meant for one code at a time,
under a large bound (``python reproductions/infinite_quotients_found_by_the_engine.py
0.264:18 --deep``), over one heap or a range of them, after the engine's own claims or alone.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from misere.quotients.infinite.discover import HISTORY, Watcher, interchangeable, told_apart

__all__ = ["DeepWatcher", "DEEP_PERIODS"]

#: periods of the coarse state tried late (0.264 at heap 18 needs 12)
DEEP_PERIODS = (2, 4, 6, 12)


class DeepWatcher(Watcher):
    """The solver's ``on_failure`` hook that reads late claims at ``heap`` (module docstring).

    Parameters
    ----------
    code : str
    heap : int
        The heap whose rounds are read (the rounds of smaller heaps are left alone).
    through : int, optional
        Read the rounds of every heap from ``heap`` to ``through`` (default: ``heap`` only), each
        afresh: for a code whose stuck heap a larger bound may pass.
    engine : bool
        Also read the engine's own claims (:class:`~.discover.Watcher`, three counts and nested
        sums among them) at every heap, before the late ones.
    every : int
        Growth of the largest exponent between two tries.
    start : int
        Least exponent before the first try.
    periods : sequence of int
    b_max, max_window : int
        :func:`~misere.quotients.impartial.counters_data.build_certificate`'s bounds.
    tick : callable, optional
        Receives a line per round and per claim checked.
    """

    def __init__(self, code: str, heap: int, every: int = 3, start: int = 6,
                 periods: Sequence[int] = DEEP_PERIODS, b_max: int = 60, max_window: int = 8,
                 tick: Callable[[str], None] | None = None, through: int | None = None,
                 engine: bool = False) -> None:
        super().__init__(code, tick=tick)
        self.target, self.through = heap, heap if through is None else through
        self.every, self.start, self.engine = every, start, engine
        self.reading = 0  # the heap whose late claims are read
        self.periods, self.b_max, self.max_window = tuple(periods), b_max, max_window
        self.last = 0  # the largest exponent at the last try
        self.checked: set[tuple] = set()

    def __call__(self, cand: Any, failure: tuple[int, ...]) -> None:
        if self.engine:  # the engine's own claims first; it keeps the failures of the heap
            super().__call__(cand, failure)
        if not self.target <= cand.heap <= self.through:
            return
        if cand.heap != self.reading:  # a new heap: its own failures, from its first round
            self.reading, self.last, self.checked = cand.heap, 0, set()
            if not self.engine:
                self.heap, self.history = cand.heap, []
        mult = Counter(failure)
        top = sorted(mult.items(), key=lambda t: (-t[1], -t[0]))
        if self.tick is not None:
            word = " ".join(f"{h}^{e}" for h, e in sorted(mult.items(), reverse=True))
            self.tick(f"heap {cand.heap}: round {cand.round}: {len(cand.is_p)} elements, failure {word}")
        if not self.engine:
            self.history = (self.history + [mult])[-HISTORY:]
        exponent = top[0][1]
        if exponent < max(self.start, self.last + self.every):
            return
        self.last = exponent
        same = interchangeable(self.history)  # 0.034 at heap 19: 19^a beside 9^b, then 12^b
        heaps = [h for h, _ in top[:3]]
        for c1 in heaps[:2]:
            for c2 in heaps:
                if c2 == c1 or c1 in same.get(c2, ()):
                    continue
                group = tuple(sorted(same.get(c2, (c2,))))
                for exact_a in range(mult[c1] - 1, max(mult[c1] // 2, 2), -1):
                    for period in self.periods:
                        self.settle(lambda: self._claim(cand, (c1, c2), group, exact_a, period))

    def _claim(self, cand: Any, counters: tuple[int, int], group: tuple[int, ...],
               exact_a: int, period: int) -> Any:
        """Read one claim (the second count counts the sizes of ``group``) and prove it, or
        ``None`` when none fits or it was checked before."""
        from misere.quotients.impartial.counters_data import build_certificate

        key = (*counters, group, exact_a, period)
        if key in self.checked:
            return None
        groups = ((counters[0],), group) if len(group) > 1 else None
        cert = build_certificate(self.code, cand, counters, exact_a=exact_a, period=period,
                                 max_window=self.max_window, b_max=self.b_max, groups=groups)
        if not told_apart(cert):
            return None
        self.checked.add(key)
        self.tried += 1
        how = (f"counting {counters[0]} and {'+'.join(map(str, group))}, period {period}, "
               f"the powers of {counters[0]} exact to {exact_a}")
        return self.check(cand, cert, how, f"{counters} {group} period {period} exact to {exact_a}")
