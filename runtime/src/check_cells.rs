//! The cells a check depends on. Whether a royal is attacked depends only on
//! the cells between it and each attacker, and the attackers' own cells:
//! while its side is in check, a move that changes none of them leaves the
//! check as it was, so it is illegal without being made.

use crate::cell_bits::{bit, set_bit};
use crate::influence::{Influence, MAX_WORDS};
use crate::ir::CellId;
use crate::legal::first_piece_along;
use crate::position::{Move, Position, NO_CELL};

/// A set of cells found by [`crate::influence::Influence::check_cells`].
#[derive(Clone, Debug, Default)]
pub struct CheckCells {
    cells: [u64; MAX_WORDS],
}

impl CheckCells {
    /// Could `mv` end the check? Only by changing one of the cells.
    #[inline]
    pub fn may_end_check(&self, mv: Move) -> bool {
        [mv.from, mv.to, mv.extra, mv.partner_to].into_iter().any(|cell| cell != NO_CELL && self.contains(cell))
    }

    /// The cells `0 .. 128`, as bits.
    #[inline]
    pub fn low_cells(&self) -> u128 {
        crate::occupancy::on_board([self.cells[0], self.cells[1]], 128)
    }

    #[inline]
    fn contains(&self, cell: CellId) -> bool {
        bit(&self.cells, 0, cell)
    }

    pub(crate) fn insert(&mut self, cell: CellId) {
        set_bit(&mut self.cells, 0, cell);
    }

    /// The cells of a facing line (`next[cell]` the next cell along it) out
    /// from `royal` when its first piece is an enemy royal.
    pub(crate) fn insert_facing_line(&mut self, influence: &Influence, pos: &Position, next: &[Option<CellId>], royal: CellId) {
        let Some(first) = first_piece_along(pos, next, royal) else { return };
        let piece = pos.at(first);
        if piece.owner() == pos.at(royal).owner() || !influence.is_royal(piece.kind()) {
            return;
        }
        let mut cell = royal;
        while let Some(step) = next[cell.index()] {
            self.insert(step);
            if step == first {
                return;
            }
            cell = step;
        }
    }
}
