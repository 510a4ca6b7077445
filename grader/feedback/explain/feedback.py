"""The lines of feedback of a failed test: the first divergence, then the answer's
and the record's numbers, expected against got."""

from __future__ import annotations

from collections.abc import Sequence

from grader.feedback.explain.divergence import Conventions
from grader.feedback.explain.families import explainer
from grader.feedback.explain.formatting import fmt
from grader.feedback.explain.walk import Visit
from grader.games.moves import said_on_board, where_on_board
from grader.trees.record import SearchRecord
from grader.trees.trace import EVALUATE_OPS
from grader.trees.tree import Tree
from grader.trees.values import values_match

_TRACED = frozenset({"expanded", "evaluated", "prunes", "generated"})


def explain(
    *,
    tree: Tree,
    conventions: Conventions,
    expected: SearchRecord,
    got: SearchRecord,
    failed: Sequence[str],
) -> list[str]:
    """Lines of feedback for the failed checks, the most telling first."""
    lines: list[str] = []
    if _TRACED & set(failed) and expected.visits != got.visits:
        told = explainer(tree, conventions)
        told.kept_payoffs = _keeps_payoffs(expected, got)
        lines.append(told.divergence(expected.visits, got.visits))
        moves = where_on_board(tree, expected.visits, got.visits)  # a positions test's
        if moves is not None:
            lines.append(moves)
    lines += _answer_lines(tree, expected, got, failed)
    if "expanded" in failed and not lines:
        lines.append(f"expanded: expected {expected.expanded}, got {got.expanded}")
    if "evaluated" in failed and not lines:
        lines.append(f"evaluated: expected {expected.evaluated}, got {got.evaluated}")
    return lines


def _answer_lines(
    tree: Tree, expected: SearchRecord, got: SearchRecord, failed: Sequence[str]
) -> list[str]:
    """Value, action, prunes and generated, expected against got, for those that failed."""
    lines = []
    if "value" in failed:
        lines.append(f"root value: expected {fmt(expected.value)}, got {fmt(got.value)}")
    if "action" in failed:
        lines.append(_action_line(tree, expected, got))
    if "prunes" in failed:
        lines.append(_prunes_line(expected, got))
    if "generated" in failed:
        lines.append(
            f"children generated (result calls): expected {expected.generated}, got {got.generated}"
        )
    return lines


def _prunes_line(expected: SearchRecord, got: SearchRecord) -> str:
    if got.prunes >= 0 and expected.prunes >= 0:
        return f"prunes: expected {expected.prunes}, got {got.prunes}" + _only_repeats(
            expected, got
        )
    if expected.prunes < 0:  # the expected search itself goes past minimax's depth
        return (
            f"visits: expected {len(expected.visits)}, got {len(got.visits)} (the expected "
            "search goes on past the depth where plain minimax stops)"
        )
    return (
        f"prunes: expected {expected.prunes}, but your search made {-got.prunes} more "
        f"visit{'s' if got.prunes < -1 else ''} than plain minimax makes at this depth: it "
        "visited positions minimax never visits (below the depth limit) or searched some again"
    )


def _only_repeats(expected: SearchRecord, got: SearchRecord) -> str:
    """What the missing visits were, when the student made every visit the reference
    makes, only fewer times: not pruning, but visits of nodes visited before skipped."""
    fewer = len(expected.visits) - len(got.visits)
    if fewer <= 0 or not _keeps_payoffs(expected, got):
        return ""
    if not _repeats_left_out(expected.visits, got.visits):
        return ""
    return (
        f" (no pruning: you made each visit of the expected search, but {fewer} fewer in "
        "all: nodes reached again were not visited again)"
    )


def _keeps_payoffs(expected: SearchRecord, got: SearchRecord) -> bool:
    """Whether ``got`` reads as a search that keeps the payoffs it read: the expected
    answer, and no payoff read twice."""
    reads = [tuple(v) for v in got.visits if v[0] in EVALUATE_OPS]
    return (values_match(expected.value, got.value) and expected.action == got.action
            and len(reads) == len(set(reads)))


def _repeats_left_out(expected: Sequence[Visit], got: Sequence[Visit]) -> bool:
    """Whether ``got`` is ``expected`` with some of its visits left out, each of them a
    visit ``expected`` made before (a node visited again), and nothing else."""
    seen: set[tuple[str, ...]] = set()
    i = 0
    for visit in map(tuple, expected):
        if i < len(got) and tuple(got[i]) == visit:
            i += 1
        elif visit not in seen:  # a first visit left out: not a repeat
            return False
        seen.add(visit)
    return i == len(got)


def _action_line(tree: Tree, expected: SearchRecord, got: SearchRecord) -> str:
    shown = [fmt(expected.action), fmt(got.action)]
    said = said_on_board(tree, [expected.action, got.action])
    if said is not None and any(m not in w for m, w in zip(shown, said, strict=True)):
        # a positions test whose moves read otherwise on the board (d1d5 is Qxd5)
        shown = [f"{move} ({words})" for move, words in zip(shown, said, strict=True)]
    line = f"root action: expected {shown[0]}, got {shown[1]}"
    root = tree.nodes[tree.root]
    acts = root.actions
    tie = got.value == expected.value and got.action in acts and expected.action in acts
    if tie and acts.index(got.action) > acts.index(expected.action):
        line += " (on a tie, keep the first best action in action order)"
    return line
