//! The moves that depend on the position's state beyond the board: rules
//! that hold only while their piece has not moved since the setup (first
//! moves, castling) and captures in passing. They are walked here from the
//! plan, for every engine, so that the generated code needs no copy of their
//! meaning: the interpreter calls [`generate`]; generated code guards the
//! other first moves itself and calls [`castle`] and [`captures_in_passing`].

use crate::engine::Engine;
use crate::ir::CellId;
use crate::plan::passing::Passing;
use crate::plan::{Plan, Repeats, SidePlan, StepKind};
use crate::position::{Move, Position, NO_CELL};
use crate::walk::Emitter;

/// Appends every move of the side to move that needs an unmoved piece or an
/// open cell to capture in passing.
pub fn generate<E: Engine + ?Sized>(engine: &E, plan: &Plan, pos: &Position, out: &mut Vec<Move>) {
    if pos.tracks_unmoved() {
        let side = plan.side(pos.side);
        for from in pos.unmoved_cells() {
            if side.has_unmoved_steps(pos.at(from)) {
                unmoved_steps(engine, side, pos, from, true, out);
            }
        }
    }
    captures_in_passing(engine, plan, pos, out);
}

/// Appends the castling moves of the piece on `from`, which must be one of
/// the side to move's and unmoved.
#[inline]
pub fn castle<E: Engine + ?Sized>(engine: &E, plan: &Plan, pos: &Position, from: CellId, out: &mut Vec<Move>) {
    unmoved_steps(engine, plan.side(pos.side), pos, from, false, out);
}

/// The steps of the unmoved piece on `from`: all of them, or (`all` false)
/// castling only.
fn unmoved_steps<E: Engine + ?Sized>(engine: &E, side: &SidePlan, pos: &Position, from: CellId, all: bool, out: &mut Vec<Move>) {
    let kind = pos.at(from).kind();
    let steps = side.unmoved_steps(kind, from);
    let repeats = side.repeats(kind);
    // The piece's other moves are somewhere in `out`: a step that may
    // repeat one looks at every move from its cell.
    let dedup = steps.iter().any(|step| repeats[step.rule as usize] == Repeats::Maybe);
    let emitter = Emitter::new(engine.game(), pos, from, dedup, 0);
    for step in steps {
        if all || matches!(step.kind, StepKind::Castle { .. }) {
            emitter.step(engine, side, step, out);
        }
    }
}

/// At most this many pieces are tried for captures in passing (a passing
/// leaves few cells open, and few pieces reach them).
const MAX_CAPTORS: usize = 16;

/// Appends the captures in passing of the side to move, if the last move
/// left cells open. Only the pieces that could capture on an open cell were
/// it held by an enemy (the plan's attacks, inverted) are walked.
#[inline]
pub fn captures_in_passing<E: Engine + ?Sized>(engine: &E, plan: &Plan, pos: &Position, out: &mut Vec<Move>) {
    let Some(passing) = pos.en_passant() else { return };
    let side = plan.side(pos.side);
    let mut captors = [NO_CELL; MAX_CAPTORS];
    let mut count = 0;
    let mut overflow = false;
    for &cell in &passing.cells {
        side.attacks().attacked(pos, cell, pos.side, &mut |piece, from| {
            if passing.by.contains(piece) && !captors[..count].contains(&from) {
                match captors.get_mut(count) {
                    Some(slot) => {
                        *slot = from;
                        count += 1;
                    }
                    None => overflow = true,
                }
            }
            false
        });
    }
    if overflow {
        // Never on the bundled boards; every capturing piece is walked.
        let all: Vec<CellId> = pos.cells().filter(|&(_, piece)| passing.by.contains(piece)).map(|(cell, _)| cell).collect();
        walk_captures_in_passing(engine, side, pos, passing, &all, out);
    } else {
        // In board order, as a scan of the board would find them.
        captors[..count].sort_unstable();
        walk_captures_in_passing(engine, side, pos, passing, &captors[..count], out);
    }
}

fn walk_captures_in_passing<E: Engine + ?Sized>(
    engine: &E,
    side: &SidePlan,
    pos: &Position,
    passing: &Passing,
    captors: &[CellId],
    out: &mut Vec<Move>,
) {
    for &from in captors {
        let emitter = Emitter::new(engine.game(), pos, from, true, out.len());
        for step in side.steps(pos.at(from).kind(), from) {
            emitter.capture_in_passing(side, step, passing, out);
        }
    }
}
