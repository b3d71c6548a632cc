"""Monster cards: can a drawn card be placed, and what it puts where.

A card is placeable when the supply holds every tile it shows, its Legend (if any) is not
already on the board, and none of its areas holds a character. The table may report extra
occupied areas the app does not know about; they count as occupied too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.core.words import plural

from . import data
from .hexmap import grid_name
from .state import GrimheimState, Hex, MonsterTile, sorted_tiles


@dataclass(frozen=True)
class CardPlan:
    """What placing monster card ``number`` would do.

    ``tiles`` are the tiles it puts on the map; ``wrong_deck`` / ``unknown`` describe a card
    that may not be drawn now at all; ``problems`` are the reasons it cannot be placed (then
    it goes under its deck and another card is drawn). Each problem is one plain sentence.
    """

    number: int
    name: str
    deck: str
    tiles: tuple[MonsterTile, ...]
    problems: tuple[str, ...]

    @property
    def placeable(self) -> bool:
        return not self.problems

    def effects(self) -> list[str]:
        """Plain lines: what goes where."""
        by_kind: Counter[str] = Counter(t.kind for t in self.tiles)
        lines = []
        for kind, count in sorted(by_kind.items()):
            spots = ", ".join(grid_name(t.at) for t in self.tiles if t.kind == kind)
            lines.append(f"{count} × {display_name(kind)} → {spots}")
        return lines


def display_name(kind: str) -> str:
    """Printed name of a monster kind or Legend key (the key itself if unknown)."""
    d = data.load()
    if kind in d.monsters:
        return d.monsters[kind].name
    if kind in d.legends:
        return d.legends[kind].name
    return kind


def plan_card(state: GrimheimState, number: int, occupied: Iterable[Hex] = ()) -> CardPlan:
    """The plan for placing card ``number`` in ``state``.

    Raises ``KeyError`` if no card has that number (callers check ``data.load().cards``).
    """
    d = data.load()
    card = d.cards[number]
    level = 1 if card.deck == "yellow" else 2
    tiles: list[MonsterTile] = []
    for slot in card.slots:
        if slot.monster == "legend":
            assert card.legend is not None
            tiles.append(MonsterTile(kind=card.legend, at=slot.hex, level=level))
        else:
            tiles.append(MonsterTile(kind=slot.monster, at=slot.hex))
    problems: list[str] = []
    need: Counter[str] = Counter(t.kind for t in tiles if not t.is_legend)
    for kind, count in sorted(need.items()):
        have = state.supply.get(kind, 0)
        if have < count:
            problems.append(
                f"it needs {count} {display_name(kind)} {plural(count, 'tile')} "
                f"but the supply has {have}"
            )
    if card.legend is not None and card.legend in state.legends_in_play:
        problems.append(f"{display_name(card.legend)} is already on the board")
    blocked = state.occupied() | set(occupied)
    taken = sorted((t.at for t in tiles if t.at in blocked), key=lambda h: (h[1], h[0]))
    if taken:
        spots = "; ".join(grid_name(h) for h in taken)
        problems.append(
            f"its {plural(len(taken), 'area')} {spots} "
            f"{'is' if len(taken) == 1 else 'are'} occupied"
        )
    return CardPlan(
        number=number,
        name=card.name,
        deck=card.deck,
        tiles=sorted_tiles(tiles),
        problems=tuple(problems),
    )


def place(state: GrimheimState, plan: CardPlan) -> GrimheimState:
    """``state`` with the plan's tiles moved from the supply onto the map."""
    supply = dict(state.supply)
    legends = dict(state.legends_in_play)
    for t in plan.tiles:
        if t.is_legend:
            legends[t.kind] = t.level
        else:
            supply[t.kind] -= 1
    return replace(
        state,
        monsters=sorted_tiles([*state.monsters, *plan.tiles]),
        supply=supply,
        legends_in_play=legends,
    )
