"""Born of Titans: candidate actions for ``legal_actions`` and for randomized tests.

Move destinations and typed counter values cannot be listed exhaustively (the map and the
counters are on the table), so the candidates cover every kind of action with a few
representative values; ``legal_actions`` keeps the legal ones.
"""

from __future__ import annotations

import random

from rules.core import Action

from . import data
from .actions import (
    DragonsTeeth,
    DrawGear,
    EditCounter,
    EditQuest,
    Encounter,
    EndTurn,
    FirstSelector,
    LionSkin,
    Look,
    LoseTurn,
    Move,
    Oracle,
    PickHero,
    PlaceQuest,
    PlayDivine,
    Recruit,
    RefillCities,
    Retreat,
    Roll,
    Sacrifice,
    StartSite,
    StopPlaying,
    UseArgo,
)
from .challenge import facing
from .guards import total
from .setup_steps import next_picker
from .state import BotState, Divine, Place, Reveal, Stats
from .turns import empty_cities, move_cost

KINDS: tuple[Divine, ...] = ("athena", "aphrodite", "ares", "hera", "muses", "fates", "furies")
HEROES = ("Cyrene", "Atalanta", "Jason", "Theseus")
GEAR = ("Argo", "Dragon's Teeth", "Nemean Lion Skin", "Bronze Shield")
PLACES = (
    Place("city", "Mesembria"),
    Place("city", "Thebes"),
    Place("oracle", "Delphi"),
    Place("sea", "Strait"),
    Place("underworld", "Taenarum"),
    Place("point"),
    *(Place("quest", site=s) for s in data.QUEST_SITES),
)


def candidates(state: BotState) -> list[Action]:
    out: list[Action] = []
    n = state.n
    if state.phase == "selection":
        return [FirstSelector(s) for s in range(n)]
    if state.phase == "heroes":
        seat = next_picker(state)
        for k, name in enumerate(HEROES):
            out.append(
                PickHero(
                    seat, Stats(name, 3 + k % 3, 4 - k % 2, 2 + k % 4), Stats(f"Crew {k}", 1, 2, 1)
                )
            )
        return out
    if state.phase == "sites":
        for s in range(n):
            out += [StartSite(s, site) for site in data.QUEST_SITES]
            out += [PlaceQuest(s, site) for site in data.QUEST_SITES]
        return out
    if state.phase != "play":
        return out
    seat = state.turn
    hero = state.heroes[seat]
    for s in range(n):
        out += [PlaceQuest(s, site) for site in data.QUEST_SITES]
        if state.heroes[s].gear_due:
            out += [DrawGear(s, Stats(g, 1, 1, 1)) for g in GEAR]
        if state.refill_due == s:
            empty = tuple(empty_cities(state))
            out += [RefillCities(s, ()), RefillCities(s, empty)]
        out += [LoseTurn(seat, s)]
        for kind in sorted(set(state.heroes[s].divine) - {"hidden"}):
            for t in range(n):
                out += [PlayDivine(s, kind, t), PlayDivine(s, kind, t, pair=True)]
        out += [StopPlaying(s)]
    ch = state.challenge
    if ch is not None:
        out += [Roll(ch.seat, k) for k in range(ch.dice + 1)]
        out += [Retreat(ch.seat), LionSkin(ch.seat)]
        return out
    nav = total(hero, "navigation")
    for to in PLACES:
        for sea, land in ((1, 0), (2, 0), (0, 1)):
            cost = move_cost(hero, sea, land)
            out.append(Move(seat, min(cost, nav), sea, land, to))
    what, foe = facing(state, seat)
    attrs = [a for a in data.ATTRIBUTES if foe is None or foe.need(a) > 0]
    for attr in attrs:
        for p in sorted({0, min(1, hero.prophecy)}):
            if foe is not None:
                out.append(Encounter(seat, attribute=attr, prophecy=p))  # type: ignore[arg-type]
    if foe is None and what:
        for k, name in enumerate(("Hydra", "Medusa", "Capture Cerberus", "Scylla")):
            reveal = Reveal("monster", name, 2 + k, 0 if k == 1 else 3, 3 + k % 2)
            out.append(Encounter(seat, attribute="wits", reveal=reveal, underworld="Taenarum"))
        if what == "city":
            out += [
                Encounter(seat, reveal=Reveal("ally", "Bellerophon", 1, 1, 1)),
                Encounter(
                    seat,
                    reveal=Reveal("crew-for-hire", "Crew for Hire"),
                    roll=4,
                    hired=min(4, 6 - hero.crew),
                ),
                Encounter(seat, reveal=Reveal("gather-humility", "Gather Humility")),
                Encounter(seat, reveal=Reveal("allys-quest", "Ally's Quest")),
                Encounter(seat, reveal=Reveal("fair-weather", "Fair Weather")),
                Encounter(seat, reveal=Reveal("other", "Storm")),
            ]
    out += [Recruit(seat, 1), Recruit(seat, 2), Oracle(seat), EndTurn(seat)]
    out += [Sacrifice(seat, k) for k in data.DIVINE_KINDS]  # type: ignore[arg-type]
    out += [Look(seat, "3"), UseArgo(seat), DragonsTeeth(seat, 3)]
    if hero.hero is not None:
        h = hero.hero
        out.append(EditCounter(seat, "hero", Stats(h.name, h.battle, h.navigation, h.wits + 1)))
    if hero.quest is not None:
        out.append(EditQuest(seat, hero.quest.battle, hero.quest.navigation + 1, hero.quest.wits))
    return out


def random_picks(state: BotState, rng: random.Random) -> list[Action]:
    """A few random actions, mostly illegal, to probe the checks."""
    n = state.n
    seat = rng.randrange(-1, n + 1)
    return [
        FirstSelector(seat),
        StartSite(seat, rng.randrange(-1, 8)),
        PlaceQuest(seat, rng.randrange(0, 8)),
        Move(
            seat,
            rng.randrange(-1, 12),
            rng.randrange(-1, 5),
            rng.randrange(-1, 3),
            rng.choice(PLACES),
        ),
        Roll(seat, rng.randrange(-1, 12)),
        Retreat(seat),
        Recruit(seat, rng.randrange(0, 4)),
        Sacrifice(seat, "hidden"),
        PlayDivine(seat, rng.choice(KINDS), rng.randrange(-1, n + 1), rng.random() < 0.5),
        Encounter(seat, attribute="battle", prophecy=rng.randrange(-1, 8)),
        EndTurn(seat),
        LoseTurn(seat, rng.randrange(-1, n + 1)),
        EditCounter(seat, "ally", Stats("", 99, 0, 0)),
        PickHero(seat, Stats("Cyrene", 6, 5, 4), Stats("Crew", 1, 1, 1)),
        StopPlaying(seat),
    ]
