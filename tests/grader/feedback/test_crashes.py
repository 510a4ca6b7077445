"""A crashed run in the student's terms, through the real local sandbox: one line naming
the node per test, a traceback once per submission under the submitted file's name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grader.feedback.crashes import ARGUMENTS_HINT, arguments_hint
from grader.grading.check import grade_submission
from grader.grading.report import TestResult, report_json
from grader.hosts.base import RunResult

EVALUATES_EARLY = '''\
def minimax(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, 0), None
    if depth <= 1:  # one ply early
        return game.evaluate(state, 0), None
    best, best_action = None, None
    for action in game.actions(state):
        value, _ = minimax(game, game.result(state, action), depth - 1)
        if best is None or (value > best if game.to_move(state) == 0 else value < best):
            best, best_action = value, action
    return best, best_action
'''
# fig 5.2 (depth 2): A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2; no evals
TESTS = ["aima-fig5.2", "first-best-tie", "negative-values"]


def test_evaluating_one_ply_early_is_one_line_per_test_and_one_traceback(tmp_path: Path) -> None:
    path = tmp_path / "my_search.py"
    path.write_text(EVALUATES_EARLY, encoding="utf-8")
    report = grade_submission(submission=path, assignment="minimax", tests=TESTS)
    first, *rest = report.tests
    assert [t.status for t in report.tests] == ["error"] * 3
    assert first.message == (
        "the game refused a call: evaluate(B): the tree gives B no eval (a tree gives evals only "
        "to the nodes its tests' searches evaluate)"
    )
    assert first.feedback[0] == (
        "you evaluated B (depth cut-off) but B is at depth 1 of 2, 1 ply above the depth limit: "
        "evaluate only there (or at a terminal)"
    )
    assert first.feedback[1].startswith(
        "Known mistake: you search one ply less deep than the depth you are given"
    )
    assert first.detail is not None and 'File "my_search.py", line 5' in first.detail
    assert "agent.py" not in report_json(report)
    for test in rest:  # the same crash: no second traceback
        assert test.detail is None
        assert test.feedback[-1] == "(traceback: as in aima-fig5.2)"
        assert "\n" not in (test.message or "")


def test_a_refusal_names_the_node_never_a_state_token(tmp_path: Path) -> None:
    path = tmp_path / "agent.py"
    path.write_text(
        "def minimax(game, state, depth):\n"
        "    b = game.result(state, game.actions(state)[0])\n"
        "    return game.utility(b), None\n",
        encoding="utf-8",
    )
    report = grade_submission(submission=path, assignment="minimax", tests=["aima-fig5.2"])
    (test,) = report.tests
    assert test.status == "error"
    assert test.message is not None and test.message.startswith(
        "the game refused a call: utility of B, which is not terminal"
    )
    assert re.search(r"\bs[0-9a-f]{12}\b", report_json(report)) is None


def test_a_lone_surrogate_in_a_crash_still_gives_a_report(tmp_path: Path) -> None:
    path = tmp_path / "agent.py"
    path.write_text(
        "def minimax(game, state, depth):\n"
        "    print('\\ud800')\n"
        "    raise ValueError('bad \\ud800 value')\n",
        encoding="utf-8",
    )
    report = grade_submission(submission=path, assignment="minimax", tests=TESTS)
    assert [t.status for t in report.tests] == ["error"] * 3
    assert report.grader_faults == []
    assert report.tests[0].detail is not None and report.tests[1].detail is None
    assert report_json(report)  # serialisable


def test_printed_states_read_as_node_names(tmp_path: Path) -> None:
    path = tmp_path / "agent.py"
    path.write_text(
        "def minimax(game, state, depth):\n"
        "    print('at', state, 'then', game.result(state, game.actions(state)[0]))\n"
        "    return 0, None\n",
        encoding="utf-8",
    )
    report = grade_submission(submission=path, assignment="minimax", tests=["aima-fig5.2"])
    assert report.tests[0].output == "at A then B\n"


def only_test(tmp_path: Path, files: dict[str, str]) -> TestResult:
    """The one test's result of a submission folder of these files."""
    folder = tmp_path / "submission"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    [test] = grade_submission(submission=folder, assignment="minimax", tests=TESTS[:1]).tests
    return test


