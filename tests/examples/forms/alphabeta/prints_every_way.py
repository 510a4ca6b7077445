"""Fail-hard alpha-beta that prints its progress every way a student's debugging does:
``print``, to ``sys.stderr`` and ``sys.__stderr__``, bytes to ``sys.stdout.buffer``
after asking the stream its encoding, ``print(..., flush=True)``, and through
``TextIOWrapper``s over the buffer, one its own and one made ``sys.stdout`` at import
(where the stream is also made UTF-8 and ``faulthandler`` is turned on). Its search is
the example's; the prints change nothing.
"""

import faulthandler
import io
import math
import sys

sys.stdout.reconfigure(encoding="utf-8")
faulthandler.enable()
OUT = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8")
sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8")


def alphabeta(game, state, depth):
    strict = getattr(game, "prune_on_equality", True) is False
    print("searching", state, "to depth", depth, flush=True)
    sys.stdout.buffer.write(f"encoding {sys.stdout.encoding}\n".encode(sys.stdout.encoding))
    sys.stdout.buffer.flush()
    print("stderr works too", file=sys.stderr)
    print("and the original stderr", file=sys.__stderr__)
    sys.__stdout__.write("and the original stdout\n")
    print("and a wrapper of its own", file=OUT, flush=True)
    return _value(game, state, depth, -math.inf, math.inf, strict)


def _value(game, state, depth, alpha, beta, strict):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth == 0:
        return game.evaluate(state, 0), None
    maximizing = game.to_move(state) == 0
    best, best_action = (-math.inf if maximizing else math.inf), None
    for action in game.actions(state):
        value, _ = _value(game, game.result(state, action), depth - 1, alpha, beta, strict)
        better = value > best if maximizing else value < best
        if better or best_action is None:
            best, best_action = value, action
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha > beta or (alpha == beta and not strict):
            break
    return min(max(best, alpha), beta), best_action
