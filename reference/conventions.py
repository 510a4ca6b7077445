"""The conventions a test may set and a reference search may take: the one registry of them.

Each :class:`Convention` says its type, default, bounds and help text (the assignment
schema's field description), and the correct forms a test that leaves it unset accepts.
``grader.authoring.assignment.TestSpec`` builds its convention fields from :data:`CONVENTIONS`; a
search takes a convention as a keyword-only parameter of the same name, and a student's
``game`` carries it as an attribute. Standard library only: the students' grader ships it.

Adding a convention is one entry here (and the keyword-only parameter of each search that
takes it, named in that search's entry of :mod:`reference.algorithms`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

DepthUnit = Literal["ply", "round"]
DEPTH_UNITS: tuple[str, ...] = get_args(DepthUnit)
TranspositionTable = Literal["none", "searched", "all"]
"""The forms of the ``transposition_table`` convention (:mod:`reference.exact_table`)."""
DEPTH_UNIT = "depth_unit"
"""The convention that says what ``depth`` counts (see :func:`plies`)."""
TIME_BUDGET = "time_budget"
"""The convention that gives the game a virtual clock (``game.time_left()``)."""
RANDOM_SEED = "random_seed"
"""The convention that gives the game a random stream (``game.random()``): private."""
QUIESCENCE_DEPTH = "quiescence_depth"
"""The convention of a search that plays noisy moves past its depth (none set: until quiet)."""
ValueFor = Literal["player0", "mover"]
"""Whose value a negamax search returns at the root: player 0's, or its player to move's."""

ConventionValue = bool | int | float | str | None
FormValue = bool | int | float | str  # a value a form or a label is given for
Kind = type | tuple[str, ...]  # bool, int or float; or the strings a Literal allows


@dataclass(frozen=True)
class Convention:
    """One convention: what a test may set, what it means and what it allows."""

    name: str
    kind: Kind  # bool, int, float, or a tuple of the allowed strings
    default: ConventionValue  # None: unset unless a test sets it (the type allows None)
    help: str  # the assignment schema's description of the field
    ge: int | float | None = None  # the least value allowed
    gt: int | float | None = None  # a value the setting must exceed
    forms: tuple[tuple[str, FormValue], ...] = ()
    """Correct forms a test accepts while it leaves the convention unset: each form's name
    and the value that makes it, the first being the default."""
    labels: tuple[tuple[FormValue, str], ...] = ()
    """How a drawing's header names a value (``grader tree show``), where it names one."""
    private: bool = False
    """The grader keeps it: a student's ``game`` never carries it (the random stream's seed)."""

    def label(self, value: ConventionValue) -> str | None:
        """The header's words for ``value`` (None: this convention is not named there)."""
        return next((text for v, text in self.labels if v == value), None)

    def parse(self, text: str) -> FormValue:
        """The value ``text`` gives this convention, as a command line writes it
        (``true``, ``2``, ``0.5``, ``searched``); ValueError saying what it allows."""
        word = text.strip()
        if isinstance(self.kind, tuple):
            if word not in self.kind:
                raise ValueError(f"{self.name} is one of {', '.join(self.kind)}, not {text!r}")
            return word
        if self.kind is bool:
            return _boolean(self.name, word)
        try:
            number: int | float = int(word) if self.kind is int else float(word)
        except ValueError:
            kind = "whole number" if self.kind is int else "number"
            raise ValueError(f"{self.name} takes a {kind}, not {text!r}") from None
        if not math.isfinite(number):
            raise ValueError(f"{self.name} takes a finite number, not {text!r}")
        if self.ge is not None and number < self.ge:
            raise ValueError(f"{self.name} must be at least {self.ge}, not {text!r}")
        if self.gt is not None and number <= self.gt:
            raise ValueError(f"{self.name} must be more than {self.gt}, not {text!r}")
        return number


