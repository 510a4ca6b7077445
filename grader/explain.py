"""Feedback that names the first divergence of a student's search from the reference's.

The trusted record of a search is its ordered visits: expansions (``actions``,
``noisy_actions``, ``chance_outcomes``) and evaluations (``utility``, ``evaluate``).
:func:`explain` walks the reference's visits up to the first one the student did
differently, rebuilding the search stack (which node is searching which child, at which
depth), and says in one line what went wrong there: a child searched that alpha-beta
prunes, a child skipped that it still had to search, a cut-off one ply too early or
late, children out of order, a missing stand-pat. For alpha-beta, the window at that
point comes from re-running the reference search on the children already searched.
Value, action, prune and generated counts follow, expected against got.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from grader.game import TreeGame
from grader.record import SearchRecord
from grader.trace import EVALUATE_OPS, EXPAND_OPS
from grader.tree import Tree

Visit = tuple[str, str]
_VERBS = {
    "actions": "expanded",
    "noisy_actions": "expanded (noisy moves)",
    "chance_outcomes": "expanded",
    "utility": "evaluated",
    "evaluate": "evaluated",
}
_INF = math.inf
MAX_SHOWN = 12  # entries of a vector a message shows
_QUIESCENCE_SAME_NODE = {  # (the student's call, the reference's) at one node, past the horizon
    ("noisy_actions", "evaluate"): "at {node} (the horizon, not quiet) you skipped the "
    "stand-pat: evaluate {node} first, then search only its noisy moves",
    ("evaluate", "noisy_actions"): "you stopped at {leaf}, but {node} is not quiet: "
    "search its noisy moves",
    ("actions", "noisy_actions"): "at {node}, past the horizon, you searched every move: "
    "search only noisy_actions()",
}


@dataclass(frozen=True)
class Conventions:
    """What the explanation needs to know of the graded search."""

    algorithm: str
    depth: int  # plies
    prune_on_equality: bool = True
    fail_soft: bool = False


@dataclass
class _Frame:
    node: str
    depth: int
    kids: tuple[str, ...]
    done: list[int] = field(default_factory=list)
    current: int | None = None
    cursor: int = 0


class _Walk:
    """The reference's search stack, rebuilt from its visits (depth-first order)."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.stack: list[_Frame] = []
        self.started = False
        self.last: Visit | None = None
        self.last_depth = 0

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
        return None if place is None else self.stack[place[0]].depth + 1

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
        self._visit(op, node, frame.depth + 1)
        return True

    def _visit(self, op: str, node: str, depth: int) -> None:
        self.last, self.last_depth = (op, node), depth
        if op in EXPAND_OPS:
            self.stack.append(_Frame(node, depth, self._kids(op, node)))

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


