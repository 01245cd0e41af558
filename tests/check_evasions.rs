//! Moves in check. With its side in check, the compiled engines judge a move
//! that changes none of the cells the check depends on (the attackers' cells
//! and the cells between) illegal without making it
//! (`vdl_runtime::legality::check_cells`). These positions, worked out by hand, check
//! that both engines find exactly the moves that end the check, and that the
//! compiled engine rejects the others unmade.

mod common;
use common::{all_moves, engines, place, REFERENCE};
use vdl_runtime::legal::Legality;
use vdl_runtime::PlayerId;
use vdl_runtime::{notation, Engine, Move, Position};

/// Every engine gives `expected` as the legal moves of `pos`'s side, and
/// counts as many; the engines with the shortcut (all but the reference)
/// judge each move of `unmade` (which changes no cell the check depends on)
/// illegal without making it.
fn assert_evasions(variant: &str, pieces: &str, expected: &[&str], unmade: &[&str]) {
    for (name, engine) in engines(variant) {
        let pos = place(&*engine, pieces, PlayerId::FIRST);
        assert_eq!(all_moves(&*engine, &pos), expected, "{name}: {pieces}");
        assert_eq!(engine.count_legal(&mut pos.clone(), &mut Default::default()), expected.len() as u64, "{name}: {pieces}");
        if name != REFERENCE {
            let legality = Legality::new(&*engine, &pos);
            for text in unmade {
                let mv = pseudo_legal(&*engine, &pos, text);
                assert_eq!(legality.judged_without_making(&*engine, &pos, mv), Some(false), "{text} should be judged illegal unmade");
            }
        }
    }
}

/// The pseudo-legal move written `text`.
fn pseudo_legal(engine: &dyn Engine, pos: &Position, text: &str) -> Move {
    let mut moves = Vec::new();
    engine.generate(pos, &mut moves);
    moves.into_iter().find(|&mv| notation::move_text(engine.game(), mv) == text).unwrap_or_else(|| panic!("{text} is not pseudo-legal"))
}

#[test]
fn a_rook_check_is_met_by_the_king_or_a_block() {
    // FIDE Laws 3.9.2: "No piece can be moved that will either expose the
    // king of the same colour to check or leave that king in check." The
    // Rook on a1 checks the King on e1 along b1, c1, d1. The King may step
    // to e2 or f2 (d1 and f1 stay on the Rook's rank, d2 holds its Pawn);
    // the Knight may block on b1 or d1; the Rook on h4 and the Pawn cannot
    // help.
    assert_evasions(
        "chess",
        "Ke1 Nc3 Pd2 Rh4 ra1 ke8",
        &["c3-b1", "c3-d1", "e1-e2", "e1-f2"],
        &["h4-h1", "h4-e4", "d2-d3", "c3-e2", "c3-a2"],
    );
}

#[test]
fn in_double_check_only_the_king_moves() {
    // The Rook on a1 (along rank 1) and the Bishop on b4 (over c3, d2) both
    // check the King on e1: the Knight's block on d2 answers one check only.
    // The King goes to e2 or f2; d1 and f1 are on the Rook's rank, d2 on the
    // Bishop's diagonal. The Knight's block is made to be judged (it changes
    // a cell the checks depend on); its other moves are not.
    assert_evasions("chess", "Ke1 Nf3 ra1 bb4 ke8", &["e1-e2", "e1-f2"], &["f3-g1", "f3-h4", "f3-e5"]);
}

#[test]
fn a_cannon_check_is_met_by_a_second_screen() {
    // Xiang Qi: "Cannon: moves like the Chariot, but captures only by
    // jumping exactly one piece." The Cannon on e9 checks the General on e1
    // over the Soldier on e5. The Chariot ends it by standing on e3, a
    // second piece between; the General may go to f1 (d1 would face the
    // other General on the open d-file, e2 stays in the Cannon's line); the
    // Soldier's step to e6 leaves it the only screen (made to be judged, as
    // it moves the screen); the Chariot's other moves change nothing the
    // check depends on.
    assert_evasions("xiangqi", "Ke1 Ra3 Pe5 ce9 kd10", &["a3-e3", "e1-f1"], &["a3-d3", "a3-a7", "a3-a1"]);
}

#[test]
fn generals_facing_are_parted_by_a_block_or_a_step_aside() {
    // Xiang Qi: "The Generals may not face each other on a file with nothing
    // between them." Set up facing on the open e-file, Red must end it: the
    // Chariot blocks on e3, or the General steps to d1 or f1 (e2 still
    // faces). The Chariot's other moves change nothing on the file.
    assert_evasions("xiangqi", "Ke1 Ra3 ke10", &["a3-e3", "e1-d1", "e1-f1"], &["a3-a4", "a3-b3"]);
}
