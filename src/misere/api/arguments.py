"""Argument checks at the API edge: every public function turns wrong types and values into one
line (:class:`~misere.errors.InvalidArgumentError`) and deep recursion into
:class:`~misere.errors.ComputationLimitError`."""
from __future__ import annotations

import functools
import sys
from typing import Any, Callable, TypeVar

from ..core import theory
from ..core.game import Game
from ..core.notation import parse_terms
from ..errors import ComputationLimitError, InvalidArgumentError

F = TypeVar("F", bound=Callable[..., Any])


def _limited(fn: F) -> F:
    """Turn a RecursionError into a one-line ComputationLimitError."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            raise ComputationLimitError(
                f"{fn.__name__}: the games are too deep for recursion (limit {sys.getrecursionlimit()})"
            ) from None

    return wrapper  # type: ignore[return-value]


def _g(x: "Game | str", what: str = "game") -> Game:
    """A game from a Game or notation; sums are refused up front when hopeless (:mod:`.core.theory`)."""
    if isinstance(x, Game):
        return x
    if isinstance(x, str):
        return Game.parse(x)
    raise InvalidArgumentError(f"{what}: expected a Game or a notation string, got {type(x).__name__} {_show(x)}")


def _show(x: object) -> str:
    r = repr(x)
    return r if len(r) <= 40 else r[:37] + "..."


def _terms(x: "Game | str", what: str = "game") -> theory.Terms:
    """The symbolic sum of x: nim heaps and numbers stay symbols (nothing big is built)."""
    if isinstance(x, Game):
        return theory.normalise([(theory.form(x.id), 1)])
    if isinstance(x, str):
        return parse_terms(x)
    raise InvalidArgumentError(f"{what}: expected a Game or a notation string, got {type(x).__name__} {_show(x)}")


def _text(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidArgumentError(f"expected notation as a string, got {type(text).__name__} {_show(text)}")
    return text


def _names(names: object) -> "dict[str, Game] | None":
    if names is None:
        return None
    if not isinstance(names, dict) or not all(isinstance(k, str) and isinstance(v, Game)
                                              for k, v in names.items()):
        raise InvalidArgumentError(f"names must be a dict from str to Game, got {_show(names)}")
    return names


def _games(xs: object, what: str) -> list["Game | str"]:
    if isinstance(xs, (str, Game)) or not hasattr(xs, "__iter__"):
        raise InvalidArgumentError(f"{what} must be a list of games, got {type(xs).__name__} {_show(xs)}")
    out = list(xs)  # type: ignore[call-overload]
    for x in out:
        if not isinstance(x, (Game, str)):
            raise InvalidArgumentError(f"{what}: expected Games or notation strings, got {type(x).__name__} {_show(x)}")
    return out


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be True or False, got {_show(value)}")
    return value


def _day(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidArgumentError(f"a day must be a non-negative integer, got {type(n).__name__} {_show(n)}")
    if n < 0:
        raise InvalidArgumentError(f"a day must be a non-negative integer, got {n}")
    return n
