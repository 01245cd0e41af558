//! Goals (`goal ...`, `no check`) on hand-built positions and small games.
//!
//! The games of tests/goals/ are written for these tests: Racing Kings (a
//! King reaching a zone, answered, and no checks), Breakthrough (a reach
//! without royals) and Kinglet (extinction). Their perft numbers are
//! Fairy-Stockfish's (`racingkings`, `breakthrough`, `kinglet`): Debian's
//! fairy-stockfish 11.1 for Breakthrough and Kinglet, and pyffish 0.0.90 (a
//! newer Fairy-Stockfish core, `pip install pyffish`) for Racing Kings, whose
//! answer rule changed after 11.1 (11.1 let Black move after White's reach
//! even when it could not reach too). The bundled games with goals (Shatranj,
//! King of the Hill, Three-check) are compared with Fairy-Stockfish in
//! tests/fsf_perft.rs; here the results and reasons are checked too.

mod common;
use common::{play, position};
use vdl_runtime::ir::ByPlayer;
use vdl_runtime::legal::{self, GameResult, Reason};
use vdl_runtime::legality::goals::GoalKind;
use vdl_runtime::Generator;
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, notation, perft::perft, Engine, Interpreter, Position};

fn test_game(name: &str) -> Interpreter {
    let path = format!("{}/tests/goals/{name}.vdl", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap();
    let game = vdl_compiler::compile(&path, &source).unwrap_or_else(|_| panic!("{path} does not check"));
    Interpreter::new(game)
}

fn bundled(name: &str) -> Box<dyn Engine> {
    (vdl_variants::by_name(name).unwrap().engine)()
}

/// The compiled engine of a bundled variant and the interpreter of its game.
fn both_engines(name: &str) -> [Box<dyn Engine>; 2] {
    let compiled = bundled(name);
    let interp = Interpreter::new(compiled.game().clone());
    [compiled, Box::new(interp)]
}

fn counts(engine: &dyn Engine, text: &str, depths: usize) -> Vec<u64> {
    let pos = position(engine, text);
    (1..=depths as u32).map(|depth| perft(engine, &mut pos.clone(), depth)).collect()
}

fn ending(engine: &dyn Engine, pos: &Position) -> Option<(GameResult, Reason)> {
    legal::ending(engine, pos)
}

/// How the game stands after `moves` from the position `text`.
fn ending_after(engine: &dyn Engine, text: &str, moves: &[&str]) -> Option<(GameResult, Reason)> {
    let mut pos = position(engine, text);
    play(engine, &mut pos, moves);
    ending(engine, &pos)
}

#[test]
fn racing_kings_matches_fairy_stockfish() {
    let engine = test_game("racing-kings");
    let cases: &[(&str, &[u64])] = &[
        ("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w", &[21, 421, 11264, 296242]),
        // White reaches first; Black, a step from the last rank, may answer.
        ("8/k6K/8/8/8/8/8/8 w", &[5, 25, 63]),
        // Black is too far to answer: White's reach ends the game at once.
        ("8/7K/8/k7/8/8/8/8 w", &[5, 15, 105]),
        // White stands on the last rank and Black did not answer.
        ("7K/k7/8/8/8/8/8/8 b", &[5, 0, 0]),
        ("8/k6K/8/8/8/8/8/6r1 w", &[2, 34, 48]),
    ];
    for (text, expected) in cases {
        assert_eq!(&counts(&engine, text, expected.len()), expected, "{text}");
    }
}

#[test]
fn breakthrough_and_kinglet_match_fairy_stockfish() {
    let cases: &[(&str, &str, &[u64])] = &[
        ("breakthrough", "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", &[22, 484, 11132, 256036]),
        ("breakthrough", "8/P7/8/8/8/8/7p/8 w", &[2, 0, 0]),
        ("breakthrough", "8/8/3p4/2P1P3/8/8/8/8 b", &[3, 12, 36]),
        ("kinglet", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", &[20, 400, 8902, 197742]),
        ("kinglet", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", &[0, 0, 0]),
        ("kinglet", "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1", &[11, 54, 729]),
        ("kinglet", "4k3/1P6/8/8/8/8/p7/4K3 w - - 0 1", &[6, 30, 195]),
    ];
    for (game, text, expected) in cases {
        let engine = test_game(game);
        assert_eq!(&counts(&engine, text, expected.len()), expected, "{game}: {text}");
    }
}

#[test]
fn a_reach_answered_by_a_reach_is_a_draw() {
    let engine = test_game("racing-kings");
    // The white King on h7 steps onto the last rank; the black King on a7 can
    // follow, so the game goes on for one move.
    let mut pos = position(&engine, "8/k6K/8/8/8/8/8/8 w");
    play(&engine, &mut pos, &["h7-h8"]);
    assert_eq!(ending(&engine, &pos), None);
    assert_eq!(legal::legal_moves(&engine, &pos).len(), 5);
    let mut drawn = pos.clone();
    play(&engine, &mut drawn, &["a7-a8"]);
    assert_eq!(ending(&engine, &drawn), Some((GameResult::Draw, Reason::Goal(GoalKind::Reach))));
    // Any other answer loses.
    play(&engine, &mut pos, &["a7-a6"]);
    assert_eq!(ending(&engine, &pos), Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::Reach))));
    assert!(legal::legal_moves(&engine, &pos).is_empty());
}

