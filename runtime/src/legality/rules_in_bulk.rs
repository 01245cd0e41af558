//! The rules after a move (limits, the drop-mate ban) judged for many moves
//! at once, so that a count of legal moves need not judge them one by one:
//!
//! * a limited type none of whose classes is full (the position keeps the
//!   count of full classes) cannot break the limits by any move: it adds one
//!   piece to one class;
//! * a limited type whose plain moves never leave a class of its limits (a
//!   pawn stepping along its file, under "one per file") cannot break the
//!   limits by moving, while they hold (no class is overfull);
//! * its drops are legal on the classes that are not full;
//! * a drop that may not mate can mate only where the dropped piece would
//!   give check: elsewhere it is as free as any drop.

use crate::ir::{CellId, Game, Limit, PieceId, PlayerId};
use crate::plan::{Plan, SidePlan};
use crate::state::cell_bits::{bit, set_bit};
use crate::state::piece::Piece;
use crate::state::position::Position;

/// What [`crate::legality::influence::Influence`] keeps to judge the rules after a
/// move in bulk (see the module's description).
#[derive(Clone, Debug, Default)]
pub struct RulesInBulk {
    words: usize,
    /// The limited types none of whose plain moves leaves a class of a
    /// limit on it, as bits by type.
    neutral: u128,
    /// Per limit, its classes' cells.
    limits: Vec<LimitCells>,
    /// Per player and type that may not mate by a drop, per target cell:
    /// the cells (`words` words each) from which that piece attacks the
    /// target in some position, or `None` when any cell could matter.
    check_origins: Vec<Option<Vec<u64>>>,
    kinds: usize,
}

/// A limit, with the cells of each of its classes.
#[derive(Clone, Debug)]
struct LimitCells {
    piece: PieceId,
    /// Is `piece` among [`RulesInBulk::neutral_kinds`]? Kept per limit, so
    /// that [`RulesInBulk::fill_of_side`] reads no set of types.
    neutral: bool,
    max: u16,
    classes: u16,
    /// `words` words per class.
    cells: Vec<u64>,
}

impl LimitCells {
    /// `limit`'s cells; `neutral`: see [`LimitCells::neutral`].
    fn of(limit: &Limit, words: usize, neutral: bool) -> LimitCells {
        let mut cells = vec![0; limit.classes.len() * words];
        for (class, members) in limit.classes.iter().enumerate() {
            for &cell in members {
                set_bit(&mut cells, class * words, cell);
            }
        }
        LimitCells { piece: limit.piece, neutral, max: u16::from(limit.max), classes: limit.classes.len() as u16, cells }
    }
}

impl RulesInBulk {
    pub fn of(game: &Game, plan: &Plan) -> RulesInBulk {
        let (cells, kinds) = (game.cell_count(), game.pieces.len());
        let words = cells.div_ceil(64);
        let neutral = game
            .piece_ids()
            .filter(|&kind| game.rules.limits.iter().any(|limit| limit.piece == kind))
            .filter(|&kind| game.player_ids().all(|player| moves_keep_classes(game, plan.side(player), kind)))
            .fold(0u128, |set, kind| set | 1 << kind.index());
        let limits = game.rules.limits.iter().map(|limit| LimitCells::of(limit, words, neutral >> limit.piece.index() & 1 != 0)).collect();
        let check_origins = game
            .player_ids()
            .flat_map(|player| game.piece_ids().map(move |kind| (player, kind)))
            .map(|(player, kind)| {
                game.rules.no_drop_mate.contains(&kind).then(|| check_origins(plan, player, kind, cells, words)).flatten()
            })
            .collect();
        RulesInBulk { words, neutral, limits, check_origins, kinds }
    }

    /// The limited types whose plain moves keep the limits, while they hold,
    /// as bits by type.
    #[inline]
    pub fn neutral_kinds(&self) -> u128 {
        self.neutral
    }

