"""The public Python API: thin functions over the core and the universe registry.

Every function accepts games as :class:`Game` objects or notation strings and a universe by
name (``"general"`` by default; see :func:`misere.universes.universe_names`). Members are
checked once here; recursion that runs too deep becomes :class:`ComputationLimitError`.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

from .. import budget
from ..core import theory
from ..core.game import Game
from ..core.notation import parse_terms
from ..core.outcome import Outcome, sum_outcome
from ..core.table import GameId
from ..errors import BudgetExceededError, ComputationLimitError
from .arguments import _day, _flag, _g, _games, _limited, _names, _terms, _text
from .display import find_universe

if TYPE_CHECKING:
    from ..universes import Universe


if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "parse", "parse_list", "game", "outcome", "outcome_of_sum", "canonical", "compare", "ge", "comparison",
    "distinguish", "born_by", "count_born_by", "Comparison", "GameLike", "order",
]

GameLike = "Game | str"
F = TypeVar("F", bound=Callable[..., Any])

if sys.getrecursionlimit() < 20000:
    sys.setrecursionlimit(20000)


#: most positions a sum search may have (estimated) before it is refused up front (a long misère
#: sum is first tried with the pruned search, see :data:`PRUNED_TRIAL_SECONDS`)
MAX_SEARCH_POSITIONS = 10**9

#: sums with more copies of one summand than this are searched with the multiple built as a form
_MAX_COPIES = 64

#: seconds the pruned search of a long sum is tried for when the estimate is over
#: :data:`MAX_SEARCH_POSITIONS` and no time budget is in force (then it is refused)
PRUNED_TRIAL_SECONDS = 10.0


def _search(terms: theory.Terms, normal: bool, label: str) -> Outcome:
    """Outcome of a sum that no rule covers: multiset search over components (no sum form)."""
    positions, _ = theory.estimate(terms)
    pruned = not normal and sum(c for _, c in terms) >= PRUNED_FROM
    short = label if len(label) <= 60 else label[:57] + '...'
    big = f"no rule from theory covers this sum and a search would visit up to {theory.big(positions)} positions"
    if positions > MAX_SEARCH_POSITIONS and not pruned:
        raise ComputationLimitError(f"{short}: {big}")
    if positions > MAX_SEARCH_POSITIONS and budget.current().remaining is None:
        # the estimate counts every multiset; the pruned search visits far fewer (24 copies of
        # four day-3 games: 2.5e12 estimated, 6 939 visited), so it is tried for a while
        try:
            with budget.limits(timeout=PRUNED_TRIAL_SECONDS):
                return _search_ids(terms, normal, label, pruned)
        except BudgetExceededError as e:
            if e.kind != "time":
                raise
            raise ComputationLimitError(
                f"{short}: {big}; the pruned search did not finish in {PRUNED_TRIAL_SECONDS:g} s "
                f"(give a time budget, e.g. --timeout 600, to let it run longer)") from None
    return _search_ids(terms, normal, label, pruned)


def _search_ids(terms: theory.Terms, normal: bool, label: str, pruned: bool) -> Outcome:
    """The components of ``terms`` built as forms, then the (pruned) multiset search."""
    ids: list[GameId] = []
    for t, c in terms:
        if c <= _MAX_COPIES:
            ids += [theory.build([(t, 1)], label)] * c
        else:
            ids.append(theory.build([(t, c)], label))
    if len(ids) == 1:
        return Game._of(ids[0]).outcome(normal)
    if pruned:
        return _pruned_outcome(ids)
    return sum_outcome(ids, normal)


def _pruned_outcome(ids: list[GameId]) -> Outcome:
    """Misère outcome of a long sum, searched modulo the smallest universe holding it."""
    from ..universes.sum_theory import pruned_outcome_pair

    return Outcome.from_pair(*pruned_outcome_pair(ids))


def _member(u: "Universe", *games: Game) -> None:
    for g in games:
        if not u.contains(g.id):
            u.check_member(g.id, lambda _i: repr(str(g)))


@_limited
def parse(text: str, names: "dict[str, Game] | None" = None) -> Game:
    """Parse notation such as ``"{0,*|*}"``, ``"*2"``, ``"^"``, ``"1/2"``, ``"3.{1|*}"``.

    Examples
    --------
    >>> str(parse("{2||1|0}"))
    '{2|{1|0}}'
    """
    return Game.parse(_text(text), _names(names))


@_limited
def parse_list(text: str, names: "dict[str, Game] | None" = None) -> list[Game]:
    """Parse a comma-separated list of games, such as ``"1, -1, {0|*}"``.

    Examples
    --------
    >>> [str(g) for g in parse_list("1, -1, {0|*}")]
    ['1', '-1', '^']
    """
    from ..core.notation import parse_list_id

    table = {k: v.id for k, v in (_names(names) or {}).items()}
    return [Game._of(x) for x in parse_list_id(_text(text), table)]


def game(lefts: Iterable["Game | str"] = (), rights: Iterable["Game | str"] = ()) -> Game:
    """The form ``{lefts | rights}``."""
    return Game.from_options(_games(lefts, "lefts"), _games(rights, "rights"))


@_limited
def outcome(g: "Game | str", normal: bool = False) -> Outcome:
    """The misère outcome ``"L" "N" "P" "R"`` of g (normal-play with ``normal=True``).

    Sums of nim heaps, integers and numbers are answered from the theory first
    (:func:`misere.core.theory.outcome`: Bouton's misère Nim, the token count for integers),
    with cost in the size of the notation; other sums are searched over their components
    without building the sum form.

    Examples
    --------
    >>> outcome("0"), outcome("0", normal=True), outcome("1")
    (<Outcome.N: 'N'>, <Outcome.P: 'P'>, <Outcome.R: 'R'>)
    >>> outcome("*99999999"), outcome("20001.*"), outcome("3 + -5 + 1")
    (<Outcome.N: 'N'>, <Outcome.P: 'P'>, <Outcome.L: 'L'>)
    """
    normal = _flag(normal, "normal")
    terms = _terms(g)
    found = theory.outcome(terms, normal)
    if found is not None:
        return found
    return _search(terms, normal, g if isinstance(g, str) else str(g))


@_limited
def outcome_of_sum(games: Iterable["Game | str"], normal: bool = False, simplify: bool = True) -> Outcome:
    """The outcome of a sum of games, searched over multisets of components (no sum is built).

    With several components and ``simplify=True`` each component is first replaced by its
    canonical form (misère: Siegel 003 Thm 5.1; normal play: Conway), which is equal to it in
    every sum and usually has fewer followers, so the search space shrinks. A misère sum of
    :data:`PRUNED_FROM` or more components is reduced in the smallest of the dicot,
    dead-ending, blocking and general universes that holds every component (the sum lies in it
    too, so its outcome is unchanged) and searched with that universe's order pruning dominated
    moves (:func:`misere.universes.sum_theory.pruned_outcome_pair`).

    Examples
    --------
    >>> outcome_of_sum(["*", "*", "{0,*|*}"]), outcome_of_sum(["*", "*"], normal=True)
    (<Outcome.N: 'N'>, <Outcome.P: 'P'>)
    """
    normal, simplify = _flag(normal, "normal"), _flag(simplify, "simplify")
    games = _games(games, "games")
    terms: theory.Terms = []
    for x in games:
        terms += _terms(x)
    found = theory.outcome(terms, normal)
    if found is not None:
        return found
    ids = [_g(x).id for x in games]
    if simplify and not normal and len(ids) >= PRUNED_FROM:
        return _pruned_outcome(ids)
    if simplify and len(ids) > 1:
        u = find_universe("normal" if normal else "general")
        ids = [u.reduce(x) for x in ids]
    return sum_outcome(ids, normal)


#: misère sums of at least this many components are searched modulo the smallest universe
#: holding them, with its order pruning the search (:mod:`misere.universes.sum_theory`)
PRUNED_FROM = 12


@_limited
def canonical(g: "Game | str", universe: "str | Universe" = "general") -> Game:
    """The canonical (reduced) form of g modulo the universe.

    Examples
    --------
    >>> str(canonical("{0,*|*}")), str(canonical("{*|*}", universe="normal"))
    ('{0,*|*}', '0')
    """
    u = find_universe(universe)
    gg = _g(g)
    _member(u, gg)
    return Game._of(u.reduce(gg.id))


def _by_theory(g: "Game | str", h: "Game | str", u: "Universe") -> str | None:
    """The relation of g and h from the theory (two nim heaps, two numbers in normal play), or None."""
    if isinstance(g, str) and isinstance(h, str):
        return theory.compare(parse_terms(g), parse_terms(h), u.name)
    return None


@_limited
def ge(g: "Game | str", h: "Game | str", universe: "str | Universe" = "general") -> bool:
    """``g ≥ h`` modulo the universe."""
    u = find_universe(universe)
    rel = _by_theory(g, h, u)
    if rel is not None:
        return rel in ("=", ">")
    gg, hh = _g(g), _g(h)
    _member(u, gg, hh)
    return u.ge(gg.id, hh.id)


@_limited
def compare(g: "Game | str", h: "Game | str", universe: "str | Universe" = "general") -> str:
    """``"="``, ``">"``, ``"<"`` or ``"||"`` (incomparable) modulo the universe.

    Examples
    --------
    >>> compare("0", "*"), compare("{|*,1}", "0"), compare("*100000", "*99999")
    ('||', '>', '||')
    """
    u = find_universe(universe)
    rel = _by_theory(g, h, u)
    if rel is not None:
        return rel
    gg, hh = _g(g), _g(h)
    _member(u, gg, hh)
    return u.compare(gg.id, hh.id)


@dataclass(frozen=True)
class Comparison:
    """The full answer of :func:`comparison`.

    Attributes
    ----------
    relation : ``"="``, ``">"``, ``"<"`` or ``"||"``.
    ge, le : whether g ≥ h and g ≤ h.
    not_ge_witness : when g ≱ h, a verified X in the universe with ``o(g+X) ≱ o(h+X)``.
    not_le_witness : when g ≰ h, a verified X with ``o(g+X) ≰ o(h+X)``.
    """

    universe: str
    relation: str
    ge: bool
    le: bool
    not_ge_witness: Game | None
    not_le_witness: Game | None
    g: Game | None = None
    h: Game | None = None

    def _repr_html_(self) -> str:
        """Notebook view: the relation and each witness with its outcome pair."""
        from ..viz.html import comparison_html

        rows = []
        if self.g is not None and self.h is not None:
            for direction, x in (("G >= H", self.not_ge_witness), ("G <= H", self.not_le_witness)):
                if x is not None:
                    og, oh = self.outcomes(self.g, self.h, x)
                    rows.append((direction, str(x), og.value, oh.value))
        return comparison_html(str(self.g), str(self.h), self.relation, self.universe, rows)

    def outcomes(self, g: Game, h: Game, x: Game) -> tuple[Outcome, Outcome]:
        """The outcomes of g+X and h+X in this universe's convention."""
        u = find_universe(self.universe)
        return u.outcome_of_sum((g.id, x.id)), u.outcome_of_sum((h.id, x.id))


@_limited
def comparison(g: "Game | str", h: "Game | str", universe: "str | Universe" = "general") -> Comparison:
    """Compare with verified witnesses for every direction that fails.

    Examples
    --------
    >>> c = comparison("0", "*")
    >>> c.relation, str(c.not_ge_witness), outcome_of_sum(["0", "0"]), outcome_of_sum(["*", "0"])
    ('||', '0', <Outcome.N: 'N'>, <Outcome.P: 'P'>)
    """
    u = find_universe(universe)
    gg, hh = _g(g), _g(h)
    _member(u, gg, hh)
    a, b = u.ge(gg.id, hh.id), u.ge(hh.id, gg.id)
    wa = None if a else Game._of(u.verified_witness(gg.id, hh.id))
    wb = None if b else Game._of(u.verified_witness(hh.id, gg.id))
    rel = "=" if a and b else ">" if a else "<" if b else "||"
    return Comparison(u.name, rel, a, b, wa, wb, gg, hh)


@_limited
def distinguish(g: "Game | str", h: "Game | str", universe: "str | Universe" = "general") -> Game | None:
    """A verified X in the universe with ``o(g+X) != o(h+X)``, or None when g ≡ h.

    Examples
    --------
    >>> x = distinguish("*", "0")
    >>> outcome_of_sum(["*", x]) != outcome_of_sum(["0", x])
    True
    >>> distinguish("{*|*}", "0", universe="normal") is None
    True
    """
    u = find_universe(universe)
    gg, hh = _g(g), _g(h)
    _member(u, gg, hh)
    x = u.distinguish(gg.id, hh.id)
    return None if x is None else Game._of(x)


@_limited
def born_by(n: int, universe: "str | Universe" = "general") -> list[Game]:
    """The canonical forms of all values born by day n modulo the universe.

    Examples
    --------
    >>> [len(born_by(d)) for d in (0, 1, 2)]
    [1, 4, 256]
    """
    n = _day(n)
    u = find_universe(universe)
    return [Game._of(x) for x in u.born_by(n)]


@_limited
def order(games: Iterable["Game | str"], universe: "str | Universe" = "general") -> "np.ndarray":
    """The whole ≥-order of ``games`` modulo the universe as a boolean matrix.

    ``M[i, j]`` is ``games[i] ≥ games[j]``. Universes with an options-only test (general,
    normal, dicot, dead-ending) fill it bottom-up over the union of the games' followers with
    row operations (:mod:`misere.universes.order`); other universes compare pair by pair.

    Parameters
    ----------
    games : games or notation strings, all members of the universe.
    universe : a universe name or alias.

    Returns
    -------
    numpy.ndarray
        ``len(games) × len(games)``, dtype bool.

    Raises
    ------
    NotInUniverseError
        if a game is not a member.

    Examples
    --------
    >>> order(["0", "*", "{|*,1}"]).astype(int).tolist()
    [[1, 0, 0], [0, 1, 0], [1, 0, 1]]
    >>> bool(order(["{0,*|*}", "0"])[0, 1]), bool(order(["{0,*|*}", "0"], universe="dicot")[0, 1])
    (False, True)
    >>> int(order(born_by(2)).sum())
    4491

    References
    ----------
    Siegel 003 Thms 5.3–5.4 (general); 004 Thms 16–17 (dicot, dead-ending).
    """
    u = find_universe(universe)
    gs = [_g(x) for x in games]
    _member(u, *gs)
    return u.order_matrix([g.id for g in gs])


@_limited
def count_born_by(n: int, universe: "str | Universe" = "general") -> int:
    """How many values are born by day n modulo the universe (counted without building them
    where the universe knows how)."""
    n = _day(n)
    u = find_universe(universe)
    counter = getattr(u, "count_born_by", None)
    if counter is not None:
        return int(counter(n))
    return len(u.born_by(n))






# --- invertibility (001 Thm 2.4.2, 000 §5, 004 §4) --------------------------------------------

@dataclass(frozen=True)
class Invertibility:
    """The answer of :func:`invertibility`.

    Attributes
    ----------
    universe : the universe's name.
    game : G.
    invertible : whether ``G + conj(G) ≡ 0`` modulo the universe.
    inverse : the reduced form of ``conj(G)`` when G is invertible.
    witness : when not invertible, a verified X with ``o(G + conj(G) + X) != o(X)``.
    method : how it was decided (cites the theorem).
    conjugate_property : every inverse is known to be ``≡ conj(G)`` (004 Thms 36–37 for 𝒟, ℰ).
    non_conjugal : other inverses H (``G + H ≡ 0``, ``H ≢ conj(G)``) found among small members.
    searched_day : the day searched for non-conjugal inverses (None: no search was needed).
    sufficient_condition : for dicots, whether 001 Thm 4.2.2's hereditary test holds.
    """

    universe: str
    game: Game
    invertible: bool
    inverse: Game | None
    witness: Game | None
    method: str
    conjugate_property: bool
    non_conjugal: tuple[Game, ...]
    searched_day: int | None
    sufficient_condition: bool | None

    def _repr_html_(self) -> str:
        """Notebook view: the answer, the inverse or the witness with its outcome pair, the method."""
        from ..viz.html import card_html, outcome_badge

        fields = [("G", str(self.game)), ("invertible", "yes" if self.invertible else "no"),
                  ("method", self.method)]
        extra = ""
        if self.inverse is not None:
            fields.append(("inverse", str(self.inverse)))
        if self.non_conjugal:
            fields.append(("other inverses", ", ".join(map(str, self.non_conjugal))))
        if self.witness is not None:
            u = find_universe(self.universe)
            g, x = self.game.id, self.witness.id
            both = u.outcome_of_sum((g, (~self.game).id, x)).value
            alone = u.outcome_of_sum((x,)).value
            fields.append(("witness X", str(self.witness)))
            extra = (f"<div>o(G + conj(G) + X) = {outcome_badge(both, False)}, "
                     f"o(X) = {outcome_badge(alone, False)}</div>")
        return card_html(f"invertibility modulo {self.universe}", fields, extra)


@_limited
def invertibility(g: "Game | str", universe: "str | Universe" = "general") -> Invertibility:
    """Is ``G + conj(G) ≡ 0`` modulo the universe? With witness, inverse and other inverses.

    Examples
    --------
    >>> r = invertibility("*", universe="dead-ending")
    >>> r.invertible, outcome_of_sum(["*", "*", r.witness]) != outcome(r.witness)
    (False, True)
    """
    from ..universes.invertibility import invertibility as _inv

    u = find_universe(universe)
    gg = _g(g)
    _member(u, gg)
    r = _inv(gg.id, u)
    opt = lambda x: None if x is None else Game._of(x)  # noqa: E731
    return Invertibility(r.universe, gg, r.invertible, opt(r.inverse), opt(r.witness), r.method,
                         r.conjugate_property, tuple(Game._of(x) for x in r.non_conjugal),
                         r.searched_day, r.sufficient_condition)


def is_invertible(g: "Game | str", universe: "str | Universe" = "general") -> bool:
    """Whether ``G + conj(G) ≡ 0`` modulo the universe (see :func:`invertibility`).

    Examples
    --------
    >>> is_invertible("*", "dicot"), is_invertible("*", "dead-ending"), is_invertible("1", "E")
    (True, False, True)
    """
    return invertibility(g, universe).invertible
