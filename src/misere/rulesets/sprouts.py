"""Sprouts (Conway and Paterson, 1967; *Winning Ways* ch. 17), misère play: endgames as sums of
independent lands, their misère outcomes, winning moves and quotients (Plambeck 002 §10.5).

Positions are written in the notation of Applegate, Jacobson and Sleator (1991), as Lemoine and
Viennot's GLOP reads it: a **land** is a set of regions that share spots, written region after
region, each ended by ``}``; a region is a set of boundaries, each ended by ``.``; a boundary
lists the live spots met going round it. A spot with 3 lives (isolated) is ``0``, with 2 lives
``1``, a spot with 1 life seen once ``2``; a spot with 1 life seen twice (its two corners) is a
letter written at both corners (lower case when both lie in one region, upper case when in two).
Lands are joined by ``]`` or ``+``; ``N`` alone (a number) is the ``N``-spot start. Dead spots,
dead boundaries and regions where no move is possible are dropped, as in GLOP.

A move joins two live corners of one region by a curve with a new spot on it (1 life left):

* both corners on one boundary (a loop when they coincide) split the region in two; the other
  boundaries of the region go to either side (every distribution is a different move);
* corners on two boundaries join the two into one boundary.

Each land is an independent component, so :class:`~misere.rulesets.partizan_base.PartizanRuleset`
(both players having the same moves) gives outcomes and winning moves by its memoised search
over sums of lands; :meth:`SproutsRuleset.normal_grundy` gives normal play (Sprague-Grundy).
This module's :data:`Sprouts` is the **reference** search (the keys of :func:`land_moves` with
``simplify=False``), against which the simplifications are tested; ``misere play sprouts`` and
:data:`misere.rulesets.Sprouts` use :mod:`misere.rulesets.sprouts_play` (canonical lands,
:mod:`~misere.rulesets.sprouts_canon`, and the solver of :mod:`~misere.rulesets.sprouts_solve`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Sequence

from misere import budget
from misere.errors import RulesetError
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.sprouts_canon import _code, _label, _min_rotation, canonical_land, lives

__all__ = ["SproutsRuleset", "Sprouts", "SproutsQuotient", "Land", "spots", "land_moves", "format_land",
           "parse_position", "simplify_land"]

#: a land: regions, each a tuple of boundaries, each a tuple of tokens; a token is the number of
#: lives (3, 2, 1) of a spot seen once in the land, or a label (str) of a 1-life spot seen twice
Land = tuple[tuple[tuple[Any, ...], ...], ...]

#: largest start accepted by the text format (the search itself is bounded by the budget); a
#: position in any form has at most as many lives as this start
MAX_SPOTS = 40
#: longest position text read
MAX_TEXT = 100_000


def spots(n: int) -> Land:
    """The land of ``n`` isolated spots (one region, ``n`` boundaries ``0``)."""
    return (tuple((3,) for _ in range(n)),) if n else ()


# -- a mutable working form: vertices with lives; boundaries as lists of vertex ids ----------

def _decode(land: Land) -> tuple[list[list[list[int]]], dict[int, int]]:
    """Regions of vertex ids and the lives of each vertex."""
    lives: dict[int, int] = {}
    ids: dict[str, int] = {}
    regions = []
    for region in land:
        rs = []
        for b in region:
            out = []
            for tok in b:
                if isinstance(tok, str) or tok < 0:   # a letter (negative: as drawn)
                    if tok not in ids:
                        ids[tok] = len(lives)
                        lives[ids[tok]] = 1
                    out.append(ids[tok])
                else:
                    lives[len(lives)] = tok
                    out.append(len(lives) - 1)
            rs.append(out)
        regions.append(rs)
    return regions, lives


def _clean(regions: list[list[list[int]]], lives: dict[int, int]) -> list[list[list[int]]]:
    """Drop dead spots and boundaries, merge a 1-life spot's two adjacent corners, drop regions
    where no move is possible (no spot with 2 lives and fewer than 2 live spots)."""
    out = []
    for region in regions:
        rs = []
        for b in region:
            b = [v for v in b if lives[v] > 0]
            # a spot seen at two cyclically adjacent corners: its corners are one (GLOP's 'aa' -> '2')
            changed = True
            while changed and len(b) > 1:
                changed = False
                for i in range(len(b)):
                    if b[i] == b[(i + 1) % len(b)]:
                        del b[(i + 1) % len(b)]
                        changed = True
                        break
            if b:
                rs.append(b)
        vs = {v for b in rs for v in b}
        if any(lives[v] >= 2 for v in vs) or len(vs) >= 2:
            out.append(rs)
    return out


def _lands(regions: list[list[list[int]]]) -> list[list[list[list[int]]]]:
    """Group regions into lands: regions sharing a spot belong together."""
    parent = list(range(len(regions)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    seen: dict[int, int] = {}
    for i, region in enumerate(regions):
        for b in region:
            for v in b:
                if v in seen:
                    parent[find(i)] = find(seen[v])
                else:
                    seen[v] = i
    groups: dict[int, list] = {}
    for i, region in enumerate(regions):
        groups.setdefault(find(i), []).append(region)
    return list(groups.values())


def _encode(regions: list[list[list[int]]], lives: dict[int, int]) -> Land:
    """A key for a land: spots seen once become their lives, spots seen twice get labels in order
    of first appearance; boundaries rotated and sorted by a label-free signature. Equal keys are
    the same land (the key describes it completely); isomorphic lands usually get equal keys."""
    count: dict[int, int] = {}
    for region in regions:
        for b in region:
            for v in b:
                count[v] = count.get(v, 0) + 1

    def plain(v: int) -> int:
        return lives[v] if count[v] == 1 else 0

    def bsig(b: list[int]) -> tuple[int, ...]:
        return _min_rotation(tuple(plain(v) for v in b))

    order = sorted(((sorted(bsig(b) for b in region), region) for region in regions), key=lambda t: t[0])
    names: dict[int, str] = {}
    out = []
    for _, region in order:
        bs = []
        for b in sorted(region, key=bsig):
            sig = tuple(plain(v) for v in b)
            best = _min_rotation(sig)
            k = next(i for i in range(len(b)) if sig[i:] + sig[:i] == best)
            rot = b[k:] + b[:k]
            toks = []
            for v in rot:
                if count[v] == 1:
                    toks.append(lives[v])
                else:
                    if v not in names:
                        names[v] = _label(len(names))
                    toks.append(names[v])
            bs.append(tuple(toks))
        out.append(tuple(bs))
    return tuple(out)


def _canonical(regions: list[list[list[int]]], lives: dict[int, int]) -> Land:
    return canonical_land(regions, lives, simplify=True)


def simplify_land(land: Land) -> Land:
    """The simplified key of a land given by any key (e.g. one of the reference
    :func:`land_moves`)."""
    regions, lives = _decode(land)
    return canonical_land(regions, lives, simplify=True)


def _split_boundary(b: list[int], i: int, j: int, new: int) -> tuple[list[int], list[int]]:
    """The two boundaries made by a curve inside the region from corner ``i`` to corner ``j`` of
    boundary ``b`` through the new spot (a loop when ``i == j``)."""
    if len(b) == 1:  # a loop at an isolated spot: the spot lies on both new boundaries
        return [b[0], new], [b[0], new]
    if i == j:
        return [b[i], new], b[i:] + b[:i] + [b[i], new]
    if i > j:
        i, j = j, i
    return b[i:j + 1] + [new], b[j:] + b[:i + 1] + [new]


def _join_boundaries(b1: list[int], i: int, b2: list[int], j: int, new: int) -> list[int]:
    """One boundary from two, joined by a curve from corner ``i`` of ``b1`` to ``j`` of ``b2``."""
    def round_from(b: list[int], k: int) -> list[int]:
        return b[k:] + b[:k] + ([b[k]] if len(b) > 1 else [])
    return round_from(b1, i) + [new] + round_from(b2, j) + [new]


def _distributions(rest: list[list[int]], lives: dict[int, int]):
    """Ways to send the other boundaries of a split region to side 0 or 1: boundaries made of
    spots seen nowhere else and alike (e.g. isolated spots) are interchangeable, so only how
    many of each kind go to side 0 matters."""
    shared = {v for b in rest for v in b if lives[v] == 1}
    kinds: dict[tuple, list[int]] = {}
    single = []
    for k, b in enumerate(rest):
        if any(v in shared for v in b) and len(b) > 1 or any(lives[v] == 1 for v in b):
            single.append(k)
        else:
            kinds.setdefault(_min_rotation(tuple(lives[v] for v in b)), []).append(k)
    groups = list(kinds.values())
    for counts in product(*[range(len(g) + 1) for g in groups]):
        for bits in product((0, 1), repeat=len(single)):
            sides = [1] * len(rest)
            for g, c in zip(groups, counts):
                for k in g[:c]:
                    sides[k] = 0
            for k, bit in zip(single, bits):
                sides[k] = bit
            yield tuple(sides)


def _region_moves(region: list[list[int]], lives: dict[int, int]):
    """``(label, new regions, spots losing a life)`` for every move in one region."""
    corners = [(bi, k) for bi, b in enumerate(region) for k in range(len(b))]
    for x, (b1, i) in enumerate(corners):
        for b2, j in corners[x:]:
            u, v = region[b1][i], region[b2][j]
            if (b1, i) == (b2, j):
                if lives[u] < 2:
                    continue
            elif u == v or lives[u] < 1 or lives[v] < 1:
                continue
            if b1 == b2:
                rest = [b for bi, b in enumerate(region) if bi != b1]
                for sides in _distributions(rest, lives):
                    yield (b1, i, b2, j, sides), rest
            else:
                rest = [b for bi, b in enumerate(region) if bi not in (b1, b2)]
                yield (b1, i, b2, j, None), rest


def _as_drawn(regions: list[list[list[int]]], lives: dict[int, int]) -> Land:
    """A land written as drawn (regions, boundaries and corners in their order; letters are
    negative numbers in order of first appearance): a complete description, cheap, not
    canonical; :func:`simplify_land` reads it."""
    count: dict[int, int] = {}
    for region in regions:
        for b in region:
            for v in b:
                count[v] = count.get(v, 0) + 1
    return _code(regions, lives, count)


def land_moves(land: Land, simplify: bool = False, raw: bool = False) -> list[tuple[str, list[Land]]]:
    """Every move of a land: a label and the lands it leaves (deduplicated by key).

    ``simplify=False`` (the reference) keys the lands left by :func:`_encode`; ``simplify=True``
    by :func:`~misere.rulesets.sprouts_canon.canonical_land` (boundary rule, reflection, exact
    relabelling), so that more equal lands share one key. ``raw=True`` writes them as drawn
    (:func:`_as_drawn`, for keying later with :func:`simplify_land`, only where needed)."""
    enc = _as_drawn if raw else _canonical if simplify else _encode
    regions, lives = _decode(land)
    out: dict[tuple[Land, ...], str] = {}
    for ri, region in enumerate(regions):
        for move, rest in _region_moves(region, lives):
            budget.check()
            after, lv = play_move(regions, lives, ri, move, rest, len(lives))
            lands = tuple(sorted((enc(g, lv) for g in _lands(after)), key=repr))
            if lands not in out:
                out[lands] = _move_label(region, *move, lives)
    return [(label, list(lands)) for lands, label in out.items()]


def play_move(regions: list, lives: dict[int, int], ri: int, move: tuple, rest: list, new: int) -> tuple[list, dict]:
    """Cleaned regions and lives after ``move`` ``(b1, i, b2, j, sides)`` of :func:`_region_moves`
    in region ``ri`` (``rest``: its other boundaries), the new spot named ``new``."""
    (b1, i, b2, j, sides), region, lv = move, regions[ri], dict(lives)
    lv[new] = 1
    lv[region[b1][i]] -= 1
    lv[region[b2][j]] -= 1
    if sides is None:
        made = [[_join_boundaries(region[b1], i, region[b2], j, new)] + rest]
    else:
        one, two = _split_boundary(region[b1], i, j, new)
        made = [[one] + [b for b, s in zip(rest, sides) if s == 0], [two] + [b for b, s in zip(rest, sides) if s == 1]]
    return _clean(regions[:ri] + made + regions[ri + 1:], lv), lv


def _move_label(region, b1, i, b2, j, sides, lives) -> str:
    u, v = region[b1][i], region[b2][j]
    if (b1, i) == (b2, j):
        what = f"loop at a {lives[u]}-life spot"
    else:
        what = f"join a {lives[u]}-life spot to a {lives[v]}-life spot"
    if sides is not None and sides:
        inside = sum(1 for s in sides if s == 0)
        what += f", {inside} of {len(sides)} other boundaries on the first side"
    return what


# -- text -----------------------------------------------------------------------------------

_TOKENS = {"0": 3, "1": 2, "2": 1}


def format_land(land: Land) -> str:
    """GLOP text of a land (letters lower case within one region, upper case across two)."""
    where: dict[str, set[int]] = {}
    for r, region in enumerate(land):
        for b in region:
            for t in b:
                if isinstance(t, str):
                    where.setdefault(t, set()).add(r)
    inv = {3: "0", 2: "1", 1: "2"}

    def tok(t: Any) -> str:
        if isinstance(t, str):
            return t.upper() if len(where[t]) > 1 else t
        return inv[t]

    return "".join("".join("".join(tok(t) for t in b) + "." for b in region) + "}" for region in land)


def parse_position(text: str) -> list[Land]:
    """Lands of a position: ``N`` (the ``N``-spot start), or GLOP text (``0.0.}`` two spots;
    lands joined by ``]`` or ``+``; a final ``!`` is allowed). Numbers separated by spaces are a
    sum of starts (``'3 3'`` is two 3-spot games, never 33 spots).

    Every form goes through one size check before any search: at most as many lives as the
    :data:`MAX_SPOTS`-spot start, and at most :data:`MAX_TEXT` characters. Empty text is
    refused (``0`` is the 0-spot start). Raises :class:`RulesetError` (one line).
    """
    if not isinstance(text, str) or not text.strip():
        raise RulesetError(f"empty Sprouts position {text!r}: give N (the N-spot start, 0 for none) or "
                           "lands in GLOP notation, e.g. '0.0.}'")
    if len(text) > MAX_TEXT:
        raise RulesetError(f"Sprouts position of {len(text)} characters: at most {MAX_TEXT}")
    lands = _parse_lands(text.strip().rstrip("!").strip())
    total = sum(map(lives, lands))
    if total > 3 * MAX_SPOTS:
        raise RulesetError(f"Sprouts position {text[:40]!r} has {total} lives (as many as {-(-total // 3)} "
                           f"spots): at most {3 * MAX_SPOTS} lives, the {MAX_SPOTS}-spot start "
                           f"(the search would not finish)")
    return lands


def _parse_lands(s: str) -> list[Land]:
    """The lands of GLOP text or numbers (no size check: :func:`parse_position` does it)."""
    lands: list[Land] = []
    for part in re.split(r"[\]+]", s):
        if re.fullmatch(r"\s*\d+(?:\s+\d+)*\s*", part):  # N-spot starts, each on its own sheet
            for tok in part.split():
                if len(tok) > 3 or int(tok) > MAX_SPOTS:
                    raise RulesetError(f"{tok} spots: at most {MAX_SPOTS} (the search would not finish)")
                lands.extend([spots(int(tok))] if int(tok) else [])
            continue
        part = re.sub(r"\s+", "", part)
        if not part:
            continue
        if not re.fullmatch(r"(?:(?:[012A-Za-z]+\.)+\})+", part):
            raise RulesetError(f"cannot read Sprouts land {part!r}: expected regions like '0.0.}}' "
                               "(boundaries end with '.', regions with '}')")
        regions = []
        for region in part.split("}")[:-1]:
            regions.append([b for b in region.split(".")[:-1]])
        lands.extend(_land_from_text(regions, part))
    return lands


def _land_from_text(regions: list[list[str]], text: str) -> list[Land]:
    lives: dict[int, int] = {}
    ids: dict[str, int] = {}
    seen: dict[str, int] = {}
    out = []
    for region in regions:
        rs = []
        for b in region:
            bs = []
            for ch in b:
                if ch in _TOKENS:
                    lives[len(lives)] = _TOKENS[ch]
                    bs.append(len(lives) - 1)
                else:
                    key = ch.lower()
                    seen[key] = seen.get(key, 0) + 1
                    if key not in ids:
                        ids[key] = len(lives)
                        lives[ids[key]] = 1
                    bs.append(ids[key])
            rs.append(bs)
        out.append(rs)
    bad = [k for k, c in seen.items() if c != 2]
    if bad:
        raise RulesetError(f"in Sprouts land {text!r} the letter {bad[0]!r} must mark exactly two corners "
                           "(use 2 for a 1-life spot seen once)")
    cleaned = _clean(out, lives)
    return [_encode(g, lives) for g in _lands(cleaned)]


class SproutsRuleset(PartizanRuleset[Land]):
    """Sprouts, impartial: both players have the same moves (Left's and Right's coincide).

    Examples
    --------
    >>> [Sprouts.outcome(str(n)).value for n in range(1, 4)]   # misère: 1 N, 2-3 P
    ['N', 'P', 'P']
    >>> [Sprouts.normal_grundy(str(n)) for n in range(1, 4)]    # normal play: 0, 0, 1
    [0, 0, 1]
    """

    impartial = True

    name = "sprouts"
    aliases = ("sprout",)
    syntax = ("N (the N-spot start), or lands in GLOP notation: spots 0 (3 lives), 1 (2 lives), 2 or a "
              "letter at both corners (1 life), boundaries end with '.', regions with '}', lands joined "
              "by '+' or ']'")
    example = "0.0.} + a1a1.}"

    def parse(self, text: str) -> list[Land]:
        return parse_position(text)

    def _from_python(self, position: Any) -> list[Land]:
        if isinstance(position, int) and not isinstance(position, bool):
            return parse_position(str(position))
        raise RulesetError(f"a Sprouts position is a number of spots or GLOP text, got {position!r}")

    def component_moves(self, comp: Land, left: bool) -> list[tuple[str, list[Land]]]:
        return _moves(comp)

    def format_component(self, comp: Land) -> str:
        return format_land(comp)

    def normal_grundy(self, position: Any) -> int:
        """Normal-play Sprague-Grundy value (nim-sum of the lands' values)."""
        g = 0
        for land in self.components(position):
            g ^= _grundy(land)
        return g

    def svg(self, position: Any) -> str:
        """A schematic picture: each land a row of regions (boxes), each boundary a ring of its
        live spots in order, coloured by lives; a letter marks the two corners of one spot."""
        from misere.rulesets.sprouts_draw import sprouts_svg

        comps = self.components(position)
        return sprouts_svg(comps, self.format(comps))

    def quotient(self, positions: Sequence[str], certify: int | None = None) -> "SproutsQuotient":
        """The misère quotient of the closure of some Sprouts endgames (Plambeck 002 §10.5):
        each position's impartial form is a generator of ``cl(positions)``, computed with
        :func:`misere.quotients.quotient` on the linearised closure (notes E.1)."""
        from misere.impartial.explicit import closure_game, format_form, impartial_form
        from misere.quotients import quotient

        forms = [impartial_form(self.position(p).id) for p in positions]
        game = closure_game(forms, name="sprouts cl(" + ", ".join(positions) + ")")
        labels = game.labels or []
        heaps = {p: labels.index(format_form(f)) for p, f in zip(positions, forms)}
        return SproutsQuotient(quotient(game, certify=certify), heaps)


@dataclass(frozen=True)
class SproutsQuotient:
    """A misère quotient of Sprouts endgames: ``quotient`` (a
    :class:`misere.quotients.Quotient`) and the heap of each generating position."""

    quotient: Any
    heap: dict[str, int]

    def outcome(self, positions: Sequence[str]) -> str:
        """``"P"`` or ``"N"`` for the sum of the given generating positions (with repeats)."""
        return self.quotient.outcome([self.heap[p] for p in positions])


@lru_cache(maxsize=None)
def _moves(land: Land) -> list[tuple[str, list[Land]]]:
    return land_moves(land)


@lru_cache(maxsize=None)
def _grundy(land: Land) -> int:
    vals = set()
    for _, lands in _moves(land):
        x = 0
        for other in lands:
            x ^= _grundy(other)
        vals.add(x)
    g = 0
    while g in vals:
        g += 1
    return g


Sprouts = SproutsRuleset()
