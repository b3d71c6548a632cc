"""End-of-game scoring: the score pad's DEMI POSITION, GUESS and GOD POWERS rows, the
winner and the tie-breaks. Pure functions; ``score_json`` validates raw script input."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import LineItem, MalformedAction, PlayerScore, ScoreSheet

from .components import DEMIGODS, GOD_POWERS, RENOWN_MAX, RENOWN_MIN

GUESS_POINTS: dict[int, int] = {2: 3, 1: 0, 0: -1}
"""Correct guesses → points."""


@dataclass(frozen=True)
class PadInput:
    """One player's side of the reckoning."""

    name: str
    demigods: tuple[str, str]
    guess: tuple[str, ...]
    god_powers: int
    first_player: bool


def position_points(a: int, b: int) -> int:
    """Two renowns → points: their difference, or the shared renown when equal."""
    return a if a == b else abs(a - b)


def correct_guesses(guess: Sequence[str], opponent: Sequence[str]) -> int:
    """How many demigods of ``guess`` the opponent really holds."""
    return len(set(guess) & set(opponent))


def guess_points(correct: int) -> int:
    return GUESS_POINTS[correct]


def score_pads(renown: Mapping[str, int], pads: Sequence[PadInput]) -> ScoreSheet:
    """The score sheet for two players; ``pads`` in seat order."""
    a, b = pads
    corrects = (correct_guesses(a.guess, b.demigods), correct_guesses(b.guess, a.demigods))
    players: list[PlayerScore] = []
    for pad, correct in zip(pads, corrects, strict=True):
        r1, r2 = (renown[d] for d in pad.demigods)
        players.append(
            PlayerScore(
                pad.name,
                (
                    LineItem(
                        "DEMI POSITION",
                        position_points(r1, r2),
                        "sof.score.position",
                        f"{pad.demigods[0]} {r1}, {pad.demigods[1]} {r2}",
                    ),
                    LineItem(
                        "GUESS",
                        guess_points(correct),
                        "sof.score.guess",
                        f"{correct} of 2 guessed right",
                    ),
                    LineItem(
                        "GOD POWERS",
                        -pad.god_powers,
                        "sof.score.god-powers",
                        f"{pad.god_powers} used" if pad.god_powers else "none used",
                    ),
                ),
            )
        )
    winner, tiebreak = _decide(players, corrects, pads)
    if winner is None:
        summary = "A tie that no tie-break settles."
    elif tiebreak is None:
        summary = f"{pads[winner].name} wins on points."
    else:
        summary = f"{pads[winner].name} wins the tie-break ({tiebreak})."
    return ScoreSheet(
        tuple(players),
        None if winner is None else pads[winner].name,
        tiebreak,
        summary,
    )


def _decide(
    players: Sequence[PlayerScore], corrects: tuple[int, int], pads: Sequence[PadInput]
) -> tuple[int | None, str | None]:
    """(winning seat, deciding tie-break rule ID or ``None`` when totals decided)."""
    t0, t1 = players[0].total, players[1].total
    if t0 != t1:
        return (0 if t0 > t1 else 1), None
    if corrects[0] != corrects[1]:
        return (0 if corrects[0] > corrects[1] else 1), "sof.score.tiebreak.guesses"
    if pads[0].god_powers != pads[1].god_powers:
        return (0 if pads[0].god_powers < pads[1].god_powers else 1), (
            "sof.score.tiebreak.god-powers"
        )
    holders = [i for i, pad in enumerate(pads) if pad.first_player]
    if len(holders) == 1:
        return holders[0], "sof.score.tiebreak.first-player"
    return None, None


# ----- script input ----------------------------------------------------------------------


def _pair(value: Any, what: str) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        raise MalformedAction(f"{what} must be a list of two demigod names")
    for name in value:
        if not isinstance(name, str):
            raise MalformedAction(f"{what} must hold demigod names as text, got {name!r}")
        if name not in DEMIGODS:
            raise MalformedAction(
                f"{what}: unknown demigod {name[:40]!r}; demigods: {', '.join(DEMIGODS)}"
            )
    if value[0] == value[1]:
        raise MalformedAction(f"{what} names {value[0]} twice; it needs two different demigods")
    return value[0], value[1]


