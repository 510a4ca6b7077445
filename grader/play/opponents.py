"""The built-in opponents of play mode, run by the grader itself (never sandboxed).

``random`` plays a legal move drawn from the game's seeded stream; ``greedy`` looks one
ply ahead and plays the move whose position the game's built-in evaluation likes best
for it (a win above all; ties drawn from the stream); ``alphabeta:N`` plays the move of
the reference alpha-beta at N plies with the built-in evaluation (the first best move in
the game's order), and ``alphabeta:N:EVAL`` the same search with one of the baseline
evaluations of :mod:`grader.play.baselines` (``builtin``, ``centre``, ``zero``). Each is a
function ``(game, state, rng) -> move``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from grader.errors import GraderError
from grader.games.rules import GameRules
from grader.play.baselines import BASELINES

Opponent = Callable[[GameRules, str, random.Random], str]
MAX_DEPTH = 8  # plies an alphabeta:N opponent may search (deeper is too slow to play)
NAMES = ("random", "greedy", "alphabeta:N", "alphabeta:N:EVAL")
"""The built-in opponents, as a player names them (N: plies, 1 to MAX_DEPTH; EVAL: a
baseline evaluation)."""
PATTERN = (f"^(random|greedy|alphabeta:[1-{MAX_DEPTH}]"
           f"(:({'|'.join(BASELINES)}))?)$")
"""The opponents' names, as the assignment schema checks them."""


def _random(game: GameRules, state: str, rng: random.Random) -> str:
    return rng.choice(game.actions(state))


def _greedy(game: GameRules, state: str, rng: random.Random) -> str:
    me = game.to_move(state)
    scored = [(game.evaluate(game.result(state, a), me), a) for a in game.actions(state)]
    best = max(value for value, _ in scored)
    return rng.choice([a for value, a in scored if value == best])


def _searcher(depth: int, evaluation: str) -> Opponent:
    from grader.play.baselines import baseline, search_move

    def search(game: GameRules, state: str, rng: random.Random) -> str:
        return search_move(game, state, depth, baseline(game, evaluation))

    return search


def opponent(name: str) -> Opponent:
    """The built-in opponent called ``name``; GraderError naming the choices otherwise."""
    if name == "random":
        return _random
    if name == "greedy":
        return _greedy
    if re.fullmatch(PATTERN, name):
        _, depth, *evaluation = name.split(":")
        return _searcher(int(depth), evaluation[0] if evaluation else "builtin")
    raise GraderError(f"no built-in opponent {name[:40]!r}; the opponents are random, greedy "
                      f"and alphabeta:N (N plies, 1 to {MAX_DEPTH}, e.g. alphabeta:2), or "
                      f"alphabeta:N:EVAL with a baseline evaluation EVAL: {', '.join(BASELINES)}")
