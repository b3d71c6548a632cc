"""Persistence of the companion: SQLModel tables and the database that holds them."""

from . import migrations
from .db import (
    Database,
    ForeignDatabase,
    NewerSchema,
    StorageError,
    default_data_dir,
    open_database,
)
from .migrations import SCHEMA_VERSION
from .models import Event, GameTable, Meta, Play, Player, PlaySeat, Seat, Snapshot, Takeback

__all__ = [
    "SCHEMA_VERSION",
    "Database",
    "Event",
    "ForeignDatabase",
    "GameTable",
    "Meta",
    "NewerSchema",
    "Play",
    "PlaySeat",
    "Player",
    "Seat",
    "Snapshot",
    "StorageError",
    "Takeback",
    "default_data_dir",
    "migrations",
    "open_database",
]
