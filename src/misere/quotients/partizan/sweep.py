"""Sweeps of partizan quotients over families of closures, with how each was established.

Every closure of a family gets one row: ``exact`` (finite certificate or rank-one proof,
:mod:`~misere.quotients.partizan.certify`, :mod:`~misere.quotients.partizan.rank1`),
``proved`` (semilinear certificate for all words, :mod:`~misere.quotients.partizan.semilinear`:
outcomes and relations proved, distinctness of elements shown up to the classification bound),
``bounded`` (presentation checked on all sums up to a stated size, with the step of each proof
that failed) or ``refused`` (no consistent presentation: the error). Siegel 003 §8; issue 25.

Families (``G`` ranges over game forms):

* ``day1``: ``cl(G)`` for the 4 games born by day 1 and ``cl(G, H)`` for the 6 pairs;
* ``day2``: ``cl(G)`` for the 256 games born by day 2;
* ``gh``: ``cl({G|H})`` where each side is empty or one of the 37 day-2 forms with at most two
  options in all (``SMALL``): 38² = 1 444 closures;
* ``unions``: ``cl(G, H)`` for the 300 pairs of the 25 day-2 forms with at most one option per
  side.

The records of a sweep can be kept in a store (:mod:`~misere.quotients.partizan.sweep_store`):
written closure by closure, resumed after an interruption, and the tables regenerated from
them (:func:`summary_markdown`) without recomputing.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from misere import budget
from misere.core.notation import format_id
from misere.core.table import left, right
from misere.errors import BudgetExceededError, UnsupportedError
from misere.quotients.partizan.build import partizan_quotient
from misere.universes import find_universe

__all__ = ["FAMILIES", "family", "SweepRow", "Sweep", "sweep", "closure_row", "closure_size", "summary_markdown"]

FAMILIES = ("day1", "day2", "gh", "unions")


def _born_by(day: int) -> list[int]:
    """The game forms born by ``day`` in the order of their strings: ``born_by`` lists them in
    the order a process created them, which differs between processes, and a family's order
    (the index of a stored row) and its pairs ``(G, H)`` must not."""
    return sorted(find_universe("general").born_by(day), key=format_id)


def _small(most_options: int, per_side: bool) -> list[int]:
    out = []
    for g in _born_by(2):
        nl, nr = len(left(g)), len(right(g))
        if (max(nl, nr) if per_side else nl + nr) <= most_options:
            out.append(g)
    return out




def family(name: str) -> list[tuple[str, ...]]:
    """The generating sets of a family (module docstring), as tuples of game strings."""
    if name == "day1":
        d1 = [format_id(g) for g in _born_by(1)]
        return [(g,) for g in d1] + [(g, h) for i, g in enumerate(d1) for h in d1[i + 1:]]
    if name == "day2":
        return [(format_id(g),) for g in _born_by(2)]
    if name == "gh":
        sides = [""] + [format_id(g) for g in _small(2, False)]
        return [("{" + g + "|" + h + "}",) for g in sides for h in sides]
    if name == "unions":
        one = [format_id(g) for g in _small(1, True)]
        return [(g, h) for i, g in enumerate(one) for h in one[i + 1:]]
    raise UnsupportedError(f"unknown family {name!r}: choose one of {', '.join(FAMILIES)}")


@dataclass
class SweepRow:
    """One closure: its generating set, status, structure and the reason it is not exact."""

    games: tuple[str, ...]
    status: str  #: "exact", "proved", "bounded" or "refused"
    structure: str
    order: int | None
    detail: str  #: the strategy string, or the error
    presentation: str = ""  #: the quotient's presentation (empty when refused)
    seconds: float | None = None  #: wall time of the closure (information, not a result)

    def key(self) -> tuple[object, ...]:
        """What a sweep established for the closure (everything but the time)."""
        return (self.games, self.status, self.structure, self.order, self.detail, self.presentation)


@dataclass
class Sweep:
    """All rows of a sweep (:func:`sweep`)."""

    family: str
    rows: list[SweepRow] = field(default_factory=list)
    total: int = 0  #: closures in the family
    stopped: str | None = None  #: why the sweep ended early (the budget), if it did

    def counts(self) -> dict[str, int]:
        """Closures per status."""
        c = Counter(r.status for r in self.rows)
        return {k: c.get(k, 0) for k in ("exact", "proved", "bounded", "refused")}

    def orders(self) -> dict[int, int]:
        """Finite order -> number of closures with a quotient of that order."""
        return dict(sorted(Counter(r.order for r in self.rows if r.order is not None).items()))

    def reasons(self) -> dict[str, int]:
        """Why the bounded ones are not proved: the semilinear step that failed, counted."""
        out: Counter[str] = Counter()
        for r in self.rows:
            if r.status == "bounded":
                why = r.detail.split("semilinear: ")[-1].rstrip(")")
                out[_reason_kind(why)] += 1
        return dict(out.most_common())

    def markdown(self) -> str:
        """The summary table (counts, finite orders, reasons) in Markdown."""
        c = self.counts()
        lines = [f"| family | closures | exact | proved (semilinear) | bounded | refused |",
                 "|---|---|---|---|---|---|",
                 f"| `{self.family}` | {len(self.rows)} | {c['exact']} | {c['proved']} | "
                 f"{c['bounded']} | {c['refused']} |", "",
                 *([f"stopped after {len(self.rows)} of {self.total} closures: {self.stopped}", ""]
                   if self.stopped else []),
                 "finite orders (order: closures): "
                 + (", ".join(f"{k}: {v}" for k, v in self.orders().items()) or "none")]
        if self.reasons():
            lines += ["", "bounded, by the step of the semilinear certificate that failed: "
                      + "; ".join(f"{k} ({v})" for k, v in self.reasons().items())]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        """The sweep as JSON-ready fields: counts, orders, reasons for bounded rows, every row."""
        return {"family": self.family, "closures": len(self.rows), "of": self.total,
                "stopped": self.stopped, "counts": self.counts(),
                "orders": self.orders(), "bounded_reasons": self.reasons(),
                "rows": [r.__dict__ for r in self.rows]}


def summary_markdown(sweeps: Sequence[Sweep]) -> str:
    """One table for several sweeps (a row per family: counts and finite orders), then, per
    family, why its bounded closures are not proved. The README's table (issue 25)."""
    lines = ["| family | closures | exact | proved (semilinear) | bounded | refused | finite orders (order: closures) |",
             "|---|---|---|---|---|---|---|"]
    notes = []
    for s in sweeps:
        c = s.counts()
        done = f"{len(s.rows)}" + (f" of {s.total}" if len(s.rows) < s.total else "")
        orders = ", ".join(f"{k}: {v}" for k, v in s.orders().items()) or "none"
        lines.append(f"| `{s.family}` | {done} | {c['exact']} | {c['proved']} | {c['bounded']} | "
                     f"{c['refused']} | {orders} |")
        if s.reasons():
            notes.append(f"`{s.family}` bounded, by the step of the semilinear certificate that failed: "
                         + "; ".join(f"{k} ({v})" for k, v in s.reasons().items()))
    return "\n".join(lines + ([""] + notes if notes else []))


