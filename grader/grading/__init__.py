"""Grading: a submission taken in (:mod:`~grader.grading.intake`), run test by test in one
sandbox (:mod:`~grader.grading.check`) or a folder of them in parallel
(:mod:`~grader.grading.batch`), each run scored against its golden
(:mod:`~grader.grading.scoring`) into a :class:`~grader.grading.report.Report`. Text from a
submission is made safe for where it goes by :mod:`~grader.grading.sinks`.
"""
