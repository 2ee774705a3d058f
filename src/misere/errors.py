"""The exception tree of ``misere``.

Every error raised on purpose derives from :class:`MisereError`; the CLI catches it and prints
its one-line message. Errors about bad input also derive from :class:`ValueError`.
"""
from __future__ import annotations

__all__ = [
    "MisereError",
    "NotationError",
    "UnknownUniverseError",
    "NotInUniverseError",
    "UnsupportedError",
    "RulesetError",
    "ComputationLimitError",
    "CheckpointError",
    "VerificationError",
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


class CheckpointError(MisereError):
    """An unreadable or mismatched checkpoint file."""


class VerificationError(MisereError):
    """A witness or certificate failed its independent check: this is a bug, please report it."""
