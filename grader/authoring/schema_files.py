"""The JSON Schemas that ``grader schema`` prints and ``grader/schemas/`` holds a copy of.

Declarative, so that the command's help lists the kinds without importing a model: each
kind names its committed file and the ``"package.module:function"`` that makes it from
the pydantic models (loaded by :func:`grader.authoring.build.schema_text`).
"""

from __future__ import annotations

SCHEMAS: dict[str, tuple[str, str]] = {
    "tree": ("game-tree.schema.json", "grader.trees.treefile:tree_schema"),
    "assignment": ("assignment.schema.json", "grader.authoring.assignment:assignment_schema"),
    "report": ("report.schema.json", "grader.grading.report:report_schema"),
}
"""``grader schema KIND``: the committed file name and the model function of each kind."""
