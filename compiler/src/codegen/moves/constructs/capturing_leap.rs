//! Capturing leaps: a leap over one cell that must be empty or hold an
//! enemy piece, which the move then captures too.

use crate::codegen::emit::names::{crossing, vector};
use crate::codegen::moves::constructs::{outcome_code, table, RuleAbout};
use crate::codegen::moves::piece_gen::{may_land, PieceGen};
use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::spec::rules::{Construct, Outcome, Role};
use crate::codegen::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::quote;
use vdl_runtime::ir::{Crossing, DirId, Game, Mode};

/// A capturing leap's tables: its destination, the cell it passes and its
/// outcome by start, if not fixed.
pub(crate) fn plan(ctx: &mut Ctx, pg: &mut PieceGen, about: &RuleAbout, steps: &RuleSteps) -> (Construct, Vec<(Role, Ident)>) {
    let data = steps.destinations();
    let vias: Vec<Option<usize>> = steps
        .starts
        .iter()
        .map(|s| match s {
            Some(Resolved::CapturingLeap { via, .. }) => Some(*via),
            _ => None,
        })
        .collect();
    let mut tables = Vec::new();
    let outcome = pg.fixed_outcome(ctx, (about.index, "", about.rule), &data, &mut tables);
    let doc = about.doc(ctx, pg, "the destination from each cell");
    tables.push((Role::Table, ctx.cell_table(&about.table_name(ctx, pg, "TO"), doc, data)));
    let doc = about.doc(ctx, pg, "the cell it passes from each cell");
    let read: Vec<bool> = vias.iter().map(Option::is_some).collect();
    tables.push((Role::Via, ctx.cell_table_read_on(&about.table_name(ctx, pg, "VIA"), doc, vias, &read)));
    // Its moves over an empty cell are in the piece's sets (`leap_sets`).
    let passing_taken = steps.starts.iter().flatten().any(|s| matches!(s, Resolved::CapturingLeap { passing_taken: true, .. }));
    (Construct::CapturingLeap { mode: about.mode, outcome, passing_taken }, tables)
}

/// A capturing leap: like a leap over one cell that must be empty, except that
/// an enemy piece there is captured too (the move then captures even onto an
/// empty destination).
pub(crate) fn print(pg: &mut PieceGen, mode: Mode, outcome: Outcome, passing_taken: bool, tables: &[(Role, Ident)]) -> TokenStream {
    let (table, via_table) = (table(tables, Role::Table), table(tables, Role::Via));
    let outcome = outcome_code(outcome, tables);
    let p = crate::codegen::player_token(pg.player);
    let landing = may_land(mode, pg.player);
    let plain = pg.emit(quote!(to), None, outcome.clone());
    let capture = (mode != Mode::MoveOnly).then(|| pg.emit(quote!(to), Some(quote!(via)), outcome));
    if passing_taken {
        return quote! {
            let to = #table[from];
            if to != NONE {
                let (to, via) = (to as usize, #via_table[from] as usize);
                let passed = board[via];
                if !passed.is_empty() && passed.owner() != #p && !board[to].is_of(#p) {
                    #capture
                }
            }
        };
    }
    let capture = capture.map(|emit| {
        quote! {
            else if passed.owner() != #p && !board[to].is_of(#p) {
                #emit
            }
        }
    });
    quote! {
        let to = #table[from];
        if to != NONE {
            let to = to as usize;
            let via = #via_table[from] as usize;
            let passed = board[via];
            if passed.is_empty() {
                if #landing {
                    #plain
                }
            } #capture
        }
    }
}

/// A capturing leap in words.
pub(crate) fn describe(game: &Game, target: DirId, via: DirId, condition: Option<Crossing>) -> String {
    format!(
        "leap {} over {}, which must be empty or hold an enemy piece, captured too{}",
        vector(game, target),
        vector(game, via),
        crossing(game, condition)
    )
}
