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

impl PositionKey {
    /// The key of a transposition-table entry: this key (of `pos`) mixed with
    /// what else decides the moves that follow (hands, unmoved pieces, cells
    /// open to capture in passing, countdowns), which repetitions do not count.
    pub(super) fn with_state(self, pos: &Position) -> u64 {
        let mut hash = self.0;
        let mut mix = |value: u64| hash = (hash ^ value).wrapping_mul(0x0000_0100_0000_01B3);
        for player in PlayerId::BOTH {
            for &count in &pos.hands[player] {
                mix(count as u64);
            }
            for &countdown in &pos.countdowns[player] {
                mix(countdown as u64);
            }
        }
        for cell in pos.unmoved_cells() {
            mix(cell.index() as u64 | 1 << 32);
        }
        if let Some(passing) = pos.en_passant() {
            mix(passing.from.index() as u64 | (passing.to.index() as u64) << 16 | 1 << 33);
        }
        // A final avalanche, so that the low bits (the table's index) depend on
        // every input.
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        hash ^ (hash >> 33)
    }
}
