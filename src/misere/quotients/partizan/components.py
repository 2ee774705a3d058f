"""Component systems: the closure cl(S) of partizan games, seen as a heap game.

A *component system* lists finitely many components ``c_0, ..., c_{n-1}`` (game forms, given by
their :data:`GameId`) and, for each, its Left and Right options as multisets of components
(sorted tuples of indices; the empty tuple is the game ``0``). A *word* is an exponent vector
``(e_0, ..., e_{n-1})``: the disjunctive sum of ``e_i`` copies of ``c_i``. Every position of
``cl(S)`` is a word when the components are the non-zero followers of ``S`` (each option of a
follower is one follower or ``0``); rulesets whose moves split a component into several
(Partizan Kayles strips) give their own systems.

This linearisation follows CGSuite's ``Linearization.scala`` for impartial closures (notes E.1);
the partizan reading is notes E.7 (Siegel 003 §8).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Iterable, Iterator, Sequence

from misere import budget
from misere.core.notation import format_id
from misere.core.ops import followers
from misere.core.outcome import Outcome, sum_outcome
from misere.core.table import ZERO, GameId, birthday, left, right
from misere.errors import MisereError

__all__ = ["Components", "from_games", "words_up_to", "Word"]

Word = tuple[int, ...]


@dataclass(frozen=True)
class Components:
    """Finitely many components with options given as multisets of components.

    Attributes
    ----------
    ids : tuple of GameId
        The game form of each component (used for outcome search).
    names : tuple of str
        Display name of each component.
    left_options, right_options : tuple of tuple of tuple of int
        ``left_options[i]`` lists the Left options of ``c_i``, each a sorted tuple of component
        indices (``()`` is ``0``).
    """

    ids: tuple[GameId, ...]
    names: tuple[str, ...]
    left_options: tuple[tuple[tuple[int, ...], ...], ...]
    right_options: tuple[tuple[tuple[int, ...], ...], ...]

    def __len__(self) -> int:
        return len(self.ids)

    def game_ids(self, word: Sequence[int]) -> list[GameId]:
        """The component forms of a word, with multiplicity."""
        out: list[GameId] = []
        for i, e in enumerate(word):
            out.extend([self.ids[i]] * e)
        return out

    def outcome(self, word: Sequence[int]) -> Outcome:
        """Misère outcome of the sum a word stands for (memoised search over multisets)."""
        return sum_outcome(self.game_ids(word))

    def word_of(self, indices: Iterable[int]) -> Word:
        """Exponent vector of a multiset of component indices."""
        w = [0] * len(self.ids)
        for i in indices:
            w[i] += 1
        return tuple(w)


def from_games(games: Sequence[GameId]) -> Components:
    """The component system of ``cl(games)``: all non-zero followers, simplest first.

    Components are ordered by birthday, ties broken by first appearance in a depth-first walk
    of the inputs in the given order, so the inputs' own order decides generator names.

    Raises
    ------
    MisereError
        When no game is given.
    """
    if not games:
        raise MisereError("a closure needs at least one game")
    order: dict[GameId, int] = {}
    for f in followers(*games):
        if f != ZERO:
            order[f] = len(order)
    comps = sorted(order, key=lambda f: (birthday(f), order[f]))
    index = {f: i for i, f in enumerate(comps)}

    def opts(xs: tuple[GameId, ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(sorted(() if x == ZERO else (index[x],) for x in xs))

    return Components(
        ids=tuple(comps),
        names=tuple(format_id(f) for f in comps),
        left_options=tuple(opts(left(f)) for f in comps),
        right_options=tuple(opts(right(f)) for f in comps),
    )


def words_up_to(n: int, size: int) -> Iterator[Word]:
    """All exponent vectors of length ``n`` with total at most ``size``, smallest total first
    (the budget in force is checked for each: ``size`` may be far beyond what can be listed)."""
    for total in range(size + 1):
        for combo in combinations_with_replacement(range(n), total):
            budget.check()
            w = [0] * n
            for i in combo:
                w[i] += 1
            yield tuple(w)
