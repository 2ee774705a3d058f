"""Stored certificates of infinite partial quotients: a cache, checked again when it is read.

The files in this package's ``data/`` folder are counter certificates (:mod:`.proof`) that an
earlier run found. None of them is taken on trust: :func:`stored_proof` proves the file from the
rules of its code (:func:`.proof.prove`) the first time a process asks (the answer is then kept
for that process), and a file that fails its check answers nothing. So every surface that asks
(the Python API, ``misere quotient``, the census, ``misere check``) gets the same answer by the
same path.

A code whose heap of one token has no move is, heap for heap, another code shifted by one
(:func:`~misere.impartial.octal.shifted_code`: 0.4 is 0.07 and 0.07 is 0.137 one heap down), so
a proof for one code answers every code on its chain of shifts, ``s - t`` heaps later.

A proof for ``Q_n`` of one code also answers every code whose heaps ``1..n`` have the same
canonical forms (Conway's theorem, :mod:`misere.impartial.heap_forms`: the two partial quotients
``Q_n`` are the same monoid; 0.347 is 0.346 to heap 40). :data:`FORMS` names the forms of each
certificate's heaps (:func:`~misere.impartial.heap_forms.form_digest`), so a code is compared
heap by heap and dropped at its first differing heap; a match of the names is confirmed on the
forms themselves before it answers. For the 4,095 codes ``0.d`` to ``0.dddd`` (the census's
codes) the answers are kept in :data:`TWINS` when the index is written, so a code there is
looked up, not compared: asking about a small code computes no canonical form.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from misere.errors import CheckpointError, RulesetError
from misere.impartial.octal import format_octal, parse_octal, shifted_code

if TYPE_CHECKING:  # the proof machinery (numpy) loads only when a proof is read
    from misere.quotients.infinite.proof import InfiniteProof

__all__ = ["DATA", "INDEX", "Known", "known_infinite", "answers", "stored_proof", "shift_chain",
           "game_key", "describe", "found", "scan", "scan_forms", "write_index", "FORMS",
           "TWINS", "census_codes"]

#: the stored certificates
DATA = Path(__file__).resolve().parent / "data"


def game_key(code: str) -> str | None:
    """The name a proof is filed under: the canonical octal code, or a named game
    (``grundy``); ``None`` when ``code`` is neither."""
    text = code.strip().lower()
    if text in ("grundy", "grundys-game", "grundy's game", "grundy-game"):
        return "grundy"
    try:
        return format_octal(parse_octal(code))
    except RulesetError:
        return None


def shift_chain(code: str, steps: int = 8) -> list[str]:
    """``code`` and its shifts: heap ``n`` of ``code`` is heap ``n - s`` of entry ``s``.

    >>> shift_chain("0.4")
    ['0.4', '0.07', '0.137']
    """
    chain = [format_octal(parse_octal(code))]
    while len(chain) <= steps:
        nxt = shifted_code(chain[-1])
        if nxt is None:
            break
        chain.append(nxt)
    return chain


#: ``code -> [file, heap]`` of the stored certificates, so that finding one needs no numpy
#: (:func:`write_index` rewrites it; a test checks it against the files)
INDEX = DATA / "index.json"


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, tuple[Path, int]]:
    """``code -> (file, heap)`` of the stored certificates (read, not checked)."""
    try:
        raw = json.loads(INDEX.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CheckpointError(f"cannot read {INDEX}: {exc}") from None
    return {code: (DATA / name, int(heap)) for code, (name, heap) in raw.items()}


#: ``code -> [digest of heap 1's form, ..., of heap n's]`` for each stored certificate of
#: ``Q_n`` (:func:`write_index` rewrites it; a test checks it against the forms)
FORMS = DATA / "forms.json"


#: ``code -> stored certificate's code`` for the codes of :func:`census_codes` answered by the
#: forms rule alone (module docstring)
TWINS = DATA / "twins.json"


def census_codes() -> list[str]:
    """The 4,095 octal codes ``0.d``, ``0.dd``, ``0.ddd`` and ``0.dddd`` (last digit not 0).

    >>> c = census_codes(); len(c), c[0], c[-1]
    (4095, '0.1', '0.7777')
    """
    return sorted(("0." + format(n, "o")[::-1]  # the last digit is n's leading one: never 0
                   for width in range(1, 5) for n in range(8 ** (width - 1), 8 ** width)),
                  key=lambda c: (len(c), c))


def _in_census_space(key: str) -> bool:
    digits = key[2:]
    return key.startswith("0.") and 1 <= len(digits) <= 4 and digits[-1] != "0" \
        and all(d in "01234567" for d in digits)


def scan() -> dict[str, list]:
    """``code -> [file name, heap]`` read from the certificate files themselves."""
    import numpy as np

    from misere.quotients.infinite.proof import certificate_heap, load_claim

    out: dict[str, list] = {}
    for path in sorted(DATA.glob("*.npz")):
        with np.load(path, allow_pickle=False) as f:
            code = str(f["code"])
            heap = int(f["heap"]) if "heap" in f.files else None
        out[code] = [path.name, heap if heap is not None else certificate_heap(load_claim(path))]
    return out


def scan_forms(index: dict[str, list]) -> dict[str, list[str]]:
    """``code -> digests of the forms of heaps 1..n`` for each entry ``code -> [file, n]`` of
    an index (:func:`scan`); named games other than octal codes are left out."""
    from misere.impartial.heap_forms import form_digest, heap_forms
    from misere.impartial.octal import octal_game

    return {code: [form_digest(f) for f in heap_forms(octal_game(code), heap)[1:]]
            for code, (_, heap) in index.items() if code != "grundy"}


def write_index() -> None:
    """Rewrite :data:`INDEX`, :data:`FORMS` and :data:`TWINS` from the files (after adding a
    certificate to ``data/``)."""
    index = scan()
    INDEX.write_text(json.dumps(index, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    FORMS.write_text(json.dumps(scan_forms(index), sort_keys=True) + "\n", encoding="utf-8")
    _clear()
    TWINS.write_text(json.dumps(scan_twins(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    _clear()


def scan_twins() -> dict[str, str]:
    """``code -> source`` for each code of :func:`census_codes` that only the forms rule answers
    (no certificate of its own or on its chain of shifts), computed from the forms."""
    index = _index()
    chains = _chains(tuple(index))
    out = {}
    for code in census_codes():
        if code in index or any(c in chains for c in shift_chain(code)):
            continue
        source = _same_game(code, tuple(index))
        if source is not None:
            out[code] = source
    return out


def _clear() -> None:
    for cached in (_index, _forms, _twins, _chains, _same_game):
        cached.cache_clear()


@dataclass(frozen=True)
class Known:
    """A stored certificate that would answer ``code`` from heap ``heap`` (not yet checked)."""

    code: str  #: the code asked about
    heap: int  #: ``Q_heap`` of ``code`` is the certificate's ``Q_n`` (shifted)
    source: str  #: the certificate's own code
    path: Path
    shift: int  #: ``heap - n``
    same_game: bool = False  #: ``code``'s heaps ``1..heap`` have the forms of ``source``'s


def known_infinite(code: str) -> Known | None:
    """The stored certificate for ``code``, a code on its chain of shifts, or a code whose
    heaps up to the certificate's heap are the same games (module docstring), if any.

    >>> known_infinite("0.07").heap, known_infinite(".07").heap, known_infinite("0.77") is None
    (34, 34, True)
    >>> known_infinite("0.4").heap, known_infinite("0.137").heap
    (35, 33)
    >>> known_infinite("grundy").heap, known_infinite("pascal-beans") is None
    (29, True)
    >>> k = known_infinite("0.347"); k.source, k.heap, k.same_game
    ('0.346', 25, True)
    """
    key = game_key(code)
    if key is None:
        return None
    index = _index()
    if key in index:
        return Known(key, index[key][1], key, index[key][0], 0)
    if key == "grundy":
        return None
    chains = _chains(tuple(index))
    for s, c in enumerate(shift_chain(key)):
        if c in chains:
            source, t = chains[c]
            path, heap = index[source]
            return Known(key, heap + s - t, source, path, s - t)
    twin = _twins().get(key) if _in_census_space(key) else _same_game(key, tuple(index))
    if twin in index:  # a twins file older than the index answers nothing it cannot name
        path, heap = index[twin]
        return Known(key, heap, twin, path, 0, same_game=True)
    return None


def answers(code: str, max_heap: int) -> bool:
    """Whether a stored certificate (checked only when read) makes ``Q_n`` of ``code`` infinite
    for some ``n <= max_heap``."""
    known = known_infinite(code)
    return known is not None and known.heap <= max_heap


@functools.lru_cache(maxsize=4)
def _chains(sources: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """``code -> (source, t)``: ``code`` is entry ``t`` of the shift chain of the stored
    certificate ``source`` (the first such, in the index's order), read once per index."""
    out: dict[str, tuple[str, int]] = {}
    for source in sources:
        if source != "grundy":
            for t, c in enumerate(shift_chain(source)):
                out.setdefault(c, (source, t))
    return out


@functools.lru_cache(maxsize=1)
def _forms() -> dict[str, list[str]]:
    try:
        return json.loads(FORMS.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CheckpointError(f"cannot read {FORMS}: {exc}") from None


@functools.lru_cache(maxsize=1)
def _twins() -> dict[str, str]:
    try:
        return json.loads(TWINS.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CheckpointError(f"cannot read {TWINS}: {exc}") from None


@functools.lru_cache(maxsize=8192)
def _same_game(code: str, sources: tuple[str, ...]) -> str | None:
    """The stored certificate's code whose heaps ``1..n`` (``n`` its heap) have the same forms
    as those of ``code``, the least such ``n`` first; read heap by heap while some certificate
    still agrees (``sources``: the index's codes, a key of the cache)."""
    from misere.impartial.heap_forms import agreement, form_digest, heap_forms, iter_heap_forms
    from misere.impartial.octal import octal_game

    named = _forms()
    alive = [(c, named[c]) for c in sources if c in named and c != code]
    if not alive:
        return None
    game = octal_game(code)
    forms = heap_forms(game, 0)  # heap 0's form; the others as they come
    for k, form in enumerate(iter_heap_forms(game), start=1):
        forms.append(form)
        d = form_digest(form)
        alive = [(c, f) for c, f in alive if len(f) >= k and f[k - 1] == d]
        for c, f in alive:  # the names agree: compare the forms themselves
            if len(f) == k and agreement(heap_forms(octal_game(c), k), forms) >= k:
                return c
        if not alive:
            return None
    return None


@functools.lru_cache(maxsize=None)
def _checked(path: Path, mtime: float) -> InfiniteProof:
    from misere.budget import Progress
    from misere.quotients.infinite.proof import load_claim, prove

    with Progress(f"check stored certificate {path.name}") as bar:
        bar.update(step="structure")
        return prove(load_claim(path), f"stored certificate {path.name}",
                     tick=lambda line: bar.update(step=line))


def stored_proof(code: str) -> tuple[Known, InfiniteProof] | None:
    """The stored certificate for ``code`` (or a shift of it), proved from the rules now (once
    per process), or ``None`` when none is stored or the stored one fails its check.

    Raises
    ------
    CheckpointError
        When a stored file cannot be read (a damaged installation).
    """
    known = known_infinite(code)
    if known is None:
        return None
    try:
        proof = _checked(known.path, known.path.stat().st_mtime)
    except OSError as exc:
        raise CheckpointError(f"cannot read {known.path}: {exc}") from None
    return (known, proof) if proof.ok else None


def describe(known: Known, proof: InfiniteProof) -> dict:
    """The answer ``infinite`` of a quotient, for the code asked about."""
    d = proof.as_dict()
    d.update(code=known.code, infinite_from_heap=known.heap)
    if known.same_game:
        d["proof"] = (f"heaps 1..{known.heap} of {known.code} and of {known.source} have identical "
                      f"canonical forms (misere.impartial.heap_forms, Conway's theorem), so their "
                      f"Q_{known.heap} are the same monoid; for {known.source}: " + d["proof"])
    elif known.source != known.code:  # the same game through shifts (perhaps by 0 heaps in all)
        where = f"heap n{-known.shift:+d}" if known.shift else "heap n"
        d["proof"] = (f"heap n of {known.code} is {where} of {known.source} "
                      f"(misere.impartial.octal.shifted_code: both codes shift to a common code, "
                      f"shifting every heap by one token maps the moves of one onto the other's); "
                      f"for {known.source}: " + d["proof"])
        d["infinite_order"] = [f"Phi({int(p[4:-1]) + known.shift})" for p in d.get("infinite_order", [])]
    return d


#: the command-line options of the solver's size bounds (``misere quotient``)
_BOUND_OPTIONS = (("max_order", "--max-order"), ("max_candidate", "--max-size"),
                  ("max_rounds", "--max-rounds"))


def found(proof: InfiniteProof, limits: object = None) -> dict:
    """The answer ``infinite`` of a quotient for a proof the engine found just now (not stored:
    ``misere quotient CODE --certificate FILE`` writes it). ``limits`` (the solver's size
    bounds of the run) puts in the command that reproduces it the bounds that differ from the
    defaults: a claim read off a candidate past the default 8,000 elements is found again only
    under the larger bound.

    >>> _bound_flags(None), _bound_flags(type("L", (), {"max_order": 60_000, "max_rounds": 200})())
    ('', ' --max-order 60000')
    """
    d = proof.as_dict()
    d["reproduce"] = (f"misere quotient {proof.code} --max-heap {proof.heap}{_bound_flags(limits)} "
                      f"--certificate FILE; misere check FILE")
    return d


def _bound_flags(limits: object) -> str:
    """The options of the bounds of ``limits`` that differ from the solver's defaults."""
    from misere.quotients.impartial.recalibrate import Limits

    if limits is None:
        return ""
    default = Limits()
    return "".join(f" {flag} {getattr(limits, name)}" for name, flag in _BOUND_OPTIONS
                   if getattr(limits, name, getattr(default, name)) != getattr(default, name))
