"""The tetrapartite quotient object: elements as normal words of the presentation, the outcome
partition, the induced order, units and structure (Siegel 003 §8). How it is found and proved is
described in :mod:`misere.quotients.partizan`."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from math import comb
from typing import Any, Iterable, Sequence

from misere.core.outcome import Outcome
from misere.core.table import ZERO, GameId
from misere.errors import MisereError, NotInUniverseError
from misere.quotients.monoid import TableMonoid
from misere.quotients.partizan.certify import Certificate
from misere.quotients.partizan.components import Components, Word, words_up_to
from misere.quotients.monoid.presentation import format_word, generator_names

__all__ = ["PartizanQuotient", "invariant_factors"]

_BUDGET = 6000  # words whose outcome is searched during classification
_MAX_TOTAL = 16


def _colex(w: Sequence[int]) -> tuple[int, ...]:
    return tuple(reversed(w))


def _add(u: Sequence[int], v: Sequence[int]) -> Word:
    return tuple(a + b for a, b in zip(u, v))


def _divides(u: Sequence[int], v: Sequence[int]) -> bool:
    return all(a <= b for a, b in zip(u, v))


def _bounds(n: int, size: int | None, test: int | None) -> tuple[int, int]:
    if size is not None and test is not None:
        return size, test
    total = 2
    while total < _MAX_TOTAL and comb(total + 1 + n, n) <= _BUDGET:
        total += 1
    # words far from the identity need long test words to be told apart (e.g. k.^* against
    # k.v* + *), so most of the budget goes to the tests
    s = size if size is not None else max(2, total // 3)
    t = test if test is not None else max(1, total - s)
    return s, t


def invariant_factors(rows: Sequence[Sequence[int]], ncols: int) -> tuple[int, list[int]]:
    """Free rank and torsion invariant factors (> 1) of ``ℤ^ncols / rowspan(rows)``.

    Smith normal form by elementary row and column operations.
    """
    a = [list(r) for r in rows if any(r)]
    rank = 0
    diag: list[int] = []
    while a:
        # pivot: smallest non-zero absolute entry
        best = None
        for i, r in enumerate(a):
            for j, v in enumerate(r):
                if v and (best is None or abs(v) < abs(a[best[0]][best[1]])):
                    best = (i, j)
        if best is None:
            break
        i, j = best
        a[0], a[i] = a[i], a[0]
        for r in a:
            r[0], r[j] = r[j], r[0]
        p = a[0][0]
        done = True
        for r in a[1:]:
            q = r[0] // p
            if q:
                r[:] = [x - q * y for x, y in zip(r, a[0])]
            if r[0]:
                done = False
        for j2 in range(1, len(a[0])):
            q = a[0][j2] // p
            if q:
                for r in a:
                    r[j2] -= q * r[0]
            if a[0][j2]:
                done = False
        if not done:
            continue
        if any(x % p for r in a[1:] for x in r[1:]):
            # make p divide the rest: add a row with a non-multiple into the pivot row
            for r in a[1:]:
                if any(x % p for x in r[1:]):
                    a[0] = [x + y for x, y in zip(a[0], r)]
                    break
            continue
        diag.append(abs(p))
        rank += 1
        a = [r[1:] for r in a[1:]]
        a = [r for r in a if any(r)]
    return ncols - rank, [d for d in diag if d > 1]


def _type_name(free: int, torsion: Sequence[int]) -> str:
    parts = []
    if free:
        parts.append("Z" if free == 1 else f"Z^{free}")
    parts += [f"Z{d}" for d in torsion]
    return " x ".join(parts) if parts else "trivial"


@dataclass
class PartizanQuotient:
    """The tetrapartite misère quotient of a closure (Siegel 003 §8).

    Elements are named by their normal words over the generators ``a, b, c, ...`` (``"1"`` is
    the identity, the class of ``0``), as in the impartial presentations of seed 002 §9.3.

    Attributes
    ----------
    components : Components
        The linearised closure.
    generators : tuple of int
        Component index of each generator, in order ``a, b, ...``.
    relations : list of (str, str)
        The defining relations ``lhs = rhs`` over the generators.
    finite : bool
        Whether the monoid is finite.
    strategy : str
        How the result was established (``"exact: ..."`` or ``"bounded: ..."``).
    size_bound, test_bound : int
        Classification bounds (words of size ``<= size_bound`` against tests ``<= test_bound``).
    verified_words : int
        Number of words whose predicted outcome was checked against search.
    """

    components: Components
    generators: tuple[int, ...]
    _rules: list[tuple[Word, Word]]
    size_bound: int
    test_bound: int
    finite: bool = False
    strategy: str = ""
    verified_words: int = 0
    certificate: Certificate | None = None
    proof: Any = None
    _pi: dict[Word, Outcome] = field(default_factory=dict)
    _elements: list[Word] | None = None
    _table: TableMonoid | None = None
    _z_window: list[Word] | None = None

    # -- words and names -----------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Generator names ``a, b, c, ...``."""
        return generator_names(len(self.generators))

    def legend(self) -> dict[str, str]:
        """Generator name -> the component (game) it stands for."""
        return {nm: self.components.names[c] for nm, c in zip(self.names, self.generators)}

    def normal_form(self, word: Sequence[int]) -> Word:
        """Rewrite a word over the components to its normal word (still over the components)."""
        w = list(word)
        changed = True
        while changed:
            changed = False
            for lhs, rhs in self._rules:
                if _divides(lhs, w):
                    t = min(w[i] // e for i, e in enumerate(lhs) if e)
                    w = [a - t * l + t * r for a, l, r in zip(w, lhs, rhs)]
                    changed = True
                    break
        return tuple(w)

    def _gen_word(self, w: Sequence[int]) -> tuple[int, ...]:
        return tuple(w[c] for c in self.generators)

    def _comp_word(self, g: Sequence[int]) -> Word:
        w = [0] * len(self.components)
        for c, e in zip(self.generators, g):
            w[c] = e
        return tuple(w)

    def name(self, word: Sequence[int]) -> str:
        """Normal word (generator letters) of the class of a component word."""
        return format_word(self._gen_word(self.normal_form(word)), self.names)

    def parse_element(self, text: str) -> Word:
        """Component word of an element written as a word in the generators, e.g. ``'ab2'``."""
        s = text.replace(" ", "")
        if s in ("1", "0", ""):
            return (0,) * len(self.components)
        names = self.names
        g = [0] * len(names)
        pos = 0
        for m in re.finditer(r"([a-z])(\d*)", s):
            if m.start() != pos or m.group(1) not in names:
                raise MisereError(f"cannot read element {text!r}: generators are {', '.join(names)}")
            g[names.index(m.group(1))] += int(m.group(2) or 1)
            pos = m.end()
        if pos != len(s):
            raise MisereError(f"cannot read element {text!r}: generators are {', '.join(names)}")
        return self.normal_form(self._comp_word(g))

    def word_of_games(self, games: Iterable[Any]) -> Word:
        """Component word of a sum of games of the closure, given as a list of its parts."""
        index = {gid: i for i, gid in enumerate(self.components.ids)}
        w = [0] * len(self.components)
        for g in games:
            gid = _gid(g)
            if gid == ZERO:
                continue
            i = index.get(gid)
            if i is None:
                raise NotInUniverseError(
                    f"{_show(g)} is not a component of this closure; pass a sum as a list of "
                    f"its parts (components: {', '.join(self.components.names)})")
            w[i] += 1
        return tuple(w)

    def _word(self, x: Any) -> Word:
        if isinstance(x, str):
            return self.parse_element(x)
        if isinstance(x, tuple) and all(isinstance(e, int) for e in x) and \
                len(x) == len(self.components):
            return self.normal_form(x)
        return self.normal_form(self.word_of_games(x))

    # -- the public quotient interface ---------------------------------------------------

    def element(self, games: Iterable[Any]) -> str:
        """The element (normal word) of the sum of ``games`` (each a component of cl(S))."""
        return self.name(self.word_of_games(games))

    def pi(self, x: Any) -> Outcome:
        """Outcome class ``Π(x)`` of an element (name, component word or list of games).

        Read off the proved periodic partition of a rank-one quotient (no search, any size);
        otherwise found by search on the normal word.
        """
        w = self._word(x)
        o = self._pi.get(w)
        if o is None:
            if self.proof is not None and self.proof.ok:
                o = self.proof.pi(self.proof.coord(w))
            else:
                o = self.components.outcome(w)
            self._pi[w] = o
        return o

    def outcome(self, games: Iterable[Any]) -> Outcome:
        """Outcome of the sum of ``games`` read off the quotient: ``Π(Φ(G_1 + ... + G_k))``."""
        return self.pi(self.normal_form(self.word_of_games(games)))

    def multiply(self, x: Any, y: Any) -> str:
        """The product (sum of games) of two elements."""
        return self.name(_add(self._word(x), self._word(y)))

    def elements(self, max_size: int | None = None) -> list[str]:
        """All elements (finite case) or those whose normal word has at most ``max_size``
        letters (infinite case; default 4)."""
        return [self.name(w) for w in self._element_words(max_size)]

    def _element_words(self, max_size: int | None = None) -> list[Word]:
        if self.finite and max_size is None:
            assert self._elements is not None
            return list(self._elements)
        k = self._window_size(4, 40) if max_size is None else max_size
        out, seen = [], set()
        for g in words_up_to(len(self.generators), k):
            w = self.normal_form(self._comp_word(g))
            if w not in seen:
                seen.add(w)
                out.append(w)
        return out

    @property
    def order(self) -> int | None:
        """Number of elements, ``None`` when infinite."""
        return len(self._elements) if self.finite and self._elements is not None else None

    @property
    def partition(self) -> dict[str, str]:
        """Element -> ``"L"/"N"/"P"/"R"`` (all elements if finite, else normal words of
        length <= 4, fewer letters if there would be more than 40 of them)."""
        return {self.name(w): self.pi(w).value for w in self._element_words()}

    @property
    def P(self) -> list[str]:
        """Elements in the P-portion (within :attr:`partition`)."""
        return [x for x, o in self.partition.items() if o == "P"]

    @property
    def phi(self) -> dict[str, str]:
        """Component -> element (the pretending function on components)."""
        n = len(self.components)
        return {nm: self.name(tuple(int(i == j) for j in range(n)))
                for i, nm in enumerate(self.components.names)}

    @property
    def presentation(self) -> str:
        """``<a,b,... | relations>``."""
        rels = ",".join(f"{l}={r}" for l, r in self.relations)
        gens = ",".join(self.names)
        return f"<{gens} | {rels}>" if rels else f"<{gens}>"

    @property
    def relations(self) -> list[tuple[str, str]]:
        """Defining relations among the generators."""
        gens = set(self.generators)
        out = []
        for lhs, rhs in self._rules:
            if all(i in gens for i, e in enumerate(lhs) if e):
                out.append((format_word(self._gen_word(lhs), self.names),
                            format_word(self._gen_word(rhs), self.names)))
        return out

    def _window_size(self, largest: int, count: int) -> int:
        """Largest ``k <= largest`` such that at most ``count`` words of ``<= k`` letters exist
        over the generators (at least 1)."""
        g = len(self.generators)
        k = 1
        while k < largest and comb(k + 1 + g, g) <= count:
            k += 1
        return k

    def _orders_window(self) -> list[Word]:
        if self.finite:
            return self._element_words()
        if self._z_window is None:
            self._z_window = self._element_words(self._window_size(max(2, min(8, 2 * self.test_bound)), 300))
        return self._z_window

    def ge(self, x: Any, y: Any) -> bool:
        """``x ≥ y`` in the induced order: ``Π(xz) ≥ Π(yz)`` for all ``z`` (003 §8).

        Exact for a finite quotient and for an infinite one proved of rank one
        (:meth:`misere.quotients.partizan.rank1.Rank1Proof.ge`); otherwise ``z`` ranges over the
        elements whose normal words have at most ``2 * test_bound`` (between 2 and 8) letters,
        fewer if there would be more than 300 of them.
        """
        wx, wy = self._word(x), self._word(y)
        if self.proof is not None and self.proof.ok:
            return bool(self.proof.ge(wx, wy))
        for z in self._orders_window():
            if not self.pi(self.normal_form(_add(wx, z))) >= self.pi(self.normal_form(_add(wy, z))):
                return False
        return True

    def order_relations(self, max_size: int | None = None) -> list[tuple[str, str]]:
        """Pairs ``(x, y)`` with ``x > y`` among :meth:`elements`."""
        ws = self._element_words(max_size)
        out = []
        for a in ws:
            for b in ws:
                if a != b and self.ge(a, b) and not self.ge(b, a):
                    out.append((self.name(a), self.name(b)))
        return out

    def is_invertible(self, x: Any) -> bool:
        """Whether ``x`` has an inverse (exact if finite; searched among short words if not)."""
        wx = self._word(x)
        one = (0,) * len(self.components)
        return any(self.normal_form(_add(wx, z)) == one
                   for z in self._element_words(None if self.finite else 6))

    @property
    def is_group(self) -> bool:
        """Whether every element is invertible (every generator has an inverse)."""
        n = len(self.components)
        return all(self.is_invertible(tuple(int(i == c) for i in range(n)))
                   for c in self.generators)

    def units(self) -> list[str] | str:
        """The invertible elements: a list (finite), ``"all"`` (group), or the invertible
        elements among short normal words."""
        if self.finite:
            return [self.name(w) for w in self._element_words() if self.is_invertible(w)]
        if self.is_group:
            return "all"
        return [self.name(w) for w in self._element_words(3) if self.is_invertible(w)]

    @property
    def structure(self) -> str:
        """Isomorphism type when known: ``Z``, ``Z x Z2``, ``N``, ``finite of order 6``, ..."""
        k = len(self.generators)
        rows = []
        for lhs, rhs in self._rules:
            if set(i for i, e in enumerate(lhs) if e) <= set(self.generators):
                g1, g2 = self._gen_word(lhs), self._gen_word(rhs)
                rows.append([a - b for a, b in zip(g1, g2)])
        free, tors = invariant_factors(rows, k)
        if self.finite:
            kind = "group " + _type_name(free, tors) if self.is_group else "monoid"
            return f"finite {kind} of order {self.order}"
        if self.is_group:
            return _type_name(free, tors)
        if not rows:
            return "N" if k == 1 else f"N^{k}"
        return f"infinite monoid (group completion {_type_name(free, tors)})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (fields shared with the impartial quotient plus the partition)."""
        return {
            "partizan": True,
            "game": "cl(" + ", ".join(self.components.names) + ")",
            "order": self.order,
            "p_count": len(self.P) if self.finite else None,
            "finite": self.finite,
            "structure": self.structure,
            "generators": self.legend(),
            "presentation": self.presentation,
            "relations": [f"{l}={r}" for l, r in self.relations],
            "phi": self.phi,
            "partition": self.partition,
            "partition_rule": self.proof.rule if self.proof is not None and self.proof.ok else None,
            "P": self.P,
            "units": self.units(),
            "order_relations": [f"{a}>{b}" for a, b in self.order_relations()],
            "strategy": self.strategy,
            "size_bound": self.size_bound,
            "test_bound": self.test_bound,
            "verified_words": self.verified_words,
        }

    def _repr_html_(self) -> str:
        """Notebook view: presentation, structure, strategy, the outcome of each element as a
        badge, and the Hasse diagram of the order when the quotient is finite and small."""
        from misere.viz.html import card_html, outcome_badge, table_html

        words = self._element_words(None if self.order is not None else 3)[:40]
        rows = [(self.name(w), outcome_badge(self.pi(w).value, False)) for w in words]
        fields = [("presentation", self.presentation), ("structure", self.structure),
                  ("strategy", self.strategy)]
        picture = self.hasse_svg() if self.order is not None and self.order <= 40 else ""
        return card_html("partizan misère quotient", fields, table_html(["element", "outcome"], rows, raw=True)
                         + picture)

    def hasse_svg(self, max_size: int | None = None, title: str = "") -> str:
        """SVG Hasse diagram of the induced order, nodes coloured by outcome class."""
        from misere.viz.hasse import hasse_svg
        ws = self._element_words(max_size)
        labels = [f"{self.name(w)} ({self.pi(w).value})" for w in ws]
        ge = {(i, j): self.ge(a, b) for i, a in enumerate(ws) for j, b in enumerate(ws)}
        return hasse_svg(labels, lambda i, j: ge[(i, j)], title=title, outcomes=[self.pi(w).value for w in ws])


def _gid(g: Any) -> GameId:
    if isinstance(g, int):
        return g
    if isinstance(g, str):
        from misere.core.notation import parse_id
        return parse_id(g)
    gid = getattr(g, "id", None)
    if isinstance(gid, int):
        return gid
    raise TypeError(f"expected a game, got {type(g).__name__}")


def _show(g: Any) -> str:
    if isinstance(g, int):
        from misere.core.notation import format_id
        return repr(format_id(g))
    return repr(str(g))
