//! The board's shape: which places of its box are cells. `cells ZONE` keeps only
//! the zone's cells (the others are not on the board at all) and `without ZONE`
//! turns the zone's cells into walls (not cells, but position strings write
//! each as `*`, as Fairy-Stockfish does). The zones are read against the whole
//! box, as the first player sees it, in the order the statements are written.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::board::{BoardModel, Place};
use crate::front::players::Players;
use crate::front::zones::{ZoneEval, ZoneTable};
use vdl_dsl::ast::{self, ShapeKind};

/// What each place of `full`'s box is, once the shape statements are applied.
pub fn places(board: &ast::Board, full: &BoardModel, diags: &mut Vec<Diagnostic>) -> Option<Vec<Place>> {
    let players = Players::first_only();
    let zones = ZoneTable::default();
    let eval = ZoneEval { board: full, players: &players, zones: &zones };
    let mut places = full.places.clone();
    let before = diags.len();
    for shape in &board.shapes {
        let Some(zone) = eval.eval(&shape.zone, diags) else { continue };
        let inside = &zone[0];
        for (place, &inside) in places.iter_mut().zip(inside) {
            match (shape.kind, inside) {
                (ShapeKind::Region, false) => *place = Place::Outside,
                (ShapeKind::Walls, true) if matches!(place, Place::Cell(_)) => *place = Place::Wall,
                _ => {}
            }
        }
    }
    if diags.len() > before {
        return None;
    }
    if !places.iter().any(|p| matches!(p, Place::Cell(_))) {
        let last = board.shapes.last().map_or(board.span, |s| s.span);
        diags.push(
            Diagnostic::error(Code::EmptyBoard, last, "the board's shape leaves no cell")
                .with_label("after this statement no cell is left")
                .with_help("`cells ZONE` keeps only the zone's cells and `without ZONE` removes them; check which one is meant"),
        );
        return None;
    }
    Some(places)
}
