"""A code's path through ``misere.quotients.quotient`` as module stops (issue 21 item 5).

Usage::

    PYTHONPATH=src python tools/engine_path.py [CODE:HEAP ...] [--all] [--show]

Default codes: ``0.07:33`` and ``0.123:20``. The quotient runs under :func:`sys.setprofile`;
every call from one ``misere`` module into another is a *boundary crossing* (calls inside one
module are not stops; compiled numba kernels are not seen). The path is followed *as data*: a
crossing counts once, the first time its edge ``caller module.function -> callee
module.function`` is taken (generators are left out: a resumed one reports a call from
whoever consumes it), so the loop over heaps and the rounds of a presentation change are
not counted again and again. Printed per code:

- ``stops``: crossings in that first-taken order (the modules entered);
- ``modules``: distinct modules among them;
- ``returns``: stops into a module the path had already entered (``stops - modules``), with
  the top offenders (module: times entered again);
- ``calls back up``: crossings into a module that is still running further down the stack
  (a stage calling back into its caller: progress callbacks, decoders handed to a kernel),
  each listed.

By default only the engine (``misere.quotients``) counts; ``--stages`` counts only the impartial
engine's own modules (``misere.quotients.impartial``: the stages, leaving out the monoid data
types they call), ``--all`` every ``misere`` module (budget, progress, errors, ...). ``--show``
prints the path itself.
"""
from __future__ import annotations

import argparse
import collections
import inspect
import sys

#: generators and generator expressions: their body runs where they are consumed (a resumed
#: frame reports a "call" from the consumer), not where they are called, so they are no stops
_LAZY = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR


def path_of(code: str, heap: int, prefix: str) -> list[tuple[str, str, str, bool]]:
    """``(caller module, callee module, callee function, upward)`` of each boundary crossing,
    in the order each edge is first taken; ``upward`` when the callee's module is already
    running further down the stack (a call back up, such as a progress callback)."""
    import misere.quotients as mq

    seen: set[tuple[str, str, str, str]] = set()
    out: list[tuple[str, str, str, bool]] = []

    def module(frame) -> str | None:
        while frame is not None:  # the nearest misere frame (skips stdlib, numpy, numba glue)
            name = frame.f_globals.get("__name__", "")
            if name.startswith("misere"):
                return name
            frame = frame.f_back
        return None

    def prof(frame, event, arg):
        if event != "call":
            return
        callee = frame.f_globals.get("__name__", "")
        if not callee.startswith(prefix) or frame.f_code.co_flags & _LAZY:
            return
        caller = module(frame.f_back)
        if caller is None or caller == callee:
            return
        fn = frame.f_code.co_name
        edge = (caller, frame.f_back.f_code.co_name, callee, fn)
        if edge in seen:
            return
        seen.add(edge)
        f = frame.f_back
        while f is not None and f.f_globals.get("__name__") != caller:
            f = f.f_back  # to the caller's own frame
        up = False
        while f is not None:
            up = up or f.f_globals.get("__name__") == callee
            f = f.f_back
        out.append((caller, callee, fn, up))

    mq.quotient(code, max_heap=heap, certify=0, quiet=True)  # imports and compiles first
    sys.setprofile(prof)
    try:
        mq.quotient(code, max_heap=heap, certify=0, quiet=True)
    finally:
        sys.setprofile(None)
    return out


def measure(path: list[tuple[str, str, str, bool]]) -> dict:
    """Stops, distinct modules, returns, the modules entered again most often, and the calls
    back up."""
    entered = [callee for _, callee, _, _ in path]
    counts = collections.Counter(entered)
    again = sorted(((m, c - 1) for m, c in counts.items() if c > 1), key=lambda t: (-t[1], t[0]))
    return {"stops": len(entered), "modules": len(counts), "returns": len(entered) - len(counts),
            "offenders": again, "upward": [(a, b, f) for a, b, f, up in path if up]}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="*", default=["0.07:33", "0.123:20"], help="CODE:HEAP")
    ap.add_argument("--all", action="store_true", help="count every misere module")
    ap.add_argument("--stages", action="store_true", help="count misere.quotients.impartial only")
    ap.add_argument("--show", action="store_true", help="print the path")
    args = ap.parse_args(argv)
    prefix = ("misere" if args.all else "misere.quotients.impartial" if args.stages
              else "misere.quotients")
    for run in args.runs:
        code, _, heap = run.partition(":")
        path = path_of(code, int(heap), prefix)
        m = measure(path)
        short = lambda name: name.rpartition(".")[2]  # noqa: E731
        top = ", ".join(f"{short(mod)} {c}" for mod, c in m["offenders"][:6])
        print(f"{code} to heap {heap}: {m['stops']} stops in {m['modules']} modules, "
              f"{m['returns']} returns to a module already left ({top}); "
              f"{len(m['upward'])} calls back up")
        for caller, callee, fn in m["upward"]:
            print(f"    up: {short(caller)} -> {short(callee)}.{fn}")
        if args.show:
            for caller, callee, fn, up in path:
                print(f"    {short(caller):>14} -> {callee}.{fn}{'  (up)' if up else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
