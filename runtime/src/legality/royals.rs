//! The cells of one side's royals as a short list on the stack, for the
//! legality shortcut and the safety test on a copy of the board
//! ([`crate::legality::board_after`]). A side with more royals than the list holds is
//! judged by making its moves.

use crate::ir::{CellId, PlayerId};
use crate::state::position::{Position, NO_CELL};

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

    /// Lists the royals of `player` in `pos` after those listed; `None` if
    /// there are too many. In place rather than returned: a list filled a
    /// cell at a time and then copied whole is read back before the
    /// processor has merged the small writes, which stalls the copy.
    #[inline]
    pub(crate) fn push_of(&mut self, pos: &Position, player: PlayerId) -> Option<()> {
        for cell in pos.royal_cells(player) {
            self.push(cell)?;
        }
        Some(())
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
