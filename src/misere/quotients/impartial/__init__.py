"""Misère quotients of impartial heap games (Plambeck 002 §5-§9; notes D, E): the incremental
solver (:mod:`.solver`, :mod:`.verify`, :mod:`.bipartite`), its SQLite checkpoints
(:mod:`.checkpoint`), periodicity (:mod:`.periodicity`), tameness (:mod:`.tame`), the result
object (:mod:`.result`) and the independent brute-force certificate (:mod:`.certify`)."""
