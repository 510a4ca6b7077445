"""Building assignments: goldens from the reference searches, tree validation, schema copies.

:func:`build_assignment` is ``grader build``: it checks every tree an assignment names,
runs the reference search of each test on a traced :class:`~grader.trees.game.TreeGame`, and
writes ``golden/<test>.json``. The text of a golden depends only on the assignment and its
trees, so a rebuild is byte-identical; ``check=True`` writes nothing and refuses stale or
missing goldens. :func:`validate_paths` is ``grader validate``; :func:`schema_text` is
``grader schema``, whose output is the committed copy in ``grader/schemas/``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from grader.authoring.assignment import (
    ASSIGNMENT_FILE,
    GOLDEN_DIR,
    LoadedAssignment,
    SearchSetup,
    TestSpec,
    builtin_names,
    builtin_root,
    correct_forms,
    load_assignment,
    place_of_test,
    search_setup,
)
from grader.authoring.golden import Form, Golden
from grader.authoring.runs import run_reference
from grader.authoring.schema_files import SCHEMAS
from grader.authoring.sources import cut_off_plies, searched_tree, source_digest
from grader.errors import GameError, GraderError, InputFileError
from grader.trees.record import SearchRecord, compacted
from grader.trees.tree import Tree, load_tree
from reference import algorithms
from reference.conventions import RANDOM_SEED, ConventionValue, FormValue


def schema_text(*, kind: str) -> str:
    """The JSON Schema of ``kind`` as committed in ``grader/schemas/`` (trailing newline)."""
    try:
        _, function = SCHEMAS[kind]
    except KeyError:
        raise GraderError(f"no schema {kind!r}; kinds: {', '.join(SCHEMAS)}") from None
    make: Callable[[], dict[str, Any]] = algorithms.load(function)
    return json.dumps(make(), indent=2) + "\n"


def schema_path(*, kind: str) -> Path:
    """Where the committed copy of a schema lives, inside the installed package."""
    return Path(__file__).resolve().parents[1] / "schemas" / SCHEMAS[kind][0]


def write_schemas() -> list[Path]:
    """Regenerate every committed schema copy; return the files whose text changed."""
    changed = []
    for kind in SCHEMAS:
        path = schema_path(kind=kind)
        text = schema_text(kind=kind)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def load_test_trees(loaded: LoadedAssignment) -> dict[str, Tree]:
    """Every test's bare tree, checked for the test's depth (evals where it is cut off);
    keyed by test name: what :func:`compute_golden` searches. (The trees a report draws,
    with their goldens, are :func:`grader.grading.report_trees.load_report_trees`.)"""
    return {spec.name: searched_tree(loaded, spec, checked=True) for spec in loaded.spec.tests}


def compute_golden(loaded: LoadedAssignment, spec: TestSpec, tree: Tree) -> Golden:
    """Run the test's reference search on its tree, in each correct form the test
    accepts; the records are the golden."""
    place = _test_place(loaded, spec)
    algorithm = loaded.spec.reference_for(spec)
    try:
        accepted = algorithms.accepted_options(algorithm)
    except KeyError as exc:
        raise InputFileError(place[0], place[1], str(exc.args[0])) from None
    if spec.convention(RANDOM_SEED) is not None and RANDOM_SEED not in accepted:
        raise InputFileError(  # a stream would make the graded game read a growing tree
            place[0], f"{place[1]}.{RANDOM_SEED}",
            f"{algorithm} draws no random numbers: only a search that grows a tree from "
            "random playouts (mcts) takes a random_seed; remove it",
        )
    setup = search_setup(spec, tree.players)
    conventions = {k: v for k, v in setup.conventions.items() if k in accepted}
    found: list[tuple[list[tuple[str, ...]], dict[str, FormValue], SearchRecord]] = []
    for words, form in correct_forms(conventions):
        record = _reference_record(algorithm, tree, spec, setup, {**conventions, **form}, place)
        same = next((f for f in found if f[2] == record), None)
        if same is None:
            found.append(([words], form, record))
        else:  # another form makes the same record: it is kept once, named for both
            same[0].append(words)
    names = _names([words for words, _, _ in found])
    forms = [
        Form(name=name, conventions=form, record=compacted(record))
        for name, (_, form, record) in zip(names, found, strict=True)
    ]
    return Golden(
        format="golden/1",
        assignment=loaded.name,
        test=spec.name,
        tree=spec.source,
        tree_sha256=source_digest(loaded, spec, tree),
        depth=setup.depth,
        depth_unit=setup.depth_unit,
        algorithm=algorithm,
        conventions=conventions,
        record=forms[0].record,
        forms=forms if len(forms) > 1 else [],
    )


def _names(groups: list[list[tuple[str, ...]]]) -> list[str]:
    """Each kept form's name, from the words of the correct forms that make its record
    (one list of words a form, a word a convention), at the conventions where the kept
    forms differ: the words every form of the record shares (``fail-soft``, not
    ``fail-soft, no table`` where every kept form keeps no table; ``leaves stored``, not
    ``fail-hard, leaves stored`` where fail-soft makes the same record); the forms one
    by one, joined by "or", where they share none, or share another record's name."""
    if not groups:
        return []
    kinds = [[frozenset(w[i] for w in ws) for i in range(len(ws[0]))] for ws in groups]
    telling = [i for i in range(len(kinds[0])) if len({k[i] for k in kinds}) > 1]
    shared = [", ".join(min(k[i]) for i in telling if len(k[i]) == 1) for k in kinds]
    return [name if name and shared.count(name) == 1 else _each(ws, telling)
            for name, ws in zip(shared, groups, strict=True)]


