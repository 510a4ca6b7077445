"""Assignments as an instructor writes them: ``assignment.yaml`` and its model
(:mod:`~grader.authoring.assignment`), goldens computed by the reference searches
(:mod:`~grader.authoring.build`) and stored beside the trees (:mod:`~grader.authoring.golden`).
"""
