//! How front ends draw a game: the board's `draw` statement (squares or
//! points, discs or tiles) and each piece's glyphs (`draw "帥" "將"`). None of
//! it changes how the game is played.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::board::BoardModel;
use vdl_dsl::ast::{self, Span, Text};
use vdl_runtime::ir;

/// The board's drawing: squares with discs unless a `draw` statement says
/// otherwise; a second `draw` statement is an error.
pub fn board_drawing(board: &ast::Board, diags: &mut Vec<Diagnostic>) -> ir::Drawing {
    if let [first, rest @ ..] = board.draws.as_slice() {
        for again in rest {
            diags.push(
                Diagnostic::error(Code::DuplicateItem, again.span, "the board has more than one `draw` statement")
                    .with_note(first.span, "the first one")
                    .with_help("say both in one statement: `draw points with tiles`"),
            );
        }
    }
    let Some(draw) = board.draws.first() else { return ir::Drawing::default() };
    ir::Drawing {
        cells: match draw.cells {
            ast::CellStyle::Squares => ir::CellStyle::Squares,
            ast::CellStyle::Points => ir::CellStyle::Points,
            ast::CellStyle::Hexagons => ir::CellStyle::Hexagons,
        },
        pieces: match draw.pieces {
            Some(ast::PieceShape::Tiles) => ir::PieceShape::Tiles,
            Some(ast::PieceShape::Discs) | None => ir::PieceShape::Discs,
        },
    }
}

/// Hexagons are drawn from two axial coordinates, or from three cube
/// coordinates whose sum is the same on every cell (a plane).
pub fn check_hexagons(decl: &ast::Board, board: &BoardModel, drawing: ir::Drawing, diags: &mut Vec<Diagnostic>) {
    if drawing.cells != ir::CellStyle::Hexagons {
        return;
    }
    let span = decl.draws.first().map_or(decl.span, |d| d.span);
    let fits = match board.dimensions() {
        2 => true,
        3 => {
            let sums: Vec<i32> = board.cells.iter().map(|c| c.coords.iter().sum()).collect();
            sums.windows(2).all(|w| w[0] == w[1])
        }
        _ => false,
    };
    if !fits {
        diags.push(
            Diagnostic::error(Code::BadDrawing, span, format!("hexagons cannot be drawn on this board of {} axes", board.dimensions()))
                .with_label("hexagons need two axial coordinates, or three cube coordinates on a plane")
                .with_help("give the board numeric axes `x`, `y`, `z` and keep the plane: `cells x + y + z == 0`"),
        );
    }
}

/// A piece's glyphs, one per player: one text serves every player, otherwise
/// there is one for each player in turn. Another number of texts, or an empty
/// one, is an error.
pub fn piece_glyphs(glyphs: &[Text], span: Span, players: usize, diags: &mut Vec<Diagnostic>) -> Vec<String> {
    let mut ok = true;
    for glyph in glyphs.iter().filter(|g| g.value.trim().is_empty()) {
        diags.push(
            Diagnostic::error(Code::BadDrawing, glyph.stmt, "an empty glyph draws nothing")
                .with_help("write the text to show on the piece, such as `draw \"帥\" \"將\"`, or remove the statement"),
        );
        ok = false;
    }
    if glyphs.len() != 1 && glyphs.len() != players {
        let at = glyphs.get(players).map_or(span, |extra| extra.stmt);
        diags.push(
            Diagnostic::error(Code::BadDrawing, at, format!("{} glyphs for {players} players", glyphs.len()))
                .with_help(format!("give one glyph for each of the {players} players in turn, or one for all of them")),
        );
        ok = false;
    }
    if !ok {
        return Vec::new();
    }
    (0..players).map(|p| glyphs[if glyphs.len() == 1 { 0 } else { p }].value.clone()).collect()
}
