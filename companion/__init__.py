"""The Fatekeeper companion: the live table, its storage and sharing, and the Flet app."""

from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("fatekeeper")
except _metadata.PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0.1.0"
