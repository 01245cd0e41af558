//! The cells a check depends on. Whether a royal is attacked depends only on
//! the cells between it and each attacker, and the attackers' own cells:
//! while its side is in check, a move that changes none of them leaves the
//! check as it was, so it is illegal without being made.

use crate::influence::{Influence, MAX_WORDS};
use crate::ir::CellId;
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

    #[inline]
    fn contains(&self, cell: CellId) -> bool {
        self.cells[cell.index() / 64] >> (cell.index() % 64) & 1 != 0
    }

    pub(crate) fn insert(&mut self, cell: CellId) {
        self.cells[cell.index() / 64] |= 1 << (cell.index() % 64);
    }

    /// The cells of a facing line (`next[cell]` the next cell along it) out
    /// from `royal` when its first piece is an enemy royal.
    pub(crate) fn insert_facing_line(&mut self, influence: &Influence, pos: &Position, next: &[Option<CellId>], royal: CellId) {
        let owner = pos.at(royal).owner();
        let mut line = Vec::new();
        let mut cell = royal;
        while let Some(step) = next[cell.index()] {
            if step == royal {
                return;
            }
            line.push(step);
            let piece = pos.at(step);
            if !piece.is_empty() {
                if piece.owner() != owner && influence.is_royal(piece.kind()) {
                    line.into_iter().for_each(|cell| self.insert(cell));
                }
                return;
            }
            cell = step;
        }
    }
}
