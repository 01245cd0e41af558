//! Hops (`hop`): along a line over exactly one piece, the screen, then on
//! like a ride, landing on the empty cells beyond it and capturing the first
//! piece beyond it if it is an enemy.

use super::attacks::AttackDrafts;
use super::build::Start;
use super::{SidePlan, Span};
use crate::ir::{CellId, DirId, Mode};
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::position::Move;

/// A hop from one start: its line, in order outward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    pub cells: Span,
}

impl Hop {
    /// The hop along `dir` from the start; `None` when its line is too
    /// short to hold a screen and a cell beyond.
    pub(super) fn plan(side: &mut SidePlan, start: &Start, dir: DirId) -> Option<Hop> {
        let (cells, _) = side.add_line(start, dir, None);
        (cells.end - cells.start >= 2).then_some(Hop { cells })
    }

    pub(crate) fn walk<E: Generator + ?Sized>(self, emitter: &Emitter, _engine: &E, side: &SidePlan, mode: Mode, out: &mut Vec<Move>) {
        let line = side.line(self.cells);
        if let Some(screen) = line.iter().position(|c| !emitter.pos.at(c.cell).is_empty()) {
            line[screen + 1..].iter().all(|c| emitter.land(c.cell, c.may_land, mode, out));
        }
    }

    /// The empty cells beyond the screen, for captures in passing.
    pub(crate) fn walk_in_passing(self, emitter: &Emitter, side: &SidePlan, land: &mut impl FnMut(CellId, bool)) {
        let line = side.line(self.cells);
        if let Some(screen) = line.iter().position(|c| !emitter.pos.at(c.cell).is_empty()) {
            for c in line[screen + 1..].iter().take_while(|c| emitter.pos.at(c.cell).is_empty()) {
                land(c.cell, c.may_land);
            }
        }
    }

    pub(super) fn invert<'p>(self, side: &'p SidePlan, from: CellId, mode: Mode, attacker: Piece, drafts: &mut AttackDrafts<'p>) {
        if mode != Mode::MoveOnly {
            drafts.line(from, true, side.line(self.cells), attacker);
        }
    }

    /// Never the first cell: a screen stands between.
    pub(super) fn reach(self, side: &SidePlan, out: &mut impl FnMut(CellId, Option<CellId>)) {
        side.line(self.cells).iter().skip(1).filter(|c| c.may_land).for_each(|c| out(c.cell, None));
    }

    pub(super) fn cells(self, side: &SidePlan, out: &mut impl FnMut(CellId)) {
        side.line(self.cells).iter().for_each(|c| out(c.cell));
    }
}
