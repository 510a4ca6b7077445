"""Golden files: the reference's record of one test, stored beside the assignment's trees.

Goldens are written only by ``grader build`` (grader/build.py) and read here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from grader.errors import GraderError, InputFileError
from grader.record import SearchRecord

GOLDEN_FORMAT = "golden/1"


class Golden(BaseModel):
    """The expected record of one test, with what it was computed from."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    format: Literal["golden/1"] = Field(description="Format tag, always 'golden/1'")
    assignment: str = Field(description="Assignment name")
    test: str = Field(description="Test name")
    tree: str = Field(description="Tree file, relative to assignment.yaml")
    tree_sha256: str = Field(description="SHA-256 of the tree file's bytes when built")
    depth: int = Field(description="Depth the entry point receives")
    depth_unit: Literal["ply", "round"] = Field(description="Unit of depth")
    algorithm: str = Field(description="Reference search that produced the record")
    conventions: dict[str, bool | int | float | None] = Field(
        description="Conventions passed to the reference search"
    )
    record: SearchRecord = Field(description="What the reference did")


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
