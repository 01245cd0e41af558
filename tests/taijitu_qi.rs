//! Taijitu Qi's rules beyond movement, on hand-built positions: each test quotes
//! the seed (../shared/seeds/002_*.txt) or the rules note
//! (../shared/rules/taijitu-qi.md).

mod common;
use common::{all_moves, engines, moves_from, place};
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, legal, notation};

const V: &str = "taijitu-qi";

/// The moves whose text starts with `prefix`, on every engine (which must agree).
fn moves_starting(pieces: &str, side: PlayerId, prefix: &str) -> Vec<String> {
    let mut answers = engines(V).into_iter().map(|(_, engine)| {
        let pos = place(&*engine, pieces, side);
        all_moves(&*engine, &pos).into_iter().filter(|m| m.starts_with(prefix)).collect::<Vec<_>>()
    });
    let first = answers.next().unwrap();
    assert!(answers.all(|a| a == first), "the engines disagree in {pieces}");
    first
}

#[test]
fn an_orthogonal_piece_entering_the_enemy_fortress_promotes_a_diagonal_one() {
    // "A player moving a long-range piece into the enemy Fortress may, as a part
    // of that move, promote a short-range piece of their own to a long-range piece
    // captured by the enemy. If the moving piece is orthogonal, the short-range
    // piece and its promotee must be diagonal"
    // The Rook enters the Fortress on e8; the Ferz d2 and the Elephant c1 are
    // diagonal; the Wazir f2 and the Dabbaba g3 are not.
    let moves = moves_starting("Ke1 Re5 Fd2 Ec1 Wf2 Dg3 ka10", PlayerId::FIRST, "e5-e8");
    assert_eq!(moves, ["e5-e8", "e5-e8,c1=A", "e5-e8,c1=B", "e5-e8,d2=A", "e5-e8,d2=B"]);
    // Perft's last ply counts them among the rest, which the Rook's other
    // moves join on the spot.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Ke1 Re5 Fd2 Ec1 Wf2 Dg3 ka10", PlayerId::FIRST);
        let listed = all_moves(&*engine, &pos).len() as u64;
        assert_eq!(engine.count_legal(&mut pos.clone(), &mut Default::default()), listed, "{name}");
    }
    // A move inside the Fortress is no entry: no promotion.
    assert_eq!(moves_starting("Ke1 Re8 Fd2 ka10", PlayerId::FIRST, "e8-e9"), ["e8-e9"]);
}

#[test]
fn a_diagonal_piece_entering_promotes_an_orthogonal_one() {
    // "... and vice versa."
    let moves = moves_starting("Ke1 Bb5 Fd2 Wf2 Dg3 ka10", PlayerId::FIRST, "b5-e8");
    assert_eq!(moves, ["b5-e8", "b5-e8,f2=C", "b5-e8,f2=R", "b5-e8,g3=C", "b5-e8,g3=R"]);
}

#[test]
fn no_third_piece_of_a_type() {
    // "A player may not have more than two pieces of any one type." note: "the new
    // type is allowed when the player has at most one piece of it on the board"
    let moves = moves_starting("Ke1 Re5 Fd2 Ba4 Bi4 ka10", PlayerId::FIRST, "e5-e8");
    assert_eq!(moves, ["e5-e8", "e5-e8,d2=A"]);
}

#[test]
fn the_fortress_may_not_be_left_without_a_one_step_piece() {
    // "A player may not promote if it leaves their own Fortress empty of one-step
    // pieces." The King stands outside; the Ferz is the Fortress's last one-step
    // piece, so it may not be promoted, but the Elephant may.
    let moves = moves_starting("Ka4 Re5 Fd2 Ec1 ka10", PlayerId::FIRST, "e5-e8");
    assert_eq!(moves, ["e5-e8", "e5-e8,c1=A", "e5-e8,c1=B"]);
}

#[test]
fn the_king_swaps_with_an_adjacent_yang_qi_piece() {
    // "In place of a normal move, the King may swap places with any adjacent Yang
    // Qi piece of the same army, including a Knight, if neither piece is
    // threatened." note: written as the King's move onto the piece's cell.
    assert_eq!(moves_starting("Ke1 Nd1 Wf2 Fd2 ka10", PlayerId::FIRST, "e1-d1"), ["e1-d1"]);
    for (name, engine) in engines(V) {
        let mut pos = place(&*engine, "Ke1 Nd1 Wf2 Fd2 ka10", PlayerId::FIRST);
        let mv = notation::parse_move(&*engine, &pos, "e1-d1").unwrap();
        pos.make(mv);
        assert_eq!(fen::format(engine.game(), &pos), "k8/9/9/9/9/9/9/9/3F1W3/3KN4 b -/2", "{name}");
        // (Black has no Wazir or Ferz: its countdown runs too.)
    }
    // Not with a Wazir (not a Yang Qi piece).
    assert_eq!(moves_starting("Ke1 Wd1 Fd2 ka10", PlayerId::FIRST, "e1-d1"), Vec::<String>::new());
}

