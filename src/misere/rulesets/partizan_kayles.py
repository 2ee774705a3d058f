"""Partizan Kayles (Milley 000; thesis 001 §5.6): Left removes one token, Right two adjacent.

A position is a multiset of strips; ``S_n`` is a strip of ``n`` tokens. Left's move on ``S_n``
leaves ``S_i + S_{n-1-i}``, Right's leaves ``S_i + S_{n-2-i}``.

Results implemented (each checked by exhaustive search in ``tests/rulesets``):

* Thm 3.2 (000): ``S_{3k} ≡ kS_1 + kS_2``, ``S_{3k+1} ≡ (k+1)S_1 + kS_2``,
  ``S_{3k+2} ≡ kS_1 + (k+1)S_2`` modulo the universe K of Kayles positions (:func:`reduce`).
* Thm 4.4 (000) outcome rule from the numbers x, y of strips ≡ 1, 2 (mod 3)
  (:func:`rule_outcome`).
* Thm 4.5 (000) winning moves, *as corrected*: the printed rule offers no move when the only
  strips are ≡ 0 (mod 3) (e.g. ``S_3``, which Left wins moving first) and misses Right's wins
  such as ``S_3 + S_1``; :func:`rule_move` adds the last resort "play at the end of a strip
  ≡ 0 (mod 3)" for both players (notes thesis-ch4-5 Part 4.5, Part 8), and Right's inner move
  on a strip ≡ 1 needs length ≥ 4.
* The monoid ``<0, S_1, S_2 | S_1 + S_2 = 0> ≅ ℤ`` and its outcome partition are *computed*
  by :meth:`PartizanKaylesRuleset.quotient` from the rules alone.

:meth:`PartizanKaylesRuleset.outcome` and :meth:`PartizanKaylesRuleset.winning_moves` answer from
Thm 4.4 for any strip lengths, in time linear in the number of strips (``[37, 34]`` or
``[10**9]`` instantly); :meth:`PartizanKaylesRuleset.quotient_outcome` reads the same answer off
the computed quotient through counts (no list of copies is built). The memoised search stays
available as :meth:`PartizanKaylesRuleset.search_outcome`; the tests check all three against it.
"""
from __future__ import annotations

from typing import Any, Sequence

from misere.core.outcome import Outcome
from misere.errors import ComputationLimitError, RulesetError
from misere.rulesets.partizan_base import Move, PartizanRuleset, SizedRuleset, _is_left
from misere.rulesets.positions import parse_sizes, sizes_from_python

#: strips up to this length list every winning move; longer ones one move per class (see
#: :meth:`PartizanKaylesRuleset.winning_moves`)
LIST_ALL = 60
#: a strip longer than this is not expanded move by move (search, ``moves``, forms)
MAX_EXPANDED = 1_000_000

__all__ = ["PartizanKaylesRuleset", "PartizanKayles", "reduce", "rule_outcome", "rule_move"]


def reduce(strips: Sequence[int]) -> tuple[int, int]:
    """``(k, j)`` with the position ≡ ``kS_1 + jS_2`` (mod K) by Thm 3.2 (000).

    >>> reduce([3]), reduce([4]), reduce([5]), reduce([1, 2, 7])
    ((1, 1), (2, 1), (1, 2), (4, 3))
    """
    k = j = 0
    for n in strips:
        q, r = divmod(n, 3)
        k += q + (r == 1)
        j += q + (r == 2)
    return k, j


def _outcome_kj(x: int, y: int) -> Outcome:
    if x == y:
        return Outcome.N
    if x > y:
        return Outcome.R
    return (Outcome.N, Outcome.R, Outcome.P)[(x + 2 * y) % 3]


def rule_outcome(strips: Sequence[int]) -> Outcome:
    """Outcome by Thm 4.4 (000): counts of strips ≡ 1 and ≡ 2 (mod 3) decide it.

    >>> [rule_outcome(p).value for p in ([3], [4], [5], [2, 2], [4, 5, 5])]
    ['N', 'R', 'P', 'R', 'P']
    """
    x = sum(1 for n in strips if n % 3 == 1)
    y = sum(1 for n in strips if n % 3 == 2)
    return _outcome_kj(x, y)


def _after(strips: Sequence[int], i: int, parts: Sequence[int]) -> list[int]:
    return [n for t, n in enumerate(strips) if t != i] + [p for p in parts if p]


