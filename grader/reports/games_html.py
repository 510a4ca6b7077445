"""The games of an agents assignment's match, drawn for the HTML report.

Each game shows who played which colour, its result and why, the final board (the
game's SVG drawing), and its moves with the time each took and the mover's clock after
it; the answer that lost a game by a fault (an illegal move, garbage, a flag fall) is the
last row, in red. A bar of wins, draws and losses sums up the match.
"""

from __future__ import annotations

from grader.games import load_game
from grader.grading.sinks import for_html
from grader.play.models import GameRecord, tally

BAR_WIDTH = 240  # pixels of the bar of a match's results
_COLOURS = {"won": "#2e7d32", "drew": "#9e9e9e", "lost": "#c62828"}


def games_html(games: list[GameRecord]) -> str:
    """A match's results bar and each of its games."""
    return "\n".join([_bar(games), *(_game(i, g) for i, g in enumerate(games, start=1))])


def _bar(games: list[GameRecord]) -> str:
    counts = tally(games)
    total = max(1, sum(counts.values()))
    parts, x = [], 0.0
    for kind, count in counts.items():
        width = BAR_WIDTH * count / total
        if count:
            parts.append(f'<rect x="{x:g}" width="{width:g}" height="14" '
                         f'fill="{_COLOURS[kind]}"><title>{kind} {count}</title></rect>')
        x += width
    words = ", ".join(f"{kind} {count}" for kind, count in counts.items())
    return (f'<p class="bar"><svg width="{BAR_WIDTH}" height="14" role="img">'
            f'<title>{words}</title>{"".join(parts)}</svg> {words}</p>')


def _game(number: int, record: GameRecord) -> str:
    names = " vs ".join(f"{'xo'[i]}: {for_html(p.label)}" for i, p in enumerate(record.players))
    opening = " ".join(record.opening) or "none"
    rows = [f"<tr><td class='num'>{m.ply}</td><td>{'xo'[m.player]}</td>"
            f"<td>{for_html(m.move)}</td><td class='num'>"
            f"{'opening' if m.opening else f'{m.time_s:.3f}'}</td><td class='num'>"
            f"{'' if m.opening else f'{m.clock_left_s:.2f}'}</td></tr>" for m in record.moves]
    if record.reason not in ("win", "draw"):  # the answer that lost the game
        winner = record.winner()
        loser = "?" if winner is None else "xo"[1 - winner]
        rows.append(f"<tr class='lost'><td class='num'>{len(record.moves) + 1}</td>"
                    f"<td>{loser}</td><td>{for_html(record.loser_move or '(none)')}</td>"
                    f"<td colspan='2'>{for_html(record.reason)}</td></tr>")
    board = load_game(record.game).svg(record.final)
    return "\n".join([
        f'<details class="game"{" open" if number == 1 else ""}><summary>Game {number}: '
        f"{names}; you {record.agent_result()} ({for_html(record.reason)}), opening "
        f"{for_html(opening)}</summary>",
        f'<p>{for_html(record.message)}</p><div class="board">{board}</div>',
        "<table class='moves'><tr><th>ply</th><th>who</th><th>move</th><th>time (s)</th>"
        "<th>clock left (s)</th></tr>", *rows, "</table></details>",
    ])
