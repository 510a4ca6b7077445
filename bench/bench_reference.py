"""How fast the reference alpha-beta runs on the traced ``TreeGame``, against the same search
without the trace, a bare alpha-beta over plain dicts, and easyAI's Negamax; and the
reference MCTS, traced against untraced, on a tree of 10^5 nodes.

Run ``python bench/bench_reference.py`` (``--help`` for sizes and repeats). It prints a
table of visited nodes (expansions plus evaluations) per second on generated uniform
trees, the overhead ratios, where ``TreeGame``'s time goes per call, and the other
reference searches of :data:`ALSO`, traced against untraced on the same trees.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from easyAI import Negamax, TwoPlayerGame

from grader.trees.game import TreeGame
from grader.trees.generate import as_tree, random_tree, uniform_tree
from grader.trees.stream import RandomStream, pick
from grader.trees.tree import Tree
from reference.algorithms import get
from reference.alphabeta import alphabeta
from reference.mcts import mcts

SIZES = {"1e4": (10, 4), "1e5": (10, 5), "1e6": (10, 6)}  # (branching, depth)
ALSO = ("negamax", "expectimax", "killers", "iterative_deepening", "beam", "probcut",
        "transposition", "lmr")
"""Reference searches timed traced against untraced beside alpha-beta, by registry name,
each with its defaults (ProbCut: d = 2, d' = 1 on the trees' random evals)."""


class PlainGame:
    """The student API over the same tree, answering without recording anything: the
    reference's cost of calling a game, with the trace taken out."""

    def __init__(self, tree: Tree) -> None:
        self.num_players = tree.players
        self._nodes = tree.nodes
        self._moves = tree.moves  # what TreeGame reads too
        self._stream = RandomStream(0)  # MCTS draws from it (see seeded)

    def to_move(self, s: str) -> int:
        return self._nodes[s].to_move  # type: ignore[return-value]

    def actions(self, s: str) -> tuple[str, ...]:
        return self._nodes[s].actions

    def result(self, s: str, a: str) -> str:
        return self._moves[s][a]

    def is_terminal(self, s: str) -> bool:
        return self._nodes[s].utility is not None

    def utility(self, s: str, p: int = 0) -> Any:
        return self._nodes[s].utility[p]  # type: ignore[index]

    def evaluate(self, s: str, p: int = 0) -> Any:
        node = self._nodes[s]
        return (node.utility or node.eval)[p]  # type: ignore[index]

    def is_chance(self, s: str) -> bool:
        return self._nodes[s].chance

    def chance_outcomes(self, s: str) -> list[tuple[str, float]]:
        node = self._nodes[s]
        return list(zip(node.actions, node.probabilities or (), strict=True))

    def time_left(self) -> float:
        return math.inf  # no budget: iterative deepening runs to the depth

    def random(self) -> float:
        return self._stream.draw()

    def random_choice(self, seq: Any) -> Any:
        return seq[pick(len(seq), self._stream.draw())]

    def seeded(self, seed: int) -> PlainGame:
        """This game with a fresh random stream (MCTS draws from it)."""
        self._stream = RandomStream(seed)
        return self


@dataclass(frozen=True)
class Plain:
    """The tree as plain dicts, for the bare search."""

    children: dict[str, list[str]]
    utility: dict[str, int]
    evals: dict[str, int]
    maximizing: dict[str, bool]

    @staticmethod
    def of(data: dict[str, Any]) -> Plain:
        children, utility, evals, maximizing = {}, {}, {}, {}
        for nid, spec in data["nodes"].items():
            if "utility" in spec:
                utility[nid] = spec["utility"]
                continue
            children[nid] = list(spec["children"].values())
            maximizing[nid] = spec["to_move"] == 0
            if "eval" in spec:
                evals[nid] = spec["eval"]
        return Plain(children, utility, evals, maximizing)


