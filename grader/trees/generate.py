"""Seeded random game trees in the ``game-tree/1`` full form, for property tests and benchmarks.

:func:`random_tree` draws a tree layer by layer (breadth first), so node ``n<i>`` has a
smaller index than all its children and every path from the root to a node has the same
length: a transposition (a node reached by two paths) always sits at one depth. Actions
are named ``a1``, ``a2``, ... at every node, so the same action name recurs across
siblings (as a move does in a real game; killer moves rely on it). The same seed and
options give the same tree.

:func:`as_tree` turns a generated dict into a :class:`~grader.trees.tree.Tree` without the
schema check of :func:`grader.trees.tree.parse_tree`, which is too slow for a million nodes;
a tree from anywhere else must go through ``parse_tree``.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Literal

from grader.trees.tree import Node, Payoff, Tree

EvalMode = Literal["none", "random", "exact"]
Branching = int | tuple[int, int]
Number = int | float

TRANSPOSE_CHANCE = 0.25  # with transpositions on: how often a child is an existing node
TIE_VALUES = 3  # with ties on: how many distinct payoff values a tree draws from
GENERATED_SOURCE = "<generated>"
_NONE: frozenset[str] = frozenset()


def random_tree(
    *,
    seed: int,
    depth: int,
    branching: Branching = (1, 3),
    players: int = 2,
    value_range: tuple[int, int] = (-9, 9),
    ties: bool = False,
    vectors: bool = False,
    evals: EvalMode = "random",
    noisy: float = 0.0,
    chance: float = 0.0,
    transpositions: bool = False,
    rotate: bool = True,
    name: str | None = None,
) -> dict[str, Any]:
    """A random tree of ``depth`` plies as a ``game-tree/1`` dict.

    ``branching`` is a fixed number of children or an inclusive range ``(lo, hi)``; a node
    that draws 0 children is a terminal above the bottom layer (the root always gets at
    least one child when ``depth`` > 0). Payoffs are whole numbers in ``value_range``;
    ``ties`` draws them from only a few values. Two-player payoffs are single numbers
    (zero-sum) unless ``vectors``; with more players they are always vectors.
    ``evals``: ``"random"`` puts a random ``eval`` on every non-terminal node, ``"exact"``
    the exact value of its subtree (minimax for zero-sum, max^n otherwise, expectations
    at chance nodes; a perfect heuristic), ``"none"`` none. ``noisy`` is the fraction of
    decision-node actions marked noisy; ``chance`` the fraction of non-root interior
    nodes that are chance nodes; ``transpositions`` lets a child be an existing node of
    the same layer. The player to move at depth ``k`` is ``k % players``; with ``rotate``
    False each decision node's player is drawn at random instead, so a player may move
    twice in a row, or be skipped.
    """
    _check(depth, branching, players, value_range, noisy, chance)
    gen = _Generator(random.Random(seed), players, value_range, ties, vectors or players != 2)
    with _collector_paused():
        gen.grow(depth, branching, chance, transpositions)
        gen.settle(noisy, evals, rotate)
        return gen.to_json(name or f"random-{seed}")


def uniform_tree(b: int, d: int, seed: int = 0, *, evals: EvalMode = "random") -> dict[str, Any]:
    """A two-player tree where every interior node has exactly ``b`` children, ``d`` plies
    deep: ``1 + b + ... + b**d`` nodes, random whole-number leaves."""
    return random_tree(seed=seed, depth=d, branching=b, evals=evals, name=f"uniform-{b}x{d}")


def perfectly_ordered_tree(b: int, d: int) -> dict[str, Any]:
    """A uniform two-player tree (MAX at the root) whose best move comes first at every node.

    Values are laid out from the root down: a node worth ``v`` gives its first child ``v``
    and its ``j``-th child ``v - j`` (MAX) or ``v + j`` (MIN), so every later move is
    strictly worse for the player to move. On this tree alpha-beta evaluates the minimal
    tree of Knuth and Moore: ``b**ceil(d/2) + b**floor(d/2) - 1`` leaves.
    """
    _check(d, b, 2, (0, 0), 0.0, 0.0)
    nodes: dict[str, dict[str, Any]] = {}
    count = 0
    stack: list[tuple[str, int, int]] = [("n0", 0, 0)]  # (id, depth, value)
    while stack:
        nid, k, v = stack.pop()
        if k == d:
            nodes[nid] = {"utility": v}
            continue
        sign = -1 if k % 2 == 0 else 1  # later moves are worse for the player to move
        children: dict[str, str] = {}
        for j in range(b):
            count += 1
            cid = f"n{count}"
            children[f"a{j + 1}"] = cid
            stack.append((cid, k + 1, v + sign * j))
        nodes[nid] = {"to_move": k % 2, "children": children}
    return _document(f"ordered-{b}x{d}", 2, nodes)


def as_tree(data: Mapping[str, Any]) -> Tree:
    """The :class:`Tree` of a full-form dict made by this module, built without checks."""
    players: int = data["players"]
    with _collector_paused():
        nodes = {nid: _node(nid, spec, players) for nid, spec in data["nodes"].items()}
        return Tree(
            name=data["name"],
            players=players,
            root=data["root"],
            nodes=nodes,
            source=GENERATED_SOURCE,
        )


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while millions of acyclic objects are made: its
    repeated full passes would otherwise dominate the time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _check(
    depth: int,
    branching: Branching,
    players: int,
    value_range: tuple[int, int],
    noisy: float,
    chance: float,
) -> None:
    if depth < 0:
        raise ValueError(f"depth must be >= 0, not {depth}")
    lo, hi = (branching, branching) if isinstance(branching, int) else branching
    if not 0 <= lo <= hi or hi < 1:
        raise ValueError(
            f"branching must be >= 1 or a range (lo, hi) with 0 <= lo <= hi, hi >= 1"
            f", not {branching!r}"
        )
    if not 1 <= players <= 16:
        raise ValueError(f"players must be 1 to 16, not {players}")
    if value_range[0] > value_range[1]:
        raise ValueError(f"value_range {value_range!r} is empty")
    for label, fraction in (("noisy", noisy), ("chance", chance)):
        if not 0.0 <= fraction <= 1.0:
            raise ValueError(f"{label} must be a fraction between 0 and 1, not {fraction}")


class _Generator:
    """The tree under construction: node ``i`` is ``n<i>``, numbered breadth first."""

    def __init__(
        self,
        rng: random.Random,
        players: int,
        value_range: tuple[int, int],
        ties: bool,
        vectors: bool,
    ) -> None:
        self.rng = rng
        self.players = players
        self.vectors = vectors
        lo, hi = value_range
        span = range(lo, hi + 1)
        self.pool: list[int] | None = rng.sample(span, min(TIE_VALUES, len(span))) if ties else None
        self.lo, self.span = lo, hi - lo + 1
        self.kids: list[list[int]] = [[]]
        self.layer: list[int] = [0]
        self.chance: set[int] = set()
        self.noisy: dict[int, list[int]] = {}
        self.probs: dict[int, list[float]] = {}
        self.utility: dict[int, Any] = {}
        self.eval: dict[int, Any] = {}
        self.mover: dict[int, int] = {}  # drawn players, when they do not rotate

    def grow(self, depth: int, branching: Branching, chance: float, transpose: bool) -> None:
        rng = self.rng
        lo, hi = (branching, branching) if isinstance(branching, int) else branching
        kids, layer = self.kids, self.layer
        frontier = [0]
        for k in range(depth):
            nxt: list[int] = []
            for i in frontier:
                n = lo if lo == hi else rng.randint(max(lo, 1) if i == 0 else lo, hi)
                children = kids[i]
                for _ in range(n):
                    if transpose and nxt and rng.random() < TRANSPOSE_CHANCE:
                        children.append(rng.choice(nxt))
                        continue
                    c = len(kids)
                    kids.append([])
                    layer.append(k + 1)
                    nxt.append(c)
                    children.append(c)
                if chance and k > 0 and n and rng.random() < chance:
                    self.chance.add(i)
            frontier = nxt

    def settle(self, noisy: float, evals: EvalMode, rotate: bool = True) -> None:
        """Payoffs at the terminals, noisy marks, probabilities, players, and evals."""
        rng = self.rng
        if not rotate:
            self.mover = {
                i: rng.randrange(self.players)
                for i, c in enumerate(self.kids) if c and i not in self.chance
            }
        for i, children in enumerate(self.kids):
            self._settle_node(i, children, noisy)
        if evals == "random":
            self.eval = {i: self._payoff() for i, c in enumerate(self.kids) if c}
        elif evals == "exact":
            self.eval = self._exact()

    def _settle_node(self, i: int, children: list[int], noisy: float) -> None:
        """A terminal's payoff, a chance node's probabilities, or a decision node's noisy
        marks (the draws in the order the generator has always made them)."""
        rng = self.rng
        if not children:
            self.utility[i] = self._payoff()
        elif i in self.chance:
            weights = [rng.randint(1, 3) for _ in children]
            total = sum(weights)
            self.probs[i] = [w / total for w in weights]
        elif noisy:
            marked = [j for j in range(len(children)) if rng.random() < noisy]
            if marked:
                self.noisy[i] = marked

    def _payoff(self) -> Any:
        if self.vectors:
            return [self._draw() for _ in range(self.players)]
        return self._draw()

    def _draw(self) -> int:
        if self.pool is not None:
            return self.pool[int(self.rng.random() * len(self.pool))]
        return self.lo + int(self.rng.random() * self.span)  # randint, several times faster

    def _exact(self) -> dict[int, Any]:
        """Each interior node's exact value, bottom up (children have larger indices)."""
        value: dict[int, Any] = {}
        for i in range(len(self.kids) - 1, -1, -1):
            children = self.kids[i]
            if not children:
                value[i] = self.utility[i]
                continue
            vals = [value[c] for c in children]
            if i in self.chance:
                value[i] = _expectation(vals, self.probs[i], self.vectors)
            elif not self.vectors:
                value[i] = max(vals) if self._player(i) == 0 else min(vals)
            else:
                p = self._player(i)
                value[i] = max(vals, key=lambda v: v[p])  # max returns the first best
        return {i: v for i, v in value.items() if self.kids[i]}

    def _player(self, i: int) -> int:
        """The player to move at interior node ``i``."""
        return self.mover.get(i, self.layer[i] % self.players)

    def to_json(self, name: str) -> dict[str, Any]:
        ids = [f"n{i}" for i in range(len(self.kids))]
        names = [f"a{j + 1}" for j in range(max(map(len, self.kids)))]
        utility = self.utility
        nodes: dict[str, dict[str, Any]] = {}
        for i, children in enumerate(self.kids):
            if children:
                nodes[ids[i]] = self._interior(i, children, ids, names)
            else:
                nodes[ids[i]] = {"utility": utility[i]}
        return _document(name, self.players, nodes)

    def _interior(
        self, i: int, children: list[int], ids: list[str], names: list[str]
    ) -> dict[str, Any]:
        spec: dict[str, Any] = {"children": {names[j]: ids[c] for j, c in enumerate(children)}}
        if i in self.chance:
            spec["chance"] = True
            spec["probabilities"] = dict(zip(names, self.probs[i], strict=False))
        else:
            spec["to_move"] = self._player(i)
            if i in self.noisy:
                spec["noisy"] = [names[j] for j in self.noisy[i]]
        if i in self.eval:
            spec["eval"] = self.eval[i]
        return spec


