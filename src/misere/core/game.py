"""The :class:`Game` facade: an immutable handle on one interned form.

A ``Game`` holds only its id in the intern table (:mod:`misere.core.table`); every method
delegates to the id-level functions. Equal forms are the same id, so ``==`` and ``hash`` are
form identity. Order comparisons ``>=``, ``<=``, ``>``, ``<`` use *general misère play*
(Siegel 003); for another universe call :func:`misere.compare` with ``universe=``.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from ..errors import InvalidArgumentError, UnsupportedError
from . import ops, theory
from .notation import MAX_LENGTH, explicit, format_id, parse_id
from .outcome import Outcome, outcome
from .table import GameId, birthday, intern, left, right

__all__ = ["Game"]


class Game:
    """A short partizan game form ``{G^L | G^R}``.

    Examples
    --------
    >>> g = Game.parse("{0,*|*}")
    >>> str(g), g.birthday, g.outcome()
    ('{0,*|*}', 2, <Outcome.N: 'N'>)
    >>> str(~Game.parse("1")), str(Game.parse("*") + Game.parse("*"))
    ('-1', '{*|*}')
    """

    __slots__ = ("_id",)
    _id: GameId

    def __new__(cls, *args: Any, **kwargs: Any) -> "Game":
        raise TypeError("use misere.parse(...) or Game.from_options(lefts, rights)")

    @classmethod
    def _of(cls, gid: GameId) -> "Game":
        obj = object.__new__(cls)
        object.__setattr__(obj, "_id", gid)
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("games are immutable")

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def from_options(cls, lefts: Iterable["Game | str"] = (), rights: Iterable["Game | str"] = ()) -> "Game":
        """The form ``{lefts | rights}``; options may be games or notation strings."""
        return cls._of(intern([_id_of(x) for x in lefts], [_id_of(x) for x in rights]))

    @classmethod
    def parse(cls, text: str, names: "dict[str, Game] | None" = None) -> "Game":
        """Parse CGSuite-style notation (see :mod:`misere.core.notation`)."""
        table = {k: v.id for k, v in (names or {}).items()}
        return cls._of(parse_id(text, table))

    # --- structure ---------------------------------------------------------------------------
    @property
    def id(self) -> GameId:
        """The id of this form in the intern table (stable for the life of the process)."""
        return self._id

    @property
    def left(self) -> tuple["Game", ...]:
        """Left options."""
        return tuple(Game._of(x) for x in left(self._id))

    @property
    def right(self) -> tuple["Game", ...]:
        """Right options."""
        return tuple(Game._of(x) for x in right(self._id))

    @property
    def birthday(self) -> int:
        """Formal birthday (height of the game tree)."""
        return birthday(self._id)

    def followers(self) -> Iterator["Game"]:
        """Every follower, including the game itself, options first."""
        return (Game._of(x) for x in ops.followers(self._id))

    def is_left_end(self) -> bool:
        """Left has no move."""
        return ops.is_left_end(self._id)

    def is_right_end(self) -> bool:
        """Right has no move."""
        return ops.is_right_end(self._id)

    def is_end(self) -> bool:
        """Some player has no move (a Left end or a Right end)."""
        return ops.is_end(self._id)

    def is_dicot(self) -> bool:
        """At every follower either both players can move or neither can (004 §1.1)."""
        return ops.is_dicot(self._id)

    def is_impartial(self) -> bool:
        """At every follower both players have the same options (form-identical)."""
        return ops.is_impartial(self._id)

    def is_dead_end(self) -> bool:
        """A dead Left end or a dead Right end: every follower is an end for the same player
        (001 Def 5.1.1)."""
        return ops.is_dead_end(self._id)

    def is_dead_ending(self) -> bool:
        """Every end follower is a dead end (004 Def 1; 001 Def 5.1.1)."""
        return ops.is_dead_ending(self._id)

    def is_alternating(self) -> bool:
        """Alternating (001 Def 3.1.1): no player can ever move twice in a row."""
        return ops.is_alternating(self._id)

    # --- outcomes and operations -------------------------------------------------------------
    def outcome(self, normal: bool = False) -> Outcome:
        """Misère outcome (``normal=True`` for normal play)."""
        return outcome(self._id, normal)

    def conjugate(self) -> "Game":
        """The conjugate (Left and Right swapped)."""
        return Game._of(ops.conjugate(self._id))

    def adjoint(self) -> "Game":
        """Siegel's adjoint ``G°`` (003 Def 3.2)."""
        return Game._of(ops.adjoint(self._id))

    def explicit(self, max_length: int | None = MAX_LENGTH) -> str:
        """The form with only ``{ } | ,`` and ``0``; past ``max_length`` characters a one-line
        summary instead (``max_length=None`` prints in full, however long)."""
        return explicit(self._id, max_length)

    def __add__(self, other: object) -> "Game":
        if isinstance(other, Game):
            return Game._of(ops.add(self._id, other._id))
        if other == 0:
            return self
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other: object) -> "Game":
        if isinstance(other, Game):
            return Game._of(ops.add(self._id, ops.conjugate(other._id)))
        return NotImplemented

    def __mul__(self, n: object) -> "Game":
        if isinstance(n, int) and not isinstance(n, bool):
            g = self if n >= 0 else self.conjugate()
            # the size guard of the notation's sums (``1000000000000.G`` is refused the same way)
            theory.check_size([(theory.form(g._id), abs(n))], lambda: f"{n} * {self}")
            return Game._of(ops.multiple(abs(n), g._id))
        return NotImplemented

    __rmul__ = __mul__

    def __invert__(self) -> "Game":
        return self.conjugate()

    __neg__ = __invert__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other._id == self._id

    def __hash__(self) -> int:
        return hash(("Game", self._id))

    #: general misère comparison ``ge(g, h)`` on ids, attached from above by
    #: :mod:`misere.universes.general` (the core knows forms, not equivalences)
    _ge: Callable[[GameId, GameId], bool] | None = None

    @classmethod
    def _general(cls) -> Callable[[GameId, GameId], bool]:
        if cls._ge is None:
            raise UnsupportedError("comparison of games needs misere.universes (import it, or use misere.Game)")
        return cls._ge

    def __ge__(self, other: "Game") -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return bool(self._general()(self._id, other._id))

    def __le__(self, other: "Game") -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return bool(self._general()(other._id, self._id))

    def __gt__(self, other: "Game") -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        ge = self._general()
        return bool(ge(self._id, other._id) and not ge(other._id, self._id))

    def __lt__(self, other: "Game") -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return other > self

    def __str__(self) -> str:
        return format_id(self._id)

    def __repr__(self) -> str:
        return f"Game({format_id(self._id)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle, (explicit(self._id),))


def _unpickle(text: str) -> Game:
    return Game._of(parse_id(text))


def _id_of(x: "Game | str") -> GameId:
    if isinstance(x, Game):
        return x.id
    if isinstance(x, str):
        return parse_id(x)
    raise InvalidArgumentError(f"expected a Game or notation string, got {type(x).__name__}")
