"""Every branch of the Scales of Fate verdicts, each as a small table position and one
action: the ledger in ``test_verdict_ledger`` pins what the rules answer to each."""

from __future__ import annotations

from dataclasses import replace

from rules.scales_of_fate import (
    GAME,
    Announce,
    FinalGuess,
    GodSmite,
    GodSteal,
    GodSwitch,
    Pass,
    PlaceDemigod,
    PlaceServant,
    SofState,
    TileSpec,
)

from .helpers import at, dealt, playing, run, with_renown

ONE = (TileSpec("v00", "penance"),)
TWO = (TileSpec("v00", "penance"), TileSpec("v01", "vesper"))
FLIP = (TileSpec("v00", "hadria"), TileSpec("v01", "vesper"))


def _guessing() -> SofState:
    return replace(dealt(), phase="guess", age=3)


def _announcing(marker: int = 0, **places: str) -> SofState:
    """Age 1 just ended (Pentha on the only tile); ``places`` put demigods in the Abyss."""
    state = run(playing(ONE, abyss=(-2, 3)), PlaceDemigod(0, "Pentha", "v00"))
    state = replace(at(state, **places), abyss_marker=marker, turn=0)
    return run(state, PlaceServant(0, "penance", "B2"))


def _age3_announcing() -> SofState:
    state = _announcing()
    return replace(state, age=3)


def _flipped() -> SofState:
    state = run(playing(FLIP), PlaceDemigod(0, "Pentha", "v00"), GodSmite(1, "Pentha"))
    return state  # Ana to act, v00 flipped and open, Ana holds Hadria's


def _servant_ready() -> SofState:
    return replace(run(playing(ONE), PlaceDemigod(0, "Pentha", "v00")), turn=0)


