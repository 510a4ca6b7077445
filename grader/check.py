"""Grading one submission: open one sandbox, run every test through it, score each.

:func:`grade_submission` is what ``grader check`` calls. A student's failure (a crash, a
timeout, a wrong answer) is a result in the report; a :class:`GraderError` is raised only
for bad usage or input: a missing submission, an unknown test, a missing golden.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from grader.assignment import LoadedAssignment, TestSpec, load_assignment, search_setup
from grader.errors import GraderError
from grader.golden import Golden, load_golden, stale_reason
from grader.report import Report, TestResult, make_report
from grader.sandbox.base import RunRequest, RunResult, Sandbox
from grader.scoring import TestContext, score_run
from grader.tree import Tree, load_tree

SandboxKind = Literal["local", "docker"]
SandboxOpener = Callable[[SandboxKind, Path, int], Sandbox]
ENTRY_FILE = "agent.py"
ZIP_LIMIT = 20 * 1024 * 1024  # bytes a submission's archive may unpack to


@dataclass(frozen=True)
class Prepared:
    """An assignment made ready to grade: its tests' trees and goldens, loaded once."""

    loaded: LoadedAssignment
    contexts: list[TestContext]
    hide: tuple[Path, ...] = ()  # folders the submission must not see

    @property
    def memory_mb(self) -> int:
        return max(self.loaded.spec.test_memory_mb(c.spec) for c in self.contexts)

    @property
    def cpu_s(self) -> float:
        return sum(c.time_limit for c in self.contexts)


def prepare(
    *, assignment: str | Path, tests: Sequence[str] | None = None, hide: Sequence[Path] = ()
) -> Prepared:
    """Load ``assignment`` (a built-in name or a folder) and the tests named (or all)."""
    loaded = load_assignment(assignment)
    specs = [loaded.test(name) for name in tests] if tests else list(loaded.spec.tests)
    contexts = [_context(loaded, spec) for spec in specs]
    return Prepared(loaded, contexts, (loaded.folder, *hide))


def grade_submission(
    *,
    submission: Path,
    assignment: str | Path | Prepared,
    sandbox: SandboxKind = "local",
    tests: Sequence[str] | None = None,
    opener: SandboxOpener | None = None,
    name: str | None = None,
) -> Report:
    """Grade ``submission`` (a ``.py`` file, a folder holding ``agent.py``, or a ``.zip`` of
    either) on ``assignment`` (a built-in name, a folder, or :func:`prepare`'s result),
    all tests or those named. The report names the submission ``name`` (default: its
    file name)."""
    started = time.perf_counter()
    ready = assignment if isinstance(assignment, Prepared) else prepare(
        assignment=assignment, tests=tests
    )
    with _submission_folder(Path(submission)) as folder:
        results = _run_all(opener, sandbox, folder, ready)
    return make_report(
        assignment=ready.loaded.name,
        submission=name or Path(submission).name,
        tests=results,
        sandbox=sandbox,
        time_s=time.perf_counter() - started,
    )


def _open(
    opener: SandboxOpener | None, kind: SandboxKind, folder: Path, ready: Prepared
) -> Sandbox:
    if opener is not None:
        return opener(kind, folder, ready.memory_mb)
    from grader.sandbox import open_sandbox

    return open_sandbox(
        kind, folder, memory_mb=ready.memory_mb, cpu_s=ready.cpu_s, hide=ready.hide
    )


def _run_all(
    opener: SandboxOpener | None, kind: SandboxKind, folder: Path, ready: Prepared
) -> list[TestResult]:
    loaded, contexts = ready.loaded, ready.contexts
    try:
        box = _open(opener, kind, folder, ready)
    except GraderError:
        raise
    except Exception as exc:  # the grader's own failure: no test is charged
        reason = f"could not start the {kind} sandbox: {type(exc).__name__}: {exc}"
        return [score_run(RunResult(status="sandbox_error", message=reason), c) for c in contexts]
    results: list[TestResult] = []
    with box:
        for ctx in contexts:
            request = RunRequest(
                test_name=ctx.spec.name,
                tree=ctx.tree,
                entry=loaded.spec.entry,
                depth=ctx.spec.depth,
                time_limit=ctx.time_limit,
                memory_mb=loaded.spec.test_memory_mb(ctx.spec),
                conventions=ctx.spec.conventions(),
                vector_value=isinstance(ctx.golden.value, list),
            )
            results.append(score_run(_run_one(box, request), ctx))
    return results


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
    tree_path = loaded.tree_path(spec)
    tree: Tree = load_tree(tree_path)
    golden = current_golden(loaded, spec, tree)
    return TestContext(
        spec=spec,
        tree=tree,
        golden=golden.record,
        algorithm=loaded.spec.reference_for(spec),
        time_limit=loaded.spec.test_time_limit(spec),
        forms=tuple(golden.forms),
    )


def current_golden(loaded: LoadedAssignment, spec: TestSpec, tree: Tree) -> Golden:
    """The test's golden; a :class:`GraderError` (exit 2) when it is missing, or was not
    computed from the test as it stands (its tree, depth, algorithm or a convention)."""
    path = loaded.golden_path(spec)
    if not path.is_file():
        raise GraderError(
            f"{path}: no golden for test {spec.name!r}; run `grader build -a {loaded.folder}`"
        )
    golden: Golden = load_golden(path)
    digest = hashlib.sha256(loaded.tree_path(spec).read_bytes()).hexdigest()
    setup = search_setup(spec, tree.players)
    reason = stale_reason(golden, spec, setup, loaded.spec.reference_for(spec), digest)
    if reason is not None:
        raise GraderError(
            f"{path}: stale golden for test {spec.name!r}: {reason}; "
            f"run `grader build -a {loaded.folder}`"
        )
    return golden


@contextmanager
def _submission_folder(path: Path) -> Iterator[Path]:
    """A folder holding the submission's ``agent.py``, made from a file or an archive."""
    if not path.exists():
        raise GraderError(f"{path}: no such submission; give a .py file or a folder with agent.py")
    if path.is_dir():
        if not (path / ENTRY_FILE).is_file():
            raise GraderError(f"{path}: no {ENTRY_FILE} in this folder; name your module agent.py")
        yield path
        return
    if path.suffix not in (".py", ".zip"):
        raise GraderError(f"{path}: a submission is a .py file, a .zip, or a folder with agent.py")
    tmp = Path(tempfile.mkdtemp(prefix="grader-submission-"))
    try:
        if path.suffix == ".py":
            shutil.copyfile(path, tmp / ENTRY_FILE)
            yield tmp
        else:
            yield _unzip(path, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _unzip(path: Path, dest: Path) -> Path:
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            if sum(m.file_size for m in members) > ZIP_LIMIT:
                raise GraderError(f"{path}: unpacks to more than {ZIP_LIMIT >> 20} MB")
            for member in members:
                target = (dest / member.filename).resolve()
                if not target.is_relative_to(dest.resolve()):
                    raise GraderError(f"{path}: {member.filename!r} points outside the archive")
            archive.extractall(dest)
    except zipfile.BadZipFile as exc:
        raise GraderError(f"{path}: not a valid zip archive ({exc})") from None
    agents = sorted(dest.rglob(ENTRY_FILE), key=lambda p: len(p.parts))
    if not agents:
        raise GraderError(f"{path}: no {ENTRY_FILE} in the archive")
    return agents[0].parent
