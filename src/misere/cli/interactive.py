"""``misere play ... --interactive``: play a position against perfect misère strategy.

The user moves; the machine answers with a winning move when it has one and says why: for heap
games the move leaves a P-position of the misère quotient (Plambeck 002 §5: the outcome of a sum
is read from the product of the heaps' values, which lies in the P-portion); for partizan
rulesets the move leaves a position the user, moving next, loses (a memoised search over sums
of components, Siegel 003 §2). Without a winning move the machine says so and plays the move
that leaves the opponent the most replies (a heuristic, named as such). The game ends when the
player to move has no move: in misère play that player **wins**.

The same loop reads moves from a script (``--moves "7 -> 2 3; 5 -> 4"``), which is how the
README and the tests run it. Bad moves are answered in one line and asked again; Ctrl-C or the
end of input abandons the game cleanly.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from misere.errors import RulesetError

__all__ = ["HeapArena", "RulesetArena", "DomineeringArena", "SproutsArena", "arena_for", "Choice", "play_session", "scripted"]

HELP = ("Type a move (as listed by 'moves'), '#N' for the N-th listed move, 'moves', 'hint' or "
        "'quit'.")


@dataclass(frozen=True)
class Choice:
    """A legal move: its label and the position it leaves (arena-specific)."""

    label: str
    after: Any


class HeapArena:
    """A sum of heaps of a heap game, played with its misère quotient (002 §5-§9)."""

    partizan = False

    def __init__(self, q: Any, heaps: list[int]) -> None:
        self.q = q
        self.start = tuple(sorted(h for h in heaps if h))

    def show(self, pos: tuple[int, ...]) -> str:
        return " + ".join(map(str, pos)) if pos else "0 (no heaps)"

    def legal(self, pos: tuple[int, ...], player: str) -> list[Choice]:
        out, seen = [], set()
        for i, h in enumerate(pos):
            if h in seen:
                continue
            seen.add(h)
            for opt in self.q.options(h):
                after = tuple(sorted(pos[:i] + pos[i + 1:] + tuple(opt)))
                out.append(Choice(f"{h} -> {' + '.join(map(str, opt)) or '0'}", after))
        return out

    def read(self, text: str, pos: tuple[int, ...], player: str) -> Choice:
        """``H -> A B`` (or ``H > A + B``, ``H -> 0``): replace heap ``H`` by heaps ``A, B``."""
        left, arrow, right = text.replace("->", ">").partition(">")
        parts = right.replace("+", " ").replace(",", " ").split()
        if not arrow or not left.strip().isdigit() or not all(p.isdigit() for p in parts):
            raise RulesetError(f"cannot read move {text!r}: write e.g. '7 -> 2 3' (heap 7 becomes heaps 2 and 3)")
        h, to = int(left), tuple(sorted(int(p) for p in parts if int(p)))
        if h not in pos:
            raise RulesetError(f"there is no heap {h} in {self.show(pos)}")
        if to not in self.q.options(h):
            raise RulesetError(f"{h} -> {' + '.join(map(str, to)) or '0'} is not a move of {self.q.game.name}")
        i = pos.index(h)
        return Choice(f"{h} -> {' + '.join(map(str, to)) or '0'}", tuple(sorted(pos[:i] + pos[i + 1:] + to)))

    def winning(self, pos: tuple[int, ...], player: str) -> tuple[Choice, str] | None:
        mv = self.q.winning_move(pos)
        if mv is None:
            return None
        after = tuple(mv.position)
        why = (f"it leaves {self.show(after)}, of value {self.q.pres.word(self.q.element(after))}, "
               f"which lies in the P-portion of the quotient: whoever moves next loses")
        return Choice(f"{mv.heap} -> {' + '.join(map(str, mv.to)) or '0'}", after), why


class RulesetArena:
    """A position of a ruleset; the user plays one side (``Left`` or ``Right``), or, in an
    impartial ruleset (``r.impartial``: both players have the same moves), simply moves."""

    def __init__(self, r: Any, position: str) -> None:
        self.r = r
        self.partizan = not r.impartial
        self.start = self.parse(position)

    def parse(self, position: str) -> Any:
        return self.r.components(position)

    def show(self, pos: Any) -> str:
        return self.r.format(pos)

    def _side(self, player: str) -> str:
        return player if self.partizan else "Left"  # impartial: Left's moves are everyone's

    def moves(self, pos: Any, side: str) -> list[Choice]:
        """``(label, position after)`` of every move of ``side`` (``Left``/``Right``)."""
        return [Choice(mv.label, after) for mv, after in self.r.moves(pos, side)]

    def outcome(self, pos: Any) -> Any:
        return self.r.outcome(pos)

    def legal(self, pos: Any, player: str) -> list[Choice]:
        return self.moves(pos, self._side(player))

    def read(self, text: str, pos: Any, player: str) -> Choice:
        """A move label as listed, or the position the move leaves."""
        want = " ".join(text.split()).lower()
        for c in self.legal(pos, player):
            if want in (c.label.lower(), self.show(c.after).lower()):
                return c
        whose = f" of {player}" if self.partizan else ""
        raise RulesetError(f"{text!r} is not a move{whose} here (type 'moves' for the list)")

    def winning(self, pos: Any, player: str) -> tuple[Choice, str] | None:
        """A move after which the opponent, moving first, loses (Siegel 003 §2), and why."""
        side = self._side(player)
        for c in self.legal(pos, player):
            o = self.outcome(c.after)
            if (not o.right_first) if side == "Left" else (not o.left_first):
                if not self.partizan:
                    return c, (f"it leaves {self.show(c.after)}, a P-position (outcome "
                               f"{o.value}): whoever moves next loses")
                other = "Right" if side == "Left" else "Left"
                return c, (f"it leaves {self.show(c.after)}, which {other} loses moving first "
                           f"(outcome {o.value})")
        return None


class DomineeringArena(RulesetArena):
    """Domineering on one board kept whole: squares keep the user's coordinates and every reply
    shows the board (the search still splits it into regions, Milley 001 §5.1)."""

    def parse(self, position: str) -> tuple[int, int, frozenset[tuple[int, int]]]:
        from misere.rulesets.positions import board_cells

        text = position.strip()
        low = text.lower()
        if "x" in low and all(t.strip().isdigit() for t in low.split("x")):
            r, c = (int(t) for t in low.split("x"))
            rows = ["." * c] * r
        else:
            rows = [row.strip() for row in text.replace("\n", "/").split("/") if row.strip()]
        cells = frozenset(board_cells(rows, self.r, position))
        return len(rows), max((len(row) for row in rows), default=0), cells

    def show(self, pos: Any) -> str:
        h, w, free = pos
        return "/".join("".join("." if (i, j) in free else "#" for j in range(w)) for i in range(h))

    def moves(self, pos: Any, side: str) -> list[Choice]:
        h, w, free = pos
        dr, dc = (1, 0) if side == "Left" else (0, 1)
        out = []
        for r, c in sorted(free):
            if (r + dr, c + dc) in free:
                kind = "vertical" if side == "Left" else "horizontal"
                out.append(Choice(f"{kind} domino at ({r},{c})-({r + dr},{c + dc})",
                                  (h, w, free - {(r, c), (r + dr, c + dc)})))
        return out

    def outcome(self, pos: Any) -> Any:
        return self.r.outcome(self.show(pos).split("/"))


class SproutsArena(RulesetArena):
    """Sprouts on a drawing whose spots keep their numbers: moves are read and written in WGOSA
    notation (``1(6)2``, ``1(6)1[2,3]``; :mod:`misere.rulesets.sprouts_notation`), each move
    listed once per position it leaves; a listed move's GLOP description is read too."""

    def parse(self, position: str) -> Any:
        """The numbered drawing of ``position`` (``N``, GLOP text or ``N: MOVES``)."""
        return self.r.drawing(position)

    def show(self, pos: Any) -> str:
        """The lands in GLOP notation, then the numbered spots of each boundary."""
        return f"{self.r.format(pos.components())}  (spots {pos.text()})"

    def moves(self, pos: Any, side: str) -> list[Choice]:
        from misere.rulesets.sprouts_notation import named_moves

        return [Choice(nm.text + (f" {nm.corner}" if nm.corner else ""), after) for nm, after in named_moves(pos)]

    def outcome(self, pos: Any) -> Any:
        """The misère outcome of the drawing's lands."""
        from misere.rulesets.partizan_base import Parsed

        return self.r.outcome(Parsed(pos.components()))

    def read(self, text: str, pos: Any, player: str) -> Choice:
        from misere.rulesets.sprouts_notation import read_move

        if "(" in text:
            nm, after = read_move(pos, text)
            return Choice(nm.text, after)
        return super().read(text, pos, player)


