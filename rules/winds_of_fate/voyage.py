"""Winds of Fate: Odysseus' crew, the round marker, arriving at tiles and journeying on.

``arrive`` runs everything that happens when Odysseus reaches a place: the face-up tile's
encounter (crew, round, VP for unused chips, then the players' choices) or a face-down
tile's arrival. ``Journey`` and ``Wander`` move him on.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from .actions import Journey, Wander
from .components import (
    BET_TILES,
    CREW_LOSS_ON_ARRIVAL,
    CREW_RETURN_ON_ARRIVAL,
    DESTINY_TILES,
    DIRECT_MOVES,
    ITHACA,
    LAST_ROUND,
    NODES,
    ROUND_ADVANCE_ON_ARRIVAL,
    SIRENS_DRAW,
    TILE_NAMES,
    UNUSED_CHIP_TILES,
    UNUSED_CHIP_VP,
    node_label,
)
from .guards import Effects, Handlers, wrong_phase
from .state import WofState


def lose_crew(s: WofState, count: int, effects: Effects, why: str) -> WofState:
    """``count`` crew lost; at 0 the voyage ends at once with Odysseus dead."""
    if count <= 0:
        return s
    crew = max(0, s.crew - count)
    effects.append(f"{why}: crew {s.crew} → {crew}")
    s = replace(s, crew=crew)
    if crew == 0:
        effects.append(f"All crew lost: Odysseus is Dead (round {s.round})")
        s = end(s, "dead")
    return s


def return_crew(s: WofState, count: int, effects: Effects, why: str) -> WofState:
    effects.append(f"{why}: crew {s.crew} → {s.crew + count}")
    return replace(s, crew=s.crew + count)


def advance_round(s: WofState, count: int, effects: Effects, why: str) -> WofState:
    """The round marker moves on ``count`` spaces, never past the last round."""
    new = min(LAST_ROUND, s.round + count)
    if new != s.round:
        effects.append(f"{why}: round {s.round} → {new}")
    return replace(s, round=new)


def end(s: WofState, ending: str) -> WofState:
    return replace(s, phase="over", ending=ending, queue=(), step="")


def is_over(s: WofState) -> bool:
    return s.phase == "over"


def arrive(s: WofState, node: str, via: str, effects: Effects) -> WofState:
    """Odysseus reaches ``node`` by a ``via`` path (``calm``/``stormy``/``start``)."""
    s = replace(s, at=node, arrived_by=via, voyage=(*s.voyage, node), won=None)
    if node in s.face_down:
        effects.append(f"Odysseus reaches the face-down {node_label(node, s.board)}")
        if via == "calm":
            effects.append("Calm arrival: each player draws 1 card, in turn order")
            return replace(s, phase="draws", step="calm-arrival", draw_count=1, queue=s.order)
        s = lose_crew(s, 1, effects, "Stormy arrival")
        return s if is_over(s) else replace(s, phase="wander", queue=(), step="")
    effects.append(f"Odysseus reaches {node_label(node, s.board)}")
    return encounter(s, effects)


def encounter(s: WofState, effects: Effects) -> WofState:
    """The face-up tile's encounter: its automatic effects, then the players' choices."""
    tile = s.tile
    name = TILE_NAMES[tile]
    s = lose_crew(s, CREW_LOSS_ON_ARRIVAL.get(tile, 0), effects, name)
    if is_over(s):
        return s
    if tile in CREW_RETURN_ON_ARRIVAL:
        s = return_crew(s, CREW_RETURN_ON_ARRIVAL[tile], effects, name)
    if tile in ROUND_ADVANCE_ON_ARRIVAL:
        s = advance_round(s, ROUND_ADVANCE_ON_ARRIVAL[tile], effects, name)
    if tile in UNUSED_CHIP_TILES:
        vp = tuple(v + UNUSED_CHIP_VP * h for v, h in zip(s.vp, s.held, strict=True))
        for seat, h in enumerate(s.held):
            if h:
                effects.append(f"{s.players[seat]} scores {UNUSED_CHIP_VP * h} VP for unused chips")
        s = replace(s, vp=vp)
    if tile in BET_TILES:
        return replace(s, phase="bets", step="bet", queue=s.order)
    if tile == "circe":
        return replace(s, phase="bets", step="circe", queue=s.order)
    if tile in DESTINY_TILES:
        return replace(s, phase="destiny", step="", queue=s.order)
    if tile == "sirens":
        return replace(s, phase="draws", step="sirens", draw_count=SIRENS_DRAW, queue=s.order)
    return start_adventure(s)


def start_adventure(s: WofState) -> WofState:
    """A fresh adventure at the current tile: reward tiles are revealed first."""
    zeros = (0,) * s.n
    return replace(
        s,
        phase="reveal",
        step="",
        queue=(),
        draw_count=0,
        adventure=1,
        rewards=(),
        kind="",
        played=zeros,
        specials=zeros,
        passed=(),
        contributed=(False,) * s.n,
        contrib=(None,) * s.n,
    )


def step_done(s: WofState) -> WofState:
    """After an encounter step's last player: on to the adventure (or back to wandering)."""
    if s.step == "calm-arrival":
        return replace(s, phase="wander", step="", queue=(), draw_count=0)
    return start_adventure(s)


