"""Deduction aids: evaluate an Age card's question and narrow down the opponent's pair.

Pure functions over ``SofState``. A ``Criterion`` (see ``state``) is built from a renown range,
a place (off the board, in the Abyss, on a tile, on a tile of one action) and what the demigod
stands next to (the special quest, a dark quest, a light quest). Questions outside that
vocabulary are ``manual``: the players answer them by hand and the app cannot check them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from .components import DEMIGODS, RENOWN_MAX, RENOWN_MIN, TILE_ACTION_NAMES, TILE_POSITIONS
from .state import AgeRecord, Criterion, SofState

Pair = tuple[str, str]


def criterion_problem(criterion: Criterion) -> str | None:
    """Why ``criterion`` cannot be used (a plain sentence), or ``None`` when it is sound."""
    low, high = criterion.min_renown, criterion.max_renown
    for label, value in (("lowest", low), ("highest", high)):
        if value is not None and not RENOWN_MIN <= value <= RENOWN_MAX:
            return f"the {label} renown of the question must be 0-14, not {value}"
    if low is not None and high is not None and low > high:
        return f"the renown range {low}-{high} is empty"
    if criterion.tile_action is not None and criterion.place != "tile":
        return "a tile action in the question needs the place 'tile'"
    if criterion.next_to != "any" and criterion.place not in ("tile", "any"):
        return "only demigods on tiles stand next to quests"
    if len(criterion.text) > 200:
        return "the question text is longer than 200 characters"
    return None


def describe_criterion(criterion: Criterion) -> str:
    """The question in plain words (the card's own text when the players typed one)."""
    if criterion.text:
        return criterion.text
    if criterion.manual:
        return "a question answered by hand"
    parts: list[str] = []
    low, high = criterion.min_renown, criterion.max_renown
    if low is not None and high is not None:
        parts.append(f"renown {low} to {high}")
    elif low is not None:
        parts.append(f"renown {low} or more")
    elif high is not None:
        parts.append(f"renown {high} or less")
    if criterion.place == "abyss":
        parts.append("in the Abyss")
    elif criterion.place == "off-board":
        parts.append("off the board")
    elif criterion.place == "tile":
        if criterion.tile_action is None:
            parts.append("on an action tile")
        else:
            parts.append(f"on a {TILE_ACTION_NAMES[criterion.tile_action]} tile")
    if criterion.next_to != "any":
        parts.append(f"next to a {criterion.next_to} quest")
    return "demigods " + (", ".join(parts) if parts else "of any kind")


def fits(state: SofState, demigod: str, criterion: Criterion) -> bool | None:
    """Does ``demigod`` fit ``criterion`` in ``state``? ``None`` for a manual question."""
    if criterion.manual:
        return None
    renown = state.renown[demigod]
    if criterion.min_renown is not None and renown < criterion.min_renown:
        return False
    if criterion.max_renown is not None and renown > criterion.max_renown:
        return False
    place = state.where[demigod]
    on_tile = place in TILE_POSITIONS
    if criterion.place == "abyss" and place != "abyss":
        return False
    if criterion.place == "off-board" and place != "off":
        return False
    if criterion.place == "tile" and not on_tile:
        return False
    if criterion.tile_action is not None:
        tile = state.tile(place)
        if tile is None or tile.flipped or tile.action != criterion.tile_action:
            return False
    if criterion.next_to != "any":
        if not on_tile:
            return False
        quests = [state.quest_at(*cell) for cell in TILE_POSITIONS[place]]
        if criterion.next_to == "special":
            return any(q is not None and q.special for q in quests)
        want_dark = criterion.next_to == "dark"
        return any(q is not None and q.dark == want_dark for q in quests)
    return True


def fitting(state: SofState, criterion: Criterion) -> tuple[str, ...] | None:
    """Every demigod that fits ``criterion`` now; ``None`` for a manual question."""
    if criterion.manual:
        return None
    return tuple(d for d in DEMIGODS if fits(state, d, criterion))


def true_answer(state: SofState, seat: int) -> bool | None:
    """The honest yes/no for ``seat`` at the end of the current Age; ``None`` when the app
    cannot tell (a manual question, or the seat's demigods are hidden from this state)."""
    hand = state.hands[seat]
    if state.criterion.manual or len(hand) != 2:
        return None
    return any(fits(state, d, state.criterion) for d in hand)


def all_pairs() -> tuple[Pair, ...]:
    """The 36 unordered pairs of distinct demigods a player may hold."""
    return tuple(combinations(DEMIGODS, 2))


def opponent_pairs(answers: Iterable[tuple[Sequence[str] | None, bool]]) -> tuple[Pair, ...]:
    """Pairs the opponent may hold, given ``answers``: for each finished Age, the demigods
    that fitted its question (``None`` when unknown: that answer narrows nothing) and the
    opponent's yes/no. A yes means at least one of the pair fitted; a no means neither did.
    Pairs come in score-pad order."""
    pairs = list(all_pairs())
    for fit, said_yes in answers:
        if fit is None:
            continue
        fit_set = set(fit)
        pairs = [p for p in pairs if (p[0] in fit_set or p[1] in fit_set) == said_yes]
    return tuple(pairs)


def opponent_pairs_for(history: Sequence[AgeRecord], opponent: int) -> tuple[Pair, ...]:
    """``opponent_pairs`` over the recorded Ages of a game, for seat ``opponent``."""
    answers: list[tuple[Sequence[str] | None, bool]] = []
    for record in history:
        said = record.answers[opponent]
        if said is not None:
            answers.append((record.fitting, said))
    return opponent_pairs(answers)


def candidates(pairs: Iterable[Pair]) -> dict[str, int]:
    """How many of ``pairs`` contain each demigod (a quick "who is likely" view)."""
    counts = dict.fromkeys(DEMIGODS, 0)
    for a, b in pairs:
        counts[a] += 1
        counts[b] += 1
    return counts