def _boolean(name: str, word: str) -> bool:
    lowered = word.lower()
    if lowered not in ("true", "false"):
        raise ValueError(f"{name} takes true or false, not {word!r}")
    return lowered == "true"


CONVENTIONS: dict[str, Convention] = {
    c.name: c
    for c in (
        Convention(
            "prune_on_equality",
            bool,
            True,
            "Prune when alpha >= beta (false: only when alpha > beta)",
            labels=((True, "prune on >="), (False, "prune on >")),
        ),
        Convention(
            "fail_soft",
            bool,
            None,
            "Pin fail-soft (true) or fail-hard (false) alpha-beta; unset accepts both",
            forms=(("fail-hard", False), ("fail-soft", True)),
        ),
        Convention(
            "transposition_table",
            get_args(TranspositionTable),
            None,
            "Minimax, max^n, expectimax, negamax: 'none' (a position reached again is "
            "searched again), 'searched' (a table of exact values keyed by state and plies "
            "to go: a position reached again is not expanded again) or 'all' (leaves too: "
            "not evaluated again); unset accepts all three",
            forms=(("no table", "none"), ("transposition table", "searched"), ("memoised", "all")),
        ),
        Convention(
            DEPTH_UNIT,
            DEPTH_UNITS,
            "ply",
            "'ply', or 'round' where every player moves once (CS188)",
        ),
        Convention(
            "quiescence_depth",
            int,
            None,
            "Quiescence only: most noisy plies past the horizon",
            ge=0,
        ),
        Convention(
            "chance_counts_as_ply",
            bool,
            None,
            "Expectimax only: false, a chance node passes its depth to its outcomes unchanged "
            "(only the players' moves use up depth); unset or true, it uses up a ply",
        ),
        Convention(
            "utility_bound",
            float,
            None,
            "max^n only: bound on the sum of utilities (shallow pruning)",
        ),
        Convention("beam_width", int, None, "Beam search only: children kept at each node", ge=1),
        Convention(
            "beam_ranking",
            ("eval", "actions"),
            "eval",
            "Beam search only: 'eval', keep the children with the best evaluation (MAX the "
            "highest, MIN the lowest); 'actions', the first ones in action order",
            labels=(("eval", "best by eval"), ("actions", "first in action order")),
        ),
        Convention(
            "killers_per_ply",
            int,
            None,
            "Killer moves only: killers each ply keeps, most recent first (unset: 2)",
            ge=1,
        ),
        Convention(
            "tt_bounds",
            bool,
            None,
            "Transposition tables only: true, a search that failed low or high is stored as "
            "an upper or lower bound, which narrows the window when the state is reached "
            "again; false, only exact values are stored; unset accepts both",
            forms=(("bounds stored", True), ("exact values only", False)),
        ),
        Convention(
            "tt_leaves",
            bool,
            None,
            "Transposition tables only: true, leaves (terminal or at the depth limit) are "
            "stored too, so a leaf reached again is not evaluated again; false, a leaf is "
            "evaluated each time it is reached; unset accepts both",
            forms=(("leaves read again", False), ("leaves stored", True)),
        ),
        Convention(
            "lmr_full",
            int,
            None,
            "Late-move reductions only: the first moves of a node searched at full depth "
            "(unset: 2)",
            ge=1,
        ),
        Convention(
            "lmr_reduction",
            int,
            None,
            "Late-move reductions only: plies taken off a late move besides the usual one, "
            "where at least 0 are left (unset: 1, the notes' depth - 2; 0 reduces nothing)",
            ge=0,
        ),
        Convention(
            "lmr_research",
            bool,
            None,
            "Late-move reductions only: false, a late move's reduced value stands; unset or "
            "true, a late move that beats the bound of the player to move is searched again "
            "at full depth",
        ),
        Convention(
            "lmr_window",
            ("null", "full"),
            None,
            "Late-move reductions with re-searches only: the window of a late move's reduced "
            "search, 'null' ([alpha, alpha + 1] at MAX, [beta - 1, beta] at MIN: whole-number "
            "payoffs) or 'full' (the node's); unset accepts both",
            forms=(("null-window test", "null"), ("full-window test", "full")),
        ),
        Convention(
            "value_for",
            get_args(ValueFor),
            None,
            "Negamax only: 'mover' pins the root value for the root's player to move (the "
            "notes' negamax), 'player0' for player 0; unset accepts both",
            forms=(("value for the mover", "mover"), ("value for player 0", "player0")),
        ),
        Convention(
            "probcut_depth",
            int,
            None,
            "ProbCut only: d, the plies to go of the nodes where ProbCut is tried (unset: 2)",
            ge=1,
        ),
        Convention(
            "probcut_shallow",
            int,
            None,
            "ProbCut only: d', the plies of its shallow null-window searches, less than "
            "probcut_depth (unset: 1)",
            ge=0,
        ),
        Convention(
            "probcut_a",
            float,
            None,
            "ProbCut only: a, the slope of the prediction a * v' + b of the deep value from "
            "the shallow one (unset: 1)",
            gt=0,
        ),
        Convention(
            "probcut_b",
            float,
            None,
            "ProbCut only: b, the offset of the prediction a * v' + b (unset: 0)",
        ),
        Convention(
            "probcut_sigma",
            float,
            None,
            "ProbCut only: sigma, the standard deviation of the prediction's error (unset: 1)",
            ge=0,
        ),
        Convention(
            "probcut_t",
            float,
            None,
            "ProbCut only: t, a cut needs the prediction outside the window by t * sigma "
            "(unset: 1)",
            ge=0,
        ),
        Convention(
            "probcut_order",
            ("beta", "alpha", "mover", "opponent"),
            None,
            "ProbCut only: 'beta' tests against beta before alpha at every node, 'alpha' "
            "against alpha first; 'mover' tests against the bound of the player to move "
            "first (beta at MAX, alpha at MIN), 'opponent' against the other bound first; "
            "unset accepts all four",
            forms=(("beta first", "beta"), ("alpha first", "alpha"),
                   ("the mover's bound first", "mover"),
                   ("the opponent's bound first", "opponent")),
        ),
        Convention(
            TIME_BUDGET,
            int,
            None,
            "Iterative deepening only: the ticks of the game's virtual clock, one a node "
            "expanded or evaluated; game.time_left() is what is left (unset: no clock)",
            ge=0,
        ),
        Convention(
            "exploration",
            float,
            None,
            "MCTS only: the constant c of UCB1, W/N + c * sqrt(ln(N of the parent) / N) "
            "(unset: sqrt(2))",
            ge=0,
        ),
        Convention(
            RANDOM_SEED,
            int,
            None,
            "MCTS only: the seed of the game's random stream (game.random(), "
            "game.random_choice(seq)); the grader keeps it: the game does not carry it",
            private=True,
        ),
    )
}
"""Every convention, in the order the assignment schema lists them."""


def offered(conventions: Mapping[str, object]) -> dict[str, object]:
    """The conventions a student's ``game`` carries as attributes: all but the private
    ones (a name no convention has is kept: the attribute is harmless)."""
    return {
        k: v for k, v in conventions.items() if k not in CONVENTIONS or not CONVENTIONS[k].private
    }

SEARCH_CONVENTIONS: tuple[str, ...] = tuple(n for n in CONVENTIONS if n != DEPTH_UNIT)
"""The conventions a golden stores by name (its depth unit has a field of its own)."""


def plies(depth: int, unit: str, players: int) -> int:
    """Depth in plies: a round is one move of every player (CS188's ``depth``)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number >= 0, not {depth!r}")
    if unit not in DEPTH_UNITS:
        units = " or ".join(repr(u) for u in DEPTH_UNITS)
        raise ValueError(f"depth unit must be {units}, not {unit!r}")
    return depth * players if unit == "round" else depth
