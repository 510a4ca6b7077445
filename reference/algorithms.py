"""The reference searches: the one registry of them, which the rest of the code reads.

Each :class:`Algorithm` entry says what a search is (its conventions, the shape of its
answer, how a drawing values a tree for it, which explanation family names its mistakes)
and where its code is, as ``"module:name"`` paths loaded on first use. This module imports
no search: it is standard library only, and the students' grader ships it without the
searches (asking that grader for one raises :class:`ReferenceMissing`).

Adding an algorithm is its module, its variants module (if any) and one entry here.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from reference.conventions import CONVENTIONS, RANDOM_SEED, ConventionValue

if TYPE_CHECKING:
    from reference.api import Action, Game, Value
    from reference.variants.faults import Variant

Search = Callable[..., tuple[Any, Any]]
Answer = Literal["scalar", "vector", "visits"]
"""The root value's shape: a number; ``vector``, one payoff per player (max^n); ``visits``,
the root's visit counts, one per root action (MCTS)."""
ValueModel = Literal["minimax", "maxn", "expectation", "quiescence"]
"""How a drawing values a node: ``minimax`` (MIN minimises player 0's payoff with two
players; every mover maximises its own with more), ``maxn`` (every mover maximises its
own payoff, whatever the count), ``expectation`` (minimax, opponents as chance nodes),
``quiescence`` (minimax, and at the horizon the stand-pat or a noisy move's value)."""
Explainer = Literal[
    "window", "exhaustive", "vector", "quiescence", "chance", "iterations", "generic"
]
"""The family whose explainer tells a search's divergence (``grader.feedback.explain``):
alpha-beta's window, minimax-like (every child searched), max^n, quiescence, expectimax,
MCTS's iterations; ``generic``: no family's reasons fit."""


class ReferenceMissing(ModuleNotFoundError):
    """The reference code is not installed here (a student kit's grader has none)."""

    def __init__(self, path: str) -> None:
        super().__init__(
            f"the reference search code ({path}) is not installed: this grader is a "
            "student kit's, which holds no reference searches",
            name="reference",
        )


@functools.cache
def load(path: str) -> Any:
    """The object at ``"package.module:name"``, imported on first use."""
    module, _, attribute = path.partition(":")
    try:
        return getattr(importlib.import_module(module), attribute)
    except ModuleNotFoundError as exc:
        if exc.name == "reference" or (exc.name or "").startswith("reference."):
            raise ReferenceMissing(path) from None
        raise


