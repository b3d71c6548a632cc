"""Grimheim: what no table can ever reach, whatever was played or corrected.

``state_problems`` names the structural impossibilities of a supplied state (heroes that are
not the table's, pieces where no piece can stand, markers or faces that do not exist, action
markers out of turn). The counters' bounds and the conservation rules are checked elsewhere
(``corrections``); together they decide whether ``python -m rules check`` judges a position.
"""

from __future__ import annotations

from . import data, hexmap
from . import state as geometry
from .heroes import ABILITY_PILE
from .state import GRIMHEIM, HERO_ACTIONS, TOWN_PIECES_BY_PLAYERS, GrimheimState, HeroState


def state_problems(state: GrimheimState) -> list[str]:
    """Everything about ``state`` that no game can reach, in plain words (empty if none)."""
    problems = _hero_roster(state)
    for i, hero in enumerate(state.heroes):
        problems += _hero_problems(hero)
        if hero.actions and not (state.phase == "heroes" and state.turn == i):
            problems.append(
                f"{hero.name} has action markers out ({', '.join(hero.actions)}) outside "
                "its own turn"
            )
    problems += _monster_problems(state)
    problems += _round_problems(state)
    return problems


def _hero_roster(state: GrimheimState) -> list[str]:
    names = tuple(h.name for h in state.heroes)
    if names != tuple(state.options.heroes):
        return [
            f"the heroes ({', '.join(names) or 'none'}) are not the table's "
            f"({', '.join(state.options.heroes)}, in that order)"
        ]
    printed = data.load().heroes
    return [
        f"{h.name} is hero number {printed[h.name].number}, not {h.number}"
        for h in state.heroes
        if h.number != printed[h.name].number
    ]


def _hero_problems(hero: HeroState) -> list[str]:
    out: list[str] = []
    name = hero.name
    if not geometry.on_map(hero.at):
        out.append(f"{name} stands at {hero.at[0]},{hero.at[1]}, off the map")
    elif geometry.normalise(hero.at) == GRIMHEIM and hero.at != GRIMHEIM:
        out.append(f"{name} is in Grimheim, which is one area: write it as 9,9")
    else:
        terrain = geometry.hero_terrain_problem(hero.at)
        if terrain:
            out.append(f"{name} cannot stand there: {terrain[0]}")
    if hero.level not in (1, 2):
        out.append(f"{name}'s hero card has sides 1 and 2, not {hero.level}")
    if not 0 <= hero.abilities_gained <= ABILITY_PILE:
        out.append(f"{name} has gained {hero.abilities_gained} abilities; the pile holds 5")
    if not 0 <= hero.abilities_flipped <= 1 + max(0, hero.abilities_gained):
        out.append(
            f"{name} has flipped {hero.abilities_flipped} abilities but has only "
            f"{1 + max(0, hero.abilities_gained)} in play"
        )
    strange = [a for a in hero.actions if a not in HERO_ACTIONS]
    if strange:
        out.append(f"{name} used {', '.join(strange)}, which is no action space")
    if hero.kills < 0 or hero.knockouts < 0:
        out.append(f"{name}'s kills and knockouts cannot be negative")
    return out


def _monster_problems(state: GrimheimState) -> list[str]:
    out: list[str] = []
    d = data.load()
    for t in state.monsters:
        if t.is_legend and t.level not in (1, 2):
            out.append(f"a Legend tile has levels 1 and 2, not {t.level}")
        if t.level < 0 or (not t.is_legend and t.kind in d.legends):
            out.append(f"the {t.kind} tile needs its level (1 or 2)")
        if hexmap.on_map(t.at) and geometry.normalise(t.at) == GRIMHEIM:
            out.append("a monster stands in Grimheim")
    return out


def _round_problems(state: GrimheimState) -> list[str]:
    out: list[str] = []
    faces = data.load().monster_die
    if state.die_face and state.die_face not in faces:
        out.append(f"{state.die_face!r} is not a face of the monster die")
    if not state.options.monster_die and (state.die_face or state.monster_step == "die"):
        out.append("the monster die is rolled only with the monster die option")
    start = state.options.town_pieces or TOWN_PIECES_BY_PLAYERS.get(len(state.heroes), 0)
    if state.town_start != start:
        out.append(f"the table set up {start} town pieces, not {state.town_start}")
    if state.phase == "reinforce" and state.reinforcements_left > len(state.heroes):
        out.append(
            f"{state.reinforcements_left} monster cards left to draw, but each of the "
            f"{len(state.heroes)} players draws one"
        )
    return out
