"""Standings from game files: OpenSkill ratings in the schedule's order, tallies, byes;
the crosstable in CSV and HTML, every submission's string made safe."""

from __future__ import annotations

import csv
import io
import random
from html.parser import HTMLParser
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from grader.tournaments.crosstable import crosstable_csv, crosstable_html, crosstable_texts
from grader.tournaments.ratings import standings
from grader.tournaments.records import (
    GAME_FORMAT,
    Outcome,
    PlayedGame,
    finished,
    game_path,
    read_game,
    remove_partial,
    write_game,
)
from grader.tournaments.schedule import BYE_POINTS, Game


def game(gid: str, first: str, second: str, outcome: Outcome, round: int = 1,
         reason: str = "x wins") -> PlayedGame:
    return PlayedGame(format=GAME_FORMAT, id=gid, round=round, first=first, second=second,
                      first_sha256="1" * 64, second_sha256="2" * 64, opening=["a1"], seed=7,
                      outcome=outcome, reason=reason, plies=5, record={"moves": []})


# ann beats bob twice; bob and cy draw; cy beats ann; one game the grader failed
GAMES = [
    game("r001-p0000-a", "ann", "bob", "first"),
    game("r001-p0000-b", "bob", "ann", "second"),
    game("r002-p0001-a", "bob", "cy", "draw", round=2),
    game("r002-p0001-b", "cy", "ann", "first", round=2),
    game("r003-p0002-a", "cy", "bob", "fault", round=3),
]


def test_standings_tally_every_counted_game() -> None:
    rows = {r.name: r for r in standings(["ann", "bob", "cy"], GAMES)}
    assert (rows["ann"].wins, rows["ann"].draws, rows["ann"].losses) == (2, 0, 1)
    assert (rows["bob"].wins, rows["bob"].draws, rows["bob"].losses) == (0, 1, 2)
    assert (rows["cy"].wins, rows["cy"].draws, rows["cy"].losses) == (1, 1, 0)
    assert [rows[n].points for n in ("ann", "bob", "cy")] == [2.0, 0.5, 1.5]
    assert sum(r.games for r in rows.values()) == 2 * 4  # the fault counts nothing


def test_ratings_are_openskills_in_the_schedules_order() -> None:
    model = PlackettLuce()
    r = {n: model.rating(name=n) for n in ("ann", "bob", "cy")}
    for a, b, ranks in (("ann", "bob", [0, 1]), ("bob", "ann", [1, 0]), ("bob", "cy", [0, 0]),
                        ("cy", "ann", [0, 1])):
        [[r[a]], [r[b]]] = model.rate([[r[a]], [r[b]]], ranks=ranks)
    shuffled = GAMES[:]
    random.Random(3).shuffle(shuffled)  # games finish in any order
    rows = standings(["cy", "bob", "ann"], shuffled)
    for row in rows:
        assert (row.mu, row.sigma) == pytest.approx((r[row.name].mu, r[row.name].sigma))
        assert row.ordinal == pytest.approx(row.mu - 3 * row.sigma)
    assert [row.ordinal for row in rows] == sorted((row.ordinal for row in rows), reverse=True)
    assert rows[-1].name == "bob"


def test_a_bye_scores_points_but_no_rating() -> None:
    rows = {r.name: r for r in standings(["ann", "bob", "cy"], GAMES[:2], {"cy": 1})}
    assert rows["cy"].points == BYE_POINTS and rows["cy"].byes == 1
    assert rows["cy"].mu == pytest.approx(25.0) and rows["cy"].games == 0


def test_the_csv_crosstable_holds_each_pairs_results() -> None:
    rows = standings(["ann", "bob", "cy"], GAMES)
    table = list(csv.DictReader(io.StringIO(crosstable_csv(rows, GAMES))))
    by_name = {t["entrant"]: t for t in table}
    assert by_name["ann"]["bob"] == "1 1" and by_name["bob"]["ann"] == "0 0"
    assert by_name["cy"]["bob"] == "0.5" and by_name["ann"]["ann"] == ""
    assert [t["rank"] for t in table] == ["1", "2", "3"]


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "a":
            found = dict(attrs)
            self.links.append((str(found["href"]), str(found["title"])))


