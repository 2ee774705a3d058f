"""Impartial misère games (seed 002 §6, §11; ONAG ch. 12): canonical forms, genus, counts.

Used by :mod:`misere.universes.impartial`; works on ids of the core table whose Left and Right
options coincide at every follower.
"""
import sys as _sys
from types import ModuleType as _ModuleType

#: the public names and the submodule each comes from; loaded on first use (PEP 562), so that
#: the heap games below (:mod:`.heap`, :mod:`.octal`) load without the canonical forms
_FROM = {
    "canonical": ("add_canonical", "canonical", "discriminator", "impartial", "is_canonical", "is_linked",
                  "is_p_position", "link", "mate", "misere_grundy", "normal_grundy", "pn_discriminator",
                  "simplify"),
    "counting": ("born_by", "count_born_by"),
    "genus": ("Genus", "genus", "is_hereditarily_tame", "is_tame", "is_wild", "tame_sum"),
    "phyla": ("Phylum", "even_part", "is_even", "is_generally_restive", "is_generally_tame", "is_half_tame",
              "is_nim_heap", "is_odd", "is_restive", "is_restless", "is_reversibly_tame", "is_tameable", "phylum"),
    "notation": ("format_impartial",),
    "parts": ("all_parts", "difference", "is_extraverted", "is_introverted", "is_prime", "parts", "partitions"),
}
_LAZY = {name: module for module, names in _FROM.items() for name in names}
_LAZY["distinguisher"] = "canonical"  # CGSuite's name for discriminator (``G.Distinguisher(H)``)


class _Package(_ModuleType):
    """This package: where a submodule shares its name with a function exported here
    (``canonical``, ``genus``, ``parts``), the function stays the package's attribute when the
    import system binds the loaded submodule, as it did when the names were imported eagerly."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, _ModuleType) and _LAZY.get(name) == name:
            value = getattr(value, name)
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> object:
    """Import :data:`_LAZY` names on first use (PEP 562)."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    module = importlib.import_module(f".{_LAZY[name]}", __name__)
    value = getattr(module, "discriminator" if name == "distinguisher" else name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "canonical", "discriminator", "impartial", "is_canonical", "is_linked", "is_p_position",
    "link", "mate", "misere_grundy", "normal_grundy", "pn_discriminator", "simplify",
    "born_by", "count_born_by", "Genus", "Phylum", "genus", "is_hereditarily_tame", "is_tame",
    "is_wild", "phylum", "tame_sum", "format_impartial", "even_part", "is_even", "is_odd",
    "is_generally_restive", "is_generally_tame", "is_half_tame", "is_nim_heap", "is_restive",
    "is_restless", "is_reversibly_tame", "is_tameable", "add_canonical", "all_parts",
    "difference", "is_extraverted", "is_introverted", "is_prime", "parts", "partitions",
    "distinguisher",
]
