"""The actions of a Grimheim table, as they are stored in the event log.

Dice are rolled at the table: actions carry what the dice (and the cards played with them)
came to, and the app checks everything the rules say about it.
"""

from __future__ import annotations

from rules.core import Action, action

from .state import Hex

# ----- hero turn: the six action spaces ------------------------------------------------------


@action("move")
class Move(Action):
    """Move action: ``hero`` walks ``path`` (each area in order, the last is where it stops).
    ``bonus`` is extra movement from cards in play ("Move +1"), confirmed by the player.
    ``extra``: a card lets the hero perform this move action as an additional action, so no
    action marker moves (grim.action.extra)."""

    hero: str
    path: tuple[Hex, ...]
    bonus: int = 0
    extra: bool = False


@action("attack")
class Attack(Action):
    """Attack action against the monster at ``target``. ``damage`` is what the roll and the
    cards played with it came to (before the target's armor); ``reach`` is the hero's attack
    range from cards in play (1 unless a card says otherwise). ``extra``: a card ("3 mana:
    perform an attack action") grants this attack as an additional action, so no action
    marker moves (grim.action.extra). ``ignore_armor``: a card in play says the attack
    ignores armor (Eagle Eye II; grim.combat.ignore_armor)."""

    hero: str
    target: Hex
    damage: int
    reach: int = 1
    extra: bool = False
    ignore_armor: bool = False


@action("prepare")
class Prepare(Action):
    """Prepare action: draw one event card (discarding ``discard`` cards first to make room)."""

    hero: str
    discard: int = 0


@action("focus")
class Focus(Action):
    """Focus action: one mana onto ``card`` (an ability or equipment that uses mana)."""

    hero: str
    card: str


@action("mend")
class Mend(Action):
    """Mend action: remove ``hero_damage`` from the hero card and ``equipment_damage`` from
    equipment (equipment only in Grimheim)."""

    hero: str
    hero_damage: int
    equipment_damage: int = 0


@action("practice")
class Practice(Action):
    """Practice action: one experience onto the player board."""

    hero: str


@action("spend_action")
class SpendAction(Action):
    """Use an action space for a quest instead of its normal effect."""

    hero: str
    space: str


@action("end_turn")
class EndTurn(Action):
    """End of ``hero``'s turn: markers reset, the optional upgrade (``upgrade``), then one
    event card is drawn if ``draw`` and the hand has room."""

    hero: str
    upgrade: str = "none"
    draw: bool = True


# ----- free actions and card effects --------------------------------------------------------


@action("deal_damage")
class DealDamage(Action):
    """A card effect (not an attack action) deals ``damage`` to the monster at ``target``;
    ``unpreventable`` skips the target's armor."""

    hero: str
    target: Hex
    damage: int
    unpreventable: bool = False


@action("hero_damage")
class HeroDamage(Action):
    """``hero`` takes ``damage`` (after any prevention) outside the monsters' attack step."""

    hero: str
    damage: int


@action("gain")
class Gain(Action):
    """Card effects: ``hero`` gains (negative: spends) ``xp`` gold/XP, ``cards`` event cards
    and ``mana`` on ``card``; ``heal`` removes damage from the hero card and ``equipment``
    adds (negative: removes) damage markers on equipment."""

    hero: str
    xp: int = 0
    cards: int = 0
    card: str = ""
    mana: int = 0
    heal: int = 0
    equipment: int = 0


@action("share_gold")
class ShareGold(Action):
    """Give ``amount`` gold from ``giver`` to the adjacent hero ``taker``."""

    giver: str
    taker: str
    amount: int


@action("place_hero")
class PlaceHero(Action):
    """A card effect moves ``hero`` to ``to`` (not a move action)."""

    hero: str
    to: Hex


@action("take_markers")
class TakeMarkers(Action):
    """``hero``, standing on ``site`` (troll_caves, nailfare, wyrm_lair), takes the markers
    setup put there: the Troll Caves' 3 damage markers remove damage (``equipment`` of it from
    equipment, the rest from the hero card), Nailfare's 3 mana go onto ``card``, the Wyrm
    Lair's 3 gold are gained."""

    hero: str
    site: str
    card: str = ""
    equipment: int = 0


# ----- the monster turn ---------------------------------------------------------------------


@action("advance_time")
class AdvanceTime(Action):
    """Monster turn step 1: move the Rune Stone one step along the time track."""


@action("monster_die")
class MonsterDie(Action):
    """Monster turn step 2 (variant): the face the monster die showed, and what it did on the
    board: ``shifts`` (maneuver rotations, pushes; Grimheim as destination) and ``ambush``
    (one new goblin per hero outside Grimheim)."""

    face: str
    shifts: tuple[tuple[Hex, Hex], ...] = ()
    ambush: tuple[Hex, ...] = ()


@action("monsters_move")
class MonstersMove(Action):
    """Monster turn step 3: each monster's steps this turn, in the order they were made.
    Each entry is ``(from, to)``; ``to`` Grimheim means it entered the town."""

    steps: tuple[tuple[Hex, Hex], ...] = ()


@action("monsters_attack")
class MonstersAttack(Action):
    """Monster turn step 4: damage each hero took (after prevention), by hero name."""

    damage: dict[str, int]


@action("place_card")
class PlaceCard(Action):
    """Reinforcements: the drawn monster card ``card`` is placed. ``occupied`` lists areas the
    table sees as occupied that the app may not know about."""

    card: int
    occupied: tuple[Hex, ...] = ()


@action("redraw_card")
class RedrawCard(Action):
    """Reinforcements: ``card`` cannot be placed; it goes under its deck and another is drawn."""

    card: int
    occupied: tuple[Hex, ...] = ()


@action("skip_card")
class SkipCard(Action):
    """Reinforcements: no card of the step's deck can be placed (``occupied`` as for
    ``place_card``), so this player's draw places nothing (grim.assume.no_placeable_card)."""

    occupied: tuple[Hex, ...] = ()


# ----- table upkeep ------------------------------------------------------------------------


@action("place_monster")
class PlaceMonster(Action):
    """A card effect puts a ``monster`` tile (a monster key) from the supply at ``at``."""

    monster: str
    at: Hex


@action("remove_monster")
class RemoveMonster(Action):
    """A monster leaves the map (back to the supply) without being killed."""

    at: Hex


@action("move_monster")
class MoveMonster(Action):
    """A card effect moves the monster at ``frm`` to ``to`` (Grimheim: it enters the town)."""

    frm: Hex
    to: Hex


ACTION_TYPES: tuple[type[Action], ...] = (
    Move,
    Attack,
    Prepare,
    Focus,
    Mend,
    Practice,
    SpendAction,
    EndTurn,
    DealDamage,
    HeroDamage,
    Gain,
    ShareGold,
    PlaceHero,
    TakeMarkers,
    AdvanceTime,
    MonsterDie,
    MonstersMove,
    MonstersAttack,
    PlaceCard,
    RedrawCard,
    SkipCard,
    PlaceMonster,
    RemoveMonster,
    MoveMonster,
)
