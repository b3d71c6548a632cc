"""Real Flet sessions without a browser: each page's messages are encoded exactly as the web
transport encodes them (the encoder records the snapshots later diffs rely on) and kept."""

from __future__ import annotations

from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Wire(Connection):
    """A connection that keeps each encoded message instead of sending it."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.frames: list[bytes] = []

    def send_message(self, message: Message) -> None:
        self.frames.append(msgpack.packb([message.action, message.body], default=ENCODE))

    def take(self) -> list[bytes]:
        frames, self.frames = self.frames, []
        return frames


def session(route: str) -> tuple[Session, Wire]:
    """A session for a page that asked for ``route`` (nothing drawn yet)."""
    wire = Wire()
    s = Session(wire)
    s.page.route = route
    return s, wire


def first_draw(s: Session, wire: Wire) -> None:
    """What a browser receives on connecting: the whole page, encoded."""
    msgpack.packb(s.get_page_patch(), default=ENCODE)
    wire.take()


def values(frames: list[bytes]) -> list[Any]:
    """Every ``value`` a list of patch frames sets, in order."""
    found: list[Any] = []
    for frame in frames:
        _, body = msgpack.unpackb(frame, raw=False, strict_map_key=False)
        for op in body.get("patch", [])[1:]:
            if len(op) == 4 and op[2] == "value":
                found.append(op[3])
    return found


def page_of(s: Session) -> ft.Page:
    return s.page
