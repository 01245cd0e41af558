//! Drops: putting a piece from hand on an empty cell. Written once for every
//! engine, since it depends only on the hands and the game's drop bans.

use crate::ir::PieceId;
use crate::state::position::Position;
use crate::state::sink::MoveSink;

/// Gives `out` every drop of the side to move, type by type, each on the
/// cells in order.
#[inline]
pub fn generate<S: MoveSink + ?Sized>(pos: &Position, out: &mut S) {
    if pos.has_hands() {
        generate_held(pos, out);
    }
}

/// [`generate`]'s work, out of line: the interpreter's move generator,
/// which calls it, stays small enough to take its walks inline.
#[inline(never)]
fn generate_held<S: MoveSink + ?Sized>(pos: &Position, out: &mut S) {
    generate_of(pos, pos.kinds_in_hand(pos.side), out);
}

/// [`generate`] in a game of `KINDS` piece types, as generated code knows
/// it ([`Position::kinds_in_hand_of`]).
#[inline(always)]
pub fn generate_sized<const KINDS: usize, S: MoveSink + ?Sized>(pos: &Position, out: &mut S) {
    if pos.has_hands() {
        generate_of(pos, pos.kinds_in_hand_of::<KINDS>(pos.side), out);
    }
}

/// The drops of the types `kinds` (as bits), those the side to move
/// holds in hand: each as itself, then as its drop forms.
#[inline(always)]
fn generate_of<S: MoveSink + ?Sized>(pos: &Position, kinds: u128, out: &mut S) {
    let (side, allowed) = (pos.side, pos.drop_cells());
    crate::state::occupancy::for_each_bit128(kinds, |kind| {
        let kind = PieceId::from_index(kind);
        for block in 0..allowed.blocks() {
            let cells = pos.empty_block(block) & allowed.block(side, kind, block);
            if cells != 0 {
                out.drops(kind, kind, block * 64, cells);
            }
        }
    });
    if !allowed.forms().is_empty() {
        generate_forms(pos, kinds, out);
    }
}

/// The drops of the types `kinds` in hand as their drop forms (`may drop
/// promoted`), kept out of the common code.
#[inline(never)]
fn generate_forms<S: MoveSink + ?Sized>(pos: &Position, kinds: u128, out: &mut S) {
    let allowed = pos.drop_cells();
    for &(held, form) in allowed.forms().iter().filter(|(held, _)| kinds >> held.index() & 1 != 0) {
        for block in 0..allowed.blocks() {
            let cells = pos.empty_block(block) & allowed.block(pos.side, form, block);
            if cells != 0 {
                out.drops(held, form, block * 64, cells);
            }
        }
    }
}
