//! Phase 5, analyse: what the pieces can do, asked of the IR interpreter. First
//! the facts the rules need (where a piece could never move, its bindings),
//! on the lowered game of movement alone; then, on the finished game, the
//! setup and the lints.

use crate::analysis::lints;
use crate::analysis::mobility::Mobility;
use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::cell_classes::CellClasses;
use crate::front::lower::{LimitClasses, Lowered};
use crate::front::resolve::Names;
use crate::front::zones::ZoneCells;
use std::collections::HashMap;
use std::sync::Arc;
use vdl_dsl::ast::Span;
use vdl_runtime::fen::FenErrorKind;
use vdl_runtime::ir::{Game, PieceId};
use vdl_runtime::plan::Plan;
use vdl_runtime::{Position, PositionError};

/// What analysis found for the piece types that the rules ask about.
#[derive(Default)]
pub struct Facts {
    /// `dead[kind][player][cell]`: the piece could never move from the cell.
    pub dead: HashMap<PieceId, ZoneCells>,
    pub bindings: HashMap<PieceId, CellClasses>,
}

/// The facts the rules need: dead cells of pieces with an optional promotion
/// (it is forced there) and of pieces that can be dropped (they may not be
/// dropped there), bindings of pieces limited per binding.
pub fn facts(lowered: &Lowered, plan: &Arc<Plan>) -> Facts {
    let mobility = Mobility::new(lowered.movement.game(), plan);
    let mut facts = Facts::default();
    for (kind, rules) in PieceId::first(lowered.pieces.len()).zip(&lowered.pieces) {
        let dropped = lowered.movement.game().rules.must_drop || lowered.pieces.iter().any(|p| p.captured_as == Some(kind));
        if dropped || rules.promotions.iter().any(|p| p.optional) {
            facts.dead.insert(kind, mobility.dead_cells(kind));
        }
    }
    for limit in lowered.limits.iter().filter(|l| matches!(l.classes, LimitClasses::Bindings)) {
        facts.bindings.entry(limit.piece).or_insert_with(|| mobility.bindings(limit.piece));
    }
    facts
}

/// Checks the setup against the finished game, then, when there is no error,
/// runs the lints.
pub fn lint(game: &Game, plan: &Arc<Plan>, names: &Names, diags: &mut Vec<Diagnostic>) {
    let (Some(setup), Some(board)) = (names.setup, names.board) else { return };
    let start = check_setup(game, plan, setup, diags);
    if let Some(start) = start.filter(|_| !diags.iter().any(Diagnostic::is_error)) {
        let declared = lints::Declared {
            source: names.source,
            pieces: names.items.pieces.clone(),
            zones: names.items.zones.clone(),
            setup,
            board: board.span,
            gating: names.items.gatings.first().map(|&(_, span)| span),
        };
        lints::run(game, plan, &start, &declared, diags);
    }
}

/// The start position, if the setup is one (else the error).
fn check_setup(game: &Game, plan: &Arc<Plan>, setup: &vdl_dsl::ast::Text, diags: &mut Vec<Diagnostic>) -> Option<Position> {
    // Without a side to move, the first player's would be judged: say what
    // is missing instead.
    if setup.value.split_whitespace().nth(1).is_none() && vdl_runtime::fen::parse_setup(game, &setup.value).is_ok() {
        let letters: Vec<String> = game.players.iter().map(|p| format!("`{}` for {}", p.letter, p.name)).collect();
        diags.push(
            Diagnostic::error(
                Code::BadSetup,
                Span::new(setup.span.end, setup.span.end + 1),
                "the setup does not say which side moves first",
            )
            .with_label("the side to move goes here")
            .with_help(format!("end the setup with a space and the letter of the side to move: {}", letters.join(", "))),
        );
        return None;
    }
    // The plan made once: the attack test of the side not to move asks it.
    let engine = vdl_runtime::Interpreter::with_plan(game.clone(), plan.clone());
    let error = match vdl_runtime::fen::parse_with(&engine, &setup.value) {
        Ok(start) => return Some(start),
        Err(error) => error,
    };
    let start = setup.span.start + error.offset.min(setup.value.len());
    let span = Span::new(start, (start + 1).min(setup.span.end.max(start)));
    diags.push(match error.kind {
        FenErrorKind::Syntax(message) => {
            let example = vdl_runtime::fen::format(game, &Position::empty(game));
            Diagnostic::error(Code::BadSetup, span, format!("the setup does not fit: {message}")).with_help(format!(
                "rows are listed from the first player's far side, separated as in `{example}`; pieces are {}",
                game.pieces.iter().map(|p| format!("`{}` {}", p.symbol, p.name)).collect::<Vec<_>>().join(", ")
            ))
        }
        // The side to move could capture a royal at once.
        FenErrorKind::Position(error) if matches!(*error, PositionError::SideNotToMoveInCheck { .. }) => {
            Diagnostic::error(Code::SetupDecided, span, format!("the setup is already decided: {error}"))
        }
        // The message says what to change.
        FenErrorKind::Position(error) => Diagnostic::error(Code::BadSetup, span, format!("the setup is not a possible position: {error}")),
    });
    None
}
