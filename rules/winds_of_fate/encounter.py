"""Winds of Fate: setup, the board's paths, and the encounter's choices (bets, destiny
actions, Circe's options, card draws)."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted

from .actions import (
    BetDestiny,
    Destiny,
    Draw,
    LayBoard,
    MoveBet,
    PlaceBet,
    RecordDestiny,
    SetPath,
    Skip,
    TakeChip,
)
from .components import (
    DESTINY_BET_EXTRA,
    ENCOUNTER_TILES,
    ENDINGS,
    ITHACA,
    LAST_ROUND,
    NODES,
    TROY,
    node_label,
)
from .guards import (
    Effects,
    Handlers,
    add_at,
    position_problem,
    replace_at,
    seat_problem,
    turn_problem,
    who,
    wrong_phase,
)
from .state import Bet, WofState
from .voyage import arrive, step_done

# ----- setup --------------------------------------------------------------------------------


def _start_if_ready(s: WofState, effects: Effects) -> WofState:
    """Once the board is laid and every destiny recorded, the voyage starts at Troy."""
    if s.board and all(s.destiny_cards):
        effects.append("Setup is complete: the voyage starts at Troy in round 1")
        s = replace(s, voyage=())
        return arrive(s, TROY, "start", effects)
    return s


def check_lay_board(s: WofState, act: LayBoard) -> Verdict:
    if s.phase != "setup":
        return wrong_phase(s)
    if s.board:
        return Verdict.no("The board is already laid.", "wof.setup.board")
    if len(act.tiles) != 9 or len(set(act.tiles)) != 9:
        return Verdict.no("Nine different encounter tiles go on the board.", "wof.setup.board")
    unknown = [t for t in act.tiles if t not in ENCOUNTER_TILES]
    if unknown:
        return Verdict.no(
            f"{unknown[0][:20]!r} is not an encounter tile; they are {', '.join(ENCOUNTER_TILES)}.",
            "wof.setup.board",
        )
    if sorted(act.order) != list(range(s.n)):
        return Verdict.no(
            f"The turn order must list each of the {s.n} seats once.", "wof.setup.turn-order"
        )
    return Verdict.ok(
        "The board and turn order as dealt.", "wof.setup.board", "wof.setup.turn-order"
    )


def do_lay_board(s: WofState, act: LayBoard) -> tuple[WofState, Effects]:
    effects = [
        "Board: " + ", ".join(f"{i + 1} {t}" for i, t in enumerate(act.tiles)),
        "Turn order: " + ", ".join(s.players[p] for p in act.order),
    ]
    s = replace(s, board=tuple(act.tiles), order=tuple(act.order))
    return _start_if_ready(s, effects), effects


def check_record_destiny(s: WofState, act: RecordDestiny) -> Verdict:
    if s.phase != "setup":
        return wrong_phase(s)
    problem = seat_problem(s, act.seat) or position_problem(act.start)
    if problem:
        return problem
    if s.destiny_cards[act.seat]:
        return Verdict.no(
            f"{who(s, act.seat)} has already recorded destiny cards.", "wof.setup.destiny"
        )
    if sorted(act.cards) != sorted(ENDINGS):
        return Verdict.no(
            "The three destiny cards are one each of Safe Return, Dead and Stranded at Sea.",
            "wof.setup.destiny",
        )
    return Verdict.ok(
        f"{who(s, act.seat)} puts a starting chip on a face-down destiny card.",
        "wof.setup.destiny",
        "wof.hidden.destiny",
    )


def do_record_destiny(s: WofState, act: RecordDestiny) -> tuple[WofState, Effects]:
    chips = list(s.destiny_chips[act.seat])
    chips[act.start] += 1
    s = replace(
        s,
        destiny_cards=replace_at(s.destiny_cards, act.seat, tuple(act.cards)),
        destiny_chips=replace_at(s.destiny_chips, act.seat, (chips[0], chips[1], chips[2])),
        held=add_at(s.held, act.seat, -1),
    )
    effects = [f"{who(s, act.seat)}: 1 chip on destiny card {act.start + 1}"]
    return _start_if_ready(s, effects), effects


def check_set_path(s: WofState, act: SetPath) -> Verdict:
    if act.path not in ("calm", "stormy"):
        return Verdict.no("A path is calm or stormy.", "wof.assume.paths")
    if act.node not in NODES or act.node == ITHACA:
        return Verdict.no(
            f"Paths leave Troy and spaces 1-9; {act.node[:20]!r} is not one of them.",
            "wof.assume.paths",
        )
    if act.to not in NODES or act.to == act.node:
        return Verdict.no("A path leads to another place on the board.", "wof.assume.paths")
    return Verdict.ok(
        f"The {act.path} path from {node_label(act.node, s.board)} leads to "
        f"{node_label(act.to, s.board)}.",
        "wof.assume.paths",
    )


def do_set_path(s: WofState, act: SetPath) -> tuple[WofState, Effects]:
    s = replace(s, paths={**s.paths, f"{act.node}:{act.path}": act.to})
    return s, [f"Path {act.node} {act.path} → {act.to}"]


# ----- bets ---------------------------------------------------------------------------------


def _bet_turn(s: WofState, seat: int) -> Verdict | None:
    if s.phase != "bets":
        return wrong_phase(s)
    return turn_problem(s, seat, "wof.bet.turn-order")


def check_place_bet(s: WofState, act: PlaceBet) -> Verdict:
    problem = _bet_turn(s, act.seat)
    if problem:
        return problem
    if not 1 <= act.space <= LAST_ROUND:
        return Verdict.no(f"The round track runs from 1 to {LAST_ROUND}.", "wof.bet.place")
    if act.space < s.round:
        return Verdict.no(
            f"Round {act.space} is already behind the marker (round {s.round}).",
            "wof.assume.bet-ahead",
        )
    if any(b.space == act.space for b in s.bets_of(act.seat)):
        return Verdict.no(
            f"{who(s, act.seat)} already has a bet on round {act.space}.", "wof.bet.place"
        )
    if s.held[act.seat] < 1:
        return Verdict.no(f"{who(s, act.seat)} has no unused bet chip.", "wof.bet.place")
    extra = act.space - s.round
    if s.supply < extra:
        return Verdict.no(
            f"This bet needs {counted(extra, 'chip')} from the supply; only {s.supply} left.",
            "wof.assume.chip-supply",
        )
    return Verdict.ok(
        f"A bet on round {act.space}: 1 chip plus {extra} from the supply.", "wof.bet.place"
    )


def _next(s: WofState) -> WofState:
    queue = s.queue[1:]
    s = replace(s, queue=queue)
    return s if queue else step_done(s)


def do_place_bet(s: WofState, act: PlaceBet) -> tuple[WofState, Effects]:
    extra = act.space - s.round
    bet = Bet(act.seat, act.space, 1 + extra)
    s = replace(s, bets=(*s.bets, bet), held=add_at(s.held, act.seat, -1), supply=s.supply - extra)
    return _next(s), [f"{who(s, act.seat)} bets {counted(bet.chips, 'chip')} on round {act.space}"]


def check_bet_destiny(s: WofState, act: BetDestiny) -> Verdict:
    problem = _bet_turn(s, act.seat) or position_problem(act.position)
    if problem:
        return problem
    if s.held[act.seat] < 1:
        return Verdict.no(f"{who(s, act.seat)} has no unused bet chip.", "wof.bet.destiny")
    if s.supply < DESTINY_BET_EXTRA:
        return Verdict.no(
            f"A destiny bet takes {DESTINY_BET_EXTRA} chips from the supply; only {s.supply} left.",
            "wof.assume.chip-supply",
        )
    return Verdict.ok(
        "A bet on a destiny card: your chip plus 2 from the supply.", "wof.bet.destiny"
    )


def _add_destiny(s: WofState, seat: int, position: int, chips: int) -> WofState:
    stack = list(s.destiny_chips[seat])
    stack[position] += chips
    return replace(
        s, destiny_chips=replace_at(s.destiny_chips, seat, (stack[0], stack[1], stack[2]))
    )


def do_bet_destiny(s: WofState, act: BetDestiny) -> tuple[WofState, Effects]:
    s = _add_destiny(s, act.seat, act.position, 1 + DESTINY_BET_EXTRA)
    s = replace(s, held=add_at(s.held, act.seat, -1), supply=s.supply - DESTINY_BET_EXTRA)
    return _next(s), [f"{who(s, act.seat)} adds 3 chips to destiny card {act.position + 1}"]


def check_move_bet(s: WofState, act: MoveBet) -> Verdict:
    problem = _bet_turn(s, act.seat)
    if problem:
        return problem
    if s.step != "circe":
        return Verdict.no("Bets move only at Circe.", "wof.encounter.circe")
    if not any(b.space == act.space for b in s.bets_of(act.seat)):
        return Verdict.no(f"{who(s, act.seat)} has no bet on round {act.space}.", "wof.bet.move")
    if abs(act.to - act.space) != 1 or not 1 <= act.to <= LAST_ROUND:
        return Verdict.no(
            "A bet slides to a neighbouring space of the round track.", "wof.bet.move"
        )
    return Verdict.ok(
        f"The bet slides from round {act.space} to {act.to}.", "wof.bet.move", "wof.encounter.circe"
    )


def do_move_bet(s: WofState, act: MoveBet) -> tuple[WofState, Effects]:
    bets = list(s.bets)
    i = next(i for i, b in enumerate(bets) if b.seat == act.seat and b.space == act.space)
    bets[i] = replace(bets[i], space=act.to)
    s = replace(s, bets=tuple(bets))
    return _next(s), [f"{who(s, act.seat)} moves a bet from round {act.space} to {act.to}"]


def check_take_chip(s: WofState, act: TakeChip) -> Verdict:
    problem = _bet_turn(s, act.seat)
    if problem:
        return problem
    if s.step != "circe":
        return Verdict.no("A free chip is taken only at Circe.", "wof.encounter.circe")
    if s.supply < 1:
        return Verdict.no("The chip supply is empty.", "wof.assume.chip-supply")
    return Verdict.ok("Take one bet chip from the supply.", "wof.encounter.circe")


def do_take_chip(s: WofState, act: TakeChip) -> tuple[WofState, Effects]:
    s = replace(s, held=add_at(s.held, act.seat, 1), supply=s.supply - 1)
    return _next(s), [f"{who(s, act.seat)} takes a bet chip"]


# ----- destiny actions and skipping ---------------------------------------------------------


def check_destiny(s: WofState, act: Destiny) -> Verdict:
    if s.phase != "destiny":
        return wrong_phase(s)
    problem = seat_problem(s, act.seat) or position_problem(act.position)
    if problem:
        return problem
    if act.seat not in s.queue:
        return Verdict.no(
            f"{who(s, act.seat)} has already chosen at this encounter.", "wof.destiny.action"
        )
    if s.supply < 1:
        return Verdict.no("The chip supply is empty.", "wof.assume.chip-supply")
    return Verdict.ok(
        "A chip from the supply onto one of your destiny cards.",
        "wof.destiny.action",
        "wof.assume.destiny-order",
    )


def _leave_queue(s: WofState, seat: int) -> WofState:
    queue = tuple(q for q in s.queue if q != seat)
    s = replace(s, queue=queue)
    return s if queue else step_done(s)


def do_destiny(s: WofState, act: Destiny) -> tuple[WofState, Effects]:
    s = _add_destiny(s, act.seat, act.position, 1)
    s = replace(s, supply=s.supply - 1)
    return _leave_queue(s, act.seat), [
        f"{who(s, act.seat)} adds a chip to destiny card {act.position + 1}"
    ]


def check_skip(s: WofState, act: Skip) -> Verdict:
    if s.phase == "destiny":
        problem = seat_problem(s, act.seat)
        if problem:
            return problem
        if act.seat not in s.queue:
            return Verdict.no(
                f"{who(s, act.seat)} has already chosen at this encounter.", "wof.destiny.action"
            )
        return Verdict.ok("No destiny action this time.", "wof.destiny.action")
    if s.phase == "bets":
        problem = _bet_turn(s, act.seat)
        return problem or Verdict.ok("No bet this time.", "wof.bet.turn-order")
    return wrong_phase(s)


def do_skip(s: WofState, act: Skip) -> tuple[WofState, Effects]:
    if s.phase == "destiny":
        return _leave_queue(s, act.seat), [f"{who(s, act.seat)} lets the destiny action go"]
    return _next(s), [f"{who(s, act.seat)} lets the bet go"]


# ----- draws --------------------------------------------------------------------------------


def check_draw(s: WofState, act: Draw) -> Verdict:
    if s.phase != "draws":
        return wrong_phase(s)
    problem = turn_problem(s, act.seat, "wof.cards.draw")
    if problem:
        return problem
    if not 0 <= act.help <= s.draw_count:
        return Verdict.no(
            f"{act.help} Help cards out of {s.draw_count} drawn is not possible.", "wof.cards.draw"
        )
    rule = "wof.encounter.sirens" if s.step == "sirens" else "wof.facedown.encounter"
    return Verdict.ok(
        f"Draw {s.draw_count}: {act.help} Help, {s.draw_count - act.help} Hinder.",
        "wof.cards.draw",
        rule,
    )


def do_draw(s: WofState, act: Draw) -> tuple[WofState, Effects]:
    s = replace(
        s,
        hand_help=add_at(s.hand_help, act.seat, act.help),
        hand_hinder=add_at(s.hand_hinder, act.seat, s.draw_count - act.help),
    )
    return _next(s), [f"{who(s, act.seat)} draws {counted(s.draw_count, 'card')}"]


HANDLERS: Handlers = {
    LayBoard: (check_lay_board, do_lay_board),
    RecordDestiny: (check_record_destiny, do_record_destiny),
    SetPath: (check_set_path, do_set_path),
    PlaceBet: (check_place_bet, do_place_bet),
    BetDestiny: (check_bet_destiny, do_bet_destiny),
    MoveBet: (check_move_bet, do_move_bet),
    TakeChip: (check_take_chip, do_take_chip),
    Destiny: (check_destiny, do_destiny),
    Skip: (check_skip, do_skip),
    Draw: (check_draw, do_draw),
}
