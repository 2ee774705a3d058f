"""Strict reading of ruleset positions, shared by every ruleset (issue 9, item 4).

A position that cannot be read is refused with one :class:`~misere.errors.RulesetError` line that
quotes the offending token (or Python value), says what is wrong with it, and restates the
ruleset's format with an example (its ``syntax`` and ``example`` attributes). Sizes are
non-negative integers: ``2.5``, ``True``, ``"3"`` inside a Python list, ``-1`` and numbers too
long to convert are refused, never truncated.

Each ruleset documents its format in ``syntax`` and ``example``;
:func:`misere.rulesets.registry.position_formats` makes the table of ``misere play --help`` of them.
"""
from __future__ import annotations

import numbers
from typing import Any, Iterable

from misere.errors import RulesetError

__all__ = ["bad_position", "size_token", "python_size", "parse_sizes", "sizes_from_python",
           "check_total", "board_cells", "rectangle_cells", "MAX_VERTICES"]

#: largest graph or board (vertices, cells) a position may describe; beyond it reading alone
#: would take gigabytes, and search is hopeless far earlier
MAX_VERTICES = 100_000


def _expected(ruleset: Any) -> str:
    ex = getattr(ruleset, "example", "")
    shown = ex and repr(ex) not in ruleset.syntax and f"'{ex}'" not in ruleset.syntax
    return f"expected {ruleset.syntax}" + (f", e.g. {ex!r}" if shown else "")


def bad_position(ruleset: Any, what: str, text: Any) -> RulesetError:
    """The one-line error for a position of ``ruleset`` that cannot be read."""
    return RulesetError(f"cannot read {ruleset.name} position {text!r}: {what}; {_expected(ruleset)}")


#: longest size accepted in a position, in decimal digits
MAX_DIGITS = 4000


def size_token(tok: str, ruleset: Any, text: str, unit: str) -> int:
    """A size written as a token: ASCII digits only (``-1``, ``2.5``, ``3e2`` are refused)."""
    if tok.isascii() and tok.isdigit():
        if len(tok) > MAX_DIGITS:  # explicit: the process-wide int-to-str limit may be raised
            raise bad_position(ruleset, f"{unit} {tok[:12]}... has {len(tok)} digits (at most {MAX_DIGITS})",
                               text[:40] + "...")
        return int(tok)
    if tok.startswith("-") and tok[1:].isascii() and tok[1:].isdigit():
        why = f"{unit} {tok} is negative"
    elif any(ch.isdigit() for ch in tok):
        why = f"{unit} {tok!r} is not a non-negative integer"
    else:
        bad = next((ch for ch in tok if not ch.isalnum()), tok[0])
        why = f"unexpected character {bad!r}" + (f" in {tok!r}" if len(tok) > 1 else "")
    raise bad_position(ruleset, why, text)


def python_size(value: Any, ruleset: Any, unit: str, position: Any) -> int:
    """A size given in Python: an integer (not ``bool``), non-negative."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise RulesetError(f"a {ruleset.name} {unit} is a non-negative integer, got {value!r} "
                           f"in {position!r}; {_expected(ruleset)}")
    n = int(value)
    if n < 0:
        raise RulesetError(f"a {ruleset.name} {unit} must be non-negative, got {n} in {position!r}")
    return n


def parse_sizes(text: str, ruleset: Any, unit: str, extra: Any = None) -> list[int]:
    """Sizes separated by spaces, commas or ``+`` (``0`` terms dropped). ``extra(tok)`` may
    read other spellings of one size (e.g. ``ooo``) and returns ``None`` otherwise."""
    if not isinstance(text, str):
        raise RulesetError(f"a {ruleset.name} position in text is a str, got {type(text).__name__}")
    out = []
    for tok in text.replace(",", " ").replace("+", " ").split():
        n = extra(tok) if extra is not None else None
        out.append(n if n is not None else size_token(tok, ruleset, text, unit))
    return [n for n in out if n]


def sizes_from_python(position: Any, ruleset: Any, unit: str) -> list[int]:
    """Sizes given as a list (or tuple) of integers (``0`` entries dropped)."""
    if isinstance(position, (str, bytes)) or not isinstance(position, Iterable):
        raise RulesetError(f"a {ruleset.name} position is a list of {unit}s, got {position!r}")
    return [n for n in (python_size(v, ruleset, unit, position) for v in position) if n]


def check_total(count: int, ruleset: Any, what: str, text: Any, limit: int = MAX_VERTICES) -> None:
    """Refuse a graph or board of more than ``limit`` vertices or cells up front."""
    if count > limit:
        raise RulesetError(f"{ruleset.name} position {str(text)[:40]!r} has {count} {what}; "
                           f"positions are limited to {limit} (search is hopeless far earlier)")


def board_cells(rows: Any, ruleset: Any, position: Any, title: str = "Domineering") -> list[tuple[int, int]]:
    """Free cells ``(row, column)`` of a board given as rows of ``.`` (free) and ``#`` (removed).

    Deliberate choices: only ``.`` and ``#`` (any other character is named with its row and
    column); rows must be equally long (a ragged board is refused: pad it with ``#``); an empty
    list of rows is the empty board (the position 0); at most :data:`MAX_VERTICES` cells.
    """
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        raise RulesetError(f"cannot read {title} board {position!r}: expected a list of rows; "
                           f"{_expected(ruleset)}")
    rows = list(rows)
    cells: list[tuple[int, int]] = []
    width = None
    for i, row in enumerate(rows):
        if not isinstance(row, str):
            raise RulesetError(f"cannot read {title} board {position!r}: row {i + 1} is "
                               f"{type(row).__name__}, not a str of '.' and '#'; {_expected(ruleset)}")
        for j, ch in enumerate(row):
            if ch not in ".#":
                raise RulesetError(f"cannot read {title} position {position!r}: unexpected character "
                                   f"{ch!r} at row {i + 1}, column {j + 1} (squares are '.' free or '#' "
                                   f"removed); {_expected(ruleset)}")
        if width is not None and len(row) != width:
            raise RulesetError(f"cannot read {title} position {position!r}: row {i + 1} has {len(row)} "
                               f"squares but row 1 has {width}; rows must be equally long (pad with '#')")
        width = len(row)
        check_total(len(rows) * width, ruleset, "squares", position)
        cells += [(i, j) for j, ch in enumerate(row) if ch == "."]
    return cells


def rectangle_cells(r: Any, c: Any, ruleset: Any, position: Any) -> list[tuple[int, int]]:
    """Cells of an ``r x c`` rectangle (non-negative integer sides, at most
    :data:`MAX_VERTICES` cells)."""
    r = python_size(r, ruleset, "number of rows", position)
    c = python_size(c, ruleset, "number of columns", position)
    check_total(r * c, ruleset, "squares", position)
    return [(i, j) for i in range(r) for j in range(c)]