def bare_alphabeta(t: Plain, s: str, depth: int, alpha: float, beta: float) -> float:
    """Fail-hard alpha-beta pruning on ``>=``, as the reference's defaults, untraced."""
    u = t.utility.get(s)
    if u is not None:
        return u
    if depth == 0:
        return t.evals[s]
    if t.maximizing[s]:
        best = -math.inf
        for c in t.children[s]:
            v = bare_alphabeta(t, c, depth - 1, alpha, beta)
            if v > best:
                best = v
            if best >= beta:
                break
            alpha = max(alpha, best)
    else:
        best = math.inf
        for c in t.children[s]:
            v = bare_alphabeta(t, c, depth - 1, alpha, beta)
            if v < best:
                best = v
            if best <= alpha:
                break
            beta = min(beta, best)
    return min(max(best, alpha), beta)


class EasyTree(TwoPlayerGame):  # type: ignore[misc]
    """The tree as an easyAI game: player 1 is MAX, moves are made and unmade in place."""

    def __init__(self, t: Plain, root: str) -> None:
        self.players = [None, None]
        self.current_player = 1
        self.t = t
        self.node = root
        self.path: list[str] = []
        self.visits = 0

    def possible_moves(self) -> list[int]:
        self.visits += 1
        return list(range(len(self.t.children[self.node])))

    def make_move(self, move: int) -> None:
        self.path.append(self.node)
        self.node = self.t.children[self.node][move]

    def unmake_move(self, move: int) -> None:
        self.node = self.path.pop()

    def is_over(self) -> bool:
        return self.node in self.t.utility

    def scoring(self) -> float:
        self.visits += 1
        u = self.t.utility.get(self.node)
        value = self.t.evals[self.node] if u is None else u
        return value if self.current_player == 1 else -value


