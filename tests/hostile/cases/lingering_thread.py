"""Returns the right answer but leaves a thread that keeps calling the grader.

status: error
says: left 1 thread(s) running
then: passed
"""

import threading
import time

from _good import good


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    answer = good(game, state, depth)

    def pester():  # the game refuses it once the search has returned: it goes on
        time.sleep(0.2)
        while True:
            try:
                game.actions(state)
            except Exception:
                time.sleep(0.001)

    threading.Thread(target=pester, daemon=True).start()
    return answer
