//! Sets of [`Piece`] values (a type and an owner together), as 256 bits: one
//! test answers "is this cell's piece an attacker of one of these types?",
//! since the empty cell and the other side's pieces are simply not members.

use crate::ir::{PieceId, PlayerId};
use crate::state::piece::Piece;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PieceSet([u64; 4]);

impl PieceSet {
    pub const EMPTY: PieceSet = PieceSet([0; 4]);

    /// The pieces of `owner` of the given types.
    pub fn of(owner: PlayerId, kinds: impl IntoIterator<Item = PieceId>) -> PieceSet {
        let mut set = PieceSet::EMPTY;
        for kind in kinds {
            set.insert(Piece::new(kind, owner));
        }
        set
    }

    pub fn insert(&mut self, piece: Piece) {
        self.0[piece.0 as usize >> 6] |= 1 << (piece.0 & 63);
    }

    #[inline]
    pub fn contains(&self, piece: Piece) -> bool {
        self.0[piece.0 as usize >> 6] >> (piece.0 & 63) & 1 != 0
    }

    pub fn union(self, other: PieceSet) -> PieceSet {
        PieceSet([self.0[0] | other.0[0], self.0[1] | other.0[1], self.0[2] | other.0[2], self.0[3] | other.0[3]])
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The members, in the order of their byte values.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        (1..=255u8).map(Piece).filter(|&p| self.contains(p))
    }
}
