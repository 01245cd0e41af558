//! What a position keeps counted of where its pieces stand, beyond the board
//! itself: the cells of each player's royals, and how many pieces stand in
//! each class of each limit (`limit Pawn to 1 per line along rank`). Both are
//! updated with every change of the board, so that finding the royals or
//! testing a limit never scans it.

use crate::cell_bits;
use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::piece::Piece;

/// A piece value whose cells are kept: a royal type's.
const ROYAL: u8 = 1;
/// A piece value that a limit counts.
const LIMITED: u8 = 2;

/// What a game's positions keep, shared by all of them.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct TallyPlan {
    /// Per piece value (its byte): [`ROYAL`], [`LIMITED`], both or neither.
    flags: [u8; 256],
    /// Words of 64 cells per player in [`Tally::royals`].
    blocks: usize,
    players: usize,
    limits: Vec<LimitTally>,
    /// The length of [`Tally::in_class`].
    class_counts: usize,
}

/// One limit's classes, in the order of the game's limits.
#[derive(Debug, PartialEq, Eq, Hash)]
struct LimitTally {
    kind: PieceId,
    /// The class of each cell.
    class_of: Vec<u16>,
    /// Where this limit's counts start in [`Tally::in_class`].
    base: usize,
    /// The limit has one class, the whole board: the position's count of
    /// each piece value answers, and nothing is kept here.
    whole_board: bool,
}

fn whole_board(limit: &crate::ir::Limit) -> bool {
    limit.classes.len() == 1
}

impl TallyPlan {
    pub(crate) fn of(game: &Game) -> TallyPlan {
        let players = game.players.len();
        let mut flags = [0; 256];
        for (kind, piece) in game.piece_ids().zip(&game.pieces) {
            let limited = game.rules.limits.iter().any(|limit| limit.piece == kind && !whole_board(limit));
            for player in 0..players as PlayerId {
                flags[Piece::new(kind, player).0 as usize] = if piece.royal { ROYAL } else { 0 } | if limited { LIMITED } else { 0 };
            }
        }
        let mut base = 0;
        let limits = game
            .rules
            .limits
            .iter()
            .map(|limit| {
                let whole_board = whole_board(limit);
                let tally = LimitTally { kind: limit.piece, class_of: limit.class_of.clone(), base, whole_board };
                if !whole_board {
                    base += limit.classes.len() * players;
                }
                tally
            })
            .collect();
        TallyPlan { flags, blocks: game.cell_count().div_ceil(64), players, limits, class_counts: base }
    }
}

/// The counts of one position (see the module's comment).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Tally {
    /// The cells of each player's royals, as bits: `royals[player * blocks +
    /// cell / 64]`.
    royals: Vec<u64>,
    /// `in_class[limit.base + class * players + player]`: how many pieces
    /// of the limit's type and of that player stand in that class.
    in_class: Vec<u16>,
}

impl Tally {
    /// The counts of an empty board.
    pub(crate) fn empty(plan: &TallyPlan) -> Tally {
        Tally { royals: vec![0; plan.players * plan.blocks], in_class: vec![0; plan.class_counts] }
    }

    /// `cell` held `old` and now holds `new`.
    #[inline(always)]
    pub(crate) fn replaced(&mut self, plan: &TallyPlan, cell: usize, old: Piece, new: Piece) {
        if plan.flags[old.0 as usize] | plan.flags[new.0 as usize] != 0 {
            self.count(plan, cell, old, false);
            self.count(plan, cell, new, true);
        }
    }

    #[inline(always)]
    fn count(&mut self, plan: &TallyPlan, cell: usize, piece: Piece, arrives: bool) {
        let flags = plan.flags[piece.0 as usize];
        if flags & ROYAL != 0 {
            let (word, bit) = (&mut self.royals[piece.owner() as usize * plan.blocks + cell / 64], 1u64 << (cell % 64));
            *word = if arrives { *word | bit } else { *word & !bit };
        }
        if flags & LIMITED != 0 {
            self.count_in_classes(plan, cell, piece, arrives);
        }
    }

    /// Out of line, so that a change of the board that no limit counts (in
    /// most games, every one) costs no code in `make` and `unmake`.
    #[inline(never)]
    fn count_in_classes(&mut self, plan: &TallyPlan, cell: usize, piece: Piece, arrives: bool) {
        for limit in plan.limits.iter().filter(|limit| limit.kind == piece.kind() && !limit.whole_board) {
            let slot = &mut self.in_class[limit.base + limit.class_of[cell] as usize * plan.players + piece.owner() as usize];
            *slot = if arrives { *slot + 1 } else { *slot - 1 };
        }
    }

    /// The cells of `player`'s royals, in order.
    #[inline]
    pub(crate) fn royal_cells<'a>(&'a self, plan: &TallyPlan, player: PlayerId) -> impl Iterator<Item = CellId> + 'a {
        cell_bits::cells(&self.royals[player as usize * plan.blocks..][..plan.blocks])
    }

    /// How many pieces of the type of the game's limit number `limit`, of
    /// `player`, stand in its class number `class`; for a limit of the
    /// whole board, `Err` with the piece whose count (kept by the position)
    /// answers.
    #[inline]
    pub(crate) fn in_class(&self, plan: &TallyPlan, limit: usize, class: u16, player: PlayerId) -> Result<u16, Piece> {
        let limit = &plan.limits[limit];
        if limit.whole_board {
            return Err(Piece::new(limit.kind, player));
        }
        Ok(self.in_class[limit.base + class as usize * plan.players + player as usize])
    }
}
