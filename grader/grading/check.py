"""Grading one submission: open one sandbox, run every test through it, score each.

:func:`grade_submission` is what ``grader check`` calls. A student's failure (a crash, a
timeout, a wrong answer) is a result in the report; a :class:`GraderError` is raised only
for bad usage or input: a missing submission, an unknown test, a missing golden.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from grader.authoring.assignment import (
    ASSIGNMENT_FILE,
    LoadedAssignment,
    TestSpec,
    load_assignment,
    place_of_test,
    search_setup,
)
from grader.authoring.golden import Golden, load_golden, stale_reason
from grader.authoring.sources import searched_tree, source_digest
from grader.errors import GraderError, InputFileError
from grader.feedback.catalogue import CATALOGUE_FILE, load_catalogue
from grader.feedback.crashes import once_per_submission
from grader.grading.intake import ENTRY_FILE, SubmissionRefused, submission_folder
from grader.grading.report import Report, TestResult, make_report
from grader.grading.scoring import TestContext, all_or_nothing, score_all, score_run
from grader.hosts.base import Later, RunRequest, RunResult, RunStatus, Sandbox
from grader.hosts.kinds import Isolation, SandboxKind
from grader.trees.tree import Tree
from reference.algorithms import answer_shape, searches_past_depth

SandboxOpener = Callable[[SandboxKind, Path, int], Sandbox]
__all__ = ["ENTRY_FILE", "Prepared", "SandboxKind", "grade_submission", "prepare"]


@dataclass(frozen=True)
class Prepared:
    """An assignment made ready to grade: its tests' trees and goldens, loaded once."""

    loaded: LoadedAssignment
    contexts: list[TestContext]
    matches: tuple[str, ...] = ()  # an agents assignment's matches chosen (none: all)

    @property
    def memory_mb(self) -> int:
        return max(self.loaded.spec.test_memory_mb(c.spec) for c in self.contexts)

    @property
    def cpu_s(self) -> float:
        return sum(c.time_limit for c in self.contexts)


def prepare(*, assignment: str | Path, tests: Sequence[str] | None = None) -> Prepared:
    """Load ``assignment`` (a built-in name or a folder) and the tests named (or all)."""
    loaded = load_assignment(assignment)
    if (loaded.folder / CATALOGUE_FILE).is_file():  # a student kit's known mistakes
        load_catalogue(loaded.folder / CATALOGUE_FILE)
    if loaded.spec.play is not None:  # an agents assignment: its matches are played
        return Prepared(loaded, [], tuple(tests or ()))
    specs = [loaded.test(name) for name in tests] if tests else list(loaded.spec.tests)
    contexts = [_context(loaded, spec) for spec in specs]
    return Prepared(loaded, contexts)


def grade_submission(
    *,
    submission: Path,
    assignment: str | Path | Prepared,
    sandbox: SandboxKind = "local",
    tests: Sequence[str] | None = None,
    opener: SandboxOpener | None = None,
    name: str | None = None,
    require_isolation: bool = False,
    later: Later | None = None,
) -> Report:
    """Grade ``submission`` (a ``.py`` file, a folder or a ``.zip``, where
    :mod:`grader.grading.intake`'s rule finds the agent) on ``assignment`` (a built-in name, a
    folder, or :func:`prepare`'s result), all tests or those named. The report names the
    submission ``name`` (default: its file name). A submission that cannot be graded as
    given (a link, too big, no agent) gets a report whose every test is an ``error``
    saying why. The report says the isolation the sandbox reached; with
    ``require_isolation`` (instructor modes), IsolationUnavailable rather than run
    student code with limits only. With ``later`` (a :class:`~grader.hosts.base.Cleaner`),
    the sandbox's processes end before this returns, and what it created is removed
    there, beside what the caller does next."""
    started = time.perf_counter()
    ready = assignment if isinstance(assignment, Prepared) else prepare(
        assignment=assignment, tests=tests
    )
    if ready.loaded.spec.play is not None:  # an agents assignment: graded by play
        from grader.play.grading import grade_agent

        return grade_agent(submission=Path(submission), loaded=ready.loaded, sandbox=sandbox,
                           tests=tests or ready.matches, name=name,
                           require_isolation=require_isolation)
    isolation = None
    try:
        with submission_folder(Path(submission)) as folder:
            results, isolation = _run_all(opener, sandbox, folder, ready, require_isolation,
                                          later)
    except SubmissionRefused as exc:
        results = refused_results(ready, exc.message)
    single = Path(submission).name if Path(submission).suffix == ".py" else None
    results = once_per_submission(results, single)
    if ready.loaded.spec.all_or_nothing:
        results = all_or_nothing(results)
    return make_report(
        assignment=ready.loaded.name,
        submission=name or Path(submission).name,
        tests=results,
        sandbox=sandbox,
        time_s=time.perf_counter() - started,
        isolation=isolation,
    )


def refused_results(ready: Prepared, reason: str) -> list[TestResult]:
    """Every test's result for a submission that cannot run: the student's ``error``."""
    return error_results(ready, f"your submission cannot be graded: {reason}")


def error_results(
    ready: Prepared, message: str, status: RunStatus = "error"
) -> list[TestResult]:
    """Every test of ``ready`` ended as an ``error`` (or ``status``) that says ``message``."""
    failed = RunResult(status=status, message=message)
    return [score_run(failed, c) for c in ready.contexts]


def _open(
    opener: SandboxOpener | None, kind: SandboxKind, folder: Path, ready: Prepared,
    require_isolation: bool,
) -> Sandbox:
    if opener is not None:
        return opener(kind, folder, ready.memory_mb)
    from grader.hosts import open_sandbox

    return open_sandbox(
        kind, folder, memory_mb=ready.memory_mb, cpu_s=ready.cpu_s,
        require_isolation=require_isolation,
    )


def _run_all(
    opener: SandboxOpener | None, kind: SandboxKind, folder: Path, ready: Prepared,
    require_isolation: bool = False, later: Later | None = None,
) -> tuple[list[TestResult], Isolation | None]:
    loaded, contexts = ready.loaded, ready.contexts
    try:
        box = _open(opener, kind, folder, ready, require_isolation)
    except GraderError:
        raise
    except Exception as exc:  # the grader's own failure: no test is charged
        reason = f"could not start the {kind} sandbox: {type(exc).__name__}: {exc}"
        failed = RunResult(status="sandbox_error", message=reason)
        return [score_run(failed, c) for c in contexts], None
    runs: list[tuple[RunResult, TestContext]] = []
    with box if later is None else _closed_soon(box, later):
        for ctx in _visible_first(contexts):
            request = RunRequest(
                test_name=ctx.spec.name,
                tree=ctx.tree,
                entry=loaded.spec.entry,
                depth=ctx.entry_depth,
                time_limit=ctx.time_limit,
                memory_mb=loaded.spec.test_memory_mb(ctx.spec),
                conventions=ctx.spec.conventions(),
                vector_value=isinstance(ctx.golden.value, list),
                root_visits=answer_shape(ctx.algorithm) == "visits",
                entry_kind=loaded.spec.entry_kind,
                agents=ctx.tree.agents or 0,
                action_only=ctx.action_only,
                listed_plies=None if searches_past_depth(ctx.algorithm, ctx.spec.conventions())
                else ctx.depth_plies,
            )
            runs.append((_run_one(box, request), ctx))
    ran = {id(ctx): run for run, ctx in runs}
    return score_all([(ran[id(ctx)], ctx) for ctx in contexts]), box.isolation  # in order


def _visible_first(contexts: list[TestContext]) -> list[TestContext]:
    """The tests in the order they run: the visible ones first. One sandbox runs them
    all, so a submission could keep what it read in a hidden test and print it in a
    visible one, whose output the student sees; after the hidden tests it prints
    nowhere a student reads."""
    return sorted(contexts, key=lambda ctx: ctx.spec.visibility == "hidden")


@contextmanager
def _closed_soon(box: Sandbox, later: Later) -> Iterator[Sandbox]:
    try:
        yield box
    finally:
        box.close_soon(later)


def _run_one(box: Sandbox, request: RunRequest) -> RunResult:
    try:
        return box.run(request)
    except GraderError:
        raise
    except Exception as exc:  # a failure of the sandbox itself, never the student's
        return RunResult(
            status="sandbox_error", message=f"sandbox failure: {type(exc).__name__}: {exc}"
        )


def _context(loaded: LoadedAssignment, spec: TestSpec) -> TestContext:
    tree: Tree = searched_tree(loaded, spec)
    golden = current_golden(loaded, spec, tree)
    return TestContext(
        spec=spec,
        tree=tree,
        golden=golden.record,
        algorithm=loaded.spec.reference_for(spec),
        time_limit=loaded.spec.test_time_limit(spec),
        forms=tuple(golden.forms),
        entry_depth=_entry_depth(loaded, spec, tree),
        action_only=loaded.spec.action_only,
    )


def _entry_depth(loaded: LoadedAssignment, spec: TestSpec, tree: Tree) -> int:
    """The depth the entry receives: the test's, or for a CS188 agent its depth in rounds
    of all the tree's agents (CS188's ``depth``)."""
    if loaded.spec.entry_kind != "cs188":
        return spec.depth
    plies = spec.plies(tree.players)
    if not tree.agents or plies % tree.agents:
        reason = (
            f"a cs188 entry needs a tree that declares its agents; {spec.tree} does not"
            if not tree.agents else
            f"depth {plies} plies is not a whole number of rounds of {tree.agents} agents"
        )
        raise InputFileError(loaded.folder / ASSIGNMENT_FILE, place_of_test(spec.name), reason)
    return plies // tree.agents


def current_golden(loaded: LoadedAssignment, spec: TestSpec, tree: Tree) -> Golden:
    """The test's golden; a :class:`GraderError` (exit 2) when it is missing, or was not
    computed from the test as it stands (its tree, depth, algorithm or a convention)."""
    path = loaded.golden_path(spec)
    if not path.is_file():
        raise GraderError(
            f"{path}: no golden for test {spec.name!r}; run `grader build -a {loaded.folder}`"
        )
    golden: Golden = load_golden(path)
    digest = source_digest(loaded, spec, tree)
    setup = search_setup(spec, tree.players)
    reason = stale_reason(golden, spec, setup, loaded.spec.reference_for(spec), digest)
    if reason is not None:
        raise GraderError(
            f"{path}: stale golden for test {spec.name!r}: {reason}; "
            f"run `grader build -a {loaded.folder}`"
        )
    return golden
