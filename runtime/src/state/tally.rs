//! What a position keeps counted of where its pieces stand, beyond the board
//! itself: the cells of each player's royals, how many pieces stand in each
//! class of each limit (`limit Pawn to 1 per line along rank`), and how many
//! of a limit's classes are full. All are updated with every change of the
//! board, so that finding the royals or testing a limit never scans it.

use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::state::cell_bits;
use crate::state::piece::Piece;

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
    /// The most pieces a class may hold.
    max: u16,
    /// How many classes it has.
    classes: u16,
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
    /// Is `piece` of a royal type?
    #[inline]
    pub(crate) fn is_royal(&self, piece: Piece) -> bool {
        self.flags[piece.0 as usize] & ROYAL != 0
    }

    pub(crate) fn of(game: &Game) -> TallyPlan {
        let players = game.players.len();
        let mut flags = [0; 256];
        for (kind, piece) in game.piece_ids().zip(&game.pieces) {
            let limited = game.rules.limits.iter().any(|limit| limit.piece == kind && !whole_board(limit));
            for player in PlayerId::first(players) {
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
                let tally = LimitTally {
                    kind: limit.piece,
                    class_of: limit.class_of.clone(),
                    max: u16::from(limit.max),
                    classes: limit.classes.len() as u16,
                    base,
                    whole_board,
                };
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
    /// `fill[limit * players + player]`: how many of the limit's classes
    /// are full and overfull with that player's pieces (for the limits not
    /// of the whole board).
    fill: Vec<ClassFill>,
}

/// How many classes of a limit hold, of one player's pieces, as many as it
/// allows or more (`full`), and more than it allows (`over`, which only a
/// position string can set up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct ClassFill {
    pub full: u16,
    pub over: u16,
}

impl Tally {
    /// The counts of an empty board.
    pub(crate) fn empty(plan: &TallyPlan) -> Tally {
        Tally {
            royals: vec![0; plan.players * plan.blocks],
            in_class: vec![0; plan.class_counts],
            // A limit of 0 has every class full from the start.
            fill: plan
                .limits
                .iter()
                .flat_map(|limit| vec![ClassFill { full: if limit.max == 0 { limit.classes } else { 0 }, over: 0 }; plan.players])
                .collect(),
        }
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
            let (word, bit) = (&mut self.royals[piece.owner().index() * plan.blocks + cell / 64], 1u64 << (cell % 64));
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
        let owner = piece.owner().index();
        for (i, limit) in plan.limits.iter().enumerate().filter(|(_, limit)| limit.kind == piece.kind() && !limit.whole_board) {
            let slot = &mut self.in_class[limit.base + limit.class_of[cell] as usize * plan.players + owner];
            let fill = &mut self.fill[i * plan.players + owner];
            // A class fills as it reaches the maximum and overfills as it
            // passes it, and stops as it comes back.
            if arrives {
                *slot += 1;
                fill.full += u16::from(*slot == limit.max);
                fill.over += u16::from(*slot == limit.max + 1);
            } else {
                fill.full -= u16::from(*slot == limit.max);
                fill.over -= u16::from(*slot == limit.max + 1);
                *slot -= 1;
            }
        }
    }

    /// How many classes of the game's limit number `limit` are full and
    /// overfull with pieces of `player`; for a limit of the whole board,
    /// `Err` with the piece whose count (kept by the position) answers, and
    /// the maximum.
    #[inline]
    pub(crate) fn fill(&self, plan: &TallyPlan, limit: usize, player: PlayerId) -> Result<ClassFill, (Piece, u16)> {
        let tally = &plan.limits[limit];
        if tally.whole_board {
            return Err((Piece::new(tally.kind, player), tally.max));
        }
        Ok(self.fill[limit * plan.players + player.index()])
    }

    /// How many royals `player` has.
    #[inline]
    pub(crate) fn royal_count(&self, plan: &TallyPlan, player: PlayerId) -> u32 {
        self.royals[player.index() * plan.blocks..][..plan.blocks].iter().map(|word| word.count_ones()).sum()
    }

    /// The cells of `player`'s royals, in order.
    #[inline]
    pub(crate) fn royal_cells<'a>(&'a self, plan: &TallyPlan, player: PlayerId) -> impl Iterator<Item = CellId> + 'a {
        cell_bits::cells(&self.royals[player.index() * plan.blocks..][..plan.blocks])
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
        Ok(self.in_class[limit.base + class as usize * plan.players + player.index()])
    }
}
