"""Names of the reference searches, and one call that passes each only the conventions it takes."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from reference.alphabeta import alphabeta
from reference.api import Action, Game, Value
from reference.beam import beam
from reference.expectimax import expectimax
from reference.iterative_deepening import iterative_deepening
from reference.killers import killers
from reference.lmr import lmr
from reference.maxn import maxn
from reference.minimax import minimax
from reference.negamax import negamax
from reference.paranoid import paranoid
from reference.quiescence import quiescence
from reference.transposition import transposition

Search = Callable[..., tuple[Any, Action | None]]

ALGORITHMS: dict[str, Search] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "negamax": negamax,
    "expectimax": expectimax,
    "maxn": maxn,
    "paranoid": paranoid,
    "quiescence": quiescence,
    "iterative_deepening": iterative_deepening,
    "transposition": transposition,
    "killers": killers,
    "beam": beam,
    "lmr": lmr,
}

CONVENTIONS: dict[str, str] = {
    "prune_on_equality": "prune when alpha >= beta (False: only when alpha > beta)",
    "fail_soft": "return the best value seen, not the value clamped into the window",
    "depth_unit": "'ply', or 'round' where every player moves once",
    "quiescence_depth": "quiescence: most noisy plies past the horizon (None: until quiet)",
    "utility_bound": "max^n: bound on the sum of the players' payoffs; enables shallow pruning",
    "beam_width": "beam: how many moves of every node are searched, in action order",
    "lmr_full": "lmr: how many moves of every node are searched before reductions start",
}
"""Every keyword-only convention a reference search takes, and what it means."""


def accepted_options(name: str) -> set[str]:
    """The keyword-only conventions the named search takes."""
    params = inspect.signature(get(name)).parameters.values()
    return {p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY}


def get(name: str) -> Search:
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(sorted(ALGORITHMS))
        raise KeyError(f"no reference search {name!r}; known: {known}") from None


def search(
    name: str, game: Game, state: Any, depth: int, **conventions: Any
) -> tuple[Value | list[Value], Action | None]:
    """Run the named search, passing only the conventions it accepts (None means default)."""
    accepted = accepted_options(name)
    kwargs = {k: v for k, v in conventions.items() if k in accepted and v is not None}
    return get(name)(game, state, depth, **kwargs)
