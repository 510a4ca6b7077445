"""MCTS whose UCB1 leaves out the logarithm (a typical mistake).
"""

import math


class Node:
    def __init__(self, actions):
        self.untried = list(actions)  # expanded in action order
        self.children = {}  # action -> Node, in the order they were added
        self.visits = 0
        self.wins = 0  # payoffs for the player who moved into this node


def mcts(game, state, depth):
    c = getattr(game, "exploration", math.sqrt(2))
    root = Node(game.actions(state))
    for _ in range(depth):
        node, s, path = root, state, [(root, None)]
        # selection: every child expanded, not terminal
        while not node.untried and node.children:
            mover = game.to_move(s)
            action = best_child(node, c)
            node = node.children[action]
            s = game.result(s, action)  # the path again, from the root
            path.append((node, mover))
        # expansion: one child, the first untried action
        if node.untried:
            mover = game.to_move(s)
            action = node.untried.pop(0)
            s = game.result(s, action)
            child = Node([] if game.is_terminal(s) else game.actions(s))
            node.children[action] = child
            path.append((child, mover))
        # playout
        while not game.is_terminal(s):
            s = game.result(s, game.random_choice(game.actions(s)))
        payoff = game.utility(s, 0)
        # back-propagation
        for n, mover in path:
            n.visits += 1
            if mover is not None:
                n.wins += payoff if mover == 0 else -payoff
    counts = [root.children[a].visits if a in root.children else 0
              for a in game.actions(state)]
    best = None
    for a, child in root.children.items():
        if best is None or child.visits > root.children[best].visits:
            best = a
    return counts, best


def best_child(node, c):
    best, best_ucb = None, None
    for action, child in node.children.items():
        ucb = child.wins / child.visits + c * math.sqrt(node.visits / child.visits)
        if best_ucb is None or ucb > best_ucb:
            best, best_ucb = action, ucb
    return best