    /// For the side to move in `pos`, in one pass over the limits (the
    /// counter asks at every node): the limited types of which it has a
    /// class full (as many pieces as a limit allows, or more), each as
    /// `full_bit` gives it for the limit's number and type (ORed), and
    /// whether the limits on the types of [`RulesInBulk::neutral_kinds`]
    /// hold (as they do in every position reached from the setup; a
    /// position string need not respect them). A move bringing a limited
    /// type with no full class keeps the limits: it adds one piece to one
    /// class of each.
    #[inline(always)]
    pub fn fill_of_side<T>(&self, pos: &Position, full_bit: impl Fn(usize, PieceId) -> T) -> (T, bool)
    where
        T: Default + std::ops::BitOr<Output = T>,
    {
        let (mut full, mut neutral_hold) = (T::default(), true);
        for (i, limit) in self.limits.iter().enumerate() {
            let fill = pos.class_fill(i, pos.side);
            full = full | if fill.full > 0 { full_bit(i, limit.piece) } else { T::default() };
            neutral_hold &= !limit.neutral || fill.over == 0;
        }
        (full, neutral_hold)
    }

    /// The cells `block * 64 ..` on which the limits let the side to move
    /// drop a `kind`, as bits: those whose classes are not full.
    pub fn drops_allowed(&self, pos: &Position, kind: PieceId, block: usize) -> u64 {
        let limits = self.limits.iter().enumerate().filter(|(_, limit)| limit.piece == kind);
        limits.fold(!0, |allowed, (i, limit)| {
            let open = (0..limit.classes).filter(|&class| pos.in_class(i, class, pos.side) < limit.max);
            allowed & open.fold(0, |cells, class| cells | limit.cells[class as usize * self.words + block])
        })
    }

    /// The cells `block * 64 ..` from which a `kind` of the side to move,
    /// dropped there, might give check to one of `royals` (the enemy's):
    /// the only drops of a type that may not mate that could mate, while
    /// the enemy is not in check already.
    pub fn drops_may_check(&self, pos: &Position, kind: PieceId, block: usize, royals: impl Iterator<Item = CellId>) -> u64 {
        match &self.check_origins[pos.side.index() * self.kinds + kind.index()] {
            Some(origins) => royals.fold(0, |cells, royal| cells | origins[royal.index() * self.words + block]),
            None => !0,
        }
    }
}

/// Does every step of `kind` (of the player `side` plans for) end in the
/// class of its start, for every limit on `kind`? Swaps and castling move a
/// second piece, so a type with those is never neutral.
fn moves_keep_classes(game: &Game, side: &SidePlan, kind: PieceId) -> bool {
    let limits: Vec<&Limit> = game.rules.limits.iter().filter(|limit| limit.piece == kind).collect();
    let same_class = |from: CellId, to: CellId| limits.iter().all(|limit| limit.class_of[from.index()] == limit.class_of[to.index()]);
    game.cell_ids().all(|from| {
        side.steps(kind, from).iter().chain(side.unmoved_steps(kind, from)).all(|step| {
            let mut kept = true;
            step.kind.moving_piece_cells(side, &mut |cell| kept &= same_class(from, cell)) && kept
        })
    })
}

/// Per target cell, the cells from which a `kind` of `player` attacks it in
/// some position; `None` when some target is reached by hops.
fn check_origins(plan: &Plan, player: PlayerId, kind: PieceId, cells: usize, words: usize) -> Option<Vec<u64>> {
    let attacks = plan.side(player).attacks();
    let piece = Piece::new(kind, player);
    let mut bits = vec![0; cells * words];
    for target in CellId::first(cells) {
        for origin in attacks.origins(target, piece)? {
            set_bit(&mut bits, target.index() * words, origin);
        }
    }
    debug_assert!(CellId::first(cells).all(|target| !bit(&bits, target.index() * words, target)));
    Some(bits)
}
