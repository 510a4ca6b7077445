"""Returns the right answer and leaves a process whose command is that of the standard
library's forkserver: only the helper the standard library started itself is killed
without counting, so this one is a leftover.

status: error
says: left 1 process(es) running
then: passed
"""

import subprocess
import sys

from _good import good

COMMAND = "from multiprocessing.forkserver import main\nimport time\ntime.sleep(60)"


def alphabeta(game, state, depth):
    if depth == 2:
        subprocess.Popen([sys.executable, "-c", COMMAND])
    return good(game, state, depth)
