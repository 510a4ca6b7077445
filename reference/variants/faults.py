"""The deliberate mistakes a variant makes, one at a time, and the rules they bend.

A variant is a reference search with exactly one :class:`Fault`. The family modules
(``*_variants.py``) hold one search each that takes a fault, or None for the reference
itself; the helpers here are the places where a fault changes what the search does.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from reference.api import Action, Game, Value


@dataclass(frozen=True, eq=False)
class Fault:
    """One deliberate change of a reference search, named by ``value`` (its variant's name).

    The faults several families share are below; a family's own variants module may make
    more (``SIGN_SLIP = Fault("sign-slip")``). Faults compare by identity: each is made once.
    """

    value: str

    NO_PRUNING: ClassVar[Fault]
    PRUNE_STRICT: ClassVar[Fault]
    PRUNE_ON_EQUALITY: ClassVar[Fault]
    ROOT_WINDOW: ClassVar[Fault]
    WINDOW_SWAPPED: ClassVar[Fault]
    BOUNDS_SWAPPED: ClassVar[Fault]
    PERSPECTIVE: ClassVar[Fault]
    DEPTH_PLUS_ONE: ClassVar[Fault]
    DEPTH_MINUS_ONE: ClassVar[Fault]
    EVALUATE_FIRST: ClassVar[Fault]
    TIES_LAST: ClassVar[Fault]
    RIGHT_TO_LEFT: ClassVar[Fault]
    FAIL_SOFT: ClassVar[Fault]
    FAIL_HARD: ClassVar[Fault]
    PLAYER_ZERO: ClassVar[Fault]
    NEXT_PLAYER: ClassVar[Fault]
    NO_STAND_PAT: ClassVar[Fault]
    QUIET_MOVES_TOO: ClassVar[Fault]
    NO_QUIESCENCE_LIMIT: ClassVar[Fault]
    NO_QUIESCENCE: ClassVar[Fault]
    MAX_AT_CHANCE: ClassVar[Fault]
    TURN_BY_PARITY: ClassVar[Fault]
    ROOT_PLAYER: ClassVar[Fault]
    ROOT_EXPANDED: ClassVar[Fault]
    SUCCESSORS_AS_MAX: ClassVar[Fault]
    DEPTH_PER_AGENT: ClassVar[Fault]
    ALL_MAXIMISE: ClassVar[Fault]


Fault.NO_PRUNING = Fault("no-pruning")
Fault.PRUNE_STRICT = Fault("prune-strict")
Fault.PRUNE_ON_EQUALITY = Fault("prune-on-equality")
Fault.ROOT_WINDOW = Fault("root-window-reset")
Fault.WINDOW_SWAPPED = Fault("window-swapped")
Fault.BOUNDS_SWAPPED = Fault("bounds-swapped")
Fault.PERSPECTIVE = Fault("wrong-perspective")
Fault.DEPTH_PLUS_ONE = Fault("depth-plus-one")
Fault.DEPTH_MINUS_ONE = Fault("depth-minus-one")
Fault.EVALUATE_FIRST = Fault("evaluate-before-terminal")
Fault.TIES_LAST = Fault("ties-to-last")
Fault.RIGHT_TO_LEFT = Fault("right-to-left")
Fault.FAIL_SOFT = Fault("fail-soft")
Fault.FAIL_HARD = Fault("fail-hard")
Fault.PLAYER_ZERO = Fault("player-zero-component")
Fault.NEXT_PLAYER = Fault("next-player-component")
Fault.NO_STAND_PAT = Fault("no-stand-pat")
Fault.QUIET_MOVES_TOO = Fault("quiet-moves-too")
Fault.NO_QUIESCENCE_LIMIT = Fault("ignores-quiescence-depth")
Fault.NO_QUIESCENCE = Fault("no-quiescence")
Fault.MAX_AT_CHANCE = Fault("max-at-chance")
Fault.TURN_BY_PARITY = Fault("turn-by-parity")
Fault.ROOT_PLAYER = Fault("root-player-value")
Fault.ROOT_EXPANDED = Fault("root-expanded-at-depth-0")
Fault.SUCCESSORS_AS_MAX = Fault("successors-full-depth-as-max")
Fault.DEPTH_PER_AGENT = Fault("depth-per-agent")
Fault.ALL_MAXIMISE = Fault("ghosts-maximise")


Engine = Callable[..., tuple[Any, Action | None]]
"""A family's search: ``engine(fault, game, state, depth, **conventions)``."""


@dataclass(frozen=True)
class Variant:
    """A known wrong version of a reference search, and how to tell a student about it."""

    family: str  # the reference it changes: "alphabeta", "maxn", ...
    fault: Fault
    mistake: str  # one sentence a student understands
    engine: Engine

    @property
    def name(self) -> str:
        return self.fault.value

    def search(
        self, game: Game, state: Any, depth: int, **conventions: Any
    ) -> tuple[Any, Action | None]:
        """Run the variant with the conventions its reference takes (None means default)."""
        return run_engine(self.engine, self.fault, game, state, depth, **conventions)


def run_engine(
    engine: Engine, fault: Fault | None, game: Game, state: Any, depth: int, **conventions: Any
) -> tuple[Any, Action | None]:
    """Run a family's search with ``fault``, passing only the conventions it takes."""
    params = inspect.signature(engine).parameters.values()
    accepted = {p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY}
    kwargs = {k: v for k, v in conventions.items() if k in accepted and v is not None}
    return engine(fault, game, state, depth, **kwargs)


COMMON: dict[Fault, str] = {
    Fault.TIES_LAST: "on ties you keep the last best action; keep the first, in action order",
    Fault.RIGHT_TO_LEFT: "you search children from the last action to the first; search "
    "them in the order actions() lists them",
    Fault.DEPTH_MINUS_ONE: "you search one ply less deep than the depth you are given",
    Fault.DEPTH_PLUS_ONE: "you search one ply deeper than the depth you are given",
    Fault.EVALUATE_FIRST: "at the depth limit you call evaluate() before asking "
    "is_terminal(); a terminal node's payoff comes from utility()",
    Fault.PERSPECTIVE: "you maximise for player 1 and minimise for player 0; player 0 is MAX",
    Fault.TURN_BY_PARITY: "you take turns MAX, MIN, MAX, ... down the tree (by the depth's "
    "parity or a flag passed down); ask game.to_move(s) who moves: MIN may move first, and "
    "a player may move twice in a row",
    Fault.ROOT_PLAYER: "you return the value for the player to move at the root; the value "
    "is always player 0's (MAX's), even when MIN moves first",
    Fault.ROOT_EXPANDED: "at depth 0 you still search the root's children; depth 0 "
    "evaluates the root itself and returns the action None",
    Fault.SUCCESSORS_AS_MAX: "you search each move of the root with the full depth and as "
    "MAX again; the root's children are one ply down (depth - 1) and the other player moves "
    "there",
    Fault.DEPTH_PER_AGENT: "you take one off the depth at every agent's move; CS188's depth "
    "counts rounds: it goes down by one only when every ghost has moved and Pacman (agent "
    "0) moves again",
    Fault.ALL_MAXIMISE: "you maximise at every node; MIN's nodes (CS188's ghosts, agents 1 "
    "and up) take the smallest value of their children",
    Fault.NO_PRUNING: "you never prune: alpha-beta stops searching a node's children as "
    "soon as its value can no longer change the choice above it",
    Fault.PRUNE_STRICT: "you prune only when alpha > beta; this test prunes on alpha >= beta too",
    Fault.PRUNE_ON_EQUALITY: "you prune when alpha >= beta; this test prunes only when "
    "alpha > beta",
    Fault.FAIL_SOFT: "you return the best value seen (fail-soft); this test wants values "
    "clamped into [alpha, beta] (fail-hard)",
    Fault.FAIL_HARD: "you clamp values into [alpha, beta] (fail-hard); this test wants the "
    "best value seen (fail-soft)",
}
"""What a fault means to a student, in the words most families share."""

PRUNING_FAULTS = (Fault.NO_PRUNING, Fault.PRUNE_STRICT, Fault.PRUNE_ON_EQUALITY)
"""The pruning mistakes, in the order every pruning family tries them."""

SEARCH_FAULTS = (
    Fault.TIES_LAST,
    Fault.RIGHT_TO_LEFT,
    Fault.DEPTH_MINUS_ONE,
    Fault.DEPTH_PLUS_ONE,
    Fault.EVALUATE_FIRST,
)
"""The mistakes any depth-limited search can make (ties, move order, depth, horizon), in
the order every family tries them."""


def variants(
    family: str, engine: Engine, faults: Sequence[Fault], own: dict[Fault, str] | None = None
) -> tuple[Variant, ...]:
    """A family's variants in the order given (the simplest mistake first), each with its
    own sentence or else the common one."""
    sentences = {**COMMON, **(own or {})}
    return tuple(Variant(family, fault, sentences[fault], engine) for fault in faults)


AGENT_FAULTS = (Fault.DEPTH_PER_AGENT, Fault.ALL_MAXIMISE)
"""The mistakes of CS188's multi-agent searches (shown on trees that declare ``agents``;
a ghost's turn is MIN's elsewhere too)."""


def start_depth(depth: int, fault: Fault | None, game: Game | None = None) -> int:
    """The depth a search starts from, in plies: one more or one less for a depth fault;
    on a CS188 tree of ``game.agents`` agents, as many plies as rounds for counting depth
    per agent."""
    agents = getattr(game, "agents", None)
    if fault is Fault.DEPTH_PER_AGENT and isinstance(agents, int) and agents > 0:
        return depth // agents  # the mistake: a round's depth spent on each agent's move
    if fault is Fault.DEPTH_PLUS_ONE:
        return depth + 1  # the mistake: one ply too deep
    if fault is Fault.DEPTH_MINUS_ONE:
        return max(depth - 1, 0)  # the mistake: one ply too shallow
    return depth


def in_order(actions: Sequence[Action], fault: Fault | None) -> list[Action]:
    """The order in which children are searched."""
    if fault is Fault.RIGHT_TO_LEFT:
        return list(reversed(actions))  # the mistake: the last action first
    return list(actions)


def improves(value: Value, best: Value | None, maximizing: bool, fault: Fault | None) -> bool:
    """Whether ``value`` replaces ``best``: strictly better, or for ties-to-last also equal."""
    if best is None:
        return True
    if value == best:
        return fault is Fault.TIES_LAST  # the mistake: the last of equal values wins
    return value > best if maximizing else value < best


TURN_FAULTS = (Fault.TURN_BY_PARITY, Fault.ROOT_PLAYER, Fault.ROOT_EXPANDED,
               Fault.SUCCESSORS_AS_MAX)
"""The mistakes of whose turn it is, whose value, and what the root does, in the order
every two-player family tries them."""


def maximizes(game: Game, s: Any, fault: Fault | None, turn: Turn | None = None) -> bool:
    """Whether the player to move at ``s`` maximises player 0's value (player 0 is MAX)."""
    if turn is not None and fault in (Fault.TURN_BY_PARITY, Fault.SUCCESSORS_AS_MAX):
        return turn.max_moves  # the mistake: turns alternate, to_move is never asked
    me = 0 if turn is None else turn.me
    is_max = game.to_move(s) == me
    if fault is Fault.ALL_MAXIMISE:
        return True  # the mistake: MIN (every ghost) maximises too
    return not is_max if fault is Fault.PERSPECTIVE else is_max  # the mistake: MIN maximises


@dataclass(frozen=True)
class Turn:
    """What a turn fault keeps down the tree: whose value, whose move, at the root or not."""

    me: int = 0  # the player whose value the search returns (0 but for ROOT_PLAYER)
    max_moves: bool = True  # the alternating guess of TURN_BY_PARITY / SUCCESSORS_AS_MAX
    root: bool = True

    @classmethod
    def at_root(cls, game: Game, state: Any, fault: Fault | None) -> Turn:
        if fault is Fault.ROOT_PLAYER and not game.is_terminal(state):
            return cls(me=game.to_move(state))  # the mistake: the root's mover is "me"
        return cls()

    def cut_off(self, fault: Fault | None, depth: int) -> bool:
        """Whether a node at ``depth`` plies left is evaluated rather than searched."""
        if self.root and fault in (Fault.ROOT_EXPANDED, Fault.SUCCESSORS_AS_MAX):
            return False  # the mistake: the root is searched even at depth 0
        return depth <= 0

    def child(self, fault: Fault | None, depth: int) -> tuple[int, Turn]:
        """The depth and turn a child of this node is searched with."""
        if self.root and fault is Fault.SUCCESSORS_AS_MAX:
            return depth, Turn(self.me, True, False)  # the mistake: full depth, MAX again
        return max(depth - 1, 0), Turn(self.me, not self.max_moves, False)


def evaluates_first(fault: Fault | None, depth: int) -> bool:
    """Whether the search evaluates ``s`` at the cut-off before asking if it is terminal."""
    return fault is Fault.EVALUATE_FIRST and depth == 0


def prunes_on_equality(eq: bool, fault: Fault | None) -> bool:
    """The cut-off comparison a search uses: reaching the bound (True) or passing it."""
    if fault is Fault.PRUNE_STRICT:
        return False  # the mistake: only when the bound is passed
    if fault is Fault.PRUNE_ON_EQUALITY:
        return True  # the mistake: also when the bound is reached
    return eq
