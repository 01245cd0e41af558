//! `board_after::apply` plays a simple move on a copy of the board, for the
//! generated engines' safety test without making the move
//! (`Engine::safe_after`). Along random games of every bundled variant, with
//! every kind of move they have (swaps, null moves, drops, promotions), the
//! copy must equal the board `make` leaves and the royals it reports must
//! stand where `make` puts them; the moves it declines must be those that
//! change a third cell; and `safe_after`, where the engine has it, must say
//! what `is_safe` says after the move is made.

use rand::prelude::*;
use vdl_runtime::legality::board_after;
use vdl_runtime::{fen, CellId};

#[test]
fn a_copy_of_the_board_follows_every_simple_move() {
    let (mut simple, mut judged, mut unsafe_moves) = (0, 0, 0);
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        let game = engine.game();
        if game.rules.explosion.is_some() || game.blocker().is_some() {
            // A capture blasts, or a blocker's placing changes, cells the
            // copy does not follow: such a game has no `safe_after`, and its
            // moves are made and judged.
            let start = fen::parse(game, &game.setup).unwrap();
            let mut moves = Vec::new();
            engine.generate(&start, &mut moves);
            assert!(moves.iter().all(|&mv| engine.safe_after(&start, mv).is_none()), "{}", bundled.name);
            continue;
        }
        for seed in 0..3 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = fen::parse(game, &game.setup).expect("valid setup");
            for ply in 0..50 {
                let mut moves = Vec::new();
                engine.generate(&pos, &mut moves);
                for &mv in &moves {
                    let context = format!("{}: ply {ply}, {mv:?}", bundled.name);
                    let mut board = pos.board().to_vec();
                    let royals = board_after::apply(&mut board, &pos, game, mv);
                    let safe_after = engine.safe_after(&pos, mv);
                    let mover = pos.side;
                    let undo = pos.make(mv);
                    match royals {
                        Some(royals) => {
                            simple += 1;
                            assert_eq!(board, pos.board(), "{context}");
                            let mut cells: Vec<CellId> = royals.as_slice().to_vec();
                            cells.sort();
                            assert_eq!(cells, pos.royal_cells(mover).collect::<Vec<_>>(), "{context}");
                        }
                        // Declined: a move that changes a third cell, or
                        // brings a piece from hand (gating).
                        None => assert!(mv.second_cell().is_some() || mv.gated().is_some(), "{context}: a simple move declined"),
                    }
                    if let Some(safe) = safe_after {
                        judged += 1;
                        unsafe_moves += usize::from(!safe);
                        assert_eq!(safe, engine.is_safe(&pos, mover), "{context}: safe_after against is_safe");
                    }
                    pos.unmake(mv, undo);
                }
                let legal = vdl_runtime::legal::legal_moves(&*engine, &pos);
                let Some(&mv) = legal.choose(&mut rng) else { break };
                pos.make(mv);
            }
        }
    }
    assert!(simple > 10_000, "only {simple} simple moves tried");
    assert!(judged > 10_000 && unsafe_moves > 100, "safe_after judged {judged} moves, {unsafe_moves} unsafe");
}

/// Castling is judged on the copy too: the king and rook both move on it
/// as `make` moves them, and `safe_after` says what `is_safe` says once it
/// is made: safe on Kiwipete, into the attack of the rook on g2 on the
/// king's side of the second position (its queen's side is safe).
#[test]
fn castling_is_played_on_the_copy() {
    let engine = (vdl_variants::by_name("chess").expect("bundled").engine)();
    let game = engine.game();
    let (mut safe, mut unsafe_castles) = (0, 0);
    for position in ["r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1"] {
        let mut pos = fen::parse(game, position).expect("valid position");
        let mut moves = Vec::new();
        engine.generate(&pos, &mut moves);
        for mv in moves.into_iter().filter(|mv| mv.is_castle()) {
            let mut board = pos.board().to_vec();
            let royals = board_after::apply(&mut board, &pos, game, mv).expect("castling is played on a copy");
            let judged = engine.safe_after(&pos, mv).expect("castling is judged on a copy");
            let mover = pos.side;
            let undo = pos.make(mv);
            assert_eq!(board, pos.board(), "{position}: {mv:?}");
            assert_eq!(royals.as_slice(), pos.royal_cells(mover).collect::<Vec<_>>(), "{position}: {mv:?}");
            assert_eq!(judged, engine.is_safe(&pos, mover), "{position}: {mv:?}");
            if judged {
                safe += 1;
            } else {
                unsafe_castles += 1;
            }
            pos.unmake(mv, undo);
        }
    }
    // Kiwipete's two castlings and the second position's queen's side;
    // its king's side lands on g1, which the rook on g2 attacks.
    assert_eq!((safe, unsafe_castles), (3, 1));
}
