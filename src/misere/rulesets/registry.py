"""Look up partizan rulesets by name or alias (case-insensitive), as python-chess's
``find_variant`` does for variants (style guide §1)."""
from __future__ import annotations

from typing import Any

from misere.errors import RulesetError
from misere.rulesets.clobber import Clobber
from misere.rulesets.col import Col
from misere.rulesets.cram import Cram
from misere.rulesets.domineering import Domineering
from misere.rulesets.hackenbush import Hackenbush
from misere.rulesets.konane import Konane
from misere.rulesets.nim import Nim
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.partizan_kayles import PartizanKayles
from misere.rulesets.partizan_penny import PennyNim
from misere.rulesets.snort import Snort
from misere.rulesets.sprouts_play import Sprouts
from misere.rulesets.toads_frogs import ToadsFrogs

__all__ = ["RULESETS", "find_ruleset", "ruleset_names", "position_formats"]

#: every registered partizan ruleset
RULESETS: tuple[PartizanRuleset[Any], ...] = (PartizanKayles, Hackenbush, Domineering, Col, Snort, Nim,
                                         PennyNim, Cram, Clobber, Konane, ToadsFrogs, Sprouts)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def ruleset_names() -> list[str]:
    """Names of the registered rulesets."""
    return [r.name for r in RULESETS]


def find_ruleset(name: str) -> PartizanRuleset[Any]:
    """The ruleset called ``name`` (or one of its aliases).

    Raises
    ------
    RulesetError
        When no ruleset has that name.

    Examples
    --------
    >>> find_ruleset("Partizan Kayles").name
    'partizan-kayles'
    """
    k = _key(name)
    for r in RULESETS:
        if k == r.name or k in (_key(a) for a in r.aliases):
            return r
    raise RulesetError(f"unknown ruleset {name!r}; known: {', '.join(ruleset_names())}")


def position_formats(markdown: bool = False) -> str:
    """The table of position formats, one row per ruleset: name, format, example (generated
    from each ruleset's ``syntax`` and ``example``, so ``misere play --help`` and the README
    cannot drift from the parsers).

    >>> position_formats().splitlines()[0].split()[:2]
    ['nim', 'heap']
    """
    rows = [(r.name, r.syntax, getattr(r, "example", "")) for r in sorted(RULESETS, key=_help_order)]
    if markdown:
        return "\n".join(["| ruleset | position format | example |", "|---|---|---|"]
                         + [f"| `{n}` | {f} | `misere play {n} '{e}'` |" for n, f, e in rows])
    return "\n".join(f"{n:<16}{f}  e.g. {e!r}" for n, f, e in rows)


def _help_order(r: PartizanRuleset[Any]) -> int:
    order = ("nim", "partizan-kayles", "penny-nim", "hackenbush", "domineering", "col", "snort")
    return order.index(r.name) if r.name in order else len(order)
