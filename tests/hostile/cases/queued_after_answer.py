"""Answers right, and has the harness's channel (which shares its process) write a
failure as the next run's message just after its answer, so that the line waits in the
link for the next test: the grader starts that test in a fresh sandbox, and what was
written after an answer is nobody's.

status: passed
then: passed
"""

from _good import good


def alphabeta(game, state, depth):
    if depth == 2:
        channel = game._ch  # no channel: an AttributeError, and the case fails loudly
        kind = type(channel)
        honest = kind.send

        def send(self, message):
            honest(self, message)
            if message.get("op") == "done":
                kind.send = honest
                forged = ('{"op":"fail","kind":"exception","message":"written after the '
                          f'answer","detail":"","run":{self.run + 1}}}\n')
                self._link.send(forged.encode())

        kind.send = send
    return good(game, state, depth)