@dataclass(frozen=True)
class Algorithm:
    """One reference search, as the grader and its drawings need to know it."""

    name: str  # as an assignment's ``entry`` or ``algorithm`` names it
    summary: str  # one line
    search: str  # "module:function" of the search, loaded on first use
    conventions: tuple[str, ...]  # names in reference.conventions: its keyword-only params
    variants: str | None = None  # "module:VARIANTS", its known wrong versions (None: none)
    answer: Answer = "scalar"
    values: ValueModel = "minimax"
    explainer: Explainer = "generic"
    other_keywords: tuple[str, ...] = ()  # its keyword-only parameters that are not conventions
    drawn: bool = False  # ``grader tree show --algorithm`` offers it
    shown: tuple[str, ...] = ()  # conventions a drawing's header names (prune on >=)

    def load(self) -> Search:
        """The search function (raises :class:`ReferenceMissing` in a student's grader)."""
        found: Search = load(self.search)
        return found

    def load_variants(self) -> tuple[Variant, ...]:
        """Its known wrong versions, simplest first (none for most searches)."""
        if self.variants is None:
            return ()
        found: tuple[Variant, ...] = load(self.variants)
        return found

    def title(self, conventions: Mapping[str, ConventionValue]) -> str:
        """Its name as a drawing's header gives it: ``alphabeta (prune on >=)``."""
        words = [
            CONVENTIONS[c].label(conventions.get(c, CONVENTIONS[c].default)) for c in self.shown
        ]
        named = [w for w in words if w]
        return f"{self.name} ({', '.join(named)})" if named else self.name


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm(
            name="minimax",
            summary="every move of every node, to the depth",
            search="reference.minimax:minimax",
            conventions=("transposition_table", "depth_unit"),
            variants="reference.variants.minimax_variants:VARIANTS",
            explainer="exhaustive",
            drawn=True,
        ),
        Algorithm(
            name="alphabeta",
            summary="minimax with alpha-beta pruning, fail-hard or fail-soft",
            search="reference.alphabeta:alphabeta",
            conventions=("prune_on_equality", "fail_soft", "depth_unit"),
            variants="reference.variants.alphabeta_variants:VARIANTS",
            explainer="window",
            other_keywords=("alpha", "beta"),  # the initial window
            drawn=True,
            shown=("prune_on_equality",),
        ),
        Algorithm(
            name="negamax",
            summary="minimax as one maximising function, values negated each level",
            search="reference.negamax:negamax",
            conventions=("value_for", "transposition_table", "depth_unit"),
            variants="reference.variants.negamax_variants:VARIANTS",
            drawn=True,
        ),
        Algorithm(
            name="expectimax",
            summary="minimax with chance nodes valued by their expectation",
            search="reference.expectimax:expectimax",
            conventions=("chance_counts_as_ply", "transposition_table", "depth_unit"),
            variants="reference.variants.expectimax_variants:VARIANTS",
            values="expectation",
            explainer="chance",
            drawn=True,
        ),
        Algorithm(
            name="maxn",
            summary="every player maximises its own payoff; shallow pruning given a bound",
            search="reference.maxn:maxn",
            conventions=("utility_bound", "prune_on_equality", "transposition_table", "depth_unit"),
            variants="reference.variants.maxn_variants:VARIANTS",
            answer="vector",
            values="maxn",
            explainer="vector",
        ),
        Algorithm(
            name="paranoid",
            summary="alpha-beta with every other player against player 0",
            search="reference.paranoid:paranoid",
            conventions=("prune_on_equality", "fail_soft", "depth_unit"),
        ),
        Algorithm(
            name="quiescence",
            summary="alpha-beta that searches noisy moves past the horizon",
            search="reference.quiescence:quiescence",
            conventions=(
                "quiescence_depth", "prune_on_equality", "fail_soft", "depth_unit", "value_for"
            ),
            variants="reference.variants.quiescence_variants:VARIANTS",
            values="quiescence",
            explainer="quiescence",
        ),
        Algorithm(
            name="iterative_deepening",
            summary="alpha-beta at depths 1 to d, the best move so far tried first, "
            "until the depth or the game's clock runs out",
            search="reference.iterative_deepening:iterative_deepening",
            conventions=("prune_on_equality", "fail_soft", "depth_unit", "time_budget"),
            variants="reference.variants.iterative_deepening_variants:VARIANTS",
            drawn=True,
            shown=("prune_on_equality",),
        ),
        Algorithm(
            name="transposition",
            summary="alpha-beta with a transposition table",
            search="reference.transposition:transposition",
            conventions=(
                "tt_bounds", "tt_leaves", "prune_on_equality", "fail_soft", "depth_unit"
            ),
            variants="reference.variants.transposition_variants:VARIANTS",
            explainer="generic",  # a window rebuilt by plain alpha-beta knows no table
            drawn=True,
            shown=("prune_on_equality",),
        ),
        Algorithm(
            name="killers",
            summary="alpha-beta that tries killer moves first",
            search="reference.killers:killers",
            conventions=("killers_per_ply", "prune_on_equality", "fail_soft", "depth_unit"),
            variants="reference.variants.killers_variants:VARIANTS",
            explainer="window",
            drawn=True,
            shown=("prune_on_equality",),
        ),
        Algorithm(
            name="beam",
            summary="minimax over the beam_width children of every node with the best evals",
            search="reference.beam:beam",
            conventions=("beam_width", "beam_ranking", "depth_unit"),
            variants="reference.variants.beam_variants:VARIANTS",
            values="minimax",
            explainer="generic",  # a beam skips children by rank, not by a bound
            drawn=True,
            shown=("beam_ranking",),
        ),
        Algorithm(
            name="lmr",
            summary="alpha-beta with late-move reductions",
            search="reference.lmr:lmr",
            conventions=(
                "lmr_full",
                "lmr_reduction",
                "lmr_research",
                "lmr_window",
                "prune_on_equality",
                "fail_soft",
                "depth_unit",
            ),
            variants="reference.variants.lmr_variants:VARIANTS",
            explainer="generic",  # a window rebuilt by plain alpha-beta knows no reductions
            drawn=True,
            shown=("prune_on_equality",),
        ),
        Algorithm(
            name="probcut",
            summary="alpha-beta with ProbCut: at the nodes of one height, shallow null-window "
            "searches predict a cut-off",
            search="reference.probcut:probcut",
            conventions=(
                "probcut_depth",
                "probcut_shallow",
                "probcut_a",
                "probcut_b",
                "probcut_sigma",
                "probcut_t",
                "probcut_order",
                "prune_on_equality",
                "fail_soft",
                "depth_unit",
            ),
            variants="reference.variants.probcut_variants:VARIANTS",
            explainer="generic",  # a ProbCut cut-off is told by no window's reasons
            drawn=True,
            shown=("prune_on_equality",),
        ),
        Algorithm(
            name="mcts",
            summary="Monte Carlo tree search (UCT): depth iterations of UCB1 selection, "
            "one child expanded, a random playout from the game's stream; most visits",
            search="reference.mcts:mcts",
            conventions=("exploration", "random_seed"),
            variants="reference.variants.mcts_variants:VARIANTS",
            answer="visits",
            explainer="iterations",
            drawn=True,
        ),
    )
}
"""Every reference search by name."""


