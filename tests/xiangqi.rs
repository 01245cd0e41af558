//! Standard Xiang Qi, the external yardstick: perft from the start and from
//! further positions against Fairy-Stockfish's numbers, and the classic rules on
//! hand-built positions.

mod common;
use common::{all_moves, assert_moves, engines, place};
use vdl_runtime::perft::perft;
use vdl_runtime::PlayerId;

const V: &str = "xiangqi";

/// Fairy-Stockfish 11.1: `go perft N` from the start position.
const START: [u64; 5] = [44, 1920, 79666, 3290240, 133312995];

#[test]
fn perft_from_the_start_matches_fairy_stockfish() {
    for (name, engine) in engines(V) {
        // The interpreter is ~20 times slower: depth 4 is enough for it.
        let depth = if name == "compiled" { 5 } else { 4 };
        let mut pos = common::start(&*engine);
        for d in 1..=depth {
            assert_eq!(perft(&*engine, &mut pos, d), START[d as usize - 1], "{name}, depth {d}");
        }
    }
}

#[test]
fn soldier_steps_sideways_only_across_the_river() {
    // "Soldier: one step forward; once across the River also one step sideways."
    assert_moves(V, "Kd1 kf10 Pe5", "e5", &["e5-e6"]);
    assert_moves(V, "Kd1 kf10 Pe6", "e6", &["e6-d6", "e6-e7", "e6-f6"]);
}

#[test]
fn horse_is_hobbled_by_a_piece_on_its_leg() {
    // "a piece on the first point ('hobbling the Horse's leg') blocks the move"
    assert_moves(V, "Kd1 kf10 Ne5", "e5", &["e5-c4", "e5-c6", "e5-d3", "e5-d7", "e5-f3", "e5-f7", "e5-g4", "e5-g6"]);
    assert_moves(V, "Kd1 kf10 Ne5 Pe6", "e5", &["e5-c4", "e5-c6", "e5-d3", "e5-f3", "e5-g4", "e5-g6"]);
}

#[test]
fn elephant_needs_an_empty_eye_and_stays_home() {
    // "two points diagonally, unless the point between is occupied; it never
    // crosses the River"
    assert_moves(V, "Kd1 kf10 Bc5", "c5", &["c5-a3", "c5-e3"]);
    assert_moves(V, "Kd1 kf10 Bc5 Pd4", "c5", &["c5-a3"]);
}

#[test]
fn cannon_captures_only_over_a_screen() {
    // "moves like the Chariot, but captures only by jumping exactly one piece"
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Kd1 kf10 Ce3 Pe5 pe8 pe9", PlayerId::FIRST);
        let moves = common::moves_from(&*engine, &pos, "e3");
        assert!(moves.contains(&"e3-e8".to_string()), "{name}: {moves:?}");
        assert!(!moves.contains(&"e3-e5".to_string()) && !moves.contains(&"e3-e9".to_string()), "{name}: {moves:?}");
    }
}

#[test]
fn generals_may_not_face_each_other() {
    // "The Generals may not face each other on a file with nothing between them."
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Kd1 ke10", PlayerId::FIRST);
        assert_eq!(all_moves(&*engine, &pos), ["d1-d2"], "{name}");
    }
}
