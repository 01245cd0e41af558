//! A step: what one move rule does from one start cell. Each kind of step is
//! a construct with a module of its own ([`super::ride`], [`super::hop`],
//! [`super::leap`], [`super::capturing_leap`], [`super::swap`],
//! [`super::castling`]) holding how it is planned, its walk in a position,
//! its inverse for attacks and the cells it reaches; this is the one place
//! that dispatches to them.

use super::attacks::AttackDrafts;
use super::build::Start;
use super::capturing_leap::CapturingLeap;
use super::castling::Castle;
use super::hop::Hop;
use super::leap::Leap;
use super::ride::Ride;
use super::swap::Swap;
use super::SidePlan;
use crate::ir::{CellId, Mode, MoveKind};
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::sink::MoveSink;

/// What one rule does from one start cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule's index in the piece's move list for the player.
    pub rule: u16,
    pub mode: Mode,
    pub kind: StepKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    Ride(Ride),
    Hop(Hop),
    Leap(Leap),
    CapturingLeap(CapturingLeap),
    Swap(Swap),
    Castle(Castle),
}

impl StepKind {
    /// The step of the rule `kind` from the start, `None` when it can give
    /// no move from there.
    pub(super) fn plan(side: &mut SidePlan, start: &Start, kind: &MoveKind) -> Option<StepKind> {
        Some(match kind {
            MoveKind::Ride { dir, range, circuit } => StepKind::Ride(Ride::plan(side, start, *dir, *range, *circuit)?),
            MoveKind::Hop { dir, not_over, spares } => StepKind::Hop(Hop::plan(side, start, *dir, not_over, spares)?),
            MoveKind::Pass => StepKind::Ride(Ride::pass(start)?),
            MoveKind::Leap { target, routes } => StepKind::Leap(Leap::plan(side, start, *target, routes)?),
            MoveKind::CapturingLeap { target, via, crossing } => {
                StepKind::CapturingLeap(CapturingLeap::plan(start, *target, *via, crossing.as_ref())?)
            }
            MoveKind::Swap { dir, with, unattacked } => StepKind::Swap(Swap::plan(start, *dir, with, *unattacked)?),
            MoveKind::Castle { dir, ends, with } => StepKind::Castle(Castle::plan(side, start, *dir, *ends, with)?),
        })
    }

    /// Appends the moves the step gives in the emitter's position.
    #[inline(always)]
    pub(crate) fn walk<E: Generator + ?Sized, S: MoveSink + ?Sized>(
        self,
        emitter: &Emitter,
        engine: &E,
        side: &SidePlan,
        mode: Mode,
        out: &mut S,
    ) {
        match self {
            StepKind::Ride(ride) => ride.walk(emitter, side, mode, out),
            StepKind::Hop(hop) => hop.walk(emitter, side, mode, out),
            StepKind::Leap(leap) => leap.walk(emitter, side, mode, out),
            StepKind::CapturingLeap(leap) => leap.walk(emitter, mode, out),
            StepKind::Swap(swap) => swap.walk(emitter, engine, out.moves()),
            StepKind::Castle(castle) => castle.walk(emitter, engine, side, &Default::default(), out.moves()),
        }
    }

    /// Calls `land` with each empty cell where the step of a capture-only
    /// rule could capture a piece standing there, and whether the piece may
    /// land there: where it captures in passing.
    pub(crate) fn walk_in_passing(self, emitter: &Emitter, side: &SidePlan, land: &mut impl FnMut(CellId, bool)) {
        match self {
            StepKind::Ride(ride) => ride.walk_in_passing(emitter, side, land),
            StepKind::Hop(hop) => hop.walk_in_passing(emitter, side, land),
            StepKind::Leap(leap) => leap.walk_in_passing(emitter, side, land),
            StepKind::CapturingLeap(_) | StepKind::Swap(_) | StepKind::Castle(_) => {}
        }
    }

    /// Adds the attacks of the step (of `attacker`, from `from`) to the
    /// drafts of the inverted plan.
    pub(super) fn invert<'p>(self, side: &'p SidePlan, from: CellId, mode: Mode, attacker: Piece, drafts: &mut AttackDrafts<'p>) {
        match self {
            StepKind::Ride(ride) => ride.invert(side, from, mode, attacker, drafts),
            StepKind::Hop(hop) => hop.invert(side, from, mode, attacker, drafts),
            StepKind::Leap(leap) => leap.invert(side, from, mode, attacker, drafts),
            StepKind::CapturingLeap(leap) => leap.invert(from, mode, attacker, drafts),
            // Neither ever captures.
            StepKind::Swap(_) | StepKind::Castle(_) => {}
        }
    }

    /// Every destination the step could ever reach (on some board), with
    /// the cell it may capture on the way: what the overlap analysis
    /// compares.
    pub fn reach(self, side: &SidePlan, from: CellId, out: &mut impl FnMut(CellId, Option<CellId>)) {
        match self {
            StepKind::Ride(ride) => ride.reach(side, from, out),
            StepKind::Hop(hop) => hop.reach(side, out),
            StepKind::Leap(Leap { to, .. }) | StepKind::Swap(Swap { to, .. }) => out(to, None),
            StepKind::CapturingLeap(leap) => leap.reach(out),
            // Castling moves two pieces: no other step gives such a move.
            StepKind::Castle(_) => {}
        }
    }

    /// The cells where the step could capture in passing, whatever stands
    /// between (see [`SidePlan::capture_only_origins`]).
    pub(super) fn cells_in_passing(self, side: &SidePlan, out: &mut impl FnMut(CellId)) {
        match self {
            StepKind::Ride(ride) => ride.cells(side, out),
            StepKind::Hop(hop) => hop.cells(side, out),
            StepKind::Leap(leap) => out(leap.to),
            StepKind::CapturingLeap(_) | StepKind::Swap(_) | StepKind::Castle(_) => {}
        }
    }

    /// Calls `out` with every cell the moving piece passes or may end on,
    /// and returns `true`; `false` for a step that moves a second piece too
    /// (a swap, castling), whose cells are not all the moving piece's.
    pub fn moving_piece_cells(self, side: &SidePlan, out: &mut impl FnMut(CellId)) -> bool {
        match self {
            StepKind::Ride(ride) => ride.cells(side, out),
            StepKind::Hop(hop) => hop.cells(side, out),
            StepKind::Leap(Leap { to, .. }) | StepKind::CapturingLeap(CapturingLeap { to, .. }) => out(to),
            StepKind::Swap(_) | StepKind::Castle(_) => return false,
        }
        true
    }
}
