"""The Fatekeeper companion: the live table, its storage and sharing, and the Flet app."""
