"""Budgets and progress for long computations: time, memory, and what to show while running.

Every loop that can run long calls :func:`check` (cheap: a counter, the clock every few hundred
calls of a fast loop and every call or two of a slow one, the resident memory at most ten times
a second) and reports through :class:`Progress`.
A budget is installed for a block of code with :func:`limits`::

    >>> import misere
    >>> with misere.limits(timeout=60, max_memory="2G"):
    ...     pass

When a budget runs out, :func:`check` raises :class:`~misere.errors.BudgetExceededError` (a
:class:`~misere.errors.ComputationLimitError`); the code that catches it attaches what it had
established (``err.partial``) before the error reaches the user. With no budget the default
still refuses to eat the machine: memory is capped at 80 % of physical RAM.

Progress goes to stderr: a rich bar on a terminal, plain status lines (at most one every
``interval`` seconds) otherwise, nothing under ``quiet=True``. Standard output is never touched,
so ``--json`` output stays one object.
"""
from __future__ import annotations

import contextlib
import contextvars
import os
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from misere.errors import BudgetExceededError, InvalidArgumentError

__all__ = ["in_compiler", "in_dropped_exception", "Budget", "limits", "current", "check", "reserve",
           "parse_size", "format_size", "Progress", "Reporter", "physical_memory", "last_progress"]

#: the label and fields of the latest :meth:`Progress.update` of this process, quiet or not
_LAST_PROGRESS: dict[str, Any] = {}


def last_progress() -> dict[str, Any]:
    """The label and fields of the latest progress update (what a run stopped from outside,
    inside a compiled step, can still say about where it was: :mod:`misere.cli.watchdog`)."""
    return dict(_LAST_PROGRESS)

_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_size(size: int | float | str | None) -> int | None:
    """Bytes in a size such as ``"512M"``, ``"2G"``, ``"1.5GiB"`` or ``10**9``; ``None`` stays ``None``.

    Raises
    ------
    ValueError
        For a malformed or non-positive size (one line, quoting the text).

    Examples
    --------
    >>> parse_size("2G"), parse_size("512MiB"), parse_size(1000)
    (2147483648, 536870912, 1000)
    """
    if size is None:
        return None
    if isinstance(size, bool):
        raise InvalidArgumentError(f"not a memory size: {size!r}")
    if isinstance(size, (int, float)):
        value = float(size)
    else:
        m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([KMGT]?)(?:I?B)?\s*", str(size).upper())
        if not m:
            raise InvalidArgumentError(f"not a memory size: {size!r} (expected e.g. 512M, 2G)")
        value = float(m.group(1)) * _UNITS[m.group(2)]
    if not value > 0:
        raise InvalidArgumentError(f"memory size must be positive, got {size!r}")
    return int(value)


def format_size(n: int) -> str:
    """``n`` bytes for people: ``format_size(3 * 2**30) == '3.0 GiB'``."""
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n} B" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n} B"  # pragma: no cover


def physical_memory() -> int:
    """Physical memory of this machine in bytes (16 GiB when it cannot be read)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover
        return 16 << 30


def resident_memory() -> int:
    """Current resident set size of this process in bytes."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # not Linux: fall back to the peak
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


