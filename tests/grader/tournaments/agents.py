"""Small, fast, deterministic agents for tournaments of tic-tac-toe (any game, in fact):
each plays by a fixed rule, so a game between two of them always ends the same way."""

from __future__ import annotations

from pathlib import Path

PICK = """
def choose(game, state, clock):
    moves = game.actions(state)
    return moves[{index} % len(moves)]
"""
GREEDY = """
def choose(game, state, clock):
    me = game.to_move(state)
    return max(game.actions(state), key=lambda a: game.evaluate(game.result(state, a), me))
"""
WINNER = """
def choose(game, state, clock):
    me = game.to_move(state)
    moves = game.actions(state)
    for move in moves:  # a winning move if there is one, else the last
        after = game.result(state, move)
        if game.is_terminal(after) and game.utility(after, me) > 0:
            return move
    return moves[-1]
"""
CRASH = """
def choose(game, state, clock):
    raise ValueError("=HYPERLINK(boom)")
"""


def write_agents(folder: Path, count: int) -> list[str]:
    """``count`` agents (at most 8) as ``.py`` files in ``folder``; their names."""
    sources = {
        "crash": CRASH, "greedy": GREEDY, "winner": WINNER,
        **{f"pick{i}": PICK.format(index=i) for i in (0, 2, 4, 5, 7)},
    }
    folder.mkdir(parents=True, exist_ok=True)
    names = sorted(sources)[:count]
    for name in names:
        (folder / f"{name}.py").write_text(sources[name])
    return names
