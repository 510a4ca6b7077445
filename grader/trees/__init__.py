"""Game trees and the traced game: where grading starts.

A ``*.tree.json`` file is read and checked (:mod:`~grader.trees.treefile`,
:mod:`~grader.trees.tree`); :class:`~grader.trees.game.TreeGame` offers it through the
student API and records every call (:mod:`~grader.trees.trace`); a run's calls become the
:class:`~grader.trees.record.SearchRecord` compared between a submission and the reference.
:mod:`~grader.trees.positions` places visits on the unfolded tree, :mod:`~grader.trees.values`
reads a submission's numbers without trusting them, :mod:`~grader.trees.generate` makes
seeded random trees.
"""