def _each(forms: list[tuple[str, ...]], telling: list[int]) -> str:
    """The words of each of ``forms`` at the ``telling`` conventions, joined by "or"."""
    return " or ".join(dict.fromkeys(", ".join(w[i] for i in telling) for w in forms))


def _reference_record(
    algorithm: str,
    tree: Tree,
    spec: TestSpec,
    setup: SearchSetup,
    conventions: dict[str, ConventionValue],
    place: tuple[Path, str],
) -> SearchRecord:
    try:
        return run_reference(algorithm, tree, setup, conventions)
    except (ValueError, GameError) as exc:
        reason = f"the {algorithm} reference cannot search {spec.source}: {exc}"
        raise InputFileError(place[0], place[1], reason) from None


def _test_place(loaded: LoadedAssignment, spec: TestSpec) -> tuple[Path, str]:
    return loaded.folder / ASSIGNMENT_FILE, place_of_test(spec.name)


def golden_text(golden: Golden) -> str:
    """A golden's file text: the model's field order, indent 2, a trailing newline."""
    return json.dumps(golden.model_dump(mode="json"), indent=2) + "\n"


def planned_goldens(loaded: LoadedAssignment) -> dict[Path, str]:
    """The text each test's golden file should hold, keyed by its path."""
    trees = load_test_trees(loaded)
    planned = {
        loaded.golden_path(spec): golden_text(compute_golden(loaded, spec, trees[spec.name]))
        for spec in loaded.spec.tests
    }
    if loaded.spec.evaluation is not None:  # the positions its property tests ask about
        from grader.play.properties import positions_path, positions_text

        planned[positions_path(loaded)] = positions_text(loaded)
    return planned


def build_assignment(*, assignment: str | Path, check: bool = False) -> list[Path]:
    """Write the goldens of an assignment (a built-in name or a folder).

    Returns the golden files written: those that were missing or differed, so a rebuild
    returns ``[]``. Golden files of tests the assignment no longer has are removed. With
    ``check``, writes nothing and raises :class:`GraderError` listing each golden that is
    missing, stale or left over; returns ``[]`` when all are current.
    """
    loaded = load_assignment(assignment)
    planned = planned_goldens(loaded)
    golden_dir = loaded.folder / GOLDEN_DIR
    leftover = sorted(p for p in golden_dir.glob("*.json") if p not in planned)
    changed = [p for p, text in planned.items() if _current_text(p) != text]
    if check:
        _refuse_stale(loaded, str(assignment), planned, changed, leftover)
        return []
    golden_dir.mkdir(exist_ok=True)
    for path in changed:
        path.write_text(planned[path], encoding="utf-8")
    for path in leftover:
        path.unlink()
    return changed


def _current_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def _refuse_stale(
    loaded: LoadedAssignment,
    given: str,
    planned: dict[Path, str],
    changed: list[Path],
    leftover: list[Path],
) -> None:
    problems = [
        f"  {'missing' if not p.exists() else 'stale'}: {p.relative_to(loaded.folder)}"
        for p in changed
    ]
    problems += [f"  no such test: {p.relative_to(loaded.folder)}" for p in leftover]
    if problems:
        raise GraderError(
            f"{loaded.folder}: {len(problems)} of {len(planned)} goldens are not current; "
            f"run `grader build -a {given}`\n" + "\n".join(problems)
        )


@dataclass(frozen=True)
class Validated:
    """The outcome of validating one file: ``error`` is None when the file is fine."""

    path: Path
    error: GraderError | None = None


