//! `Position` keeps a count of every piece value through `make` and `unmake`
//! (the countdowns and whole-board limits read it instead of scanning the
//! board). Along random games of every bundled variant, with every kind of move
//! they have (captures on the way, swaps, null moves, drops, promotions by
//! proxy), the counts always equal a count over the board, and `unmake` gives
//! back the position exactly.

use rand::prelude::*;
use vdl_runtime::{fen, legal, Piece, Position};

/// Checks the count of every value a cell can hold: empty, and each of the
/// `kinds` types of either player.
fn assert_counts(pos: &Position, kinds: usize, context: &str) {
    for value in 0..(2 * kinds + 2) as u8 {
        let piece = Piece(value);
        let on_board = pos.board().iter().filter(|&&p| p == piece).count();
        assert_eq!(pos.count(piece) as usize, on_board, "count of piece byte {value} after {context}");
    }
}

#[test]
fn counts_follow_every_move_and_take_back() {
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        let game = engine.game();
        for seed in 0..4 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = fen::parse(game, &game.setup).expect("valid setup");
            assert_counts(&pos, game.pieces.len(), "the setup");
            for ply in 0..60 {
                let moves = legal::legal_moves(&*engine, &pos);
                // Every move is tried and taken back before one is played.
                for &mv in &moves {
                    let before = pos.clone();
                    let undo = pos.make(mv);
                    assert_counts(&pos, game.pieces.len(), &format!("{}: ply {ply}, {mv:?}", bundled.name));
                    pos.unmake(mv, undo);
                    assert_eq!(pos, before, "{}: unmake of {mv:?}", bundled.name);
                }
                let Some(&mv) = moves.choose(&mut rng) else { break };
                pos.make(mv);
            }
        }
    }
}
