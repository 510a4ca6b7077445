"""Course integrations: the student kit (:mod:`~grader.courses.kit`, with the students'
wheel of :mod:`~grader.courses.wheel`), Gradescope's autograder zip
(:mod:`~grader.courses.gradescope`), CI jobs (:mod:`~grader.courses.ci`) and CS188's test
files (:mod:`~grader.courses.cs188`).
"""
