//! The bundled Xiang Qi file lowers to an IR that the interpreter plays
//! correctly (perft numbers from Fairy-Stockfish).

use vdl_runtime::{fen, perft::perft, Interpreter};

fn xiangqi() -> vdl_runtime::Game {
    let source = include_str!("../../variants/xiangqi.vdl");
    match vdl_compiler::compile("xiangqi.vdl", source) {
        Ok(game) => game,
        Err(diags) => panic!("{}", vdl_compiler::render_diagnostics("xiangqi.vdl", source, &diags)),
    }
}

#[test]
fn board_has_ninety_named_cells_and_fen_layout() {
    let game = xiangqi();
    assert_eq!(game.cell_count(), 90);
    assert_eq!(game.board.cells[0].name, "a1");
    assert_eq!(game.board.cells[89].name, "i10");
    // The first row of a position string is the far rank of the first player.
    let first_row: Vec<&str> = game.board.layout.rows[0].iter().flatten().map(|&c| game.board.cells[c].name.as_str()).collect();
    assert_eq!(first_row, ["a10", "b10", "c10", "d10", "e10", "f10", "g10", "h10", "i10"]);
}

#[test]
fn setup_round_trips() {
    let game = xiangqi();
    let pos = fen::parse(&game, &game.setup).unwrap();
    assert_eq!(fen::format(&game, &pos), game.setup);
}

#[test]
fn interpreter_perft_matches_fairy_stockfish_to_depth_3() {
    let game = xiangqi();
    let mut pos = fen::parse(&game, &game.setup).unwrap();
    let engine = Interpreter::new(game);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&engine, &mut pos, d)).collect();
    assert_eq!(counts, [44, 1920, 79666]);
}