def interleaved(runs: dict[str, Callable[[], Any]], rounds: int) -> dict[str, list[float]]:
    """CPU seconds of one run of each contender, sampled ``rounds`` times in turn.

    Each round times every contender once (a batch of runs of at least 0.05 s), so a
    slow spell of the machine falls on all of them alike and the ratios of one round
    stay fair. CPU time, so that other processes disturb the figures less.
    """
    timers = {name: timeit.Timer(run, timer=time.process_time) for name, run in runs.items()}
    loops = {name: max(1, t.autorange()[0] // 4) for name, t in timers.items()}
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, t in timers.items():
            samples[name].append(t.timeit(loops[name]) / loops[name])
    return samples


@dataclass
class Row:
    label: str
    nodes: int
    visits: int
    samples: dict[str, list[float]]

    def rate(self, name: str) -> str:
        return f"{self.visits / min(self.samples[name]) / 1000:>9.0f}k"

    def ratio(self, over: str, under: str) -> str:
        """The median over rounds of ``over``'s time divided by ``under``'s."""
        pairs = zip(self.samples[over], self.samples[under], strict=True)
        return f"{statistics.median(a / b for a, b in pairs):>8.2f}x"


def measure(label: str, b: int, d: int, rounds: int) -> Row:
    data = uniform_tree(b, d, seed=1)
    tree, plain = as_tree(data), Plain.of(data)
    untraced = PlainGame(tree)
    easy_game = EasyTree(plain, tree.root)
    ai = Negamax(d)

    def traced() -> tuple[Any, TreeGame]:
        game = TreeGame(tree)
        return alphabeta(game, tree.root, d)[0], game

    def bare() -> float:
        return bare_alphabeta(plain, tree.root, d, -math.inf, math.inf)

    value, game = traced()
    visits = len(game.trace.visits())
    v_untraced = alphabeta(untraced, tree.root, d)[0]  # type: ignore[arg-type]
    ai(easy_game)
    if not value == v_untraced == bare() == ai.alpha or easy_game.visits != visits:
        sys.exit(
            f"{label}: the searches disagree: values {value}, {v_untraced}, {bare()}, "
            f"{ai.alpha}; visits {visits} (easyAI {easy_game.visits})"
        )
    runs: dict[str, Callable[[], Any]] = {
        "traced": traced,
        "untraced": lambda: alphabeta(untraced, tree.root, d),  # type: ignore[arg-type]
        "bare": bare,
        "easy": lambda: ai(easy_game),
    }
    return Row(label, len(tree.nodes), visits, interleaved(runs, rounds))


@dataclass
class AlsoRow:
    name: str
    label: str
    visits: int
    samples: dict[str, list[float]]


def also_tree(name: str, b: int, d: int) -> dict[str, Any]:
    """The tree a search of :data:`ALSO` is timed on: uniform, but for a transposition
    table, whose tree shares a quarter of its children with earlier nodes of their layer
    (a third more moves a node keep it near the uniform tree's size: 119,695 nodes for
    1e5)."""
    if name == "transposition":
        return random_tree(seed=1, depth=d, branching=b + b // 3, transpositions=True,
                           name=f"transposed-{b + b // 3}x{d}")
    return uniform_tree(b, d, seed=1)


def measure_also(name: str, label: str, b: int, d: int, rounds: int) -> AlsoRow:
    """The named reference search on the traced ``TreeGame`` and on the untraced API."""
    tree = as_tree(also_tree(name, b, d))
    untraced = PlainGame(tree)
    run = get(name)

    def traced() -> tuple[Any, TreeGame]:
        game = TreeGame(tree)
        return run(game, tree.root, d), game

    answer, game = traced()
    if run(untraced, tree.root, d) != answer:
        sys.exit(f"{name} {label}: traced and untraced searches disagree")
    runs: dict[str, Callable[[], Any]] = {
        "traced": traced,
        "untraced": lambda: run(untraced, tree.root, d),
    }
    return AlsoRow(name, label, len(game.trace.visits()), interleaved(runs, rounds))


def print_also(rows: list[AlsoRow]) -> None:
    head = f"{'search':<20} {'size':>4} {'visits':>7} {'traced/s':>10} {'untraced/s':>10} " \
        f"{'trc/untr':>9}"
    print(f"\n{head}\n{'-' * len(head)}")
    for r in rows:
        row = Row(r.label, 0, r.visits, r.samples)
        print(f"{r.name:<20} {r.label:>4} {r.visits:>7,} {row.rate('traced')} "
              f"{row.rate('untraced')} {row.ratio('traced', 'untraced')}")
    print("\nvisits/s of other reference searches (their defaults) on the traced TreeGame and "
          "on the\nsame API untraced, the best of the rounds; trc/untr, the median ratio of times.")


def call_costs(tree: Tree, calls: int = 200_000) -> list[tuple[str, float, float]]:
    """Microseconds per call of each API method, on ``TreeGame`` and on ``PlainGame``."""
    root = tree.nodes[tree.root]
    s, a, leaf = root.id, root.actions[-1], root.children[-1]
    while not tree.nodes[leaf].terminal:
        leaf = tree.nodes[leaf].children[-1]
    cases: list[tuple[str, Callable[[Any], Any]]] = [
        ("is_terminal", lambda g: g.is_terminal(s)),
        ("to_move", lambda g: g.to_move(s)),
        ("actions", lambda g: g.actions(s)),
        ("result (last action)", lambda g: g.result(s, a)),
        ("utility", lambda g: g.utility(leaf, 0)),
    ]
    out = []
    for name, call in cases:
        per = []
        for game in (TreeGame(tree), PlainGame(tree)):
            start = time.process_time()
            for _ in range(calls):
                call(game)
            per.append((time.process_time() - start) / calls * 1e6)
        out.append((name, per[0], per[1]))
    return out


def measure_mcts(iterations: int, rounds: int) -> str:
    """MCTS on the 10^5-node tree: iterations per second traced (TreeGame, and reading its
    record) and untraced, the same draws and visit counts in each."""
    tree = as_tree(uniform_tree(*SIZES["1e5"], seed=1))
    plain = PlainGame(tree)

    def traced() -> Any:
        game = TreeGame(tree, random_seed=7)
        return mcts(game, tree.root, iterations, random_seed=7), game

    def untraced() -> Any:
        return mcts(plain.seeded(7), tree.root, iterations, random_seed=7)  # type: ignore[arg-type]

    answer, game = traced()
    if answer != untraced():
        sys.exit("mcts: the traced and untraced searches disagree")
    times: dict[str, list[float]] = {"traced": [], "untraced": [], "record": []}
    for _ in range(rounds):
        times["traced"].append(_timed(traced))
        times["untraced"].append(_timed(untraced))
        times["record"].append(_timed(game.trace.visits))
    best = {k: min(v) for k, v in times.items()}
    pairs = zip(times["traced"], times["untraced"], strict=True)
    ratio = statistics.median(a / b for a, b in pairs)
    return (
        f"mcts, {iterations} iterations on {len(tree.nodes):,} nodes ({len(game.trace.draws):,} "
        f"draws): traced {iterations / best['traced']:,.0f} iterations/s, untraced "
        f"{iterations / best['untraced']:,.0f}/s, traced/untraced {ratio:.2f}x; reading the "
        f"record (expansions, playouts, evaluations) {best['record'] * 1e3:.1f} ms"
    )


def _timed(run: Callable[[], Any]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


COLUMNS = ("size", "nodes", "visits", "traced/s", "untraced/s", "bare/s", "easyAI/s")
RATIOS = ("trc/bare", "trc/untr", "easy/trc")
TABLE_HEAD = (
    f"{COLUMNS[0]:>4} {COLUMNS[1]:>10} {COLUMNS[2]:>7} "
    + " ".join(f"{c:>10}" for c in COLUMNS[3:])
    + " "
    + " ".join(f"{c:>9}" for c in RATIOS)
)
LEGEND = """
visits/s of the reference alpha-beta on the traced TreeGame (traced), on the same API
without a trace (untraced), of a bare alpha-beta over plain dicts (bare), of easyAI's
Negamax (easyAI), in the best of the rounds. Ratios of times, the median of the rounds':
trc/bare, trc/untr (the cost of the trace alone), easy/trc (above 1: the traced
reference is faster than easyAI)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", choices=list(SIZES), default=list(SIZES))
    parser.add_argument(
        "--rounds", type=int, default=7,
        help="rounds of timing, each contender once a round; rates take the best round, "
        "ratios the median of the rounds' ratios",
    )
    parser.add_argument("--mcts-iterations", type=int, default=2000,
                        help="MCTS's iterations on the 10^5-node tree (0: skip it)")
    args = parser.parse_args()
    rows = []
    for label in args.sizes:
        b, d = SIZES[label]
        print(f"building and searching a {b}x{d} tree ...", file=sys.stderr)
        rows.append(measure(label, b, d, args.rounds))
    print(TABLE_HEAD)
    print("-" * len(TABLE_HEAD))
    for r in rows:
        print(
            f"{r.label:>4} {r.nodes:>10,} {r.visits:>7,} {r.rate('traced')} "
            f"{r.rate('untraced')} {r.rate('bare')} {r.rate('easy')} "
            f"{r.ratio('traced', 'bare')} {r.ratio('traced', 'untraced')} "
            f"{r.ratio('easy', 'traced')}"
        )
    print(LEGEND)
    print_also([measure_also(name, label, *SIZES[label], args.rounds)
                for name in ALSO for label in args.sizes])
    print("\nmicroseconds per call   TreeGame   untraced")
    for name, traced_us, plain_us in call_costs(as_tree(uniform_tree(*SIZES["1e4"], seed=1))):
        print(f"{name:<22} {traced_us:9.2f} {plain_us:10.2f}")
    if args.mcts_iterations:
        print("\n" + measure_mcts(args.mcts_iterations, args.rounds))


if __name__ == "__main__":
    main()
