"""What each known mistake does on a test: computed from ``reference/``, or read from a kit.

A diagnosis names a student's mistake by comparing the student's record with the record
of each known wrong variant of the reference search on the same tree, depth and
conventions. The full grader runs the variants (:mod:`reference.variants`). A student kit
ships no reference code, so :func:`catalogue_entry` stores, for each visible test, what
each variant does there (its visits, value and action: the trace, not the code that makes
it), and :func:`load_catalogue` puts them back where :func:`known_runs` finds them. An
entry is keyed by a digest of everything a run depends on, so a stale or foreign entry is
never used for another test.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.errors import GameError, InputFileError
from grader.trees.game import TreeGame
from grader.trees.tree import Tree
from reference.algorithms import ReferenceMissing, variants_for

CATALOGUE_FORMAT = "mistakes/1"
CATALOGUE_FILE = "mistakes.json"  # in an assignment folder: found by ``grader check``
Visit = tuple[str, str]


@dataclass(frozen=True)
class KnownRun:
    """A known mistake and what it does on one test."""

    name: str  # the variant's name, e.g. "no-pruning"
    mistake: str  # one sentence a student understands
    visits: tuple[Visit, ...]
    value: Any
    action: Any
    crashed: bool = False  # the game refused its last call: the search never answered


_PRECOMPUTED: dict[str, tuple[KnownRun, ...]] = {}


def run_key(*, tree: Tree, algorithm: str, depth: int, conventions: Mapping[str, Any]) -> str:
    """A digest of everything a variant's run on a test depends on."""
    nodes = [
        [n.id, n.to_move, list(n.actions), list(n.children), _json(n.utility), _json(n.eval),
         sorted(n.noisy), n.chance, _json(n.probabilities)]
        for n in (tree.nodes[k] for k in sorted(tree.nodes))
    ]
    material = {
        "tree": [tree.players, tree.root, nodes],
        "algorithm": algorithm,
        "depth": depth,
        "conventions": {k: _json(v) for k, v in sorted(conventions.items())},
    }
    text = json.dumps(material, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, (tuple, list)) else value


def known_runs(
    *, tree: Tree, algorithm: str, depth: int, conventions: Mapping[str, Any]
) -> tuple[KnownRun, ...]:
    """What each known mistake of ``algorithm`` does on this test, simplest first.

    Read from a loaded catalogue where it holds this test; otherwise computed by running
    the variants, where the reference code is installed; otherwise none (nothing is named).
    """
    key = run_key(tree=tree, algorithm=algorithm, depth=depth, conventions=conventions)
    if key in _PRECOMPUTED:
        return _PRECOMPUTED[key]
    try:
        variants = variants_for(algorithm)
    except ReferenceMissing:  # a student's grader: no reference code, and no catalogue entry
        return ()
    runs = []
    for variant in variants:
        game = TreeGame.for_test(tree, conventions)
        crashed = False
        try:
            value, action = variant.search(game, tree.root, depth, **conventions)
        except GameError:  # refused a call: named where a student is refused the same
            value, action, crashed = None, None, True
        except ValueError:
            continue  # the variant cannot search with these conventions: it names nothing
        if isinstance(value, (list, tuple)):
            value = list(value)
        visits = tuple(game.trace.visits())
        runs.append(KnownRun(variant.name, variant.mistake, visits, value, action, crashed))
    _PRECOMPUTED[key] = tuple(runs)  # a test's runs never change: each is computed once
    return _PRECOMPUTED[key]


def catalogue_entry(
    *, tree: Tree, algorithm: str, depth: int, conventions: Mapping[str, Any]
) -> dict[str, Any]:
    """One test's entry of a catalogue: its key and every known mistake's run."""
    runs = known_runs(tree=tree, algorithm=algorithm, depth=depth, conventions=conventions)
    return {
        "key": run_key(tree=tree, algorithm=algorithm, depth=depth, conventions=conventions),
        "runs": [
            {"name": r.name, "mistake": r.mistake, "visits": [list(v) for v in r.visits],
             "value": r.value, "action": r.action, "crashed": r.crashed}
            for r in runs
        ],
    }


def catalogue_json(entries: Sequence[Mapping[str, Any]]) -> str:
    """The text of a catalogue file of ``entries`` (from :func:`catalogue_entry`)."""
    data = {"format": CATALOGUE_FORMAT, "tests": list(entries)}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def load_catalogue(path: Path) -> int:
    """Make the entries of the catalogue at ``path`` known; return how many it holds."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != CATALOGUE_FORMAT:
            raise ValueError(f"format is {data.get('format')!r}, not {CATALOGUE_FORMAT!r}")
        for entry in data["tests"]:
            _PRECOMPUTED[str(entry["key"])] = tuple(
                KnownRun(
                    str(r["name"]), str(r["mistake"]),
                    tuple((str(op), str(node)) for op, node in r["visits"]),
                    r["value"], r["action"], bool(r["crashed"]),
                )
                for r in entry["runs"]
            )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InputFileError(path, "", f"not a catalogue of known mistakes ({exc})") from None
    return len(data["tests"])
