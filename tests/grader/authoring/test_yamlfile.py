"""An instructor's YAML file is read with its size bounded: aliases of aliases and deep
nesting are refused with the file and the reason, never a hang or a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.authoring.yamlfile import MAX_DEPTH, MAX_VALUES, read_yaml
from grader.cli import main
from grader.errors import InputFileError

# a: nine values; b: nine a's (81); ... nine levels: 9**9, about 387 million values
ALIASES = "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
)
DEEP = "a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"
SHARED = "checks: &checks [value, action]\nmore: *checks\n"  # an alias, used sensibly


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param(ALIASES, f"more than {MAX_VALUES:,} values once its aliases",
                     id="aliases-of-aliases"),
        pytest.param(DEEP, f"nests deeper than {MAX_DEPTH} levels", id="deep-lists"),
        pytest.param("a: [1, 2\n", "not valid YAML", id="broken"),
        pytest.param("a: " + "9" * 5000 + "\n", "holds a value the grader cannot read",
                     id="an-int-of-5000-digits"),
    ],
)
def test_a_file_too_large_once_expanded_is_refused(tmp_path: Path, text: str, reason: str
                                                   ) -> None:
    path = tmp_path / "assignment.yaml"
    path.write_text(text)
    with pytest.raises(InputFileError) as caught:
        read_yaml(path)
    assert reason in caught.value.reason
    result = CliRunner().invoke(main, ["validate", str(tmp_path)])
    assert result.exit_code == 2 and reason in result.output
    assert "Traceback" not in result.output


def test_an_alias_used_sensibly_is_read(tmp_path: Path) -> None:
    path = tmp_path / "assignment.yaml"
    path.write_text(SHARED)
    assert read_yaml(path) == {"checks": ["value", "action"], "more": ["value", "action"]}
