//! Triaxial Qi on hand-built positions: each test quotes the seed
//! (../shared/seeds/001_*.txt) or the rules note (../shared/rules/triaxial-qi.md).
//! Cells are file, rank, level (`c5x`); the halves are ranks 1-5 and 6-10.

mod common;
use common::{all_moves, assert_moves, engines, moves_from, place};
use vdl_runtime::PlayerId;

const V: &str = "triaxial-qi";
/// Kings in their Fortresses on different files.
const KINGS: &str = "Kb2w kd9y";

fn has_move(pieces: &str, mv: &str) -> bool {
    let mut answers = engines(V).into_iter().map(|(_, engine)| {
        let pos = place(&*engine, pieces, PlayerId::FIRST);
        all_moves(&*engine, &pos).contains(&mv.to_string())
    });
    let first = answers.next().unwrap();
    assert!(answers.all(|a| a == first), "the engines disagree on {mv} in {pieces}");
    first
}

#[test]
fn knight_crossing_the_river_takes_the_orthogonal_step_first() {
    // "A Knight crossing from one to the other must make the orthogonal stage of
    // that move first ... having made the crossing the piece may make either stage
    // of its move first within the half of the board that it has entered."
    // c5x-e6x crosses: the orthogonal-first route passes d5x, the diagonal-first
    // route d6x; only the first may be used.
    assert!(!has_move(&format!("{KINGS} Nc5x Pd5x"), "c5x-e6x"));
    assert!(has_move(&format!("{KINGS} Nc5x Pd6x"), "c5x-e6x"));
    // Within one half either route will do: c4x-e5x by d4x or by d5x.
    assert!(has_move(&format!("{KINGS} Nc4x Pd4x"), "c4x-e5x"));
    assert!(has_move(&format!("{KINGS} Nc4x Pd5x"), "c4x-e5x"));
    assert!(!has_move(&format!("{KINGS} Nc4x Pd4x Pd5x"), "c4x-e5x"));
}

#[test]
fn sexton_never_makes_two_standard_diagonal_steps() {
    // "It makes a 2:1:1 move comprising a Duke step of each kind in either order
    // ... Note that a move of two successive Ferz steps is not allowed."
    // c4x-e5y: Duke-step routes through d4x (orthogonal first) and d5y
    // (nonstandard diagonal first); the Ferz-step cells d4y and d5x do not count.
    assert!(has_move(&format!("{KINGS} Sc4x Pd4x"), "c4x-e5y"));
    assert!(!has_move(&format!("{KINGS} Sc4x Pd4x Pd5y"), "c4x-e5y"));
}

#[test]
fn princeling_promotes_on_crossing_into_the_enemy_half() {
    // "The PRINCELING moves one step along the forward orthogonal and 4 forward
    // standard diagonals" "When a Princeling crosses from its own half to the enemy
    // half it is promoted"
    assert_moves(V, &format!("{KINGS} Pc4x"), "c4x", &["c4x-b5x", "c4x-c5w", "c4x-c5x", "c4x-c5y", "c4x-d5x"]);
    assert_moves(V, &format!("{KINGS} Pc5x"), "c5x", &["c5x-b6x=+P", "c5x-c6w=+P", "c5x-c6x=+P", "c5x-c6y=+P", "c5x-d6x=+P"]);
}

#[test]
fn promoted_princeling_adds_the_eight_same_rank_steps() {
    // "it is promoted to also move one step along any same-rank orthogonal or
    // diagonal, 4 of each. This applies for the rest of its time in the game."
    for (name, engine) in engines(V) {
        let pos = place(&*engine, &format!("{KINGS} +Pc6x"), PlayerId::FIRST);
        let moves = moves_from(&*engine, &pos, "c6x");
        assert_eq!(moves.len(), 5 + 8, "{name}: {moves:?}");
        assert!(moves.contains(&"c6x-b6w".to_string()) && moves.contains(&"c6x-c6y".to_string()), "{name}");
    }
}

#[test]
fn duke_and_baron_step_inside_the_fortress() {
    // "The DUKE moves one step along the 6 orthogonals and 8 nonstandard
    // diagonals" "The BARON moves one step along 12 standard diagonals and 8
    // nonstandard diagonals." "The 3x3x3 cube of cells at the centre of each
    // player's first three ranks forms a Fortress which King, Dukes, and Barons
    // must not leave." From the centre c2x every such step stays in the cube.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, &format!("{KINGS} Dc2x"), PlayerId::FIRST);
        assert_eq!(moves_from(&*engine, &pos, "c2x").len(), 14, "{name}");
        let pos = place(&*engine, "Kc1x kd9y Bc2x", PlayerId::FIRST);
        assert_eq!(moves_from(&*engine, &pos, "c2x").len(), 20, "{name}");
        // From a corner of the cube, only the steps that stay inside it.
        let pos = place(&*engine, &format!("{KINGS} Dd3y"), PlayerId::FIRST);
        assert_eq!(moves_from(&*engine, &pos, "d3y"), ["d3y-c2x", "d3y-c3y", "d3y-d2y", "d3y-d3x"], "{name}");
    }
}

#[test]
fn kings_may_not_share_a_file_without_an_intervening_piece() {
    // "In addition Kings may not share a file without an intervening piece."
    assert!(!has_move("Kb2x kc9x", "b2x-c2x"));
    assert!(has_move("Kb2x kc9x Pc5x", "b2x-c2x"));
}