class _Explainer:
    def __init__(self, tree: Tree, conv: Conventions) -> None:
        self.tree = tree
        self.conv = conv

    # --- words -------------------------------------------------------------------------
    def who(self, node: str) -> str:
        mover = self.tree.nodes[node].to_move
        if mover is None:
            return node
        if self.tree.players == 2:
            return f"{node} ({'MAX' if mover == 0 else 'MIN'})"
        return f"{node} (player {mover})"

    def payoff(self, node: str) -> str | None:
        n = self.tree.nodes[node]
        values = n.utility if n.utility is not None else n.eval
        if values is None:
            return None
        return fmt(values[0] if self.tree.players == 2 else list(values))

    def leaf(self, node: str) -> str:
        value = self.payoff(node)
        return node if value is None else f"{node} = {value}"

    # --- alpha-beta window ---------------------------------------------------------------
    def windowed(self) -> bool:
        """Whether to explain by alpha-beta's window, which the reference search computes
        (a student's grader has no reference code, and explains by the visits alone)."""
        return (
            self.conv.algorithm == "alphabeta" and self.tree.players == 2
            and importlib.util.find_spec("reference") is not None
        )

    def child_value(self, node: str, left: int, alpha: float, beta: float) -> Any:
        from reference.alphabeta import alphabeta

        value, _ = alphabeta(
            TreeGame(self.tree),
            node,
            max(left, 0),
            prune_on_equality=self.conv.prune_on_equality,
            fail_soft=self.conv.fail_soft,
            alpha=alpha,
            beta=beta,
        )
        return value

    def window(self, stack: Sequence[_Frame], k: int) -> tuple[Any, Any, Any]:
        """(alpha, beta, best so far) at frame ``k``, as the reference had them."""
        alpha: Any = -_INF
        beta: Any = _INF
        best: Any = None
        for i, frame in enumerate(stack[: k + 1]):
            maximizing = self.tree.nodes[frame.node].to_move == 0
            best = None
            for j in frame.done:
                left = self.conv.depth - frame.depth - 1
                value = self.child_value(frame.kids[j], left, alpha, beta)
                if maximizing:
                    best = value if best is None else max(best, value)
                    if i < k:
                        alpha = max(alpha, best)
                else:
                    best = value if best is None else min(best, value)
                    if i < k:
                        beta = min(beta, best)
        return alpha, beta, best

    def cuts(self, node: str, best: Any, alpha: Any, beta: Any) -> tuple[bool, str]:
        """Whether alpha-beta cuts at ``node`` with ``best`` so far, and the comparison."""
        eq = self.conv.prune_on_equality
        if self.tree.nodes[node].to_move == 0:
            cut = best >= beta if eq else best > beta
            sign = (">=" if eq else ">") if cut else ("<" if eq else "<=")
            return cut, f"{fmt(best)} {sign} beta = {fmt(beta)}"
        cut = best <= alpha if eq else best < alpha
        sign = ("<=" if eq else "<") if cut else (">" if eq else ">=")
        return cut, f"{fmt(best)} {sign} alpha = {fmt(alpha)}"

    def last_done(self, frame: _Frame) -> str | None:
        """What the search last did at ``frame``: the child it is in, or its last child."""
        if frame.current is not None:
            return f"searching {frame.kids[frame.current]}"
        if not frame.done:
            return None
        kid = frame.kids[frame.done[-1]]
        if self.tree.nodes[kid].children:
            return f"searching {kid}"
        return self.leaf(kid)

    # --- the divergence ------------------------------------------------------------------
    def divergence(self, expected: Sequence[Visit], got: Sequence[Visit]) -> str:
        i = _common_prefix(expected, got)
        walk = _Walk(self.tree)
        if not all(walk.step(op, node) for op, node in expected[:i]):
            return self.generic(i, expected, got)
        e = expected[i] if i < len(expected) else None
        g = got[i] if i < len(got) else None
        if e is None:
            return self.went_on(walk, i, expected, got)
        if g is not None and e[1] == g[1]:
            return self.same_node(walk, e, g)
        return self.elsewhere(walk, e, g, got[i:]) or self.generic(i, expected, got)

    def went_on(
        self, walk: _Walk, i: int, expected: Sequence[Visit], got: Sequence[Visit]
    ) -> str:
        """The reference had stopped; the student searched on."""
        place = walk.locate(got[i][1]) if i < len(got) else None
        if place is None:
            return self.generic(i, expected, got)
        return self.searched_pruned(walk, place, got[i])

    def elsewhere(
        self, walk: _Walk, e: Visit, g: Visit | None, rest: Sequence[Visit]
    ) -> str | None:
        """The student visited another node than ``e`` (or stopped): left a node too
        early, searched out of order, or searched a child the reference prunes."""
        if walk.last is not None and walk.last[1] == e[1] and e[0] == "noisy_actions":
            # the reference went on at the node the student had just evaluated
            return _QUIESCENCE_SAME_NODE[("evaluate", e[0])].format(
                node=e[1], leaf=self.leaf(e[1])
            )
        if (g is not None and g[0] == "noisy_actions" and walk.last is not None
                and walk.last[1] == g[1] and walk.last[0] in EVALUATE_OPS):
            # the student went on at the node both had just evaluated; the reference stood pat
            return (
                f"at {self.leaf(g[1])} you searched its noisy moves, where the reference "
                "stands pat: past the quiescence limit (game.quiescence_depth), return "
                "the evaluation"
            )
        le = walk.locate(e[1])
        lg = walk.locate(g[1]) if g is not None else None
        if le is None:
            return None if g is None or lg is None else self.searched_pruned(walk, lg, g)
        if g is None or lg is None or lg[0] < le[0]:
            return self.left_early(walk, le, e, g)
        if lg[0] == le[0] and lg[1] > le[1]:
            if e in rest:
                return (
                    f"you searched {g[1]} before {e[1]}: children are "
                    "searched in the order actions() lists them"
                )
            return self.left_early(walk, le, e, g)
        return self.searched_pruned(walk, lg, g)

    def same_node(self, walk: _Walk, e: Visit, g: Visit) -> str:
        node = e[1]
        depth = walk.depth_of(node)
        limit = self.conv.depth
        at = f"depth {depth} of {limit}" if depth is not None else "this depth"
        terminal = self.tree.nodes[node].terminal
        quiescence = _QUIESCENCE_SAME_NODE.get((g[0], e[0]))
        if quiescence is not None:
            return quiescence.format(node=node, leaf=self.leaf(node))
        if g[0] in EVALUATE_OPS and e[0] in EXPAND_OPS:
            return (
                f"you evaluated {node} (depth cut-off) but {node} is at {at}: "
                "search one ply deeper"
            )
        if g[0] in EXPAND_OPS and e[0] in EVALUATE_OPS:
            if terminal:
                return f"you expanded {node}, but {node} is terminal: take its utility"
            return (
                f"you expanded {node}, but {node} is at {at}, the depth limit: evaluate it there"
            )
        return f"at {node} you called {g[0]}(), where the reference calls {e[0]}()"

    def left_early(
        self, walk: _Walk, place: tuple[int, int], e: Visit, g: Visit | None
    ) -> str:
        k, _ = place
        frame = walk.stack[k]
        after = self.last_done(frame)
        start = "you stopped" if g is None else f"you left {frame.node}"
        if g is not None and walk.locate(g[1]) == place:
            start = f"you skipped {e[1]}"
        head = f"{start} after {after}" if after and not start.startswith("you skipped") else start
        reason = ""
        if self.windowed():
            alpha, beta, best = self.window(walk.stack, k)
            if best is not None:
                _, comparison = self.cuts(frame.node, best, alpha, beta)
                reason = f": {comparison}"
        elif self.conv.algorithm == "minimax":
            reason = ": minimax searches every child"
        return f"{head}, but {self.who(frame.node)} still had to look at {e[1]}{reason}"

    def searched_pruned(self, walk: _Walk, place: tuple[int, int], g: Visit) -> str:
        k, _ = place
        frame = walk.stack[k]
        after = self.last_done(frame)
        did = f"you {_verb(g)} {g[1]}"
        head = did
        if after:
            head = f"after {'evaluating ' if '=' in after else ''}{after} {did}"
        if self.windowed():
            alpha, beta, best = self.window(walk.stack, k)
            if best is not None:
                cut, comparison = self.cuts(frame.node, best, alpha, beta)
                if cut:
                    return (
                        f"{head}, but {comparison} at {self.who(frame.node)}, "
                        f"so {frame.node}'s remaining children are pruned"
                    )
        return (
            f"{head}, which the reference does not search: "
            f"it prunes {frame.node}'s remaining children"
        )

    def generic(self, i: int, expected: Sequence[Visit], got: Sequence[Visit]) -> str:
        want = expected[i] if i < len(expected) else None
        have = got[i] if i < len(got) else None
        if want is None and have is not None:
            return f"visit {i + 1}: you {_verb(have)} {have[1]}; the reference had stopped"
        if have is None and want is not None:
            return f"visit {i + 1}: you stopped; the reference {_verb(want)} {want[1]}"
        assert want is not None and have is not None
        return (
            f"visit {i + 1}: the reference {_verb(want)} {want[1]}, "
            f"you {_verb(have)} {have[1]}"
        )


