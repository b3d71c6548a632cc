"""Setting up a table for each of the five modes (ff.setup.*, ff.mode.*, ff.coop.*)."""

from __future__ import annotations

from .board import QUARRY, board
from .data import COLOURS, FateCard, board_spec, cards
from .state import COOP_MODES, FfOptions, FfState, Mode

# mode -> (colours per seat, turn order, hand sizes, Hero cards per seat)
LAYOUTS: dict[Mode, tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]] = {
    "2v2": (((0,), (1,), (2,), (3,)), (0, 1, 2, 3), (5, 5, 5, 5)),
    "1v1": (((0, 2), (1, 3)), (0, 1), (5, 5)),
    "2v1": (((0, 2), (1,), (3,)), (0, 1, 0, 2), (4, 5, 5)),
    "coop2": (((0, 2), (1, 3)), (0, 1), (5, 5)),
    "coop3": (((0, 2), (1,), (3,)), (0, 1, 0, 2), (4, 5, 5)),
    "coop4": (((0,), (1,), (2,), (3,)), (0, 1, 2, 3), (5, 5, 5, 5)),
    "solo": (((0, 1, 2, 3),), (0,), (5,)),
}

DEFAULT_NAMES = ("Red", "Blue", "Yellow", "Green")


def default_names(mode: Mode) -> tuple[str, ...]:
    seats = LAYOUTS[mode][0]
    return tuple(" & ".join(DEFAULT_NAMES[c] for c in colours) for colours in seats)


def hero_cards(mode: Mode, seat_colours: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Versus: one Hero card per hero; co-op: one per colour played; solo: all four."""
    if mode in COOP_MODES:
        return tuple(len(cs) for cs in seat_colours)
    return tuple(1 for _ in seat_colours)


def start_columns(arm: int, arm_bridge: int) -> tuple[int, ...]:
    b = board(arm, arm_bridge)
    on_exit = board_spec().start_on_exit
    out: list[int] = []
    for c in range(4):
        out += sorted([QUARRY] * (4 - on_exit) + [b.exits[c]] * on_exit)
    return tuple(out)


def deck_size(mode: Mode, fates: tuple[FateCard, ...]) -> int:
    """Cards in the whole deck for ``mode``: the lightning deck in co-op and solo."""
    if mode in COOP_MODES:
        return sum(f.lightning for f in fates) + sum(f.lightning for f in cards().favors)
    return sum(f.copies for f in fates) + len(cards().favors)


def in_deck(mode: Mode, fates: tuple[FateCard, ...], name: str) -> bool:
    """Whether card ``name`` ("7", "zeus"...) is in ``mode``'s deck: co-op and solo play
    only the lightning-bolt cards (ff.coop.deck)."""
    coop = mode in COOP_MODES
    if name.isdigit():
        number = int(name)
        if not 1 <= number <= len(fates):
            return False
        fate = fates[number - 1]
        return (fate.lightning if coop else fate.copies) > 0
    favor = cards().favor(name)
    return favor is not None and (favor.lightning or not coop)


def setup(options: FfOptions) -> FfState:
    """The starting table; raises ``ValueError`` for an unknown mode, a wrong number of
    names, blank or repeated names, a bad first seat or an impossible board."""
    mode: Mode
    if options.mode == "versus":
        by_count: dict[int, Mode] = {0: "2v2", 1: "solo", 2: "1v1", 3: "2v1", 4: "2v2"}
        if len(options.players) not in by_count:
            raise ValueError(f"1 to 4 heroes play, not {len(options.players)}")
        mode = by_count[len(options.players)]
    elif options.mode in LAYOUTS:
        mode = options.mode
    else:
        raise ValueError(f"unknown mode {options.mode!r}; modes: versus, {', '.join(LAYOUTS)}")
    seats, order, hands = LAYOUTS[mode]
    names = tuple(n.strip() for n in options.players) or default_names(mode)
    if len(names) != len(seats):
        raise ValueError(f"mode {mode} needs {len(seats)} player names, not {len(names)}")
    if not all(names) or len(set(names)) != len(names):
        raise ValueError("every hero needs a different, non-empty name")
    if not 0 <= options.first_player < len(seats):
        raise ValueError(f"the first player is seat 0..{len(seats) - 1}")
    spec = board_spec()
    arm = options.arm or spec.arm
    arm_bridge = options.arm_bridge or spec.arm_bridge
    board(arm, arm_bridge)  # raises ValueError for an impossible board
    fates = cards().fates
    coop = mode in COOP_MODES
    teams = (0, 0, 0, 0) if coop else tuple(c % 2 for c in range(4))
    deck = deck_size(mode, fates) - sum(hands) if coop else 0
    return FfState(
        mode=mode,
        players=names,
        seat_colours=seats,
        teams=teams,
        order=order,
        arm=arm,
        arm_bridge=arm_bridge,
        columns=start_columns(arm, arm_bridge),
        hand_sizes=hands,
        hero_cards=hero_cards(mode, seats),
        turn=order.index(options.first_player),
        deck=deck,
        held=hands,
        hands=tuple(() for _ in seats),
        last_fate=tuple(0 for _ in seats),
    )


def seat_label(state: FfState, seat: int) -> str:
    colours = "/".join(COLOURS[c] for c in state.seat_colours[seat])
    return f"{state.players[seat]} ({colours})"
