"""The part of every command's run that needs no typer: output, the guarded call, the process exit.

:mod:`misere.cli.common` (the typer side: options, the ``command`` decorator, one-line errors)
builds on it, and so does :mod:`misere.cli.entry`, which answers the most common form of
``misere quotient`` without loading typer (issue 21 item 4: typer and its imports cost about
0.05 s of CPU, a quarter of ``misere quotient 0.144 --max-heap 40``).
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from typing import Any, Callable, Iterator, Optional

from ..budget import limits
from ..errors import EXIT_BUDGET, EXIT_INTERRUPTED, BudgetExceededError, interrupt_in
from .watchdog import ARMED, CtrlC, Watchdog, hard_stop

__all__ = ["echo", "emit", "one_line", "run_guarded", "run_process", "is_typer_exit", "keeping"]

#: called with (exception, Ctrl-C time or None, watchdog or None, as_json) when a guarded call
#: fails; it reports the failure in one line and raises the command's exit
OnError = Callable[[BaseException, Optional[float], Optional[Watchdog], bool], None]


def echo(text: str, err: bool = False) -> None:
    """Print one line as ``typer.echo`` does: through typer when it is loaded (every command but
    the fast path of :mod:`misere.cli.entry`); without it, text that is plain printable ASCII is
    written and flushed, which is all ``click.echo`` does with such text on a POSIX stream (it
    strips ANSI codes and re-encodes other text, so that text still goes through typer)."""
    typer = sys.modules.get("typer")
    if typer is None and not (text.isascii() and "\x1b" not in text):
        import typer
    if typer is not None:
        typer.echo(text, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


def one_line(text: object, limit: int = 400) -> str:
    """``text`` on one line (whitespace runs collapsed), cut to ``limit`` characters."""
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[:limit - 3] + "..."


def emit(data: dict[str, Any], as_json: bool, text: str | None = None) -> None:
    """Print ``data`` as JSON, or ``text`` (default: ``key: value`` lines) for people."""
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, default=str))
    elif text is not None:
        echo(text)
    else:
        for k, v in data.items():
            echo(f"{k}: {v}")


def is_typer_exit(e: BaseException) -> bool:
    """Whether ``e`` is typer's ``Exit`` or ``Abort`` (neither can be raised before typer loads)."""
    typer = sys.modules.get("typer")
    return typer is not None and isinstance(e, (typer.Exit, typer.Abort))


def run_guarded(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], budget: dict[str, Any],
                on_error: OnError) -> Any:
    """Call ``fn`` under its budget (``timeout``, ``max_memory``, ``quiet``), the watchdog
    (:func:`~misere.cli.watchdog.hard_stop`) and :class:`~misere.cli.watchdog.CtrlC`; any
    exception but typer's exits goes to ``on_error``, which reports it in one line."""
    as_json = bool(kwargs.get("as_json", False))
    dog = None
    ctrl_c = CtrlC(as_json=as_json)
    try:
        with ctrl_c, limits(timeout=budget.get("timeout"), max_memory=budget.get("max_memory"),
                            quiet=bool(budget.get("quiet", False))) as b, hard_stop(b) as dog:
            return fn(*args, **kwargs)
    except (KeyboardInterrupt, Exception) as e:
        if is_typer_exit(e):
            raise
        on_error(e, ctrl_c.at, dog, as_json)
        raise  # on_error raises the exit; this is a guard, never reached


def run_process(body: Callable[[], Any]) -> None:
    """Run a ``misere`` process's command: the watchdog armed (:data:`~misere.cli.watchdog.ARMED`),
    a budget or interrupt exit taken at once (a stop may leave a huge heap or half-built
    compiler objects: skip tearing them down), and SIGINT ignored once the answer is out."""
    ARMED["on"] = True
    try:
        body()
    except SystemExit as e:
        if e.code in (EXIT_BUDGET, EXIT_INTERRUPTED):
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(e.code)
        raise
    finally:  # the answer is out and its exit status set: a late Ctrl-C changes neither
        signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def keeping(data: dict[str, Any], steps: tuple[str, ...]) -> Iterator[None]:
    """Run the block that fills ``data`` (the answers, in the order ``steps``); a budget stop
    or Ctrl-C leaves its ``partial`` with every answer in ``data`` and ``not_reached``: the
    steps missing from ``data`` (issue 41 item 3: a stop keeps everything established; the
    CLI prints it and exits 3 or 130)."""
    try:
        yield
    except (BudgetExceededError, KeyboardInterrupt, Exception) as e:
        stop = e if isinstance(e, BudgetExceededError) else interrupt_in(e)
        if stop is None:
            raise
        partial = getattr(stop, "partial", None)
        if not isinstance(partial, dict):
            partial = {}
            stop.partial = partial  # type: ignore[union-attr]
        kept = {**data, **{k: v for k, v in partial.items() if k not in data}}
        kept["not_reached"] = [s for s in steps if s not in data]
        partial.clear()
        partial.update(kept)
        raise


if sys.getrecursionlimit() < 20000:
    sys.setrecursionlimit(20000)

if hasattr(sys, "set_int_max_str_digits") and 0 < sys.get_int_max_str_digits() < 100_000:
    sys.set_int_max_str_digits(100_000)  # huge counts print; beyond this a one-line error
