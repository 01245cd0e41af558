//! The state of a game and the moves that change it.

use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::piece::Piece;

/// Marks "no piece type" in [`Move::promote`].
pub const NO_PROMOTION: u8 = u8::MAX;
/// Marks "no cell" in [`Move::extra`].
pub const NO_CELL: CellId = CellId::MAX;

/// A move, small enough to copy freely. The notation module writes it as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: CellId,
    pub to: CellId,
    /// The type the moving piece becomes, or [`NO_PROMOTION`].
    pub promote: u8,
    /// A second cell whose enemy piece the move captures on its way (a
    /// capturing leap), or [`NO_CELL`].
    pub extra: CellId,
}

impl Move {
    #[inline]
    pub const fn new(from: CellId, to: CellId) -> Move {
        Move { from, to, promote: NO_PROMOTION, extra: NO_CELL }
    }

    #[inline]
    pub const fn promoting(from: CellId, to: CellId, kind: PieceId) -> Move {
        Move { from, to, promote: kind, extra: NO_CELL }
    }

    /// The same move, also capturing the piece on `cell` on its way.
    #[inline]
    pub const fn capturing_on_the_way(self, cell: CellId) -> Move {
        Move { extra: cell, ..self }
    }

    /// The same move, the piece becoming `kind`.
    #[inline]
    pub const fn with_promotion(self, kind: PieceId) -> Move {
        Move { promote: kind, ..self }
    }

    pub fn extra_capture(self) -> Option<CellId> {
        (self.extra != NO_CELL).then_some(self.extra)
    }

    pub fn promotion(self) -> Option<PieceId> {
        (self.promote != NO_PROMOTION).then_some(self.promote)
    }
}

/// What [`Position::make`] needs to restore the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    pub moved: Piece,
    pub captured: Piece,
    /// The piece captured on the way ([`Move::extra`]).
    pub captured_extra: Piece,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// One [`Piece`] per cell.
    pub board: Vec<Piece>,
    /// The player to move.
    pub side: PlayerId,
}

impl Position {
    pub fn empty(game: &Game) -> Position {
        Position { board: vec![Piece::EMPTY; game.cell_count()], side: 0 }
    }

    #[inline]
    pub fn at(&self, cell: CellId) -> Piece {
        self.board[cell as usize]
    }

    /// Plays `mv` (which must be pseudo-legal) and passes the turn.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let moved = self.board[mv.from as usize];
        // A null move (from = to) captures nothing.
        let captured = if mv.from == mv.to { Piece::EMPTY } else { self.board[mv.to as usize] };
        let captured_extra = match mv.extra_capture() {
            Some(cell) => std::mem::take(&mut self.board[cell as usize]),
            None => Piece::EMPTY,
        };
        self.board[mv.from as usize] = Piece::EMPTY;
        self.board[mv.to as usize] = match mv.promotion() {
            Some(kind) => Piece::new(kind, moved.owner()),
            None => moved,
        };
        self.side ^= 1;
        Undo { moved, captured, captured_extra }
    }

    /// Takes back `mv`, which was played with [`Position::make`] returning `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        self.side ^= 1;
        self.board[mv.to as usize] = undo.captured;
        self.board[mv.from as usize] = undo.moved;
        if let Some(cell) = mv.extra_capture() {
            self.board[cell as usize] = undo.captured_extra;
        }
    }

    /// Cells holding pieces of `player` of a royal type.
    pub fn royal_cells<'a>(&'a self, game: &'a Game, player: PlayerId) -> impl Iterator<Item = CellId> + 'a {
        self.board.iter().enumerate().filter_map(move |(cell, piece)| {
            (piece.is_of(player) && game.pieces[piece.kind() as usize].royal).then_some(cell as CellId)
        })
    }
}
