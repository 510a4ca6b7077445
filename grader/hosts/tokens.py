"""The states of one run as the sandbox knows them: fresh opaque tokens, and the listings
(a state's actions with what is public of each child) sent ahead of the search.

:class:`Tokens` hands out a token for each node the run reveals, turns a token the
sandbox sends back into its node (refusing one it never handed out), and builds the
``INFO`` and listings of the protocol (:mod:`sandboxes.link`): never a payoff.
"""

from __future__ import annotations

import re
import reprlib
import secrets
from collections.abc import Iterable
from typing import Any

from grader.errors import GameError
from grader.trees.tree import Tree

TOKEN_BATCH = 64  # tokens drawn at once
# entries (an action and its child) of the listings sent ahead with a run's first message,
# and with the answer to an ``actions`` the sandbox had to ask: more saves round trips on
# the nodes a search goes on to list, less wastes less on the nodes it prunes
AHEAD_AT_START, AHEAD_PER_ANSWER = 1024, 256
TOKEN_PATTERN = "s[0-9a-f]{12}"  # a state token, as Tokens draws them: plain text in JSON
_TOKEN = re.compile(rf"\b{TOKEN_PATTERN}\b")


class Tokens:
    """Fresh opaque tokens for one run's states, both ways."""

    def __init__(self, tree: Tree, plies: int | None = None) -> None:
        self.tree = tree
        # the search's depth: a node deeper than this many plies is never listed ahead (a
        # search that lists the states at its depth still finds them listed; their
        # children's public facts come with them)
        self.plies = plies
        self._plies: dict[str, int] = {tree.root: 0}  # a listed node's ply, the first seen
        self.of: dict[str, str] = {}
        self.node: dict[str, str] = {}
        self._info: dict[str, list[Any]] = {}
        self._fresh: list[str] = []
        self._public = tree.public
        self._listed: set[str] = set()  # nodes whose listing the sandbox has

    def token(self, node_id: str) -> str:
        token = self.of.get(node_id)
        if token is None:
            if not self._fresh:  # random bytes drawn 64 tokens at a time: one system call
                pool = secrets.token_hex(6 * TOKEN_BATCH)
                self._fresh = ["s" + pool[i : i + 12] for i in range(0, len(pool), 12)]
            token = self._fresh.pop()
            self.of[node_id] = token
            self.node[token] = node_id
        return token

    def info(self, node_id: str) -> list[Any]:
        """``INFO`` of a node (see ``sandboxes.link``): its token and its public facts."""
        info = self._info.get(node_id)
        if info is None:
            info = self._info[node_id] = [self.token(node_id), *self._public[node_id]]
        return info

    def listing(self, node_id: str) -> list[list[Any]]:
        """The entries of a node's listing: ``[action, INFO of the child]`` for each of
        its actions, in order (its ``actions`` answer)."""
        self._listed.add(node_id)
        return self.entries(node_id, self.tree.moves.get(node_id, {}))

    def entries(self, node_id: str, actions: Iterable[str]) -> list[list[Any]]:
        """``[action, INFO of the child]`` for each of ``actions`` of a node."""
        children, info = self.tree.moves.get(node_id, {}), self.info
        return [[a, info(children[a])] for a in actions]

    def ahead(self, node_id: str, budget: int) -> list[list[Any]]:
        """Listings of the nodes below ``node_id``, breadth first, that the sandbox does
        not have yet, while ``budget`` entries last and down to the search's depth
        (:attr:`plies`; a node whose ply is not known here, to any depth): ``[[token,
        entries], ...]``. They are only what ``actions`` would answer (no visit is made
        or revealed)."""
        ahead: list[list[Any]] = []
        moves, listed, plies = self.tree.moves, self._listed, self._plies
        start = plies.get(node_id)
        last = None if start is None else self.plies  # the deepest ply listed
        queue = [(child, (start or 0) + 1) for child in moves.get(node_id, {}).values()]
        for child, ply in queue:
            if last is not None and ply > last:  # breadth first: the rest are deeper still
                break
            if child in listed:
                continue
            below = moves.get(child)
            budget -= 1 + (len(below) if below else 0)
            if budget < 0:
                break
            if start is not None:
                plies.setdefault(child, ply)
            ahead.append([self.token(child), self.listing(child)])
            if below:
                queue.extend((grandchild, ply + 1) for grandchild in below.values())
        return ahead

    def named(self, text: str) -> str:
        """``text`` with every token of this run replaced by its node's name."""
        return _TOKEN.sub(lambda m: self.node.get(m.group(0), m.group(0)), text)

    def in_names(self, final: dict[str, Any]) -> dict[str, Any]:
        """A run's last message with its texts in node names: the student reads a
        failure, a traceback and their own prints of states by the nodes' names."""
        texts = {k: self.named(v) for k in ("message", "detail", "output")
                 if isinstance(v := final.get(k), str)}
        return {**final, **texts}

    def resolve(self, token: Any) -> str:
        node_id = self.node.get(token) if isinstance(token, str) else None
        if node_id is None:
            raise GameError(f"{picture(token)} is not a state the game handed out in this run")
        return node_id


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60


def picture(x: Any) -> str:
    """A short picture of anything the sandbox sent: bounded in length and in nesting."""
    if isinstance(x, str):
        return repr(x[:60])
    try:
        return _REPR.repr(x)
    except (RecursionError, ValueError):  # a picture of it cannot be made
        return f"a {type(x).__name__}"
