//! Promotion by proxy: a move that also turns another friendly piece into a new
//! type. Written once for every engine: it depends on the move and the position,
//! not on how the move was found.

use crate::ir::{Game, PlayerId};
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};

/// Appends to `out` every proxy-promoting version of `mv`, a move of `piece`.
pub fn add(game: &Game, pos: &Position, piece: Piece, mv: Move, out: &mut Vec<Move>) {
    let Move::Normal { to, from, .. } = mv else { return };
    let owner = piece.owner();
    for rule in &game.rules.proxy_promotions {
        if !rule.movers.contains(&piece.kind()) || !rule.trigger.applies(game, owner, from, to) {
            continue;
        }
        for (cell, target) in pos.cells() {
            if cell == from || !target.is_of(owner) || !rule.targets.contains(&target.kind()) {
                continue;
            }
            for &kind in &rule.into {
                out.push(mv.with_proxy(cell, kind));
            }
        }
    }
}

/// After a proxy-promoting move by `mover`: does the position keep the rule's
/// requirement (its zone still holds one of the required pieces)?
pub fn requirement_holds(game: &Game, pos: &Position, mover: PlayerId, moved: Piece, mv: Move) -> bool {
    if mv.proxy_promotion().is_none() {
        return true;
    }
    game.rules.proxy_promotions.iter().filter(|rule| rule.movers.contains(&moved.kind())).all(|rule| {
        let Some((zone, kinds)) = &rule.require else { return true };
        pos.cells().any(|(cell, p)| p.is_of(mover) && kinds.contains(&p.kind()) && game.in_zone(*zone, mover, cell))
    })
}
