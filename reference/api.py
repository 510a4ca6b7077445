"""The student API as a typing protocol, and the depth every search counts in plies."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from reference.conventions import DepthUnit as DepthUnit
from reference.conventions import TranspositionTable as TranspositionTable
from reference.conventions import plies as depth_in_plies

Value = int | float
State = Hashable
Action = Any


class Game(Protocol):
    """What a search may call: the formal game of DESIGN.md."""

    num_players: int

    def to_move(self, s: Any) -> int: ...
    def actions(self, s: Any) -> Sequence[Action]: ...
    def result(self, s: Any, a: Action) -> Any: ...
    def is_terminal(self, s: Any) -> bool: ...
    def utility(self, s: Any, p: int = 0) -> Value: ...
    def utilities(self, s: Any) -> Sequence[Value]: ...
    def evaluate(self, s: Any, p: int = 0) -> Value: ...
    def evaluations(self, s: Any) -> Sequence[Value]: ...
    def is_quiet(self, s: Any) -> bool: ...
    def noisy_actions(self, s: Any) -> Sequence[Action]: ...
    def is_chance(self, s: Any) -> bool: ...
    def chance_outcomes(self, s: Any) -> Sequence[tuple[Action, float]]: ...
    def time_left(self) -> Value: ...  # the virtual clock's ticks left (inf: no budget)
    def random(self) -> float: ...  # the next draw of the test's random stream, in [0, 1)
    def random_choice(self, seq: Sequence[Any]) -> Any: ...  # seq[int(random() * len(seq))]


def plies(game: Game, depth: int, unit: DepthUnit) -> int:
    """Depth in plies of ``game`` (:func:`reference.conventions.plies`)."""
    return depth_in_plies(depth, unit, game.num_players)


def check_two_player(game: Game, algorithm: str) -> None:
    """Refuse a game that a two-player zero-sum search cannot play."""
    if game.num_players != 2:
        raise ValueError(f"{algorithm} needs a two-player game, not {game.num_players} players")