def validate_paths(*, paths: Sequence[str | Path]) -> list[Validated]:
    """Validate tree files and assignments (folders or ``assignment.yaml``), every one.

    An assignment gives one outcome for ``assignment.yaml`` and one per tree file its
    tests name, each tree checked at the depth of every test that uses it. Any other
    folder stands for the ``*.tree.json`` files in it; a built-in assignment's name for
    that assignment.
    """
    outcomes: list[Validated] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists() and str(raw) in builtin_names():
            path = builtin_root() / str(raw)
        if path.name == ASSIGNMENT_FILE or (path / ASSIGNMENT_FILE).is_file():
            outcomes.extend(_validate_assignment(path))
        elif path.is_dir():
            trees = sorted(path.glob("*.tree.json"))
            if not trees:
                error = GraderError(f"{path}: no {ASSIGNMENT_FILE} and no *.tree.json here")
                outcomes.append(Validated(path, error))
            outcomes.extend(_validated(tree, partial(load_tree, tree)) for tree in trees)
        else:
            outcomes.append(_validated(path, partial(load_tree, path)))
    return outcomes


def _validated(path: Path, check: Callable[[], object]) -> Validated:
    try:
        check()
    except GraderError as exc:
        return Validated(path, exc)
    return Validated(path)


def _validate_assignment(path: Path) -> list[Validated]:
    """``assignment.yaml`` (and whether each test's reference can search its tree), each
    tree file, and each golden file there is (it must be current)."""
    yaml_path = path / ASSIGNMENT_FILE if path.is_dir() else path
    try:
        loaded = load_assignment(path)
    except GraderError as exc:
        return [Validated(yaml_path, exc)]
    goldens: dict[str, Golden] = {}
    outcomes = [_validated(yaml_path, partial(_check_references, loaded, goldens))]
    by_tree: dict[Path, list[TestSpec]] = {}
    for spec in loaded.spec.tests:
        tree_path = loaded.tree_path(spec)
        if tree_path is not None:  # a positions test's game is checked with the references
            by_tree.setdefault(tree_path, []).append(spec)
    for tree_path, specs in by_tree.items():
        outcomes.append(_validated(tree_path, partial(_check_tree, loaded, tree_path, specs)))
    built = (loaded.folder / GOLDEN_DIR).is_dir()  # before the first build, none is missing
    for spec in loaded.spec.tests:
        golden_path = loaded.golden_path(spec)
        if spec.name in goldens and built:
            check = partial(_check_golden, loaded, spec, goldens[spec.name])
            outcomes.append(_validated(golden_path, check))
    if loaded.spec.evaluation is not None and built:
        from grader.play.properties import positions_path

        outcomes.append(_validated(positions_path(loaded), partial(_check_positions, loaded)))
    return outcomes


def _check_positions(loaded: LoadedAssignment) -> None:
    """An evaluations assignment's positions are what ``grader build`` would draw now."""
    from grader.play.properties import positions_path, positions_text

    if _current_text(positions_path(loaded)) != positions_text(loaded):
        raise GraderError(f"{positions_path(loaded)}: missing or stale (the seed, the count "
                          f"or the rules changed); run `grader build -a {loaded.folder}`")


def _check_references(loaded: LoadedAssignment, goldens: dict[str, Golden]) -> None:
    """Each test's reference exists and can search its tree; ``goldens`` gets what each
    computes (a test whose tree is broken is left to that tree's outcome)."""
    for spec in loaded.spec.tests:
        algorithm = loaded.spec.reference_for(spec)
        if algorithm not in algorithms.ALGORITHMS:
            path, place = _test_place(loaded, spec)
            raise InputFileError(path, f"{place}.algorithm", algorithms.unknown(algorithm))
        try:
            tree = searched_tree(loaded, spec, checked=True)
        except GraderError:
            if spec.tree is None:  # no tree file's outcome says what is wrong
                raise
            continue
        goldens[spec.name] = compute_golden(loaded, spec, tree)


def _check_golden(loaded: LoadedAssignment, spec: TestSpec, computed: Golden) -> None:
    """The golden file is what ``grader build`` would write now."""
    from grader.grading.check import current_golden  # the very test grading runs

    current_golden(loaded, spec, searched_tree(loaded, spec))
    if _current_text(loaded.golden_path(spec)) != golden_text(computed):
        raise GraderError(
            f"{loaded.golden_path(spec)}: stale golden for test {spec.name!r}: the "
            f"reference's record differs from it; run `grader build -a {loaded.folder}`"
        )


def _check_tree(loaded: LoadedAssignment, path: Path, specs: list[TestSpec]) -> None:
    tree = load_tree(path)
    for spec in specs:
        load_tree(path, depth=cut_off_plies(loaded, spec, tree))
