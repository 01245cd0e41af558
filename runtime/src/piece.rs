//! A piece on a cell, packed in one byte so that a board is a plain byte array.

use crate::ir::{PieceId, PlayerId};

/// `0` is an empty cell; otherwise `(type + 1) << 1 | owner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Piece(pub u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub const fn new(kind: PieceId, owner: PlayerId) -> Piece {
        Piece(((kind.0 + 1) << 1) | owner)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn kind(self) -> PieceId {
        PieceId((self.0 >> 1) - 1)
    }

    #[inline]
    pub const fn owner(self) -> PlayerId {
        self.0 & 1
    }

    /// Does this cell hold a piece of `player`?
    #[inline]
    pub const fn is_of(self, player: PlayerId) -> bool {
        self.0 != 0 && self.0 & 1 == player
    }

    /// Does this cell hold a piece of another player than `player`?
    #[inline]
    pub const fn is_enemy_of(self, player: PlayerId) -> bool {
        self.0 != 0 && self.0 & 1 != player
    }
}
