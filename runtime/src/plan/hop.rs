//! Hops (`hop`): along a line over exactly one piece, the screen, then on
//! like a ride, landing on the empty cells beyond it and capturing the first
//! piece beyond it if it is an enemy. A hop's limits may refuse some types
//! as screens (`over not Cannon`: the hop is then blocked) and as captures
//! (`sparing Cannon`: such a piece stops the hop as a friendly one does).

use super::attacks::AttackDrafts;
use super::build::Start;
use super::{HopLimits, SidePlan, Span};
use crate::ir::{CellId, DirId, Mode, PieceId};
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::sink::MoveSink;

/// A hop from one start: its line, in order outward, and its limits (an
/// index of [`SidePlan::hop_limits`]; 0 for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    pub cells: Span,
    pub limits: u16,
}

impl Hop {
    /// The hop along `dir` from the start; `None` when its line is too
    /// short to hold a screen and a cell beyond.
    pub(super) fn plan(side: &mut SidePlan, start: &Start, dir: DirId, not_over: &[PieceId], spares: &[PieceId]) -> Option<Hop> {
        let (cells, _) = side.add_line(start, dir, None);
        let limits = side.add_hop_limits(HopLimits::of(not_over, spares));
        (cells.end - cells.start >= 2).then_some(Hop { cells, limits })
    }

    /// The cells beyond the screen, if the line has a screen it may hop over.
    fn beyond_screen<'p>(self, emitter: &Emitter, side: &'p SidePlan) -> Option<&'p [super::LineCell]> {
        let line = side.line(self.cells);
        let screen = line.iter().position(|c| !emitter.pos.at(c.cell).is_empty())?;
        side.hop_limits(self.limits).may_hop_over(emitter.pos.at(line[screen].cell).kind()).then(|| &line[screen + 1..])
    }

    pub(crate) fn walk<S: MoveSink + ?Sized>(self, emitter: &Emitter, side: &SidePlan, mode: Mode, out: &mut S) {
        if self.limits == 0 {
            let line = side.line(self.cells);
            if let Some(screen) = line.iter().position(|c| !emitter.pos.at(c.cell).is_empty()) {
                line[screen + 1..].iter().all(|c| emitter.land(c.cell, c.may_land, mode, out));
            }
            return;
        }
        self.walk_limited(emitter, side, mode, out);
    }

    /// [`Hop::walk`] for a hop with limits, kept out of line: the
    /// interpreter's walk of every other step stays as small as it was.
    #[cold]
    #[inline(never)]
    fn walk_limited<S: MoveSink + ?Sized>(self, emitter: &Emitter, side: &SidePlan, mode: Mode, out: &mut S) {
        let Some(beyond) = self.beyond_screen(emitter, side) else { return };
        let limits = side.hop_limits(self.limits);
        for c in beyond {
            let piece = emitter.pos.at(c.cell);
            if !piece.is_empty() && !limits.may_capture(piece.kind()) {
                return;
            }
            if !emitter.land(c.cell, c.may_land, mode, out) {
                return;
            }
        }
    }

    /// The empty cells beyond the screen, for captures in passing.
    pub(crate) fn walk_in_passing(self, emitter: &Emitter, side: &SidePlan, land: &mut impl FnMut(CellId, bool)) {
        if let Some(beyond) = self.beyond_screen(emitter, side) {
            for c in beyond.iter().take_while(|c| emitter.pos.at(c.cell).is_empty()) {
                land(c.cell, c.may_land);
            }
        }
    }

    pub(super) fn invert<'p>(self, side: &'p SidePlan, from: CellId, mode: Mode, attacker: Piece, drafts: &mut AttackDrafts<'p>) {
        if mode != Mode::MoveOnly {
            // What a hop spares is what it never captures; attacks are asked
            // of royals, which no hop may spare (the compiler checks).
            drafts.hop(from, side.line(self.cells), side.hop_limits(self.limits).not_over, attacker);
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
