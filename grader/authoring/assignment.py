"""Assignments: ``assignment.yaml`` models, loading, and finding built-in ones.

The pydantic models here are the one source of the assignment JSON Schema
(``grader schema assignment``).
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator

from grader.authoring.play_spec import (
    EvaluationRules,
    MatchSpec,
    PlayRules,
    PropertySpec,
    evaluation_problem,
)
from grader.authoring.play_spec import Visibility as Visibility
from grader.authoring.yamlfile import read_yaml
from grader.errors import GraderError, InputFileError
from grader.games import GAMES
from reference.conventions import (
    CONVENTIONS,
    DEPTH_UNIT,
    SEARCH_CONVENTIONS,
    Convention,
    ConventionValue,
    DepthUnit,
    FormValue,
    plies,
)

Check = Literal["value", "action", "expanded", "evaluated", "generated", "prunes", "time"]
CHECKS: tuple[Check, ...] = get_args(Check)
_DEFAULT_CHECKS: tuple[Check, ...] = ("value", "action")
EntryKind = Literal["function", "cs188"]
ACTION_ONLY: frozenset[str] = frozenset({"cs188"})
"""The entry kinds whose answer is an action alone: their tests never check ``value``."""
if TYPE_CHECKING:  # a game's name: one of the registry's, as a Literal in the schema
    GameName = str
else:
    GameName = Literal.__getitem__(tuple(GAMES))
SOURCE_RULE = "a test names a tree, or a game and a position, not both"

ASSIGNMENT_FILE = "assignment.yaml"
GOLDEN_DIR = "golden"
FORMS: dict[str, tuple[tuple[str, FormValue], ...]] = {
    c.name: c.forms for c in CONVENTIONS.values() if c.forms
}
"""Conventions with more than one correct form: a test that leaves one unset accepts each
form (its name, and the value that makes it), the first being the default."""


def correct_forms(
    conventions: dict[str, ConventionValue],
) -> list[tuple[tuple[str, ...], dict[str, FormValue]]]:
    """Each correct form a test accepts: the name of each convention's form, and the
    conventions that make it. A convention left unset that has several forms gives each;
    ``[((), {})]`` when none."""
    found: list[tuple[tuple[str, ...], dict[str, FormValue]]] = [((), {})]
    for convention, choices in FORMS.items():
        if convention in conventions and conventions[convention] is None:
            found = [((*n, name), {**c, convention: value})
                     for n, c in found for name, value in choices]
    return found


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")


class _TestFields(_Strict):
    """The fields of a test before its conventions (the schema lists them in this order)."""

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", description="Unique test name")
    tree: str | None = Field(
        default=None,
        description="Path of the *.tree.json file, relative to assignment.yaml (a tree "
        "test; a positions test gives game and position instead)",
    )
    game: GameName | None = Field(
        default=None, description="The game a positions test searches (with position)"
    )
    position: str | None = Field(
        default=None,
        description="Where a positions test's search starts, in its game's notation: for "
        "tictactoe and connect4 the board's rows from the top, separated by '/', each square "
        "x, o or . (x moves first); for chess a FEN (White moves first)",
    )
    depth: int = Field(ge=0, description="Search depth, in plies (or rounds, see depth_unit)")
    points: float = Field(ge=0, description="Points the test is worth")
    checks: list[Check] = Field(
        default_factory=lambda: list(_DEFAULT_CHECKS),
        min_length=1,
        description="What the test compares (at least one check)",
    )
    description: str | None = Field(default=None, description="What the test is about")
    visibility: Visibility = Field(default="visible", description="hidden: instructors only")


def _convention_field(c: Convention) -> tuple[Any, Any]:
    """A convention as a pydantic field: its annotation and its ``Field``."""
    kind: Any = Literal.__getitem__(c.kind) if isinstance(c.kind, tuple) else c.kind
    annotation = kind | None if c.default is None else kind
    return annotation, Field(default=c.default, ge=c.ge, gt=c.gt, description=c.help)


if TYPE_CHECKING:  # the convention fields are read with TestSpec.convention(name)
    _TestConventions = _TestFields
else:
    _TestConventions = create_model(
        "_TestConventions",
        __base__=_TestFields,
        **{c.name: _convention_field(c) for c in CONVENTIONS.values()},
    )


class TestSpec(_TestConventions):
    """One graded test: a tree, a depth, the conventions, and what is checked."""

    algorithm: str | None = Field(
        default=None, description="Reference algorithm, when it differs from the assignment's"
    )
    time_limit: float | None = Field(
        default=None, gt=0, description="Seconds for this test; defaults to the assignment's"
    )
    memory_mb: int | None = Field(
        default=None, gt=0, description="Memory for this test; defaults to the assignment's"
    )

    model_config = ConfigDict(json_schema_extra={"oneOf": [
        {"required": ["tree"], "not": {"anyOf": [{"required": ["game"]},
                                                   {"required": ["position"]}]}},
        {"required": ["game", "position"], "not": {"required": ["tree"]}},
    ]})

    @model_validator(mode="after")
    def _one_source(self) -> TestSpec:
        a_tree = self.tree is not None and self.game is None and self.position is None
        a_position = self.tree is None and self.game is not None and self.position is not None
        if not (a_tree or a_position):
            raise ValueError(SOURCE_RULE)
        return self

    @property
    def source(self) -> str:
        """What the test searches, as its golden names it: the tree file, or
        ``game:position``."""
        return self.tree if self.tree is not None else f"{self.game}:{self.position}"

    def convention(self, name: str) -> ConventionValue:
        """The value of one convention (a name in ``reference.conventions``)."""
        value: ConventionValue = getattr(self, name)
        return value

    @property
    def unit(self) -> DepthUnit:
        """What ``depth`` counts: ``ply`` or ``round`` (the ``depth_unit`` convention)."""
        return cast(DepthUnit, self.convention(DEPTH_UNIT))

    def plies(self, players: int) -> int:
        """The test's depth in plies, on a tree of ``players`` players."""
        return plies(self.depth, self.unit, players)

    def conventions(self) -> dict[str, bool | int | float | str]:
        """The conventions a submission's ``game`` offers as attributes for this test."""
        found = {name: self.convention(name) for name in CONVENTIONS}
        return {k: v for k, v in found.items() if v is not None}


