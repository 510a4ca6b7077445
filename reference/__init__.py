"""Reference implementations of adversarial searches, written against the student API only.

Each module holds one algorithm. Every public search takes ``(game, state, depth)`` and
keyword-only conventions, and returns ``(value, action)`` as a student's entry point does.
Run on a :class:`grader.trees.game.TreeGame`, the game's trace is the expected record.
"""

from __future__ import annotations
