"""Infinite misère quotients, proved (seed 002 §10.1: "algorithms that can handle infinite misère
quotients").

A partial quotient ``Q_n`` of a heap game is proved infinite by a *counter certificate*: the
outcome of every position as a table over a coarse state of the counts of a few heaps and a
finite monoid for the rest, checked from the rules alone
(:mod:`misere.quotients.impartial.counters`), followed by the *separation* of the powers of a
counted heap (:mod:`.separation`): then that heap's value has infinite order. :mod:`.proof`
joins the two and writes the certificate file, :mod:`.store` keeps the certificates found so
far (checked again whenever they are read), and :mod:`.discover` reads claims off the engine's
recalibration rounds by itself.
"""
from misere.quotients.infinite.proof import InfiniteProof, certificate_heap, prove, save_proof
from misere.quotients.infinite.separation import Separation, separate, witness
from misere.quotients.infinite.store import known_infinite, stored_proof

__all__ = ["InfiniteProof", "Separation", "prove", "save_proof", "separate", "witness",
           "certificate_heap", "known_infinite", "stored_proof"]