#[test]
fn no_swap_when_either_piece_is_threatened() {
    // "... if neither piece is threatened."
    // The King is attacked by the Rook on e10.
    assert!(!moves_starting("Ke1 Nd1 Wf2 Fd3 re10 ka10", PlayerId::FIRST, "e1-").contains(&"e1-d1".to_string()));
    // The Knight is attacked by the Rook on d10.
    assert!(!moves_starting("Ke1 Nd1 Wf2 Fe2 rd10 ka10", PlayerId::FIRST, "e1-").contains(&"e1-d1".to_string()));
    assert!(moves_starting("Ke1 Nd1 Wf2 Fe2 rc10 ka10", PlayerId::FIRST, "e1-").contains(&"e1-d1".to_string()));
}

#[test]
fn the_king_must_be_back_two_moves_after_the_last_wazir_or_ferz() {
    // "The King is unrestricted while the player has an unpromoted Wazir or Ferz
    // but, once all these are captured or promoted, must return to the Fortress
    // within two moves and remain in it thereafter."
    for (name, engine) in engines(V) {
        let game = engine.game();
        // Black's Rook takes White's last Ferz: White's countdown starts at 2.
        let mut pos = fen::parse(game, "k8/9/9/9/9/9/9/4K4/3r5/3F5 b -/-").unwrap();
        let mv = notation::parse_move(&*engine, &pos, "d2-d1").unwrap();
        pos.make(mv);
        assert_eq!(fen::format(game, &pos), "k8/9/9/9/9/9/9/4K4/9/3r5 w 2/2", "{name}");
        let mut pos = fen::parse(game, "k8/9/9/9/9/4K4/9/9/9/3r5 w 1/-").unwrap();
        // Second own move: it must end inside the Fortress, and the King on e5 is
        // two steps away. note: "a side that cannot manage that has no legal
        // move" — and with no legal move and no check, the game is a draw.
        assert!(all_moves(&*engine, &pos).is_empty(), "{name}");
        assert_eq!(legal::result(&*engine, &pos), Some(legal::GameResult::Draw), "{name}");
        // From e4 it can: only the steps into d3, e3, f3 are legal.
        pos = fen::parse(game, "k8/9/9/9/9/9/4K4/9/9/r8 w 1/-").unwrap();
        let moves = all_moves(&*engine, &pos);
        assert_eq!(moves, ["e4-d3", "e4-e3", "e4-f3"], "{name}");
    }
}

#[test]
fn while_the_countdown_runs_the_king_may_not_leave_the_fortress() {
    // note: "While the countdown runs, a King standing inside its Fortress may not
    // leave it." With the countdown at 2, a King on e3 has no step to e4.
    for (name, engine) in engines(V) {
        let pos = fen::parse(engine.game(), "k8/9/9/9/9/9/9/4K4/9/r8 w 2/-").unwrap();
        let moves = moves_from(&*engine, &pos, "e3");
        assert!(!moves.contains(&"e3-e4".to_string()) && moves.contains(&"e3-e2".to_string()), "{name}: {moves:?}");
        // Not yet counting: it goes where it likes.
        let pos = fen::parse(engine.game(), "k8/9/9/9/9/9/9/4K4/9/r2F5 w -/-").unwrap();
        assert!(moves_from(&*engine, &pos, "e3").contains(&"e3-e4".to_string()), "{name}");
    }
}

#[test]
fn taking_the_last_wazir_or_ferz_can_end_a_check_by_the_king() {
    // "once all these are captured or promoted, must return to the Fortress
    // within two moves and remain in it thereafter" with the note "While the
    // countdown runs, a King standing inside its Fortress may not leave it":
    // Black's King on d8 checks White's on c8 only while Black keeps its Ferz.
    // The Rook's capture of it on f9 starts Black's countdown, and the King,
    // inside, can no longer step out to c8: the only move of the Rook that
    // ends the check.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Kc8 Rf1 We2 kd8 ff9", PlayerId::FIRST);
        assert!(legal::in_check(&*engine, &pos), "{name}");
        assert_eq!(moves_from(&*engine, &pos, "f1"), ["f1-f9"], "{name}");
        let listed = all_moves(&*engine, &pos).len() as u64;
        assert_eq!(engine.count_legal(&mut pos.clone(), &mut Default::default()), listed, "{name}");
        // Set up with Black out of them already but not counting yet, any
        // White move starts the count: each of the Rook's ends the check.
        let pos = place(&*engine, "Kc8 Rf1 We2 kd8", PlayerId::FIRST);
        assert!(legal::in_check(&*engine, &pos), "{name}");
        assert_eq!(moves_from(&*engine, &pos, "f1").len(), 17, "{name}: nine cells up the file (f2-f10), eight along the rank");
    }
}

#[test]
fn stalemate_is_a_draw() {
    // "Check, Checkmate, and Stalemate are as in FIDE Chess." note: "stalemate is
    // a draw". Black's King on a10 cannot move and is not in check.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Ke1 Rb1 Ri9 Wd2 ka10", PlayerId::SECOND);
        assert!(all_moves(&*engine, &pos).is_empty(), "{name}");
        assert!(!legal::in_check(&*engine, &pos), "{name}");
        assert_eq!(legal::result(&*engine, &pos), Some(legal::GameResult::Draw), "{name}");
    }
}
