"""Grading an agents (or evaluations) assignment: each match's games played, scored by
the thresholds; an evaluations assignment's property tests then
(:mod:`grader.play.properties`).

A match is N games against one built-in opponent: pairs of games from the same seeded
opening, the agent x (first) in one and o in the other. A win counts 1, a draw 1/2; the
match earns the points of the highest threshold its share of the score reaches. A game
the grader could not run (``sandbox_error``) is left out of the score and named in the
report, to be played again; it is never charged.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from grader.authoring.assignment import LoadedAssignment
from grader.authoring.play_spec import MatchSpec, PlayRules, PropertySpec
from grader.errors import GraderError
from grader.grading.report import Report, TestResult, make_report
from grader.grading.statuses import Status
from grader.hosts.kinds import SandboxKind
from grader.play.models import ClockRule, GameRecord, PlayerSpec, tally
from grader.play.properties import grade_properties
from grader.play.referee import play_game, random_opening


def grade_agent(
    *,
    submission: Path,
    loaded: LoadedAssignment,
    sandbox: SandboxKind = "local",
    tests: Sequence[str] | None = None,
    name: str | None = None,
    require_isolation: bool = False,
) -> Report:
    """Play every match of ``loaded`` (or those named in ``tests``) with ``submission``'s
    agent (an evaluations assignment: its evaluation in the reference alpha-beta), and
    report one result per match, its games' records included; then an evaluations
    assignment's property tests."""
    rules, evaluation = loaded.spec.play, loaded.spec.evaluation
    assert rules is not None, "grade_agent grades an agents assignment"
    started = time.perf_counter()
    matches, properties = _chosen(loaded, tests)
    entry = loaded.spec.entry
    player = (PlayerSpec.agent(submission, entry=entry) if evaluation is None else
              PlayerSpec.evaluation(submission, depth=evaluation.depth, entry=entry,
                                    bound=evaluation.bound))
    clock = ClockRule(move_s=rules.move_s, game_s=rules.game_s,
                      call_s=None if evaluation is None else evaluation.call_s)
    results = [_match(player, rules, clock, match, sandbox, require_isolation)
               for match in matches]
    results += grade_properties(submission=submission, loaded=loaded, specs=properties,
                                sandbox=sandbox, require_isolation=require_isolation)
    return make_report(assignment=loaded.name, submission=name or Path(submission).name,
                       tests=results, sandbox=sandbox, time_s=time.perf_counter() - started)


def _chosen(loaded: LoadedAssignment,
            tests: Sequence[str] | None) -> tuple[list[MatchSpec], list[PropertySpec]]:
    """The matches and property tests named in ``tests`` (none named: all)."""
    matches, properties = loaded.spec.matches, loaded.spec.properties
    if not tests:
        return list(matches), list(properties)
    names = [m.name for m in matches] + [p.name for p in properties]
    unknown = [t for t in tests if t not in names]
    if unknown:
        raise GraderError(f"assignment {loaded.name!r} has no match or test {unknown[0]!r}; "
                          f"its matches and tests: {', '.join(names)}")
    return [m for m in matches if m.name in tests], [p for p in properties if p.name in tests]


def _match(player: PlayerSpec, rules: PlayRules, clock: ClockRule, match: MatchSpec,
           sandbox: SandboxKind, require_isolation: bool) -> TestResult:
    started = time.perf_counter()
    opponent = PlayerSpec.builtin(match.opponent)
    games: list[GameRecord] = []
    for g in range(match.games):
        seed = rules.seed + g // 2
        opening = random_opening(rules.game, rules.opening_plies, seed)
        players = (player, opponent) if g % 2 == 0 else (opponent, player)
        games.append(play_game(game=rules.game, players=players, clock=clock,
                               opening=opening, seed=seed, sandbox=sandbox,
                               require_isolation=require_isolation))
    return score_match(match, games, time.perf_counter() - started)


def score_match(match: MatchSpec, games: list[GameRecord], time_s: float) -> TestResult:
    """A match's result from its games' records."""
    counts = tally(games)
    won, drawn, played = counts["won"], counts["drew"], sum(counts.values())
    share = (won + drawn / 2) / played if played else 0.0
    score = max([t.points for t in match.thresholds if share >= t.score], default=0.0)
    faults = len(games) - played
    status: Status = ("sandbox_error" if faults else
                      "passed" if score >= match.points else "failed")
    message = (f"won {won}, drew {drawn}, lost {counts['lost']} of {played} "
               f"games against {match.opponent} (score {share:.0%})")
    if faults:
        message += f"; {faults} game(s) the grader could not run: grade again"
    return TestResult(name=match.name, status=status, score=score, max_score=match.points,
                      time_s=round(time_s, 6), message=message, feedback=_lost(games),
                      visibility=match.visibility, games=games)


def _lost(games: list[GameRecord]) -> list[str]:
    """A line for each game the agent lost by a fault (illegal, crash, flag, ...)."""
    lines = []
    for i, record in enumerate(games, start=1):
        side = record.agent_side()
        if record.agent_result() == "lost" and record.reason != "win":
            colour = "x, first" if side == 0 else "o, second"
            lines.append(f"game {i} (you played {colour}, opening "
                         f"{' '.join(record.opening) or 'none'}): {record.reason}: "
                         f"{record.message}")
    return lines
