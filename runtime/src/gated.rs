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
use crate::position::{Move, Position};
use crate::walk::Emitter;

/// Appends every move of the side to move that needs an unmoved piece or an
/// open cell to capture in passing.
pub fn generate<E: Engine + ?Sized>(engine: &E, plan: &Plan, pos: &Position, out: &mut Vec<Move>) {
    if pos.tracks_unmoved() {
        let side = plan.side(pos.side);
        for from in pos.unmoved_cells() {
            if side.has_unmoved_steps(pos.at(from)) {
                unmoved_steps(engine, side, pos, from, out);
            }
        }
    }
    captures_in_passing(engine, plan, pos, out);
}

/// Appends the castling moves of the piece on `from`, which must be one of
/// the side to move's and unmoved.
#[inline]
pub fn castle<E: Engine + ?Sized>(engine: &E, plan: &Plan, pos: &Position, from: CellId, out: &mut Vec<Move>) {
    let side = plan.side(pos.side);
    // Castling lands the piece itself: no other move of it to repeat.
    let emitter = Emitter::new(engine.game(), pos, from, false, 0);
    for step in side.unmoved_steps(pos.at(from).kind(), from) {
        if matches!(step.kind, StepKind::Castle(_)) {
            emitter.step(engine, side, step, out);
        }
    }
}

/// The steps of the unmoved piece on `from`.
fn unmoved_steps<E: Engine + ?Sized>(engine: &E, side: &SidePlan, pos: &Position, from: CellId, out: &mut Vec<Move>) {
    let kind = pos.at(from).kind();
    let steps = side.unmoved_steps(kind, from);
    let repeats = side.repeats(kind);
    // The piece's other moves are somewhere in `out`: a step that may
    // repeat one looks at every move from its cell.
    let dedup = steps.iter().any(|step| repeats[step.rule as usize] == Repeats::Maybe);
    let emitter = Emitter::new(engine.game(), pos, from, dedup, 0);
    for step in steps {
        emitter.step(engine, side, step, out);
    }
}

/// Appends the captures in passing of the side to move, if the last move
/// left cells open. Only the pieces whose capture-only steps could land on
/// an open cell are walked (in board order, as a scan would find them).
#[inline]
pub fn captures_in_passing<E: Engine + ?Sized>(engine: &E, plan: &Plan, pos: &Position, out: &mut Vec<Move>) {
    let Some(passing) = pos.en_passant() else { return };
    let side = plan.side(pos.side);
    match passing.cells[..] {
        [cell] => walk_captures_in_passing(engine, side, pos, passing, side.capture_only_origins(cell), out),
        _ => {
            let mut origins: Vec<CellId> = passing.cells.iter().flat_map(|&cell| side.capture_only_origins(cell)).copied().collect();
            origins.sort_unstable();
            origins.dedup();
            walk_captures_in_passing(engine, side, pos, passing, &origins, out);
        }
    }
}

/// Walks, for captures in passing, the steps of the pieces on `captors`
/// that `passing` lets capture.
fn walk_captures_in_passing<E: Engine + ?Sized>(
    engine: &E,
    side: &SidePlan,
    pos: &Position,
    passing: &Passing,
    captors: &[CellId],
    out: &mut Vec<Move>,
) {
    for &from in captors.iter().filter(|&&from| passing.by.contains(pos.at(from))) {
        let emitter = Emitter::new(engine.game(), pos, from, true, out.len());
        for step in side.steps(pos.at(from).kind(), from) {
            emitter.capture_in_passing(side, step, passing, out);
        }
    }
}
