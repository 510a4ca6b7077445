"""The reference's search stack, rebuilt from its visits: which node is searching which
child, at which depth, when the student's search leaves it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from grader.trees.trace import EXPAND_OPS
from grader.trees.tree import Tree

Visit = tuple[str, str]


@dataclass
class Frame:
    """One node being searched: its children, those done, the one searched now."""

    node: str
    depth: int
    kids: tuple[str, ...]
    done: list[int] = field(default_factory=list)
    current: int | None = None
    cursor: int = 0


class Walk:
    """The reference's search stack, rebuilt from its visits (depth-first order)."""

    def __init__(self, tree: Tree, *, chance_is_ply: bool = True) -> None:
        self.tree = tree
        self.chance_is_ply = chance_is_ply  # else a chance node's children are at its depth
        self.stack: list[Frame] = []
        self.started = False
        self.last: Visit | None = None
        self.last_depth = 0
        self.depths: dict[str, int] = {}  # node -> its depth when last visited

    def locate(self, node: str) -> tuple[int, int] | None:
        """(frame index, child index) of the open frame that would search ``node`` next."""
        for k in range(len(self.stack) - 1, -1, -1):
            frame = self.stack[k]
            for j in range(frame.cursor, len(frame.kids)):
                if frame.kids[j] == node:
                    return k, j
        return None

    def depth_of(self, node: str) -> int | None:
        if not self.started:
            return 0
        if self.last is not None and self.last[1] == node:
            return self.last_depth
        place = self.locate(node)
        return None if place is None else self._below(self.stack[place[0]])

    def _below(self, frame: Frame) -> int:
        """The depth of ``frame``'s children."""
        free = not self.chance_is_ply and self.tree.nodes[frame.node].chance
        return frame.depth + (0 if free else 1)

    def step(self, op: str, node: str) -> bool:
        """Advance over one visit; False when the visit does not fit a depth-first search."""
        if not self.started:
            self.started = True
            self._visit(op, node, 0)
            return True
        if self.last == ("evaluate", node) and op in EXPAND_OPS:  # stand-pat, then noisy moves
            self._visit(op, node, self.last_depth)
            return True
        place = self.locate(node)
        if place is None:
            return False
        k, j = place
        while len(self.stack) > k + 1:
            self._pop()
        frame = self.stack[k]
        frame.cursor = j + 1
        if op in EXPAND_OPS:
            frame.current = j
        else:
            frame.done.append(j)
        self._visit(op, node, self._below(frame))
        return True

    def _visit(self, op: str, node: str, depth: int) -> None:
        self.last, self.last_depth = (op, node), depth
        self.depths[node] = depth
        if op in EXPAND_OPS:
            self.stack.append(Frame(node, depth, self._kids(op, node)))

    def _kids(self, op: str, node: str) -> tuple[str, ...]:
        n = self.tree.nodes[node]
        if op == "noisy_actions":
            return tuple(c for a, c in zip(n.actions, n.children, strict=True) if a in n.noisy)
        return n.children

    def _pop(self) -> None:
        self.stack.pop()
        parent = self.stack[-1]
        if parent.current is not None:
            parent.done.append(parent.current)
            parent.current = None


def common_prefix(a: Sequence[Visit], b: Sequence[Visit]) -> int:
    """How many visits ``a`` and ``b`` share from the start."""
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n
