//! Naming cells as a game's players do, with the language's labels: Shogi's
//! squares as USI writes them (`7g`: files numbered from the first player's
//! right, ranks lettered from the far side) come from explicit label lists
//! (docs/language.md, "Naming cells as the players do"). The game is the same
//! (Shogi's perft from Fairy-Stockfish), position strings do not change, and
//! the names are those the USI front end computes from the board's geometry:
//! one naming, whichever way it is reached.

use vdl_frontends::engine_protocol::squares::Squares;
use vdl_runtime::perft::perft;
use vdl_runtime::{fen, notation, san, Generator, Interpreter};

/// The bundled Shogi with its axes labelled as USI names squares.
fn shogi_with_usi_names() -> Interpreter {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/shogi.vdl");
    let bundled = std::fs::read_to_string(path).unwrap();
    let source = bundled
        .replace("axis file = a..i", "axis file = [9 8 7 6 5 4 3 2 1]")
        .replace("axis rank = 1..9", "axis rank = [i h g f e d c b a]")
        .replace("zone camp = rank 7..9", "zone camp = rank c..a");
    assert_ne!(source, bundled, "the board block of variants/shogi.vdl changed: update this test");
    let game = vdl_compiler::compile("shogi-usi.vdl", &source)
        .unwrap_or_else(|d| panic!("{}", vdl_compiler::render_diagnostics("shogi-usi.vdl", &source, &d)));
    Interpreter::new(game)
}

#[test]
fn labels_name_shogi_cells_as_usi_does() {
    let engine = shogi_with_usi_names();
    let game = engine.game();
    // Black's Pawn in front of its Bishop is on 7g, its King on 5i, White's
    // Rook on 8b; 1a is the far right corner as Black sees the board.
    let start = fen::parse(game, &game.setup).unwrap();
    let at = |name: &str| fen::piece_symbol(game, start.at(game.cell_by_name(name).unwrap()));
    assert_eq!((at("7g"), at("5i"), at("8b"), at("8h"), at("1a")), ("P".into(), "K".into(), "r".into(), "B".into(), "l".into()));
    let bundled = (vdl_variants::by_name("shogi").unwrap().engine)();
    let usi = Squares::usi(bundled.game()).unwrap();
    for cell in game.cell_ids() {
        assert_eq!(game.board.cells[cell.index()].name, usi.name(cell), "cell {}", bundled.game().board.cells[cell.index()].name);
    }
}

#[test]
fn the_game_is_the_same_under_other_names() {
    let engine = shogi_with_usi_names();
    let game = engine.game();
    let bundled = (vdl_variants::by_name("shogi").unwrap().engine)();
    // Position strings do not name cells: the setup is written the same.
    assert_eq!(game.setup, bundled.game().setup);
    let mut start = fen::parse(game, &game.setup).unwrap();
    // Shogi's perft from the start: 30, 900, 25470 (Fairy-Stockfish).
    assert_eq!([1, 2, 3].map(|depth| perft(&engine, &mut start, depth)), [30, 900, 25470]);
    // Moves read and write with the new names.
    let mv = notation::parse_move(&engine, &start, "7g7f").unwrap();
    assert_eq!(notation::move_text(game, mv), "7g-7f");
    assert_eq!(san::san(&engine, &start, mv), "7f");
    let after = notation::play_moves(&engine, &start, "7g-7f 3c3d 8h2b=+B").unwrap();
    assert_eq!(fen::format(game, &after), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b");
}