# ----- where a path leads -----------------------------------------------------------------


def _destination(s: WofState, path: str, to: str, direct: str | None) -> tuple[str, Verdict]:
    """The node the ``path`` from the current node leads to, or a refusal."""
    if to and to not in NODES:
        return "", Verdict.no(
            f"{to[:20]!r} is not a place on the board; places are {', '.join(NODES)}.",
            "wof.assume.paths",
        )
    if direct is not None:
        if to and to != direct:
            return "", Verdict.no(
                f"A won adventure at {TILE_NAMES[s.tile]} sends Odysseus straight to "
                f"{node_label(direct, s.board)}.",
                "wof.journey.direct",
            )
        return direct, Verdict.ok("", "wof.journey.direct")
    known = s.paths.get(f"{s.at}:{path}")
    if to == s.at:
        return "", Verdict.no("A path always leads to another place.", "wof.assume.paths")
    if known and to and to != known:
        return "", Verdict.no(
            f"The {path} path from {node_label(s.at, s.board)} leads to "
            f"{node_label(known, s.board)}; if your board differs, edit the path first.",
            "wof.assume.paths",
        )
    dest = to or known
    if not dest:
        return "", Verdict.no(
            f"Where does the {path} path from {node_label(s.at, s.board)} lead? Enter it.",
            "wof.assume.paths",
        )
    return dest, Verdict.ok("", "wof.assume.paths")


def journey_target(s: WofState, act: Journey) -> tuple[str, str, Verdict]:
    """(path, destination, verdict) for a journey from the current tile."""
    path = "calm" if s.won else "stormy"
    direct = None
    if s.won and s.tile in DIRECT_MOVES:
        direct = s.node_of(DIRECT_MOVES[s.tile])
    dest, verdict = _destination(s, path, act.to, direct)
    return path, dest, verdict


def check_journey(s: WofState, act: Journey) -> Verdict:
    if s.phase != "journey":
        return wrong_phase(s)
    path, dest, verdict = journey_target(s, act)
    if not verdict.legal:
        return verdict
    rules = ["wof.journey.crew", "wof.journey.path", "wof.journey.flip", *verdict.rules]
    if "wof.journey.direct" in rules:
        rules.append("wof.assume.direct-journey")
    elif s.won and s.tile in DIRECT_MOVES:
        rules.append("wof.assume.direct-missing")
    return Verdict.ok(
        f"The {path} path to {node_label(dest, s.board)}; 1 crew is lost on the way.", *rules
    )


def do_journey(s: WofState, act: Journey) -> tuple[WofState, Effects]:
    path, dest, verdict = journey_target(s, act)
    effects: Effects = []
    s = lose_crew(s, 1, effects, "The journey")
    if is_over(s):
        return s, effects
    paths = dict(s.paths)
    if "wof.journey.direct" not in verdict.rules:
        paths[f"{s.at}:{path}"] = dest
    face_down = s.face_down if s.at in s.face_down else (*s.face_down, s.at)
    effects.append(f"{node_label(s.at, s.board)} is turned face down")
    s = replace(s, paths=paths, face_down=face_down)
    s = advance_round(s, 1, effects, "The journey")
    return arrive(s, dest, path, effects), effects


def wander_target(s: WofState, act: Wander) -> tuple[str, str, Verdict]:
    if act.god not in ("athena", "poseidon"):
        return (
            "",
            "",
            Verdict.no(
                f"The Olympus card shows Athena or Poseidon, not {act.god[:20]!r}.",
                "wof.facedown.olympus",
            ),
        )
    path = "calm" if act.god == "athena" else "stormy"
    dest, verdict = _destination(s, path, act.to, None)
    return path, dest, verdict


