"""Tree validation: every malformed tree is refused with its place and a reason that helps.

Each case is the text of a ``*.tree.json`` file. The loader must name the place in dotted
form and say why; ``grader validate`` must print that as ``Error: FILE: PLACE: REASON``
and exit 2, never with a traceback.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.errors import InputFileError
from grader.trees.game import TreeGame
from grader.trees.record import baseline_visits
from grader.trees.tree import MAX_PLIES, load_tree, parse_tree
from reference.algorithms import ALGORITHMS, search

F = "game-tree/1"


def full(nodes: dict[str, Any], **top: Any) -> str:
    """A full-form tree rooted at A (unless ``root`` is given), as file text."""
    return json.dumps({"format": F, "root": "A", **top, "nodes": nodes})


def chain(plies: int) -> dict[str, Any]:
    """N0 -a-> N1 -a-> ... -a-> N<plies> = 1, the players taking turns."""
    nodes: dict[str, Any] = {f"N{i}": {"to_move": i % 2, "children": {"a": f"N{i + 1}"}}
                             for i in range(plies)}
    return {**nodes, f"N{plies}": {"utility": 1}}


def test_the_deepest_tree_taken_is_searched_by_every_reference_search() -> None:
    # N0 -a-> ... -a-> N200 = 1, and at each Ni a second move to a leaf: the reference
    # searches recurse a ply a call, in a grading thread as in the main one
    nodes = chain(MAX_PLIES)
    for i in range(MAX_PLIES):
        nodes[f"N{i}"]["children"]["b"] = f"L{i}"
        nodes[f"N{i}"]["eval"] = 0
        nodes[f"L{i}"] = {"utility": i}
    tree = parse_tree({"format": F, "root": "N0", "nodes": nodes})
    assert tree.max_depth() == MAX_PLIES
    failed: list[str] = []

    def run_all() -> None:
        for name in ALGORITHMS:
            if ALGORITHMS[name].answer == "vector":  # max^n: a two-player tree is not one
                continue
            conventions = {"random_seed": 1} if name == "mcts" else {}
            try:
                search(name, TreeGame.for_test(tree, conventions), tree.root,
                       30 if name == "mcts" else MAX_PLIES)  # MCTS: its iterations
            except RecursionError:
                failed.append(name)

    run_all()
    worker = threading.Thread(target=run_all)
    worker.start()
    worker.join()
    assert failed == []


def _meeting(plies: int) -> dict[str, Any]:
    """N0 ... N<plies>: from each node, two moves to the next one."""
    nodes: dict[str, Any] = {f"N{i}": {"to_move": i % 2, "children": {"a": f"N{i + 1}",
                                                                     "b": f"N{i + 1}"}}
                             for i in range(plies)}
    return {**nodes, f"N{plies}": {"utility": 1}}


def _nested(depth: int) -> str:
    """The nested form ``depth`` plies deep, as JSON text: [[...[1, 2]...], 3]."""
    return "[" * (depth - 1) + "[1, 2]" + ", 3]" * (depth - 1)


# A(max) --a--> B = 3
GOOD_NODES: dict[str, Any] = {"A": {"to_move": 0, "children": {"a": "B"}}, "B": {"utility": 3}}


# Each case: (file text, expected place, a fragment of the reason).
MALFORMED: list[Any] = [
    pytest.param("[1, 2]", "(top level)", "holds a JSON object", id="not-an-object"),
    pytest.param('{"format": "game-tree/1", "root": "A",', "line 1 column 39", "not valid JSON",
                 id="broken-json"),
    pytest.param('{"format": "game-tree/1", "nested": [NaN]}', "", "NaN is not a number",
                 id="nan"),
    pytest.param(json.dumps({"format": "game-tree/2", "root": "A", "nodes": GOOD_NODES}),
                 "format", "'game-tree/1' was expected", id="wrong-format-tag"),
    pytest.param(json.dumps({"format": F, "nodes": GOOD_NODES}), "(top level)",
                 "'root' is a required property", id="no-root"),
    pytest.param(full(GOOD_NODES, colour="red"), "(top level)", "allowed keys: agents, description",
                 id="unknown-top-level-key"),
    # A(max) --a--> B = 3, B carries a misspelt key
    pytest.param(full({**GOOD_NODES, "B": {"utility": 3, "value": 3}}), "nodes.B",
                 "'value' was unexpected", id="unknown-node-key"),
    pytest.param(full(GOOD_NODES, root="Z"), "root", "'Z' is not a node", id="root-not-a-node"),
    # A(max) --a--> B = 3, --b--> Z (missing)
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B", "b": "Z"}}, "B": {"utility": 3}}),
                 "nodes.A.children.b", "'Z' is not a node", id="missing-child"),
    pytest.param(full({"A": {"to_move": 0, "children": ["B"]}, "B": {"utility": 3}}),
                 "nodes.A.children", "is not an object", id="children-as-list"),
    # A(max) --a--> B, which has a utility and a child
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}},
                       "B": {"to_move": 1, "utility": 1, "children": {"b": "C"}},
                       "C": {"utility": 3}}),
                 "nodes.B", "has both 'utility' and 'children'", id="utility-and-children"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}}, "B": {"to_move": 1}}),
                 "nodes.B", "needs 'children'", id="neither-children-nor-utility"),
    pytest.param(full({"A": {"children": {"a": "B"}}, "B": {"utility": 3}}),
                 "nodes.A", "needs 'to_move'", id="no-to-move"),
    pytest.param(full({"A": {"to_move": 2, "children": {"a": "B"}}, "B": {"utility": 3}}),
                 "nodes.A.to_move", "player 2 does not exist", id="to-move-past-players"),
    pytest.param(full({"A": {"to_move": -1, "children": {"a": "B"}}, "B": {"utility": 3}}),
                 "nodes.A.to_move", "less than the minimum of 0", id="negative-to-move"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}}, "B": {"utility": "3"}}),
                 "nodes.B.utility", "is not a number or a list", id="utility-a-string"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}}, "B": {"utility": [1, 2]}},
                      players=3),
                 "nodes.B.utility", "has 2 entries but the tree has 3 players",
                 id="vector-of-wrong-length"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}}, "B": {"utility": 5}},
                      players=3),
                 "nodes.B.utility", "ambiguous with 3 players", id="number-for-three-players"),
    # A --a--> B --b--> C --c--> A: a loop
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}},
                       "B": {"to_move": 1, "children": {"b": "C"}},
                       "C": {"to_move": 0, "children": {"c": "A", "d": "D"}},
                       "D": {"utility": 1}}),
                 "nodes.C.children.c", "makes a cycle (A -> B -> C -> A)", id="cycle"),
    pytest.param(full({**GOOD_NODES, "Z": {"utility": 9}}), "nodes.Z", "not reachable",
                 id="unreachable-node"),
    # N0 -a-> N1, -b-> N1; N1 -a-> N2, -b-> N2; ... 60 plies of two moves that meet
    # again: 61 nodes, 2**61 - 1 unfolded
    pytest.param(full(_meeting(60), root="N0"), "root", "the tree unfolds to 2.31e+18 nodes",
                 id="shared-nodes-unfold-too-far"),
    # lists in lists, past what a reader of JSON (or of the nested form) goes down
    pytest.param('{"format": "game-tree/1", "nested": ' + "[" * 5000 + "1" + "]" * 5000 + "}",
                 "", "nests deeper than a tree the grader takes", id="nested-5000-deep"),
    pytest.param('{"format": "game-tree/1", "nested": ' + _nested(1000) + "}", "",
                 "nests deeper than a tree the grader takes", id="nested-form-1000-deep"),
    # N0 -a-> N1 -a-> ... -a-> N201 = 1: one ply deeper than the grader takes
    pytest.param(full(chain(MAX_PLIES + 1), root="N0"), "root",
                 f"the tree is {MAX_PLIES + 1} plies deep; the grader takes trees up to "
                 f"{MAX_PLIES} plies deep", id="too-deep"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}, "noisy": ["x"]},
                       "B": {"utility": 3}}),
                 "nodes.A.noisy", "'x' is not an action of A", id="noisy-not-an-action"),
    pytest.param(full({"A": {"to_move": 0, "children": {"x" * 1001: "B"}}, "B": {"utility": 3}}),
                 "nodes.A.children", "an action of 1001 characters; an action has at most 1000",
                 id="action-too-long"),
    pytest.param(full({**GOOD_NODES, "B": {"utility": 3, "eval": 2}}),
                 "nodes.B.eval", "a terminal has 'utility', not 'eval'", id="eval-on-terminal"),
    # A(max) --a--> C (chance: x 0.5, y 0.4) --> X = 1, Y = 2
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "C"}},
                       "C": {"chance": True, "children": {"x": "X", "y": "Y"},
                             "probabilities": {"x": 0.5, "y": 0.4}},
                       "X": {"utility": 1}, "Y": {"utility": 2}}),
                 "nodes.C.probabilities", "sum to 0.9, not 1", id="probabilities-sum"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "C"}},
                       "C": {"chance": True, "children": {"x": "X", "y": "Y"},
                             "probabilities": {"x": 1.5, "y": -0.5}},
                       "X": {"utility": 1}, "Y": {"utility": 2}}),
                 "nodes.C.probabilities.x", "1.5 is not between 0 and 1",
                 id="probability-out-of-range"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "C"}},
                       "C": {"chance": True, "children": {"x": "X", "y": "Y"},
                             "probabilities": {"x": 1.0}},
                       "X": {"utility": 1}, "Y": {"utility": 2}}),
                 "nodes.C.probabilities", "missing ['y']", id="probability-missing"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "C"}},
                       "C": {"chance": True, "children": {"x": "X"}},
                       "X": {"utility": 1}}),
                 "nodes.C", "needs 'probabilities'", id="chance-without-probabilities"),
    pytest.param(full({"A": {"to_move": 0, "children": {"a": "B"}, "probabilities": {"a": 1}},
                       "B": {"utility": 3}}),
                 "nodes.A.probabilities", "only a chance node", id="probabilities-not-chance"),
    pytest.param(json.dumps({"format": F, "players": 3, "nested": [[1, 2]]}), "players",
                 "greater than the maximum of 2", id="nested-three-players"),
    pytest.param(json.dumps({"format": F, "nested": [[1, "x"]]}), "nested.0.1",
                 "'x' is not a number or a list", id="nested-string-leaf"),
]


@pytest.mark.parametrize(("text", "place", "reason"), MALFORMED)
def test_loader_names_place_and_reason(
    tmp_path: Path, text: str, place: str, reason: str
) -> None:
    path = tmp_path / "bad.tree.json"
    path.write_text(text)
    with pytest.raises(InputFileError) as caught:
        load_tree(path)
    assert caught.value.place == place
    assert reason in caught.value.reason
    assert str(path) in str(caught.value)


@pytest.mark.parametrize(("text", "place", "reason"), MALFORMED)
def test_validate_prints_error_without_traceback(
    tmp_path: Path, text: str, place: str, reason: str
) -> None:
    path = tmp_path / "bad.tree.json"
    path.write_text(text)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    where = f"{path}: {place}: " if place else f"{path}: "
    assert f"Error: {where}" in result.output
    assert reason in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_missing_eval_at_the_cut_off_names_the_node() -> None:
    # A(max) --a--> B(min, no eval) --b--> B1 = 3: a depth-1 search stops at B
    data = {"format": F, "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {"a": "B"}},
        "B": {"to_move": 1, "children": {"b": "B1"}},
        "B1": {"utility": 3},
    }}
    assert parse_tree(data, depth=2).root == "A"
    with pytest.raises(InputFileError) as caught:
        parse_tree(data, depth=1)
    assert caught.value.place == "nodes.B"
    assert "has no 'eval'" in caught.value.reason


def test_a_valid_tree_with_every_feature_loads() -> None:
    # A(max) --a--> C (chance .25/.75) --x--> X = 1 (noisy move from A's b)
    #        --b--> X                   --y--> Y = 2
    data = {"format": F, "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {"a": "C", "b": "X"}, "eval": 0, "noisy": ["b"]},
        "C": {"chance": True, "children": {"x": "X", "y": "Y"},
              "probabilities": {"x": 0.25, "y": 0.75}},
        "X": {"utility": 1, "label": "shared"},
        "Y": {"utility": 2},
    }}
    tree = parse_tree(data)
    assert tree.child("A", "b") == tree.child("C", "x") == "X"
    assert tree.nodes["C"].probabilities == (0.25, 0.75)
    assert tree.nodes["X"].utility == (1, -1)
    assert tree.max_depth() == 2


def test_max_depth_takes_the_longest_path_to_a_shared_node() -> None:
    # A --a--> B --c--> X --d--> X1 = 1     X is reached at depth 1 and at depth 2;
    #   --b--> X                            the longest path A-B-X-X1 has 3 plies.
    data = {"format": F, "root": "A", "nodes": {
        "A": {"to_move": 0, "children": {"a": "B", "b": "X"}},
        "B": {"to_move": 1, "children": {"c": "X"}},
        "X": {"to_move": 0, "children": {"d": "X1"}},
        "X1": {"utility": 1},
    }}
    assert parse_tree(data).max_depth() == 3


@pytest.mark.parametrize(
    ("data", "size"),
    [
        # A --a--> B --c--> X --d--> X1     X is reached on two paths: unfolded, the tree
        #   --b--> X                        has A, B, X, X1, and X, X1 again (6 nodes)
        pytest.param({"format": F, "root": "A", "nodes": {
            "A": {"to_move": 0, "children": {"a": "B", "b": "X"}},
            "B": {"to_move": 1, "children": {"c": "X"}},
            "X": {"to_move": 0, "children": {"d": "X1"}},
            "X1": {"utility": 1},
        }}, 6, id="a-shared-node-counted-once-a-path"),
        pytest.param({"format": F, "name": "fig52",
                      "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}, 13, id="fig52"),
        pytest.param({"format": F, "root": "N0", "nodes": chain(40)}, 41, id="a-chain"),
    ],
)
def test_the_unfolded_size_is_what_full_width_minimax_visits(
    data: dict[str, Any], size: int
) -> None:
    tree = parse_tree(data)
    assert tree.unfolded_size == size
    assert baseline_visits(tree, tree.max_depth()) == size
