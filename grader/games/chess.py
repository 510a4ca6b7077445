"""Chess, through python-chess: positions as FEN, moves in UCI, material for evaluation.

A state is a position's full FEN, as python-chess writes it (six fields; the en passant
square only where an en passant capture is legal). White moves first and is player 0
(MAX). Since the move counters are part of a FEN, a position never comes back as the
same state within one game: two move orders that reach the same FEN are one state (a
transposition), and a game's states never loop.

- Moves are UCI texts (``e2e4``, ``e7e8q``, castling ``e1g1``), listed in alphabetical
  order: one text a move whatever the position, cheap to make, and what engines and
  ``chess.Move.from_uci`` read. Feedback names moves in SAN (``Qxd5``), from the
  position they are played in.
- Noisy moves, for quiescence, are the captures (en passant too) and the promotions:
  the moves that change the material the evaluation counts.
- The built-in evaluation is material in centipawns for White: pawn 100, knight 300,
  bishop 300, rook 500, queen 900 (the lecture notes' 1, 3, 3, 5, 9). A checkmate is
  worth :data:`WIN` (100,000, above any material) to the side that gives it.
- The game ends at checkmate, stalemate, insufficient material (neither side can mate)
  and the seventy-five-move rule, the draws no player has to claim. Threefold and
  fivefold repetition are not: a FEN carries no history.

An unfolded tree holds at most 20,000 positions (a second or two of python-chess's work:
it makes some ten to twenty thousand a second here). A position text is any FEN
python-chess reads whose position is legal (``Board.status()``); the move counters may be
left out (``0 1``), and a line of an EPD test suite is read as its position (its
operations, ``bm Qa1; id "..."``, are left). A refusal names the fault.
"""

from __future__ import annotations

import functools
import re
from typing import Any, ClassVar

import chess
import chess.svg

from grader.games.rules import Facts, GameRules, PositionError

WIN = 100_000
_VALUES = {"P": 100, "N": 300, "B": 300, "R": 500, "Q": 900,
           "p": -100, "n": -300, "b": -300, "r": -500, "q": -900}
_FIELDS = ("piece placement", "side to move", "castling rights", "en passant square")
_SYMBOLS = tuple((colour, kind, chess.Piece(kind, colour).symbol())
                 for colour in chess.COLORS for kind in chess.PIECE_TYPES)
_RUNS = re.compile(r"\.+")
_SEVENTY_FIVE = 150  # half-moves without a capture or a pawn move that end the game
_LEAVES_KEPT = 1 << 18  # positions whose facts as a leaf a game keeps before it starts again
_CASTLING: dict[int, str] = {}  # a board's castling rights (a mask of rooks) -> FEN field


class Chess(GameRules):
    """Chess, White first."""

    name: ClassVar[str] = "chess"
    title: ClassVar[str] = "chess"
    win: ClassVar[int] = WIN
    max_positions: ClassVar[int | None] = 20_000  # a second or two of python-chess's moves

    def __init__(self) -> None:
        super().__init__()
        self._leaves: dict[str, Facts] = {}  # facts of the positions successors() reached
        self._last = ("", chess.Board(None))  # the last state whose board was read

    @property
    def initial_state(self) -> str:
        return chess.STARTING_FEN

    @property
    def position_noun(self) -> str:
        return "legal FEN"

    def parse(self, text: Any) -> str:
        if not isinstance(text, str):
            raise PositionError("", f"a position is a FEN text, not {type(text).__name__}")
        fields = text.split()
        if len(fields) < len(_FIELDS):
            missing = ", ".join(_FIELDS[len(fields):])
            raise PositionError("", f"a FEN has six fields and this one lacks {missing} "
                                f"(e.g. {chess.STARTING_FEN!r}; the move counters may be "
                                "left out)")
        try:
            if len(fields) > 4 and not fields[4].isdigit():  # an EPD line: its operations
                board = chess.Board.from_epd(text)[0]  # (bm, id, ...) are read and left
            else:
                board = chess.Board(" ".join(fields))
        except ValueError as exc:
            raise PositionError("", str(exc)) from None
        status = board.status()
        if status != chess.STATUS_VALID:
            faults = [str(s.name).lower().replace("_", " ") for s in chess.Status if s & status]
            raise PositionError("", ", ".join(faults))  # python-chess's names of the faults
        return board.fen()

    def work_out(self, state: str) -> Facts:
        board = self._board(state)
        moves = sorted(board.legal_moves, key=chess.Move.uci)
        leaf = _leaf(board, state.split(" ", 1)[0], bool(moves))
        if leaf.utility is not None:
            return leaf
        noisy = tuple(m.uci() for m in moves if m.promotion or board.is_capture(m))
        return Facts(leaf.mover, tuple(m.uci() for m in moves), None, leaf.score, noisy)

    def after(self, state: str, move: str, facts: Facts) -> str:
        board = chess.Board(state)
        board.push(chess.Move.from_uci(move))
        return board.fen()

    def successors(self, state: str) -> tuple[str, ...]:
        """The states after each move, from one board; each one's facts as a leaf are kept
        (who moves, its payoff or material) so that :meth:`leaf_facts` reads no FEN."""
        facts = self.facts(state)
        board = self._board(state)
        squares = _squares(board)
        found = []
        for uci in facts.actions:
            move = chess.Move.from_uci(uci)
            placement = _placement(_moved(squares, board, move))
            board.push(move)
            child = _fen(board, placement)
            if len(self._leaves) >= _LEAVES_KEPT:
                self._leaves.clear()
            self._leaves[child] = _leaf(board, placement, any(board.generate_legal_moves()))
            found.append(child)
            board.pop()
        return self.made(found)

    def _board(self, state: str) -> chess.Board:
        """The board of ``state`` (a checked one), kept while the same state is asked."""
        if self._last[0] != state:
            self._last = (state, chess.Board(state))
        return self._last[1]

    def leaf_facts(self, state: str) -> Facts:
        found = self._leaves.get(state)
        return found if found is not None else self.facts(state)

    def say_move(self, state: str, move: str) -> str:
        board = chess.Board(state)
        return board.san(chess.Move.from_uci(move))

    def text(self, state: str) -> str:
        return str(chess.Board(state))

    def svg(self, state: str) -> str:
        """python-chess's drawing of the board (its own markup: pieces, squares, the
        coordinates), described by the FEN, which :meth:`parse` has checked."""
        return chess.svg.board(chess.Board(state), size=240) + "\n"


