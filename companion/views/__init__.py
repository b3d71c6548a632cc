"""The screens. Each module exposes ``view(shell, ...) -> ft.View``."""
