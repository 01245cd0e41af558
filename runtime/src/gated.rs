//! The moves that depend on the position's state beyond the board: rules
//! that hold only while their piece has not moved since the setup (first
//! moves, castling) and captures in passing. Every engine generates them here
//! from the plan, after its own moves, so that the generated code needs no
//! copy of their meaning.

use crate::engine::Engine;
use crate::plan::{Plan, Repeats, StepKind};
use crate::position::{Move, Position};
use crate::walk::Emitter;

/// Which moves of unmoved pieces the caller leaves to [`generate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unmoved {
    /// Every step that holds only while its piece is unmoved.
    All,
    /// Castling only: the caller makes the other moves of unmoved pieces
    /// itself (generated code guards them with [`Position::is_unmoved`]).
    CastlingOnly,
}

/// Appends the moves of the side to move that need an unmoved piece (those
/// `which` says) or an open cell to capture in passing.
pub fn generate<E: Engine + ?Sized>(engine: &E, plan: &Plan, pos: &Position, which: Unmoved, out: &mut Vec<Move>) {
    let game = engine.game();
    let side = plan.side(pos.side);
    if pos.tracks_unmoved() {
        for from in pos.unmoved_cells() {
            let piece = pos.at(from);
            let walked = match which {
                Unmoved::All => side.has_unmoved_steps(piece),
                Unmoved::CastlingOnly => side.may_castle(piece),
            };
            if !walked {
                continue;
            }
            let steps = side.unmoved_steps(piece.kind(), from);
            let repeats = side.repeats(piece.kind());
            // The piece's other moves are somewhere in `out`: a step that may
            // repeat one looks at every move from its cell.
            let dedup = steps.iter().any(|step| repeats[step.rule as usize] == Repeats::Maybe);
            let emitter = Emitter::new(game, pos, from, dedup, 0);
            for step in steps {
                if which == Unmoved::All || matches!(step.kind, StepKind::Castle { .. }) {
                    emitter.step(engine, side, step, out);
                }
            }
        }
    }
    if let Some(passing) = pos.en_passant() {
        for (from, piece) in pos.cells() {
            if !passing.by.contains(piece) {
                continue;
            }
            let emitter = Emitter::new(game, pos, from, true, out.len());
            for step in side.steps(piece.kind(), from) {
                emitter.capture_in_passing(side, step, passing, out);
            }
        }
    }
}
