"""Common machinery of partizan rulesets whose positions split into independent components.

A ruleset subclass says how to read a position (:meth:`PartizanRuleset.parse` for text,
:meth:`PartizanRuleset.components` for the natural Python description), how to print one
component, and what each player may do in one component (:meth:`component_moves`, each move a
label and the components it leaves). Everything else is shared: the game form of a component
(memoised in a per-ruleset table), the position as a :class:`~misere.core.game.Game` (the sum
of its components), outcomes by a memoised search over multisets of components (moves may
split a component into several; no sum form is built), and winning moves.

References: positions as sums of components follow Milley 001 §5.1 and App. A; outcomes are
misère outcomes (Siegel 003 §2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Hashable, Sequence, TypeVar

from misere import budget
from misere.core.game import Game
from misere.core.ops import add_all
from misere.core.outcome import Outcome
from misere.core.table import GameId, intern
from misere.errors import BudgetExceededError, ComputationLimitError, RulesetError

__all__ = ["Move", "PartizanRuleset", "SizedRuleset", "Parsed"]

C = TypeVar("C", bound=Hashable)


class Parsed(list[C]):
    """A list of components already read by a ruleset (passed back in, it is used as is)."""


@dataclass(frozen=True)
class Move:
    """One move: who plays it, in which component, a readable label and the resulting position.

    Attributes
    ----------
    player : str
        ``"Left"`` or ``"Right"``.
    component : int
        Index of the component played in (in the order of :meth:`PartizanRuleset.components`).
    label : str
        What the move does, in the ruleset's words.
    result : str
        The position after the move, in the ruleset's text format.
    notation : str or None
        The move as players write it, where the ruleset has such a notation (Sprouts: WGOSA's,
        :mod:`~misere.rulesets.sprouts_notation`).
    corner : str or None
        Where the notation leaves a choice it does not settle, which one (in words).
    """

    player: str
    component: int
    label: str
    result: str
    notation: str | None = None
    corner: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``notation`` and ``corner`` only where the ruleset gives them)."""
        out = {"player": self.player, "component": self.component, "move": self.label, "result": self.result}
        if self.notation is not None:
            out.update({"notation": self.notation, "corner": self.corner})
        return out


