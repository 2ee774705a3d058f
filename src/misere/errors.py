"""The exception tree of ``misere``.

Every error raised on purpose derives from :class:`MisereError`; the CLI catches it and prints
its one-line message. Errors about bad input also derive from :class:`ValueError`.
"""
from __future__ import annotations

__all__ = [
    "MisereError",
    "NotationError",
    "InvalidArgumentError",
    "UnknownUniverseError",
    "NotInUniverseError",
    "UnsupportedError",
    "RulesetError",
    "ComputationLimitError",
    "BudgetExceededError",
    "CheckpointError",
    "VerificationError",
    "interrupt_in",
]


class MisereError(Exception):
    """Base of everything ``misere`` raises on purpose."""


class NotationError(MisereError, ValueError):
    """Malformed game notation: carries the text, the position and what was expected."""

    def __init__(self, text: str, position: int, expected: str) -> None:
        self.text = text
        self.position = position
        self.expected = expected
        shown = text if len(text) <= 60 else text[:57] + "..."
        super().__init__(f"cannot parse {shown!r} at position {position}: expected {expected}")


class InvalidArgumentError(MisereError, ValueError, TypeError):
    """An API argument of the wrong type or value (e.g. ``born_by("2")``, a negative day).

    Derives from both ValueError and TypeError, so either ``except`` catches it."""


class UnknownUniverseError(MisereError, ValueError):
    """A universe name that is not registered."""


class NotInUniverseError(MisereError, ValueError):
    """A game that is not a member of the universe it is used in."""


class UnsupportedError(MisereError):
    """The requested operation is not available (e.g. no options-only test in a universe)."""


class RulesetError(MisereError, ValueError):
    """A bad ruleset description: octal code, board, position."""


class ComputationLimitError(MisereError):
    """A computation hit a limit (recursion depth, node count, heap size, memory)."""


class BudgetExceededError(ComputationLimitError):
    """A time or memory budget ran out (:mod:`misere.budget`).

    ``kind`` is ``"time"`` or ``"memory"``; ``partial`` is set by the code that caught it to a
    dict of what was established before the budget ran out (e.g. the last heap finished and the
    partial quotient). The CLI exits with status 3 (:data:`EXIT_BUDGET`).
    """

    def __init__(self, kind: str, message: str, partial: dict | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.partial = partial if partial is not None else {}


#: exit status of the command line when a budget ran out (1: bad input or error, 2: usage)
EXIT_BUDGET = 3

#: exit status of the command line on Ctrl-C (128 + SIGINT, as shells report it)
EXIT_INTERRUPTED = 130


class CheckpointError(MisereError):
    """An unreadable or mismatched checkpoint file."""


class VerificationError(MisereError):
    """A witness or certificate failed its independent check: this is a bug, please report it."""


def interrupt_in(exc: BaseException | None) -> KeyboardInterrupt | None:
    """The Ctrl-C behind ``exc``: ``exc`` itself or a :class:`KeyboardInterrupt` in its
    ``__cause__`` / ``__context__`` chain (a Ctrl-C landing inside compiled code or a C callback,
    e.g. a numba dispatcher, reaches Python as ``SystemError: ... returned a result with an
    exception set`` caused by the interrupt); ``None`` when it was no interrupt."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None
