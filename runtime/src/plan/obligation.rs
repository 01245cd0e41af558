//! Obligations (`must reach ZONE within N`): once a piece of the named type
//! has been lost or moved as the rule says, a countdown runs, and when it
//! reaches 0 the bound pieces must stand in their zone after each of their
//! side's moves. The position keeps the countdowns ([`Position::countdown`]);
//! here is what they bind.

use crate::ir::{CellId, Game, PlayerId, ZoneId};
use crate::state::piece::Piece;
use crate::state::position::{Position, NOT_COUNTING};

/// Once a countdown of `mover` has reached 0, its bound pieces must stand in
/// their zone after each of its moves.
pub fn hold(game: &Game, pos: &Position, mover: PlayerId) -> bool {
    game.rules.obligations.iter().enumerate().all(|(i, o)| {
        pos.countdown(mover, i) != 0
            || pos.cells().all(|(cell, p)| !(p.is_of(mover) && p.kind() == o.piece) || game.in_zone(o.zone, mover, cell))
    })
}

/// The zone a piece on `from` may not leave because of a running countdown: when
/// it stands inside, or when its side's next move is the one that must end
/// inside. `None` when it is free.
pub fn zone_binding(game: &Game, pos: &Position, piece: Piece, from: CellId) -> Option<ZoneId> {
    let owner = piece.owner();
    game.rules.obligations.iter().enumerate().find_map(|(i, o)| {
        let countdown = pos.countdown(owner, i);
        let bound = o.piece == piece.kind() && countdown != NOT_COUNTING && (countdown <= 1 || game.in_zone(o.zone, owner, from));
        bound.then_some(o.zone)
    })
}
