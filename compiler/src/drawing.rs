//! How front ends draw a game: the board's `draw` statement (squares or
//! points, discs or tiles) and each piece's glyphs (`draw "帥" "將"`). None of
//! it changes how the game is played.

use crate::codes;
use crate::diagnostic::Diagnostic;
use vdl_dsl::ast::{self, Span, Text};
use vdl_runtime::ir;

/// The board's drawing: squares with discs unless a `draw` statement says
/// otherwise; a second `draw` statement is an error.
pub fn board_drawing(board: &ast::Board, diags: &mut Vec<Diagnostic>) -> ir::Drawing {
    if let [first, rest @ ..] = board.draws.as_slice() {
        for again in rest {
            diags.push(
                Diagnostic::error(codes::DUPLICATE_ITEM, again.span, "the board has more than one `draw` statement")
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
        },
        pieces: match draw.pieces {
            Some(ast::PieceShape::Tiles) => ir::PieceShape::Tiles,
            Some(ast::PieceShape::Discs) | None => ir::PieceShape::Discs,
        },
    }
}

/// A piece's glyphs, one per player: one text serves every player, otherwise
/// there is one for each player in turn. Another number of texts, or an empty
/// one, is an error.
pub fn piece_glyphs(glyphs: &[Text], span: Span, players: usize, diags: &mut Vec<Diagnostic>) -> Vec<String> {
    let mut ok = true;
    for glyph in glyphs.iter().filter(|g| g.value.trim().is_empty()) {
        diags.push(
            Diagnostic::error(codes::BAD_DRAWING, glyph.stmt, "an empty glyph draws nothing")
                .with_help("write the text to show on the piece, such as `draw \"帥\" \"將\"`, or remove the statement"),
        );
        ok = false;
    }
    if glyphs.len() != 1 && glyphs.len() != players {
        let at = glyphs.get(players).map_or(span, |extra| extra.stmt);
        diags.push(
            Diagnostic::error(codes::BAD_DRAWING, at, format!("{} glyphs for {players} players", glyphs.len()))
                .with_help(format!("give one glyph for each of the {players} players in turn, or one for all of them")),
        );
        ok = false;
    }
    if !ok {
        return Vec::new();
    }
    (0..players).map(|p| glyphs[if glyphs.len() == 1 { 0 } else { p }].value.clone()).collect()
}
