//! Capturing leaps (`leap ... via ... capturing`): a leap over one cell that
//! must be empty or hold an enemy piece, which the leap then captures too
//! (the move becomes a capture whatever its mode).

use super::attacks::AttackDrafts;
use super::build::Start;
use crate::ir::{CellId, Crossing, DirId, Mode};
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::sink::MoveSink;

/// A capturing leap from one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CapturingLeap {
    pub to: CellId,
    /// The cell passed, captured on the way if an enemy stands there.
    pub via: CellId,
}

impl CapturingLeap {
    /// The leap to the cell `dir` reaches over the one `via` reaches, if the
    /// piece may land there and the crossing condition allows it.
    pub(super) fn plan(start: &Start, dir: DirId, via: DirId, crossing: Option<&Crossing>) -> Option<CapturingLeap> {
        let to = start.target(dir).filter(|&to| start.lands(to))?;
        let via = start.target(via)?;
        if crossing.is_some_and(|c| !c.allows(start.game, start.player, start.from, to)) {
            return None;
        }
        Some(CapturingLeap { to, via })
    }

    pub(crate) fn walk<S: MoveSink + ?Sized>(self, emitter: &Emitter, mode: Mode, out: &mut S) {
        let owner = emitter.piece.owner();
        let on_the_way = emitter.pos.at(self.via);
        if on_the_way.is_empty() {
            emitter.land(self.to, true, mode, out);
        } else if !on_the_way.is_of(owner) && mode != Mode::MoveOnly && !emitter.pos.at(self.to).is_of(owner) {
            // The capture on the way makes it a capturing move.
            emitter.emit(self.to, Some(self.via), out);
        }
    }

    /// Attacks its destination when the passed cell holds none of the
    /// attacker's pieces, and the passed cell when the destination holds
    /// none.
    pub(super) fn invert(self, from: CellId, mode: Mode, attacker: Piece, drafts: &mut AttackDrafts<'_>) {
        if mode == Mode::MoveOnly {
            return;
        }
        if self.via == self.to {
            // Over a cell that is its destination too, the leap needs
            // nothing: the target counts as an enemy there.
            drafts.leap(self.to, from, None, Vec::new(), attacker);
        } else {
            drafts.leap(self.to, from, Some(self.via), Vec::new(), attacker);
            drafts.leap(self.via, from, Some(self.to), Vec::new(), attacker);
        }
    }

    pub(super) fn reach(self, out: &mut impl FnMut(CellId, Option<CellId>)) {
        out(self.to, None);
        out(self.to, Some(self.via));
    }
}
