//! The cells a check depends on. Whether a royal is attacked depends only on
//! the cells between it and each attacker, and the attackers' own cells:
//! while its side is in check, a move that changes none of them leaves the
//! check as it was, so it is illegal without being made.

use crate::ir::CellId;
use crate::legality::influence::MAX_WORDS;
use crate::state::cell_bits::{bit, set_bit};
use crate::state::position::Move;

/// A set of cells found by [`crate::legality::influence::Influence::check_cells`].
#[derive(Clone, Debug, Default)]
pub struct CheckCells {
    cells: [u64; MAX_WORDS],
}

impl CheckCells {
    /// Could `mv` end the check? Only by changing one of the cells.
    #[inline]
    pub fn may_end_check(&self, mv: Move) -> bool {
        mv.changed_cells().into_iter().flatten().any(|cell| self.contains(cell))
    }

    /// The cells `0 .. 128`, as bits.
    #[inline]
    pub fn low_cells(&self) -> u128 {
        crate::state::occupancy::on_board([self.cells[0], self.cells[1]], 128)
    }

    #[inline]
    fn contains(&self, cell: CellId) -> bool {
        bit(&self.cells, 0, cell)
    }

    pub(crate) fn insert(&mut self, cell: CellId) {
        set_bit(&mut self.cells, 0, cell);
    }

    /// Adds the cells `0 .. 128` of `cells` (as bits).
    pub(crate) fn insert_low_cells(&mut self, cells: u128) {
        self.cells[0] |= cells as u64;
        self.cells[1] |= (cells >> 64) as u64;
    }
}
