//! Rides: `step`, `slide` and `ride` (a step is a ride of range 1). The piece
//! goes along a line of cells while they are empty, landing on each where its
//! mode and confinement allow, and captures at the first piece if it is an
//! enemy. A line that comes round a ring back to its start (`circuit`), every
//! cell empty, is a move that stays where it is: the null move.

use super::attacks::AttackDrafts;
use super::build::Start;
use super::{SidePlan, Span};
use crate::ir::{CellId, DirId, Mode};
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::sink::MoveSink;

/// A ride from one start: its line, in order outward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ride {
    pub cells: Span,
    /// The line comes round a ring to its start: with every cell empty, a
    /// move that stays where it is.
    pub null_move: bool,
}

impl Ride {
    /// The ride along `dir` (at most `range` cells) from the start; `None`
    /// when it can go nowhere.
    pub(super) fn plan(side: &mut SidePlan, start: &Start, dir: DirId, range: Option<u32>, circuit: bool) -> Option<Ride> {
        let (cells, back_at_start) = side.add_line(start, dir, range);
        let null_move = circuit && back_at_start && start.mode != Mode::CaptureOnly && start.lands(start.from);
        (!cells.is_empty() || null_move).then_some(Ride { cells, null_move })
    }

    /// A pass (`pass`): the null move alone, along no line; `None` where the
    /// piece may not stay (a capture-only rule, or outside its confinement).
    pub(super) fn pass(start: &Start) -> Option<Ride> {
        (start.mode != Mode::CaptureOnly && start.lands(start.from)).then_some(Ride { cells: Span::default(), null_move: true })
    }

    pub(crate) fn walk<S: MoveSink + ?Sized>(self, emitter: &Emitter, side: &SidePlan, mode: Mode, out: &mut S) {
        let line = side.line(self.cells);
        if line.iter().all(|c| emitter.land(c.cell, c.may_land, mode, out)) && self.null_move {
            emitter.null_move.set(true);
        }
    }

    /// The empty cells it could land on capturing, for captures in passing.
    pub(crate) fn walk_in_passing(self, emitter: &Emitter, side: &SidePlan, land: &mut impl FnMut(CellId, bool)) {
        for c in side.line(self.cells).iter().take_while(|c| emitter.pos.at(c.cell).is_empty()) {
            land(c.cell, c.may_land);
        }
    }

    /// Attacks every cell it may land on, along the line from its start.
    pub(super) fn invert<'p>(self, side: &'p SidePlan, from: CellId, mode: Mode, attacker: Piece, drafts: &mut AttackDrafts<'p>) {
        // A pass is move-only: it attacks nothing, not even its own cell.
        if self.null_move && mode != Mode::MoveOnly {
            drafts.null_move(from, side.line(self.cells), attacker);
        }
        if mode != Mode::MoveOnly {
            drafts.line(from, false, side.line(self.cells), attacker);
        }
    }

    pub(super) fn reach(self, side: &SidePlan, from: CellId, out: &mut impl FnMut(CellId, Option<CellId>)) {
        side.line(self.cells).iter().filter(|c| c.may_land).for_each(|c| out(c.cell, None));
        if self.null_move {
            out(from, None);
        }
    }

    /// Every cell of the line, whatever stands between.
    pub(super) fn cells(self, side: &SidePlan, out: &mut impl FnMut(CellId)) {
        side.line(self.cells).iter().for_each(|c| out(c.cell));
    }
}
