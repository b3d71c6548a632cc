"""The shared vocabulary of every game: actions, verdicts, score sheets, rule indexes."""

from .actions import Action, Correct, action, decode_action
from .codec import from_jsonable, to_jsonable
from .game import Game, counter_label, describe_correction, replay
from .rule_index import CORE_RULES, Rule, RuleIndex
from .scoring import LineItem, Outcome, PlayerScore, ScoreSheet
from .verdict import IllegalAction, MalformedAction, Verdict

__all__ = [
    "CORE_RULES",
    "Action",
    "Correct",
    "Game",
    "IllegalAction",
    "LineItem",
    "MalformedAction",
    "Outcome",
    "PlayerScore",
    "Rule",
    "RuleIndex",
    "ScoreSheet",
    "Verdict",
    "action",
    "counter_label",
    "decode_action",
    "describe_correction",
    "from_jsonable",
    "replay",
    "to_jsonable",
]
