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
        generate_of(pos, pos.kinds_in_hand(pos.side), out);
    }
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
    crate::state::occupancy::for_each_bit128(kinds, |kind| {
        let kind = PieceId::from_index(kind);
        generate_as(pos, kind, kind, out);
    });
    for &(held, form) in pos.drop_cells().forms() {
        if kinds >> held.index() & 1 != 0 {
            generate_as(pos, held, form, out);
        }
    }
}

/// The drops of a `held` piece as a `kind`, on the cells in order.
#[inline(always)]
fn generate_as<S: MoveSink + ?Sized>(pos: &Position, held: PieceId, kind: PieceId, out: &mut S) {
    let allowed = pos.drop_cells();
    for block in 0..allowed.blocks() {
        let cells = pos.empty_block(block) & allowed.block(pos.side, kind, block);
        if cells != 0 {
            out.drops(held, kind, block * 64, cells);
        }
    }
}
