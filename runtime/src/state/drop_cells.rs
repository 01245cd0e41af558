//! Where each type may be dropped, per player: the cells outside its
//! `no drop` zone, a table of the game that positions keep (the drops
//! themselves are found in [`crate::plan::drops`]).

use crate::ir::{Game, PieceId, PlayerId};
use crate::state::cell_bits::set_bit;

/// The cells each player may drop each type on, whatever stands there: 64
/// cells to a word, so that a block of drops is found with one `and`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DropCells {
    kinds: usize,
    blocks: usize,
    /// `bits[(player * kinds + kind) * blocks + block]`.
    bits: Vec<u64>,
    /// Each type in hand with each other type it may be dropped as
    /// (`may drop promoted`), in the order of the types.
    forms: Vec<(PieceId, PieceId)>,
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
        let forms = game.piece_ids().flat_map(|held| game.pieces[held].drop_forms.iter().map(move |&form| (held, form))).collect();
        DropCells { kinds, blocks, bits, forms }
    }

    /// Each type in hand with each other type it may be dropped as.
    #[inline(always)]
    pub(crate) fn forms(&self) -> &[(PieceId, PieceId)] {
        &self.forms
    }

    /// How many blocks of 64 cells the board has.
    #[inline(always)]
    pub(crate) fn blocks(&self) -> usize {
        self.blocks
    }

    /// The cells `block * 64 ..` that `player` may drop `kind` on.
    #[inline(always)]
    pub(crate) fn block(&self, player: PlayerId, kind: PieceId, block: usize) -> u64 {
        self.bits[(player.index() * self.kinds + kind.index()) * self.blocks + block]
    }
}
