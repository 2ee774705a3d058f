"""Impartial misère games (seed 002 §6, §11; ONAG ch. 12): canonical forms, genus, counts.

Used by :mod:`misere.universes.impartial`; works on ids of the core table whose Left and Right
options coincide at every follower.
"""
from .canonical import (
    add_canonical, canonical, discriminator, impartial, is_canonical, is_linked, is_p_position, link, mate,
    misere_grundy, normal_grundy, pn_discriminator, simplify,
)
from .counting import born_by, count_born_by
from .genus import Genus, genus, is_hereditarily_tame, is_tame, is_wild, tame_sum
from .phyla import (
    Phylum, even_part, is_even, is_generally_restive, is_generally_tame, is_half_tame,
    is_nim_heap, is_odd, is_restive, is_restless, is_reversibly_tame, is_tameable, phylum,
)
from .notation import format_impartial
from .parts import (
    all_parts, difference, is_extraverted, is_introverted, is_prime, parts, partitions,
)

#: CGSuite's name for :func:`discriminator` (``G.Distinguisher(H)``)
distinguisher = discriminator

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
