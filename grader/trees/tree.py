"""Loaded game trees: validation against the schema, consistency checks, the nested form.

:func:`load_tree` reads a ``*.tree.json`` file; :func:`parse_tree` takes the decoded JSON.
Every refusal is an :class:`~grader.errors.InputFileError` naming the file, the place in
dotted form (``nodes.B.children.b2``) and the reason with its fix.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

if TYPE_CHECKING:
    import jsonschema

from grader.errors import InputFileError
from grader.trees.agents import check_agents
from grader.trees.treefile import FullTree, NestedTree, NodeSpec, nested_to_full, tree_schema

Value = int | float
Payoff = tuple[Value, ...]

MAX_PLIES = 200
"""The deepest tree the grader takes: its searches (the reference's, a student's, the
prune count's baseline) go down one ply a call, a few frames each, within Python's
recursion limit of 1,000 frames."""
MAX_UNFOLDED = 10_000_000
"""The most nodes a tree may unfold to (a shared node once on each path to it): a few
seconds of a reference search; past it, sixty plies of two moves that meet again make a
tree of sixty nodes that no search would finish."""
MAX_ACTION = 1000
"""The longest action, in characters: a move's name (a search's calls go in bounded lines)."""
_TOO_DEEP = f"nests deeper than a tree the grader takes ({MAX_PLIES} plies at most)"


@dataclass(frozen=True, slots=True)
class Node:
    """One node of a loaded tree; payoffs are stored as full vectors, one entry a player."""

    id: str
    to_move: int | None
    actions: tuple[str, ...]
    children: tuple[str, ...]
    utility: Payoff | None
    eval: Payoff | None
    noisy: frozenset[str]
    chance: bool
    probabilities: tuple[float, ...] | None
    label: str | None = None
    outcome: str | None = None  # a CS188 terminal: "win" or "lose"

    @property
    def terminal(self) -> bool:
        return self.utility is not None


@dataclass(frozen=True)
class Tree:
    """A validated, consistent game tree."""

    name: str
    players: int
    root: str
    nodes: Mapping[str, Node]
    source: str = "<tree>"
    description: str | None = None
    agents: int | None = None  # a CS188 tree's number of agents (grader.trees.agents)
    # node id -> {action: child id}, for the nodes that have moves: one small dict a node
    # is cheaper to build, to hold and to look up in than one dict keyed by every pair
    moves: dict[str, dict[str, str]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        for node in self.nodes.values():
            if node.actions:
                self.moves[node.id] = dict(zip(node.actions, node.children, strict=True))

    def child(self, node_id: str, action: str) -> str | None:
        """The child reached from ``node_id`` by ``action``, or None if it is not legal."""
        moves = self.moves.get(node_id)
        try:
            return None if moves is None else moves.get(action)
        except TypeError:  # an unhashable action
            return None

    def mover(self, node_id: str) -> int | None:
        """Who moves at ``node_id``: its ``to_move``; at a terminal, the player whose turn
        it would be (the one after the mover of the first decision node above it, in
        the order a search from the root first reaches it); None at a chance node."""
        node = self.nodes[node_id]
        if node.to_move is not None or not node.terminal:
            return node.to_move
        return self._next_movers.get(node_id, 0)

    @cached_property
    def public(self) -> dict[str, tuple[int | None, bool, bool, bool, str | None]]:
        """What a sandbox may know of each node without a visit, as the harness protocol
        sends it (``sandboxes.link``): its mover (:meth:`mover`), whether it is terminal,
        a chance node, quiet, and a CS188 terminal's outcome. Worked out once a tree."""
        mover = self.mover
        return {nid: (mover(nid), n.utility is not None, n.chance, not n.noisy, n.outcome)
                for nid, n in self.nodes.items()}

    @cached_property
    def _next_movers(self) -> dict[str, int]:
        """The player to move after each node's parent, for nodes without a mover of
        their own; a chance node passes on its own parent's (the game goes on in turn)."""
        found: dict[str, int] = {}
        queue, seen = [self.root], {self.root}
        for nid in queue:  # breadth first: each node is given by the first parent found
            node = self.nodes[nid]
            after = found.get(nid, 0) if node.to_move is None else (node.to_move + 1) % self.players
            for child in node.children:
                if child in seen:
                    continue
                seen.add(child)
                queue.append(child)
                if self.nodes[child].to_move is None:
                    found[child] = after
        return found

    def max_depth(self) -> int:
        """Plies on the longest path from the root to a terminal."""
        return self._heights[self.root]

    @cached_property
    def _heights(self) -> dict[str, int]:
        """Each node's plies to its deepest terminal."""
        heights: dict[str, int] = {}
        for nid in _bottom_up(self):
            kids = self.nodes[nid].children
            heights[nid] = 1 + max(heights[c] for c in kids) if kids else 0
        return heights

    @cached_property
    def unfolded_size(self) -> int:
        """The nodes of the tree unfolded, a shared node once on each path to it."""
        sizes: dict[str, int] = {}
        for nid in _bottom_up(self):
            sizes[nid] = 1 + sum(sizes[c] for c in self.nodes[nid].children)
        return sizes[self.root]

    def needs_eval(self, depth: int) -> list[str]:
        """Non-terminal nodes that a full search of ``depth`` plies cuts off without an eval."""
        missing: list[str] = []
        seen: set[tuple[str, int]] = set()
        stack = [(self.root, depth)]
        while stack:
            nid, left = stack.pop()
            if (nid, left) in seen:
                continue
            seen.add((nid, left))
            node = self.nodes[nid]
            if node.terminal:
                continue
            if left <= 0:
                if node.eval is None and nid not in missing:
                    missing.append(nid)
                continue
            stack.extend((c, left - 1) for c in node.children)
        return missing