def arena_for(r: Any, position: str) -> RulesetArena:
    """The arena of a ruleset position: one Domineering board is kept whole, a Sprouts position
    keeps its numbered spots, else components."""
    if r.name == "domineering" and "+" not in position:
        return DomineeringArena(r, position)
    if hasattr(r, "drawing"):
        return SproutsArena(r, position)
    return RulesetArena(r, position)


def scripted(script: str) -> Iterator[str]:
    """Moves separated by ``;`` or newlines, as the lines a user would type."""
    return iter([m.strip() for m in script.replace("\n", ";").split(";") if m.strip()])


def _fallback(arena: Any, pos: Any, me: str, you: str) -> Choice:
    """No winning move: leave the opponent the most replies (a heuristic)."""
    return max(arena.legal(pos, me), key=lambda c: len(arena.legal(c.after, you)))


def _ask(arena: Any, pos: Any, player: str, read: Callable[[str], str | None],
         say: Callable[[str], None]) -> Choice | None:
    """The user's move, asked until it is legal; ``None`` when the user quits."""
    while True:
        line = read(f"your move ({player})> " if arena.partizan else "your move> ")
        if line is None or line.strip().lower() in ("quit", "q", "exit"):
            return None
        text = line.strip()
        legal = arena.legal(pos, player)
        if text.lower() in ("moves", "?", "m"):
            say("\n".join(f"  #{i + 1}  {c.label}  -> {arena.show(c.after)}" for i, c in enumerate(legal)))
            continue
        if text.lower() in ("hint", "h"):
            best = arena.winning(pos, player)
            say(f"hint: {best[0].label}, because {best[1]}" if best else
                "hint: no winning move here: every move leaves a position your opponent wins")
            continue
        if text.lower() in ("help", ""):
            say(HELP)
            continue
        try:
            if text.startswith("#") and text[1:].isdigit():
                k = int(text[1:])
                if not 1 <= k <= len(legal):
                    raise RulesetError(f"there are {len(legal)} moves; {text} is not one of them")
                return legal[k - 1]
            return arena.read(text, pos, player)
        except RulesetError as err:
            say(f"not a move: {err}")


