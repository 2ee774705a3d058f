"""Sets of take-and-break codes for a census: explicit codes, digit boxes and named families.

A code-set spec is a list of items separated by commas or spaces. An item is

* a code: ``0.123``, ``4.7``, ``0.F``, ``.[12]3`` (hex digits and bracketed big digits as in
  :func:`misere.impartial.octal.parse_octal`);
* a *digit box* ``LO-HI`` (or ``LO..HI``) of two codes with the same number of digits after the
  point: every code whose digit ``i`` lies between the ``i``-th digits of ``LO`` and ``HI``, in
  lexicographic order. ``0.01-0.77`` is every 2-digit octal code, ``0.1000-0.3333`` the
  quaternary codes of seed 002 §10.4, ``0.01-0.FF`` the 2-digit hexadecimal codes;
* a named family: ``octal1`` (0.1-0.7), ``octal2`` (0.01-0.77), ``octal3`` (0.001-0.777),
  ``octal4`` (0.0001-0.7777: of its 4,096 codes ``0.abcd`` the 512 with ``d = 0`` are skipped
  as the 3-digit games they equal, leaving 3,584; none has no move at all),
  ``quaternary`` (0.1000-0.3333), ``hex2`` (0.01-0.FF), ``wild4`` (the 21 wild quaternary codes
  of seed 002 Fig. 19);
* a named game: ``kayles``, ``dawsons-kayles`` and the others of
  :data:`misere.impartial.heap_rulesets.NAMED_CODES`, read as its code.

Codes are written canonically (upper-case hex digits, trailing zeros dropped) and de-duplicated.
Two kinds of code are *skipped*, with the reason kept in :attr:`CodeSet.skipped`:

* a code with a trailing zero digit from a box, e.g. ``0.70``: it is the same game as the shorter
  code ``0.7``, which belongs to the shorter family (an explicit ``0.70`` is kept, as ``0.7``);
* a code with no move at all (every digit zero): its quotient is the trivial monoid.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from misere.errors import RulesetError
from misere.impartial.heap_rulesets import named_code
from misere.impartial.octal import format_octal, parse_octal

__all__ = ["CodeSet", "parse_codes", "canonical_code", "slice_codes", "NAMED", "WILD_QUATERNARY"]

#: the 21 wild quaternary codes of seed 002 Fig. 19 (.3102, .3122, .3123, .3312 are open there, §10.4;
#: each has an infinite partial quotient since: misere.quotients.infinite)
WILD_QUATERNARY = ("0.0122", "0.0123", "0.1023", "0.1032", "0.1033", "0.1231", "0.1232", "0.1233",
                   "0.1321", "0.1323", "0.1331", "0.2012", "0.2112", "0.3101", "0.3102", "0.3103",
                   "0.3112", "0.3122", "0.3123", "0.3131", "0.3312")

#: named families of codes (digit boxes, or explicit lists)
NAMED: dict[str, str] = {
    "octal1": "0.1-0.7",
    "octal2": "0.01-0.77",
    "octal3": "0.001-0.777",
    "quaternary": "0.1000-0.3333",
    "octal4": "0.0001-0.7777",
    "hex2": "0.01-0.FF",
    "wild4": " ".join(WILD_QUATERNARY),
}

_MAX_CODES = 100_000


@dataclass(frozen=True)
class CodeSet:
    """Codes of a census, in order, and the codes left out with the reason."""

    codes: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...] = ()

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self):
        return iter(self.codes)


def canonical_code(code: str) -> str:
    """The canonical spelling of a code: ``canonical_code('.70') == '0.7'``.

    Raises
    ------
    RulesetError
        When the text is not a take-and-break code.
    """
    digits = parse_octal(code)
    return format_octal(digits)


def _split_digits(code: str) -> tuple[int, list[int]]:
    """Head digit and the untrimmed digits after the point."""
    text = code.strip()
    m = re.fullmatch(r"((?:\d|\[\d+\])?)\.((?:[0-9A-Fa-f]|\[\d+\])+)", text)
    if not m:
        raise RulesetError(f"not a take-and-break code: {code!r} (expected e.g. '0.123')")
    parse_octal(text)  # the head digit rule and other checks, with their one-line errors
    tail = [int(t[1:-1]) if t.startswith("[") else int(t, 16)
            for t in re.findall(r"\[\d+\]|[0-9A-Fa-f]", m.group(2))]
    head = m.group(1)
    return (int(head.strip("[]")) if head else 0), tail


def _box(item: str, lo: str, hi: str) -> Iterable[tuple[str, str | None]]:
    """Codes of the digit box ``lo-hi`` with a skip reason (or ``None``)."""
    (h1, a), (h2, b) = _split_digits(lo), _split_digits(hi)
    if h1 != h2 or len(a) != len(b):
        raise RulesetError(f"bad range {item!r}: both ends need the same digit before the point "
                           f"and the same number of digits after it")
    if any(x > y for x, y in zip(a, b)):
        raise RulesetError(f"empty range {item!r}: each digit of the first code must be <= the "
                           f"matching digit of the second")
    size = 1
    for x, y in zip(a, b):
        size *= y - x + 1
    if size > _MAX_CODES:
        raise RulesetError(f"range {item!r} has {size} codes, over the limit of {_MAX_CODES}")
    for tail in product(*(range(x, y + 1) for x, y in zip(a, b))):
        code = format_octal([h1, *tail])
        if not any(tail) and not h1:
            yield code, "no move at all"
        elif tail[-1] == 0:
            yield code, f"trailing zero: the same game as {canonical_code(code)}"
        else:
            yield code, None


def _items(spec: str | Iterable[str]) -> list[str]:
    """The items of a spec: a string split at commas and spaces, or an iterable of strings."""
    if isinstance(spec, str):
        parts = [spec]
    elif isinstance(spec, Iterable) and not isinstance(spec, (bytes, dict)):
        parts = list(spec)
    else:
        raise RulesetError(f"codes are a string such as '0.07 0.123' or 'octal2', or a list of "
                           f"codes, got {type(spec).__name__} {spec!r}")
    if any(not isinstance(p, str) for p in parts):
        bad = next(p for p in parts if not isinstance(p, str))
        raise RulesetError(f"each code is a string such as '0.07', got {type(bad).__name__} {bad!r}")
    out: list[str] = []
    for part in parts:
        out.extend(t for t in re.split(r"[,\s]+", str(part)) if t)
    return out


def parse_codes(spec: str | Iterable[str]) -> CodeSet:
    """The :class:`CodeSet` of a spec (see the module docstring).

    Raises
    ------
    RulesetError
        For a bad item (one line, quoting it), or a spec that is neither a string nor an
        iterable of strings (``None``, a number).

    Examples
    --------
    >>> s = parse_codes("0.07, 0.1-0.3 4.7")
    >>> s.codes
    ('0.07', '0.1', '0.2', '0.3', '4.7')
    >>> parse_codes("0.00-0.13").codes[:3], parse_codes("0.00-0.13").skipped[1]
    (('0.01', '0.02', '0.03'), ('0.10', 'trailing zero: the same game as 0.1'))
    """
    codes: dict[str, None] = {}
    skipped: dict[str, str] = {}
    items = _items(spec)
    if not items:
        raise RulesetError(f"no codes in {spec!r}")
    for item in items:
        named = NAMED.get(item.lower()) or named_code(item)  # a code set, or one named game
        if named is not None:
            sub = parse_codes(named)
            codes.update(dict.fromkeys(sub.codes))
            skipped.update(dict(sub.skipped))
            continue
        m = re.fullmatch(r"(.+?\.[^-.]+)(?:-|\.\.)(.+)", item)
        if m:
            for code, why in _box(item, m.group(1), m.group(2)):
                if why is None:
                    codes[code] = None
                else:
                    skipped[code] = why
            continue
        code = canonical_code(item)
        if not any(parse_octal(code)):
            skipped[code] = "no move at all"
        else:
            codes[code] = None
    return CodeSet(tuple(codes), tuple((c, w) for c, w in skipped.items() if c not in codes))


def slice_codes(cs: CodeSet, spec: str) -> CodeSet:
    """Slice ``I/K`` of a code set: the codes at positions ``I, I+K, I+2K, ...`` (``0 <= I < K``).

    The ``K`` slices are disjoint and together hold every code, so ``K`` processes may each run
    one slice into the same store (or into separate stores). Codes of similar cost are spread
    over the slices by taking every ``K``-th code rather than consecutive blocks.

    Raises
    ------
    RulesetError
        For a spec that is not ``I/K`` with ``0 <= I < K``.

    Examples
    --------
    >>> slice_codes(parse_codes("0.1-0.7"), "1/3").codes
    ('0.2', '0.5')
    """
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", spec)
    if not m or not int(m.group(1)) < int(m.group(2)):
        raise RulesetError(f"bad slice {spec!r}: expected I/K with 0 <= I < K (e.g. 0/16)")
    i, k = int(m.group(1)), int(m.group(2))
    return CodeSet(cs.codes[i::k], cs.skipped if i == 0 else ())
