"""What ``misere play`` checks before it computes, and what it keeps when it is stopped (issue 41).

* :func:`check_options`: the position is not blank (:func:`refuse_empty`), and every option
  given applies to the
  ruleset and the mode (``--max-heap`` to heap games, ``--as`` to interactive play of a
  partizan ruleset, ``--machine-first`` to interactive play, ``--play normal`` to rulesets with
  a normal-play search, ``--svg`` to the misère answer of a ruleset with a move notation, its
  file writable, ``--plain`` to the misère search of a ruleset with reduced canonical trees);
  anything else is refused in one line before any work.
* what a stopped run keeps: :func:`misere.cli.common.keeping`.
"""
from __future__ import annotations

from typing import Any, Optional

from misere.errors import InvalidArgumentError

__all__ = ["check_options", "refuse_empty", "PLAY_RULES"]

#: values of ``--play``: misère only (the default), normal only, or both
PLAY_RULES = ("misere", "normal", "both")


def refuse_empty(r: Any, code: str, position: str) -> None:
    """Refuse blank position text on the command line, for every ruleset: there it is a quoting
    slip, not a position (the position with no component is written ``0``; the API reads ``""``
    as that position where the ruleset has one, and Sprouts, which has no empty start, refuses
    it in its parser).

    Raises
    ------
    InvalidArgumentError
        One line with an example of the ruleset's format.
    """
    if position.strip():
        return
    if r is None:
        raise InvalidArgumentError(f"empty position for {code}: give heap sizes, e.g. 5 7 (0 is an empty heap)")
    raise InvalidArgumentError(f"empty position for {r.name}: give one such as {getattr(r, 'example', '')!r} "
                               f"('0' is the position with no component)")


def check_options(r: Any, code: str, position: str, *, max_heap: Optional[int], interactive: bool,
                  moves: Optional[str], side: Optional[str], machine_first: bool, play_rule: str,
                  svg: Optional[str] = None, plain: bool = False) -> None:
    """Refuse, in one line and before any work, an empty position or an option that does not
    apply to the ruleset ``r`` (``None``: a heap game named by ``code``) in this mode.

    Raises
    ------
    InvalidArgumentError
        Naming the option (or the empty position) and what it applies to.
    """
    name = code if r is None else r.name
    refuse_empty(r, code, position)
    if play_rule not in PLAY_RULES:
        raise InvalidArgumentError(f"--play is misere, normal or both, got {play_rule!r}")
    playing = interactive or moves is not None
    if moves is not None and not moves.strip(" ;\n"):
        raise InvalidArgumentError("--moves is empty: give moves separated by ';', e.g. --moves '3 -> 1; 2 -> 0'")
    if max_heap is not None and r is not None:
        raise InvalidArgumentError(f"--max-heap applies to heap games (octal codes), not to {name}")
    if play_rule != "misere" and (r is None or not hasattr(r, "normal_outcome") or playing):
        raise InvalidArgumentError(f"--play {play_rule} answers the outcome of a ruleset position with a "
                                   f"normal-play search (e.g. sprouts), not {name!r} or interactive play")
    if svg is not None:
        if r is None or not hasattr(r, "winning_svg") or playing or play_rule == "normal":
            raise InvalidArgumentError(f"--svg draws the winning move of a position of a ruleset with a move "
                                       f"notation (sprouts), in misère play, not interactive; not {name!r}"
                                       + (" in this mode" if r is not None and hasattr(r, "winning_svg") else ""))
        from pathlib import Path

        from misere.viz.output import check_output

        check_output(Path(svg))
    if plain and (r is None or not hasattr(r, "use_trees")):
        raise InvalidArgumentError(f"--plain chooses the misère search of a ruleset with reduced canonical trees "
                                   f"(sprouts), not {name!r}")
    if plain and play_rule == "normal":
        raise InvalidArgumentError("--plain chooses the misère search; normal play has one search (drop --plain "
                                   "or ask for --play misere or both)")
    if machine_first and not playing:
        raise InvalidArgumentError("--machine-first applies to interactive play (--interactive or --moves)")
    if side is not None:
        if not playing:
            raise InvalidArgumentError("--as applies to interactive play (--interactive or --moves)")
        if r is None or getattr(r, "impartial", False):
            raise InvalidArgumentError(f"--as applies to partizan rulesets: {name} is impartial "
                                       f"(both players have the same moves)")
