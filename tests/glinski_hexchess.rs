//! Gliński's hexagonal chess (variants/glinski-hexchess.vdl) on positions
//! worked out by hand from the published rules, each test quoting the rule it
//! checks, on both engines. No other program gives perft numbers for it.
//!
//! Working: a cell is (x, y, z) with x + y + z = 0, each in -5..5; the file is
//! x (a = -5 ... f = 0 ... l = 5, no j) and a file's first cell has the least
//! y, y = max(-5, -5 - x), so rank = y - max(-5, -5 - x) + 1. Up a file is
//! (0,1,-1). For instance f6 = (0,0,0), e3 = (-1,-2,3), d3 = (-2,-1,3),
//! a2 = (-5,1,4), l2 = (5,-4,-1), g1 = (1,-5,4).

mod common;
use common::{all_moves, assert_moves, engines, moves_from, place, play};
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, perft::perft};

const V: &str = "glinski-hexchess";

#[test]
fn the_start_position_has_fifty_one_moves() {
    // Worked out cell by cell from the setup (White: Kg1 Qe1 Bf1 Bf2 Bf3 Nd1
    // Nh1 Rc1 Ri1, Pawns b1 c2 d3 e4 f5 g4 h3 i2 k1):
    // - Pawns 17: one or two cells up each file, except f5, whose second cell
    //   f7 holds a Black Pawn;
    // - Knights 4 each: d1 to b2, c3, f4, g2 (e4 is its own Pawn, the others
    //   are off the board), h1 to the mirror cells;
    // - Queen 6: e2, e3 up the file (e4 is a Pawn), d2, c3, b4, a5 along the
    //   diagonal (-1,2,-1);
    // - King 2: g2 and the diagonal h2;
    // - Rooks 3 each: c1 to d2, e3, f4 (then g4, a Pawn), i1 to the mirror cells;
    // - Bishops 12: f1 to e2 and g2; f2 to g3 h4 i5 k6 and e3 d4 c5 b6; f3 to
    //   d2 and h2.
    for (name, engine) in engines(V) {
        let start = common::start(&*engine);
        assert_eq!(all_moves(&*engine, &start).len(), 51, "{name}");
        assert_eq!(moves_from(&*engine, &start, "f5"), vec!["f5-f6"], "{name}");
        assert_eq!(perft(&*engine, &mut start.clone(), 1), 51, "{name}");
    }
}

#[test]
fn the_setup_is_written_as_hexagonal_chess_programs_write_it() {
    for (_, engine) in engines(V) {
        let start = common::start(&*engine);
        assert_eq!(fen::format(engine.game(), &start), "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1");
    }
}

#[test]
fn pieces_in_the_centre_move_along_six_lines_six_diagonals_or_jump_twelve_ways() {
    // "Rooks move along the ranks and files", six lines of five cells from f6;
    // "the bishops move along the diagonals", six of two cells; "the queen
    // combines rook and bishop moves"; "the king moves like the queen only one
    // cell at a time"; "the knight moves to the closest cells the queen can't
    // go to", twelve cells (3,-1,-2)* away, all on the board from f6. The
    // Kings on a2 and l2 stand on none of these lines.
    let count = |piece: &str| {
        for (name, engine) in engines(V) {
            let kings = if piece == "K" { "Kf6 kl2".to_string() } else { format!("{piece}f6 Ka2 kl2") };
            let pos = place(&*engine, &kings, PlayerId::FIRST);
            let expected = match piece {
                "R" => 30,
                "B" => 12,
                "Q" => 42,
                "N" => 12,
                _ => 12,
            };
            assert_eq!(moves_from(&*engine, &pos, "f6").len(), expected, "{piece} on the {name}");
        }
    };
    for piece in ["R", "B", "Q", "N", "K"] {
        count(piece);
    }
    // The Bishop's six diagonals, two cells each (a coordinate of 4, then 6
    // would leave the board): (2,-1,-1) h5 k4, (-2,1,1) d5 b4, (1,1,-2) g7 h8,
    // (-1,-1,2) e4 d2, (1,-2,1) g4 h2, (-1,2,-1) e7 d8.
    let bishop = ["f6-h5", "f6-k4", "f6-d5", "f6-b4", "f6-g7", "f6-h8", "f6-e4", "f6-d2", "f6-g4", "f6-h2", "f6-e7", "f6-d8"];
    assert_moves(V, "Bf6 Ka2 kl2", "f6", &bishop);
}

