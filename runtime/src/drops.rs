//! Drops: putting a piece from hand on an empty cell. Written once for every
//! engine, since it depends only on the hands and the game's drop bans.

use crate::ir::Game;
use crate::position::Position;
use crate::sink::MoveSink;

/// Appends every drop of the side to move.
#[inline]
pub fn generate<S: MoveSink + ?Sized>(game: &Game, pos: &Position, out: &mut S) {
    if pos.hands.is_empty() {
        return;
    }
    let side = pos.side;
    for (kind, piece) in game.piece_ids().zip(&game.pieces) {
        if pos.in_hand(side, kind) == 0 {
            continue;
        }
        for (cell, occupant) in pos.cells() {
            if occupant.is_empty() && piece.no_drop.is_none_or(|zone| !game.in_zone(zone, side, cell)) {
                out.drop(kind, cell);
            }
        }
    }
}
