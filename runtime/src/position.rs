//! The state of a game and the moves that change it.

use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::piece::Piece;
use std::sync::Arc;

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
    /// For a drop, the type put on `to` from the hand (`from` is [`NO_CELL`]);
    /// otherwise [`NO_PROMOTION`].
    pub dropped: u8,
}

impl Move {
    #[inline]
    pub const fn new(from: CellId, to: CellId) -> Move {
        Move { from, to, promote: NO_PROMOTION, extra: NO_CELL, dropped: NO_PROMOTION }
    }

    #[inline]
    pub const fn promoting(from: CellId, to: CellId, kind: PieceId) -> Move {
        Move { from, to, promote: kind, extra: NO_CELL, dropped: NO_PROMOTION }
    }

    /// Puts a piece of type `kind` from the mover's hand on `to`.
    #[inline]
    pub const fn drop(kind: PieceId, to: CellId) -> Move {
        Move { from: NO_CELL, to, promote: NO_PROMOTION, extra: NO_CELL, dropped: kind }
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        self.dropped != NO_PROMOTION
    }

    pub fn drop_kind(self) -> Option<PieceId> {
        self.is_drop().then_some(self.dropped)
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
    /// Pieces in hand: `hands[player * kinds + kind]` (empty in games without
    /// hands).
    pub hands: Vec<u8>,
    /// The game's `captured_as` per piece type ([`NO_PROMOTION`] where captured
    /// pieces leave the game), shared by every position of the game.
    to_hand: Arc<[u8]>,
}

impl Position {
    pub fn empty(game: &Game) -> Position {
        let kinds = game.pieces.len();
        let to_hand: Arc<[u8]> = game.pieces.iter().map(|p| p.captured_as.unwrap_or(NO_PROMOTION)).collect();
        let hands = if game.has_hands() { vec![0; kinds * game.players.len()] } else { Vec::new() };
        Position { board: vec![Piece::EMPTY; game.cell_count()], side: 0, hands, to_hand }
    }

    /// How many pieces of `kind` `player` holds in hand.
    #[inline]
    pub fn in_hand(&self, player: PlayerId, kind: PieceId) -> u8 {
        self.hands.get(player as usize * self.to_hand.len() + kind as usize).copied().unwrap_or(0)
    }

    #[inline]
    fn hand_slot(&self, player: PlayerId, kind: PieceId) -> usize {
        player as usize * self.to_hand.len() + kind as usize
    }

    /// Adds (`+1`) or takes back (`-1`) a captured piece to/from `captor`'s hand.
    #[inline]
    fn hand_capture(&mut self, captor: PlayerId, captured: Piece, delta: i8) {
        if captured.is_empty() || self.hands.is_empty() {
            return;
        }
        let kind = self.to_hand[captured.kind() as usize];
        if kind != NO_PROMOTION {
            let slot = self.hand_slot(captor, kind);
            self.hands[slot] = self.hands[slot].wrapping_add_signed(delta);
        }
    }

    #[inline]
    pub fn at(&self, cell: CellId) -> Piece {
        self.board[cell as usize]
    }

    /// Plays `mv` (which must be pseudo-legal) and passes the turn.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        if let Some(kind) = mv.drop_kind() {
            let slot = self.hand_slot(self.side, kind);
            self.hands[slot] -= 1;
            self.board[mv.to as usize] = Piece::new(kind, self.side);
            self.side ^= 1;
            return Undo { moved: Piece::EMPTY, captured: Piece::EMPTY, captured_extra: Piece::EMPTY };
        }
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
        let mover = self.side;
        self.hand_capture(mover, captured, 1);
        self.hand_capture(mover, captured_extra, 1);
        self.side ^= 1;
        Undo { moved, captured, captured_extra }
    }

    /// Takes back `mv`, which was played with [`Position::make`] returning `undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        self.side ^= 1;
        if let Some(kind) = mv.drop_kind() {
            let slot = self.hand_slot(self.side, kind);
            self.hands[slot] += 1;
            self.board[mv.to as usize] = Piece::EMPTY;
            return;
        }
        let mover = self.side;
        self.hand_capture(mover, undo.captured, -1);
        self.hand_capture(mover, undo.captured_extra, -1);
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
