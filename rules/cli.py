"""Command line for the rules engine: JSON in, JSON out.

    python -m rules games
    python -m rules check GAME [FILE]   # {"options": {...}, "actions": [...], "action": {...}}
    python -m rules score GAME [FILE]   # game-specific score input
    python -m rules odds GAME [FILE]    # game-specific odds input
    python -m rules moves GAME [FILE]   # {"options", "actions", "card": {...}, "favor"}

A supplied ``"state"`` must be a position that could arise in play (``Game.load_state``).
Input is read from FILE or standard input. Success prints JSON and exits 0. Any problem
(unknown game, malformed JSON, an action that does not fit) prints ``{"error": "..."}`` and
exits 2; an illegal action is not an error for ``check``: it prints the verdict.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, NoReturn, TextIO

from . import registry
from .core.verdict import IllegalAction, MalformedAction

MAX_INPUT_CHARS = 2_000_000


class CliError(Exception):
    """A problem with the command's input; the message is shown to the user."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules", description="Fatekeeper rules engine (JSON in/out)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list the games")
    for name, text in (
        ("check", "is an action legal? prints the verdict"),
        ("score", "score an endgame"),
        ("odds", "exact odds"),
        ("moves", "every outcome of one card"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("game")
        p.add_argument("file", nargs="?", help="JSON input (default: standard input)")
    return parser


def _read_json(path: str | None, stdin: TextIO) -> Any:
    try:
        if path:
            with open(path, encoding="utf-8") as fh:
                text = fh.read(MAX_INPUT_CHARS + 1)
        else:
            text = stdin.read(MAX_INPUT_CHARS + 1)
    except OSError as exc:
        raise CliError(f"cannot read input: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError("input is not UTF-8 text") from None
    if len(text) > MAX_INPUT_CHARS:
        raise CliError(f"input is larger than {MAX_INPUT_CHARS} characters")
    if not text.strip():
        raise CliError("no JSON input given")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise CliError(f"input is not valid JSON: {exc}") from None
    except RecursionError:
        raise CliError("input JSON is nested too deeply") from None


def _check(game_slug: str, data: Any) -> dict[str, Any]:
    game = registry.get(game_slug)
    if not isinstance(data, dict):
        raise CliError(
            'check expects an object: {"options": {...}, "actions": [...], "action": {...}}'
        )
    unknown = set(data) - {"options", "actions", "action", "state"}
    if unknown:
        raise CliError(f"unknown field(s): {', '.join(sorted(unknown))}")
    if "action" not in data:
        raise CliError('missing "action"')
    verdict = game.check(_state(game, data), game.decode_action(data["action"]))
    return verdict.to_json()


def _moves(game_slug: str, data: Any) -> dict[str, Any]:
    """Every outcome of one card, for games that enumerate them (``Game.moves_json``)."""
    game = registry.get(game_slug)
    moves_json = getattr(game, "moves_json", None)
    if moves_json is None:
        raise CliError(f"{game_slug} does not list the outcomes of a card")
    if not isinstance(data, dict):
        raise CliError(
            'moves expects an object: {"options": {...}, "actions": [...], "card": {...}}'
        )
    unknown = set(data) - {"options", "actions", "card", "favor", "seat", "state", "split", "all"}
    if unknown:
        raise CliError(f"unknown field(s): {', '.join(sorted(unknown))}")
    result: dict[str, Any] = moves_json(_state(game, data), data)
    return result


def _state(game: Any, data: dict[str, Any]) -> Any:
    if "state" in data:
        # A supplied state is checked like a move: an impossible position is an error,
        # never a verdict.
        state = game.load_state(data["state"])
    else:
        options = game.decode_options(data.get("options"))
        history = data.get("actions", [])
        if not isinstance(history, list):
            raise CliError('"actions" must be a list')
        state = game.setup(options)
        for n, raw in enumerate(history):
            act = game.decode_action(raw)
            try:
                state = game.apply(state, act)
            except IllegalAction as exc:
                raise CliError(f"actions[{n}] is not legal: {exc.verdict.reason}") from None
    return state


def run(argv: list[str], stdin: TextIO) -> tuple[int, dict[str, Any] | list[Any]]:
    """Run one command; returns (exit code, JSON result). Never raises for bad input."""
    try:
        args = _parser().parse_args(argv)
        if args.command == "games":
            return 0, [
                {"slug": g.slug, "title": g.title, "players": [g.min_players, g.max_players]}
                for g in registry.all_games()
            ]
        game = registry.get(args.game)
        data = _read_json(args.file, stdin)
        if args.command == "check":
            return 0, _check(args.game, data)
        if args.command == "moves":
            return 0, _moves(args.game, data)
        if args.command == "score":
            return 0, game.score_json(data)
        return 0, game.odds_json(data)
    except (CliError, MalformedAction, registry.UnknownGame) as exc:
        return 2, {"error": str(exc)}
    except (ValueError, TypeError, LookupError, RecursionError) as exc:
        # A game's own validation (e.g. impossible options) surfaced as a plain error.
        return 2, {"error": f"invalid input: {exc}"}
    except (StopIteration, AttributeError, ArithmeticError, AssertionError) as exc:
        # Game code tripped over input it could not make sense of (a seat number past the
        # last seat, an empty list where one entry was due...): still the input's fault.
        detail = f": {exc}" if str(exc) else ""
        return 2, {"error": f"invalid input ({type(exc).__name__}{detail})"}


def main(argv: list[str] | None = None) -> int:
    # Python reads standard input with "surrogateescape" in the C/C.UTF-8 locales, which
    # would let bytes that are not UTF-8 slip into actions; decode strictly instead.
    stdin: TextIO = sys.stdin
    if hasattr(sys.stdin, "buffer"):
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict")
    code, result = run(sys.argv[1:] if argv is None else argv, stdin)
    # Input may spell a lone surrogate as a JSON escape and messages echo names back;
    # "backslashreplace" writes it as the same JSON escape instead of failing to print.
    text = json.dumps(result, ensure_ascii=False) + "\n"
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))
    sys.stdout.flush()
    return code