@dataclass(frozen=True)
class SearchSetup:
    """What a test's expected record is computed from, besides its tree and algorithm."""

    depth: int  # as the entry point receives it
    depth_unit: DepthUnit
    plies: int  # the depth in plies: a round is one move of every player
    conventions: dict[str, ConventionValue]  # every search convention (None: not set)


def search_setup(spec: TestSpec, players: int) -> SearchSetup:
    """A test's depth in plies and its search conventions: the one derivation that
    ``grader build`` computes goldens from and that grading checks goldens against."""
    found = {name: spec.convention(name) for name in SEARCH_CONVENTIONS}
    return SearchSetup(spec.depth, spec.unit, spec.plies(players), found)


class Assignment(_Strict):
    """An assignment pack: the entry point a submission defines, and its tests (or, for
    an agents assignment, its game and matches)."""

    name: str = Field(description="Assignment name")
    entry: str = Field(
        pattern=r"^[A-Za-z_][A-Za-z0-9_]*$",
        description="Function the submission must define (the agent class for cs188)",
    )
    entry_kind: EntryKind = Field(
        default="function",
        description="function: entry(game, state, depth) -> (value, action); cs188: a "
        "Berkeley CS188 agent class (multiAgents.py), built with depth in rounds, whose "
        "getAction(gameState) returns an action only, so value is never checked; its trees "
        "declare agents and algorithm names the reference",
    )
    algorithm: str | None = Field(
        default=None, description="Reference algorithm that defines the goldens (default: entry)"
    )
    description: str | None = Field(default=None, description="Shown to students")
    time_limit: float = Field(default=2.0, gt=0, description="Seconds per test, wall clock")
    memory_mb: int = Field(default=256, gt=0, description="Memory limit per sandbox, MiB")
    all_or_nothing: bool = Field(
        default=False,
        description="The points of every test only when all pass, none otherwise (as "
        "CS188 scores a question)",
    )
    tests: list[TestSpec] = Field(
        default_factory=list, description="The graded tests, in order (an agents "
        "assignment has matches instead)")
    play: PlayRules | None = Field(
        default=None, description="An agents assignment: the game and clock its matches "
        "are played under (its entry is choose(game, state, clock) -> move)")
    matches: list[MatchSpec] = Field(
        default_factory=list, description="An agents assignment's matches, in order")
    evaluation: EvaluationRules | None = Field(
        default=None, description="An evaluations assignment (with play): its entry is "
        "evaluate(game, state, player) -> number, played inside the reference alpha-beta "
        "against baseline evaluations (the matches), and asked about positions (properties)")
    properties: list[PropertySpec] = Field(
        default_factory=list, description="An evaluations assignment's tests on positions")

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid", json_schema_extra={
        "if": {"required": ["play"]},
        "then": {"required": ["matches"], "properties": {"matches": {"minItems": 1},
                                                         "tests": {"maxItems": 0}}},
        "else": {"required": ["tests"], "properties": {"tests": {"minItems": 1},
                                                       "matches": {"maxItems": 0}}},
        "dependentRequired": {"evaluation": ["play"], "properties": ["evaluation"]},
    })

    @model_validator(mode="after")
    def _tests_or_matches(self) -> Assignment:
        if self.evaluation is None and self.properties:
            raise ValueError("properties test an evaluation: add evaluation (with play)")
        if self.evaluation is not None and self.play is None:
            raise ValueError("an evaluations assignment plays its evaluation: add play")
        if self.play is None and (self.matches or not self.tests):
            raise ValueError("an assignment has tests (or, with play, matches); add tests")
        if self.play is not None and (self.tests or not self.matches):
            raise ValueError("an agents assignment (with play) has matches, not tests")
        return self

    @property
    def action_only(self) -> bool:
        """Whether the entry answers an action alone (no value to check)."""
        return self.entry_kind in ACTION_ONLY

    def reference_for(self, test: TestSpec) -> str:
        return test.algorithm or self.algorithm or self.entry

    def test_time_limit(self, test: TestSpec) -> float:
        return test.time_limit if test.time_limit is not None else self.time_limit

    def test_memory_mb(self, test: TestSpec) -> int:
        return test.memory_mb if test.memory_mb is not None else self.memory_mb


