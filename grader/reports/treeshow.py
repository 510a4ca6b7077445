"""``grader tree show``: a text drawing of a game tree as a search of some depth sees it.

Each line is one position of the tree unfolded from the root (a node reached by two
paths is drawn twice): the action leading to it, the node id, who moves (MAX/MIN, or
P0, P1, ... with more players, CHANCE), and its value at that depth: the minimax value
(max^n vectors with more than two players, expectations at chance nodes), a terminal's
utility, or the eval where the search is cut off. Positions the chosen reference search
never visits are marked ``[pruned]``; they come from running that search.
With ``--svg`` the same is drawn as a picture (:func:`svg_tree_file`, :mod:`grader.reports.svg`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grader.errors import GameError, GraderError
from grader.reports.svg import draw_svg
from grader.trees.game import TreeGame
from grader.trees.positions import SearchRun
from grader.trees.tree import Node, Payoff, Tree, Value, load_tree
from reference import algorithms
from reference.algorithms import ValueModel
from reference.conventions import CONVENTIONS, ConventionValue

Position = tuple[str, ...]  # the actions from the root
MAX_LINES = 5000  # positions drawn at most; a bigger drawing asks for a smaller depth


class _PathGame:
    """The tree's game with paths as states, so each position is its own state.

    It forwards every call to a traced :class:`TreeGame` and notes the positions the
    search expands or evaluates: what the search visited, position by position.
    """

    def __init__(self, tree: Tree, conventions: Mapping[str, Any]) -> None:
        self.inner = TreeGame.for_test(tree, conventions)  # with the clock a budget sets
        self.num_players = tree.players
        self.visited: set[Position] = set()
        self._ids: dict[Position, str] = {(): tree.root}

    def _visit(self, s: Position) -> str:
        self.visited.add(s)
        return self._ids[s]

    def to_move(self, s: Position) -> int:
        return self.inner.to_move(self._ids[s])

    def actions(self, s: Position) -> tuple[str, ...]:
        return self.inner.actions(self._visit(s))

    def result(self, s: Position, a: Any) -> Position:
        child = self.inner.result(self._ids[s], a)
        position = (*s, a)
        self._ids[position] = child
        return position

    def is_terminal(self, s: Position) -> bool:
        return self.inner.is_terminal(self._ids[s])

    def utility(self, s: Position, p: int = 0) -> Value:
        return self.inner.utility(self._visit(s), p)

    def utilities(self, s: Position) -> list[Value]:
        return self.inner.utilities(self._visit(s))

    def evaluate(self, s: Position, p: int = 0) -> Value:
        return self.inner.evaluate(self._visit(s), p)

    def evaluations(self, s: Position) -> list[Value]:
        return self.inner.evaluations(self._visit(s))

    def is_quiet(self, s: Position) -> bool:
        return self.inner.is_quiet(self._ids[s])

    def noisy_actions(self, s: Position) -> list[str]:
        return self.inner.noisy_actions(self._visit(s))

    def time_left(self) -> int | float:
        return self.inner.time_left()

    def is_chance(self, s: Position) -> bool:
        return self.inner.is_chance(self._ids[s])

    def chance_outcomes(self, s: Position) -> list[tuple[str, float]]:
        return self.inner.chance_outcomes(self._visit(s))


@dataclass(frozen=True)
class _Searched:
    """What a reference search visited, position by position, and what it answered."""

    visited: set[Position]
    value: Any
    action: Any


def _search_paths(
    tree: Tree, depth: int, algorithm: str, conventions: Mapping[str, Any]
) -> _Searched:
    game = _PathGame(tree, conventions)
    value, action = algorithms.search(algorithm, game, (), depth, **conventions)
    return _Searched(game.visited, value, action)


def visited_positions(
    tree: Tree, depth: int, algorithm: str, **conventions: Any
) -> set[Position]:
    """The positions the named reference search expands or evaluates at ``depth`` plies."""
    return _search_paths(tree, depth, algorithm, conventions).visited


@dataclass
class _Drawing:
    tree: Tree
    depth: int
    visited: set[Position] | None  # None: nothing is marked pruned
    model: ValueModel = "minimax"  # maxn: every mover maximises its own payoff
    lines: list[str] = field(default_factory=list)
    pruned: int = 0
    _values: dict[tuple[str, int], Payoff] = field(default_factory=dict)

    @property
    def minimising(self) -> bool:
        """Whether player 1 minimises player 0's payoff (two players, unless max^n)."""
        return self.tree.players == 2 and self.model != "maxn"

    def value(self, nid: str, left: int) -> Payoff:
        """Every player's value of ``nid`` with ``left`` plies to go, memoised."""
        key = (nid, left)
        if key not in self._values:
            self._values[key] = self._compute(self.tree.nodes[nid], left)
        return self._values[key]

    def _compute(self, node: Node, left: int) -> Payoff:
        if node.utility is not None:
            return node.utility
        if left == 0:
            assert node.eval is not None, "load_tree(depth=...) refuses a missing eval"
            return node.eval
        kids = [self.value(c, left - 1) for c in node.children]
        if node.chance:
            probs = node.probabilities or ()
            return tuple(
                sum(p * v[i] for p, v in zip(probs, kids, strict=True))
                for i in range(self.tree.players)
            )
        mover = node.to_move or 0
        best = kids[0]
        for v in kids[1:]:
            if self.minimising and mover != 0:
                if v[0] < best[0]:  # MIN minimises player 0's value; first best kept
                    best = v
            elif v[mover] > best[mover]:
                best = v
        return best

    def draw(self, nid: str, pos: Position, edge: str, prefix: str, last: bool | None) -> None:
        if len(self.lines) >= MAX_LINES:
            raise GraderError(
                f"the drawing has more than {MAX_LINES} lines; give a smaller --depth"
            )
        node = self.tree.nodes[nid]
        left = self.depth - len(pos)
        branch = "" if last is None else ("`-- " if last else "+-- ")
        self.lines.append(prefix + branch + edge + self._describe(node, left, pos))
        if node.terminal or left == 0:
            return
        inner = prefix if last is None else prefix + ("    " if last else "|   ")
        kids = list(zip(node.actions, node.children, strict=True))
        for i, (action, child) in enumerate(kids):
            label = action
            if node.chance and node.probabilities is not None:
                label = f"{action} (p={_number(node.probabilities[i])})"
            self.draw(child, (*pos, action), f"{label} -> ", inner, i == len(kids) - 1)

    def _describe(self, node: Node, left: int, pos: Position) -> str:
        parts = [node.id]
        if node.label:
            parts.append(f'"{node.label}"')
        value = _payoff(self.value(node.id, left), self.tree.players)
        if node.terminal:
            parts.append(f"utility {value}")
        elif left == 0:
            parts.append(f"{self._mover(node)}  eval {value} (cut off)")
        else:
            parts.append(f"{self._mover(node)}  = {value}")
        if node.noisy:
            parts.append("noisy: " + ", ".join(a for a in node.actions if a in node.noisy))
        if self.visited is not None and pos not in self.visited:
            self.pruned += 1
            parts.append("[pruned]")
        return "  ".join(parts)

    def _mover(self, node: Node) -> str:
        if node.chance:
            return "CHANCE"
        if self.tree.players == 2:
            return "MAX" if node.to_move == 0 else "MIN"
        return f"P{node.to_move}"


