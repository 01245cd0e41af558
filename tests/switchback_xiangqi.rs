//! Switchback Xiang Qi: each movement sentence of the seed
//! (../shared/seeds/000_*.txt) on a hand-built position, with the exact move set
//! worked out by hand from the folded geometry of ../shared/rules/switchback-xiangqi.md
//! (a b c on top, f e d in the middle, g h i at the bottom).

mod common;
use common::{all_moves, assert_moves, engines, place};
use vdl_runtime::PlayerId;

const V: &str = "switchback-xiangqi";
/// Generals out of each other's way (f1 and d10 are on different lines).
const KINGS: &str = "Kf1 kd10";

#[test]
fn elephant_reaches_rook_and_elephant_files_and_the_opposite_corner() {
    // "It can however move directly from the third cell of either Rook file to the
    // first or fifth cell of either Elephant file or vice versa, contingent on an
    // empty halfway cell in the Ferz or Knight file. It can also move direct
    // between opposite corners of one rank, contingent on an empty halfway cell in
    // the General's file"
    assert_moves(V, &format!("{KINGS} Ba3"), "a3", &["a3-c1", "a3-c5", "a3-g1", "a3-g5", "a3-i3"]);
    // The halfway cell in the General's file (e3) blocks a3-i3; b2 blocks a3-c1.
    assert_moves(V, &format!("{KINGS} Ba3 Pe3 Pb2"), "a3", &["a3-c5", "a3-g1", "a3-g5"]);
}

#[test]
fn elephant_no_longer_reaches_the_centre_of_the_third_rank() {
    // "The ELEPHANT can no longer reach the third cell of the General's rank."
    assert_moves(V, &format!("{KINGS} Bc1"), "c1", &["c1-a3", "c1-g1", "c1-i3"]);
}

#[test]
fn knight_one_rank_moves_from_a_rook_file() {
    // "It also retains its one-rank moves between a Rook file and an Elephant file
    // ... and new one-rank moves between a Rook file and the 'other' Elephant file"
    // plus "its two-rank moves".
    assert_moves(V, &format!("{KINGS} Na5"), "a5", &["a5-b3", "a5-b7", "a5-c4", "a5-c6", "a5-f3", "a5-f7", "a5-g4", "a5-g6"]);
    // "contingent on an empty cell where the starting rank intersects respectively
    // the Knight, General, Ferz, and General file": b5 blocks a5-c4/c6, f5 a5-g4/g6.
    assert_moves(V, &format!("{KINGS} Na5 Pb5 Pf5"), "a5", &["a5-b3", "a5-b7", "a5-f3", "a5-f7"]);
    // "... contingent on an empty cell where the halfway file interects the
    // starting file": a4 and a6 block the two-rank moves.
    assert_moves(V, &format!("{KINGS} Na5 Pa4 Pa6"), "a5", &["a5-c4", "a5-c6", "a5-g4", "a5-g6"]);
}

#[test]
fn knight_between_the_two_ferz_files_and_the_two_knight_files() {
    // "between the two Ferz files ... and between the two Knight files. These are
    // contingent on an empty cell where the starting rank intersects respectively
    // the ... General ... and General file. It can however no longer make a
    // one-rank move to or from the General file, or between a Ferz file and a
    // Knight file."
    assert_moves(V, &format!("{KINGS} Nd5"), "d5", &["d5-c3", "d5-c7", "d5-e3", "d5-e7", "d5-f4", "d5-f6", "d5-i3", "d5-i7"]);
    assert_moves(V, &format!("{KINGS} Nb5"), "b5", &["b5-a3", "b5-a7", "b5-c3", "b5-c7", "b5-e3", "b5-e7", "b5-h4", "b5-h6"]);
    assert_moves(V, &format!("{KINGS} Nb5 Pe5"), "b5", &["b5-a3", "b5-a7", "b5-c3", "b5-c7", "b5-e3", "b5-e7"]);
}

#[test]
fn general_moves_to_knight_and_ferz_files() {
    // "The GENERAL can now move directly up or down from its own file (to Knight
    // ones) and back as well as directly left and right (to Ferz ones)."
    // (The enemy General on b10 is screened by the Point on b5, so no step faces it.)
    assert_moves(V, "Ke2 kb10 Pb5", "e2", &["e2-b2", "e2-d2", "e2-e1", "e2-e3", "e2-f2", "e2-h2"]);
    // "It cannot move directly between a Ferz file and a Knight file."
    assert_moves(V, "Kd2 kf10", "d2", &["d2-d1", "d2-d3", "d2-e2"]);
}

#[test]
fn ferz_moves_up_down_and_within_a_rank_but_never_beyond_the_third_rank() {
    // "The FERZ can now move diagonally up or down between the General file and
    // either Knight file as well as diagonally left and right ... It can also move
    // directly between a Ferz file and a Knight file, within a rank"
    assert_moves(V, &format!("{KINGS} Ad2"), "d2", &["d2-b2", "d2-e1", "d2-e3", "d2-h2"]);
    // "... though never beyond the third rank."
    assert_moves(V, "Kd1 kf10 Ae3", "e3", &["e3-b2", "e3-d2", "e3-f2", "e3-h2"]);
}

#[test]
fn rook_moves_directly_up_or_down() {
    // "The ROOK and CANNON cannot 'turn a corner' within a rank, but can move
    // directly up or down"
    let mut expected: Vec<String> = ["b5", "d5", "f5", "h5"].iter().map(|c| format!("e5-{c}")).collect();
    expected.extend((1..=10).filter(|&r| r != 5).map(|r| format!("e5-e{r}")));
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_moves(V, "Kf1 kd10 Re5", "e5", &expected);
}

#[test]
fn point_gains_up_down_and_sideways_steps_in_the_enemy_half() {
    // "The POINT is unaffected until it reaches the enemy half of the board and is
    // promoted. It then gains moves one step up or down as well as sideways."
    assert_moves(V, &format!("{KINGS} Pe5"), "e5", &["e5-e6"]);
    assert_moves(V, &format!("{KINGS} Pe6"), "e6", &["e6-b6", "e6-d6", "e6-e7", "e6-f6", "e6-h6"]);
}

#[test]
fn generals_may_not_face_along_a_file_of_the_folded_board() {
    // note: "Generals may not face each other: same x and level, no piece between
    // them along the rank axis." With the General on d1 and the enemy on e10 the
    // step d1-e1 would face it; b1 and e10 share neither x nor level.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Kd1 ke10", PlayerId::FIRST);
        let moves = all_moves(&*engine, &pos);
        assert!(!moves.contains(&"d1-e1".to_string()), "{name}: {moves:?}");
        assert!(moves.contains(&"d1-d2".to_string()), "{name}: {moves:?}");
        let pos = place(&*engine, "Kd1 ke10 Pe5", PlayerId::FIRST);
        assert!(all_moves(&*engine, &pos).contains(&"d1-e1".to_string()), "{name}: a piece between them");
    }
}

#[test]
fn start_position_has_forty_moves() {
    // Worked out by hand: Rooks 2+2, Knights 3+3 (a3 c3 e3 / g3 i3 e3), Elephants
    // 2+2, Ferzes 1+1, General 1, Cannons 9+9, Points 5.
    for (name, engine) in engines(V) {
        let pos = common::start(&*engine);
        assert_eq!(all_moves(&*engine, &pos).len(), 40, "{name}");
    }
}
