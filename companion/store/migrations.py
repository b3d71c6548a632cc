"""Schema versions and the steps between them.

``SCHEMA_VERSION`` is the version this code writes. A fresh database is created directly at
that version from the models; an older one is brought up to date by running, in order, every
step in ``MIGRATIONS`` above the version it records. A step gets a connection inside the
opening transaction, so a failed upgrade leaves the database as it was.

To change the schema: bump ``SCHEMA_VERSION``, change the models, and register a step under
the new number that turns the previous shape into the new one (``ALTER TABLE`` and data
fixes written against the connection, never against the current models).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection

SCHEMA_VERSION = 1
"""Version 1: meta, player, game_table, seat, event, snapshot."""

Step = Callable[[Connection], None]

MIGRATIONS: dict[int, Step] = {}
"""Target version -> step from the version before it. Version 1 is the first shape and needs
no step; later versions add theirs here."""


def pending(found: int, target: int | None = None) -> list[tuple[int, Step]]:
    """The steps that bring a database at version ``found`` to ``target``, in order.

    Raises ``LookupError`` naming a version that has no registered step.
    """
    steps = []
    last = SCHEMA_VERSION if target is None else target
    for version in range(found + 1, last + 1):
        step = MIGRATIONS.get(version)
        if step is None:
            raise LookupError(f"no upgrade step is known for schema version {version}")
        steps.append((version, step))
    return steps
