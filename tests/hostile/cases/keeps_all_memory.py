"""Finds its answer, then fills all the memory its process has left with a table it
keeps, and returns: the harness's own work after the search then has no memory either.
That test is charged as out of memory (the harness's own failure to allocate read as an
exit with code 1 before), and the next test, in a fresh sandbox, passes.

status: memory
says: ran out of memory
then: passed
"""

from _good import good

KEPT = []


def alphabeta(game, state, depth):
    answer = good(game, state, depth)
    if depth == 2:
        for size in (1 << 20, 1 << 16, 1 << 12, 1 << 8):
            try:
                while True:
                    KEPT.append(bytearray(size))
            except MemoryError:
                pass
    return answer
