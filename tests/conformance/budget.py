"""How hard the randomized tests push, chosen with ``FATEKEEPER_FUZZ`` (quick | ci | deep).

``ci`` (the default) is derandomized so every run plays the same sequences and a failure in
CI reproduces locally; ``deep`` explores new sequences on every run (use it when hunting).
Each budget guarantees ``min_actions`` per game: ``examples * min_steps`` is at least that.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, settings


@dataclass(frozen=True)
class Budget:
    examples: int
    min_steps: int
    max_steps: int
    min_actions: int
    derandomize: bool

    def settings(self) -> settings:
        return settings(
            max_examples=self.examples,
            deadline=None,
            derandomize=self.derandomize,
            suppress_health_check=[
                HealthCheck.too_slow,
                HealthCheck.data_too_large,
                HealthCheck.large_base_example,
            ],
            # The harness cuts a failing sequence down itself, far faster than generic
            # shrinking of step seeds (which also changes which actions are chosen).
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
        )


BUDGETS = {
    "quick": Budget(examples=10, min_steps=20, max_steps=40, min_actions=200, derandomize=True),
    "ci": Budget(examples=100, min_steps=100, max_steps=200, min_actions=10_000, derandomize=True),
    "deep": Budget(
        examples=1500, min_steps=100, max_steps=600, min_actions=150_000, derandomize=False
    ),
}

PROFILE = os.environ.get("FATEKEEPER_FUZZ", "ci")
if PROFILE not in BUDGETS:
    raise RuntimeError(f"FATEKEEPER_FUZZ must be one of {', '.join(BUDGETS)}, not {PROFILE!r}")
BUDGET = BUDGETS[PROFILE]