def _number(x: Value) -> str:
    return f"{x:.6g}" if isinstance(x, float) else str(x)


def _payoff(values: Payoff, players: int) -> str:
    if players == 2:
        return _number(values[0])
    return "(" + ", ".join(_number(v) for v in values) + ")"


def draw_tree(
    *,
    tree: Tree,
    depth: int | None = None,
    algorithm: str = "alphabeta",
    conventions: Mapping[str, ConventionValue] | None = None,
) -> list[str]:
    """The drawing's lines: a header, then one line per position down to ``depth`` plies.

    Without ``depth`` the search goes to the terminals; ``conventions`` are the search's
    (its defaults where unset). The header gives the search's answer: its value and move.
    With more than two players, or a search that cannot play the tree, values are drawn
    without ``[pruned]`` marks.
    """
    plies = _plies(tree, depth, algorithm)
    settings = search_conventions(algorithm, conventions)
    searched: _Searched | str
    try:
        searched = _search_paths(tree, plies, algorithm, settings)
    except (ValueError, GameError) as exc:  # a search that cannot play this tree
        searched = str(exc)
    visited = None if isinstance(searched, str) else searched.visited
    drawing = _Drawing(tree, plies, visited, algorithms.value_model(algorithm))
    drawing.draw(tree.root, (), "", "", None)
    return [_header(tree, depth, algorithm, settings, drawing, searched), *drawing.lines]


