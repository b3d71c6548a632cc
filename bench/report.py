"""The result rows of a benchmark run, the printed table and the JSON file."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Figure:
    """One row: what was measured, its target (``None``: reported, no target), the
    measured value in ``unit``, whether it met the target, and the raw numbers behind it.
    ``error`` says why a figure could not be measured (then ``measured`` is ``None``)."""

    name: str
    unit: str
    measured: float | None
    target: float | None = None
    comparison: str = "<="
    details: dict[str, Any] = field(default_factory=dict)
    error: str = ""

    @property
    def verdict(self) -> str:
        if self.measured is None:
            return "n/a"
        if self.target is None:
            return "info"
        ok = (
            self.measured <= self.target if self.comparison == "<=" else self.measured < self.target
        )
        return "pass" if ok else "miss"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "verdict": self.verdict}


def _fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "x":
        return f"{value:.2f}x"
    if abs(value) >= 100:
        return f"{value:.0f} {unit}"
    return f"{value:.3g} {unit}"


def table(figures: list[Figure]) -> str:
    rows = [("figure", "target", "measured", "result")]
    for f in figures:
        target = "-" if f.target is None else f"{f.comparison} {_fmt(f.target, f.unit)}"
        measured = _fmt(f.measured, f.unit) if not f.error else f"({f.error[:60]})"
        rows.append((f.name, target, measured, f.verdict))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for n, r in enumerate(rows):
        lines.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def write_json(path: Path, figures: list[Figure], meta: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {**meta, "figures": [f.to_json() for f in figures]}
    path.write_text(json.dumps(data, indent=2, default=str) + "\n", encoding="utf-8")
