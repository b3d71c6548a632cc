"""Conformance of every registered game: randomized contracts and CLI fuzzing."""
