//! The state of a game and the moves that change it.

use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::piece::Piece;

/// Marks "no piece type" in [`Move::promote`].
pub const NO_PROMOTION: u8 = u8::MAX;

/// A move, small enough to copy freely. The notation module writes it as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: CellId,
    pub to: CellId,
    /// The type the moving piece becomes, or [`NO_PROMOTION`].
    pub promote: u8,
}

impl Move {
    #[inline]
    pub const fn new(from: CellId, to: CellId) -> Move {
        Move { from, to, promote: NO_PROMOTION }
    }

    #[inline]
    pub const fn promoting(from: CellId, to: CellId, kind: PieceId) -> Move {
        Move { from, to, promote: kind }
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
        let captured = self.board[mv.to as usize];
        self.board[mv.from as usize] = Piece::EMPTY;
        self.board[mv.to as usize] = match mv.promotion() {
            Some(kind) => Piece::new(kind, moved.owner()),
            None => moved,
        };
        self.side ^= 1;
        Undo { moved, captured }
    }

    /// Takes back `mv`, which was played with [`Position::make`] returning `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        self.side ^= 1;
        self.board[mv.to as usize] = undo.captured;
        self.board[mv.from as usize] = undo.moved;
    }

    /// Cells holding pieces of `player` of a royal type.
    pub fn royal_cells<'a>(&'a self, game: &'a Game, player: PlayerId) -> impl Iterator<Item = CellId> + 'a {
        self.board.iter().enumerate().filter_map(move |(cell, piece)| {
            (piece.is_of(player) && game.pieces[piece.kind() as usize].royal).then_some(cell as CellId)
        })
    }
}
