"""Player names: duplicates found in every script (NFKC + case folding), invisible and
control characters refused with a message naming the character, through the hub."""

from __future__ import annotations

import pytest

from companion.hub import Hub
from companion.names import clean_name, name_key

pytestmark = pytest.mark.usefixtures("tally_game")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", "ANA"),
        ("Straße", "STRASSE"),  # German sharp s folds to "ss"
        ("Ὀδυσσεύς", "ὈΔΥΣΣΕΎΣ"),  # Greek, final sigma
        ("Ольга", "ОЛЬГА"),  # Cyrillic
        ("Ａｎａ", "ana"),  # full-width letters (NFKC)
        ("Zoe\u0301", "Zoé"),  # decomposed and composed é
        ("Ǆemal", "ǆemal"),  # a title-case digraph
        ("Ana 👍🏽", "ana 👍🏽"),
    ],
)
def test_duplicate_names_are_found_in_every_script(hub: Hub, first: str, second: str) -> None:
    assert name_key(first) == name_key(second)
    hub.add_player(first)
    with pytest.raises(ValueError, match="already a player"):
        hub.add_player(second)
    with pytest.raises(ValueError, match="repeated"):
        hub.create_table("tally", None, [first, second])
    # An existing player typed another way takes their seat, under the roster's spelling.
    table = hub.create_table("tally", None, [second, "Someone Else"])
    assert table.seats[0].name == clean_name(first)
    assert len(hub.players()) == 2


@pytest.mark.parametrize(
    ("name", "named"),
    [
        ("An\u200ba", "U+200B ZERO WIDTH SPACE"),
        ("\u200b", "U+200B"),
        ("Bo\x07", "U+0007"),  # bell: a control character
        ("Bo\x00", "U+0000"),
        ("\u202eanA", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("Ana\u2066", "U+2066"),
        ("\u3164", "U+3164 HANGUL FILLER"),
        ("\u2800\u2800", "U+2800 BRAILLE PATTERN BLANK"),
        ("Ana\u00ad", "U+00AD SOFT HYPHEN"),
        ("\ufeffAna", "U+FEFF"),
        ("Ana\ue000", "U+E000"),  # private use
        ("Ana \u200d", "except between two visible ones"),
        ("\u0301\u0301", "visible letter"),
    ],
)
def test_invisible_and_control_characters_are_refused_by_name(
    hub: Hub, name: str, named: str
) -> None:
    with pytest.raises(ValueError, match="name") as info:
        hub.add_player(name)
    assert named in str(info.value)
    with pytest.raises(ValueError) as again:
        hub.create_table("tally", None, [name, "Bo"])
    assert named in str(again.value)
    assert hub.players() == [] and hub.list_tables() == []


@pytest.mark.parametrize(
    "name",
    [
        "👨\u200d👩\u200d👧",  # a family emoji: joiners between visible characters
        "می\u200cخواهم",  # Persian spelling with a non-joiner
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland's flag
        "José María",
        "李小龍",
        "Ana\u00a0Bo",  # a no-break space is a space
    ],
)
def test_real_names_in_any_script_are_kept(hub: Hub, name: str) -> None:
    player = hub.add_player(name)
    assert player.name == clean_name(name) and player.name.strip()


def test_names_are_stored_composed_and_tidy() -> None:
    assert clean_name("  Zoe\u0301   Li ") == "Zoé Li"
    assert clean_name("Ana\u00a0Bo") == "Ana Bo"