#[test]
fn a_reach_that_cannot_be_answered_wins_at_once() {
    let engine = test_game("racing-kings");
    assert_eq!(
        ending_after(&engine, "8/7K/8/k7/8/8/8/8 w", &["h7-g8"]),
        Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::Reach)))
    );
    // Black's reach comes second: it is never answered.
    assert_eq!(
        ending_after(&engine, "8/k7/8/8/7K/8/8/8 b", &["a7-b8"]),
        Some((GameResult::Win(PlayerId::SECOND), Reason::Goal(GoalKind::Reach)))
    );
}

#[test]
fn no_move_may_give_check() {
    let engine = test_game("racing-kings");
    // The white Rook on a1 goes up its file to a2..a8 and along its rank to
    // b1..d1 (the King stands on e1). On a6 it would check the black King on
    // g6 along the rank: that move is illegal, the other 9 are not, nor are
    // the King's 5 steps.
    let pos = position(&engine, "8/8/6k1/8/8/8/8/R3K3 w");
    let moves = notation::legal_move_texts(&engine, &pos);
    assert!(!moves.contains(&"a1-a6".to_string()), "a1-a6 checks along the rank: {moves:?}");
    assert!(moves.contains(&"a1-a7".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 9 + 5, "{moves:?}");
}

#[test]
fn a_side_without_pieces_of_a_type_loses() {
    let engine = test_game("kinglet");
    // The white Rook takes Black's last Pawn.
    let after = ending_after(&engine, "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1", &["a1-a2"]);
    assert_eq!(after, Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::Extinction))));
    // Promoting its last Pawn loses too: the mover has none left.
    let after = ending_after(&engine, "4k3/1P6/8/8/8/8/p7/4K3 w - - 0 1", &["b7-b8=K"]);
    assert_eq!(after, Some((GameResult::Win(PlayerId::SECOND), Reason::Goal(GoalKind::Extinction))));
}

#[test]
fn breakthrough_has_no_royal_and_ends_on_the_far_rank() {
    let engine = test_game("breakthrough");
    let mut pos = position(&engine, "8/P7/8/8/8/8/7p/8 w");
    assert_eq!(notation::legal_move_texts(&engine, &pos), ["a7-a8", "a7-b8"]);
    play(&engine, &mut pos, &["a7-b8"]);
    assert_eq!(ending(&engine, &pos), Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::Reach))));
    // No piece left: no move, and `stalemate loss`.
    let pos = position(&engine, "8/8/8/8/8/8/7p/8 w");
    assert_eq!(ending(&engine, &pos), Some((GameResult::Win(PlayerId::SECOND), Reason::Stalemate)));
}

