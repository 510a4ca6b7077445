"""Perft-style counts of our games, and the files of published counts they are checked
against (``data/*.perft``: ``key [ply] count`` lines, ``#`` comments, as python-chess's
perft files lay them out)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from grader.games.rules import GameRules

DATA = Path(__file__).parent / "data"


def read_perft(name: str) -> tuple[str, dict[str, int], dict[tuple[str, int], int]]:
    """A data file: its position, its totals (``key count``) and its counts by ply
    (``key ply count``)."""
    position, totals, by_ply = "", {}, {}
    for line in (DATA / f"{name}.perft").read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#") or words[0] == "id":
            continue
        if words[0] == "position":
            position = line.split(None, 1)[1].strip()  # a FEN holds spaces
        elif len(words) == 2:
            totals[words[0]] = int(words[1])
        else:
            by_ply[(words[0], int(words[1]))] = int(words[2])
    return position, totals, by_ply


def perft(game: GameRules, state: str, depth: int) -> int:
    """Move sequences of ``depth`` plies from ``state`` (a game ends at its terminal)."""
    if depth == 0:
        return 1
    return sum(perft(game, game.result(state, a), depth - 1) for a in game.actions(state))


def distinct(game: GameRules, state: str, depth: int) -> int:
    """Distinct positions ``depth`` plies from ``state``."""
    level = {state}
    for _ in range(depth):
        level = {game.result(s, a) for s in level for a in game.actions(s)}
    return len(level)


def whole_game(game: GameRules, state: str) -> tuple[int, Counter[int], set[str], set[str]]:
    """The full game tree from ``state``: its nodes, its games by x's payoff, the distinct
    positions and the distinct terminal positions."""
    nodes, games, seen, ends = 0, Counter[int](), set(), set()
    stack = [state]
    while stack:
        s = stack.pop()
        nodes += 1
        seen.add(s)
        if game.is_terminal(s):
            games[game.utility(s, 0)] += 1
            ends.add(s)
        else:
            stack.extend(game.result(s, a) for a in game.actions(s))
    return nodes, games, seen, ends