def check_wander(s: WofState, act: Wander) -> Verdict:
    if s.phase != "wander":
        return wrong_phase(s)
    path, dest, verdict = wander_target(s, act)
    if not verdict.legal:
        return verdict
    god = "Athena" if path == "calm" else "Poseidon"
    if dest not in s.face_down and s.round >= LAST_ROUND:
        return Verdict.ok(
            f"{god}: the {path} path leads off the face-down tiles to "
            f"{node_label(dest, s.board)}, but leaving them takes a round and round "
            f"{LAST_ROUND} is the last: Odysseus is Stranded at Sea.",
            "wof.facedown.olympus",
            "wof.facedown.round",
            "wof.assume.facedown-chain",
            "wof.assume.stranded-round-12",
            *verdict.rules,
        )
    return Verdict.ok(
        f"{god}: the {path} path to {node_label(dest, s.board)}.",
        "wof.facedown.olympus",
        "wof.facedown.round",
        "wof.assume.facedown-chain",
        *verdict.rules,
    )


def do_wander(s: WofState, act: Wander) -> tuple[WofState, Effects]:
    path, dest, _ = wander_target(s, act)
    effects: Effects = []
    s = replace(s, paths={**s.paths, f"{s.at}:{path}": dest})
    if dest in s.face_down:
        return arrive(s, dest, path, effects), effects
    # Leaving the face-down tiles: the wandering took one round, however many tiles.
    if s.round >= LAST_ROUND:
        # No round is left for the way out (wof.assume.stranded-round-12): the marker stays
        # on the face-down tiles, so it never stands on Ithaca in a Stranded voyage.
        effects.append(
            f"Round {LAST_ROUND} is over before Odysseus can leave the face-down tiles for "
            f"{node_label(dest, s.board)}: he is Stranded at Sea"
        )
        return end(s, "stranded"), effects
    s = advance_round(s, 1, effects, "Wandering")
    return arrive(s, dest, path, effects), effects


def cut_short_of_home(s: WofState) -> bool:
    """Did the voyage in ``s`` end Stranded although its last adventure was won on the tile
    that sends Odysseus straight to Ithaca (wof.assume.stranded-round-12)?"""
    return s.ending == "stranded" and bool(s.won) and DIRECT_MOVES.get(s.tile) == ITHACA


def after_adventure(s: WofState, effects: Effects) -> WofState:
    """What follows a resolved adventure that did not kill the crew."""
    if s.at == ITHACA:
        if s.adventure == 1:
            effects.append("Ithaca's second adventure begins")
            zeros = (0,) * s.n
            return replace(
                s,
                phase="play",
                queue=s.order,
                adventure=2,
                kind="",
                played=zeros,
                specials=zeros,
                passed=(),
                contributed=(False,) * s.n,
                contrib=(None,) * s.n,
            )
        effects.append(f"Odysseus is home with {s.crew} crew: Safe Return")
        return end(s, "safe")
    if s.round >= LAST_ROUND:
        s = end(s, "stranded")
        if cut_short_of_home(s):
            # wof.assume.stranded-round-12: the won adventure would carry him home, but
            # round 12 is over before that move.
            effects.append(
                f"Round {LAST_ROUND} is over before the move to Ithaca: Odysseus is Stranded at Sea"
            )
        else:
            effects.append(
                f"Round {LAST_ROUND} is over without reaching Ithaca: Odysseus is Stranded at Sea"
            )
        return s
    return replace(s, phase="journey", queue=())


def arrival_rules(before: WofState, after: WofState) -> list[str]:
    """The encounter rules of every place reached between ``before`` and ``after``."""
    starting = before.phase == "setup" and after.phase != "setup"
    if after.voyage == before.voyage and not starting:
        return []
    rules = []
    for node in after.voyage[0 if starting else len(before.voyage) :]:
        if node in before.face_down:
            rules.append("wof.facedown.encounter")
        else:
            rules.append(f"wof.encounter.{after.tile_at(node)}")
    if after.round == LAST_ROUND and before.round < LAST_ROUND:
        rules.append("wof.assume.round-cap")
    return rules


HANDLERS: Handlers = {
    Journey: (check_journey, do_journey),
    Wander: (check_wander, do_wander),
}
