//! Drops: putting a piece from hand on an empty cell. Written once for every
//! engine, since it depends only on the hands and the game's drop bans.

use crate::ir::{Game, PieceId, PlayerId};
use crate::state::cell_bits::set_bit;
use crate::state::position::Position;
use crate::state::sink::MoveSink;

/// The cells each player may drop each type on, whatever stands there: 64
/// cells to a word, so that a block of drops is found with one `and`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DropCells {
    kinds: usize,
    blocks: usize,
    /// `bits[(player * kinds + kind) * blocks + block]`.
    bits: Vec<u64>,
}

impl DropCells {
    /// Every cell outside each type's `no drop` zone.
    pub fn of(game: &Game) -> DropCells {
        let kinds = game.pieces.len();
        let blocks = game.cell_count().div_ceil(64);
        let mut bits = vec![0; game.players.len() * kinds * blocks];
        for player in 0..game.players.len() {
            for (kind, piece) in game.piece_ids().zip(&game.pieces) {
                let base = (player * kinds + kind.index()) * blocks;
                for cell in game.cell_ids() {
                    if piece.no_drop.is_none_or(|zone| !game.in_zone(zone, PlayerId::from_index(player), cell)) {
                        set_bit(&mut bits, base, cell);
                    }
                }
            }
        }
        DropCells { kinds, blocks, bits }
    }

    /// The cells `block * 64 ..` that `player` may drop `kind` on.
    #[inline(always)]
    fn block(&self, player: PlayerId, kind: PieceId, block: usize) -> u64 {
        self.bits[(player.index() * self.kinds + kind.index()) * self.blocks + block]
    }
}

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
/// holds in hand.
#[inline(always)]
fn generate_of<S: MoveSink + ?Sized>(pos: &Position, kinds: u128, out: &mut S) {
    let side = pos.side;
    let allowed = pos.drop_cells();
    crate::state::occupancy::for_each_bit128(kinds, |kind| {
        let kind = PieceId::from_index(kind);
        for block in 0..allowed.blocks {
            let cells = pos.empty_block(block) & allowed.block(side, kind, block);
            if cells != 0 {
                out.drops(kind, block * 64, cells);
            }
        }
    });
}
