//! The `draw` statements: how a file asks to be drawn reaches the IR, and IR
//! written before they existed still reads.

use vdl_runtime::ir::{CellStyle, Drawing, PieceShape};

const MINI: &str = r#"
board {
    axis file = a..e
    axis rank = 1..5
    name file rank
    DRAW
}
forward +rank
player White
player Black = mirror rank
direction orth = (0,1)*
piece King K {
    royal
    step orth
    GLYPHS
}
stalemate draw
setup "2k2/5/5/5/2K2 w"
"#;

fn mini(draw: &str, glyphs: &str) -> Result<vdl_runtime::Game, String> {
    let source = MINI.replace("DRAW", draw).replace("GLYPHS", glyphs);
    vdl_compiler::compile("mini.vdl", &source).map_err(|d| vdl_compiler::render_diagnostics("mini.vdl", &source, &d))
}

#[test]
fn without_draw_statements_a_board_is_squares_with_discs_and_pieces_show_symbols() {
    let game = mini("", "").unwrap();
    assert_eq!(game.board.layout.drawing, Drawing { cells: CellStyle::Squares, pieces: PieceShape::Discs });
    assert!(game.pieces[0].glyphs.is_empty());
}

#[test]
fn the_board_statement_sets_cells_and_pieces() {
    let cases = [
        ("draw points", CellStyle::Points, PieceShape::Discs),
        ("draw squares with tiles", CellStyle::Squares, PieceShape::Tiles),
        ("draw points with discs", CellStyle::Points, PieceShape::Discs),
    ];
    for (statement, cells, pieces) in cases {
        assert_eq!(mini(statement, "").unwrap().board.layout.drawing, Drawing { cells, pieces }, "{statement}");
    }
}

#[test]
fn one_glyph_serves_every_player_and_two_go_in_turn() {
    assert_eq!(mini("", r#"draw "♚""#).unwrap().pieces[0].glyphs, ["♚", "♚"]);
    assert_eq!(mini("", r#"draw "帥" "將""#).unwrap().pieces[0].glyphs, ["帥", "將"]);
}

#[test]
fn bad_glyphs_and_repeated_statements_are_errors() {
    let cases = [
        ("", r#"draw """#, "E0700", "an empty glyph draws nothing"),
        ("", r#"draw "a" "b" "c""#, "E0700", "3 glyphs for 2 players"),
        ("", r#"draw "a" draw "b""#, "E0500", "`draw` is said twice for this piece"),
        ("draw points draw squares", "", "E0104", "more than one `draw` statement"),
    ];
    for (board, piece, code, message) in cases {
        let text = mini(board, piece).expect_err(piece);
        assert!(text.contains(message) && text.contains(code), "{board} {piece}:\n{text}");
    }
}

#[test]
fn a_misspelt_style_is_a_syntax_error_that_lists_the_styles() {
    let text = mini("draw dots", "").unwrap_err();
    assert!(text.contains("expected `squares`, `points` or `hexagons`"), "{text}");
}

#[test]
fn the_xiangqi_file_is_drawn_on_points_with_chinese_characters() {
    let game = vdl_compiler::compile("xiangqi.vdl", include_str!("../../variants/xiangqi.vdl")).unwrap();
    assert_eq!(game.board.layout.drawing.cells, CellStyle::Points);
    let general = game.pieces.iter().find(|p| p.name == "General").unwrap();
    assert_eq!(general.glyphs, ["帥", "將"]);
    assert_eq!(game.board.axes[0].labels, ["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
}

#[test]
fn ir_written_before_drawings_still_reads_as_squares_with_discs() {
    let game = mini("draw points", r#"draw "X""#).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    json["board"]["layout"].as_object_mut().unwrap().remove("drawing");
    json["board"]["axes"].as_array_mut().unwrap().iter_mut().for_each(|a| drop(a.as_object_mut().unwrap().remove("labels")));
    json["pieces"].as_array_mut().unwrap().iter_mut().for_each(|p| drop(p.as_object_mut().unwrap().remove("glyphs")));
    let old = vdl_runtime::Game::from_json(&json.to_string()).unwrap();
    assert_eq!(old.board.layout.drawing, Drawing::default());
    assert!(old.pieces[0].glyphs.is_empty() && old.board.axes[0].labels.is_empty());
}
