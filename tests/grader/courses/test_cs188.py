"""``grader import cs188``: CS188 GraphGameTreeTest files written for this suite
(tests/grader/courses/cs188/, each with a hand-worked ``.solution``), converted, built, and used
to grade agents written the CS188 way, correct and wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.authoring.build import build_assignment
from grader.authoring.golden import load_golden
from grader.cli import main
from grader.courses.cs188 import parse_entries, read_test, tree_data
from grader.courses.cs188_import import import_cs188
from grader.errors import GraderError, InputFileError
from grader.grading.check import grade_submission
from grader.trees.tree import load_tree

CASES = Path(__file__).resolve().parents[1] / "cs188"

CS188_ALPHABETA = '''
import math


def alphabeta(game, state, depth):
    return _value(game, state, depth, -math.inf, math.inf)


def _value(game, s, depth, alpha, beta):
    if game.is_terminal(s):
        return game.utility(s), None
    if depth == 0:
        return game.evaluate(s), None
    maximizing = game.to_move(s) == 0
    best, move = (-math.inf if maximizing else math.inf), None
    for a in game.actions(s):
        v, _ = _value(game, game.result(s, a), depth - 1, alpha, beta)
        if maximizing:
            if v > best:
                best, move = v, a
            if best > beta:
                return best, move
            alpha = max(alpha, best)
        else:
            if v < best:
                best, move = v, a
            if best < alpha:
                return best, move
            beta = min(beta, best)
    return best, move
'''

# the usual mistakes, each one edit of the correct agent
AGENTS = {
    "correct": CS188_ALPHABETA,
    "prunes-on-equality": CS188_ALPHABETA.replace("best > beta", "best >= beta").replace(
        "best < alpha", "best <= alpha"
    ),
    "ties-to-last": CS188_ALPHABETA.replace("v > best", "v >= best"),
    "clamps-its-value": CS188_ALPHABETA.replace(
        "return best, move", "return min(max(best, alpha), beta), move"
    ),
}

CS188_EXPECTIMAX = '''
def expectimax(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    if game.is_chance(state):
        outcomes = game.chance_outcomes(state)
        values = [expectimax(game, game.result(state, a), depth - 1)[0] for a, _ in outcomes]
        return sum(values) / len(values), None
    best, move = None, None
    for a in game.actions(state):
        v, _ = expectimax(game, game.result(state, a), depth - 1)
        if best is None or v > best:
            best, move = v, a
    return best, move
'''

GHOSTS_MINIMISE = CS188_EXPECTIMAX.replace(
    "return sum(values) / len(values), None", "return min(values), None"
)


@pytest.fixture(scope="module")
def alphabeta_assignment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("imported") / "cs188-q3"
    done = import_cs188(tests=CASES / "alphabeta", out=out, entry_kind="function")
    assert done.assignments[0].tests == ["1-two-ghosts-tie", "2-strict-cut"]
    return out


def solution(path: Path) -> tuple[str, set[str]]:
    entries = parse_entries(path.read_text(), str(path))
    return entries["action"].value, set(entries["generated"].value.split())


@pytest.mark.parametrize(
    "test", ["1-two-ghosts-tie", "2-strict-cut"], ids=["two-ghosts-tie", "strict-cut"]
)
def test_converted_golden_matches_the_hand_worked_solution(
    alphabeta_assignment: Path, test: str
) -> None:
    golden = load_golden(alphabeta_assignment / "golden" / f"{test}.json")
    action, generated = solution(CASES / "alphabeta" / f"{test}.solution")
    record = golden.record
    assert record.action == action
    # every generated state is searched: the root and all nodes visited
    assert set(record.expanded) | set(record.evaluated) == generated
    assert record.generated == len(generated) - 1  # one result call per state but the root
    assert build_assignment(assignment=alphabeta_assignment, check=True) == []


def test_two_ghosts_are_two_min_layers_and_depth_is_in_rounds(alphabeta_assignment: Path) -> None:
    # a (Pacman) -> b (ghost 1) -> c (ghost 2) -> d: Pacman again, at the cut-off
    tree = load_tree(alphabeta_assignment / "trees" / "1-two-ghosts-tie.tree.json")
    movers = {n: tree.nodes[n].to_move for n in ("a", "b1", "b2", "c1", "c4", "d7")}
    assert movers == {"a": 0, "b1": 1, "b2": 1, "c1": 1, "c4": 1, "d7": 0}
    assert tree.nodes["d1"].utility == (4, -4)
    assert tree.nodes["d7"].eval == (8, -8)
    golden = load_golden(alphabeta_assignment / "golden" / "1-two-ghosts-tie.json")
    assert golden.depth == 3  # one round of three agents
    assert golden.conventions == {"prune_on_equality": False, "fail_soft": True}
    assert "e1" not in golden.record.evaluated  # below the cut-off


@pytest.mark.parametrize(
    ("agent", "wrong"),
    [
        pytest.param("correct", {}, id="correct"),
        # d5 = 4 = alpha under b2: cutting there skips d6, then c4 and d7
        pytest.param(
            "prunes-on-equality",
            {"1-two-ghosts-tie": {"expanded", "evaluated", "generated"}},
            id="prunes-on-equality",
        ),
        # b1 = b2 = 4 at the root: the last best is Right
        pytest.param("ties-to-last", {"1-two-ghosts-tie": {"action"}}, id="ties-to-last"),
        # c2 returns 5 instead of 3 under b2: no strict cut, so c3 and d3 are searched
        pytest.param(
            "clamps-its-value",
            {"2-strict-cut": {"expanded", "evaluated", "generated"}},
            id="clamps-its-value",
        ),
    ],
)
def test_grades_agents_as_cs188_intends(
    tmp_path: Path, alphabeta_assignment: Path, agent: str, wrong: dict[str, set[str]]
) -> None:
    source = AGENTS[agent]
    assert agent == "correct" or source != CS188_ALPHABETA
    (tmp_path / "agent.py").write_text(source)
    report = grade_submission(submission=tmp_path / "agent.py", assignment=alphabeta_assignment)
    failed = {
        t.name: {c.check for c in t.checks if not c.passed}
        for t in report.tests
        if not t.passed
    }
    assert failed == wrong
    assert all(t.status in ("passed", "failed") for t in report.tests)


@pytest.mark.parametrize(
    ("source", "passes"),
    [
        pytest.param(CS188_EXPECTIMAX, True, id="averages"),
        pytest.param(GHOSTS_MINIMISE, False, id="ghosts-minimise"),
    ],
)
def test_expectimax_ghosts_are_chance_layers(tmp_path: Path, source: str, passes: bool) -> None:
    out = tmp_path / "q4"
    import_cs188(tests=CASES / "expectimax", out=out, entry_kind="function")
    tree = load_tree(out / "trees" / "1-random-ghosts.tree.json")
    assert tree.nodes["b1"].chance and tree.nodes["c3"].probabilities == (0.5, 0.5)
    (tmp_path / "agent.py").write_text(source)
    report = grade_submission(submission=tmp_path / "agent.py", assignment=out)
    assert report.all_passed is passes
    if not passes:  # b1 = 0, b2 = 2 when ghosts minimise
        got = report.tests[0].got or {}
        assert (got["value"], got["action"]) == (2, "Right")


def test_cli_imports_and_skips_other_classes(tmp_path: Path) -> None:
    out = tmp_path / "q3"
    result = CliRunner().invoke(main, ["import", "cs188", str(CASES / "alphabeta"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "skipped: " in result.output and "EvalAgentTest" in result.output
    assert "imported: q3: AlphaBetaAgent, 2 tests (1-two-ghosts-tie, 2-strict-cut)" in (
        result.output
    )
    again = CliRunner().invoke(main, ["import", "cs188", str(CASES / "alphabeta"), "-o", str(out)])
    assert again.exit_code == 2
    assert "not an empty folder" in again.output


def write_test(folder: Path, name: str, **changes: str) -> Path:
    """A copy of the strict-cut test with some entries replaced (`key: "value"` lines)."""
    text = (CASES / "alphabeta" / "2-strict-cut.test").read_text()
    for key, line in changes.items():
        start = text.index(f"{key}:")
        end = text.index("\n", start)
        if text[start:end].endswith('"""'):
            end = text.index('"""', end) + 3
        text = text[:start] + line + text[end:]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.test"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("changes", "place", "reason"),
    [
        pytest.param({"alg": 'alg: "GreedyAgent"'}, "line", "is not one of", id="unknown-alg"),
        pytest.param({"depth": 'depth: "two"'}, "line", "whole number", id="bad-depth"),
        pytest.param({"depth": "depth: 2"}, "line", "quotes", id="unquoted"),
        pytest.param(
            {"successors": 'successors: """\na Left\n"""'}, "(successors)",
            "state action next", id="short-successor",
        ),
        pytest.param(
            {"evaluation": 'evaluation: """\nd1 5\nd2 3\n"""'}, "evaluation",
            "d3 has no value", id="end-state-without-value",
        ),
        pytest.param(
            {"win_states": 'win_states: "d1"', "lose_states": 'lose_states: ""',
             "depth": 'depth: "1"'},
            "evaluation", "c1 is at the depth cut-off (1 round of 2 agents)",
            id="cut-off-without-value",
        ),
        pytest.param(
            {"successors": 'successors: """\na Left b1\na Right c1\nb1 Down c1\nc1 Stop d1\n"""'},
            "successors", "reached with agent", id="inconsistent-agents",
        ),
    ],
)
def test_bad_test_files_are_refused_with_a_place(
    tmp_path: Path, changes: dict[str, str], place: str, reason: str
) -> None:
    path = write_test(tmp_path / "in", "bad", **changes)
    with pytest.raises(InputFileError) as caught:
        import_cs188(tests=path, out=tmp_path / "out")
    assert str(path) in str(caught.value)
    assert place in caught.value.place
    assert reason in caught.value.reason
    assert not (tmp_path / "out").exists()