def search_conventions(
    algorithm: str, conventions: Mapping[str, ConventionValue] | None
) -> dict[str, ConventionValue]:
    """The conventions given for ``algorithm``; GraderError naming one it does not take."""
    given = dict(conventions or {})
    taken = algorithms.algorithm(algorithm).conventions
    stray = sorted(set(given) - set(taken))
    if stray:
        raise GraderError(
            f"{algorithm} takes no convention {stray[0]!r}; it takes: {', '.join(taken)}"
        )
    return given


def _plies(tree: Tree, depth: int | None, algorithm: str) -> int:
    """The plies to draw; refuses an unknown search or a tree lacking the evals it needs."""
    if algorithm not in algorithms.ALGORITHMS:
        raise GraderError(algorithms.unknown(algorithm))
    plies = len(tree.nodes) if depth is None else depth  # no path is longer than that
    if tree.needs_eval(plies):
        raise GraderError(f"{tree.source}: a search of depth {plies} needs evals it lacks")
    return plies


def _header(
    tree: Tree,
    depth: int | None,
    algorithm: str,
    conventions: Mapping[str, ConventionValue],
    drawing: _Drawing,
    searched: _Searched | str,
) -> str:
    reach = "to the terminals" if depth is None else f"depth {depth} plies"
    head = f"{tree.name}: {tree.players} players, {reach}"
    if isinstance(searched, str):  # why the search cannot play this tree
        return f"{head}; values only ({algorithm} does not play this tree: {searched})"
    search = algorithms.algorithm(algorithm).title(conventions)
    total = len(drawing.lines)
    return (
        f"{head}; {search} visits {total - drawing.pruned} of {total} positions, "
        f"prunes {drawing.pruned}; answers {_answer(searched.value)}, "
        f"move {searched.action}"
    )


def _answer(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(_answer(v) for v in value) + ")"
    return _number(value) if isinstance(value, (int, float)) else repr(value)


def parse_settings(algorithm: str, settings: Sequence[str]) -> dict[str, ConventionValue]:
    """Conventions written ``NAME=VALUE`` (``grader tree show --set``), each checked
    against the registry: a name ``algorithm`` takes, a value its convention allows."""
    parsed: dict[str, ConventionValue] = {}
    for setting in settings:
        name, equals, text = setting.partition("=")
        name = name.strip()
        if not equals or not name:
            raise GraderError(f"--set {setting!r}: write NAME=VALUE, e.g. prune_on_equality=false")
        search_conventions(algorithm, {name: None})  # a name the search takes
        try:
            parsed[name] = CONVENTIONS[name].parse(text)
        except ValueError as exc:
            raise GraderError(f"--set {setting!r}: {exc}") from None
    return parsed


def show_tree_file(
    *,
    path: str | Path,
    depth: int | None = None,
    algorithm: str = "alphabeta",
    conventions: Mapping[str, ConventionValue] | None = None,
) -> str:
    """``grader tree show``: the drawing of a tree file, as text with a trailing newline."""
    tree = load_tree(path, depth=depth)
    lines = draw_tree(tree=tree, depth=depth, algorithm=algorithm, conventions=conventions)
    return "\n".join(lines) + "\n"


def reference_run(
    tree: Tree, depth: int, algorithm: str, **conventions: Any
) -> SearchRun | None:
    """What the named reference search visits at ``depth`` plies; None if it cannot play
    this tree (e.g. alpha-beta on a three-player tree)."""
    game = TreeGame(tree)
    try:
        algorithms.search(algorithm, game, tree.root, depth, **conventions)
    except (ValueError, GameError):
        return None
    trace = game.trace
    return SearchRun(tuple(trace.expanded()), tuple(trace.evaluated()), tuple(trace.visits()))


def svg_tree_file(
    *,
    path: str | Path,
    depth: int | None = None,
    algorithm: str = "alphabeta",
    conventions: Mapping[str, ConventionValue] | None = None,
) -> str:
    """``grader tree show --svg``: the tree as a standalone SVG document with a legend,
    the positions the reference search never visits drawn as pruned."""
    tree = load_tree(path, depth=depth)
    plies = _plies(tree, depth, algorithm)
    settings = search_conventions(algorithm, conventions)
    run = reference_run(tree, plies, algorithm, **settings)
    reach = "to the terminals" if depth is None else f"depth {depth}"
    search = algorithms.algorithm(algorithm).title(settings)
    title = f"{tree.name}, {reach}: " + (
        f"{search} visits the coloured positions" if run else "values only"
    )
    drawing = draw_svg(tree, depth=plies, expected=run, legend=True, title=title,
                       values=algorithms.value_model(algorithm))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + drawing.svg + "\n"
