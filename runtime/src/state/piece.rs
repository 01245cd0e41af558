//! A piece on a cell, packed in one byte so that a board is a plain byte array.

use crate::ir::{PieceId, PlayerId};

/// `0` is an empty cell; otherwise `(type + 1) << 1 | owner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Piece(pub(crate) u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub const fn new(kind: PieceId, owner: PlayerId) -> Piece {
        Piece(((kind.index() as u8 + 1) << 1) | owner.index() as u8)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The piece's type. An empty cell has none: asking is a bug, caught in
    /// debug builds.
    #[inline]
    pub const fn kind(self) -> PieceId {
        debug_assert!(!self.is_empty(), "Piece::kind of an empty cell");
        PieceId::from_index((self.0 >> 1).wrapping_sub(1) as usize)
    }

    #[inline]
    pub const fn owner(self) -> PlayerId {
        PlayerId::of_bit(self.0)
    }

    /// Does this cell hold a piece of `player`?
    #[inline]
    pub const fn is_of(self, player: PlayerId) -> bool {
        self.0 != 0 && self.0 & 1 == player.index() as u8
    }

    /// Does this cell hold a piece of another player than `player`?
    #[inline]
    pub const fn is_enemy_of(self, player: PlayerId) -> bool {
        self.0 != 0 && self.0 & 1 != player.index() as u8
    }
}

/// Calls `each` with every cell of `board` holding a piece of `player`, in
/// order. Eight cells are tested at once, as the bytes of one word, so that
/// an empty cell or an enemy's costs no branch of its own.
#[inline(always)]
pub fn for_each_cell_of(board: &[Piece], player: PlayerId, mut each: impl FnMut(usize)) {
    let (blocks, rest) = board.as_chunks::<8>();
    for (block, pieces) in blocks.iter().enumerate() {
        let (held, owner) = crate::state::occupancy::held_and_owner(u64::from_le_bytes(pieces.map(|piece| piece.0)));
        let mut bits = if player.is_first() { held & !owner } else { owner };
        while bits != 0 {
            each(block * 8 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    let base = blocks.len() * 8;
    for (i, piece) in rest.iter().enumerate() {
        if piece.is_of(player) {
            each(base + i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_type_fits_a_piece_byte() {
        for kind in PieceId::first(PieceId::MAX_COUNT) {
            for owner in PlayerId::BOTH {
                let piece = Piece::new(kind, owner);
                assert!(!piece.is_empty());
                assert_eq!((piece.kind(), piece.owner()), (kind, owner));
            }
        }
    }

    #[test]
    fn each_cell_of_a_player_is_found_once_in_order() {
        // Every owner and every type (bytes with the top bit set too) in
        // every slot of a word, and a ragged end.
        let board: Vec<Piece> = (0..403u32)
            .map(|i| {
                if i % 3 == 0 {
                    Piece::EMPTY
                } else {
                    Piece::new(PieceId::from_index((i % 127) as usize), PlayerId::of_bit((i % 5 % 2) as u8))
                }
            })
            .collect();
        assert!(board.iter().any(|piece| piece.0 >= 0x80), "top-bit bytes are tested");
        for player in PlayerId::BOTH {
            let expected: Vec<usize> = (0..board.len()).filter(|&i| board[i].is_of(player)).collect();
            let mut found = Vec::new();
            for_each_cell_of(&board, player, |cell| found.push(cell));
            assert_eq!(found, expected, "player {player}");
        }
    }
}