def _bottom_up(tree: Tree) -> list[str]:
    """The nodes below the root and the root, each after all its children."""
    placed: dict[str, None] = {}  # in the order placed
    stack: list[tuple[str, bool]] = [(tree.root, False)]
    while stack:  # post-order without recursion: deep trees must not hit the stack limit
        nid, children_done = stack.pop()
        kids = tree.nodes[nid].children
        if nid not in placed and (children_done or not kids):
            placed[nid] = None
        elif nid not in placed:
            stack.append((nid, True))
            stack.extend((c, False) for c in kids if c not in placed)
    return list(placed)


def load_tree(path: str | Path, *, depth: int | None = None) -> Tree:
    """Read, validate and check a ``*.tree.json`` file.

    With ``depth``, also refuse a tree whose nodes at the cut-off lack an ``eval``.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputFileError(path, "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(path, "", f"cannot be read ({exc})") from None
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise InputFileError(
            path, f"line {exc.lineno} column {exc.colno}", f"not valid JSON: {exc.msg}"
        ) from None
    except ValueError as exc:
        raise InputFileError(path, "", str(exc)) from None
    except RecursionError:
        raise InputFileError(path, "", _TOO_DEEP) from None
    return parse_tree(data, source=str(path), depth=depth, default_name=_stem(path))


def _stem(path: Path) -> str:
    name = path.name
    return next((name[: -len(s)] for s in (".tree.json", ".json") if name.endswith(s)), name)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a tree may hold; use a finite number")


def parse_tree(
    data: Any, *, source: str = "<tree>", depth: int | None = None, default_name: str = "tree"
) -> Tree:
    """Validate decoded JSON as a ``game-tree/1`` tree and build it."""
    if not isinstance(data, dict):
        raise InputFileError(source, "(top level)", "a tree file holds a JSON object")
    form = "NestedTree" if "nested" in data else "FullTree"
    try:  # the models are the schema's source: a tree they accept, the schema accepts
        if form == "NestedTree":
            spec = NestedTree.model_validate(data)
            full = nested_to_full(spec)
        else:
            full = FullTree.model_validate(data)
    except ValidationError as exc:
        _schema_check(data, form, source)  # the schema's message says more, when it has one
        err = exc.errors()[0]
        place = ".".join(str(p) for p in err["loc"])
        raise InputFileError(source, place, err["msg"]) from None
    except RecursionError:  # lists in lists, past what the models read
        raise InputFileError(source, "", _TOO_DEEP) from None
    tree = _build(full, source, default_name)
    if depth is not None:
        missing = tree.needs_eval(depth)
        if missing:
            raise InputFileError(
                source,
                f"nodes.{missing[0]}",
                f"a search of depth {depth} stops here but the node has no 'eval'; "
                f"add an 'eval' (missing on {len(missing)} node(s): {', '.join(missing[:5])})",
            )
    return tree


@cache
def _validator(form: str) -> jsonschema.Draft202012Validator:
    import jsonschema  # only needed to explain a refusal

    schema = tree_schema()
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{form}", "$defs": schema["$defs"]})


def _schema_check(data: dict[str, Any], form: str, source: str) -> None:
    import jsonschema

    errors = sorted(_validator(form).iter_errors(data), key=lambda e: list(e.absolute_path))
    if not errors:
        return
    error = jsonschema.exceptions.best_match(errors)
    place = ".".join(str(p) for p in error.absolute_path) or "(top level)"
    raise InputFileError(source, place, _schema_reason(error))


def _schema_reason(error: jsonschema.ValidationError) -> str:
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        return f"{error.message}; allowed keys: {', '.join(allowed)}"
    if error.validator == "required":
        return f"{error.message}"
    if error.validator == "anyOf":
        expected = _describe_anyof(schema.get("anyOf", []))
        return f"{error.instance!r} is not {expected}"
    if error.validator == "const" or error.validator == "enum":
        return f"{error.message}"
    return str(error.message)


def _describe_anyof(options: Sequence[Mapping[str, Any]]) -> str:
    kinds = []
    for option in options:
        kind = option.get("type")
        if kind == "array":
            kinds.append("a list")
        elif kind in ("integer", "number"):
            if "a number" not in kinds:
                kinds.append("a number")
        elif kind == "object":
            kinds.append("an object")
        elif kind == "string":
            kinds.append("a string")
        elif kind == "boolean":
            kinds.append("true or false")
    kinds = [k for k in kinds if k]
    return " or ".join(kinds) if kinds else "of an allowed kind"


def _payoff(raw: Any, players: int, source: str, place: str) -> Payoff | None:
    if raw is None:
        return None
    if isinstance(raw, list):
        if len(raw) != players:
            raise InputFileError(
                source, place, f"has {len(raw)} entries but the tree has {players} players"
            )
        values = tuple(raw)
    elif players == 2:
        values = (raw, -raw)  # a single number is player 0's payoff in a zero-sum game
    elif players == 1:
        values = (raw,)
    else:
        raise InputFileError(
            source, place, f"a single number is ambiguous with {players} players; give a list"
        )
    for v in values:
        if isinstance(v, float) and not math.isfinite(v):
            raise InputFileError(source, place, "payoffs must be finite numbers")
    return values


def _build(spec: FullTree, source: str, default_name: str) -> Tree:
    players = spec.players
    if spec.root not in spec.nodes:
        raise InputFileError(source, "root", f"{spec.root!r} is not a node; name one of 'nodes'")
    nodes = {nid: _build_node(nid, n, players, spec.nodes, source) for nid, n in spec.nodes.items()}
    deepest, unfolded = _check_acyclic(spec.root, nodes, source)
    if deepest > MAX_PLIES:
        raise InputFileError(
            source, "root", f"the tree is {deepest} plies deep; the grader takes trees up to "
            f"{MAX_PLIES} plies deep (its searches go down a ply a call)"
        )
    if unfolded > MAX_UNFOLDED:
        raise InputFileError(
            source, "root", f"the tree unfolds to {unfolded:.3g} nodes (a shared node once on "
            f"each path to it), more than the {MAX_UNFOLDED:,} a search of it may visit"
        )
    reached = _reachable(spec.root, nodes)
    for nid in nodes:
        if nid not in reached:
            raise InputFileError(
                source, f"nodes.{nid}", f"not reachable from the root {spec.root!r}; remove it"
            )
    if spec.agents is not None:
        check_agents(spec.root, nodes, spec.agents, players, source)
    return Tree(
        name=spec.name or default_name,
        players=players,
        root=spec.root,
        nodes=nodes,
        source=source,
        description=spec.description,
        agents=spec.agents,
    )


def _build_node(
    nid: str, n: NodeSpec, players: int, all_nodes: Mapping[str, NodeSpec], source: str
) -> Node:
    place = f"nodes.{nid}"
    children = n.children or {}
    _check_shape(nid, n, children, all_nodes, source)
    probabilities = _probabilities(n, children, source, place)
    if children and not n.chance:
        if n.to_move is None:
            raise InputFileError(source, place, "a decision node needs 'to_move'")
        if n.to_move >= players:
            raise InputFileError(
                source,
                f"{place}.to_move",
                f"player {n.to_move} does not exist; players are 0 to {players - 1}",
            )
    return Node(
        id=nid,
        to_move=n.to_move,
        actions=tuple(children),
        children=tuple(children.values()),
        utility=_payoff(n.utility, players, source, f"{place}.utility"),
        eval=_payoff(n.eval, players, source, f"{place}.eval"),
        noisy=frozenset(n.noisy or ()),
        chance=n.chance,
        probabilities=probabilities,
        label=n.label,
        outcome=n.outcome,
    )


def _check_shape(
    nid: str, n: NodeSpec, children: Mapping[str, str], all_nodes: Mapping[str, NodeSpec],
    source: str,
) -> None:
    """A node is a terminal (a utility, no eval) or has children that are nodes, and its
    noisy actions are among its own."""
    place = f"nodes.{nid}"
    if n.utility is not None and children:
        raise InputFileError(source, place, "has both 'utility' and 'children'; keep one")
    if n.utility is None and not children:
        raise InputFileError(
            source, place, "needs 'children' (a decision or chance node) or 'utility' (a terminal)"
        )
    for action, child in children.items():
        if len(action) > MAX_ACTION:
            raise InputFileError(source, f"{place}.children", f"an action of {len(action)} "
                                 f"characters; an action has at most {MAX_ACTION}")
        if child not in all_nodes:
            raise InputFileError(source, f"{place}.children.{action}", f"{child!r} is not a node")
    for action in n.noisy or ():
        if action not in children:
            raise InputFileError(source, f"{place}.noisy", f"{action!r} is not an action of {nid}")
    if n.eval is not None and not children:
        raise InputFileError(source, f"{place}.eval", "a terminal has 'utility', not 'eval'")
    if n.outcome is not None and children:
        raise InputFileError(source, f"{place}.outcome", "only a terminal is won or lost")


def _probabilities(
    n: NodeSpec, children: Mapping[str, str], source: str, place: str
) -> tuple[float, ...] | None:
    if not n.chance:
        if n.probabilities is not None:
            raise InputFileError(
                source, f"{place}.probabilities", "only a chance node has probabilities"
            )
        return None
    if not children:
        raise InputFileError(source, place, "a chance node needs 'children'")
    probs = n.probabilities
    if probs is None:
        raise InputFileError(source, place, "a chance node needs 'probabilities'")
    if set(probs) != set(children):
        missing = sorted(set(children) - set(probs))
        extra = sorted(set(probs) - set(children))
        reason = f"missing {missing}" if missing else f"not actions: {extra}"
        raise InputFileError(
            source, f"{place}.probabilities", f"must give one per action ({reason})"
        )
    for action, p in probs.items():
        if not 0 <= p <= 1:
            raise InputFileError(
                source, f"{place}.probabilities.{action}", f"{p} is not between 0 and 1"
            )
    total = sum(probs.values())
    if abs(total - 1) > 1e-9:
        raise InputFileError(source, f"{place}.probabilities", f"sum to {total:g}, not 1")
    return tuple(float(probs[a]) for a in children)


def _check_acyclic(root: str, nodes: Mapping[str, Node], source: str) -> tuple[int, int]:
    """Refuse a cycle; return the plies of the longest path from the root, and the nodes
    of the tree unfolded (a shared node counted once on each path to it)."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    heights: dict[str, int] = {}  # of the nodes done
    sizes: dict[str, int] = {}  # of the nodes done, unfolded
    stack: list[tuple[str, int]] = [(root, 0)]
    path: list[str] = []
    while stack:
        nid, i = stack.pop()
        if i == 0:
            state[nid] = 1
            path.append(nid)
        kids = nodes[nid].children
        if i < len(kids):
            stack.append((nid, i + 1))
            child = kids[i]
            if state.get(child) == 1:
                cycle = " -> ".join([*path[path.index(child) :], child])
                action = nodes[nid].actions[i]
                raise InputFileError(
                    source,
                    f"nodes.{nid}.children.{action}",
                    f"makes a cycle ({cycle}); a game tree may share nodes but not loop",
                )
            if child not in state:
                stack.append((child, 0))
        else:
            state[nid] = 2
            heights[nid] = 1 + max((heights[c] for c in kids), default=-1)
            sizes[nid] = 1 + sum(sizes[c] for c in kids)
            path.pop()
    return heights[root], sizes[root]


def _reachable(root: str, nodes: Mapping[str, Node]) -> set[str]:
    seen = {root}
    stack = [root]
    while stack:
        for child in nodes[stack.pop()].children:
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen
