"""Scoring one run: compare a submission's record with the golden, check by check.

Partial credit: a test's points are split in equal shares over its checks, and each check
that matches earns its share (a test worth 4 points with checks value, action, expanded
and prunes gives 1 point a check). The test passes only if every check matches.
A run that did not finish (``timeout``, ``memory``, ``error``) earns 0. A
``sandbox_error`` is the grader's fault: it earns 0 but the report lists it among the
grader's faults, to be regraded, and it is never described as the student's mistake.

The checks:
- ``value``: the root value; numbers equal within 1e-6 (relative or absolute), vectors
  elementwise and of the same length;
- ``action``: the root action, exactly;
- ``expanded`` / ``evaluated``: the nodes, in order, repeats included;
- ``generated``: the number of ``result`` calls;
- ``prunes``: plain minimax's visits at the same depth minus the submission's;
- ``time``: the run finished within the test's time limit.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from grader.authoring.assignment import Check, TestSpec
from grader.authoring.golden import Form
from grader.feedback.crashes import arguments_hint, game_refusal, refusal_lines
from grader.feedback.explain import Conventions, explain, fmt, short
from grader.grading.report import CheckResult, TestResult, bounded_output
from grader.grading.statuses import STATUSES, Status
from grader.hosts.base import RunResult
from grader.trees.record import LISTED_VISITS, SearchRecord, make_record
from grader.trees.tree import Tree
from grader.trees.values import TOLERANCE, values_match
from reference.conventions import TIME_BUDGET

if TYPE_CHECKING:
    from grader.feedback.diagnosis import Evidence

__all__ = ["TOLERANCE", "TestContext", "score_all", "score_run", "values_match"]
ACTION_ONLY_NOTE = (
    "value not graded: this entry (a CS188 agent's getAction) returns an action only; "
    "the action and the search record are graded"
)
CLOCK_UNREAD = (
    "you never asked game.time_left(): this test's time budget is the game's virtual clock "
    "(a tick for each node expanded or evaluated), not the time your search takes"
)
SHOWN_FIELDS: tuple[Check, ...] = (
    "value", "action", "expanded", "evaluated", "generated", "prunes"
)


@dataclass(frozen=True)
class TestContext:
    """What scoring needs of a test besides the run: its spec, tree and golden."""

    __test__ = False  # not a pytest test class

    spec: TestSpec
    tree: Tree
    golden: SearchRecord
    algorithm: str
    time_limit: float
    forms: tuple[Form, ...] = ()  # every correct form the test accepts, when they differ
    entry_depth: int = -1  # the depth the entry receives (-1: the test's depth)
    action_only: bool = False  # the entry answers an action alone: no value to check
    # the conventions of every correct form of the test, kept by a test in one of its forms
    open_forms_kept: tuple[Mapping[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.entry_depth < 0:
            object.__setattr__(self, "entry_depth", self.spec.depth)

    @property
    def depth_plies(self) -> int:
        return self.spec.plies(self.tree.players)

    def in_form(self, form: Form) -> TestContext:
        """This test as graded in one of its correct forms."""
        spec = self.spec.model_copy(update=form.conventions)
        return dataclasses.replace(
            self, spec=spec, golden=form.record, forms=(), open_forms_kept=self.open_forms()
        )

    def open_forms(self) -> tuple[Mapping[str, Any], ...]:
        """The conventions of every correct form the test accepts: each combination of the
        forms of the conventions it leaves open, whether or not their records differ on
        this tree (a golden keeps only those that do). The known mistakes are tried in
        each, since a student's mistake shows in the form the student wrote."""
        if self.open_forms_kept:
            return self.open_forms_kept
        from grader.authoring.assignment import correct_forms, search_setup
        from reference.algorithms import accepted_options

        taken = accepted_options(self.algorithm)
        setup = search_setup(self.spec, self.tree.players)
        left_open = {k: v for k, v in setup.conventions.items() if k in taken}
        own = self.spec.conventions()
        return tuple({**own, **form} for _, form in correct_forms(left_open))

    def variant_inputs(self) -> dict[str, Any]:
        """What the known mistakes are run on for this test (a student kit stores their runs
        under the same inputs: :mod:`grader.feedback.catalogue`)."""
        return {
            "tree": self.tree, "algorithm": self.algorithm, "depth": self.spec.depth,
            "conventions": self.spec.conventions(),
        }

    def expected_in_full(self) -> SearchRecord:
        """The golden with its lists: a compacted golden's search is run again, in the
        test's conventions (as the golden was), to explain a difference."""
        if self.golden.digest is None:
            return self.golden
        from grader.authoring.assignment import search_setup
        from grader.authoring.runs import run_reference  # only to explain a long search
        from reference.algorithms import accepted_options

        setup = search_setup(self.spec, self.tree.players)
        taken = accepted_options(self.algorithm)
        conventions = {k: v for k, v in setup.conventions.items() if k in taken}
        return run_reference(self.algorithm, self.tree, setup, conventions)

    @property
    def explained_as(self) -> Conventions:
        """The search as the explanation of a difference needs to know it."""
        return Conventions(
            algorithm=self.algorithm,
            depth=self.depth_plies,
            prune_on_equality=bool(self.spec.convention("prune_on_equality")),
            fail_soft=bool(self.spec.convention("fail_soft")),
            transposition_table=self.spec.convention("transposition_table"),
            quiescence_depth=self.spec.convention("quiescence_depth"),
            chance_counts_as_ply=self.spec.convention("chance_counts_as_ply") is not False,
        )


def check_passes(check: Check, expected: SearchRecord, got: SearchRecord, run: RunResult,
                 time_limit: float) -> bool:
    """Whether one check matches."""
    if check == "value":
        return values_match(expected.value, got.value)
    if check == "time":
        return run.time_s <= time_limit
    if check == "expanded" or check == "evaluated":
        return expected.same(check, got)
    return bool(getattr(expected, check) == getattr(got, check))


def shown(
    record: SearchRecord, checks: list[Check], expected_prunes: int = 0, *,
    long_search: bool = False,
) -> dict[str, Any]:
    """The checked fields of a record, as a report shows them. A prune count below zero
    (more visits than plain minimax) is shown as none where the expected count is not
    negative itself (as quiescence's is, searching past the horizon). The lists of a
    compacted golden, of any record with ``long_search`` (the golden is compacted), and
    any list past :data:`LISTED_VISITS` (a search gone far wider than it should, or a
    flood of calls) are shown as their count and digest."""
    fields = [c for c in SHOWN_FIELDS if c in checks] or ["value", "action"]
    dumped = record.model_dump(mode="json", exclude={"visits", "expanded", "evaluated"})
    out: dict[str, Any] = {}
    for field in fields:  # in the order of SHOWN_FIELDS, as every report lists them
        if field not in ("expanded", "evaluated"):
            out[field] = dumped[field]
            continue
        nodes: list[str] = getattr(record, field)  # a long list, as a long golden keeps it
        if record.digest is not None or long_search or len(nodes) > LISTED_VISITS:
            count, sha256 = record.summary(field)
            out[field] = {"count": count, "sha256": sha256}
        else:
            out[field] = list(nodes)
    if "prunes" in out and record.prunes < 0 <= expected_prunes:
        out["prunes"] = None
    return out


def score_run(
    run: RunResult, ctx: TestContext, *, elsewhere: Iterable[Evidence] = ()
) -> TestResult:
    """The result of one test from its run: status, points, message, expected vs got.
    ``elsewhere``: what the submission did on its other tests, to tell mistakes apart.

    Never raises: whatever goes wrong while scoring a run is the grader's own fault, so
    the test becomes a ``sandbox_error`` (regraded, never charged) and the batch goes on.
    """
    try:
        return _score(run, ctx, elsewhere)
    except Exception as exc:  # a grader bug must cost one test, never the run
        return TestResult(
            status="sandbox_error", score=0.0, max_score=ctx.spec.points, name=ctx.spec.name,
            visibility=ctx.spec.visibility, time_s=round(max(run.time_s, 0.0), 6),
            message=f"the grader failed while scoring this test (not your fault): "
            f"{type(exc).__name__}; it will be regraded",
            checks=[CheckResult(check=c, passed=False, score=0.0) for c in ctx.spec.checks],
        )


def _score(run: RunResult, ctx: TestContext, elsewhere: Iterable[Evidence]) -> TestResult:
    spec = ctx.spec
    base: dict[str, Any] = {
        "name": spec.name,
        "max_score": spec.points,
        "time_s": round(run.time_s, 6),
        "visibility": spec.visibility,
        "output": bounded_output(run.output),
        "expected": shown(ctx.golden, spec.checks, ctx.golden.prunes),
    }
    if run.status != "ok":
        return _unfinished(run, ctx, base, elsewhere)
    try:
        got = make_record(ctx.tree, run.trace, run.value, run.action, depth_plies=ctx.depth_plies)
    except (ValidationError, TypeError, ValueError):
        return TestResult(
            status="error", score=0.0, message=f"returned a value the grader cannot read: "
            f"{short(run.value)}; return (value, action) with a number value", **base,
        )
    checks = list(spec.checks)
    form, outcomes = _closest_form(ctx, got, run)
    if form is not None:  # graded as the form it comes closest to, and named
        ctx = ctx.in_form(form)
        base.update(expected=shown(ctx.golden, spec.checks, ctx.golden.prunes), form=form.name)
    share = spec.points / len(checks) if checks else spec.points
    results = [
        CheckResult(check=c, passed=ok, score=round(share if ok else 0.0, 6))
        for c, ok in zip(checks, outcomes, strict=True)
    ]
    failed = [c for c, ok in zip(checks, outcomes, strict=True) if not ok]
    status: Status = "failed" if failed else "passed"
    score = spec.points if not failed else sum(r.score for r in results)
    lines = _safe_feedback(ctx, run, got, failed, elsewhere) if failed else []
    notes = [ACTION_ONLY_NOTE] if ctx.action_only else []
    return TestResult(
        status=status,
        score=round(score, 6),
        message=lines[0] if lines else None,
        feedback=[*lines[1:], *notes],
        got=shown(got, spec.checks, ctx.golden.prunes,
                  long_search=ctx.golden.digest is not None),
        checks=results,
        **base,
    )


def _closest_form(
    ctx: TestContext, got: SearchRecord, run: RunResult
) -> tuple[Form | None, list[bool]]:
    """The correct form whose record ``got`` matches in the most checks (the first on a
    tie; None when the test has one form), and each check's outcome against it."""
    best: tuple[Form | None, list[bool]] | None = None
    for form in ctx.forms or (None,):
        expected = ctx.golden if form is None else form.record
        outcomes = [check_passes(c, expected, got, run, ctx.time_limit) for c in ctx.spec.checks]
        if best is None or sum(outcomes) > sum(best[1]):
            best = (form, outcomes)
    assert best is not None
    return best


def _safe_feedback(
    ctx: TestContext, run: RunResult, got: SearchRecord, failed: list[Check],
    elsewhere: Iterable[Evidence],
) -> list[str]:
    """The feedback of a failed test; the verdict stands even if explaining it fails."""
    try:
        return _feedback(ctx, run, got, failed, elsewhere)
    except Exception as exc:  # a grader bug: say so, keep the verdict
        return [
            f"wrong {', '.join(failed)}",
            f"(the grader could not explain this difference: {type(exc).__name__})",
        ]


def _feedback(
    ctx: TestContext, run: RunResult, got: SearchRecord, failed: list[Check],
    elsewhere: Iterable[Evidence],
) -> list[str]:
    expected = ctx.expected_in_full()
    lines = explain(
        tree=ctx.tree, conventions=ctx.explained_as, expected=expected, got=got, failed=failed
    )
    unread = ctx.spec.conventions().get(TIME_BUDGET) is not None and not run.trace.asked(
        "time_left")
    if unread:  # the cause, before what follows from it (no known mistake reads no clock)
        lines.insert(0, CLOCK_UNREAD)
    elif set(failed) - {"time"}:
        from grader.feedback.diagnosis import diagnose  # runs the fault variants: only on a failure

        found = diagnose(
            **ctx.variant_inputs(), expected=expected, got=got, elsewhere=elsewhere,
            forms=ctx.open_forms(),
        )
        if found is not None:
            lines.insert(1, found.sentence)  # after the first divergence, which it names
    if "time" in failed:
        lines.append(f"took {run.time_s:.3f} s, over the {fmt(ctx.time_limit)} s limit")
    return lines or [f"wrong {', '.join(failed)}"]


def _unfinished(
    run: RunResult, ctx: TestContext, base: dict[str, Any], elsewhere: Iterable[Evidence]
) -> TestResult:
    status: Status = run.status if run.status != "ok" else "error"
    message = run.message or STATUSES[status].message or status
    if status == "timeout":
        message = f"{message} ({fmt(ctx.time_limit)} s)" if run.message is None else message
    feedback: list[str] = []
    refusal = game_refusal(run)
    if refusal is not None:
        try:
            message, *feedback = refusal_lines(run, ctx, refusal, elsewhere)
        except Exception:  # a grader bug: the refusal alone still says what happened
            message = f"the game refused a call: {refusal}"
    hint = arguments_hint(run)
    if hint is not None:
        feedback.insert(0, hint)
    checks = [CheckResult(check=c, passed=False, score=0.0) for c in ctx.spec.checks]
    return TestResult(
        status=status,
        score=0.0,
        message=message,
        feedback=feedback,
        detail=run.detail,
        checks=checks,
        **base,
    )


def all_or_nothing(results: list[TestResult]) -> list[TestResult]:
    """Every test's points only when all pass, none otherwise (CS188's scoring of a
    question); each test scored zero says why."""
    failing = [r.name for r in results if not r.passed]
    if not failing:
        return results
    shown_names = ", ".join(failing[:3]) + (", ..." if len(failing) > 3 else "")
    note = (
        f"all-or-nothing: the points come only when every test passes; "
        f"{len(failing)} did not ({shown_names})"
    )
    return [
        r.model_copy(update={
            "score": 0.0, "feedback": [*r.feedback, note],
            "checks": [c.model_copy(update={"score": 0.0}) for c in r.checks],
        })
        for r in results
    ]


def evidence_of(run: RunResult, ctx: TestContext) -> Evidence | None:
    """What a run tells of the submission's search, to tell known mistakes apart on the
    other tests: its record, or the calls up to a game's refusal; None for other ends."""
    from grader.feedback.diagnosis import Evidence

    crashed = game_refusal(run) is not None
    if run.status != "ok" and not crashed:
        return None
    try:
        got = make_record(ctx.tree, run.trace, run.value, run.action,
                          depth_plies=ctx.depth_plies)
    except (ValidationError, TypeError, ValueError):
        return None
    return Evidence(**ctx.variant_inputs(), got=got, crashed=crashed, forms=ctx.open_forms())


def score_all(runs: Sequence[tuple[RunResult, TestContext]]) -> list[TestResult]:
    """Every test of one submission, each scored with what the others tell of the search
    (read once, and only if a diagnosis asks: a submission that passes never needs it)."""
    evidence = functools.cache(lambda: [evidence_of(run, ctx) for run, ctx in runs])
    return [
        score_run(run, ctx, elsewhere=_Others(evidence, i)) for i, (run, ctx) in enumerate(runs)
    ]


@dataclass(frozen=True)
class _Others:
    """The evidence of every test but one, made when first iterated."""

    evidence: Callable[[], list[Evidence | None]]
    index: int

    def __iter__(self) -> Iterator[Evidence]:
        return (e for j, e in enumerate(self.evidence()) if j != self.index and e is not None)
