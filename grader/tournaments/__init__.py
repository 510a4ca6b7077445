"""Tournaments between agents: the schedule, the games on disk, ratings and the crosstable.

:mod:`~grader.tournaments.schedule` pairs the entrants (round robin or Swiss), a pure
function of the entrants and the seed; :mod:`~grader.tournaments.records` keeps each
finished game in its own file; :mod:`~grader.tournaments.ratings` turns the games into
standings (OpenSkill ratings with their uncertainty); :mod:`~grader.tournaments.crosstable`
writes them; :mod:`~grader.tournaments.run` plays a tournament (on this machine or on a
Dask cluster), resumable as a batch is; :mod:`~grader.tournaments.match` is the one place
that asks the referee (:mod:`grader.play`) for a game.
"""
