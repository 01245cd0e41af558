//! A position's key for repetitions: a hash of the board, the side to move
//! and the checks left to give. Eight bytes, so that a game's history keeps
//! the key of every earlier position instead of the positions themselves.

use crate::{PlayerId, Position};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey(u64);

impl PositionKey {
    /// FNV-1a over the cells, seeded with the side to move and the checks.
    pub fn of(pos: &Position) -> PositionKey {
        // Checks left to give tell apart positions that look alike (a check given
        // again is no repetition).
        let checks = (pos.checks_left[PlayerId::FIRST] as u64) << 8 | (pos.checks_left[PlayerId::SECOND] as u64) << 16;
        let mut hash: u64 = 0xCBF2_9CE4_8422_2325 ^ pos.side.index() as u64 ^ checks;
        for piece in pos.board() {
            hash = (hash ^ piece.0 as u64).wrapping_mul(0x0000_0100_0000_01B3);
        }
        PositionKey(hash)
    }
}
