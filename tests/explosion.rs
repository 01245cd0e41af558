//! Explosions (`captures explode within N steps along DIRS sparing PIECES`)
//! on hand-built positions: what a blast takes where the reach is more than
//! one step (counted in the board's own steps), that unmake puts every
//! piece back, and how atomic chess ends, on both engines. Atomic's move
//! counts are compared with Fairy-Stockfish in tests/fsf_perft.rs.

mod common;
use common::{engines, moves_from, position};
use vdl_runtime::legal::{self, GameResult, Reason};
use vdl_runtime::legality::goals::GoalKind;
use vdl_runtime::{fen, notation, Engine, Interpreter, PlayerId, Position};

/// A game on a board of files a..g and ranks 1..2 whose pieces move along
/// the rank, its captures exploding as `explosion` says.
fn rank_game(explosion: &str) -> Interpreter {
    let source = format!(
        "game \"Blast\"\nboard {{\n axis file = a..g\n axis rank = 1..2\n name file rank\n}}\nforward +rank\n\
         player White\nplayer Black = mirror rank\ndirection near = (1,0) | (-1,0)\n\
         piece King K {{\n royal\n step near\n}}\npiece Rook R {{\n slide near\n}}\npiece Pawn P {{\n step near\n}}\n\
         {explosion}\nsetup \"K5k/RPPp2R w\"\n"
    );
    Interpreter::new(vdl_compiler::compile("blast.vdl", &source).unwrap_or_else(|e| panic!("{e:?}\n{source}")))
}

/// The board (the position string's first field) after `moves`, checking
/// that taking them back gives `pos` again.
fn board_after(engine: &dyn Engine, pos: &Position, moves: &str) -> String {
    let game = engine.game();
    let mut played = pos.clone();
    let mut undos = Vec::new();
    for text in moves.split_whitespace() {
        let mv = notation::parse_move(engine, &played, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        undos.push((mv, legal::play(engine, &mut played, mv)));
    }
    let after = fen::format(game, &played).split(' ').next().unwrap().to_string();
    for (mv, undo) in undos.into_iter().rev() {
        engine.unmake(&mut played, mv, undo);
    }
    assert_eq!(fen::format(game, &played), fen::format(game, pos), "taking back {moves}");
    assert_eq!(played, *pos, "taking back {moves}");
    after
}

#[test]
fn a_blast_reaches_as_many_steps_as_it_says() {
    // The Rook g1 takes on d1; the Rook a1 is three steps from it.
    let blast = |explosion: &str| {
        let engine = rank_game(explosion);
        let start = position(&engine, "K5k/RPPp2R w");
        board_after(&engine, &start, "g1-d1")
    };
    // Two steps either way along the rank: b1, c1, e1 and f1, and itself.
    assert_eq!(blast("captures explode within 2 steps along near"), "K5k/R6");
    // One step: c1 goes, b1 stays.
    assert_eq!(blast("captures explode within 1 step along near"), "K5k/RP5");
    // Sparing Pawns, both stay; the capturing Rook goes all the same.
    assert_eq!(blast("captures explode within 2 steps along near sparing Pawn"), "K5k/RPP4");
    // No step: the capturer goes with what it took, alone.
    assert_eq!(blast("captures explode within 0 steps along near"), "K5k/RPP4");
}

#[test]
fn atomic_blasts_around_the_capture_and_unmake_puts_it_back() {
    for (name, engine) in engines("atomic") {
        // En passant: the blast is centred on d6, where the Pawn lands,
        // taking the Knight c7 and the Rook e7; the Bishop c8 and the King
        // e8, two steps away, stay.
        let pos = position(&*engine, "2b1k3/2n1r3/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert_eq!(board_after(&*engine, &pos, "e5-d6"), "2b1k3/8/8/8/8/8/8/4K3", "{name}");
        // A line of captures from the start, taken back one by one.
        let start = position(&*engine, &engine.game().setup);
        assert_eq!(board_after(&*engine, &start, "g1-f3 d7-d5 f3-e5 d5-d4 e5-f7"), "rnbq3r/ppp1p1pp/8/8/3p4/8/PPPPPPPP/RNBQKB1R", "{name}");
    }
}

#[test]
fn a_king_never_captures_nor_is_it_checked_next_to_the_other() {
    for (name, engine) in engines("atomic") {
        // Taking d2 would blast the King itself.
        let pos = position(&*engine, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
        assert_eq!(moves_from(&*engine, &pos, "e1"), ["e1-d1", "e1-e2", "e1-f1", "e1-f2"], "{name}");
        // Nor may the Queen take it next to the King.
        let pos = position(&*engine, "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1");
        assert!(!moves_from(&*engine, &pos, "d1").contains(&"d1-d2".to_string()), "{name}");
        // The Rook e1 attacks the White King, next to the Black King: no check.
        let pos = position(&*engine, "8/8/8/3k4/4K3/8/8/4r2R w - - 0 1");
        assert!(!legal::in_check(&*engine, &pos), "{name}");
        // One step away from it, the King is in check again.
        let pos = position(&*engine, "8/8/8/2k5/4K3/8/8/4r2R w - - 0 1");
        assert!(legal::in_check(&*engine, &pos), "{name}");
    }
}

#[test]
fn blasting_the_king_wins_at_once_even_from_check() {
    for (name, engine) in engines("atomic") {
        // White is in check from the Rook g1; Rxd8 blasts the King e8.
        let mut pos = position(&*engine, "3qk3/8/8/8/8/8/8/3RK1r1 w - - 0 1");
        assert!(legal::in_check(&*engine, &pos), "{name}");
        let mv = notation::parse_move(&*engine, &pos, "d1-d8").unwrap();
        assert!(legal::legal_moves(&*engine, &pos).contains(&mv), "{name}");
        legal::play(&*engine, &mut pos, mv);
        assert_eq!(legal::ending(&*engine, &pos), Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::Explosion))), "{name}");
        assert!(legal::legal_moves(&*engine, &pos).is_empty(), "{name}");
        // The position reads back: the side that moved may stay attacked.
        let text = fen::format(engine.game(), &pos);
        assert_eq!(text, "8/8/8/8/8/8/8/4K1r1 b - - 0 1", "{name}");
        assert!(fen::parse_with(&*engine, &text).is_ok(), "{name}");
    }
    let engine: std::sync::Arc<dyn Engine> = std::sync::Arc::from(engines("atomic").remove(0).1);
    let session = vdl_frontends::Session::start(engine, Some("3qk3/8/8/8/8/8/8/3RK1r1 w - - 0 1"), &["d1d8".to_string()]).unwrap();
    assert_eq!(session.ending().expect("the game is over").text, "White wins by explosion");
}