def test_each_html_result_links_to_its_games_record() -> None:
    rows = standings(["ann", "bob", "cy"], GAMES)
    page = _Links()
    page.feed(crosstable_html(rows, GAMES, title="t"))
    hrefs = sorted(h for h, _ in page.links)
    counted = [g for g in GAMES if g.outcome != "fault"]
    assert hrefs == sorted(f"games/{g.id}.json" for g in counted for _ in (0, 1))


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        pytest.param("=HYPERLINK(1)", "x wins", id="formula-name"),
        pytest.param("<script>x</script>", '"><img src=x onerror=alert(1)>', id="html"),
        pytest.param("-2+3", "\x1b[2Jcleared", id="minus-and-escape"),
    ],
)
def test_every_submission_string_is_made_safe(name: str, reason: str) -> None:
    games = [game("r001-p0000-a", name, "bob", "first", reason=reason),
             game("r001-p0000-b", "bob", name, "draw", reason=reason)]
    rows = standings([name, "bob"], games)
    texts = crosstable_texts(rows, games, title=f"tournament of {name}")
    cells = [c for row in csv.reader(io.StringIO(texts["crosstable.csv"])) for c in row]
    assert all(not c.startswith(("=", "+", "@")) for c in cells)
    assert not any(c.startswith("-") and not c[1:2].isdigit() for c in cells)
    assert f"'{name}" in cells if name[0] in "=+-@" else name in cells
    page = _Links()
    page.feed(texts["crosstable.html"])
    assert set(page.tags) <= {"html", "head", "meta", "title", "style", "body", "h1", "p",
                              "table", "thead", "tbody", "tr", "th", "td", "a"}
    assert "\x1b" not in texts["crosstable.html"]
    assert any(reason.replace("\x1b", "\\x1b") in title for _, title in page.links)


def test_a_game_file_is_written_whole_and_read_back(tmp_path: Path) -> None:
    played = GAMES[0]
    path = write_game(tmp_path, played)
    assert path == game_path(tmp_path, played.id) and read_game(path) == played
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    (path.parent / ".r009-x.tmp").write_text("half")
    path.with_name("r009-p0000-a.json").write_text('{"format": "tournament-game/1"')
    remove_partial(tmp_path)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, "r009-p0000-a.json"]
    assert read_game(path.with_name("r009-p0000-a.json")) is None


@pytest.mark.parametrize(
    ("change", "kept"),
    [
        pytest.param({}, True, id="the-same-game"),
        pytest.param({"seed": 8}, False, id="another-seed"),
        pytest.param({"opening": ("b1",)}, False, id="another-opening"),
        pytest.param({"first": "bob", "second": "ann"}, False, id="colours-swapped"),
    ],
)
def test_a_file_counts_only_for_the_game_it_records(tmp_path: Path, change: dict[str, object],
                                                    kept: bool) -> None:
    write_game(tmp_path, GAMES[0])
    fields: dict[str, object] = {"id": "r001-p0000-a", "round": 1, "first": "ann",
                                 "second": "bob", "opening": ("a1",), "seed": 7, **change}
    scheduled = Game(**fields)  # type: ignore[arg-type]
    hashes = {"ann": "1" * 64, "bob": "2" * 64} if change.get("first") != "bob" else {
        "bob": "1" * 64, "ann": "2" * 64}
    assert (scheduled.id in finished(tmp_path, [scheduled], hashes)) == kept


def test_a_resubmitted_agents_games_are_played_again(tmp_path: Path) -> None:
    write_game(tmp_path, GAMES[0])
    scheduled = Game("r001-p0000-a", 1, "ann", "bob", ("a1",), 7)
    assert finished(tmp_path, [scheduled], {"ann": "1" * 64, "bob": "2" * 64})
    assert not finished(tmp_path, [scheduled], {"ann": "3" * 64, "bob": "2" * 64})


def test_a_fault_is_played_again(tmp_path: Path) -> None:
    write_game(tmp_path, GAMES[4])
    scheduled = Game("r003-p0002-a", 3, "cy", "bob", ("a1",), 7)
    assert not finished(tmp_path, [scheduled], {"cy": "1" * 64, "bob": "2" * 64})