def explain(
    *,
    tree: Tree,
    conventions: Conventions,
    expected: SearchRecord,
    got: SearchRecord,
    failed: Sequence[str],
) -> list[str]:
    """Lines of feedback for the failed checks, the most telling first."""
    ex = _Explainer(tree, conventions)
    lines: list[str] = []
    traced = {"expanded", "evaluated", "prunes", "generated"}
    if traced & set(failed) and expected.visits != got.visits:
        lines.append(ex.divergence(expected.visits, got.visits))
    if "value" in failed:
        lines.append(f"root value: expected {fmt(expected.value)}, got {fmt(got.value)}")
    if "action" in failed:
        lines.append(_action_line(tree, expected, got))
    if "prunes" in failed:
        lines.append(_prunes_line(expected, got))
    if "generated" in failed:
        lines.append(
            f"children generated (result calls): expected {expected.generated}, "
            f"got {got.generated}"
        )
    if "expanded" in failed and not lines:
        lines.append(f"expanded: expected {expected.expanded}, got {got.expanded}")
    if "evaluated" in failed and not lines:
        lines.append(f"evaluated: expected {expected.evaluated}, got {got.evaluated}")
    return lines


def _prunes_line(expected: SearchRecord, got: SearchRecord) -> str:
    if got.prunes >= 0 and expected.prunes >= 0:
        return f"prunes: expected {expected.prunes}, got {got.prunes}"
    if expected.prunes < 0:  # the expected search itself goes past minimax's depth
        return (
            f"visits: expected {len(expected.visits)}, got {len(got.visits)} (the expected "
            "search goes on past the depth where plain minimax stops)"
        )
    return (
        f"prunes: expected {expected.prunes}, but your search made {-got.prunes} more "
        f"visit{'s' if got.prunes < -1 else ''} than plain minimax makes at this depth: it "
        "visited positions minimax never visits (below the depth limit) or searched some again"
    )


