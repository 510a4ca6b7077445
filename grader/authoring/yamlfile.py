"""Reading an instructor's YAML file: its syntax, and its size once its aliases expand.

YAML lets a value name another (``&name``, ``*name``): the loader shares the one value,
but whatever walks the result (validation, the grader) walks each use again, so a few
lines of aliases of aliases make billions of values. :func:`read_yaml` refuses a file
that holds more than :data:`MAX_VALUES` values once its aliases are expanded, or that
nests deeper than :data:`MAX_DEPTH`, each with its path and the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from grader.errors import InputFileError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when it is there
MAX_VALUES = 100_000  # of an assignment file, its aliases expanded: far more than any needs
MAX_DEPTH = 100  # mappings and lists inside one another


def read_yaml(path: Path) -> Any:
    """The YAML document in ``path``; an :class:`InputFileError` saying where and why for a
    file that cannot be read, is not YAML, or is too large or deep once expanded."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        place = f"line {mark.line + 1} column {mark.column + 1}" if mark else ""
        reason = f"not valid YAML: {getattr(exc, 'problem', exc)}"
        raise InputFileError(path, place, reason) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(path, "", f"cannot be read ({exc})") from None
    except RecursionError:
        raise InputFileError(path, "", f"nests deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # a value YAML reads but Python will not: a 5,000-digit int
        said = str(exc).split(":")[0]  # not Python's advice on its own limits
        raise InputFileError(path, "", f"holds a value the grader cannot read ({said})") from None
    problem = _too_big(data)
    if problem is not None:
        raise InputFileError(path, "", problem)
    return data


def _too_big(data: Any) -> str | None:
    """Why ``data`` is too large or deep to walk, its aliases expanded; None if it is not.
    Stops as soon as it knows: a walk of at most :data:`MAX_VALUES` values."""
    count = 0
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        count += 1
        if count > MAX_VALUES:
            return (f"holds more than {MAX_VALUES:,} values once its aliases (*name) are "
                    "expanded")
        if depth > MAX_DEPTH:
            return f"nests deeper than {MAX_DEPTH} levels"
        if isinstance(value, dict):
            todo.extend((v, depth + 1) for pair in value.items() for v in pair)
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)
    return None
