//! Shogi's two rules about Pawns, judged by both engines on positions worked
//! out by hand. The legality layer decides them without making the move where
//! it can (a limit counted before the move; a drop that gives no check cannot
//! mate), and makes it otherwise: these positions exercise both ways. The
//! compiled engine's count of legal moves, which judges the Pawn's moves and
//! drops in bulk (`vdl_runtime::legality::rules_in_bulk`), must agree with the moves
//! listed.

mod common;
use common::{all_moves, engines, position, unreachable_position};
use vdl_runtime::perft::perft;

const V: &str = "shogi";

/// The legal Pawn drops in the position, as sorted move texts, the same for
/// both engines.
/// (Read unchecked: some of these positions are set up so, past what play
/// can reach.)
fn pawn_drops(fen: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (name, engine) in engines(V) {
        let pos = unreachable_position(&*engine, fen);
        let drops: Vec<String> = all_moves(&*engine, &pos).into_iter().filter(|m| m.starts_with("P*")).collect();
        found.push((name, drops));
    }
    let (_, compiled) = &found[0];
    let (_, interpreter) = &found[1];
    assert_eq!(compiled, interpreter, "the engines disagree on {fen}");
    assert_counted_as_listed(fen);
    compiled.clone()
}

/// Both engines count as many legal moves in `fen` as they list.
fn assert_counted_as_listed(fen: &str) {
    for (name, engine) in engines(V) {
        let mut pos = unreachable_position(&*engine, fen);
        let listed = all_moves(&*engine, &pos).len() as u64;
        assert_eq!(perft(&*engine, &mut pos, 1), listed, "{name} on {fen}");
    }
}

#[test]
fn no_second_unpromoted_pawn_on_a_file() {
    // "A player may not drop a pawn onto a file containing another unpromoted
    // pawn of their own" (nifu). Sente's Pawn on e5 closes the e-file; its
    // Tokin on d4 and Gote's Pawn on f6 close nothing.
    let drops = pawn_drops("4k4/9/9/5p3/4P4/3+P5/9/9/4K4[P] w");
    assert!(drops.iter().all(|m| !m.starts_with("P*e")), "{drops:?}");
    for open in ["P*d3", "P*f3", "P*a8"] {
        assert!(drops.contains(&open.to_string()), "{open} missing from {drops:?}");
    }
    // "A pawn may not be dropped on the furthest rank", where it could never
    // move: 8 files of 8 ranks each, but for the two cells held (d4, f6).
    assert_eq!(drops.len(), 8 * 8 - 2, "{drops:?}");
    // The Pawn on e5 may still step along its own file.
    for (name, engine) in engines(V) {
        let pos = position(&*engine, "4k4/9/9/5p3/4P4/3+P5/9/9/4K4[P] w");
        assert!(all_moves(&*engine, &pos).contains(&"e5-e6".to_string()), "{name}");
    }
}

#[test]
fn a_pawn_drop_may_not_mate() {
    // "It is illegal to drop a pawn to give immediate checkmate" (uchifuzume).
    // Gote's King on e9 is boxed in by its own Knights and Pawns; P*e8 checks
    // it, and Sente's Gold on e7 guards e8: mate, so the drop is illegal.
    let drops = pawn_drops("3nkn3/3p1p3/4G4/9/9/9/9/9/4K4[P] w");
    assert!(!drops.contains(&"P*e8".to_string()), "{drops:?}");
    assert!(drops.contains(&"P*e6".to_string()), "{drops:?}");
    // Without the Gold the King takes the Pawn: a check, not a mate.
    let drops = pawn_drops("3nkn3/3p1p3/9/9/9/9/9/9/4K4[P] w");
    assert!(drops.contains(&"P*e8".to_string()), "{drops:?}");
}

#[test]
fn with_the_enemy_in_check_already_every_drop_is_judged_by_its_result() {
    // A position set up with Gote in check from the Rook on e2 and Sente to
    // move (it cannot arise in play). A drop mates when Gote is in check
    // after it and has no legal move: Gote's Lances and Pawns cannot reach the
    // e-file and its King has no free cell, so only drops that close the
    // e-file without checking (e3 to e7) leave it a move; P*e8 checks, and the
    // Rook guards e8.
    let drops = pawn_drops("3lkl3/3p1p3/9/9/9/9/9/4R4/K8[P] w");
    assert_eq!(drops, ["P*e3", "P*e4", "P*e5", "P*e6", "P*e7"]);
}

#[test]
fn a_position_string_with_two_pawns_on_a_file_lets_neither_move() {
    // Nifu is a rule about every position after a move: a position string may
    // still break it (Sente's Pawns on e5 and e4). A move that leaves two
    // unpromoted Pawns on the e-file is illegal, so neither Pawn may step;
    // the Pawn on c3 may, and no Pawn may be dropped on the e-file.
    let fen = "4k4/9/9/9/4P4/4P4/2P6/9/4K4[P] w";
    for (name, engine) in engines(V) {
        let pos = position(&*engine, fen);
        let moves = all_moves(&*engine, &pos);
        assert!(moves.contains(&"c3-c4".to_string()), "{name}: {moves:?}");
        assert!(!moves.iter().any(|m| m.starts_with("e5-") || m.starts_with("e4-") || m.starts_with("P*e")), "{name}: {moves:?}");
    }
    assert_counted_as_listed(fen);
}
