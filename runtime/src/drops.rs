//! Drops: putting a piece from hand on an empty cell. Written once for every
//! engine, since it depends only on the hands and the game's drop bans.

use crate::ir::{CellId, Game};
use crate::position::{Move, Position};

/// Appends every drop of the side to move.
pub fn generate(game: &Game, pos: &Position, out: &mut Vec<Move>) {
    if pos.hands.is_empty() {
        return;
    }
    let side = pos.side;
    for (kind, piece) in game.pieces.iter().enumerate() {
        if pos.in_hand(side, kind as u8) == 0 {
            continue;
        }
        for (cell, occupant) in pos.board().iter().enumerate() {
            let cell = cell as CellId;
            if occupant.is_empty() && piece.no_drop.is_none_or(|zone| !game.in_zone(zone, side, cell)) {
                out.push(Move::drop(kind as u8, cell));
            }
        }
    }
}
