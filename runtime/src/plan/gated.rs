//! The moves that depend on the position's state beyond the board: rules
//! that hold only while their piece has not moved since the setup (first
//! moves, castling) and captures in passing. They are walked here from the
//! plan, for every engine, so that the generated code needs no copy of their
//! meaning: the interpreter calls [`generate`]; generated code guards the
//! other first moves itself and calls [`castle`] and [`captures_in_passing`],
//! which live with their constructs ([`crate::plan::castling`],
//! [`crate::plan::en_passant`]).

use crate::ir::{CellId, Gate};
pub use crate::plan::castling::castle;
pub use crate::plan::en_passant::captures_in_passing;
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::plan::{Plan, Repeats, SidePlan};
use crate::state::position::Position;
use crate::state::sink::MoveSink;

/// Appends every move of the side to move that needs an unmoved piece or an
/// open cell to capture in passing.
pub fn generate<E: Generator + ?Sized, S: MoveSink + ?Sized>(engine: &E, plan: &Plan, pos: &Position, out: &mut S) {
    if pos.tracks_unmoved() {
        let side = plan.side(pos.side);
        for from in pos.unmoved_cells() {
            if side.has_unmoved_steps(pos.at(from)) {
                unmoved_steps(engine, side, pos, from, out);
            }
        }
    }
    captures_in_passing(engine, plan, pos, out.moves());
}

/// The steps of the unmoved piece on `from`; those of its rules that hold
/// `unless attacked` only while no enemy piece attacks `from`.
fn unmoved_steps<E: Generator + ?Sized, S: MoveSink + ?Sized>(engine: &E, side: &SidePlan, pos: &Position, from: CellId, out: &mut S) {
    let kind = pos.at(from).kind();
    let steps = side.unmoved_steps(kind, from);
    let repeats = side.repeats(kind);
    // The piece's other moves are somewhere in `out`: a step that may
    // repeat one looks at every move from its cell (so where one may, every
    // move is listed: see `Shortcut::counts_as_it_walks` in `legality/interpreter.rs`).
    let dedup = steps.iter().any(|step| repeats[step.rule as usize] == Repeats::Maybe);
    let emitter = Emitter::new(engine.game(), pos, from, dedup, 0);
    if side.has_unattacked_steps(pos.at(from)) && unmoved_attacked(engine, pos, from) {
        let rules = &engine.game().pieces[kind].moves[pos.side];
        for step in steps.iter().filter(|step| rules[step.rule as usize].gate != Gate::UnmovedUnattacked) {
            emitter.step(engine, side, step, out);
        }
        return;
    }
    for step in steps {
        emitter.step(engine, side, step, out);
    }
}

/// Is the piece on `from`, of the side to move, attacked: are its moves
/// `when unmoved unless attacked` closed? (Generated code asks it too.)
pub fn unmoved_attacked<E: Generator + ?Sized>(engine: &E, pos: &Position, from: CellId) -> bool {
    engine.attacked(pos, from, pos.side.opponent())
}
