"""The ``game-tree/1`` file format: pydantic models, the one source of its JSON Schema.

Two forms share the format tag: the full form (``players``, ``root``, ``nodes``) and the
compact ``nested`` form (MAX at the root, players alternating, leaves are utilities),
which :func:`nested_to_full` expands.
``grader schema tree`` prints :func:`tree_schema`; the copy shipped in
``grader/schemas/game-tree.schema.json`` is checked against it by a test.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypeAliasType

Number = int | float
Payoff = int | float | list[int | float]
NestedValue = TypeAliasType("NestedValue", int | float | list["NestedValue"])  # type: ignore[misc]

FORMAT = "game-tree/1"


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")


class NodeSpec(_Strict):
    """One node of the full form: a decision node, a chance node, or a terminal."""

    to_move: int | None = Field(
        default=None, ge=0, description="Index of the player to move (0 = MAX); decision nodes"
    )
    children: dict[str, str] | None = Field(
        default=None,
        description="Ordered map action -> child node id; ids may repeat (transpositions)",
    )
    utility: Payoff | None = Field(
        default=None,
        description="Payoff of a terminal node: a number (for player 0 of two) or one per player",
    )
    eval: Payoff | None = Field(
        default=None,
        description="Heuristic value of a non-terminal node, used when the search is cut off",
    )
    noisy: list[str] | None = Field(
        default=None, description="Capture-like actions of this node, searched by quiescence"
    )
    chance: bool = Field(default=False, description="True for a chance node (expectimax)")
    probabilities: dict[str, Number] | None = Field(
        default=None, description="Chance node only: action -> probability, summing to 1"
    )
    label: str | None = Field(default=None, description="Free text shown in drawings")
    outcome: Literal["win", "lose"] | None = Field(
        default=None,
        description="CS188 trees: a terminal that Pacman wins or loses (isWin, isLose)",
    )


class FullTree(_Strict):
    """The full form of a game tree."""

    format: Literal["game-tree/1"] = Field(description="Format tag, always 'game-tree/1'")
    name: str | None = Field(default=None, description="Name of the tree, shown in reports")
    description: str | None = Field(default=None, description="What the tree is for")
    players: int = Field(default=2, ge=1, le=16, description="Number of players")
    agents: int | None = Field(
        default=None, ge=1, le=16,
        description="CS188 trees: the number of agents (Pacman, then each ghost); agent "
        "k mod agents moves k moves below the root, so Pacman (agent 0, player 0) moves at "
        "the root and every ghost is player 1 (or a chance node)",
    )
    root: str = Field(description="Id of the root node")
    nodes: dict[str, NodeSpec] = Field(description="Map node id -> node")


class NestedTree(_Strict):
    """The compact form: nested lists, MAX at the root, players alternating."""

    format: Literal["game-tree/1"] = Field(description="Format tag, always 'game-tree/1'")
    name: str | None = Field(default=None, description="Name of the tree, shown in reports")
    description: str | None = Field(default=None, description="What the tree is for")
    players: int = Field(
        default=2, ge=2, le=2, description="Always 2: use the full form for more players"
    )
    nested: list[NestedValue] = Field(
        description="Children of the root; a list is a decision node, a number a terminal"
    )


def tree_schema() -> dict[str, Any]:
    """The JSON Schema of ``game-tree/1`` files, built from the models above."""
    full = FullTree.model_json_schema()
    nested = NestedTree.model_json_schema()
    defs = {**full.pop("$defs", {}), **nested.pop("$defs", {})}
    defs["FullTree"] = full
    defs["NestedTree"] = nested
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "game-tree-1.schema.json",
        "title": "game-tree/1",
        "description": "A fixed game tree for grading adversarial-search agents.",
        "oneOf": [{"$ref": "#/$defs/FullTree"}, {"$ref": "#/$defs/NestedTree"}],
        "$defs": defs,
    }


def nested_to_full(spec: NestedTree) -> FullTree:
    """Expand the compact form: ids ``A``, ``B``, ... for decision nodes in breadth-first
    order, ``<parent><i>`` for terminals (AIMA's ``B1``); actions ``<parent id lower><i>``."""
    nodes: dict[str, NodeSpec] = {}
    names = _letters()
    root = next(names)
    queue: list[tuple[str, list[Any], int]] = [(root, list(spec.nested), 0)]
    while queue:
        nid, kids, mover = queue.pop(0)
        children: dict[str, str] = {}
        for i, kid in enumerate(kids, start=1):
            action = f"{nid.lower()}{i}"
            if isinstance(kid, list):
                cid = next(names)
                queue.append((cid, kid, (mover + 1) % spec.players))
            else:
                cid = f"{nid}{i}"
                nodes[cid] = NodeSpec(utility=kid)
            children[action] = cid
        nodes[nid] = NodeSpec(to_move=mover, children=children)
    ordered = dict(sorted(nodes.items(), key=lambda kv: _order_key(kv[0])))
    return FullTree(
        format="game-tree/1",
        name=spec.name,
        description=spec.description,
        players=spec.players,
        root=root,
        nodes=ordered,
    )


def _order_key(nid: str) -> tuple[int, str]:
    letters = nid.rstrip("0123456789")
    return (len(letters), nid)


def _letters() -> Any:
    n = 0
    while True:
        n += 1
        k, s = n, ""
        while k:
            k, r = divmod(k - 1, 26)
            s = chr(65 + r) + s
        yield s

