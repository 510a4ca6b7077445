"""A crashed run in the student's terms: one line per test, a traceback once per submission.

When the game refuses a call (an evaluation the tree does not give, a player that does
not exist, a move from a terminal), the run ends as the student's ``error``, and the
refusal is one line naming the node. The calls made up to the refusal are a search like
any other: the line after it says where that search left the expected one, and which
known mistake, if any, crashes the very same way. A traceback of the student's own code
is shown once per submission, on the first test it ends; a later test that ends at the
same place points back to it. The file name in both is the one the student submitted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, get_args

from grader.grading.report import TestResult
from grader.trees.trace import Op

if TYPE_CHECKING:
    from grader.feedback.diagnosis import Evidence
    from grader.grading.scoring import TestContext
    from grader.hosts.base import RunResult

GAME_ERROR = "GameError: "  # how the harness starts the message of a refused call
ENTRY_FILE = "agent.py"  # the name the sandbox gives a single-file submission
_LAST_FRAME = re.compile(r'File "[^"]*", line \d+, in [^\n]*')
# a game's method asked of a state (or the depth), or the depth given as a state: the
# entry's parameters in another order
_NOT_A_GAME = re.compile(r"AttributeError: '(?:str|int)' object has no attribute '(\w+)'"
                         r"|GameError: (-?\d+) is not a state of this game")
GAME_NAMES = frozenset(get_args(Op)) | {"utilities", "evaluations", "num_players",
                                        "random_choice"}
ARGUMENTS_HINT = ("the grader calls your function with (game, state, depth), in that order: "
                  "are your parameters in that order?")


def game_refusal(run: RunResult) -> str | None:
    """The game's refusal that ended ``run``, without the exception's name; None when the
    run ended some other way."""
    message = run.message or ""
    if run.status != "error" or not message.startswith(GAME_ERROR):
        return None
    return message[len(GAME_ERROR):]


def arguments_hint(run: RunResult) -> str | None:
    """A hint for a run that asked a state (or the depth) for one of the game's methods:
    a function whose parameters are in another order than the grader's call."""
    found = _NOT_A_GAME.match(run.message or "") if run.status == "error" else None
    if found is None or (found.group(1) not in GAME_NAMES and found.group(2) is None):
        return None
    return ARGUMENTS_HINT


def refusal_lines(
    run: RunResult, ctx: TestContext, refusal: str, elsewhere: Iterable[Evidence] = ()
) -> list[str]:
    """The message and feedback of a run the game stopped: the refusal, then where the
    search made so far left the expected one, and a known mistake that crashes alike."""
    from grader.feedback.diagnosis import diagnose
    from grader.feedback.explain import explain
    from grader.trees.record import make_record

    lines = [f"the game refused a call: {refusal}"]
    got = make_record(ctx.tree, run.trace, None, None, depth_plies=ctx.depth_plies)
    expected = ctx.expected_in_full()
    if got.visits != expected.visits:
        lines += explain(tree=ctx.tree, conventions=ctx.explained_as, expected=expected,
                         got=got, failed=["expanded"])
    found = diagnose(**ctx.variant_inputs(), expected=expected, got=got, crashed=True,
                     elsewhere=elsewhere, forms=ctx.open_forms())
    if found is not None and found.variants:
        lines.append(found.sentence)
    return lines


def once_per_submission(results: Sequence[TestResult], file_name: str | None) -> list[TestResult]:
    """``results`` with each traceback kept on the first test it ends, later tests that
    end at the same place pointing back to it, and ``agent.py`` called ``file_name``."""
    first: dict[str, str] = {}
    out = []
    for result in results:
        update: dict[str, object] = {}
        detail = result.detail
        if file_name and file_name != ENTRY_FILE:
            update["message"] = _renamed(result.message, file_name)
            detail = _renamed(detail, file_name)
            update["detail"] = detail
        if detail:
            frames = _LAST_FRAME.findall(detail)
            kind = detail.rstrip().rsplit("\n", 1)[-1].split(":", 1)[0]
            place = f"{frames[-1] if frames else ''} {kind}"
            if place in first:
                update["detail"] = None
                update["feedback"] = [*result.feedback, f"(traceback: as in {first[place]})"]
            else:
                first[place] = result.name
        out.append(result.model_copy(update=update) if update else result)
    return out


def _renamed(text: str | None, file_name: str) -> str | None:
    return None if text is None else text.replace(ENTRY_FILE, file_name)