def algorithm(name: str) -> Algorithm:
    """The entry of the named search (KeyError naming the known ones)."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise KeyError(unknown(name)) from None


def unknown(name: str) -> str:
    """Why ``name`` names no search: the likeliest meant, or the known ones."""
    close = difflib.get_close_matches(name, ALGORITHMS, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"known: {', '.join(sorted(ALGORITHMS))}"
    return f"no reference search {name!r}; {hint}"


def get(name: str) -> Search:
    """The named search function."""
    return algorithm(name).load()


def accepted_options(name: str) -> set[str]:
    """The keyword-only parameters the named search takes: its conventions and others."""
    entry = algorithm(name)
    return {*entry.conventions, *entry.other_keywords}


def search(
    name: str, game: Game, state: Any, depth: int, **conventions: Any
) -> tuple[Value | list[Value], Action | None]:
    """Run the named search, passing only the conventions (and other keyword-only
    parameters) it takes; None means its default."""
    accepted = accepted_options(name)
    kwargs = {k: v for k, v in conventions.items() if k in accepted and v is not None}
    return get(name)(game, state, depth, **kwargs)


def variants_for(name: str) -> tuple[Variant, ...]:
    """The known wrong versions of the named search, simplest first (none for most, and
    for a name no search has)."""
    entry = ALGORITHMS.get(name)
    return entry.load_variants() if entry is not None else ()


def drawn() -> list[str]:
    """The searches ``grader tree show`` can draw, by name."""
    return sorted(name for name, entry in ALGORITHMS.items() if entry.drawn)


def value_model(name: str) -> ValueModel:
    """How a drawing values a tree for the named search (minimax for a name none has)."""
    entry = ALGORITHMS.get(name)
    return entry.values if entry is not None else "minimax"


def answer_shape(name: str) -> Answer:
    """The shape of the named search's root value (a number for a name none has)."""
    entry = ALGORITHMS.get(name)
    return entry.answer if entry is not None else "scalar"


def grows_a_tree(name: str) -> bool:
    """Whether the named search grows a tree of its own, playing out from it (MCTS): the
    searches that draw from the game's random stream, whose record reads tree steps
    apart from playout steps (:mod:`grader.trees.trace`)."""
    entry = ALGORITHMS.get(name)
    return entry is not None and RANDOM_SEED in entry.conventions


def searches_past_depth(name: str, conventions: Mapping[str, Any] | None = None) -> bool:
    """Whether the named search, with these conventions, may look at states deeper than
    the plies of the depth it is given: MCTS plays out to the end from the tree it
    grows, quiescence follows noisy moves past the horizon, and a search whose chance
    nodes are no plies (``chance_counts_as_ply`` false) goes below them. Any other
    search's depth bounds the states it asks about."""
    entry = ALGORITHMS.get(name)
    if grows_a_tree(name) or (entry is not None and entry.values == "quiescence"):
        return True
    return (conventions or {}).get("chance_counts_as_ply") is False


def installed() -> bool:
    """Whether the searches' code is here (False in a student kit's grader)."""
    modules = {entry.search.partition(":")[0] for entry in ALGORITHMS.values()}
    return all(importlib.util.find_spec(m) is not None for m in modules)
