"""Work budgets and certificates of census records (issue 22, items 1 and 2).

A *work budget* bounds a code's computation by counts the solver checks itself, the same on
every machine and under every load: the last heap (``max_heap`` of the census), the reduced
order of a partial quotient, the size of a candidate monoid before reduction, the words of a
failure search and the recalibration rounds of one heap
(:class:`~misere.quotients.impartial.solver.Limits`). A code that reaches one of these bounds is
stored as ``limit`` with the partial quotient of its last heap: a final, reproducible record.
A wall-clock budget (``per_code_timeout``) is only a safety net: a code it stops is stored as
``stopped``, holds no result, and is computed again by every later run.

The *certificate* of a record says what was checked, and how:

* ``quotient``: every partial quotient ``Q_n`` passed the failure search of the verification
  theorem (notes E.2; seed 002 §9), for ``n`` up to ``last_heap``;
* ``period``: for a solved code, the misère period and preperiod certified from the computed
  prefix by the periodicity theorem for octal games (notes E.6), so the quotient is that of
  the whole game;
* ``brute_force``: the independent cross-check of :mod:`misere.quotients.impartial.certify`
  (every sum of heaps ``1..last_heap`` with at most ``bound`` tokens, ``positions`` of them,
  outcomes from the definition), or ``None`` when the census ran with ``certify=0``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the solver is imported when a code is computed, not with the census
    from misere.quotients.impartial.solver import Limits

__all__ = ["Work", "DEFAULT_WORK", "certificate", "DEFAULT_CERTIFY"]

#: brute-force bound (tokens) of a census by default: a few thousand positions per code
DEFAULT_CERTIFY = 16


@dataclass(frozen=True)
class Work:
    """A per-code work budget: bounds the solver checks deterministically (module docstring).

    Attributes
    ----------
    max_order : int
        Largest reduced order of a (partial) quotient.
    max_candidate : int
        Largest candidate monoid before reduction (seed 002 §9: ``Q x C(2,2)`` and the
        recalibrated products).
    max_wide_candidate : int
        Largest candidate of the widened recalibration sets (held sparsely).
    max_words : int
        Most words of one failure search (notes E.2).
    max_rounds : int
        Most recalibration rounds at one heap.
    period_heaps : int
        Most heaps past ``max_heap`` a code is carried on to when its pretending function
        already shows a period there (two whole periods) that the periodicity theorem certifies
        only a few heaps later (:func:`~misere.quotients.impartial.periodicity.period_in_sight`):
        the code is solved if the period holds, and keeps its record at ``max_heap`` if it
        breaks or a bound stops it. 0 never goes past ``max_heap``.
    """

    max_order: int = 200
    max_candidate: int = 5_000
    max_wide_candidate: int = 20_000
    max_words: int = 1_000_000
    max_rounds: int = 20
    period_heaps: int = 40

    def limits(self) -> "Limits":
        """The solver's :class:`~misere.quotients.impartial.solver.Limits` of this budget."""
        from misere.quotients.impartial.solver import Limits

        return Limits(max_candidate=self.max_candidate, max_order=self.max_order,
                      max_wide_candidate=self.max_wide_candidate, max_words=self.max_words,
                      max_rounds=self.max_rounds)

    def as_dict(self) -> dict[str, int]:
        """JSON-ready form (stored in each record's ``work`` field)."""
        return asdict(self)

    @classmethod
    def of(cls, value: "Work | dict[str, int] | None") -> "Work":
        """A budget from a :class:`Work`, a dict of some of its fields, or ``None`` (default).

        Raises
        ------
        ValueError
            For an unknown field or a bound below 1.
        """
        if isinstance(value, Work):
            return value
        given = dict(value or {})
        names = {f.name for f in fields(cls)}
        bad = sorted(set(given) - names)
        if bad:
            raise ValueError(f"unknown work bound {bad[0]!r} (known: {', '.join(sorted(names))})")
        for k, v in given.items():
            least = 0 if k == "period_heaps" else 1
            if not isinstance(v, int) or isinstance(v, bool) or v < least:
                raise ValueError(f"work bound {k} must be an integer of at least {least}, "
                                 f"got {v!r}")
        return cls(**given)

    @classmethod
    def parse(cls, text: str) -> "Work":
        """A budget from ``"max_order=300,max_rounds=10"`` (the CLI's ``--work``).

        Raises
        ------
        ValueError
            For malformed text, an unknown bound, a bound given twice or a bound below 1 (one
            line).

        Examples
        --------
        >>> Work.parse("max_order=300").max_order
        300
        """
        given: dict[str, int] = {}
        for item in (t for t in text.replace(";", ",").split(",") if t.strip()):
            key, sep, value = item.partition("=")
            if not sep or not value.strip().isdigit():
                raise ValueError(f"bad work bound {item.strip()!r}: expected NAME=INTEGER "
                                 f"(e.g. max_order=300)")
            if key.strip() in given:
                raise ValueError(f"work bound {key.strip()!r} given twice in {text!r}")
            given[key.strip()] = int(value)
        return cls.of(given)

    def covers(self, other: "Work", *, past_max_heap: bool = True) -> bool:
        """Whether every bound of this budget is at least that of ``other`` (a record computed
        under this budget answers a run under ``other``); with ``past_max_heap`` false,
        ``period_heaps`` is left out (a record that never reached ``max_heap`` went no further
        under any of its values)."""
        return all(getattr(self, f.name) >= getattr(other, f.name) for f in fields(self)
                   if past_max_heap or f.name != "period_heaps")


#: the census's per-code budget by default
DEFAULT_WORK = Work()


def certificate(rec: dict[str, Any], brute: Any | None) -> dict[str, Any]:
    """The certificate of a record with a result (``solved``, ``partial`` or ``limit``).

    Parameters
    ----------
    rec : dict
        The record (``status``, ``last_heap``, ``period``, ``preperiod``, ``solved``).
    brute : Certificate or None
        The brute-force cross-check (:class:`~misere.quotients.impartial.certify.Certificate`).
    """
    out: dict[str, Any] = {
        "quotient": f"failure search of the verification theorem (notes E.2) at every heap "
                    f"1..{rec['last_heap']}",
        "period": None, "brute_force": None}
    if rec.get("solved") and rec.get("period") is not None:
        out["period"] = {"period": rec["period"], "preperiod": rec["preperiod"],
                         "proof": "periodicity theorem for octal games (notes E.6) on heaps "
                                  f"0..{rec['last_heap']}"}
    if brute is not None:
        d = brute.as_dict()
        out["brute_force"] = {k: d[k] for k in ("bound", "weight", "max_heap", "positions",
                                                "agreed", "mismatch")}
    return out
