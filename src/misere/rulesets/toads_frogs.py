"""Toads and Frogs (Winning Ways ch. 1; Erickson, *New toads and frogs results*, 1996): on a
strip, Left's toads ``T`` move rightwards, Right's frogs ``F`` leftwards, either one square
into an empty square or jumping over one adjacent creature of the other kind into the empty
square just beyond it.

Position format: strips of ``T``/``t`` (toad, Left), ``F``/``f`` (frog, Right) and ``.`` or
``_`` (empty), as CGSuite's ``game.strip.ToadsAndFrogs("ttt..fff")``; strips joined by ``+``
or spaces, e.g. ``"TT..FF + T.F"``. Python: a string or a list of strings. Printed with
``T``, ``F`` and ``.``.

Search cuts strips where creatures can never cross (proved in :func:`cut`) and drops pieces
with no move for either player; strips of up to 55 squares in all also have the compiled search
of :mod:`misere.rulesets.board_jit` (:meth:`ToadsFrogsRuleset.bitboard`).
"""
from __future__ import annotations

from typing import Any, Sequence

from misere.errors import RulesetError
from misere.rulesets.board_base import BoardRuleset
from misere.rulesets.board_grids import board_svg
from misere.rulesets.positions import bad_position, check_total

__all__ = ["ToadsFrogsRuleset", "ToadsFrogs", "cut"]


def cut(strip: str) -> list[str]:
    """The strip cut into pieces that never interact.

    * Frogs packed against the left end (``FF..``) never move (a frog only moves left, and
      never jumps a frog) and nothing passes them, so they are the end of the strip: dropped.
      Likewise toads packed against the right end.
    * A block ``TTFF`` never moves: its first toad moves only after the second has, which
      needs a frog of the block gone, and each frog likewise waits for a toad of the block
      (or the square two to its left, the first toad's); nothing jumps or enters it. So the
      strip splits there, the toads ending the left part and the frogs starting the right.
    """
    out = []
    for part in strip.replace("TTFF", "TT|FF").split("|"):
        part = part.lstrip("F").rstrip("T")
        if "T" in part or "F" in part:
            out.append(part)
    return out


class ToadsFrogsRuleset(BoardRuleset):
    """Toads and Frogs (Left: toads ``T`` moving right; Right: frogs ``F`` moving left).

    Examples
    --------
    >>> ToadsFrogs.outcome("T.F").value, ToadsFrogs.normal_outcome("T.F").value
    ('P', 'N')
    >>> cut("T.TTFF.F")
    ['T.', '.F']
    """

    python_search = "bits"
    name = "toads-and-frogs"
    aliases = ("toads-frogs", "toadsandfrogs", "tf")
    syntax = "strips of 'T' (toad, Left), 'F' (frog, Right) and '.' (empty; CGSuite's 'ttt..fff' too), joined by '+'"
    example = "TT..F + T.F"

    def parse(self, text: str) -> list[str]:
        if not isinstance(text, str):
            raise RulesetError(f"a {self.name} position in text is a str, got {type(text).__name__}")
        out = []
        for tok in text.replace("+", " ").split():
            if tok == "0":
                continue
            bad = next((ch for ch in tok if ch not in "TtFf._"), None)
            if bad is not None:
                raise bad_position(self, f"unexpected character {bad!r} in {tok!r}", text)
            check_total(len(tok), self, "squares", text)
            out.append(tok.upper().replace("_", "."))
        return out

    def _from_python(self, position: Any) -> list[str]:
        if isinstance(position, str):
            return self.parse(position)
        if isinstance(position, (list, tuple)) and all(isinstance(s, str) for s in position):
            return self.parse(" ".join(position))
        raise RulesetError(f"a {self.name} position is a string or a list of strings, got {position!r}")

    def format_component(self, comp: str) -> str:
        return comp

    def board_moves(self, board: str, left: bool) -> list[tuple[str, str]]:
        me, you, step = ("T", "F", 1) if left else ("F", "T", -1)
        name = "toad" if left else "frog"
        n = len(board)
        out = []
        for i, ch in enumerate(board):
            if ch != me:
                continue
            j = i + step
            if 0 <= j < n and board[j] == ".":
                out.append((f"{name} {i} -> {j}", _moved(board, i, j, me)))
            elif 0 <= j < n and board[j] == you and 0 <= j + step < n and board[j + step] == ".":
                out.append((f"{name} {i} jumps to {j + step}", _moved(board, i, j + step, me)))
        return out

    def pieces(self, board: str) -> list[str]:
        return cut(board)

    def alive(self, piece: str) -> bool:
        """Does someone have a move (a toad before an empty square or before a frog and an empty
        square; a frog likewise to its left)? Cheaper than generating the moves."""
        return "T." in piece or ".F" in piece or "TF." in piece or ".TF" in piece

    def bitboard(self, pieces: Sequence[str]) -> tuple[str, int, int, int, int, int] | None:
        """The pieces joined by ``TTFF`` (a block that never moves and keeps its neighbours
        apart, see :func:`cut`) into one strip of at most 55 squares: toads, frogs (and bit
        ``n``, the length ``n`` of the strip) as bitmasks, square ``i`` bit ``i``."""
        strip = "TTFF".join(pieces)
        if len(strip) > 55:
            return None
        a = sum(1 << i for i, ch in enumerate(strip) if ch == "T")
        b = sum(1 << i for i, ch in enumerate(strip) if ch == "F") | 1 << len(strip)
        return self.name, a, b, 1, len(strip), 0

    def svg(self, position: Any) -> str:
        boards = [(s,) for s in self.components(position)] or [(".",)]

        def draw(ch: str, x: float, y: float, s: float) -> list[str]:
            if ch not in "TF":
                return []
            colour = "#1f5fbf" if ch == "T" else "#c62828"
            return [f'<text x="{x + s / 2}" y="{y + s * 0.7}" font-size="{s * 0.6:.0f}" text-anchor="middle" '
                    f'fill="{colour}" font-weight="bold">{ch}</text>']

        return board_svg(boards, f"Toads and Frogs {self.format(self.components(position))}",
                         "Left: toads T move right (blue); Right: frogs F move left (red)", draw)


def _moved(board: str, i: int, j: int, me: str) -> str:
    s = list(board)
    s[i], s[j] = ".", me
    return "".join(s)


ToadsFrogs = ToadsFrogsRuleset()