CASES = {
    # ----- final guess
    "guess bad seat": (_guessing, FinalGuess(2, ("Naka", "Belan"))),
    "guess too early": (playing, FinalGuess(0, ("Naka", "Belan"))),
    "guess twice": (
        lambda: run(_guessing(), FinalGuess(0, ("Naka", "Belan"))),
        FinalGuess(0, ("Naka", "Klar")),
    ),
    "guess same twice": (_guessing, FinalGuess(0, ("Naka", "Naka"))),
    "guess unknown": (_guessing, FinalGuess(0, ("Naka", "Zeus"))),
    "guess first": (_guessing, FinalGuess(0, ("Naka", "Belan"))),
    "guess last": (
        lambda: run(_guessing(), FinalGuess(0, ("Naka", "Isabel"))),
        FinalGuess(1, ("Pentha", "Klar")),
    ),
    # ----- turns and passing
    "pass bad seat": (playing, Pass(3)),
    "pass not your turn": (playing, Pass(1)),
    "pass wrong phase": (dealt, Pass(0)),
    "pass with a tile open": (playing, Pass(0)),
    "pass holding a servant": (
        lambda: replace(run(playing(ONE), PlaceDemigod(0, "Pentha", "v00")), turn=0),
        Pass(0),
    ),
    "pass": (
        lambda: run(
            playing(TWO),
            PlaceDemigod(0, "Pentha", "v00"),
            PlaceDemigod(1, "Naka", "v01"),
            PlaceServant(0, "penance", "B2"),
        ),
        Pass(1),
    ),
    "pass again": (
        lambda: replace(
            run(playing(ONE), PlaceDemigod(0, "Pentha", "v00")),
            passed=(False, True),
            servants={
                "penance": "B2",
                "vesper": "supply",
                "hadria-1": "supply",
                "hadria-2": "supply",
            },
        ),
        Pass(1),
    ),
    "pass skips a passed player": (
        lambda: replace(
            run(playing(TWO), PlaceDemigod(0, "Pentha", "v00"), PlaceDemigod(1, "Naka", "v01")),
            passed=(False, True),
            god_powers={"smite": 0, "switch": 1, "steal": 0},
            turn=0,
        ),
        PlaceServant(0, "penance", "B2"),
    ),
    # ----- servants
    "servant passed": (
        lambda: replace(_servant_ready(), passed=(True, False)),
        PlaceServant(0, "penance", "L0"),
    ),
    "servant bad slot": (_servant_ready, PlaceServant(0, "penance", "Q7")),
    "servant slot taken": (
        lambda: replace(_servant_ready(), servants={**_servant_ready().servants, "vesper": "L0"}),
        PlaceServant(0, "penance", "L0"),
    ),
    "servant not held": (_servant_ready, PlaceServant(0, "vesper", "L0")),
    "servant from the far end": (
        lambda: at(_servant_ready(), Pentha="v00"),
        PlaceServant(0, "penance", "R0"),
    ),
    "servant scores": (
        lambda: at(_servant_ready(), Pentha="off", Klar="v00"),
        PlaceServant(0, "penance", "L0"),
    ),
    "servant held at the top": (
        lambda: with_renown(_servant_ready(), Pentha=13),
        PlaceServant(0, "penance", "L0"),
    ),
    "servant stacks": (
        lambda: run(playing(TWO), PlaceDemigod(0, "Pentha", "v00"), PlaceDemigod(1, "Naka", "v01")),
        PlaceServant(0, "penance", "T0"),
    ),
    # ----- god powers
    "smite used": (lambda: run(playing(), GodSmite(0, "Isabel")), GodSmite(1, "Aponi")),
    "smite abyss": (lambda: at(playing(), Isabel="abyss"), GodSmite(0, "Isabel")),
    "smite unknown": (playing, GodSmite(0, "Zeus")),
    "smite off board": (playing, GodSmite(0, "Isabel")),
    "smite on a tile": (
        lambda: run(playing(), PlaceDemigod(0, "Pentha", "v00")),
        GodSmite(1, "Pentha"),
    ),
    "switch same": (playing, GodSwitch(0, "Klar", "Klar")),
    "switch same place": (playing, GodSwitch(0, "Klar", "Naka")),
    "switch unknown": (playing, GodSwitch(0, "Klar", "Zeus")),
    "switch": (lambda: at(playing(), Pentha="v00", Klar="abyss"), GodSwitch(0, "Pentha", "Klar")),
    "steal nothing": (playing, GodSteal(0, "vesper")),
    "steal": (lambda: run(playing(), PlaceDemigod(0, "Pentha", "v00")), GodSteal(1, "penance")),
    "power after pass": (lambda: replace(playing(), passed=(True, False)), GodSmite(0, "Isabel")),
    "switch unknown first": (playing, GodSwitch(0, "Zeus", "Klar")),
    "steal used": (
        lambda: run(playing(), PlaceDemigod(0, "Pentha", "v00"), GodSteal(1, "penance")),
        GodSteal(0, "penance"),
    ),
    "steal out of turn": (
        lambda: run(playing(), PlaceDemigod(0, "Pentha", "v00")),
        GodSteal(0, "penance"),
    ),
    "penance passes over light quests": (
        lambda: at(replace(run(playing(), PlaceDemigod(0, "Pentha", "v00")), turn=0), Klar="v01"),
        PlaceServant(0, "penance", "L1"),
    ),
    "penance on a row without dark quests": (
        lambda: replace(
            _servant_ready(),
            quests={
                k: (replace(q, dark=False) if k.startswith("0") else q)
                for k, q in _servant_ready().quests.items()
            },
        ),
        PlaceServant(0, "penance", "L0"),
    ),
    "servant adds two quests": (
        lambda: at(replace(run(playing(), PlaceDemigod(0, "Klar", "v00")), turn=0), Pentha="h00"),
        PlaceServant(0, "penance", "L0"),
    ),
    "penance beside a light quest at the top": (
        lambda: with_renown(
            at(replace(run(playing(), PlaceDemigod(0, "Pentha", "v00")), turn=0), Klar="v02"),
            Klar=14,
        ),
        PlaceServant(0, "penance", "R1"),
    ),
    # ----- placing demigods
    "place twice": (lambda: at(playing(), Pentha="abyss"), PlaceDemigod(0, "Pentha", "v00")),
    "place no tile": (playing, PlaceDemigod(0, "Pentha", "v12")),
    "place occupied": (
        lambda: run(playing(), PlaceDemigod(0, "Pentha", "v00")),
        PlaceDemigod(1, "Naka", "v00"),
    ),
    "place unknown": (playing, PlaceDemigod(0, "Zeus", "v00")),
    "place flipped with a target": (_flipped, PlaceDemigod(0, "Klar", "v00", target="Naka")),
    "place flipped": (_flipped, PlaceDemigod(0, "Klar", "v00")),
    "smite tile with a direction": (
        playing,
        PlaceDemigod(0, "Pentha", "h00", target="Naka", direction="left"),
    ),
    "smite tile no target": (playing, PlaceDemigod(0, "Pentha", "h00")),
    "smite tile unknown target": (playing, PlaceDemigod(0, "Pentha", "h00", target="Zeus")),
    "smite tile target placed": (
        lambda: at(playing(), Naka="abyss"),
        PlaceDemigod(0, "Pentha", "h00", target="Naka"),
    ),
    "smite tile self": (playing, PlaceDemigod(0, "Pentha", "h00", target="Pentha")),
    "smite tile": (playing, PlaceDemigod(0, "Pentha", "h00", target="Naka")),
    "smite tile last one": (
        lambda: at(
            playing(),
            **{
                d: "abyss"
                for d in ("Agamar", "Klar", "Aponi", "Saghari", "Namari", "Naka", "Belan", "Isabel")
            },
        ),
        PlaceDemigod(0, "Pentha", "h00"),
    ),
    "smite tile last one with target": (
        lambda: at(
            playing(),
            **{
                d: "abyss"
                for d in ("Agamar", "Klar", "Aponi", "Saghari", "Namari", "Naka", "Belan", "Isabel")
            },
        ),
        PlaceDemigod(0, "Pentha", "h00", target="Naka"),
    ),
    "target on a servant tile": (playing, PlaceDemigod(0, "Pentha", "v00", target="Naka")),
    "fate no direction": (playing, PlaceDemigod(0, "Pentha", "h01")),
    "fate at the end": (
        lambda: replace(playing(), abyss_marker=-1),
        PlaceDemigod(0, "Pentha", "h01", direction="left"),
    ),
    "fate": (playing, PlaceDemigod(0, "Pentha", "h01", direction="right")),
    "direction on a servant tile": (playing, PlaceDemigod(0, "Pentha", "v00", direction="left")),
    "servant tile": (playing, PlaceDemigod(0, "Pentha", "v00")),
    "servant tile empty supply": (
        lambda: replace(playing(), servants={**playing().servants, "penance": "held-1"}),
        PlaceDemigod(0, "Pentha", "v00"),
    ),
    "second hadria": (
        lambda: run(playing(), PlaceDemigod(0, "Pentha", "v02")),
        PlaceDemigod(1, "Naka", "h10"),
    ),
    # ----- end of an Age and the answers
    "age ends, nobody in the Abyss": (
        lambda: replace(run(playing(ONE), PlaceDemigod(0, "Pentha", "v00")), turn=0),
        PlaceServant(0, "penance", "B2"),
    ),
    "age ends, marker in the middle": (
        lambda: at(
            replace(run(playing(ONE), PlaceDemigod(0, "Pentha", "v00")), turn=0), Isabel="abyss"
        ),
        PlaceServant(0, "penance", "B2"),
    ),
    "age ends, the Abyss scores": (
        lambda: replace(
            at(
                replace(run(playing(ONE), PlaceDemigod(0, "Pentha", "v00")), turn=0),
                Isabel="abyss",
                Agamar="abyss",
            ),
            abyss_marker=1,
            renown={**playing().renown, "Agamar": 13},
        ),
        PlaceServant(0, "penance", "B2"),
    ),
    "both passed": (
        lambda: replace(
            run(
                playing(TWO),
                PlaceDemigod(0, "Pentha", "v00"),
                PlaceDemigod(1, "Naka", "v01"),
                PlaceServant(0, "penance", "B2"),
            ),
            passed=(False, True),
            servants={
                "penance": "B2",
                "vesper": "held-1",
                "hadria-1": "supply",
                "hadria-2": "supply",
            },
            turn=0,
        ),
        Pass(0),
    ),
    "announce wrong phase": (playing, Announce(0, True)),
    "announce bad seat": (_announcing, Announce(5, True)),
    "announce dishonest": (_announcing, Announce(0, True)),
    "announce": (_announcing, Announce(0, False)),
    "announce dishonest no": (
        lambda: _announcing(1, Klar="abyss"),
        Announce(0, False),
    ),
    "announce yes": (lambda: _announcing(1, Klar="abyss"), Announce(0, True)),
    "announce twice": (lambda: run(_announcing(), Announce(0, False)), Announce(0, False)),
    "announce last": (lambda: run(_announcing(), Announce(0, False)), Announce(1, False)),
    "announce last of the game": (
        lambda: run(_age3_announcing(), Announce(0, False)),
        Announce(1, False),
    ),
}


def verdict_of(name: str) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    build, action = CASES[name]
    v = GAME.check(build(), action)
    return (v.legal, v.reason, tuple(v.rules), tuple(v.effects))
