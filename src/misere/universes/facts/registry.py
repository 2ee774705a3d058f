"""The fact table: seed claims read from ``facts.toml``, each with the check that recomputes it.

The data (citation, universe, claim, erratum) lives in ``facts.toml`` beside this module; the
checks are plain functions in the sibling modules, registered by :func:`check` under
``"module.function"``. :func:`run_facts` joins the two and runs the checks.
"""
from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Callable, Optional

from misere.errors import UnknownUniverseError
from misere.universes.base import find_universe

__all__ = ["Fact", "FactResult", "check", "load_facts", "run_facts", "fact_universe", "agree"]

#: the modules holding checks, imported when the table is loaded; per-paper modules added
#: beside them are found by :func:`_check_modules`
CHECK_MODULES = ("dicot", "dead_ending", "impartial", "alternating")


@dataclass(frozen=True)
class FactResult:
    """The outcome of one check: ``status`` is ``agree``, ``disagree`` or ``computed``."""

    status: str
    computed: str
    witness: Optional[str] = None
    note: str = ""


@dataclass(frozen=True)
class Fact:
    """A checkable claim of a seed: where it is (``key``, the citation), what it says, and how
    to recompute it."""

    key: str
    universe: str
    claim: str
    check: Callable[[], FactResult] = field(repr=False, compare=False)
    erratum: Optional[str] = None


_CHECKS: dict[str, Callable[[], FactResult]] = {}


def check(name: str) -> Callable[[Callable[[], FactResult]], Callable[[], FactResult]]:
    """Decorator: register a check as ``"<module>.<name>"`` for the fact table."""

    def deco(fn: Callable[[], FactResult]) -> Callable[[], FactResult]:
        _CHECKS[f"{fn.__module__.rsplit('.', 1)[-1]}.{name}"] = fn
        return fn

    return deco


def agree(flag: bool, computed: str, witness: Optional[str] = None, note: str = "") -> FactResult:
    """``agree`` when ``flag`` holds, else ``disagree``."""
    return FactResult("agree" if flag else "disagree", computed, witness, note)


def _check_modules() -> list[str]:
    """The built-in check modules, then every other module of this folder (one per paper)."""
    here = resources.files("misere.universes.facts")
    extra = sorted(p.name[:-3] for p in here.iterdir()
                   if p.name.endswith(".py") and not p.name.startswith("_")
                   and p.name[:-3] not in CHECK_MODULES + ("registry", "__init__"))
    return list(CHECK_MODULES) + extra


def _fact_files() -> list[str]:
    """``facts.toml`` (the seeds) first, then the per-paper tables in name order."""
    here = resources.files("misere.universes.facts")
    names = sorted(p.name for p in here.iterdir() if p.name.endswith(".toml"))
    return ["facts.toml"] + [n for n in names if n != "facts.toml"]


def load_facts() -> list[Fact]:
    """Every fact of ``facts.toml`` and the per-paper ``*.toml`` files, in file order, joined
    with its check."""
    for m in _check_modules():
        importlib.import_module(f"misere.universes.facts.{m}")
    here = resources.files("misere.universes.facts")
    facts = []
    for name in _fact_files():
        data = tomllib.loads(here.joinpath(name).read_text("utf-8"))
        for row in data.get("fact", []):
            fn = _CHECKS.get(row["check"])
            if fn is None:
                raise KeyError(f"{name} names an unknown check {row['check']!r}")
            facts.append(Fact(row["cite"], row["universe"], row["claim"], fn, row.get("erratum")))
    return facts


def fact_universe(name: str) -> str:
    """The universe (or closure, ``kayles``) of the facts that ``name`` or its alias selects.

    Raises
    ------
    UnknownUniverseError
        When no fact is about ``name``, listing those that are.
    """
    known = sorted({f.universe for f in load_facts()})
    key = name.strip().lower().replace("_", "-")
    if key not in known:
        try:
            key = find_universe(key).name
        except UnknownUniverseError:
            pass
    if key not in known:
        raise UnknownUniverseError(f"no facts about {name!r}; facts are about: {', '.join(known)}")
    return key


def run_facts(universe: Optional[str] = None) -> list[tuple[Fact, FactResult]]:
    """Run every check (only those of one universe when ``universe`` is given, see
    :func:`fact_universe`), reporting progress (:class:`misere.budget.Progress`: the fact being
    checked, out of how many)."""
    from ... import budget

    if universe is not None:
        universe = fact_universe(universe)
    facts = [f for f in load_facts() if universe is None or f.universe == universe]
    out = []
    with budget.Progress("report universes", total=len(facts)) as progress:
        for i, f in enumerate(facts):
            progress.update(i, checking=f.key)
            out.append((f, f.check()))
    return out
