//! Facing allowed (`facing along rank allowed`, as Janggi's bikjang): the
//! royals of the two sides may come face to face along a facing line with
//! nothing between them. The side to move whose royal faces an enemy royal
//! must end the facing with its move, or pass; passing is then legal even in
//! check. (Facing forbidden, `facing along rank`, is kept as an attack
//! instead: see `SidePlan::facing_lines`.)

use crate::ir::{Game, PlayerId};
use crate::state::position::Position;

/// Does a royal of `side` face an enemy royal in `pos`, along one of the
/// directions of facing allowed?
pub(crate) fn royals_face(game: &Game, pos: &Position, side: PlayerId) -> bool {
    pos.royal_cells(side).any(|royal| {
        game.rules.facing_allowed.iter().any(|&dir| {
            let table = &game.directions[dir].target;
            let mut cell = royal;
            while let Some(next) = table[cell.index()].filter(|&next| next != royal) {
                let piece = pos.at(next);
                if !piece.is_empty() {
                    return piece.is_of(side.opponent()) && game.pieces[piece.kind()].royal;
                }
                cell = next;
            }
            false
        })
    })
}
