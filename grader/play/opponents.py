"""The built-in opponents of play mode, run by the grader itself (never sandboxed).

``random`` plays a legal move drawn from the game's seeded stream; ``greedy`` looks one
ply ahead and plays the move whose position the game's built-in evaluation likes best
for it (a win above all; ties drawn from the stream); ``alphabeta:N`` plays the move of
the reference alpha-beta at N plies with the built-in evaluation (the first best move in
the game's order). Each is a function ``(game, state, rng) -> move``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from grader.errors import GraderError
from grader.games.rules import GameRules

Opponent = Callable[[GameRules, str, random.Random], str]
MAX_DEPTH = 8  # plies an alphabeta:N opponent may search (deeper is too slow to play)
NAMES = ("random", "greedy", "alphabeta:N")
"""The built-in opponents, as a player names them (N: plies, 1 to MAX_DEPTH)."""


def _random(game: GameRules, state: str, rng: random.Random) -> str:
    return rng.choice(game.actions(state))


def _greedy(game: GameRules, state: str, rng: random.Random) -> str:
    me = game.to_move(state)
    scored = [(game.evaluate(game.result(state, a), me), a) for a in game.actions(state)]
    best = max(value for value, _ in scored)
    return rng.choice([a for value, a in scored if value == best])


def _searcher(depth: int) -> Opponent:
    from reference.alphabeta import alphabeta
    from reference.api import Game

    def search(game: GameRules, state: str, rng: random.Random) -> str:
        action = alphabeta(cast(Game, game), state, depth)[1]
        assert action is not None  # a position where the game goes on has a move
        return str(action)

    return search


def opponent(name: str) -> Opponent:
    """The built-in opponent called ``name``; GraderError naming the choices otherwise."""
    if name == "random":
        return _random
    if name == "greedy":
        return _greedy
    kind, _, depth = name.partition(":")
    if kind == "alphabeta" and depth.isdigit() and 1 <= int(depth) <= MAX_DEPTH:
        return _searcher(int(depth))
    raise GraderError(f"no built-in opponent {name[:40]!r}; the opponents are random, greedy "
                      f"and alphabeta:N (N plies, 1 to {MAX_DEPTH}, e.g. alphabeta:2)")
