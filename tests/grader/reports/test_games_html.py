"""The HTML report of an agents assignment draws each game: the final board, the moves
with their clocks, and the answer that lost."""

from __future__ import annotations

from pathlib import Path

from grader.authoring.assignment import MatchSpec, Threshold
from grader.grading.report import make_report
from grader.play.grading import score_match
from grader.play.models import ClockRule, PlayerSpec
from grader.play.referee import play_game
from grader.reports.html import html_report

CLOCK = ClockRule(move_s=2.0, game_s=10.0)


def test_a_match_is_drawn_game_by_game(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(
        "def choose(game, state, clock):\n"
        "    return 'z9' if len(game.actions(state)) < 6 else game.actions(state)[0]\n")
    agent, opponent = PlayerSpec.agent(tmp_path / "agent.py"), PlayerSpec.builtin("random")
    games = [play_game(game="tictactoe", clock=CLOCK, seed=s, players=players)
             for s, players in enumerate([(agent, opponent), (opponent, agent)])]
    match = MatchSpec(name="vs-random", opponent="random", games=2,
                      thresholds=[Threshold(score=1.0, points=2)])
    result = score_match(match, games, 0.1)
    page = html_report(make_report(assignment="t", submission="agent.py", tests=[result],
                                   sandbox="local"))
    assert page.count('<details class="game"') == 2
    assert page.count("<title>tic-tac-toe: ") == 2  # each final board
    lost = [g for g in games if g.reason == "illegal"]
    assert lost and page.count("<tr class='lost'>") == len(lost)
    assert "<td>z9</td>" in page and "lost 2" in page
    assert all(f"<td>{m.move}</td>" in page for g in games for m in g.moves)