def _renown(data: Any) -> dict[str, int]:
    if not isinstance(data, dict):
        raise MalformedAction('"renown" must be an object: demigod name → renown')
    unknown = sorted(set(data) - set(DEMIGODS))
    if unknown:
        raise MalformedAction(
            f"renown: unknown demigod(s) {', '.join(u[:40] for u in unknown)}; "
            f"demigods: {', '.join(DEMIGODS)}"
        )
    missing = [d for d in DEMIGODS if d not in data]
    if missing:
        raise MalformedAction(f"renown: missing {', '.join(missing)}")
    out: dict[str, int] = {}
    for name in DEMIGODS:
        value = data[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedAction(f"renown of {name} must be a whole number, got {value!r}")
        if not RENOWN_MIN <= value <= RENOWN_MAX:
            raise MalformedAction(f"renown of {name} must be 0-14, got {value}")
        out[name] = value
    return out


def _player(data: Any, n: int) -> PadInput:
    where = f"players[{n}]"
    if not isinstance(data, dict):
        raise MalformedAction(f"{where} must be an object")
    allowed = {"name", "demigods", "guess", "god_powers", "first_player"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise MalformedAction(f"{where}: unknown field(s) {', '.join(unknown)}")
    for key in ("name", "demigods", "guess"):
        if key not in data:
            raise MalformedAction(f"{where}: missing {key!r}")
    name = data["name"]
    if not isinstance(name, str) or not name.strip():
        raise MalformedAction(f"{where}.name must be non-empty text")
    # Names are compared and shown without surrounding spaces ("Ana " is Ana).
    name = name.strip()
    powers = data.get("god_powers", 0)
    if isinstance(powers, bool) or not isinstance(powers, int):
        raise MalformedAction(f"{where}.god_powers must be a whole number, got {powers!r}")
    if not 0 <= powers <= len(GOD_POWERS):
        raise MalformedAction(f"{where}.god_powers must be 0-{len(GOD_POWERS)}, got {powers}")
    if "first_player" not in data:
        raise MalformedAction(
            f"{where}: missing 'first_player' (true for the player holding the first player "
            "marker, false for the other)"
        )
    first = data["first_player"]
    if not isinstance(first, bool):
        raise MalformedAction(f"{where}.first_player must be true or false")
    return PadInput(
        name=name,
        demigods=_pair(data["demigods"], f"{where}.demigods"),
        guess=_pair(data["guess"], f"{where}.guess"),
        god_powers=powers,
        first_player=first,
    )


def score_json(data: Any) -> dict[str, Any]:
    """Score a finished game described as JSON (see the module's CLI docs).

    Returns ``{"players": [...], "winner": name or None, "tiebreak": rule ID or None,
    "summary": text}``. Each player echoes the input (``name`` without surrounding spaces,
    ``demigods``, ``guess``, ``god_powers``, ``first_player``) beside the score pad's lines:
    ``position``, ``guess_points`` and ``god_power_points`` (points), ``total``, and
    ``items`` (each ``{"label", "points", "rule", "detail"}``, as the pad prints them).
    Exactly one player must hold the first player marker. Raises ``MalformedAction``
    naming the first problem in ``data``.
    """
    if not isinstance(data, dict):
        raise MalformedAction('score input must be an object with "renown" and "players"')
    unknown = sorted(set(data) - {"renown", "players"})
    if unknown:
        raise MalformedAction(f"unknown field(s) {', '.join(unknown)}")
    if "renown" not in data:
        raise MalformedAction('missing "renown"')
    renown = _renown(data["renown"])
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or len(raw_players) != 2:
        raise MalformedAction('"players" must be a list of exactly two players')
    pads = [_player(p, n) for n, p in enumerate(raw_players)]
    if pads[0].name == pads[1].name:
        raise MalformedAction("the two players need different names")
    holders = sum(p.first_player for p in pads)
    if holders != 1:
        raise MalformedAction(
            "exactly one player holds the first player marker "
            f"(first_player is true for {holders} players)"
        )
    if sum(p.god_powers for p in pads) > len(GOD_POWERS):
        raise MalformedAction(f"the box has only {len(GOD_POWERS)} god power tokens")
    sheet = score_pads(renown, pads)
    return {
        "players": [
            {
                "name": pad.name,
                "demigods": list(pad.demigods),
                "guess": list(pad.guess),
                "god_powers": pad.god_powers,
                "first_player": pad.first_player,
                "position": score.items[0].points,
                "guess_points": score.items[1].points,
                "god_power_points": score.items[2].points,
                "total": score.total,
                "items": [
                    {
                        "label": item.label,
                        "points": item.points,
                        "rule": item.rule,
                        "detail": item.detail,
                    }
                    for item in score.items
                ],
            }
            for pad, score in zip(pads, sheet.players, strict=True)
        ],
        "winner": sheet.winner,
        "tiebreak": sheet.tiebreak,
        "summary": sheet.summary,
    }