def _expectation(values: Sequence[Any], probs: Sequence[float], vectors: bool) -> Any:
    if not vectors:
        return sum(p * v for p, v in zip(probs, values, strict=True))
    width = len(values[0])
    return [sum(p * v[k] for p, v in zip(probs, values, strict=True)) for k in range(width)]


def _document(name: str, players: int, nodes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"format": "game-tree/1", "name": name, "players": players, "root": "n0", "nodes": nodes}


def _node(nid: str, spec: Mapping[str, Any], players: int) -> Node:
    if len(spec) == 1 and "utility" in spec:  # most nodes: a bare terminal
        return Node(nid, None, (), (), _payoff(spec["utility"], players), None, _NONE, False, None)
    children: Mapping[str, str] = spec.get("children") or {}
    probabilities = spec.get("probabilities")
    return Node(
        id=nid,
        to_move=spec.get("to_move"),
        actions=tuple(children),
        children=tuple(children.values()),
        utility=_payoff(spec.get("utility"), players),
        eval=_payoff(spec.get("eval"), players),
        noisy=frozenset(spec.get("noisy") or ()),
        chance=bool(spec.get("chance", False)),
        probabilities=None
        if probabilities is None
        else tuple(float(probabilities[a]) for a in children),
    )


def _payoff(raw: Number | Sequence[Number] | None, players: int) -> Payoff | None:
    if raw is None:
        return None
    if isinstance(raw, (int, float)):
        return (raw, -raw) if players == 2 else (raw,)  # a single number: zero-sum
    return tuple(raw)
