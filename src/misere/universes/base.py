"""The universe protocol and registry.

A *universe* is a class of games closed under options, sums and conjugates (004 Def 1). Modulo
a universe U, ``G ≥_U H`` means ``o(G+X) ≥ o(H+X)`` for every X in U (001 Def 2.1.6). Each
universe supplies membership, an options-only comparison, a reduced (canonical) form and a
witness construction; this module derives equality, the four-way comparison, distinguishing
games, and enumeration of the values born by day n from those.

Universes are looked up by name or alias with :func:`find_universe`, in the manner of
python-chess's ``find_variant``.
"""
from __future__ import annotations

from typing import Callable, ClassVar, Iterable, Optional, Sequence

import numpy as np

from .. import budget
from ..core import cache
from ..core.outcome import Outcome, sum_outcome
from ..core.table import ZERO, GameId, birthday, intern
from ..errors import (ComputationLimitError, InvalidArgumentError, NotInUniverseError, UnknownUniverseError,
                      VerificationError)
from .order import OrderTable

__all__ = ["Universe", "register", "find_universe", "universe_names", "antichains", "subsets"]


class Universe:
    """Base class of every universe; subclasses implement the four required hooks.

    Required: :attr:`name`, :meth:`contains`, :meth:`ge`, :meth:`reduce`, :meth:`witness`, given
    either as methods of a subclass or as functions to the constructor.
    Derived here: :meth:`eq`, :meth:`compare`, :meth:`distinguish`, :meth:`born_by`,
    :meth:`order_matrix`, :meth:`check_member`.
    """

    name: ClassVar[str] = "?"
    aliases: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""
    #: outcomes in this universe are normal-play outcomes (only the ``normal`` universe)
    normal_play: ClassVar[bool] = False
    #: largest day :meth:`born_by` will enumerate exhaustively
    max_enumeration_day: ClassVar[int] = 2
    #: why enumeration stops there, added to the refusal (optional)
    enumeration_note: ClassVar[str] = ""
    #: the incremental ≥-matrix of :mod:`misere.universes.order`, where the universe has one
    order_table: Optional[OrderTable] = None

    def __init__(self, *, contains: Callable[[GameId], bool] | None = None,
                 ge: Callable[[GameId, GameId], bool] | None = None,
                 reduce: Callable[[GameId], GameId] | None = None,
                 witness: Callable[[GameId, GameId], GameId] | None = None,
                 order_table: OrderTable | None = None) -> None:
        """Supply the required hooks as functions instead of overriding the methods."""
        for name, fn in (("contains", contains), ("ge", ge), ("reduce", reduce), ("witness", witness)):
            if fn is not None:
                setattr(self, name, fn)
        if order_table is not None:
            self.order_table = order_table

    # --- required hooks ------------------------------------------------------------------
    def contains(self, g: GameId) -> bool:
        """Is ``g`` a member of this universe?"""
        raise NotImplementedError

    def ge(self, g: GameId, h: GameId) -> bool:
        """``g ≥ h`` modulo this universe (both members)."""
        raise NotImplementedError

    def reduce(self, g: GameId) -> GameId:
        """The unique reduced (canonical) form of ``g`` modulo this universe."""
        raise NotImplementedError

    def witness(self, g: GameId, h: GameId) -> GameId:
        """A member X with ``o(g+X) ≱ o(h+X)``, for ``g ≱ h`` (not yet verified)."""
        raise NotImplementedError

    # --- derived -------------------------------------------------------------------------
    def outcome_of_sum(self, games: Iterable[GameId]) -> Outcome:
        """The outcome of a sum in this universe's play convention."""
        return sum_outcome(games, normal=self.normal_play)

    def check_member(self, g: GameId, label: Callable[[GameId], str] = str) -> None:
        """Raise :class:`NotInUniverseError` unless ``g`` is a member."""
        if not self.contains(g):
            raise NotInUniverseError(f"{label(g)} is not in the {self.name} universe")

    def eq(self, g: GameId, h: GameId) -> bool:
        """``g ≡ h`` modulo this universe."""
        return g == h or (self.ge(g, h) and self.ge(h, g))

    def compare(self, g: GameId, h: GameId) -> str:
        """One of ``"="``, ``">"``, ``"<"``, ``"||"``."""
        a, b = self.ge(g, h), self.ge(h, g)
        return "=" if a and b else ">" if a else "<" if b else "||"

    def order_matrix(self, games: Sequence[GameId]) -> np.ndarray:
        """The boolean matrix ``M[i, j] = games[i] ≥ games[j]`` modulo this universe (members).

        Computed by :class:`~misere.universes.order.OrderTable` where the universe has one,
        otherwise pair by pair with :meth:`ge`.
        """
        if self.order_table is not None:
            return self.order_table.matrix(games)
        n = len(games)
        m = np.zeros((n, n), dtype=bool)
        for i, g in enumerate(games):
            for j, h in enumerate(games):
                budget.check()
                m[i, j] = g == h or self.ge(g, h)
        return m

    def verified_witness(self, g: GameId, h: GameId) -> GameId:
        """A witness of ``g ≱ h``, checked by outcome search before it is returned.

        Raises
        ------
        VerificationError
            if the construction fails its check (a bug).
        """
        x = self.witness(g, h)
        og, oh = self.outcome_of_sum((g, x)), self.outcome_of_sum((h, x))
        if og >= oh or not self.contains(x):
            raise VerificationError(
                f"witness #{x} for 'not {g} >= {h}' in {self.name} failed: outcomes {og}, {oh}"
            )
        return x

    def distinguish(self, g: GameId, h: GameId) -> GameId | None:
        """A verified member X with different outcomes in ``g+X`` and ``h+X``; None if ``g ≡ h``."""
        if not self.ge(g, h):
            return self.verified_witness(g, h)
        if not self.ge(h, g):
            return self.verified_witness(h, g)
        return None

    def born_by(self, n: int) -> list[GameId]:
        """The values born by day ``n`` (one representative each, sorted by (birthday, id));
        cached. The day itself is made by :meth:`build_day`."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidArgumentError(f"a day must be a non-negative integer, got {n!r:.40}")
        memo = cache.table(f"{self.name}.born_by")
        if n not in memo:
            if n > self.max_enumeration_day:
                raise ComputationLimitError(
                    f"enumerating the {self.name} universe is limited to day {self.max_enumeration_day}"
                    + (f" ({self.enumeration_note})" if self.enumeration_note else ""))
            memo[n] = tuple(sorted(self.build_day(n), key=lambda x: (birthday(x), x)))
        return list(memo[n])

    def build_day(self, n: int) -> list[GameId]:
        """The reduced forms of all values born by day ``n``: day n is built from antichains of
        day n-1 (dominated options never survive reduction), as in Siegel 003 §6."""
        day = [ZERO]
        for _ in range(n):
            chains = antichains(day, self.ge, self.order_matrix(day))
            found = set(day) | self.values_with_options(chains, chains)
            day = sorted(found, key=lambda x: (birthday(x), x))
        return day

    def values_with_options(self, left_sets: Sequence[Sequence[GameId]],
                            right_sets: Sequence[Sequence[GameId]]) -> set[GameId]:
        """The reduced forms of the members ``{A | B}``, ``A`` in ``left_sets``, ``B`` in
        ``right_sets`` (forms outside the universe are skipped)."""
        found: set[GameId] = set()
        for a in left_sets:
            for b in right_sets:
                budget.check()
                g = intern(a, b)
                if self.contains(g):
                    found.add(self.reduce(g))
        return found


def subsets(xs: Sequence[GameId]) -> list[list[GameId]]:
    """All subsets of ``xs`` (as lists in the order of ``xs``), indexed by bit mask."""
    return [[x for i, x in enumerate(xs) if m >> i & 1] for m in range(1 << len(xs))]


def antichains(games: list[GameId], ge: Callable[[GameId, GameId], bool],
               matrix: Optional[np.ndarray] = None) -> list[tuple[GameId, ...]]:
    """All antichains (sets of pairwise incomparable elements) of ``games`` under ``ge``
    (or under the precomputed ``matrix[i, j] = games[i] ≥ games[j]``)."""
    n = len(games)
    if matrix is None:
        matrix = np.array([[ge(g, h) for h in games] for g in games], dtype=bool).reshape(n, n)
    comp = matrix | matrix.T
    np.fill_diagonal(comp, False)
    comparable = comp.tolist()
    out: list[tuple[GameId, ...]] = []

    def extend(start: int, chosen: list[int]) -> None:
        budget.check()
        out.append(tuple(games[i] for i in chosen))
        for k in range(start, n):
            if all(not comparable[k][c] for c in chosen):
                chosen.append(k)
                extend(k + 1, chosen)
                chosen.pop()

    extend(0, [])
    return out


_REGISTRY: dict[str, Universe] = {}


def register(universe: Universe) -> Universe:
    """Add a universe to the registry under its name and aliases."""
    for key in (universe.name, *universe.aliases):
        _REGISTRY[key.lower()] = universe
    return universe


def find_universe(name: "str | Universe") -> Universe:
    """Look a universe up by name or alias (case-insensitive).

    Raises
    ------
    UnknownUniverseError
        naming the known universes.
    """
    if isinstance(name, Universe):
        return name
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a universe is a name or a Universe, got {type(name).__name__} {name!r:.40}")
    u = _REGISTRY.get(str(name).lower().replace("_", "-"))
    if u is None:
        raise UnknownUniverseError(
            f"unknown universe {name!r}; known: {', '.join(universe_names())}"
        )
    return u


def universe_names() -> list[str]:
    """The registered universe names (without aliases)."""
    return sorted({u.name for u in _REGISTRY.values()})
