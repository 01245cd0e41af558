//! `goal ...` statements and the `no check` rule: the positions that end a
//! game besides checkmate and stalemate, checked and resolved to ids.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::pieces::PieceLowering;
use vdl_dsl::ast::{self, Span};
use vdl_runtime::ir;

/// Every goal of the file, in file order; a goal with an error is left out
/// (the error stops compilation).
pub fn goals(decls: &[&ast::GoalDecl], has_royals: bool, lowering: &mut PieceLowering, diags: &mut Vec<Diagnostic>) -> Vec<ir::Goal> {
    decls.iter().filter_map(|decl| goal(decl, has_royals, lowering, diags)).collect()
}

fn goal(decl: &ast::GoalDecl, has_royals: bool, lowering: &mut PieceLowering, diags: &mut Vec<Diagnostic>) -> Option<ir::Goal> {
    match &decl.kind {
        ast::Goal::Extinction { pieces, outcome } => {
            let (pieces, all) = match pieces {
                ast::Extinct::All => (lowering.sets.all(), true),
                ast::Extinct::AnyOf(set) => (lowering.sets.resolve(set, diags)?, false),
            };
            Some(ir::Goal::Extinction { pieces, all, outcome: outcome.map_or(ir::Outcome::Loss, self::outcome) })
        }
        ast::Goal::Passes => Some(ir::Goal::Passes),
        ast::Goal::BareRoyal => {
            needs_royal(has_royals, decl.span, "a bare royal goal needs a royal piece to be left with", diags)?;
            Some(ir::Goal::BareRoyal)
        }
        ast::Goal::Reach { pieces, zone, answered } => {
            let (pieces, zone) = (lowering.sets.resolve(pieces, diags), lowering.zone(zone, diags));
            Some(ir::Goal::Reach { pieces: pieces?, zone: zone?, answered: answered.is_some() })
        }
        ast::Goal::Checks(count) => {
            let checks = u8::try_from(count.value).ok().filter(|&n| n >= 1);
            if checks.is_none() {
                diags.push(
                    Diagnostic::error(Code::BadGoal, count.span, "a check-count goal is a number of checks from 1 to 255")
                        .with_label("the player who gives this many checks wins")
                        .with_help("write a number of checks, such as `goal 3 checks`: the third check wins"),
                );
            }
            needs_royal(has_royals, decl.span, "checks are given to royal pieces, but no piece is royal", diags)?;
            Some(ir::Goal::Checks(checks?))
        }
    }
}

/// An outcome as the file writes it.
pub fn outcome(outcome: ast::Outcome) -> ir::Outcome {
    match outcome {
        ast::Outcome::Loss => ir::Outcome::Loss,
        ast::Outcome::Draw => ir::Outcome::Draw,
        ast::Outcome::Win => ir::Outcome::Win,
    }
}

/// `no check`: needs a royal piece to check.
pub fn checks_forbidden(spans: &[Span], has_royals: bool, diags: &mut Vec<Diagnostic>) -> bool {
    for &span in spans {
        let _ = needs_royal(has_royals, span, "checks are given to royal pieces, but no piece is royal", diags);
    }
    !spans.is_empty()
}

fn needs_royal(has_royals: bool, span: Span, message: &str, diags: &mut Vec<Diagnostic>) -> Option<()> {
    if !has_royals {
        diags.push(
            Diagnostic::error(Code::NoRoyal, span, message).with_help("mark the king-like piece with `royal` inside its piece block"),
        );
        return None;
    }
    Some(())
}
