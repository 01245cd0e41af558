//! Grand Chess's promotion on hand-built positions, on both engines: "a pawn may
//! promote only to a piece of its own side that has been captured". Pawns must
//! promote on the 10th rank and may on the 8th and 9th; with no captured piece
//! to become, a pawn may not move to the 10th rank and stays a pawn before it
//! (Fairy-Stockfish's rule: `promotionLimit` with `mandatoryPawnPromotion =
//! false` and `immobilityIllegal`). Its perft numbers against Fairy-Stockfish
//! are in tests/data/fsf_perft.txt.

mod common;
use common::{assert_moves, engines, place};
use vdl_runtime::PlayerId;

const V: &str = "grand";

/// White's whole army but its Pawns, as the setup has it (the Rooks and
/// Knights are two each, the others one), and Black's King out of the way.
const ARMY: &str = "Ke2 Qd2 Cf2 Ag2 Ra1 Rj1 Bc2 Bh2 Nb2 Ni2 ka5";

/// `ARMY` without the pieces named (by symbol and cell, as written there).
fn army_without(lost: &[&str]) -> String {
    ARMY.split_whitespace().filter(|piece| !lost.contains(piece)).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_pawn_with_nothing_captured_may_not_reach_the_last_rank() {
    // "if no captured piece is available a pawn may not move to the last rank"
    assert_moves(V, &format!("{ARMY} Pe9"), "e9", &[]);
    // Nor capture onto it.
    assert_moves(V, &format!("{ARMY} Pe9 rd10"), "e9", &[]);
}

#[test]
fn a_pawn_becomes_only_what_its_side_has_lost() {
    // "a pawn may promote only to a piece of its own side that has been captured"
    assert_moves(V, &format!("{} Pe9", army_without(&["Rj1"])), "e9", &["e9-e10=R"]);
    assert_moves(V, &format!("{} Pe9 rd10", army_without(&["Rj1", "Qd2"])), "e9", &["e9-d10=Q", "e9-d10=R", "e9-e10=Q", "e9-e10=R"]);
    // Every piece but the King lost: any of the six.
    assert_moves(V, "Ke2 ka5 Pe9", "e9", &["e9-e10=A", "e9-e10=B", "e9-e10=C", "e9-e10=N", "e9-e10=Q", "e9-e10=R"]);
}

#[test]
fn a_type_counts_against_the_setup_not_against_captures() {
    // Two Queens (one promoted earlier) and nothing lost: a Queen is not to be
    // had while the side has as many as it started with.
    assert_moves(V, &format!("{ARMY} Qd3 Pe9"), "e9", &[]);
    // One of two Knights lost: a Knight again; once both are back, none.
    assert_moves(V, &format!("{} Pe9", army_without(&["Ni2"])), "e9", &["e9-e10=N"]);
    assert_moves(V, &format!("{} Nj4 Pe9", army_without(&["Ni2"])), "e9", &[]);
}

#[test]
fn promotion_is_optional_on_the_eighth_and_ninth_ranks() {
    // "may promote on the 8th and 9th ranks": the plain move stays.
    assert_moves(V, &format!("{ARMY} Pe7"), "e7", &["e7-e8"]);
    assert_moves(V, &format!("{} Pe7", army_without(&["Bc2"])), "e7", &["e7-e8", "e7-e8=B"]);
    assert_moves(V, &format!("{} Pe8", army_without(&["Bc2"])), "e8", &["e8-e9", "e8-e9=B"]);
}

#[test]
fn black_promotes_to_what_black_has_lost() {
    // The rule is each side's own: Black's losses, counted against Black's setup.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Ka5 ke9 qd9 cf9 ag9 ra10 rj10 bc9 bh9 nb9 pe2", PlayerId::SECOND);
        assert_eq!(common::moves_from(&*engine, &pos, "e2"), ["e2-e1=N"], "{name}: Black has lost a Knight");
        let pos = place(&*engine, "Ka5 ke9 qd9 cf9 ag9 ra10 rj10 bc9 bh9 nb9 ni9 pe2", PlayerId::SECOND);
        assert!(common::moves_from(&*engine, &pos, "e2").is_empty(), "{name}: Black has lost nothing");
        let pos = place(&*engine, "Ka5 ke9 qd9 cf9 ag9 ra10 bc9 bh9 nb9 ni9 pe2", PlayerId::SECOND);
        assert_eq!(common::moves_from(&*engine, &pos, "e2"), ["e2-e1=R"], "{name}: Black has lost a Rook");
    }
}

#[test]
fn a_pawn_that_cannot_move_still_attacks() {
    // Attacks are movement: the e9 pawn gives check to a King on d10 although
    // it could not capture there (as in Fairy-Stockfish).
    for (name, engine) in engines(V) {
        let pos = place(&*engine, &format!("{} Pe9 kd10", army_without(&["ka5"])), PlayerId::SECOND);
        let d10 = engine.game().cell_by_name("d10").unwrap();
        assert!(engine.attacked(&pos, d10, PlayerId::FIRST), "{name}: the pawn attacks d10");
    }
}
