//! The cells of one side's royals as a short list on the stack, for the
//! legality shortcut and the safety test on a copy of the board
//! ([`crate::board_after`]). A side with more royals than the list holds is
//! judged by making its moves.

use crate::ir::{CellId, PlayerId};
use crate::position::{Position, NO_CELL};

/// At most this many royals of one side are listed.
const MAX_ROYALS: usize = 8;

/// The cells of up to [`MAX_ROYALS`] royals.
#[derive(Clone, Copy, Debug)]
pub struct Royals {
    cells: [CellId; MAX_ROYALS],
    len: usize,
}

impl Royals {
    /// No royal.
    pub(crate) const NONE: Royals = Royals { cells: [NO_CELL; MAX_ROYALS], len: 0 };

    /// The royals of `player` in `pos`; `None` if there are too many.
    #[inline]
    pub(crate) fn of(pos: &Position, player: PlayerId) -> Option<Royals> {
        let mut royals = Royals::NONE;
        for cell in pos.royal_cells(player) {
            royals.push(cell)?;
        }
        Some(royals)
    }

    /// Adds `cell`; `None` if the list is full.
    #[inline]
    pub(crate) fn push(&mut self, cell: CellId) -> Option<()> {
        *self.cells.get_mut(self.len)? = cell;
        self.len += 1;
        Some(())
    }

    /// The royals' cells.
    #[inline]
    pub fn as_slice(&self) -> &[CellId] {
        &self.cells[..self.len]
    }

    /// The royals' cells as indices, as generated code reads the board.
    #[inline]
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.as_slice().iter().map(|cell| cell.index())
    }
}
