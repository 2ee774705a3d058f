"""Look up partizan rulesets by name or alias (case-insensitive), as python-chess's
``find_variant`` does for variants (style guide §1)."""
from __future__ import annotations

from typing import Any

from misere.errors import RulesetError
from misere.rulesets.col import Col
from misere.rulesets.domineering import Domineering
from misere.rulesets.hackenbush import Hackenbush
from misere.rulesets.nim import Nim
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.partizan_kayles import PartizanKayles
from misere.rulesets.partizan_penny import PennyNim
from misere.rulesets.snort import Snort

__all__ = ["RULESETS", "find_ruleset", "ruleset_names"]

#: every registered partizan ruleset
RULESETS: tuple[PartizanRuleset[Any], ...] = (PartizanKayles, Hackenbush, Domineering, Col, Snort, Nim,
                                         PennyNim)


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
