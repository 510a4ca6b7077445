"""The game's random stream: the one source of randomness a search graded exactly may use.

A test that sets ``random_seed`` gives its game a :class:`RandomStream`; the grader answers
every ``game.random()`` from it, in order, for the reference and for a student alike, so
the same calls draw the same numbers. Draw ``n`` is read from SHA-256 of the seed and
``n``: the same on every machine and Python, and a submission that sees any number of
draws learns neither the seed nor the draws to come. Nothing rewinds or reseeds it.
"""

from __future__ import annotations

import hashlib

_BITS = 53  # a float's mantissa: each draw is k / 2**53 for a whole k


class RandomStream:
    """Floats in [0, 1), drawn in order from a seed."""

    __slots__ = ("_drawn", "_key")

    def __init__(self, seed: int) -> None:
        self._key = hashlib.sha256(f"random-stream/1:{seed}".encode()).digest()
        self._drawn = 0

    @property
    def drawn(self) -> int:
        """How many numbers were drawn so far."""
        return self._drawn

    def draw(self) -> float:
        """The next number of the stream."""
        digest = hashlib.sha256(self._key + self._drawn.to_bytes(8, "big")).digest()
        self._drawn += 1
        return (int.from_bytes(digest[:8], "big") >> (64 - _BITS)) / (1 << _BITS)


def pick(n: int, draw: float) -> int:
    """The index ``random_choice`` takes among ``n`` items for ``draw``: ``int(draw * n)``."""
    return int(draw * n)
