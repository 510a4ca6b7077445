"""What every game here shares: the student API of DESIGN.md over position texts.

A state is a position's text, in the game's own notation (a grid of ``x`` and ``o``, a
FEN), checked and written one canonical way, so states are plain strings: hashable,
comparable, and the same position reached by two move orders is the same state (a
transposition). Player 0 (MAX) moves first. A game subclass says how a position is
read (:meth:`GameRules.parse`), what it is (:meth:`GameRules.work_out`: who moves, the
moves in the order searched, the noisy ones, the payoff or evaluation for player 0) and
where a move leads (:meth:`GameRules.after`); this class answers ``to_move``,
``actions``, ``result``, ``is_terminal``, ``utility``, ``evaluate``, ``is_quiet``,
``noisy_actions`` and ``is_chance`` from them, each position's facts worked out once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from grader.errors import GameError

_FACTS_KEPT = 1 << 18  # positions whose facts a game keeps before it starts again


class PositionError(ValueError):
    """A position text a game refuses: where on the board (or in the text), and why."""

    def __init__(self, place: str, reason: str) -> None:
        super().__init__(f"{place}: {reason}" if place else reason)
        self.place = place
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Facts:
    """What a position is: who moves, its moves, and its payoff or evaluation for player 0."""

    mover: int
    actions: tuple[str, ...]  # () at the end of the game
    utility: int | None  # for player 0; None while the game goes on
    score: int  # the built-in evaluation for player 0; the utility at the end
    noisy: tuple[str, ...] = ()  # the moves quiescence plays on (captures), in move order


class GameRules(ABC):
    """A two-player zero-sum game over position texts; subclasses give the rules."""

    name: ClassVar[str]
    title: ClassVar[str]  # as a person names it
    win: ClassVar[int]  # the payoff of a win; a loss is its opposite, a draw 0
    max_positions: ClassVar[int | None] = None  # a smaller bound on an unfolded tree
    num_players = 2

    def __init__(self) -> None:
        self._facts: dict[str, Facts] = {}
        self._played: set[str] = set()  # states this game's own rules made: valid as they are

    # -- the rules, per game ---------------------------------------------------------
    @property
    @abstractmethod
    def initial_state(self) -> str:
        """The position a game starts from."""

    @abstractmethod
    def parse(self, text: Any) -> str:
        """The state of a position text, checked; :class:`PositionError` says what is wrong."""

    @abstractmethod
    def work_out(self, state: str) -> Facts:
        """The facts of a checked state."""

    @abstractmethod
    def after(self, state: str, move: str, facts: Facts) -> str:
        """The state after ``move``, one of ``facts.actions`` (the facts of ``state``)."""

    @abstractmethod
    def say_move(self, state: str, move: str) -> str:
        """``move`` from ``state`` as a person reads it in a sentence (``x b2``, ``Qxd5``)."""

    @abstractmethod
    def text(self, state: str) -> str:
        """The board as lines of text."""

    @abstractmethod
    def svg(self, state: str) -> str:
        """The board as an SVG picture, safe to put in an HTML page as it is."""

    @property
    def position_noun(self) -> str:
        """What a position text is called in a refusal (``not a legal FEN``)."""
        return f"{self.title} position"

    # -- the unfolding's shortcuts -----------------------------------------------------
    def successors(self, state: str) -> tuple[str, ...]:
        """The states after each of the moves of ``state``, in move order."""
        facts = self.facts(state)
        return self.made(self.after(state, a, facts) for a in facts.actions)

    def made(self, states: Iterable[str]) -> tuple[str, ...]:
        """``states``, which this game's rules made from checked ones, kept as valid: their
        facts are worked out without reading their texts again."""
        found = tuple(states)
        self._played.update(found)
        return found

    def leaf_facts(self, state: str) -> Facts:
        """The facts of a position the unfolding leaves unexpanded: who moves, its payoff
        or evaluation; a game may leave its moves out (a leaf lists none)."""
        return self.facts(state)

    # -- positions ---------------------------------------------------------------------
    def facts(self, state: Any) -> Facts:
        """The facts of ``state``, worked out once (a state is checked the first time)."""
        found = self._facts.get(state) if isinstance(state, str) else None
        if found is None:
            if isinstance(state, str) and state in self._played:  # made by the rules: valid
                canonical = state
            else:
                try:
                    canonical = self.parse(state)
                except PositionError as exc:
                    raise GameError(f"{str(state)[:100]!r} is not a {self.position_noun}: "
                                    f"{exc}") from None
            if len(self._facts) >= _FACTS_KEPT:
                self._facts.clear()
                self._played.clear()
            found = self._facts[state] = self.work_out(canonical)
        return found

    # -- the student API -------------------------------------------------------------
    def to_move(self, s: str) -> int:
        return self.facts(s).mover

    def actions(self, s: str) -> tuple[str, ...]:
        return self.facts(s).actions

    def result(self, s: str, a: Any) -> str:
        facts = self.facts(s)
        if not isinstance(a, str) or a not in facts.actions:
            legal = ", ".join(facts.actions) or "none: the game is over"
            raise GameError(f"{str(a)[:40]!r} is not a legal move in {s} (legal: {legal})")
        return self.made([self.after(s.strip(), a, facts)])[0]

    def is_terminal(self, s: str) -> bool:
        return self.facts(s).utility is not None

    def utilities(self, s: str) -> list[int]:
        utility = self.facts(s).utility
        if utility is None:
            raise GameError(f"utility of {s}, where the game goes on")
        return [utility, -utility]

    def utility(self, s: str, p: int = 0) -> int:
        return self.utilities(s)[self._player(p)]

    def evaluations(self, s: str) -> list[int]:
        score = self.facts(s).score
        return [score, -score]

    def evaluate(self, s: str, p: int = 0) -> int:
        return self.evaluations(s)[self._player(p)]

    def is_quiet(self, s: str) -> bool:
        return not self.facts(s).noisy

    def noisy_actions(self, s: str) -> list[str]:
        return list(self.facts(s).noisy)

    def is_chance(self, s: str) -> bool:
        self.facts(s)
        return False

    def _player(self, p: Any) -> int:
        if isinstance(p, bool) or p not in (0, 1):
            raise GameError(f"player {p!r} does not exist; players are 0 and 1")
        return int(p)