def _leaf(board: chess.Board, placement: str, can_move: bool) -> Facts:
    """Who moves on ``board``, and its payoff if the game is over there, or its material
    (``placement``: its FEN's first field); ``can_move``: whether the player to move has a
    legal move."""
    mover = 0 if board.turn == chess.WHITE else 1
    if not can_move:
        utility = (WIN if mover else -WIN) if board.is_check() else 0  # mate, or stalemate
        return Facts(mover, (), utility, utility)
    if board.is_insufficient_material() or board.halfmove_clock >= _SEVENTY_FIVE:
        return Facts(mover, (), 0, 0)
    return Facts(mover, (), None, sum([_VALUES.get(c, 0) for c in placement]))


def _squares(board: chess.Board) -> list[str]:
    """The 64 squares of ``board`` as FEN reads them (a8 to h8, then rank 7, ... h1): a
    piece's letter, or ``.``."""
    squares = ["."] * 64
    for colour, kind, symbol in _SYMBOLS:
        for square in chess.scan_forward(board.pieces_mask(kind, colour)):
            squares[square ^ 56] = symbol
    return squares


def _moved(squares: list[str], board: chess.Board, move: chess.Move) -> list[str]:
    """The squares after ``move``, a legal move on ``board`` whose squares they are."""
    after = squares.copy()
    start, end = move.from_square, move.to_square
    piece = after[start ^ 56]
    after[start ^ 56] = "."
    if move.promotion:
        piece = chess.piece_symbol(move.promotion)
        piece = piece.upper() if board.turn == chess.WHITE else piece
    elif piece in "Pp" and after[end ^ 56] == "." and chess.square_file(start) != \
            chess.square_file(end):  # en passant: the pawn taken is beside the start
        after[chess.square(chess.square_file(end), chess.square_rank(start)) ^ 56] = "."
    elif piece in "Kk" and abs(end - start) == 2:  # castling: the rook jumps the king
        rook, to = (end + 1, end - 1) if end > start else (end - 2, end + 1)
        after[to ^ 56], after[rook ^ 56] = after[rook ^ 56], "."
    after[end ^ 56] = piece
    return after


def _placement(squares: list[str]) -> str:
    """The piece placement field of a FEN, from its 64 squares."""
    rows = "".join(squares)
    return "/".join([_row(rows[i : i + 8]) for i in range(0, 64, 8)])


@functools.cache
def _row(squares: str) -> str:
    """One rank of a FEN's piece placement: runs of empty squares as their length."""
    return _RUNS.sub(lambda run: str(len(run.group())), squares)


def _fen(board: chess.Board, placement: str) -> str:
    """``board.fen()``, the state's text, built faster from ``placement``, its first field."""
    ep = board.ep_square
    passant = chess.SQUARE_NAMES[ep] if ep is not None and board.has_legal_en_passant() else "-"
    side = "w" if board.turn == chess.WHITE else "b"
    return (f"{placement} {side} {_castling(board)} {passant} {board.halfmove_clock} "
            f"{board.fullmove_number}")


def _castling(board: chess.Board) -> str:
    """The castling field of ``board``'s FEN, read once for each set of rights."""
    rights = board.castling_rights
    found = _CASTLING.get(rights)
    if found is None:
        found = _CASTLING[rights] = board.castling_xfen()
    return found
