"""Notebook views attached from above: the core, the universes and the outcome enum draw nothing
themselves; this module gives ``Game`` its SVG tree and ``Outcome`` and ``Universe`` their HTML
(:mod:`misere.viz.html`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game import Game
from ..core.outcome import Outcome

if TYPE_CHECKING:
    from ..universes import Universe


def find_universe(name: "str | Universe") -> "Universe":
    """:func:`misere.universes.find_universe`, imported on first use (``import misere`` stays fast)."""
    from ..universes import Universe, find_universe as find

    Universe._repr_html_ = _universe_html  # type: ignore[attr-defined]  # attached from above
    return find(name)


def _game_svg(self: Game) -> str:
    """The game tree as SVG, for notebooks (drawn by :mod:`misere.viz`, imported on call)."""
    from ..viz.tree import tree_svg

    return tree_svg(self.id)


def _outcome_html(self: Outcome) -> str:
    """A coloured badge saying who wins moving first, for notebooks."""
    from ..viz.html import outcome_badge

    return outcome_badge(self.value)


def _universe_html(self: "Universe") -> str:
    """Name, aliases, membership rule and counts of values by day, for notebooks."""
    from ..viz.html import card_html, table_html

    days = [(d, self.count_born_by(d) if hasattr(self, "count_born_by") else len(self.born_by(d)))
            for d in range(min(2, self.max_enumeration_day) + 1)]
    fields = [("aliases", ", ".join(self.aliases) or "-"), ("rule", self.description or "-")]
    return card_html(f"universe {self.name}", fields, table_html(["day", "values born by day"], days))


# attached from above: the core and the universes draw nothing themselves
Game._repr_svg_ = _game_svg  # type: ignore[attr-defined]
Outcome._repr_html_ = _outcome_html  # type: ignore[attr-defined]
