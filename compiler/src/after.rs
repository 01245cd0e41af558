//! The last lowering steps, which need the built IR: forced promotions, hands
//! and drop bans, limits, and the ban on mating by a drop. Each asks the IR
//! interpreter what a piece can do (see `mobility`).

use crate::board::{unknown_axis, BoardModel};
use crate::codes::Code;
use crate::diagnostic::Diagnostic;
use crate::groups::PieceSets;
use crate::mobility::{classes_from, zone_for, Mobility};
use std::collections::HashMap;
use vdl_dsl::ast::{self, LimitScope, Span};
use vdl_runtime::ir::{self, Game, PieceId};

pub struct After<'a> {
    pub hands: Option<Span>,
    pub limits: Vec<&'a ast::LimitDecl>,
    pub drop_mates: Vec<(&'a ast::PieceSet, Span)>,
}

pub fn finish(game: &mut Game, after: &After, board: &BoardModel, sets: &PieceSets, diags: &mut Vec<Diagnostic>) {
    let mobility = Mobility::new(game);
    let mut dead: HashMap<PieceId, Vec<Vec<bool>>> = HashMap::new();
    let mut dead_zone = |game: &mut Game, kind: PieceId| -> Option<ir::ZoneId> {
        let cells = dead.entry(kind).or_insert_with(|| mobility.dead_cells(kind)).clone();
        cells.iter().any(|set| set.contains(&true)).then(|| {
            let name = format!("where {} cannot move", game.pieces[kind as usize].name);
            zone_for(game, name, cells)
        })
    };
    // An optional promotion is compulsory where the unpromoted piece could never
    // move again (Shogi's pawn on the last rank).
    for kind in 0..game.pieces.len() as PieceId {
        if game.pieces[kind as usize].promotions.iter().any(|p| p.optional) {
            let zone = dead_zone(game, kind);
            for promotion in &mut game.pieces[kind as usize].promotions {
                if promotion.optional {
                    promotion.forced_at = zone;
                }
            }
        }
    }
    if after.hands.is_some() {
        // A captured piece joins the hand in its unpromoted form: `+P` as `P`.
        for kind in 0..game.pieces.len() {
            let symbol = game.pieces[kind].symbol.trim_start_matches('+').to_string();
            let base = game.piece_by_symbol(&symbol).unwrap_or(kind as PieceId);
            game.pieces[kind].captured_as = Some(base);
        }
        for kind in 0..game.pieces.len() as PieceId {
            if game.pieces.iter().any(|p| p.captured_as == Some(kind)) {
                game.pieces[kind as usize].no_drop = dead_zone(game, kind);
            }
        }
    }
    for decl in &after.limits {
        game.rules.limits.extend(limits(decl, board, &mobility, sets, diags));
    }
    for (pieces, span) in &after.drop_mates {
        if after.hands.is_none() {
            diags.push(
                Diagnostic::error(Code::ConflictingStatements, *span, "no piece can be dropped: the game has no `hands`")
                    .with_help("add `hands`, or remove this rule"),
            );
        }
        if !game.has_royals() {
            diags.push(
                Diagnostic::error(Code::NoRoyal, *span, "checkmate needs a royal piece, but no piece is royal")
                    .with_help("mark the king-like piece with `royal`"),
            );
        }
        game.rules.no_drop_mate.extend(sets.resolve(pieces, diags).unwrap_or_default());
    }
}

/// One limit per type of the declaration's set.
fn limits(decl: &ast::LimitDecl, board: &BoardModel, mobility: &Mobility, sets: &PieceSets, diags: &mut Vec<Diagnostic>) -> Vec<ir::Limit> {
    let kinds = sets.resolve(&decl.pieces, diags).unwrap_or_default();
    kinds.into_iter().filter_map(|kind| limit(decl, kind, board, mobility, diags)).collect()
}

fn limit(decl: &ast::LimitDecl, kind: PieceId, board: &BoardModel, mobility: &Mobility, diags: &mut Vec<Diagnostic>) -> Option<ir::Limit> {
    let Ok(max) = u8::try_from(decl.max.value) else {
        diags.push(Diagnostic::error(Code::ConflictingStatements, decl.max.span, "a limit is a number from 0 to 255"));
        return None;
    };
    let cells = board.cells.len();
    let (class_of, classes) = match &decl.scope {
        LimitScope::Board => classes_from(cells, |_| 0),
        LimitScope::Line(axis) => {
            let Some(axis) = board.axis_index(&axis.text) else {
                diags.push(unknown_axis(axis, board.axis_names()));
                return None;
            };
            classes_from(cells, |cell| {
                let mut coords = board.cells[cell].coords.clone();
                coords[axis] = 0;
                coords
            })
        }
        LimitScope::Binding(_) => mobility.bindings(kind),
    };
    Some(ir::Limit { piece: kind, max, class_of, classes })
}
