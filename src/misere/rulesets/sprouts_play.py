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
from pathlib import Path
from typing import Any

from misere import budget
from misere.core.outcome import Outcome
from misere.errors import BudgetExceededError, CheckpointError
from misere.rulesets.partizan_base import Move
from misere.rulesets.sprouts import SproutsRuleset
from misere.rulesets.sprouts_canon import lives
from misere.rulesets.sprouts_reduced import TREE_LIVES, ReducedSolver
from misere.rulesets.sprouts_solve import SMALL
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

    def __init__(self) -> None:
        super().__init__()
        self._solver = ReducedSolver(small=SMALL)
        self.store_note = "none"
        self._endgames_path: str | None = None

    def _run(self, lands: list, play: str) -> bool:
        """Outcome with the store open for large positions; budgets report what was decided."""
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
        self._endgames(play)
        try:
            with budget.Progress(f"sprouts {play}") as bar:
                self._solver.progress = lambda **f: bar.update(**f)
                return self._solver.wins(lands, play)
        except BudgetExceededError as err:
            err.partial.update({"ruleset": self.name, "play": play, **self._solver.stats()})
            raise
        finally:
            self._solver.store = None
            self._solver.progress = None
            if store is not None:
                store.close()

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
        """Winning misère moves (the same for both players). Positions with at least
        :data:`~misere.rulesets.sprouts_store.MIN_LIVES` lives list the first winning move found."""
        comps = self.components(position)
        big = sum(map(lives, comps)) >= MIN_LIVES
        wins = []
        for mv, after in self.moves(comps, "Left"):
            if not self._run(after, "misere"):
                wins.append(mv)
                if big:
                    break
        players = ["Left", "Right"] if player is None else ["Left" if player.lower().startswith("l") else "Right"]
        return {p: [Move(p, m.component, m.label, m.result) for m in wins] for p in players}

    def play_notes(self, comps: list, o: Outcome) -> dict[str, Any]:
        """The store used, for ``misere play`` (which answers misère play alone unless asked for
        normal play: ``--play normal`` or ``--play both``, issue 38 item 3)."""
        return {"store": self.store_note}


Sprouts = SproutsPlay()
