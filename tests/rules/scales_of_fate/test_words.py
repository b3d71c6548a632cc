"""What players read: places named as they see the board, counts in the right number."""

from __future__ import annotations

import re
from dataclasses import replace

from rules.scales_of_fate import GAME, PlaceDemigod, PlaceServant, TileSpec
from rules.scales_of_fate.components import count

from .helpers import age1_setup, dealt, playing, run

RAW_ID = re.compile(r"\b[hv][0-2][0-2]\b|\b[LRTB][0-2]\b")


def test_history_names_tiles_and_slots_in_words() -> None:
    state = playing((TileSpec("v00", "penance"),))
    line = GAME.describe(state, PlaceDemigod(0, "Pentha", "v00"))
    assert "the tile between row 1, column 1 and row 2, column 1" in line
    state = replace(run(state, PlaceDemigod(0, "Pentha", "v00")), turn=0)
    line = GAME.describe(state, PlaceServant(0, "penance", "L0"))
    assert "at the left end of row 1" in line
    assert not RAW_ID.search(line)


def test_counts_are_singular_for_one() -> None:
    assert count(1, "action tile") == "1 action tile"
    assert count(2, "action tile") == "2 action tiles"
    one_tile = age1_setup((TileSpec("v00", "penance"),))
    assert "(1 action tile)" in GAME.describe(dealt(), one_tile)
    verdict = GAME.check(dealt(), one_tile)
    assert verdict.legal
    effects = GAME.check(dealt(), one_tile).effects
    assert not any("1 action tiles" in e for e in effects)
    no_quests = replace(one_tile, quests=one_tile.quests[:1])
    assert "1 was given" in GAME.check(dealt(), no_quests).reason