def test_a_helper_named_as_a_standard_module_is_named_in_the_import_failure(
    tmp_path: Path,
) -> None:
    """The submission's token.py takes the place of Python's for the standard library's own
    imports too, as it does under ``python agent.py``: the failure says so."""
    test = only_test(tmp_path, {"token.py": "SIZE = 3\n",
                                "agent.py": "from dataclasses import dataclass\n"})
    assert test.status == "error"
    assert test.message is not None and test.message.startswith("importing agent.py failed")
    assert test.message.endswith(
        "(your token.py takes the place of the standard library's module of the same name, "
        "for its own imports too: rename it)"
    )


def test_a_syntax_error_in_a_helper_is_named_by_the_helper(tmp_path: Path) -> None:
    test = only_test(tmp_path, {"helper.py": "def f(:\n    pass\n", "agent.py": "import helper\n"})
    assert test.message == "helper.py does not compile: invalid syntax (line 1)"
    assert test.detail is not None and test.detail.startswith('  File "helper.py", line 1\n')
    assert "<frozen" not in test.detail


def test_an_import_failure_shows_the_student_s_frames_only(tmp_path: Path) -> None:
    path = tmp_path / "agent.py"
    path.write_text("import math\n\nmath.sqrt(-1)\n", encoding="utf-8")
    report = grade_submission(submission=path, assignment="minimax", tests=TESTS[:1])
    [test] = report.tests
    assert test.detail == (
        '  File "agent.py", line 3, in <module>\n    math.sqrt(-1)\nValueError: math domain error\n'
    )


def test_a_helper_named_as_a_standard_module_is_not_named_where_it_is_not_the_cause(
    tmp_path: Path,
) -> None:
    """A types.py nobody imported has nothing to do with a NameError: no hint."""
    test = only_test(tmp_path, {"types.py": "X = 1\n", "agent.py": "undefined_name\n"})
    assert test.message == (
        "importing agent.py failed: NameError: name 'undefined_name' is not defined"
    )


def test_a_helper_that_fails_to_compile_when_a_search_imports_it_is_named_by_its_name(
    tmp_path: Path,
) -> None:
    test = only_test(tmp_path, {
        "helper.py": "def f(:\n    pass\n",
        "agent.py": "def minimax(game, state, depth):\n    import helper\n",
    })
    assert test.message == "SyntaxError: invalid syntax (helper.py, line 1)"
    assert test.detail is not None and '  File "helper.py", line 1\n' in test.detail
    assert "/submission" not in test.detail


@pytest.mark.parametrize(
    ("message", "hinted"),
    [
        pytest.param("AttributeError: 'str' object has no attribute 'is_terminal'", True,
                     id="state-first"),
        pytest.param("AttributeError: 'int' object has no attribute 'utility'", True,
                     id="depth-first"),
        pytest.param("GameError: 2 is not a state of this game", True, id="depth-as-state"),
        pytest.param("AttributeError: 'str' object has no attribute 'upper_bound'", False,
                     id="not-a-game-method"),
        pytest.param("GameError: 'a1' is not a state of this game", False, id="an-action"),
        pytest.param("TypeError: search() takes 2 positional arguments but 3 were given", False,
                     id="another-exception"),
    ],
)
def test_a_game_method_asked_of_a_state_hints_at_the_order_of_the_parameters(
    message: str, hinted: bool
) -> None:
    run = RunResult(status="error", message=message)
    assert arguments_hint(run) == (ARGUMENTS_HINT if hinted else None)


def test_a_search_whose_parameters_come_in_another_order_is_told_the_grader_s(
    tmp_path: Path,
) -> None:
    path = tmp_path / "agent.py"
    path.write_text("def minimax(state, game, depth):\n    return game.is_terminal(state)\n")
    report = grade_submission(submission=path, assignment="minimax", tests=["aima-fig5.2"])
    (test,) = report.tests
    assert test.status == "error" and test.feedback[0] == ARGUMENTS_HINT


def test_an_exception_with_no_frame_of_the_student_s_is_said_once(tmp_path: Path) -> None:
    path = tmp_path / "agent.py"
    path.write_text("def minimax(game, state):\n    return 3, None\n")
    report = grade_submission(submission=path, assignment="minimax", tests=["aima-fig5.2"])
    (test,) = report.tests
    assert test.message == "TypeError: minimax() takes 2 positional arguments but 3 were given"
    assert test.detail is None  # its traceback would be that one line again
