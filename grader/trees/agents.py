"""CS188's agents on a game tree: who moves at each node of a tree that declares ``agents``.

Berkeley CS188's multi-agent games have ``n`` agents: Pacman (agent 0) maximises, then
ghost 1, ghost 2, ... each move in turn, and a round is one move of every agent. A tree
imported from CS188 keeps them with its top-level ``agents``: the agent to move ``k``
moves below the root is ``k mod agents``. The tree is still a two-player tree (Pacman is
player 0; every ghost is player 1, or a chance node for expectimax), so every search of
the grader reads it unchanged; :func:`check_agents` refuses a tree whose players do not
follow its agents, naming the node.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING

from grader.errors import InputFileError

if TYPE_CHECKING:
    from grader.trees.tree import Node


def agents_of(root: str, nodes: Mapping[str, Node], agents: int) -> dict[str, int]:
    """The agent to move at each node, by its number of moves below the root (mod
    ``agents``); a node reached with two different agents to move is missing."""
    agent_of = {root: 0}
    clash: set[str] = set()
    queue = deque([root])
    while queue:
        nid = queue.popleft()
        nxt = (agent_of[nid] + 1) % agents
        for child in nodes[nid].children:
            if child not in agent_of:
                agent_of[child] = nxt
                queue.append(child)
            elif agent_of[child] != nxt:
                clash.add(child)
    return {nid: agent for nid, agent in agent_of.items() if nid not in clash}


def check_agents(
    root: str, nodes: Mapping[str, Node], agents: int, players: int, source: str
) -> None:
    """Refuse a CS188 tree whose players do not follow its ``agents``: two players,
    Pacman (player 0) at every node of agent 0, a ghost (player 1 or chance) elsewhere."""
    if players != 2:
        raise InputFileError(
            source, "agents", f"a tree with agents has 2 players (Pacman and the ghosts), "
            f"not {players}"
        )
    agent_of = agents_of(root, nodes, agents)
    for nid, node in nodes.items():
        place = f"nodes.{nid}"
        if nid not in agent_of:
            raise InputFileError(
                source, place, f"reached by paths with different agents to move; every "
                f"path to a node must take the same number of moves, modulo {agents}"
            )
        if node.terminal:
            continue
        pacman = agent_of[nid] == 0
        if pacman and (node.chance or node.to_move != 0):
            raise InputFileError(
                source, place, "agent 0 (Pacman) moves here: make it a decision node of "
                "player 0"
            )
        if not pacman and node.to_move == 0:
            raise InputFileError(
                source, place, f"ghost {agent_of[nid]} moves here: give it to_move 1 "
                "(or make it a chance node)"
            )
