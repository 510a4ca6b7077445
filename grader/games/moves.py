"""Where a search was on the board: the moves from a positions test's position to a
node of its unfolded tree, as a person reads them (``x b2, o a1``)."""

from __future__ import annotations

from collections.abc import Sequence

from grader.games import GAMES, load_game
from grader.games.rules import GameRules
from grader.trees.tree import Tree


def is_unfolded(tree: Tree) -> bool:
    """Whether ``tree`` is a game unfolded from a position (its source ``game:position``)."""
    return tree.source.split(":", 1)[0] in GAMES and tree.source.endswith(":" + tree.root)


def moves_to(game: GameRules, tree: Tree, node: str) -> list[str] | None:
    """The moves from the root to ``node`` (one of the shortest ways), each with its
    game's words (``x column 4``, ``Qxd5``); None if ``node`` is not in the tree."""
    came: dict[str, tuple[str, str] | None] = {tree.root: None}
    level = [tree.root]
    while level and node not in came:
        below = []
        for nid in level:
            for action, child in tree.moves.get(nid, {}).items():
                if child not in came:
                    came[child] = (nid, action)
                    below.append(child)
        level = below
    if node not in came:
        return None
    path: list[str] = []
    step = came[node]
    while step is not None:
        parent, action = step
        path.append(game.say_move(parent, action))
        step = came[parent]
    return path[::-1]


def said_on_board(tree: Tree, moves: Sequence[object]) -> list[str] | None:
    """For a positions test, each of ``moves`` from the test's position as the game says
    it (``Qxd5``, ``x square b2``); None for a tree file's test, or if one is not a move
    there (a search may answer anything)."""
    if not is_unfolded(tree):
        return None
    legal = tree.nodes[tree.root].actions
    if not all(isinstance(m, str) and m in legal for m in moves):
        return None
    game = load_game(tree.source.split(":", 1)[0])
    return [game.say_move(tree.root, str(m)) for m in moves]


def where_on_board(
    tree: Tree, expected: Sequence[tuple[str, str]], got: Sequence[tuple[str, str]]
) -> str | None:
    """For a positions test, the moves that lead to the first visit where ``got`` leaves
    ``expected``, for the student and for the reference; None for a tree file's test."""
    if not is_unfolded(tree):
        return None
    i = next((k for k, (e, g) in enumerate(zip(expected, got, strict=False)) if e != g),
             min(len(expected), len(got)))
    game = load_game(tree.source.split(":", 1)[0])
    paths = [moves_to(game, tree, visits[i][1]) if i < len(visits) else None
             for visits in (got, expected)]
    shown = [None if p is None else ", ".join(p) or "the test's position itself" for p in paths]
    head = f"on the {game.title} board, from the test's position: "
    if shown[0] is not None and shown[0] == shown[1]:
        return head + f"you and the reference were both after {shown[0]}"
    parts = [f"{whose} after {path}" for whose, path in zip(
        ("you were", "the reference was"), shown, strict=True) if path is not None]
    return head + "; ".join(parts) if parts else None