@dataclass
class Budget:
    """A time and memory budget. ``timeout`` in seconds, ``max_memory`` in bytes (resident).

    ``None`` means unlimited time; memory defaults to 80 % of physical RAM.
    """

    timeout: float | None = None
    max_memory: int | None = None
    quiet: bool = False
    started: float = field(default_factory=time.monotonic)
    _calls: int = 0
    #: the clock is read when ``_calls & _stride == 0``: ``2^j - 1``, doubled while reads come
    #: less than a millisecond apart (up to 255), halved while they come more than 20 ms apart
    _stride: int = 0
    _last_read: float = field(default_factory=time.monotonic)
    _next_mem: float = 0.0
    #: the last resident size read, when, and the bytes reserved since (see :meth:`reserve`)
    _rss: int = 0
    _rss_at: float = float("-inf")
    _reserved: int = 0

    def __post_init__(self) -> None:
        if self.timeout is not None and not (isinstance(self.timeout, (int, float)) and self.timeout > 0):
            raise InvalidArgumentError(f"timeout must be a positive number of seconds, got {self.timeout!r}")
        self.max_memory = parse_size(self.max_memory)
        if self.max_memory is None:
            self.max_memory = int(physical_memory() * 0.8)

    @property
    def elapsed(self) -> float:
        """Seconds since the budget started."""
        return time.monotonic() - self.started

    @property
    def remaining(self) -> float | None:
        """Seconds left, or ``None`` without a timeout."""
        return None if self.timeout is None else self.timeout - self.elapsed

    def check(self, force: bool = False) -> None:
        """Raise :class:`BudgetExceededError` when time or memory has run out."""
        self._calls += 1
        if not force and self._calls & self._stride:
            return
        now = time.monotonic()
        # a loop of cheap steps reads the clock every 256 calls, one of slow steps (a same-game
        # form, a claim) every call or two: a fixed stride of 256 let 256 slow steps (13 s of
        # the census's same-game planning) pass a budget of 1 s before the first reading
        gap, self._last_read = now - self._last_read, now
        if gap < 0.001:
            self._stride = min(255, 2 * self._stride + 1)
        elif gap > 0.02:
            self._stride >>= 1
        if self.timeout is not None and now - self.started > self.timeout:
            raise BudgetExceededError("time", f"time budget of {self.timeout:g} s exhausted")
        if force or now >= self._next_mem:
            self._next_mem = now + 0.1
            rss = self._read_rss(now)
            assert self.max_memory is not None
            if rss > self.max_memory:
                raise BudgetExceededError(
                    "memory", f"memory budget of {format_size(self.max_memory)} exhausted "
                              f"({format_size(rss)} in use)")

    def _read_rss(self, now: float) -> int:
        self._rss, self._rss_at, self._reserved = resident_memory(), now, 0
        return self._rss

    def reserve(self, nbytes: int, what: str) -> None:
        """Refuse up front an allocation of ``nbytes`` that would break the memory budget.

        The resident size is read again at most every 0.1 s (as :meth:`check` reads it) while
        the last reading plus every reservation since still fits: the quotient engine reserves
        thousands of small blocks a second, and each reading opens ``/proc/self/statm``.
        """
        assert self.max_memory is not None
        now = time.monotonic()
        if now - self._rss_at < 0.1 and self._rss + self._reserved + nbytes <= self.max_memory:
            self._reserved += nbytes
            return
        if self._read_rss(now) + nbytes > self.max_memory:
            raise BudgetExceededError(
                "memory", f"{what} needs {format_size(nbytes)}, over the memory budget of "
                          f"{format_size(self.max_memory)}")


def in_compiler(frame: Any) -> bool:
    """Whether the stack from ``frame`` down is inside numba or llvmlite (a kernel's first compile).

    A hard stop (the census alarm, :mod:`misere.quotients.census.alarm`; the command line's
    watchdog, :mod:`misere.cli.watchdog`) that raises there leaves numba a half-built library
    ("no compiled object yet for <Library ...>"), so such stops wait until the compile returns
    and ring again. ``frame`` is a signal handler's frame argument (or ``None``)."""
    while frame is not None:
        name = frame.f_code.co_filename.replace("\\", "/")
        if "/numba/" in name or "/llvmlite/" in name:
            return True
        frame = frame.f_back
    return False


def in_dropped_exception(frame: Any) -> bool:
    """Whether the stack from ``frame`` down is inside ``sys.unraisablehook``: the handling of
    an exception Python drops ("Exception ignored in", e.g. a stop raised in a gc callback). A
    stop raised there is dropped as well, or breaks the hook (pytest's turns it into an
    error), so such stops wait until the hook returns and ring again."""
    hook = sys.unraisablehook
    code = getattr(getattr(hook, "func", hook), "__code__", None)
    while frame is not None and code is not None:
        if frame.f_code is code:
            return True
        frame = frame.f_back
    return False


_CURRENT: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("misere_budget", default=None)


def current() -> Budget:
    """The budget in force (a default one, unlimited in time, when none was installed)."""
    b = _CURRENT.get()
    if b is None:
        b = Budget()
        _CURRENT.set(b)
    return b


def check() -> None:
    """Check the budget in force; cheap enough for inner loops."""
    b = _CURRENT.get()
    if b is None:
        b = current()
    b.check()


def reserve(nbytes: int, what: str) -> None:
    """Refuse up front an allocation that would break the budget in force."""
    current().reserve(nbytes, what)


@contextlib.contextmanager
def limits(timeout: float | None = None, max_memory: int | str | None = None,
           quiet: bool | None = None) -> Iterator[Budget]:
    """Install a budget for the block: ``timeout`` seconds, ``max_memory`` bytes or ``"2G"``.

    Nested blocks keep the tighter of the two budgets; ``quiet=True`` silences progress.
    """
    outer = _CURRENT.get()
    b = Budget(timeout=timeout, max_memory=max_memory,
               quiet=bool(quiet) if quiet is not None else bool(outer and outer.quiet))
    if outer is not None:
        if outer.remaining is not None and (b.timeout is None or outer.remaining < b.timeout):
            b.timeout = max(outer.remaining, 1e-9)
        if max_memory is None or (outer.max_memory is not None and outer.max_memory < b.max_memory):  # type: ignore[operator]
            b.max_memory = outer.max_memory
    token = _CURRENT.set(b)
    try:
        yield b
    finally:
        _CURRENT.reset(token)


