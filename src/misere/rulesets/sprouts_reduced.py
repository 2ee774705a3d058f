"""Reduced canonical trees for misère Sprouts (Lemoine and Viennot, arXiv 0908.4407).

**What a reduced canonical tree is.** Lemoine and Viennot replace a land of a misère position by
its *reduced canonical tree*, which "plays a role similar to the nimber in the normal version"
(0908.4407, abstract). In their program GLOP (class ``Rct``, read for the facts only) the tree of a
position is built from the trees of its options and then reduced by four rules:

1. options all nim heaps, one of them ``0`` or ``*1``: the tree is ``*mex``;
2. every option has ``0`` as an option and the position is a misère win: the tree is ``0``;
3. a second option ``H`` (an option of an option) whose options are a proper subset of the
   options, and which is an option of every other option: the tree is ``H``;
4. options ``G'`` and ``G'' + *1`` for every option ``G''`` of ``G'``: the tree is ``G' + *1``
   (a factorisation, kept as a bit beside the tree; no reduction).

Rules 1-3 are cases of Conway's simplification of impartial misère games (ONAG ch. 12: rule 2 is
the reduction to ``0`` with its proviso, rules 1 and 3 the bypass of reversible options), which
:func:`misere.impartial.canonical.simplify` applies in full; rule 4 changes only how a tree is
written. So a reduced canonical tree is the misère canonical form of the land, the form
:meth:`~misere.rulesets.sprouts_solve.SproutsSolver.form` already builds: nothing here builds
trees a second way. The reduction is modulo *all* impartial games, not modulo a smaller
universe: GLOP's ``Rct`` uses no Sprouts-specific equivalence, and none is used here.

**Theorem** (exactness). Let ``B`` be a sum of lands and ``S = x_1 + ... + x_k`` a sum of lands
with misère canonical forms ``c(x_i)``. Then ``o⁻(B + S) = o⁻(B + c(x_1) + ... + c(x_k))``, and
the right side may be searched as the game ``B + g`` with ``g`` the canonical form of the sum
(:func:`~misere.impartial.canonical.add_canonical`), moving in ``B`` or from ``g`` to an option
of ``g``.
*Proof.* ``x = c(x)`` modulo impartial games (ONAG ch. 12: simplification keeps the game's
class, and :func:`~misere.impartial.canonical.simplify` only simplifies), and equality modulo
impartial games is a congruence for ``+``: ``X + Y = X' + Y`` whenever ``X = X'``. So ``B + S = B + g`` modulo impartial games; taking the impartial
game ``0`` as the third game, both have the same misère outcome. The search on ``B + g`` is the
plain search of a (different, smaller) impartial game, exact move by move; each child is again
of the form ``B' + S'`` and the theorem applies to it. ∎

**Which lands get trees** (the only thing this option changes). The plain search
(:class:`~misere.rulesets.sprouts_solve.SproutsSolver`) replaces the lands with at most
``small = 4`` lives and any land whose form it already knows. GLOP turns every component with
fewer lives than its ``lifeLim`` parameter into its tree, by a search of the component's whole
tree, and then searches sums of trees. :class:`ReducedSolver` does the same in misère play:

* every land with at most :data:`TREE_LIVES` lives is replaced by its tree (built whole, its
  followers' trees memoised and shared by all positions);
* a larger land is replaced as soon as its tree is built from **trees already met**: every move
  of the land has been made and keyed, and every land those moves leave already has a tree (or is
  small). Building the tree is then one :func:`~misere.impartial.canonical.simplify` call, no
  search. The land is folded into the position's form from then on, so positions that differ only
  by it and the form become one.

Normal play is left alone (nimbers, as in the plain search).

**Why not reduce further, modulo the positions that can still occur.** The form ``g`` of a
position's small lands takes very few values: on misère 6, 7 and 8 spots the plain search meets
4, 6 and 9 distinct forms ``g`` (at 7 spots 5,415 positions over 4,008 distinct tuples of large
lands). Replacing ``g`` by a representative of its class modulo a smaller universe (the sums of
Sprouts lands that can still be added) merges at most positions with the same large lands, so it
could save at most 5,415 / 4,008 = 1.35x positions at 7 spots, while each such reduction needs an
equivalence that is proved for the universe. The positions differ by their *large* lands; giving
more lands their trees is what merges them.
"""
from __future__ import annotations

from typing import Any

from misere.rulesets.sprouts import Land
from misere.rulesets.sprouts_canon import lives
from misere.rulesets.sprouts_solve import SproutsSolver

__all__ = ["ReducedSolver", "TREE_LIVES"]

#: lands with at most this many lives are replaced by their reduced canonical tree in misère play
#: (GLOP's ``lifeLim``, less one); measured on misère 7 and 8 spots in benchmarks/README.md
TREE_LIVES = 6


class ReducedSolver(SproutsSolver):
    """The misère search over sums of reduced canonical trees (module docstring): lands with at
    most ``tree_lives`` lives and lands whose tree is built from trees already met are replaced by
    their misère canonical forms. Every answer equals the plain search's (the theorem above).

    Parameters
    ----------
    tree_lives : int
        Lands with at most this many lives get their tree in misère play (normal play keeps
        ``small``).
    built : bool
        Also replace a larger land once its tree is built from trees already met.
    **kwargs
        As :class:`~misere.rulesets.sprouts_solve.SproutsSolver`.
    """

    def __init__(self, *args: Any, tree_lives: int = TREE_LIVES, built: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tree_lives = tree_lives
        self.built = built
        self._built_count = 0

    def _reduces(self, land: Land) -> bool:
        n = lives(land)
        if n <= self.tree_lives:
            return True
        if not self.built:
            return False
        e = self._moves.get(land)
        if e is None or any(k is None for k in e.keyed):
            return False
        limit = max(self.small, self.tree_lives)
        for after in e.keyed:
            for y in after:
                if lives(y) > limit and y not in self._form:
                    return False
        self._built_count += 1
        return True

    def stats(self) -> dict[str, int]:
        """The plain search's counts, and the large lands replaced by trees built from trees
        already met (``built``)."""
        out = super().stats()
        out["built"] = self._built_count
        return out