def test_disagreeing_solution_is_refused(tmp_path: Path) -> None:
    path = write_test(tmp_path / "in", "cut")
    path.with_suffix(".solution").write_text(
        'action: "Left"\ngenerated: "a b1 b2 c1 c2 c3 d1 d2 d3"\n'
    )
    with pytest.raises(InputFileError, match="differ from the converted test's in: c3, d3"):
        import_cs188(tests=path, out=tmp_path / "out")


def test_mixed_algorithms_are_refused(tmp_path: Path) -> None:
    write_test(tmp_path / "in", "one")
    write_test(tmp_path / "in", "two", alg='alg: "MinimaxAgent"')
    with pytest.raises(GraderError, match="import each question's folder on its own"):
        import_cs188(tests=tmp_path / "in", out=tmp_path / "out")


def test_parser_reads_comments_and_multiline_entries(tmp_path: Path) -> None:
    path = tmp_path / "x.test"
    path.write_text('# a comment\nclass: "GraphGameTreeTest"  # trailing\nnotes: """\none\n'
                    'two # cut\n"""\n')
    entries = parse_entries(path.read_text(), str(path))
    assert entries["class"].value == "GraphGameTreeTest"
    assert entries["notes"].value == "one\ntwo"
    assert entries["notes"].line == 3


def test_tree_keeps_successor_order_and_stops_at_end_states() -> None:
    test = read_test(CASES / "alphabeta" / "2-strict-cut.test")
    data = tree_data(test)
    assert list(data["nodes"]["b2"]["children"]) == ["Left", "Right"]
    assert data["nodes"]["d2"] == {"utility": 3, "outcome": "lose"}
    assert data["nodes"]["d3"] == {"utility": 8, "outcome": "win"}
    assert data["agents"] == 2
    assert json.loads(json.dumps(data)) == data
