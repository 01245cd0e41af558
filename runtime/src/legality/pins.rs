//! Pieces pinned to a royal along one line, as the watch finds them
//! ([`crate::legality::influence::Watch::mark_pinned`]): the first piece on a ride's
//! line out from a royal, with an enemy piece next beyond that attacks
//! along it. Such a piece may move along the line (up to and including the
//! attacker's cell), where it still shields the royal; any plain move off
//! the line opens it. The counter ([`crate::legality::legal_count::LegalCount`])
//! counts a pinned piece's moves along its line in one go and drops the
//! others, instead of judging each on a copy of the board.
//!
//! Only a cell whose vacating matters through exactly one recorded line is
//! pinned here: a second line through it, or any other reason to watch it
//! (a leap's route, a hop's screen, a royal's own cell),
//! makes it a watched cell like any other, judged move by move.

use crate::ir::CellId;

/// The most pins one position records; the watch marks the pieces beyond
/// these as cells whose vacating matters, without their lines.
pub const MAX_PINS: usize = 4;

/// The pins of one position: for each recorded pinned cell, its line as
/// bits, from the royal (left out) to the attacker (included). Only on
/// boards whose cells fit in one word, where the watch finds lines as bits
/// (`vdl_runtime::state::occupancy::MAX_RIDE_CELLS`): kept small, as a watch is
/// made at every node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pins {
    /// The cells pinned along exactly one recorded line and watched for no
    /// other reason.
    only: u64,
    /// How many slots of `cells` and `lines` are in use.
    used: u8,
    cells: [u8; MAX_PINS],
    lines: [u64; MAX_PINS],
}

impl Pins {
    /// No pin.
    pub const NONE: Pins = Pins { only: 0, used: 0, cells: [0; MAX_PINS], lines: [0; MAX_PINS] };

    /// `cell`, not watched before, is pinned along `line`. Kept if it and
    /// the line are among the cells below 64 and a slot is free.
    #[inline]
    pub(crate) fn record(&mut self, cell: CellId, line: u128) {
        let slot = self.used as usize;
        if cell.index() < 64 && line >> 64 == 0 && slot < MAX_PINS {
            self.cells[slot] = cell.index() as u8;
            self.lines[slot] = line as u64;
            self.used += 1;
            self.only |= 1 << cell.index();
        }
    }

    /// `cell` is watched for another reason too: no longer pinned here.
    #[inline(always)]
    pub(crate) fn forget(&mut self, cell: CellId) {
        if cell.index() < 64 {
            self.only &= !(1 << cell.index());
        }
    }

    /// The line of the piece on `cell`, if it is pinned along exactly one
    /// recorded line and watched for nothing else.
    #[inline(always)]
    pub fn line_of(&self, cell: usize) -> Option<u128> {
        if cell >= 64 || self.only >> cell & 1 == 0 {
            return None;
        }
        let slot = self.cells[..self.used as usize].iter().position(|&c| c as usize == cell)?;
        Some(u128::from(self.lines[slot]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_pin_gives_its_line() {
        let mut pins = Pins::NONE;
        pins.record(CellId::from_index(9), 0b1110_0000_0000);
        pins.record(CellId::from_index(3), 0b1_1000);
        assert_eq!(pins.line_of(9), Some(0b1110_0000_0000));
        assert_eq!(pins.line_of(3), Some(0b1_1000));
        assert_eq!(pins.line_of(4), None);
    }

    #[test]
    fn a_cell_watched_for_another_reason_is_not_pinned() {
        let mut pins = Pins::NONE;
        pins.record(CellId::from_index(9), 0b10_0000_0000);
        pins.forget(CellId::from_index(9));
        assert_eq!(pins.line_of(9), None);
    }

    #[test]
    fn pins_beyond_the_slots_or_the_first_64_cells_are_not_kept() {
        let mut pins = Pins::NONE;
        for cell in 0..MAX_PINS as u16 + 1 {
            pins.record(CellId::from_index(usize::from(cell)), 1 << (cell + 50));
        }
        assert_eq!(pins.line_of(MAX_PINS - 1), Some(1 << (MAX_PINS + 49)));
        assert_eq!(pins.line_of(MAX_PINS), None);
        let mut pins = Pins::NONE;
        pins.record(CellId::from_index(70), 1);
        pins.record(CellId::from_index(7), 1 << 70);
        assert_eq!((pins.line_of(70), pins.line_of(7)), (None, None));
    }
}