def place_of_test(name: str) -> str:
    """Where a test is in ``assignment.yaml``, by its name: ``tests[cutoff-depth-3]``."""
    return f"tests[{name}]"


def assignment_schema() -> dict[str, Any]:
    """The JSON Schema of ``assignment.yaml``."""
    schema = Assignment.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "assignment.schema.json"
    return schema


def builtin_root() -> Path:
    """The folder of the built-in assignments, shipped as package data."""
    import assignments

    return Path(assignments.__file__).parent


def builtin_names(*, played: bool | None = None) -> list[str]:
    """The built-in assignments; ``played``: only the agents assignments (graded by
    play, with ``play:``) when True, only the others (graded on trees and positions)
    when False."""
    root = builtin_root()
    names = sorted(p.parent.name for p in root.glob(f"*/{ASSIGNMENT_FILE}"))
    if played is None:
        return names
    files = [root / n / ASSIGNMENT_FILE for n in names]
    return [n for n, f in zip(names, files, strict=True)
            if _is_played(f, f.stat().st_mtime_ns) == played]


@functools.lru_cache(maxsize=256)
def _is_played(path: Path, _mtime_ns: int) -> bool:
    """Whether the assignment file at ``path`` (as it was at ``_mtime_ns``, the key of
    its cached answer) plays games."""
    data = read_yaml(path)
    return isinstance(data, dict) and data.get("play") is not None


def resolve(name_or_path: str | Path) -> Path:
    """The folder of an assignment given by built-in name or path (``-a`` in the CLI)."""
    path = Path(name_or_path)
    if path.is_file() and path.name == ASSIGNMENT_FILE:
        return path.parent
    if path.is_dir() and (path / ASSIGNMENT_FILE).is_file():
        return path
    builtin = builtin_root() / str(name_or_path)
    if (builtin / ASSIGNMENT_FILE).is_file():
        return builtin
    if path.is_dir():
        raise GraderError(f"{path}: no {ASSIGNMENT_FILE} in this folder")
    raise GraderError(
        f"unknown assignment {str(name_or_path)!r}: give a built-in name "
        f"({', '.join(builtin_names())}) or a folder holding {ASSIGNMENT_FILE}"
    )


class LoadedAssignment:
    """An assignment with the folder it came from."""

    def __init__(self, spec: Assignment, folder: Path) -> None:
        self.spec = spec
        self.folder = folder

    @property
    def name(self) -> str:
        return self.spec.name

    def tree_path(self, test: TestSpec) -> Path | None:
        """The test's tree file; None for a positions test (it names a game instead)."""
        return None if test.tree is None else self.folder / test.tree

    def golden_path(self, test: TestSpec) -> Path:
        return self.folder / GOLDEN_DIR / f"{test.name}.json"

    def test(self, name: str) -> TestSpec:
        for t in self.spec.tests:
            if t.name == name:
                return t
        names = ", ".join(t.name for t in self.spec.tests)
        raise GraderError(f"assignment {self.name!r} has no test {name!r}; its tests: {names}")