class Progress:
    """Progress of a long run on stderr: a rich display on a terminal, plain lines otherwise.

    Use as a context manager and call :meth:`update` with the fields to show, e.g.
    ``p.update(heap=27, order=176)``; plain mode prints ``label  heap 27  order 176  12.3 s``
    at most once every ``interval`` seconds, and on leaving the context the last state not yet
    shown, when the run lasted ``interval`` or more (a run stopped by its budget inside one long
    step still says where it was). Silent when the budget in force is quiet.
    """

    def __init__(self, label: str, *, total: int | None = None, interval: float = 1.0,
                 stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.interval = interval
        self.stream = stream if stream is not None else sys.stderr
        self.quiet = current().quiet
        self.started = time.monotonic()
        self._last = self.started
        self._rich: Any = None
        self._task: Any = None
        self._pending: str | None = None  # the last line not printed (within ``interval``)

    def __enter__(self) -> "Progress":
        if not self.quiet and getattr(self.stream, "isatty", lambda: False)():
            from rich.console import Console
            from rich.progress import BarColumn, Progress as RichProgress, TextColumn, TimeElapsedColumn
            self._rich = RichProgress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[info]}"),
                                      TimeElapsedColumn(), console=Console(file=self.stream), transient=True)
            self._rich.start()
            self._task = self._rich.add_task(self.label, total=self.total, info="")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self._pending is not None and time.monotonic() - self.started >= self.interval:
            print(f"{self._pending}  {time.monotonic() - self.started:.1f} s", file=self.stream,
                  flush=True)

    def update(self, completed: int | None = None, **fields: Any) -> None:
        """Show the current state (``completed`` counts towards ``total`` when given)."""
        _LAST_PROGRESS.clear()
        _LAST_PROGRESS.update({"stage": self.label, **({} if completed is None else {"completed": completed}),
                               **fields})
        if self.quiet:
            return
        info = "  ".join(f"{k.replace('_', ' ')} {v}" for k, v in fields.items())
        if self._rich is not None:
            self._rich.update(self._task, completed=completed, info=info)
            return
        done = "" if completed is None else f"{completed}/{self.total}  " if self.total else f"{completed}  "
        self._pending = f"{self.label}  {done}{info}"
        now = time.monotonic()
        if now - self._last < self.interval:
            return
        self._last = now
        print(f"{self._pending}  {now - self.started:.1f} s", file=self.stream, flush=True)
        self._pending = None


class Reporter:
    """Progress messages handed down a pipeline (issue 21 item 5): calling it with a message
    checks ``budget`` now (``force=True``), shows the message on ``bar`` beside ``fields`` and
    passes it to ``hook``. A stage that needs a narrower message derives one with
    :meth:`within` (a prefix) or :meth:`counting` (a template for a number), so stages report
    by calling down into this module, never back into the stage that made the reporter.

    >>> said = []
    >>> r = Reporter(Budget(), hook=said.append).within("heap 7: ")
    >>> r("round 2"); r.counting("searched {} words")(40)
    >>> said
    ['heap 7: round 2', 'heap 7: searched 40 words']
    """

    def __init__(self, budget: Budget, bar: Progress | None = None,
                 hook: Any = None, fields: dict[str, Any] | None = None,
                 prefix: str = "", template: str | None = None) -> None:
        self.budget, self.bar, self.hook = budget, bar, hook
        self.fields = dict(fields or {})
        self.prefix, self.template = prefix, template

    def __call__(self, item: Any) -> None:
        message = self.prefix + (self.template.format(item) if self.template is not None else str(item))
        self.budget.check(force=True)
        if self.bar is not None:
            self.bar.update(**self.fields, step=message.partition(": ")[2] or message)
        if self.hook is not None:
            self.hook(message)

    def within(self, prefix: str) -> "Reporter":
        """The same reporter with ``prefix`` before every message."""
        return Reporter(self.budget, self.bar, self.hook, self.fields, self.prefix + prefix, self.template)

    def counting(self, template: str) -> "Reporter":
        """A reporter called with a number, shown through ``template`` (``str.format``)."""
        return Reporter(self.budget, self.bar, self.hook, self.fields, self.prefix, template)
