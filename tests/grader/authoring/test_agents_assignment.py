"""An agents assignment in ``assignment.yaml``: a game and clock (``play``) and matches,
never tests beside them; what it refuses names the place and the fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from grader.authoring.assignment import load_assignment
from grader.errors import InputFileError

PLAY = {"game": "connect4", "move_s": 0.5, "game_s": 5.0}
MATCH = {"name": "vs-random", "opponent": "random", "games": 2,
         "thresholds": [{"score": 0.5, "points": 1}, {"score": 1.0, "points": 2}]}
TEST = {"name": "t", "game": "connect4", "position": "......./......./......./......./"
        "......./.......", "depth": 1, "points": 1}


def write(tmp_path: Path, **fields: Any) -> Path:
    data = {"name": "agents", "entry": "choose", **fields}
    (tmp_path / "assignment.yaml").write_text(yaml.safe_dump(data))
    return tmp_path


def test_an_agents_assignment_loads_with_its_matches(tmp_path: Path) -> None:
    spec = load_assignment(write(tmp_path, play=PLAY, matches=[MATCH])).spec
    assert spec.play is not None and spec.play.opening_plies == 2
    assert [(m.opponent, m.points) for m in spec.matches] == [("random", 2.0)]
    assert spec.tests == []


@pytest.mark.parametrize(("fields", "words"), [
    ({"play": PLAY, "matches": [MATCH], "tests": [TEST]}, "has matches, not tests"),
    ({"play": PLAY}, "'matches' is a required property"),
    ({"matches": [MATCH], "tests": [TEST]}, "matches are played: add play"),
    ({"play": PLAY, "matches": [{**MATCH, "opponent": "minimax:3"}]}, "does not match"),
    ({"play": PLAY, "matches": [MATCH, MATCH]}, "used twice"),
    ({"play": {**PLAY, "game": "chess"}, "matches": [MATCH]}, "play.game"),
], ids=["tests-beside-matches", "no-matches", "matches-without-play", "unknown-opponent",
        "a-name-twice", "unknown-game"])
def test_what_an_agents_assignment_refuses(
    tmp_path: Path, fields: dict[str, Any], words: str
) -> None:
    with pytest.raises(InputFileError) as caught:
        load_assignment(write(tmp_path, **fields))
    assert words in str(caught.value)
