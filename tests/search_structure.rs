//! The evaluation's pawn structure, derived from the pieces' moves (nothing
//! in it names a game): checked against each game's own definitions.
//! Chess: a pawn is passed when no enemy pawn stands ahead of it on its file
//! or on an adjacent one; doubled when a pawn of its own side stands ahead on
//! its file; isolated when no pawn of its side stands on an adjacent file.

use vdl_runtime::search::eval::{Evaluator, PawnTraits};
use vdl_runtime::{fen, Engine};

fn engine(name: &str) -> Box<dyn Engine> {
    (vdl_variants::by_name(name).unwrap_or_else(|| panic!("{name} is bundled")).engine)()
}

/// The cells (by name) of the pieces with `which` trait, sorted.
fn cells_with(engine: &dyn Engine, text: &str, which: fn(&PawnTraits) -> bool) -> Vec<String> {
    let game = engine.game();
    let pos = fen::parse(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let eval = Evaluator::new(engine);
    let mut names: Vec<String> =
        eval.pawn_structure(&pos).iter().filter(|(_, t)| which(t)).map(|(cell, _)| game.board.cells[cell.index()].name.clone()).collect();
    names.sort();
    names
}

#[test]
fn chess_passed_pawns() {
    // White d5: no Black pawn on c6-c7, d6-d7, e6-e7 (the c5 pawn is beside
    // it). Black c5: no White pawn on b4-b2, c4-c2, d4-d2. The others face a
    // pawn ahead on an adjacent file: a4 and b6 each other, g4 and h2 each
    // other.
    let chess = engine("chess");
    let text = "4k3/8/1p6/2pP4/P5p1/8/7P/4K3 w - - 0 1";
    assert_eq!(cells_with(&*chess, text, |t| t.passed), ["c5", "d5"]);
    // Isolated: a4, d5 and h2 (no White pawn on a neighbouring file), g4
    // (no Black pawn on f or h); b6 and c5 stand by each other.
    assert_eq!(cells_with(&*chess, text, |t| t.isolated), ["a4", "d5", "g4", "h2"]);
    assert!(cells_with(&*chess, text, |t| t.doubled).is_empty());
}

#[test]
fn chess_doubled_and_isolated_pawns() {
    // c2 has c3 ahead of it: doubled (c3 is not, nothing is ahead of it).
    // Neither c-pawn has a pawn on the b- or d-file: both isolated; f2 and g2
    // stand by each other.
    let chess = engine("chess");
    let text = "4k3/8/8/8/8/2P5/2P2PP1/4K3 w - - 0 1";
    assert_eq!(cells_with(&*chess, text, |t| t.doubled), ["c2"]);
    assert_eq!(cells_with(&*chess, text, |t| t.isolated), ["c2", "c3"]);
}

#[test]
fn shogi_pawns_at_the_start_are_neither_passed_nor_isolated() {
    // Every Shogi Pawn faces the enemy's Pawn on its file, and Shogi Pawns,
    // which capture straight ahead, never cover a neighbouring file. Lances
    // and Knights also move only forward, but are not the game's Pawn-like
    // unit.
    let shogi = engine("shogi");
    let start = shogi.game().setup.clone();
    assert_eq!(cells_with(&*shogi, &start, |_| true).len(), 18, "the Pawns, not the Lances and Knights");
    assert!(cells_with(&*shogi, &start, |t| t.passed || t.isolated || t.doubled).is_empty());
}

#[test]
fn xiang_qi_soldiers_are_not_pawns() {
    // A Soldier moves sideways once across the river: it does not only move
    // forward, so no structure is counted for it.
    let xiangqi = engine("xiangqi");
    let start = xiangqi.game().setup.clone();
    assert!(cells_with(&*xiangqi, &start, |_| true).is_empty());
}
