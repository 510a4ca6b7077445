"""Golden files: the reference's record of one test, stored beside the assignment's trees.

Goldens are written only by ``grader build`` (grader/authoring/build.py) and read here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from grader.authoring.assignment import SearchSetup, TestSpec
from grader.errors import GraderError, InputFileError
from grader.trees.record import SearchRecord
from reference.conventions import ConventionValue, DepthUnit, FormValue

GOLDEN_FORMAT = "golden/1"


class Form(BaseModel):
    """One correct form of a test's search (fail-hard or fail-soft alpha-beta, ...)."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    name: str = Field(description="The form's name, as a report names it (e.g. 'fail-soft')")
    conventions: dict[str, FormValue] = Field(description="The conventions that make this form")
    record: SearchRecord = Field(description="What the reference does in this form")


class Golden(BaseModel):
    """The expected record of one test, with what it was computed from."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    format: Literal["golden/1"] = Field(description="Format tag, always 'golden/1'")
    assignment: str = Field(description="Assignment name")
    test: str = Field(description="Test name")
    tree: str = Field(
        description="Tree file, relative to assignment.yaml; for a positions test, game:position"
    )
    tree_sha256: str = Field(
        description="SHA-256 of the tree file's bytes when built (of the unfolded game, for "
        "a positions test)"
    )
    depth: int = Field(description="Depth the entry point receives")
    depth_unit: DepthUnit = Field(description="Unit of depth")
    algorithm: str = Field(description="Reference search that produced the record")
    conventions: dict[str, ConventionValue] = Field(
        description="The test's conventions that the reference search takes (None: unset)"
    )
    record: SearchRecord = Field(description="What the reference did (in the first form)")
    forms: list[Form] = Field(
        default_factory=list,
        description="Every correct form the test accepts, when they differ (the first is "
        "`record`); a submission matching any one passes",
    )


def stale_reason(
    golden: Golden, spec: TestSpec, setup: SearchSetup, algorithm: str, tree_sha256: str
) -> str | None:
    """Why ``golden`` was not computed from this test as it stands (None: it was): the
    first field of the test it was computed from that differs."""
    conventions = {k: setup.conventions.get(k) for k in golden.conventions}
    fields = [
        ("tree", spec.source, golden.tree),
        ("tree file", tree_sha256, golden.tree_sha256),
        ("depth", setup.depth, golden.depth),
        ("depth_unit", setup.depth_unit, golden.depth_unit),
        ("algorithm", algorithm, golden.algorithm),
        *((k, conventions[k], golden.conventions[k]) for k in golden.conventions),
    ]
    for name, now, then in fields:
        if now != then or type(now) is not type(then):
            if name == "tree file" and spec.tree is None:
                return f"the {spec.game} rules or evaluation changed since the golden was built"
            if name == "tree file":
                return f"{spec.tree} changed since the golden was built"
            return f"{name} is {now!r} in the assignment but {then!r} in the golden"
    return None


def load_golden(path: Path) -> Golden:
    """Read a golden file; a missing one tells the instructor to run ``grader build``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GraderError(
            f"{path}: no golden for this test; run `grader build -a <assignment>`"
        ) from None
    except (OSError, ValueError) as exc:
        raise InputFileError(path, "", f"cannot be read as JSON ({exc})") from None
    try:
        return Golden.model_validate_json(json.dumps(data))
    except ValidationError as exc:
        err = exc.errors()[0]
        place = ".".join(str(p) for p in err["loc"])
        raise InputFileError(path, place, f"{err['msg']}; rebuild with `grader build`") from None