#[test]
fn a_pawn_moves_up_its_file_and_captures_obliquely_forward() {
    // "Pawns move forwards like rooks on files but rather than capture like
    // bishops they capture like rooks on ranks": from e3, e4 ahead, and the
    // captures to d3 (-1,1,0) and f4 (1,0,-1), the forward cells that share an
    // edge with e3. e3 is no starting cell, so no double step.
    // (The White King stands on l6, out of reach of the Black pieces.)
    assert_moves(V, "Pe3 nd3 bf4 Kl6 kl2", "e3", &["e3-e4", "e3-d3", "e3-f4"]);
    // Nothing to capture: one step only.
    assert_moves(V, "Pe3 Kl6 kl2", "e3", &["e3-e4"]);
}

#[test]
fn a_pawn_on_a_starting_cell_may_advance_two_cells_even_after_capturing_onto_it() {
    // "They can advance two fields from their initial position. When a pawn
    // moves to an other pawn's initial position by capturing, it can still
    // make a double-move." (greenchess.net, Gliński's Chess)
    assert_moves(V, "Pd3 Kl6 kl2", "d3", &["d3-d4", "d3-d5"]);
    // The double step needs both cells empty.
    assert_moves(V, "Pd3 nd5 Kl6 kl2", "d3", &["d3-d4"]);
    assert_moves(V, "Pd3 nd4 Kl6 kl2", "d3", &[]);
    for (name, engine) in engines(V) {
        let mut pos = place(&*engine, "Pe3 nd3 Kl6 kl2", PlayerId::FIRST);
        play(&*engine, &mut pos, &["e3-d3", "l2-l3"]);
        assert_eq!(moves_from(&*engine, &pos, "d3"), vec!["d3-d4", "d3-d5"], "{name}");
    }
}

#[test]
fn en_passant_as_in_chess() {
    // "Similarly en passant works in the same way": Black's d7-d5 passes d6,
    // which the White Pawn on c5 attacks (c5 + (1,0,-1) = d6); on the next move
    // only, c5-d6 captures the Pawn on d5.
    for (name, engine) in engines(V) {
        let mut pos = place(&*engine, "Pc5 pd7 Ka2 kl2", PlayerId::SECOND);
        play(&*engine, &mut pos, &["d7-d5"]);
        assert_eq!(moves_from(&*engine, &pos, "c5"), vec!["c5-c6", "c5-d6"], "{name}");
        play(&*engine, &mut pos, &["c5-d6"]);
        let d5 = engine.game().cell_by_name("d5").unwrap();
        assert!(pos.at(d5).is_empty(), "{name}: the Pawn that passed is taken");
        // One move later the chance is gone.
        let mut later = place(&*engine, "Pc5 pd7 Ka2 kl2", PlayerId::SECOND);
        play(&*engine, &mut later, &["d7-d5", "a2-a3", "l2-l3"]);
        assert_eq!(moves_from(&*engine, &later, "c5"), vec!["c5-c6"], "{name}");
    }
}

#[test]
fn a_pawn_promotes_on_the_last_cell_of_its_file() {
    // "As in the square variant when a pawn reaches the furthermost cell on a
    // file then it promotes to a piece": f11 for file f, a6 for file a.
    let promotions = |from: &str, to: &str| -> Vec<String> { ["Q", "R", "B", "N"].iter().map(|p| format!("{from}-{to}={p}")).collect() };
    let f = promotions("f10", "f11");
    assert_moves(V, "Pf10 Ka2 kl2", "f10", &f.iter().map(String::as_str).collect::<Vec<_>>());
    let a = promotions("a5", "a6");
    assert_moves(V, "Pa5 Kc1 kl2", "a5", &a.iter().map(String::as_str).collect::<Vec<_>>());
    // A Black Pawn's last cells are White's first: f1 for file f.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "pf2 Ka2 kl2", PlayerId::SECOND);
        assert_eq!(
            moves_from(&*engine, &pos, "f2"),
            {
                let mut m = promotions("f2", "f1");
                m.sort();
                m
            },
            "{name}"
        );
    }
}