def load_assignment(name_or_path: str | Path) -> LoadedAssignment:
    """Find, read and validate an assignment (its trees are checked by ``grader validate``)."""
    folder = resolve(name_or_path)
    path = folder / ASSIGNMENT_FILE
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise InputFileError(path, "(top level)", "an assignment file holds a YAML mapping")
    _refuse_unknown_fields(path, data)
    try:  # the model is the schema's source; the schema's message says more on a refusal
        spec = Assignment.model_validate(data)
    except ValidationError as exc:
        import jsonschema  # only needed to explain a refusal

        errors = list(jsonschema.Draft202012Validator(assignment_schema()).iter_errors(data))
        if errors:
            error = _first_cause(errors)
            place = _place(data, list(error.absolute_path)) or "(top level)"
            reason = error.message
            if error.validator == "oneOf" and place.startswith("tests["):
                reason = f"{SOURCE_RULE} (tree: a *.tree.json file; game: one of " \
                    f"{', '.join(GAMES)})"
            if place in ("tests", "matches") and error.validator == "maxItems":
                reason = ("an agents assignment (with play) has matches, not tests"
                          if place == "tests" else "matches are played: add play (the game "
                          "and its clock), or give tests instead")
            if place.endswith(".checks") and error.validator == "minItems":
                reason = f"a test must check something: list one or more of {', '.join(CHECKS)}"
            raise InputFileError(path, place, reason) from None
        err = exc.errors()[0]
        raise InputFileError(path, _place(data, list(err["loc"])), err["msg"]) from None
    _check_entry_kind(path, spec)
    _check_tests(path, spec)
    return LoadedAssignment(spec, folder)


def _first_cause(errors: list[Any]) -> Any:
    """The error to show of the schema's: a field that needs another (an evaluation needs
    play) before what that missing field then breaks, else jsonschema's best match."""
    import jsonschema

    needs = [e for e in errors if e.validator == "dependentRequired"]
    return needs[0] if needs else jsonschema.exceptions.best_match(errors)


def _check_tests(path: Path, spec: Assignment) -> None:
    """Each test's name is used once, an evaluation's baselines search as deep as it, and
    a positions test's position is one its game can reach."""
    for field in ("tests", "matches", "properties"):
        names = [t.name for t in getattr(spec, field)]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise InputFileError(path, f"{field}.{i}.name", f"{name!r} is used twice; "
                                     "rename one")
    if spec.evaluation is not None:
        problem = evaluation_problem(spec.evaluation.depth, [m.opponent for m in spec.matches])
        if problem is not None:
            raise InputFileError(path, f"matches.{problem[0]}.opponent", problem[1])
    from grader.games import load_game
    from grader.games.rules import PositionError

    for test in spec.tests:
        if test.game is None:
            continue
        game = load_game(test.game)
        try:
            game.parse(test.position)
        except PositionError as exc:
            raise InputFileError(
                path, f"{place_of_test(test.name)}.position",
                f"{test.position!r} is not a {game.position_noun}: {exc}") from None


def _check_entry_kind(path: Path, spec: Assignment) -> None:
    """Refuse what an entry kind cannot grade: a value of an action-only entry, a CS188
    agent with no reference named."""
    if spec.entry_kind == "cs188" and spec.algorithm is None:
        raise InputFileError(
            path, "algorithm", f"a cs188 entry ({spec.entry}) needs the reference search it "
            "is graded against: algorithm: minimax, alphabeta or expectimax"
        )
    for test in spec.tests:
        if spec.action_only and "value" in test.checks:
            raise InputFileError(
                path, f"{place_of_test(test.name)}.checks", f"a {spec.entry_kind} entry "
                "returns an action only, so its value cannot be checked; remove value (action "
                "and the search record are checked)",
            )


def _place(data: dict[str, Any], where: list[Any]) -> str:
    """A place in ``assignment.yaml`` in dotted form, a test named where it has a name:
    ``tests[cutoff-depth-3].depth`` rather than ``tests.2.depth``."""
    parts = [str(p) for p in where]
    tests = data.get("tests")
    if len(where) >= 2 and where[0] == "tests" and isinstance(where[1], int):
        test = tests[where[1]] if isinstance(tests, list) and where[1] < len(tests) else None
        name = test.get("name") if isinstance(test, dict) else None
        if isinstance(name, str) and name:
            parts[:2] = [place_of_test(name)]
    return ".".join(parts)


def _refuse_unknown_fields(path: Path, data: dict[str, Any]) -> None:
    """A field no model has (a typo'd convention, most often), with the likeliest meant."""
    tests = data.get("tests")
    found: list[tuple[list[Any], Any, type[BaseModel]]] = [
        ([], key, Assignment) for key in data if key not in Assignment.model_fields
    ]
    for i, test in enumerate(tests if isinstance(tests, list) else []):
        if isinstance(test, dict):
            found += [(["tests", i], k, TestSpec) for k in test if k not in TestSpec.model_fields]
    if not found:
        return
    where, key, model = found[0]
    fields = list(model.model_fields)
    close = difflib.get_close_matches(str(key), fields, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"the fields are {', '.join(fields)}"
    raise InputFileError(path, _place(data, [*where, key]), f"unknown field {key!r}; {hint}")
