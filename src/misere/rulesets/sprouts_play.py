"""Sprouts as ``misere play sprouts`` and :data:`misere.rulesets.Sprouts` answer it: misère and
normal outcomes from :class:`~misere.rulesets.sprouts_reduced.ReducedSolver` (reduced canonical
trees in misère play; the plain :class:`~misere.rulesets.sprouts_solve.SproutsSolver` search in
normal play) over canonical lands, with a persistent store (issue 23, item 2).

The reference search of :mod:`misere.rulesets.sprouts` (no simplification beyond the GLOP basics)
stays available as ``misere.rulesets.sprouts.Sprouts``; this ruleset only replaces how outcomes
and winning moves are decided. The store is the SQLite file named by the environment variable
``MISERE_SPROUTS_STORE`` (empty: no store), by default ``$XDG_CACHE_HOME/misere/sprouts.sqlite``
(``~/.cache/...``); it is opened only for positions with at least
:data:`~misere.rulesets.sprouts_store.MIN_LIVES` lives, and a store held by another process is
skipped (the answer is then computed without it). ``MISERE_SPROUTS_ENDGAMES`` may name an
endgame table (``misere sprouts-endgames --store FILE``; :mod:`~misere.rulesets.sprouts_endgames`):
misère positions of its lands are then answered by look-up in its quotient.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from misere import budget
from misere.core.outcome import Outcome
from misere.errors import BudgetExceededError, CheckpointError
from misere.rulesets.partizan_base import Move, Parsed
from misere.rulesets.sprouts import SproutsRuleset, simplify_land
from misere.rulesets.sprouts_canon import lives
from misere.rulesets.sprouts_notation import Drawing, NamedMove, drawing_of, find_move, from_lands
from misere.rulesets.sprouts_reduced import TREE_LIVES, ReducedSolver
from misere.rulesets.sprouts_solve import SMALL, SproutsSolver
from misere.rulesets.sprouts_store import MIN_LIVES, SproutsStore

__all__ = ["SproutsPlay", "Sprouts", "store_path"]


def store_path() -> str | None:
    """Path of the Sprouts store (``None``: no store), from ``MISERE_SPROUTS_STORE``."""
    env = os.environ.get("MISERE_SPROUTS_STORE")
    if env is not None:
        return env or None
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return str(Path(cache) / "misere" / "sprouts.sqlite")


class SproutsPlay(SproutsRuleset):
    """Sprouts with outcomes from canonical lands (Lemoine-Viennot) and a persistent store.

    Examples
    --------
    >>> [Sprouts.outcome(str(n)).value for n in range(1, 5)]        # misère
    ['N', 'P', 'P', 'P']
    >>> [Sprouts.normal_outcome(str(n)) for n in range(1, 5)]       # normal play
    ['P', 'P', 'N', 'N']
    """

    search = (f"search over sums of reduced canonical trees; lands with at most {TREE_LIVES} lives, and lands "
              "whose trees are built from trees already met, replaced by their misère canonical forms "
              "(Lemoine-Viennot 0908.4407; Conway ONAG ch. 12)")

    normal_search = (f"search over a large land plus a nim heap; lands with at most {SMALL} lives and all "
                     "but the largest replaced by their nimbers (Lemoine-Viennot 1008.2320)")

    syntax = SproutsRuleset.syntax + ("; or N: MOVES, the N-spot start after moves in WGOSA notation "
                                      "(spots numbered as played), e.g. '5: 1(6)2; 3(7)3[4]'")

    plain_search = (f"plain search over large lands plus one misère canonical form; lands with at most {SMALL} "
                    "lives replaced by their canonical forms (no reduced canonical trees)")

    def __init__(self) -> None:
        super().__init__()
        self._solver: SproutsSolver = ReducedSolver(small=SMALL)
        self.store_note = "none"
        self._endgames_path: str | None = None
        self._named: dict[Drawing, list[tuple[Move, NamedMove | None]]] = {}

    def use_trees(self, trees: bool = True) -> None:
        """Search misère play over reduced canonical trees (the default) or, with ``trees=False``,
        with the plain search they are measured against (``misere play sprouts N --plain``).
        Both give every outcome exactly (:mod:`~misere.rulesets.sprouts_reduced`, theorem); the
        store is shared, as it holds outcomes of positions, whichever search found them."""
        if trees != isinstance(self._solver, ReducedSolver):
            self._solver = ReducedSolver(small=SMALL) if trees else SproutsSolver(small=SMALL)
            self._endgames_path = None
            self._named.clear()
        self.search = type(self).search if trees else self.plain_search

    def parse(self, text: str) -> list:
        """GLOP text or ``N``, or ``N: MOVES`` (:func:`~misere.rulesets.sprouts_notation.drawing_of`)."""
        return drawing_of(text).components() if ":" in text else super().parse(text)

    def components(self, position: Any) -> list:
        """The lands of a position; read from ``N: MOVES`` or given as a
        :class:`~misere.rulesets.sprouts_notation.Drawing` they keep the numbered drawing
        (:meth:`drawing`)."""
        if isinstance(position, Drawing) or isinstance(position, str) and ":" in position:
            d = position if isinstance(position, Drawing) else drawing_of(position)
            out = _Drawn(d.components())
            out.drawing = d
            return out
        return super().components(position)

    def drawing(self, position: Any) -> Drawing:
        """The position with numbered spots: as played for ``N: MOVES``, else numbered in the
        order the lands are written."""
        comps = self.components(position)
        return getattr(comps, "drawing", None) or from_lands(list(comps))

    @contextmanager
    def _store_open(self, lands: list, play: str) -> Iterator[None]:
        """The solver's store open while the block runs, for positions with at least
        :data:`~misere.rulesets.sprouts_store.MIN_LIVES` lives (a store that cannot be opened is
        skipped and :attr:`store_note` says why), and the endgame table of ``play`` loaded."""
        path = store_path() if sum(map(lives, lands)) >= MIN_LIVES else None
        store = None
        if path is not None:
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                store = SproutsStore(path)
                self.store_note = path if not store.file.readonly else \
                    f"{path} (read only, {store.file.readonly}: new answers are not kept)"
            except (CheckpointError, OSError) as exc:
                self.store_note = f"not used ({exc})"
        self._solver.store = store
        try:
            self._endgames(play)
            yield
        finally:
            self._solver.store = None
            if store is not None:
                store.close()

    def _run(self, lands: list, play: str) -> bool:
        """Outcome with the store open for large positions; budgets report what was decided."""
        with self._store_open(lands, play):
            try:
                with budget.Progress(f"sprouts {play}") as bar:
                    self._solver.progress = lambda **f: bar.update(**f)
                    return self._solver.wins(lands, play)
            except BudgetExceededError as err:
                err.partial.update({"ruleset": self.name, "play": play, **self._solver.stats()})
                raise
            finally:
                self._solver.progress = None

    def _endgames(self, play: str) -> None:
        """Load the endgame table named by ``MISERE_SPROUTS_ENDGAMES`` once (misère play)."""
        path = os.environ.get("MISERE_SPROUTS_ENDGAMES") or None
        if play != "misere" or path == self._endgames_path:
            return
        from misere.rulesets.sprouts_endgames import load_table

        self._solver.use_endgames(None if path is None else load_table(path))
        self._endgames_path = path

    def outcome(self, position: Any) -> Outcome:
        """Misère outcome (``N`` or ``P``)."""
        w = self._run(self.components(position), "misere")
        return Outcome.from_pair(w, w)

    def normal_outcome(self, position: Any) -> str:
        """Normal-play outcome, ``"N"`` or ``"P"``."""
        return "N" if self._run(self.components(position), "normal") else "P"

    def winning_moves(self, position: Any, player: str | None = None) -> dict[str, list[Move]]:
        """Winning misère moves (the same for both players), each with its WGOSA notation on
        the numbered drawing (:meth:`drawing`), moves whose notation is exact first. Positions
        with at least :data:`~misere.rulesets.sprouts_store.MIN_LIVES` lives list the first
        winning move found."""
        wins = [m for m, _ in self.named_winning_moves(position)]
        players = ["Left", "Right"] if player is None else ["Left" if player.lower().startswith("l") else "Right"]
        return {p: [Move(p, m.component, m.label, m.result, m.notation, m.corner) for m in wins] for p in players}

    def named_winning_moves(self, position: Any) -> list[tuple[Move, NamedMove | None]]:
        """The winning moves with the named move of each on :meth:`drawing` (found by the key of
        the position it leaves, :func:`~misere.rulesets.sprouts_notation.find_move`)."""
        comps = self.components(position)
        d = getattr(comps, "drawing", None) or from_lands(list(comps))
        if d in self._named:
            return self._named[d]
        big = sum(map(lives, comps)) >= MIN_LIVES
        out = []
        moves = self.moves(comps, "Left")
        if big:   # a move the outcome's search proved winning (lost for the opponent) is tried first
            with self._store_open(list(comps), "misere"):
                moves.sort(key=lambda m: self._solver.known(m[1], "misere") is not False)
        for mv, after in moves:
            if not self._run(after, "misere"):
                found = find_move(d, tuple(sorted((simplify_land(x) for x in after), key=repr)))
                nm = None if found is None else found[0]
                out.append((Move(mv.player, mv.component, mv.label, mv.result, nm and nm.text, nm and nm.corner), nm))
                if big:
                    break
        out.sort(key=lambda t: t[1] is None or not t[1].exact)
        if len(self._named) > 64:
            self._named.clear()
        self._named[d] = out
        return out

    def winning_svg(self, position: Any) -> str:
        """The numbered drawing with its first winning move (if any) drawn in
        (:func:`~misere.rulesets.sprouts_draw.sprouts_svg`)."""
        from misere.rulesets.sprouts_draw import drawing_svg

        wins = self.named_winning_moves(position) if self.outcome(position).left_first else []
        return drawing_svg(self.drawing(position), wins[0][1] if wins else None)

    def play_notes(self, comps: list, o: Outcome) -> dict[str, Any]:
        """The store used, for ``misere play`` (which answers misère play alone unless asked for
        normal play: ``--play normal`` or ``--play both``, issue 38 item 3)."""
        return {"store": self.store_note, "spots": self.drawing(comps).text()}


class _Drawn(Parsed):
    """Lands read from ``N: MOVES``, with the numbered drawing they come from."""

    drawing: Drawing | None = None


Sprouts = SproutsPlay()
