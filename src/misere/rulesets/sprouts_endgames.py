"""Misère Sprouts endgames: every land with at most ``k`` lives, and the misère quotient of
their sums (Plambeck 002 §10.5: "a database of misère Sprouts endgames" and "the
indistinguishability quotient of their misère addition").

**The set of lands.** A land (Lemoine and Viennot, arXiv 0908.4407 §2; :mod:`misere.rulesets.sprouts`)
never merges with another: every land of a position reached from the ``n``-spot start descends,
move by move, from the one land of the start. A move in a land with ``L`` lives leaves lands
with at most ``L - 1`` lives in all (two lives are used, the new spot has one; a region where
no move is possible is dropped with its lives). :func:`endgame_lands`
enumerates ``E_k(N)``, the lands with at most ``k`` lives that occur in some play from an
``n``-spot start, ``n <= N`` (walk keys, :mod:`~misere.rulesets.sprouts_canon`, as the misère
search uses them), by following every move of every land reachable from those starts. The set
is **closed under options**: an option of a land of ``E_k(N)`` is a sum of lands reachable from
the same start, each with fewer lives. Which ``N`` suffices for all plays is not proved: the
counts per number of lives are the same from ``N = L`` to ``N = 5`` spots for every ``L <= 4``
(the *Sprouts endgames* results page), and ``N`` is stated with every table.

**The quotient.** The closure ``A`` of ``E_k(N)`` (all finite sums of its lands) is a heap game
in the sense of Plambeck 002 §9.2: a heap for each misère canonical form of its lands (lands
equal as games share it), its options the multisets of smaller heaps the moves of its first
land leave (:func:`endgame_game`). :func:`endgame_table` hands that game to
:func:`misere.quotients.quotient`, which computes the misère quotient of the closure of heaps
``0..m`` (002 §5-§9; notes E.1, E.5) with its brute-force certificate; a land's element is
``Phi`` of its heap and a sum of lands is a misère P-position iff the product of its elements
lies in the P-portion (002 §6, Theorem: the quotient map is a monoid homomorphism onto ``Q``
with ``P = Phi(P-positions)``).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from misere import budget
from misere.errors import ComputationLimitError
from misere.impartial.heap import HeapGame
from misere.rulesets.sprouts import Land, format_land, land_moves, simplify_land, spots
from misere.rulesets.sprouts_canon import keyed_by, lives
from misere.rulesets.sprouts_store import RULES
from misere.sqlite_file import APPLICATION_IDS, FileKind, open_file

__all__ = ["EndgameTable", "FormElements", "brute_force", "endgame_lands", "endgame_game", "land_classes",
           "endgame_table", "land_options", "save_table", "load_table", "read_key", "KIND"]

#: the land keys of the table: the misère search's (:data:`~misere.rulesets.sprouts_solve.PLAY_KEYS`)
KEYS = "walk"


def land_options(land: Land) -> list[tuple[Land, ...]]:
    """The positions one move leaves in ``land``, each a sorted tuple of keyed lands, once each."""
    out = []
    for _, after in land_moves(land, raw=True):
        out.append(tuple(sorted((simplify_land(x) for x in after), key=repr)))
    return list(dict.fromkeys(out))


def endgame_lands(k: int, starts: int | None = None) -> list[Land]:
    """``E_k(N)``: the lands with at most ``k`` lives reachable from the ``n``-spot starts,
    ``n <= N = starts`` (by default ``N = k``), sorted by lives then key; closed under options.

    Every land reachable from those starts is visited (lives only go down along moves, so
    none is missed); lands with more than ``k`` lives are passed through, not kept.

    Examples
    --------
    >>> [format_land(x) for x in endgame_lands(2)]
    ['1.}', '2.2.}', 'AB.}AB.}']
    """
    n_max = k if starts is None else starts
    with keyed_by(KEYS):
        seen: set[Land] = set()
        stack = []
        for n in range(1, n_max + 1):
            s = simplify_land(spots(n))
            if s not in seen:
                seen.add(s)
                stack.append(s)
        kept = []
        while stack:
            budget.check()
            x = stack.pop()
            if lives(x) <= k:
                kept.append(x)
            for after in land_options(x):
                for y in after:
                    if y not in seen:
                        seen.add(y)
                        stack.append(y)
    return sorted(kept, key=lambda x: (lives(x), format_land(x)))


def land_classes(lands: Sequence[Land]) -> dict[Land, int]:
    """The misère canonical form (a game id; Conway, ONAG ch. 12) of each land, by
    :meth:`~misere.rulesets.sprouts_solve.SproutsSolver.form`: lands with one form are equal
    games, equal in every sum."""
    from misere.rulesets.sprouts_solve import SproutsSolver

    solver = SproutsSolver()
    with keyed_by(KEYS):
        return {x: solver.form(x) for x in lands}


def endgame_game(lands: Sequence[Land], name: str = "Sprouts endgames") -> tuple[HeapGame, dict[Land, int]]:
    """The heap game of the closure of ``lands`` (closed under options, sorted by lives), and
    the heap of each land.

    Lands with one misère canonical form (:func:`land_classes`) share a heap, numbered in the
    order of its first land; the heap's options are the multisets of heaps the moves of that
    land leave (002 §9.2). Replacing every land by an equal one changes no outcome of any sum,
    so the closure of the heaps has the quotient of the closure of the lands (the same sums up
    to equality), and each option's heaps come before the heap (its lands have fewer lives
    than the first land of the heap, which has the fewest of its class)."""
    forms = land_classes(lands)
    first: dict[int, int] = {}
    heap = {x: first.setdefault(forms[x], len(first) + 1) for x in lands}
    reps = {h: x for x, h in reversed(list(heap.items()))}
    with keyed_by(KEYS):
        opts = [[]] + [[tuple(heap[y] for y in after) for after in land_options(reps[h])]
                       for h in range(1, len(first) + 1)]
    game = HeapGame(name, lambda n: opts[n], labels=["0"] + [format_land(reps[h]) for h in range(1, len(first) + 1)],
                    max_heap=len(first))
    return game, heap


@dataclass
class EndgameTable:
    """The misère quotient of the sums of the lands ``E_k(N)`` (``k`` lives, ``N = starts``).

    ``element[land]`` is the land's element of ``Q`` (``Phi`` of its heap), ``table`` the
    multiplication of ``Q`` (``identity``: the empty sum), ``is_p`` its P-portion, ``words`` the
    normal word of each element in the presentation. ``quotient`` is the
    :class:`misere.quotients.Quotient` when computed here (``None`` when read from a store).
    """

    k: int
    starts: int
    lands: list[Land]
    element: dict[Land, int]
    table: list[list[int]]
    identity: int
    is_p: list[bool]
    words: list[str]
    presentation: str
    quotient: Any = field(default=None, repr=False)

    @property
    def order(self) -> int:
        """``|Q|``."""
        return len(self.table)

    @property
    def p_count(self) -> int:
        """``|P|``."""
        return sum(self.is_p)

    @property
    def P(self) -> list[str]:  # noqa: N802  (the paper's name)
        """Normal words of the P-portion."""
        return [w for w, p in zip(self.words, self.is_p) if p]

    def product(self, elements: Iterable[int]) -> int:
        """The product of elements of ``Q``."""
        x = self.identity
        for y in elements:
            x = self.table[x][y]
        return x

    def element_of(self, lands: Iterable[Land]) -> int | None:
        """The element of a sum of keyed lands (walk keys), ``None`` when a land is not in the
        table (more than ``k`` lives, or not reached from the starts)."""
        x = self.identity
        for land in lands:
            y = self.element.get(land)
            if y is None:
                return None
            x = self.table[x][y]
        return x

    def outcome(self, lands: Iterable[Land]) -> str | None:
        """Misère outcome ``"P"`` or ``"N"`` of a sum of keyed lands by look-up (002 §6: the sum
        is P iff its element lies in the P-portion); ``None`` when a land is not in the table."""
        x = self.element_of(lands)
        return None if x is None else ("P" if self.is_p[x] else "N")

    def outcome_of(self, lands: Iterable[Land]) -> str | None:
        """:meth:`outcome` of lands under any keys (they are keyed here first)."""
        with keyed_by(KEYS):
            return self.outcome([simplify_land(x) for x in lands])

    def form_elements(self) -> "FormElements":
        """The look-up the misère search uses (:class:`FormElements`)."""
        return FormElements(self)


def endgame_table(k: int, starts: int | None = None, certify: int | None = None,
                  lands: Sequence[Land] | None = None, limits: Any = None) -> EndgameTable:
    """The misère quotient of the closure of ``E_k(N)`` (:func:`endgame_lands`), computed by
    :func:`misere.quotients.quotient` on :func:`endgame_game` (002 §5-§9, notes E.5), with its
    brute-force certificate on sums of up to ``certify`` lands (the quotient's default when
    ``None``; 0 skips it), under the engine's size bounds ``limits`` (a
    :class:`misere.quotients.Limits`; ``None``: its defaults)."""
    from misere.quotients import quotient

    n = k if starts is None else starts
    lands = list(endgame_lands(k, n) if lands is None else lands)
    game, heap = endgame_game(lands, f"Sprouts lands with <= {k} lives from <= {n} spots")
    try:
        q = quotient(game, certify=certify, quiet=True, limits=limits)
    except ComputationLimitError as e:   # say which land the heap that stopped it is
        h = e.quotient.max_heap + 1 if getattr(e, "quotient", None) is not None else None
        err = ComputationLimitError(f"{e}; heap {h} is the canonical form of the land {game.labels[h]} (heaps: the "
                                    "misère canonical forms of the lands, in order of their first lands)"
                                    if h is not None and h < len(game.labels) else str(e))
        err.partial = getattr(e, "partial", {})  # type: ignore[attr-defined]
        raise err from None
    st = q.state
    m = q.monoid
    words = [q.pres.word(x) for x in range(m.order)]
    return EndgameTable(k=k, starts=n, lands=lands, element={x: int(st.phi[heap[x]]) for x in lands},
                        table=[list(map(int, r)) for r in m.rows], identity=int(m.identity),
                        is_p=[bool(p) for p in st.is_p], words=words, presentation=q.presentation, quotient=q)



def brute_force(t: EndgameTable, m: int, max_lives: int | None = None) -> dict[str, Any]:
    """Search every sum of 1 to ``m`` lands of ``t`` (those with at most ``max_lives`` lives)
    directly, by :class:`~misere.rulesets.sprouts_solve.SproutsSolver` without canonical forms
    or table (every land expanded to the end), and compare each outcome with the table's.
    Returns the number of sums, of P-positions among them, and the disagreeing sums (GLOP)."""
    from itertools import combinations_with_replacement

    from misere.rulesets.sprouts_solve import SproutsSolver

    lands = [x for x in t.lands if max_lives is None or lives(x) <= max_lives]
    plain = SproutsSolver(small=0, widen=None)
    sums = p = 0
    bad = []
    for j in range(1, m + 1):
        for combo in combinations_with_replacement(lands, j):
            budget.check()
            sums += 1
            won = plain.wins(list(combo), "misere")
            p += not won
            if won != (t.outcome(combo) == "N"):
                bad.append(" + ".join(map(format_land, combo)))
    return {"lands": len(lands), "sums_of_up_to": m, "sums": sums, "p_positions": p, "disagreements": bad}


# -- the SQLite table ---------------------------------------------------------------------

#: the file kind: ``meta`` (key rules, k, starts, identity, presentation), ``lands`` (GLOP key
#: -> lives, rank in the table, element), ``elements`` (element -> normal word, in P, its row of products)
KIND = FileKind(
    label="Sprouts endgame table",
    application_id=APPLICATION_IDS["Sprouts endgame table"],
    version=1,
    tables={"meta": ("key", "value"), "lands": ("land", "lives", "rank", "element"),
            "elements": ("element", "word", "p", "products")},
    schema=(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
        "CREATE TABLE lands (land TEXT PRIMARY KEY, lives INTEGER NOT NULL, rank INTEGER NOT NULL, "
        "element INTEGER NOT NULL)",
        "CREATE TABLE elements (element INTEGER PRIMARY KEY, word TEXT NOT NULL, p INTEGER NOT NULL, "
        "products TEXT NOT NULL)",
    ),
)

_TOKEN = {"0": 3, "1": 2, "2": 1}


def read_key(text: str) -> Land:
    """The key a GLOP text written by :func:`format_land` came from (letters ``a``-``z``: a
    land with at most 26 letters, as every land with at most 26 lives)."""
    regions = []
    for region in text.split("}")[:-1]:
        regions.append(tuple(tuple(_TOKEN.get(c, c.lower()) for c in b) for b in region.split(".")[:-1]))
    return tuple(regions)


def _check(db: Any) -> None:
    from misere.errors import CheckpointError

    row = db.execute("SELECT value FROM meta WHERE key = 'rules'").fetchone()
    if row is None or row[0] != RULES:
        raise CheckpointError(f"Sprouts endgame table written under other key rules ({row[0] if row else None!r}); "
                              "compute it again into a new file")


def save_table(t: EndgameTable, path: str | Path) -> None:
    """Write ``t`` to the SQLite file ``path`` (replacing a table already there)."""
    f = open_file(path, KIND, exclusive=True, check=_check, init=lambda db: None)
    try:
        with f.errors(), f.db as db:
            for table in ("meta", "lands", "elements"):
                db.execute(f"DELETE FROM {table}")
            db.executemany("INSERT INTO meta VALUES (?, ?)", [
                ("rules", RULES), ("k", str(t.k)), ("starts", str(t.starts)), ("identity", str(t.identity)),
                ("presentation", t.presentation)])
            db.executemany("INSERT INTO lands VALUES (?, ?, ?, ?)",
                           [(format_land(x), lives(x), i + 1, t.element[x]) for i, x in enumerate(t.lands)])
            db.executemany("INSERT INTO elements VALUES (?, ?, ?, ?)",
                           [(e, t.words[e], int(t.is_p[e]), ",".join(map(str, t.table[e])))
                            for e in range(t.order)])
    finally:
        f.close()


def load_table(path: str | Path) -> EndgameTable:
    """The table stored in ``path`` by :func:`save_table` (refused in one line when the file is
    not such a table, or was written under other key rules)."""
    f = open_file(path, KIND, check=_check, create=False)
    try:
        with f.errors():
            meta = dict(f.db.execute("SELECT key, value FROM meta"))
            lands = f.db.execute("SELECT land, element FROM lands ORDER BY rank").fetchall()
            elems = f.db.execute("SELECT element, word, p, products FROM elements ORDER BY element").fetchall()
    finally:
        f.close()
    keys = [read_key(x) for x, _ in lands]
    return EndgameTable(k=int(meta["k"]), starts=int(meta["starts"]), lands=keys,
                        element={x: e for x, (_, e) in zip(keys, lands)},
                        table=[[int(v) for v in row.split(",")] for _, _, _, row in elems],
                        identity=int(meta["identity"]), is_p=[bool(p) for _, _, p, _ in elems],
                        words=[w for _, w, _, _ in elems], presentation=meta["presentation"])


# -- look-up in the misère search ----------------------------------------------------------

class FormElements:
    """Elements of ``Q`` for the misère canonical forms into which
    :class:`~misere.rulesets.sprouts_solve.SproutsSolver` folds its small lands, so that a
    position of table lands plus a folded form is answered by look-up.

    Two rules, both exact. (i) A sum of table lands has the product of their elements, and
    every game equal to it (its canonical form, Conway ONAG ch. 12) behaves the same in every
    sum, so the form gets that element. (ii) Two games each of whose options is equal to a game
    of the closure ``A``, with the same set of option elements, are indistinguishable modulo
    ``A`` (induction on the sum: ``G + X`` is a P-position iff every ``G' + X`` and ``G + X'``
    is an N-position, and the first depend only on ``Phi(G') Phi(X)``; 002 §6): so a form whose
    options' elements are known gets the element of a form seen with the same option set. A
    form neither rule reaches has no element here (the search goes on as without the table).
    """

    def __init__(self, table: EndgameTable) -> None:
        from misere.core.table import ZERO

        self.table = table
        self.elem: dict[int, int] = {ZERO: table.identity}
        self.by_options: dict[frozenset[int], int] = {frozenset(): table.identity}
        self._miss: set[int] = set()   # forms without an element so far
        self.hits = 0

    def record(self, form: int, element: int) -> None:
        """Rule (i): ``form`` is the canonical form of a sum of table lands with ``element``."""
        if form not in self.elem:
            self.elem[form] = element
            self._miss.clear()
            opts = self._option_elements(form)
            if opts is not None:
                self.by_options.setdefault(opts, element)

    def fold(self, v: int, land: Land, sum_form: int) -> None:
        """The search folded ``land`` into the form ``v``, making ``sum_form``."""
        if self.elem.get(sum_form) is None:
            e, y = self.elem.get(v), self.table.element.get(land)
            if e is not None and y is not None:
                self.record(sum_form, self.table.table[e][y])

    def _option_elements(self, form: int) -> frozenset[int] | None:
        from misere.impartial.canonical import options

        out = set()
        for w in options(form):
            e = self.element(w)
            if e is None:
                return None
            out.add(e)
        return frozenset(out)

    def element(self, form: int) -> int | None:
        """The element of a canonical form (``None``: not reached by rules (i) and (ii))."""
        e = self.elem.get(form)
        if e is not None or form in self._miss:
            return e
        opts = self._option_elements(form)
        e = None if opts is None else self.by_options.get(opts)
        if e is None:
            self._miss.add(form)
        else:
            self.elem[form] = e
        return e

    def wins(self, big: Sequence[Land], v: int) -> bool | None:
        """Does the player to move win ``big`` plus the form ``v`` in misère play, by look-up?
        ``None`` when a land is not in the table or ``v`` has no element."""
        x = self.table.element_of(big)
        if x is None:
            return None
        e = self.element(v)
        if e is None:
            return None
        self.hits += 1
        return not self.table.is_p[self.table.table[x][e]]
