"""Verdicts: the answer to "is this legal?", always with a reason and the rules behind it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one action against one state.

    ``legal`` says whether the action may be applied. ``reason`` is one plain sentence a
    player can read aloud. ``rules`` lists the rule IDs (from the game's rule index) the
    answer rests on; an illegal verdict always names at least one. ``effects`` lists, in
    plain words, what applying the action would change (empty when illegal).
    """

    legal: bool
    reason: str
    rules: tuple[str, ...] = ()
    effects: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not self.legal and not self.rules:
            raise ValueError("an illegal verdict must cite at least one rule ID")

    @classmethod
    def ok(cls, reason: str, *rules: str, effects: tuple[str, ...] | list[str] = ()) -> Verdict:
        """A legal verdict citing ``rules`` with the given ``effects``."""
        return cls(True, reason, tuple(rules), tuple(effects))

    @classmethod
    def no(cls, reason: str, *rules: str) -> Verdict:
        """An illegal verdict; ``rules`` must not be empty."""
        return cls(False, reason, tuple(rules), ())

    def to_json(self) -> dict[str, object]:
        return {
            "legal": self.legal,
            "reason": self.reason,
            "rules": list(self.rules),
            "effects": list(self.effects),
        }


class IllegalAction(ValueError):
    """Raised by ``apply`` when an action is not legal; carries the verdict explaining why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.reason)
        self.verdict = verdict


class MalformedAction(ValueError):
    """Raised when JSON does not describe a known action of the game (wrong type, missing
    or extra fields, wrong value types). The message names what is wrong."""
