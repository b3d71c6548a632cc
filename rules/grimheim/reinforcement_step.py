"""Grimheim: the reinforcement step: drawing monster cards and placing what they show.

Each player draws one card of the step's colour (the opening cards at setup are yellow).
A card that can be placed must be; one that cannot goes under its deck and another is drawn.
Whether a card can be placed is worked out by ``reinforcements.plan_card``.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted, plural

from . import data
from . import reinforcements as rf
from .actions import PlaceCard, RedrawCard, SkipCard
from .guards import Handlers, hex_problem, phase_text
from .monster_turn import round_over
from .state import GrimheimState, Hex


def card_guard(state: GrimheimState, card: int, occupied: tuple[Hex, ...]) -> Verdict | rf.CardPlan:
    """The refusal for a card that may not be drawn now, else the plan for placing it."""
    if state.phase != "reinforce":
        return Verdict.no(
            f"Monster cards are drawn in the reinforcement step; now it is {phase_text(state)}.",
            "grim.reinforce.draw",
        )
    cards = data.load().cards
    if card not in cards:
        return Verdict.no(
            f"There is no monster card {card}; cards run 1 to {max(cards)}.",
            "grim.reinforce.colour",
        )
    if cards[card].deck != state.reinforce_deck:
        return Verdict.no(
            f"Card {card} is from the {cards[card].deck} deck; this step draws "
            f"{state.reinforce_deck} cards.",
            "grim.reinforce.colour",
        )
    for h in occupied:
        bad = hex_problem(h, "Occupied area")
        if bad:
            return bad
    return rf.plan_card(state, card, occupied)


def check_place_card(state: GrimheimState, a: PlaceCard) -> Verdict:
    plan = card_guard(state, a.card, a.occupied)
    if isinstance(plan, Verdict):
        return plan
    if not plan.placeable:
        return Verdict.no(
            f"Card {a.card} ({plan.name}) cannot be placed: {'; '.join(plan.problems)}. "
            f"Put it at the bottom of the {plan.deck} deck and draw a new card.",
            "grim.reinforce.placeable",
        )
    rules = ["grim.reinforce.draw"]
    if any(t.is_legend for t in plan.tiles):
        rules.append("grim.reinforce.legend")
    left = state.reinforcements_left - 1
    effects = plan.effects()
    effects.append(
        f"card {a.card} goes to the bottom of the {plan.deck} deck"
        if not any(t.is_legend for t in plan.tiles)
        else "the Legend card stays beside the board"
    )
    effects.append(f"{counted(left, 'card')} still to draw" if left else "reinforcements done")
    return Verdict.ok(f"Place card {a.card}: {plan.name}.", *rules, effects=effects)


def apply_place_card(state: GrimheimState, a: PlaceCard) -> GrimheimState:
    plan = rf.plan_card(state, a.card, a.occupied)
    return _card_done(rf.place(state, plan))


def placeable_cards(state: GrimheimState, occupied: tuple[Hex, ...] = ()) -> list[int]:
    """Numbers of the step's deck's cards that could be placed now."""
    cards = data.load().cards
    return [
        n
        for n, card in cards.items()
        if card.deck == state.reinforce_deck and rf.plan_card(state, n, occupied).placeable
    ]


def check_skip_card(state: GrimheimState, a: SkipCard) -> Verdict:
    if state.phase != "reinforce":
        return Verdict.no(
            f"Monster cards are drawn in the reinforcement step; now it is {phase_text(state)}.",
            "grim.reinforce.draw",
        )
    for h in a.occupied:
        bad = hex_problem(h, "Occupied area")
        if bad:
            return bad
    ready = placeable_cards(state, a.occupied)
    if ready:
        shown = ", ".join(str(n) for n in ready[:5]) + (" ..." if len(ready) > 5 else "")
        return Verdict.no(
            f"{len(ready)} {state.reinforce_deck} {plural(len(ready), 'card')} "
            f"can still be placed (for example "
            f"{shown}): keep drawing until one can.",
            "grim.reinforce.placeable",
            "grim.assume.no_placeable_card",
        )
    left = state.reinforcements_left - 1
    return Verdict.ok(
        f"No {state.reinforce_deck} card can be placed: this draw brings no monsters.",
        "grim.assume.no_placeable_card",
        "grim.reinforce.placeable",
        effects=[f"{counted(left, 'card')} still to draw" if left else "reinforcements done"],
    )


def apply_skip_card(state: GrimheimState, a: SkipCard) -> GrimheimState:
    return _card_done(state)


def _card_done(state: GrimheimState) -> GrimheimState:
    """One player's reinforcement draw is over: the next draws, or the round goes on."""
    left = state.reinforcements_left - 1
    state = replace(state, reinforcements_left=left)
    if left:
        return state
    if state.time == 1:
        # The opening cards of setup step 5: the first hero turn follows.
        return replace(state, phase="heroes", turn=0)
    return round_over(state)


def check_redraw_card(state: GrimheimState, a: RedrawCard) -> Verdict:
    plan = card_guard(state, a.card, a.occupied)
    if isinstance(plan, Verdict):
        return plan
    if plan.placeable:
        return Verdict.no(
            f"Card {a.card} ({plan.name}) can be placed, so it must be.",
            "grim.reinforce.placeable",
        )
    return Verdict.ok(
        f"Card {a.card} cannot be placed: {'; '.join(plan.problems)}.",
        "grim.reinforce.placeable",
        effects=[f"card {a.card} → bottom of the {plan.deck} deck", "draw a new card"],
    )


def apply_redraw_card(state: GrimheimState, a: RedrawCard) -> GrimheimState:
    """An unplaceable card changes nothing the app tracks: it goes under its deck."""
    return state


HANDLERS: Handlers = {
    PlaceCard: (check_place_card, apply_place_card),
    RedrawCard: (check_redraw_card, apply_redraw_card),
    SkipCard: (check_skip_card, apply_skip_card),
}
