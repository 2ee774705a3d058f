"""Commutative monoids shared by impartial and partizan quotients: multiplication tables
(:mod:`.table`), presentations by generators and relations (:mod:`.presentation`) and Cayley
graphs (:mod:`.cayley`). Seed 002 §6-§7; notes D."""
from misere.quotients.monoid.table import TableMonoid, first_words

__all__ = ["TableMonoid", "first_words"]