def _action_line(tree: Tree, expected: SearchRecord, got: SearchRecord) -> str:
    line = f"root action: expected {fmt(expected.action)}, got {fmt(got.action)}"
    root = tree.nodes[tree.root]
    acts = root.actions
    tie = got.value == expected.value and got.action in acts and expected.action in acts
    if tie and acts.index(got.action) > acts.index(expected.action):
        line += " (on a tie, keep the first best action in action order)"
    return line


def _common_prefix(a: Sequence[Visit], b: Sequence[Visit]) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def _verb(visit: Visit) -> str:
    return _VERBS.get(visit[0], visit[0])


def fmt(value: Any) -> str:
    """A value as a student reads it: 3, 2.5, -inf, (1, 2, 3), a1. Never raises."""
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return f"{float.__float__(value):g}"
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(fmt(v) for v in value[:MAX_SHOWN]) + (
            ", ...)" if len(value) > MAX_SHOWN else ")"
        )
    if value is None:
        return "nothing"
    if isinstance(value, int) and not isinstance(value, bool):
        return _integer(int.__int__(value))
    return short(value)


def _integer(n: int) -> str:
    if n.bit_length() <= 64:
        return str(n)
    digits = math.floor(n.bit_length() * math.log10(2))
    return f"{'-' if n < 0 else ''}an integer of about {digits} digits"


def short(x: Any, limit: int = 80) -> str:
    """``str(x)`` cut to ``limit`` characters; a placeholder when it cannot be shown."""
    try:
        text = x if isinstance(x, str) else str(x)
    except Exception:  # a hostile __str__, or an int too long to print
        text = f"<a {type(x).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
