"""Heap rulesets beyond the octal codes: Grundy's game and subtraction games.

* **Grundy's game** (Berlekamp-Conway-Guy, *Winning Ways* ch. 4; Plambeck 002 §9 lists it among
  the games MisereSolver treats): a move splits one heap into two nonempty heaps of *different*
  sizes. It is not an octal game (a split must be unequal), so it is a :class:`HeapGame` given by
  its move function.
* **Subtraction games** ``S(s1, s2, ...)`` (*Winning Ways* ch. 4): a move removes ``s`` tokens
  from one heap, ``s`` in the subtraction set. Removing ``s`` leaves one heap or none, which is the
  octal digit 3 at place ``s``; so ``S(1, 3, 4)`` is the octal code ``0.3033`` and every octal
  tool (quotients, periodicity, census) applies to it unchanged.
"""
from __future__ import annotations

import re

from misere.errors import RulesetError
from misere.impartial.heap import HeapGame

__all__ = ["grundy_game", "subtraction_code", "parse_subtraction", "heap_ruleset", "named_code",
           "NAMED_CODES"]

#: the octal games known by name (Winning Ways ch. 4, Table 6)
NAMED_CODES = {"kayles": "0.77", "dawsons-kayles": "0.07", "dawsons-chess": "0.137",
               "treblecross": "0.007", "officers": "0.6", "guiles": "0.15"}

#: largest element of a subtraction set accepted (the octal code gets that many digits)
MAX_SUBTRACTION = 512


def grundy_game() -> HeapGame:
    """Grundy's game: split a heap into two nonempty heaps of different sizes.

    Examples
    --------
    >>> g = grundy_game()
    >>> g.options(6), g.options(2)
    (((1, 5), (2, 4)), ())
    """

    def moves(n: int):
        for a in range(1, (n + 1) // 2):
            yield (a, n - a)

    return HeapGame("grundy", moves)


def subtraction_code(subtraction: object) -> str:
    """The octal code of the subtraction game on the given set of positive integers.

    Examples
    --------
    >>> subtraction_code([1, 3, 4]), subtraction_code({2})
    ('0.3033', '0.03')
    """
    try:
        values = sorted({int(s) for s in subtraction})  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise RulesetError(f"a subtraction set is a set of positive integers, got {subtraction!r}") from None
    if not values or values[0] < 1:
        raise RulesetError(f"a subtraction set is a nonempty set of positive integers, got {sorted(values)}")
    if values[-1] > MAX_SUBTRACTION:
        raise RulesetError(f"subtraction {values[-1]} is too large (at most {MAX_SUBTRACTION})")
    digits = ["0"] * values[-1]
    for s in values:
        digits[s - 1] = "3"
    return "0." + "".join(digits)


def parse_subtraction(spec: str) -> str | None:
    """The octal code of ``S(1,3,4)`` / ``subtraction:1,3,4`` text, or ``None`` when ``spec``
    does not name a subtraction game."""
    text = spec.strip().lower()
    m = re.fullmatch(r"(?:s|subtraction)\s*(?:\((.*)\)|:(.*))", text)
    if not m:
        return None
    body = m.group(1) if m.group(1) is not None else m.group(2)
    parts = [p for p in re.split(r"[,\s]+", body) if p]
    if not parts or not all(p.isdigit() for p in parts):
        raise RulesetError(f"bad subtraction set in {spec!r} (expected e.g. 'S(1,3,4)')")
    try:
        return subtraction_code([int(p) for p in parts])
    except RulesetError as err:
        raise RulesetError(f"{err} (in {spec!r})") from None


def named_code(spec: str) -> str | None:
    """The octal code of a named game (:data:`NAMED_CODES`; case, apostrophes, spaces and
    underscores aside), or ``None``.

    >>> named_code("Dawson's Kayles"), named_code("dawsons_chess"), named_code("0.77")
    ('0.07', '0.137', None)
    """
    return NAMED_CODES.get(re.sub(r"[\s_]+", "-", spec.strip().lower().replace("'", "")))


def heap_ruleset(spec: str) -> HeapGame | str | None:
    """A named heap ruleset: ``grundy`` (a :class:`HeapGame`), ``S(...)`` or a named octal game
    (its octal code as text), or ``None`` when ``spec`` names none of them.

    >>> heap_ruleset("Dawson's Kayles"), heap_ruleset("kayles"), heap_ruleset("0.77")
    ('0.07', '0.77', None)
    """
    text = spec.strip().lower()
    if text in ("grundy", "grundys-game", "grundy's game", "grundy-game"):
        return grundy_game()
    return named_code(spec) or parse_subtraction(spec)
