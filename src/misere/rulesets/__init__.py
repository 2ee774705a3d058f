"""Rulesets: partizan rulesets and Penny Nim; impartial heap games are re-exported from
:mod:`misere.impartial` (octal codes, Pascal's Beans, explicit closures).

Partizan rulesets are reachable as attributes, loaded on first use::

    >>> import misere.rulesets as r
    >>> r.PartizanKayles.outcome([4, 5, 5]).value, r.find_ruleset("dom").name
    ('P', 'domineering')
"""
from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "PartizanKayles": "partizan_kayles", "Hackenbush": "hackenbush", "Domineering": "domineering",
    "Col": "col", "Snort": "snort", "Nim": "nim", "PennyNim": "partizan_penny", "Sprouts": "sprouts_play",
    "Cram": "cram", "Clobber": "clobber", "Konane": "konane", "ToadsFrogs": "toads_frogs",
    "find_ruleset": "registry", "ruleset_names": "registry", "RULESETS": "registry",
}
#: impartial heap games live in :mod:`misere.impartial` (below the quotients); offered here too
_IMPARTIAL = {"HeapGame": "heap", "octal_game": "octal", "parse_octal": "octal",
              "pascal_beans": "pascal_beans", "closure_game": "explicit", "grundy_game": "heap_rulesets",
              "subtraction_code": "heap_rulesets"}

__all__ = sorted(_LAZY) + sorted(_IMPARTIAL)


def __getattr__(name: str) -> Any:
    if name in _IMPARTIAL:
        return getattr(importlib.import_module(f"misere.impartial.{_IMPARTIAL[name]}"), name)
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'misere.rulesets' has no attribute {name!r}")
    return getattr(importlib.import_module(f"misere.rulesets.{mod}"), name)
