//! A landing that takes enemy pieces' unmoved marks (`unmoved lost when
//! ...`, [`crate::state::unmoved_loss`]): make takes them, keeping them in
//! the position's log, and unmake puts them back.

use super::{Position, Undo};
use crate::ir::PlayerId;
use crate::state::position::Move;

impl Position {
    /// After `mover`'s move `mv`: the piece that landed takes the marks of
    /// the unmoved enemy pieces its lines reach, and `undo` says so.
    #[inline(never)]
    pub(super) fn lose_unmoved(&mut self, mover: PlayerId, mv: Move, undo: &mut Undo) {
        if mv.is_null() {
            return;
        }
        let to = mv.to();
        let lander = self.board[to.index()];
        let mut took = false;
        for (cell, losers) in self.shared.unmoved_losses.reached(lander, mover, to) {
            let piece = self.board[cell.index()];
            let bit = 1u64 << (cell.index() & 63);
            let Some(bits) = self.unmoved.get_mut(cell.index() >> 6).filter(|bits| **bits & bit != 0) else { continue };
            if !piece.is_of(mover.opponent()) || !losers.contains(piece) {
                continue;
            }
            *bits &= !bit;
            if !took {
                self.lost_marks.open();
                took = true;
            }
            self.lost_marks.push(cell);
        }
        if took {
            undo.unmoved |= Undo::TOOK_UNMOVED;
        }
    }

    /// Before a move made returning `undo` is taken back: the marks its
    /// landing took are put back.
    #[inline(always)]
    pub(super) fn regain_unmoved(&mut self, undo: Undo) {
        if undo.unmoved & Undo::TOOK_UNMOVED != 0 {
            let mut log = std::mem::take(&mut self.lost_marks);
            for cell in log.close() {
                self.set_unmoved(cell, true);
            }
            self.lost_marks = log;
        }
    }
}