def rule_move(strips: Sequence[int], player: str) -> tuple[int, int] | None:
    """A winning move by the corrected Thm 4.5 (000), or ``None`` when the player loses moving
    first (or wins without a move: Right facing only single squares).

    Returns ``(strip index, token)``: Left removes token ``token`` (1-based), Right removes
    tokens ``token`` and ``token + 1``. The rule is static — the first applicable item wins:

    * Left: an end token of a strip ≡ 1, else of a strip ≡ 2, else of a strip ≡ 0 (mod 3);
    * Right: the end pair of a strip ≡ 2, else the pair one in from the end of a strip ≡ 1 of
      length ≥ 4, else the end pair of a strip ≡ 0 (mod 3).

    The last items (strips ≡ 0) are missing from 000 Thm 4.5 as printed; with them the rule
    wins in every position with at most 20 tokens (``tests/rulesets/test_partizan_kayles.py``;
    whether Left/Right can win at all is Thm 4.4).

    >>> rule_move([3], "Left"), rule_move([3, 1], "Right"), rule_move([1, 1], "Right")
    ((0, 1), (0, 1), None)
    """
    left = player.lower().startswith("l")
    o = rule_outcome(strips)
    if not (o.left_first if left else o.right_first):
        return None
    for r in ((1, 2, 0) if left else (2, 1, 0)):
        for i, n in enumerate(strips):
            if n % 3 != r or n == 0:
                continue
            if left:
                return i, 1
            if r == 1:
                if n >= 4:
                    return i, 2
            elif n >= 2:
                return i, 1
    return None