#[test]
fn a_king_on_the_hill_wins_on_both_engines() {
    for engine in &both_engines("king-of-the-hill") {
        let engine = engine.as_ref();
        let mut pos = position(engine, "8/8/2k5/8/8/8/4K3/8 b - - 0 1");
        play(engine, &mut pos, &["c6-d5"]);
        assert_eq!(ending(engine, &pos), Some((GameResult::Win(PlayerId::SECOND), Reason::Goal(GoalKind::Reach))));
        assert!(legal::legal_moves(engine, &pos).is_empty());
    }
}

#[test]
fn the_third_check_wins_and_the_counts_are_written_as_fairy_stockfish_does() {
    for engine in &both_engines("three-check") {
        let engine = engine.as_ref();
        let game = engine.game();
        let start = position(engine, &game.setup);
        assert_eq!(fen::format(game, &start), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
        // White has one check left to give. The Rook takes the Pawn on a6,
        // next to the black King on b6: check, and the game is won.
        let mut pos = position(engine, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39");
        play(engine, &mut pos, &["a5-a6"]);
        assert_eq!(fen::format(game, &pos), "7r/1p4p1/Rk3p2/1N6/8/P5Pp/3p1P1P/4R1K1 b - - 0+3 0 39");
        assert_eq!(ending(engine, &pos), Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::Checks))));
        // A quiet move keeps the count.
        let mut pos = position(engine, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39");
        play(engine, &mut pos, &["g1-h1"]);
        assert_eq!(fen::format(game, &pos), "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R2K b - - 1+3 2 39");
        assert_eq!(ending(engine, &pos), None);
        // Lichess writes the checks given after the move numbers.
        let lichess = position(engine, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +2+0");
        assert_eq!(lichess.checks_left(), ByPlayer::new(1, 3));
    }
}

#[test]
fn a_bare_king_loses_unless_it_bares_back() {
    for engine in &both_engines("shatranj") {
        let engine = engine.as_ref();
        // The Rook takes the last black piece; the black King takes it back:
        // bare against bare, the game goes on.
        let mut pos = position(engine, "8/8/8/8/8/1k6/r7/R6K w - - 0 1");
        play(engine, &mut pos, &["a1-a2"]);
        assert_eq!(ending(engine, &pos), None);
        let mut back = pos.clone();
        play(engine, &mut back, &["b3-a2"]);
        assert_eq!(ending(engine, &back), None);
        // Any other move leaves Black bare after its move: it has lost.
        play(engine, &mut pos, &["b3-b4"]);
        assert_eq!(ending(engine, &pos), Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::BareRoyal))));
        // Against two pieces, the bare King loses at once.
        let pos = position(engine, "3k4/8/8/8/8/8/8/RR1K4 b - - 0 1");
        assert_eq!(ending(engine, &pos), Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::BareRoyal))));
    }
}

