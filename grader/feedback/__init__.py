"""Feedback in the student's terms: where a search first left the reference's
(:mod:`~grader.feedback.explain`), which known mistake it makes (:mod:`~grader.feedback.diagnosis`,
from the runs of :mod:`~grader.feedback.catalogue`), and what a crash means
(:mod:`~grader.feedback.crashes`). Grading calls it only when a test fails.
"""