#: the failed step of the semilinear certificate, by a phrase of its reason (for a reason of
#: the refinement's search, the failure of its last starting point)
_REASONS = (("rounds of refinement", "refinement: counterexamples beyond its rounds"),
            ("no refinement of the forms fits", "refinement: no refinement fits the outcomes"),
            ("no window and period", "no window and period fits the data"),
            ("abstract states", "more abstract states than the limit"),
            ("outcome recursion fails", "outcome recursion fails"),
            ("fails against abstract state", "a relation fails"),
            ("critical pair", "presentation not confluent"),
            ("has no known word", "a state with no known word"),
            ("first met at a sum", "a state first met beyond the search limit"))


def _reason_kind(why: str) -> str:
    why = why.split("refinement: ")[-1].split("; from ")[-1]
    for key, label in _REASONS:
        if key in why:
            return label
    return why[:60]


def closure_row(games: Sequence[str]) -> SweepRow:
    """The row of one closure ``cl(games)`` (raises the budget's error when it runs out)."""
    games = tuple(games)
    t0 = time.perf_counter()
    try:
        q = partizan_quotient(list(games))
    except BudgetExceededError:
        raise
    except UnsupportedError as e:
        return SweepRow(games, "refused", "", None, str(e), "", time.perf_counter() - t0)
    return SweepRow(games, q.strategy.split(":")[0], q.structure, q.order, q.strategy,
                    q.presentation, time.perf_counter() - t0)


def closure_size(games: Sequence[str]) -> int:
    """Number of components of ``cl(games)`` (its non-zero followers): what a closure costs."""
    from misere.core.notation import parse_id
    from misere.quotients.partizan.components import from_games

    return len(from_games([parse_id(g) for g in games]))


def sweep(name: str, sets: Iterable[Sequence[str]] | None = None,
          store: Any = None, cheap_first: bool = False) -> Sweep:
    """Compute the quotient of every closure of family ``name`` (or of ``sets``), recording
    how each was established. Runs under the budget in force (:mod:`misere.budget`); when it runs
    out, the rows so far are returned with :attr:`Sweep.stopped` saying why.

    With a ``store`` (:class:`~misere.quotients.partizan.sweep_store.SweepStore`) each row is
    written as soon as it is known, under the closure's index in the list, and closures already
    stored for ``name`` are read back instead of computed (resuming an interrupted sweep).
    ``cheap_first`` computes the closures in order of their number of components (rows are
    still returned and stored in the family's order): a sweep stopped early then covers every
    closure up to some size."""
    todo = [tuple(s) for s in (sets if sets is not None else family(name))]
    out = Sweep(name, total=len(todo))
    known = store.rows(name) if store is not None else {}
    indices = sorted(range(len(todo)), key=lambda i: closure_size(todo[i])) if cheap_first \
        else list(range(len(todo)))
    done: dict[int, SweepRow] = {}
    t0 = time.perf_counter()
    with budget.Progress(f"partizan sweep {name}", total=len(todo)) as progress:
        for k, i in enumerate(indices):
            progress.update(k, **out.counts())
            old = known.get(i)
            if old is not None and old.games == todo[i]:
                done[i] = old
                out.rows.append(old)
                continue
            try:
                row = closure_row(todo[i])
            except BudgetExceededError as e:
                out.stopped = str(e)
                break
            done[i] = row
            out.rows.append(row)
            if store is not None:
                store.put(name, i, row)
    out.rows = [done[i] for i in sorted(done)]
    if store is not None and out.stopped is None and len(known) < len(todo):
        store.finished(name, len(todo), time.perf_counter() - t0)
    return out
