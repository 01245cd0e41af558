//! The tables a position keeps that come from the plan: the moves that
//! open cells to capture in passing, planned by each rule's own construct.
//! A position is made here, so that the state below the plan depends on
//! none of it.

use crate::ir::Game;
use crate::state::passings::Passings;
use crate::state::position::Position;

impl Position {
    /// An empty board of `game`, its first player to move.
    pub fn empty(game: &Game) -> Position {
        let passings = if game.has_en_passant() { super::en_passant::passings(game) } else { Passings::default() };
        Position::with_passings(game, passings)
    }
}
