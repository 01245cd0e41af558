//! Boards that are not a full box, on positions worked out by hand:
//! tests/shapes/walled.vdl (a 5x5 box with walls on a5, c3 and e1) and
//! tests/shapes/hexagon.vdl (a hexagon of 19 cells in cube coordinates, files
//! a-e along x, ranks counted up each file from its first cell).
//!
//! On the hexagon, a cell is (x, y, z) with x + y + z = 0 and each coordinate
//! in -2..2; file = x (a = -2), and the first cell of a file is the one with
//! the least y (y = max(-2, -2 - x)), so c1 = (0,-2,2), b2 = (-1,0,1),
//! d2 = (1,-1,0), c3 = (0,0,0).

mod common;

use common::moves_from;
use vdl_runtime::perft::perft;
use vdl_runtime::Generator;
use vdl_runtime::PlayerId;
use vdl_runtime::{diagram, fen, Game, Interpreter};

fn game(file: &str) -> Game {
    let path = format!("{}/tests/shapes/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap();
    vdl_compiler::compile(file, &source).unwrap_or_else(|d| panic!("{}", vdl_compiler::render_diagnostics(file, &source, &d)))
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

// ---------------------------------------------------------------- walls

const WALLED_START: &str = "*3k/5/2*2/5/K1R1* w";

#[test]
fn walls_are_not_cells() {
    let game = game("walled.vdl");
    assert_eq!(game.cell_count(), 22);
    for wall in ["a5", "c3", "e1"] {
        assert_eq!(game.cell_by_name(wall), None, "{wall} is a wall");
    }
}

#[test]
fn a_rook_stops_before_a_wall_and_a_king_does_not_step_onto_one() {
    let engine = Interpreter::new(game("walled.vdl"));
    let start = fen::parse(engine.game(), WALLED_START).unwrap();
    // Rc1: c2, then the wall c3; b1, then the King on a1; d1, then the wall e1.
    assert_eq!(moves_from(&engine, &start, "c1"), sorted(&["c1-b1", "c1-c2", "c1-d1"]));
    assert_eq!(moves_from(&engine, &start, "a1"), sorted(&["a1-a2", "a1-b1", "a1-b2"]));
    // Ra3: b3, then the wall c3; a4, then the wall a5; down to a2 and a1.
    // Kd1: c1, c2, d2, e2, but not the wall e1.
    let pos = fen::parse(engine.game(), "*3k/5/R1*2/5/3K* w").unwrap();
    assert_eq!(moves_from(&engine, &pos, "a3"), sorted(&["a3-a1", "a3-a2", "a3-a4", "a3-b3"]));
    assert_eq!(moves_from(&engine, &pos, "d1"), sorted(&["d1-c1", "d1-c2", "d1-d2", "d1-e2"]));
}

#[test]
fn perft_on_the_walled_board() {
    let engine = Interpreter::new(game("walled.vdl"));
    let mut start = fen::parse(engine.game(), WALLED_START).unwrap();
    // White: the 3 King moves and the 3 Rook moves above. Black's King on e5
    // has d5, d4 and e4 after each, except after Rc1-d1, which covers d4 and
    // d5: 5 x 3 + 1.
    assert_eq!(perft(&engine, &mut start, 1), 6);
    assert_eq!(perft(&engine, &mut start, 2), 16);
}

#[test]
fn position_strings_write_walls_as_stars_and_read_them_with_or_without() {
    let game = game("walled.vdl");
    let start = fen::parse(&game, WALLED_START).unwrap();
    assert_eq!(fen::format(&game, &start), WALLED_START);
    // Fairy-Stockfish writes every wall; a string may also leave them out,
    // and a count of empty cells passes over walls.
    for other in ["3k/5/4/5/K1R1 w", "*3k/5/4/5/K1R1* w", "3k/5/2*2/5/K1R1 w"] {
        assert_eq!(fen::parse(&game, other).unwrap(), start, "{other}");
    }
    let error = fen::parse(&game, "*3k/5/*4/5/K1R1* w").unwrap_err();
    assert!(error.message().contains("`*` (a wall) where the board has cell a3"), "{error}");
}

#[test]
fn the_terminal_leaves_walls_blank() {
    let game = game("walled.vdl");
    let start = fen::parse(&game, WALLED_START).unwrap();
    let expected = "\n   a b c d e\n5    . . . k\n4  . . . . .\n3  . .   . .\n2  . . . . .\n1  K . R .\n";
    assert_eq!(diagram::draw(&game, &start), expected);
}

// ---------------------------------------------------------------- hexagons

const HEX_START: &str = "k/3/5/1R1B1/2K2 w";

#[test]
fn the_hexagon_has_nineteen_cells_named_by_file_and_rank() {
    let game = game("hexagon.vdl");
    assert_eq!(game.cell_count(), 19);
    // Files a and e have 3 cells, b and d 4, c 5.
    for (file, cells) in [("a", 3), ("b", 4), ("c", 5), ("d", 4), ("e", 3)] {
        assert!(game.cell_by_name(&format!("{file}{cells}")).is_some(), "{file}{cells}");
        assert!(game.cell_by_name(&format!("{file}{}", cells + 1)).is_none(), "{file}{}", cells + 1);
    }
    let coords = |name: &str| game.board.cells[game.cell_by_name(name).unwrap()].coords.clone();
    // Coordinates are label indices: x, y, z = -2..2 are 0..4.
    assert_eq!(coords("c1"), vec![2, 0, 4]);
    assert_eq!(coords("c3"), vec![2, 2, 2]);
    assert_eq!(coords("a1"), vec![0, 2, 4]);
    assert_eq!(coords("e3"), vec![4, 2, 0]);
}

#[test]
fn a_hexagonal_rook_has_six_directions_and_a_bishop_six_diagonals() {
    let engine = Interpreter::new(game("hexagon.vdl"));
    // From the centre c3, (1,-1,0)* stays on the plane in six directions, two
    // cells each: d2 e1, b3 a3, c4 c5, c2 c1, d3 e3, b2 a1.
    let rook = sorted(&["c3-d2", "c3-e1", "c3-b3", "c3-a3", "c3-c4", "c3-c5", "c3-c2", "c3-c1", "c3-d3", "c3-e3", "c3-b2", "c3-a1"]);
    let placed = common::place(&engine, "Rc3 Ka2 kd4", PlayerId::FIRST);
    assert_eq!(moves_from(&engine, &placed, "c3"), rook);
    // (2,-1,-1)* has six images on the plane, each one cell from the centre
    // before it leaves the board: e2 (2,-1,-1), a2 (-2,1,1), d4 (1,1,-2),
    // b1 (-1,-1,2), d1 (1,-2,1), b4 (-1,2,-1).
    let placed = common::place(&engine, "Bc3 Ka1 ke3", PlayerId::FIRST);
    assert_eq!(moves_from(&engine, &placed, "c3"), sorted(&["c3-e2", "c3-a2", "c3-d4", "c3-b1", "c3-d1", "c3-b4"]));
}

#[test]
fn hexagonal_moves_stop_at_the_edge_and_at_pieces() {
    let engine = Interpreter::new(game("hexagon.vdl"));
    let mut start = fen::parse(engine.game(), HEX_START).unwrap();
    // Rb2 (-1,0,1): c2 d1 | a2 | b3 b4 | b1 | c3 d3 e3 | a1.
    let rook = ["b2-c2", "b2-d1", "b2-a2", "b2-b3", "b2-b4", "b2-b1", "b2-c3", "b2-d3", "b2-e3", "b2-a1"];
    assert_eq!(moves_from(&engine, &start, "b2"), sorted(&rook));
    // Bd2 (1,-1,0): its own Rook on b2 and King on c1 block two diagonals,
    // two leave the board at once, c4 and e3 remain.
    assert_eq!(moves_from(&engine, &start, "d2"), sorted(&["d2-c4", "d2-e3"]));
    // Kc1, the lowest cell: b1, c2 and d1 only.
    assert_eq!(moves_from(&engine, &start, "c1"), sorted(&["c1-b1", "c1-c2", "c1-d1"]));
    assert_eq!(perft(&engine, &mut start, 1), 15);
}

#[test]
fn hexagon_position_strings_skip_the_cells_outside_and_round_trip() {
    let game = game("hexagon.vdl");
    // Rows are ranks, from the far side: rank 5 has c5 only, rank 4 b4 c4 d4,
    // ranks 1 to 3 all five files.
    assert_eq!(game.board.layout.rows.iter().map(Vec::len).collect::<Vec<_>>(), vec![1, 3, 5, 5, 5]);
    let start = fen::parse(&game, HEX_START).unwrap();
    assert_eq!(fen::format(&game, &start), HEX_START);
    let error = fen::parse(&game, "k/4/5/1R1B1/2K2 w").unwrap_err();
    assert!(error.message().contains("row 2 is too long"), "{error}");
}

#[test]
fn the_terminal_draws_hexagons_as_offset_rows() {
    let game = game("hexagon.vdl");
    let start = fen::parse(&game, HEX_START).unwrap();
    // Each file is a column; neighbouring files are half a cell apart, so a
    // file's cells are every other line. Each rank's label stands left of
    // its leftmost cell: rank 5 is c5 alone, rank 4 starts at b4, ranks 3 to
    // 1 at a3, a2 and a1.
    let expected = "    5 k\n  4 .   .\n3 .   .   .\n    .   .\n2 .   .   .\n    R   B\n1 .   .   .\n    .   .\n      K\n  a b c d e\n";
    assert_eq!(diagram::draw(&game, &start), expected);
}

#[test]
fn hexagon_centres_put_forward_up_and_neighbours_one_apart() {
    let game = game("hexagon.vdl");
    let centre = |name: &str| game.board.layout.centres[game.cell_by_name(name).unwrap().index()];
    let distance = |a: [f64; 2], b: [f64; 2]| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
    let (c1, c2, b1, d1) = (centre("c1"), centre("c2"), centre("b1"), centre("d1"));
    assert!((c2[0] - c1[0]).abs() < 1e-6 && (c2[1] - c1[1] - 1.0).abs() < 1e-6, "c2 {c2:?} one above c1 {c1:?}");
    for neighbour in [b1, d1] {
        assert!((distance(c1, neighbour) - 1.0).abs() < 1e-6);
    }
    assert!(b1[0] < c1[0] && d1[0] > c1[0]);
}