#[test]
fn search_scores_a_goal_as_a_win() {
    let hill = bundled("king-of-the-hill");
    let pos = position(&*hill, "8/8/2k5/8/8/8/4K3/8 b - - 0 1");
    let found = vdl_runtime::search::search(&*hill, &pos, &vdl_runtime::search::Limits::depth(2));
    assert_eq!(found.best.map(|mv| notation::move_text(hill.game(), mv)).as_deref(), Some("c6-d5"));
    assert_eq!(vdl_runtime::search::mate_in(found.score), Some(1), "score {}", found.score);
    let checks = bundled("three-check");
    let pos = position(&*checks, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39");
    let found = vdl_runtime::search::search(&*checks, &pos, &vdl_runtime::search::Limits::depth(1));
    let mut after = pos.clone();
    legal::play(&*checks, &mut after, found.best.expect("a move"));
    assert_eq!(legal::result(&*checks, &after), Some(GameResult::Win(PlayerId::FIRST)), "the best move gives the winning check");
}

#[test]
fn front_ends_name_the_goal_that_ended_the_game() {
    let engine: std::sync::Arc<dyn Engine> = std::sync::Arc::from(bundled("shatranj"));
    let session = vdl_frontends::Session::start(engine, Some("3k4/8/8/8/8/8/8/RR1K4 b - - 0 1"), &[]).unwrap();
    let ending = session.ending().expect("the game is over");
    assert_eq!(ending.text, "White wins by bare royal");
}

/// A game without castling or en passant writes the check counts after the
/// side to move.
#[test]
fn check_counts_follow_the_side_to_move_in_games_without_fen_fields() {
    let source = "board { axis file = a..e axis rank = 1..5 name file rank }
        forward +rank player White player Black = mirror rank
        direction orth = (0,1)*
        piece King K { royal step orth }
        piece Rook R { slide orth }
        goal 2 checks
        setup \"1k3/5/5/5/R3K w\"";
    let engine = Interpreter::new(vdl_compiler::compile("two-checks.vdl", source).unwrap_or_else(|_| panic!("does not check")));
    let game = engine.game();
    let mut pos = position(&engine, &game.setup);
    assert_eq!(fen::format(game, &pos), "1k3/5/5/5/R3K w 2+2");
    // The Rook checks along the b-file; the King steps off it; the Rook
    // checks along the a-file: the second check.
    play(&engine, &mut pos, &["a1-b1"]);
    assert_eq!(fen::format(game, &pos), "1k3/5/5/5/1R2K b 1+2");
    assert_eq!(ending(&engine, &pos), None);
    play(&engine, &mut pos, &["b5-a5", "b1-a1"]);
    assert_eq!(fen::format(game, &pos), "k4/5/5/5/R3K b 0+2");
    assert_eq!(ending(&engine, &pos), Some((GameResult::Win(PlayerId::FIRST), Reason::Goal(GoalKind::Checks))));
    assert_eq!(position(&engine, "1k3/5/5/5/R3K w 1+2").checks_left(), ByPlayer::new(1, 2));
}

/// Janggi's passes and count. The rules as a Janggi rules page gives them
/// (heptatlondemesa.org, "Janggi"): "If both players forfeit their move one
/// right after the other, ... a count must take place to determine the
/// winner ... Chariot: 13 points; Cannon: 7 points; Horse: 5 points; Advisor &
/// Elephant: 3 points and each Pawn: 2 points. Additionally, Red (Han) gets
/// 1,5 extra points for not having the initial move, so that no draws can
/// ever happen." The same count ends a game where a player passes while the
/// Generals face (bikjang), as Fairy-Stockfish's `janggi` plays it. Each
/// side has 72 points at the start (two Chariots 26, Cannons 14, Horses 10,
/// Elephants 6, Advisors 6, five Soldiers 10).
#[test]
fn janggi_passes_end_the_game_by_material() {
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    // Red without its a-file Soldier: 70 + 1.5 against Blue's 72.
    let soldier_down = "rnba1abnr/4k4/1c5c1/2p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    // Generals facing on the e-file; Red has a Chariot, Blue nothing else.
    let facing = "r8/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1";
    let red = PlayerId::SECOND;
    for engine in both_engines("janggi") {
        let engine = engine.as_ref();
        // 72 against 72 + 1.5: Red.
        assert_eq!(ending_after(engine, start, &["e2e2"]), None, "one pass does not end the game");
        assert_eq!(ending_after(engine, start, &["e2e2", "e9e9"]), Some((GameResult::Win(red), Reason::Material)));
        // 72 against 70 + 1.5: Blue, by half a point.
        assert_eq!(ending_after(engine, soldier_down, &["e2e2", "e9e9"]), Some((GameResult::Win(PlayerId::FIRST), Reason::Material)));
        // Blue passes while the Generals face: 0 against 13 + 1.5.
        assert_eq!(ending_after(engine, facing, &["e2e2"]), Some((GameResult::Win(red), Reason::Material)));
    }
}