def play_session(arena: Any, *, you: str, me: str, you_first: bool,
                 read: Callable[[str], str | None], say: Callable[[str], None]) -> str:
    """Play from ``arena.start`` until someone cannot move; returns ``"you"``, ``"machine"``
    or ``"abandoned"``. ``you``/``me`` are the players' names (``Left``/``Right`` for partizan
    rulesets; for impartial games, where both use the same moves, "you" and "the machine")."""
    pos = arena.start
    turn_you = you_first
    side = {True: you, False: me}
    sides = f"You play {you}; the machine plays {me}. " if arena.partizan else ""
    say(f"Position: {arena.show(pos)}   {sides}{'You move' if you_first else 'The machine moves'} first.")
    while True:
        player = side[turn_you]
        if not arena.legal(pos, player):
            who = "You have" if turn_you else "The machine has"
            say(f"{who} no move in {arena.show(pos)} -- in misère play that is a win. "
                + ("You win." if turn_you else "The machine wins."))
            return "you" if turn_you else "machine"
        if turn_you:
            choice = _ask(arena, pos, player, read, say)
            if choice is None:
                say("Game abandoned.")
                return "abandoned"
            say(f"You play {choice.label}, leaving {arena.show(choice.after)}")
        else:
            best = arena.winning(pos, player)
            if best is not None:
                choice, why = best
                say(f"I play {choice.label}: {why}")
            else:
                choice = _fallback(arena, pos, player, side[True])
                say(f"I have no winning move (you win from here with perfect play); "
                    f"I play {choice.label}, leaving you the most replies.")
        pos = choice.after
        turn_you = not turn_you