class PartizanRuleset(Generic[C]):
    """Base class; subclasses set ``name``, ``aliases`` and implement the abstract hooks."""

    name = "ruleset"
    aliases: tuple[str, ...] = ()
    #: a short description of the text format, shown in errors and help
    syntax = ""
    #: the same moves for both players (Nim, Cram, Sprouts): play speaks of "you" and "the
    #: machine", not of Left and Right
    impartial = False
    #: how :meth:`outcome` decides a position, as ``misere play`` reports it
    search = "search over sums of components"

    def __init__(self) -> None:
        self._forms: dict[C, GameId] = {}
        self._move_memo: dict[tuple[C, bool], list[list[C]]] = {}
        self._win_memo: dict[tuple[tuple[C, ...], bool], bool] = {}

    # -- hooks ---------------------------------------------------------------------------

    def parse(self, text: str) -> list[C]:
        """Components of a position given as text."""
        raise NotImplementedError

    def components(self, position: Any) -> list[C]:
        """Components of a position given as text or as the natural Python description."""
        if isinstance(position, Parsed):
            return position
        if isinstance(position, str):
            return Parsed(self.parse(position))
        return Parsed(self._from_python(position))

    def _from_python(self, position: Any) -> list[C]:
        raise NotImplementedError

    def component_moves(self, comp: C, left: bool) -> list[tuple[str, list[C]]]:
        """Moves of one player in one component: ``(label, components left behind)``."""
        raise NotImplementedError

    def format_component(self, comp: C) -> str:
        """Text of one component, in the format :meth:`parse` reads."""
        raise NotImplementedError

    def svg(self, position: Any) -> str:
        """An SVG picture of the position."""
        raise NotImplementedError

    # -- shared --------------------------------------------------------------------------

    def format(self, comps: Sequence[C]) -> str:
        """Text of a position (components joined by ``" + "``; ``"0"`` when empty)."""
        return " + ".join(self.format_component(c) for c in comps) if comps else "0"

    def form(self, comp: C) -> GameId:
        """The game form of one component (memoised)."""
        r = self._forms.get(comp)
        if r is None:
            try:
                lefts = [add_all(self.form(c) for c in res) for _, res in self.component_moves(comp, True)]
                rights = [add_all(self.form(c) for c in res) for _, res in self.component_moves(comp, False)]
            except RecursionError:
                raise ComputationLimitError(f"{self.name}: component too large for recursion") from None
            r = self._forms[comp] = intern(lefts, rights)
        return r

    def position(self, position: Any) -> Game:
        """The position as a game: the sum of the forms of its components."""
        return Game._of(add_all(self.form(c) for c in self.components(position)))

    def forms(self, position: Any) -> list[GameId]:
        """Form of every component."""
        return [self.form(c) for c in self.components(position)]

    def _moves_of(self, comp: C, left: bool) -> list[list[C]]:
        key = (comp, left)
        r = self._move_memo.get(key)
        if r is None:
            r = self._move_memo[key] = [res for _, res in self.component_moves(comp, left)]
        return r

    def _key(self, comps: Sequence[C]) -> tuple[C, ...]:
        """Sorted tuple of the components that have a move for someone (the others are 0)."""
        live = [c for c in comps if self._moves_of(c, True) or self._moves_of(c, False)]
        return tuple(sorted(live, key=hash))

    def _wins(self, pos: tuple[C, ...], left: bool) -> bool:
        """Does the player to move win the sum ``pos`` (misère)? Memoised search over multisets
        of components, so no sum form is built (as :func:`misere.core.outcome.sum_outcome`,
        but with moves that may split a component into several)."""
        key = (pos, left)
        r = self._win_memo.get(key)
        if r is not None:
            return r
        budget.check()
        moved = False
        r = False
        done: set[C] = set()
        for i, c in enumerate(pos):
            if c in done:
                continue
            done.add(c)
            for res in self._moves_of(c, left):
                moved = True
                if not self._wins(self._key(list(pos[:i]) + list(res) + list(pos[i + 1:])), not left):
                    r = True
                    break
            if r:
                break
        if not moved:
            r = True
        self._win_memo[key] = r
        return r

    def outcome(self, position: Any) -> Outcome:
        """Misère outcome, by memoised search over the multiset of components."""
        pos = self._key(self.components(position))
        try:
            return Outcome.from_pair(self._wins(pos, True), self._wins(pos, False))
        except RecursionError:
            raise ComputationLimitError(f"{self.name}: position too large for search") from None
        except BudgetExceededError as err:
            err.partial.update({"ruleset": self.name, "positions_decided": len(self._win_memo)})
            raise

    def moves(self, position: Any, player: str) -> list[tuple[Move, list[C]]]:
        """Every move of ``player`` (``"Left"``/``"Right"``) with the resulting components."""
        comps = self.components(position)
        left = _is_left(player)
        out: list[tuple[Move, list[C]]] = []
        for i, c in enumerate(comps):
            for label, res in self.component_moves(c, left):
                after: Parsed[C] = Parsed(comps[:i] + list(res) + comps[i + 1:])
                out.append((Move("Left" if left else "Right", i, label, self.format(after)), after))
        return out

    def winning_moves(self, position: Any, player: str | None = None) -> dict[str, list[Move]]:
        """Winning moves of each player moving first (empty list: no winning move).

        A move wins for Left when Right, moving next, loses the resulting position.
        Returns ``{"Left": [...], "Right": [...]}`` (only ``player`` if given).
        """
        players = ["Left", "Right"] if player is None else ["Left" if _is_left(player) else "Right"]
        out: dict[str, list[Move]] = {}
        for p in players:
            wins = []
            for mv, after in self.moves(position, p):
                if not self._wins(self._key(after), p != "Left"):
                    wins.append(mv)
            out[p] = wins
        return out


class SizedRuleset(PartizanRuleset[int]):
    """A ruleset whose components are sizes (strips, heaps): text ``"3 5 1"``, Python
    ``[3, 5, 1]``; zero-size components are dropped."""

    #: what a component is called in error messages
    unit = "size"

    def _token(self, tok: str, text: str) -> int:
        """Size given by a non-numeric token (subclasses may accept other spellings)."""
        raise RulesetError(f"cannot read {self.name} position {text!r}: expected {self.syntax}")

    def parse(self, text: str) -> list[int]:
        out = []
        for tok in text.replace(",", " ").replace("+", " ").split():
            out.append(int(tok) if tok.isdigit() else self._token(tok, text))
        return [n for n in out if n]

    def _from_python(self, position: Any) -> list[int]:
        try:
            out = [int(n) for n in position]
        except (TypeError, ValueError):
            raise RulesetError(f"a {self.name} position is a list of {self.unit}s, got {position!r}") from None
        if any(n < 0 for n in out):
            raise RulesetError(f"{self.unit}s must be non-negative, got {position!r}")
        return [n for n in out if n]

    def format_component(self, comp: int) -> str:
        return str(comp)

    def format(self, comps: Sequence[int]) -> str:
        return " ".join(str(c) for c in comps) if comps else "0"


def _is_left(player: str) -> bool:
    p = player.strip().lower()
    if p in ("left", "l", "blue", "vertical"):
        return True
    if p in ("right", "r", "red", "horizontal"):
        return False
    raise ValueError(f"unknown player {player!r}: use Left or Right")
