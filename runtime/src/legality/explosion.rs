//! Legality where captures explode ([`crate::ir::Explosion`]): what the
//! shortcut's masks cannot judge, since a capture removes pieces around its
//! cell, so every move of such a game is made and judged here
//! ([`crate::legality::legal::Legality`] decides so once, from the game).
//!
//! After a move:
//! - one that blasted a royal of the mover (a royal that captured, or one
//!   next to the capture) is illegal;
//! - else one that captured or blasted an enemy royal is legal, whatever
//!   attacks the mover's royals (it wins at once);
//! - else the mover's royals must not be attacked, where a royal is not
//!   attacked from a cell whose capture would blast a royal of the
//!   attacker's ([`Position::shielded`]): royals may stand side by side.
//!
//! This is Fairy-Stockfish's atomic chess, whose King is a pseudo-royal
//! piece with `blastOnCapture`.

use crate::ir::{CellId, PlayerId};
use crate::legality::engine::Engine;
use crate::state::position::{Move, Position, Undo};

/// After `mover` played `mv` on `pos`, returning `undo`: are its royals
/// safe as the explosion rules judge them (see the module's documentation)?
#[inline(never)]
pub fn royals_safe_after<E: Engine + ?Sized>(engine: &E, pos: &Position, mover: PlayerId, mv: Move, undo: &Undo) -> bool {
    let lost = pos.royals_removed_by(mv, undo);
    if lost[mover] {
        return false;
    }
    lost[mover.opponent()] || pos.royal_cells(mover).all(|royal| !royal_attacked(engine, pos, royal, mover.opponent()))
}

/// Could `by` capture the royal on `cell`: is it attacked, and not shielded
/// by a royal of `by`'s that the capture would blast? In a game without
/// explosions, whether it is attacked.
#[inline]
pub fn royal_attacked<E: Engine + ?Sized>(engine: &E, pos: &Position, cell: CellId, by: PlayerId) -> bool {
    engine.attacked(pos, cell, by) && !pos.shielded(cell, by)
}