class PartizanKaylesRuleset(SizedRuleset):
    """Partizan Kayles. Text: strip lengths ``"3 5 1"`` or tokens ``"ooo ooooo o"``.

    Examples
    --------
    >>> PartizanKayles.outcome([4, 5, 5]).value
    'P'
    >>> str(PartizanKayles.position([2]))
    '{1|0}'
    """

    name = "partizan-kayles"
    aliases = ("kayles-partizan", "pk", "partizan_kayles")
    syntax = "strip lengths separated by spaces (or strips of tokens 'ooo o')"
    example = "3 5 1"
    rule_name = "000 Thm 4.4 (outcome from the strips = 1, 2 mod 3)"
    unit = "strip length"

    def __init__(self) -> None:
        super().__init__()
        self._quotients: dict[tuple[int, int | None, int | None], Any] = {}

    def parse(self, text: str) -> list[int]:
        return parse_sizes(text, self, self.unit, lambda tok: len(tok) if set(tok) <= {"o", "O"} else None)

    def _from_python(self, position: Any) -> list[int]:
        return sizes_from_python(position, self, self.unit)

    def component_moves(self, comp: int, left: bool) -> list[tuple[str, list[int]]]:
        n = int(comp)
        if n > MAX_EXPANDED:
            raise ComputationLimitError(f"partizan-kayles: S{n} has about {n // 2} moves, too many to "
                                        f"list; outcome and winning_moves answer by 000 Thm 4.4")
        w = 1 if left else 2
        seen = set()
        out = []
        for p in range(n - w + 1):
            parts = tuple(sorted(x for x in (p, n - w - p) if x))
            if parts in seen:
                continue
            seen.add(parts)
            what = f"token {p + 1}" if left else f"tokens {p + 1}-{p + 2}"
            out.append((f"remove {what} of S{n}", list(parts)))
        return out

    def outcome(self, position: Any) -> Outcome:
        """Misère outcome by 000 Thm 4.4, for any strip lengths (no search, no forms)."""
        return rule_outcome(self.components(position))

    rule_outcome = outcome

    def search_outcome(self, position: Any) -> Outcome:
        """Outcome by the generic memoised search (small positions; the rule's cross-check)."""
        return PartizanRuleset.outcome(self, position)

    def quotient_outcome(self, position: Any) -> Outcome:
        """Outcome read off the computed (and proved) quotient ``<a, b | ab = 1>``: strips are
        reduced to ``kS_1 + jS_2`` by Thm 3.2, then ``Π(a^k b^j)`` is looked up on the word
        of counts ``(k, j, 0)`` over the closure of ``S_1, S_2, S_3`` (any ``k, j``: the
        partition of this rank-one quotient is proved periodic)."""
        k, j = reduce(self.components(position))
        q = self.quotient(3)
        return q.pi((k, j, 0))  # type: ignore[no-any-return]

    def winning_moves(self, position: Any, player: str | None = None) -> dict[str, list[Move]]:
        """Winning moves of each player moving first, by 000 Thm 4.4, for any strip lengths.

        A move splits ``S_n`` into ``S_p + S_{n-w-p}`` (``w`` = 1 for Left, 2 for Right); by
        Thm 4.4 the outcome afterwards depends only on the residues mod 3 of the strips, so
        whether a move wins depends only on ``p mod 3``. Strips of length at most
        :data:`LIST_ALL` list every winning move (exactly the moves the generic search lists,
        in the same order); a longer strip lists the first winning move of each residue class
        of ``p``, labelled with the class (every token ``t`` with the same ``t mod 3``, in
        either half of the strip, wins alike). Cost: O(number of strips) per strip.
        """
        strips = self.components(position)
        x = sum(1 for n in strips if n % 3 == 1)
        y = sum(1 for n in strips if n % 3 == 2)
        players = ["Left", "Right"] if player is None else ["Left" if _is_left(player) else "Right"]
        out: dict[str, list[Move]] = {}
        for p in players:
            w = 1 if p == "Left" else 2
            wins: list[Move] = []
            for i, n in enumerate(strips):
                if n < w:
                    continue
                x0, y0 = x - (n % 3 == 1), y - (n % 3 == 2)
                half = (n - w) // 2
                for t in (range(half + 1) if n <= LIST_ALL else range(min(3, half + 1))):
                    parts = sorted(v for v in (t, n - w - t) if v)
                    o = _outcome_kj(x0 + sum(v % 3 == 1 for v in parts), y0 + sum(v % 3 == 2 for v in parts))
                    if o.right_first if w == 1 else o.left_first:
                        continue
                    what = f"token {t + 1}" if w == 1 else f"tokens {t + 1}-{t + 2}"
                    label = f"remove {what} of S{n}"
                    if n > LIST_ALL:
                        label += f" (any first token = {(t + 1) % 3} mod 3 wins alike)"
                    wins.append(Move(p, i, label, self.format(strips[:i] + parts + strips[i + 1:])))
            out[p] = wins
        return out

    def rule_moves(self, position: Any) -> dict[str, Move | None]:
        """One winning move per player by the corrected Thm 4.5 (``None``: no win)."""
        strips = self.components(position)
        out: dict[str, Move | None] = {}
        for p in ("Left", "Right"):
            mv = rule_move(strips, p)
            if mv is None:
                out[p] = None
                continue
            i, tok = mv
            n = strips[i]
            w = 1 if p == "Left" else 2
            parts = [x for x in (tok - 1, n - w - tok + 1) if x]
            what = f"token {tok}" if p == "Left" else f"tokens {tok}-{tok + 1}"
            out[p] = Move(p, i, f"remove {what} of S{n}", self.format(_after(strips, i, parts)))
        return out

    def quotient(self, max_size: int = 6, size: int | None = None, test: int | None = None) -> Any:
        """The partizan quotient of the closure of strips ``S_1 .. S_max_size``, from the rules.

        For ``max_size >= 2`` this is ``<a, b | ab = 1> ≅ ℤ`` with ``a = S_1``, ``b = S_2``
        (000 §4), computed by :func:`misere.quotients.partizan.quotient_of_components`.
        """
        from misere.quotients.partizan import quotient_of_components
        from misere.quotients.partizan.components import Components
        if max_size < 1:
            raise RulesetError("max_size must be at least 1")
        key = (max_size, size, test)
        cached = self._quotients.get(key)
        if cached is not None:
            return cached
        strips = list(range(1, max_size + 1))
        idx = {n: i for i, n in enumerate(strips)}

        def opts(n: int, w: int) -> tuple[tuple[int, ...], ...]:
            return tuple(sorted({tuple(sorted(idx[x] for x in (p, n - w - p) if x))
                                 for p in range(n - w + 1)}))

        comps = Components(
            ids=tuple(self.form(n) for n in strips),
            names=tuple(f"S{n}" for n in strips),
            left_options=tuple(opts(n, 1) for n in strips),
            right_options=tuple(opts(n, 2) for n in strips),
        )
        q = self._quotients[key] = quotient_of_components(comps, size, test)
        return q

    def svg(self, position: Any) -> str:
        from misere.rulesets.partizan_draw import check_shapes, svg_document
        strips = self.components(position)
        check_shapes(self, position, sum(strips), "pins")
        r, gap = 12, 6
        items = []
        y = 20
        width = 40
        for n in strips:
            for t in range(n):
                cx = 20 + t * (2 * r + gap) + r
                items.append(f'<circle cx="{cx}" cy="{y + r}" r="{r}" fill="#555" stroke="#000"/>')
            items.append(f'<text x="{20 + n * (2 * r + gap) + 4}" y="{y + r + 4}" '
                         f'font-size="12">S{n}</text>')
            width = max(width, 20 + n * (2 * r + gap) + 40)
            y += 2 * r + 12
        return svg_document(width, y + 10, items, f"Partizan Kayles {self.format(strips)}")


PartizanKayles = PartizanKaylesRuleset()
