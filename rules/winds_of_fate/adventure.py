"""Winds of Fate: the adventure (reveal rewards, play or pass, claim, resolve)."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted

from .actions import ClaimReward, Contribute, Pass, PlayCard, PlaySpecial, Resolve, RevealRewards
from .components import (
    CYCLOPS_HINDER,
    ITHACA,
    ITHACA_HELP,
    LOTOPHAGI_RETURN,
    SPECIAL_NAMES,
    SPECIAL_PENALTY,
    TOP_CONTRIBUTOR_VP,
    TURN_TILE_CARDS,
    TURN_TILE_VP,
)
from .guards import Effects, Handlers, add_at, replace_at, seat_problem, turn_problem, who
from .guards import wrong_phase as _wrong
from .state import Result, RewardTile, WofState
from .voyage import advance_round, after_adventure, is_over, lose_crew, return_crew

MAX_RED = 20
MAX_CARD_TOTAL = 200
MAX_OLYMPUS = 20
MAX_REWARD = 20

# ----- reveal -------------------------------------------------------------------------------


def reward_count(s: WofState) -> int:
    """How many reward tiles this adventure turns up (two per player at Ithaca)."""
    return 2 * s.n if s.at == ITHACA else s.n


def check_reveal(s: WofState, act: RevealRewards) -> Verdict:
    if s.phase != "reveal":
        return _wrong(s)
    want = reward_count(s)
    if len(act.reds) != want:
        rule = "wof.ithaca.double" if s.at == ITHACA else "wof.adventure.reveal"
        return Verdict.no(f"{want} reward tiles are turned up here, not {len(act.reds)}.", rule)
    if any(not 0 <= r <= MAX_RED for r in act.reds):
        return Verdict.no(f"A red number is between 0 and {MAX_RED}.", "wof.adventure.reveal")
    return Verdict.ok(
        f"{want} reward tiles, red numbers totalling {sum(act.reds)}.", "wof.adventure.reveal"
    )


def do_reveal(s: WofState, act: RevealRewards) -> tuple[WofState, Effects]:
    tiles = tuple(RewardTile(red=r) for r in act.reds)
    s = replace(s, rewards=tiles, phase="play", queue=s.order)
    return s, [f"Reward tiles turned up (red {', '.join(map(str, act.reds))})"]


# ----- play or pass -------------------------------------------------------------------------


def _play_turn(s: WofState, seat: int) -> Verdict | None:
    if s.phase != "play":
        return _wrong(s)
    return turn_problem(s, seat, "wof.adventure.play")


def _hand(s: WofState, card: str) -> tuple[int, ...]:
    return s.hand_help if card == "help" else s.hand_hinder


def check_play_card(s: WofState, act: PlayCard) -> Verdict:
    problem = _play_turn(s, act.seat)
    if problem:
        return problem
    if act.card not in ("help", "hinder"):
        return Verdict.no("A card is Help or Hinder.", "wof.adventure.play")
    if s.kind and act.card != s.kind:
        return Verdict.no(
            f"This adventure's first card was {s.kind.title()}: every card played follows it.",
            "wof.adventure.one-kind",
        )
    if _hand(s, act.card)[act.seat] < 1:
        return Verdict.no(
            f"{who(s, act.seat)} holds no {act.card.title()} card.", "wof.adventure.play"
        )
    return Verdict.ok(
        f"A {act.card.title()} card face down.", "wof.adventure.play", "wof.adventure.one-kind"
    )


def _rotate(s: WofState) -> WofState:
    return replace(s, queue=(*s.queue[1:], s.queue[0]))


def do_play_card(s: WofState, act: PlayCard) -> tuple[WofState, Effects]:
    if act.card == "help":
        s = replace(s, hand_help=add_at(s.hand_help, act.seat, -1))
    else:
        s = replace(s, hand_hinder=add_at(s.hand_hinder, act.seat, -1))
    s = replace(s, kind=act.card, played=add_at(s.played, act.seat, 1))
    return _rotate(s), [f"{who(s, act.seat)} plays a {act.card.title()} card"]


def _draws(special: str) -> int:
    return 2 if special == "draw" else 0


def check_play_special(s: WofState, act: PlaySpecial) -> Verdict:
    problem = _play_turn(s, act.seat)
    if problem:
        return problem
    if act.special not in SPECIAL_NAMES:
        return Verdict.no(
            f"The special cards are {', '.join(SPECIAL_NAMES)}; not {act.special[:20]!r}.",
            "wof.adventure.special",
        )
    if act.back not in ("help", "hinder") or _hand(s, act.back)[act.seat] < 1:
        return Verdict.no(
            f"{who(s, act.seat)} holds no card with that back.", "wof.adventure.special"
        )
    if not 0 <= act.help <= _draws(act.special):
        return Verdict.no("That many Help cards cannot come from this draw.", "wof.cards.draw")
    return Verdict.ok(
        f"{SPECIAL_NAMES[act.special]}, face up; it counts −2 toward the contribution.",
        "wof.adventure.special",
    )


def do_play_special(s: WofState, act: PlaySpecial) -> tuple[WofState, Effects]:
    effects = [f"{who(s, act.seat)} plays {SPECIAL_NAMES[act.special]}"]
    s = replace(s, specials=add_at(s.specials, act.seat, 1))
    if act.back == "help":
        s = replace(s, hand_help=add_at(s.hand_help, act.seat, -1))
    else:
        s = replace(s, hand_hinder=add_at(s.hand_hinder, act.seat, -1))
    if act.special == "draw":
        s = replace(
            s,
            hand_help=add_at(s.hand_help, act.seat, act.help),
            hand_hinder=add_at(s.hand_hinder, act.seat, 2 - act.help),
        )
    elif act.special == "vp":
        s = replace(s, vp=add_at(s.vp, act.seat, 2))
    else:
        s = advance_round(s, 1, effects, "Special card")
    return _rotate(s), effects


def pass_tile(s: WofState) -> int:
    """The turn order tile the next player to pass takes (the highest left)."""
    return s.n - len(s.passed)


def check_pass(s: WofState, act: Pass) -> Verdict:
    problem = _play_turn(s, act.seat)
    if problem:
        return problem
    tile = pass_tile(s)
    cards = TURN_TILE_CARDS[tile]
    if not 0 <= act.help <= cards:
        return Verdict.no(
            f"Turn order tile {tile} draws {counted(cards, 'card')}; "
            f"{act.help} Help is not possible.",
            "wof.adventure.pass",
        )
    gain = [f"{TURN_TILE_VP[tile]} VP"] if TURN_TILE_VP[tile] else []
    if cards:
        gain.append(counted(cards, "card"))
    return Verdict.ok(f"Pass: turn order tile {tile} ({' and '.join(gain)}).", "wof.adventure.pass")


def do_pass(s: WofState, act: Pass) -> tuple[WofState, Effects]:
    tile = pass_tile(s)
    cards = TURN_TILE_CARDS[tile]
    s = replace(
        s,
        vp=add_at(s.vp, act.seat, TURN_TILE_VP[tile]),
        hand_help=add_at(s.hand_help, act.seat, act.help),
        hand_hinder=add_at(s.hand_hinder, act.seat, cards - act.help),
        passed=(*s.passed, act.seat),
        queue=s.queue[1:],
    )
    effects = [f"{who(s, act.seat)} passes and takes turn order tile {tile}"]
    if not s.queue:
        order = tuple(reversed(s.passed))
        effects.append("New turn order: " + ", ".join(s.players[p] for p in order))
        s = replace(s, order=order, phase="claim", queue=order)
    return s, effects


# ----- claim rewards ------------------------------------------------------------------------


def check_claim(s: WofState, act: ClaimReward) -> Verdict:
    if s.phase != "claim":
        return _wrong(s)
    problem = turn_problem(s, act.seat, "wof.adventure.claim")
    if problem:
        return problem
    if not 0 <= act.tile < len(s.rewards):
        return Verdict.no(f"There is no reward tile {act.tile + 1}.", "wof.adventure.claim")
    if s.rewards[act.tile].claimed_by is not None:
        return Verdict.no("That reward tile is already claimed.", "wof.adventure.claim")
    gains = (act.vp, act.chips, act.help, act.hinder)
    if any(not 0 <= g <= MAX_REWARD for g in gains):
        return Verdict.no(
            f"A reward gives between 0 and {MAX_REWARD} of each thing.", "wof.assume.rewards"
        )
    if act.chips > s.supply:
        return Verdict.no(
            f"Only {counted(s.supply, 'chip')} left in the supply.", "wof.assume.chip-supply"
        )
    return Verdict.ok(
        f"Claim reward tile {act.tile + 1}.", "wof.adventure.claim", "wof.assume.rewards"
    )


def do_claim(s: WofState, act: ClaimReward) -> tuple[WofState, Effects]:
    tile = replace(
        s.rewards[act.tile],
        claimed_by=act.seat,
        vp=act.vp,
        chips=act.chips,
        cards=act.help + act.hinder,
    )
    s = replace(
        s,
        rewards=replace_at(s.rewards, act.tile, tile),
        vp=add_at(s.vp, act.seat, act.vp),
        held=add_at(s.held, act.seat, act.chips),
        supply=s.supply - act.chips,
        hand_help=add_at(s.hand_help, act.seat, act.help),
        hand_hinder=add_at(s.hand_hinder, act.seat, act.hinder),
        queue=s.queue[1:],
    )
    effects = [f"{who(s, act.seat)} claims reward tile {act.tile + 1}"]
    if not s.queue:
        s = replace(s, phase="resolve")
    return s, effects


# ----- resolve ------------------------------------------------------------------------------


def check_contribute(s: WofState, act: Contribute) -> Verdict:
    if s.phase not in ("play", "claim", "resolve"):
        return _wrong(s)
    problem = seat_problem(s, act.seat)
    if problem:
        return problem
    if s.played[act.seat] == 0:
        return Verdict.no(
            f"{who(s, act.seat)} has no face-down card in this adventure.",
            "wof.hidden.contribution",
        )
    if not 0 <= act.value <= MAX_CARD_TOTAL:
        return Verdict.no(
            f"A card total is between 0 and {MAX_CARD_TOTAL}.", "wof.hidden.contribution"
        )
    return Verdict.ok("Your card total, kept secret until the reveal.", "wof.hidden.contribution")


def do_contribute(s: WofState, act: Contribute) -> tuple[WofState, Effects]:
    s = replace(
        s,
        contributed=replace_at(s.contributed, act.seat, True),
        contrib=replace_at(s.contrib, act.seat, act.value),
    )
    return s, [f"{who(s, act.seat)} enters a card total in secret"]


def _totals(s: WofState, act: Resolve) -> tuple[tuple[int, ...] | None, Verdict | None]:
    if act.totals:
        if len(act.totals) != s.n:
            return None, Verdict.no(
                f"Give one card total per player ({s.n}).", "wof.adventure.resolve"
            )
        for seat, total in enumerate(act.totals):
            if not 0 <= total <= MAX_CARD_TOTAL:
                return None, Verdict.no(
                    f"A card total is between 0 and {MAX_CARD_TOTAL}.", "wof.adventure.resolve"
                )
            if total and not s.played[seat]:
                return None, Verdict.no(
                    f"{who(s, seat)} played no face-down card, so their total is 0.",
                    "wof.adventure.resolve",
                )
        return tuple(act.totals), None
    missing = [who(s, p) for p in range(s.n) if s.played[p] and not s.contributed[p]]
    if missing:
        return None, Verdict.no(
            f"Waiting for the secret card total of {', '.join(missing)}.",
            "wof.hidden.contribution",
        )
    return tuple(c or 0 for c in s.contrib), None


def tally(s: WofState, god: str, value: int, totals: tuple[int, ...]) -> Result:
    """The adventure's result from the Olympus card and each seat's card total."""
    contributions = tuple(
        t - SPECIAL_PENALTY * sp for t, sp in zip(totals, s.specials, strict=True)
    )
    side = sum(contributions) if s.kind else 0
    help_total = side if s.kind == "help" else 0
    hinder_total = side if s.kind == "hinder" else 0
    olympus = value * (2 if s.tile == "charybdis" else 1)
    if god == "athena":
        help_total += olympus
    else:
        hinder_total += olympus
    if s.tile == "cyclops":
        hinder_total += CYCLOPS_HINDER
    if s.at == ITHACA:
        help_total += ITHACA_HELP
    best = max(contributions)
    top = tuple(p for p, c in enumerate(contributions) if c == best) if best > 0 else ()
    won = hinder_total <= help_total
    lost = 0 if won else sum(t.red for t in s.rewards)
    back = LOTOPHAGI_RETURN if won and s.tile == "lotophagi" else 0
    return Result(s.at, won, help_total, hinder_total, god, olympus, contributions, top, lost, back)


def check_resolve(s: WofState, act: Resolve) -> Verdict:
    if s.phase != "resolve":
        return _wrong(s)
    if act.god not in ("athena", "poseidon"):
        return Verdict.no("The Olympus card shows Athena or Poseidon.", "wof.adventure.olympus")
    if not 0 <= act.value <= MAX_OLYMPUS:
        return Verdict.no(
            f"An Olympus card's value is between 0 and {MAX_OLYMPUS}.", "wof.adventure.olympus"
        )
    totals, problem = _totals(s, act)
    if problem or totals is None:
        assert problem is not None
        return problem
    r = tally(s, act.god, act.value, totals)
    rules = [
        "wof.adventure.resolve",
        "wof.adventure.olympus",
        "wof.adventure.top",
        "wof.assume.top-tie",
    ]
    if any(s.specials):
        rules.append("wof.assume.special-side")
    rules += {
        "charybdis": ["wof.encounter.charybdis"],
        "cyclops": ["wof.encounter.cyclops"],
        "lotophagi": ["wof.encounter.lotophagi"],
    }.get(s.tile, [])
    if s.at == ITHACA:
        rules += ["wof.encounter.ithaca", "wof.ithaca.double", "wof.assume.ithaca-loss"]
    verdict = "won" if r.won else f"lost: {r.crew_lost} crew"
    return Verdict.ok(f"Help {r.help} against Hinder {r.hinder}: {verdict}.", *rules)


def do_resolve(s: WofState, act: Resolve) -> tuple[WofState, Effects]:
    totals, _ = _totals(s, act)
    assert totals is not None
    r = tally(s, act.god, act.value, totals)
    effects = [f"Help {r.help}, Hinder {r.hinder}: the adventure is {'won' if r.won else 'lost'}"]
    vp = s.vp
    for seat in r.top:
        vp = add_at(vp, seat, TOP_CONTRIBUTOR_VP)
        effects.append(f"{who(s, seat)} contributed most: +{TOP_CONTRIBUTOR_VP} VP")
    s = replace(s, vp=vp, last=r, won=r.won, contributed=(False,) * s.n, contrib=(None,) * s.n)
    s = lose_crew(s, r.crew_lost, effects, "Lost adventure")
    if is_over(s):
        return s, effects
    if r.crew_returned:
        s = return_crew(s, r.crew_returned, effects, "Lotophagi")
    return after_adventure(s, effects), effects


HANDLERS: Handlers = {
    RevealRewards: (check_reveal, do_reveal),
    PlayCard: (check_play_card, do_play_card),
    PlaySpecial: (check_play_special, do_play_special),
    Pass: (check_pass, do_pass),
    ClaimReward: (check_claim, do_claim),
    Contribute: (check_contribute, do_contribute),
    Resolve: (check_resolve, do_resolve),
}
